// Shares of a data set (a distributed tuning run: every rank loads and keeps only its own
// samples): the shares of a file are consecutive slices of its samples in both forms, with the
// file numbers of what they keep; the split of the shares is the split of the whole set, row for
// row, with the whole stores' row numbers; and the losses of the shares add up to the whole set's
// loss exactly, for every mini-batch range.

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "engine/eval_weights.hpp"
#include "tests/support/test_positions.hpp"
#include "tuner/dataset.hpp"
#include "tuner/dataset_resolver.hpp"
#include "tuner/loss.hpp"

namespace draughts::tuner {
namespace {

std::vector<Sample> samples_from_games(int games, std::uint32_t seed) {
    std::vector<Sample> out;
    const auto positions = engine::test::random_game_positions(games, 80, seed);
    for (std::size_t i = 0; i < positions.size(); ++i)
        out.push_back({positions[i], static_cast<Outcome>(i % 3), std::nullopt, std::nullopt});
    return out;
}

/// A fresh folder for one test, removed with it.
class Folder {
  public:
    Folder() : path_(std::filesystem::temp_directory_path() / unique_name()) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~Folder() { std::filesystem::remove_all(path_); }
    const std::filesystem::path& path() const { return path_; }

  private:
    static std::string unique_name() {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name =
            std::string("draughts_share_") + test->test_suite_name() + "_" + test->name();
        std::replace(name.begin(), name.end(), '/', '_');
        return name;
    }
    std::filesystem::path path_;
};

class DatasetShareFiles : public ::testing::TestWithParam<const char*> {};

TEST_P(DatasetShareFiles, PartitionTheFileAndKeepTheirNumbers) {
    Folder folder;
    Dataset whole;
    whole.samples = samples_from_games(6, 21);
    const std::filesystem::path file = folder.path() / (std::string("data") + GetParam());
    ASSERT_TRUE(save_dataset(whole, file, format_for_path(file)));
    for (const std::uint64_t parts : {1U, 2U, 3U, 7U}) {
        std::vector<bool> seen(whole.samples.size(), false);
        for (std::uint64_t part = 0; part < parts; ++part) {
            const auto share = load_dataset(file, {part, parts});
            ASSERT_TRUE(share) << share.error().message;
            EXPECT_EQ(share->file_samples, whole.samples.size());
            for (std::size_t i = 0; i < share->samples.size(); ++i) {
                const std::uint64_t n = share->number(i);
                EXPECT_EQ(n, (DatasetShare{part, parts}.begin(whole.samples.size()) + i));
                ASSERT_LT(n, whole.samples.size());
                EXPECT_FALSE(seen[n]);
                seen[n] = true;
                EXPECT_EQ(share->samples[i], whole.samples[n]) << "sample " << n;
            }
        }
        EXPECT_EQ(std::count(seen.begin(), seen.end(), true),
                  static_cast<std::ptrdiff_t>(seen.size()))
            << parts << " parts";
    }
}

INSTANTIATE_TEST_SUITE_P(BothForms, DatasetShareFiles, ::testing::Values(".txt", ".bin"));

/// A text data set with comments and blank lines between its samples.
std::string commented_text(const std::vector<Sample>& samples) {
    std::string text = "# a data set\n\n";
    for (std::size_t i = 0; i < samples.size(); ++i) {
        text += format_text_sample(samples[i]) + "\n";
        if (i % 3 == 0) text += "# comment after sample " + std::to_string(i) + "\n";
        if (i % 4 == 0) text += "   \n";
    }
    return text + "# the end\n";
}

TEST(DatasetShares, TextSlicesSkipCommentsAndKeepTheirNumbers) {
    const std::vector<Sample> samples = samples_from_games(2, 8);
    const std::string text = commented_text(samples);
    for (const std::uint64_t parts : {2U, 5U, 400U}) {
        std::vector<Sample> joined;
        for (std::uint64_t part = 0; part < parts; ++part) {
            std::size_t scanned = 0;
            const auto share = parse_text_share<rules::International>(
                text, "data.txt", {part, parts},
                [&](std::string_view bytes) { scanned += bytes.size(); });
            ASSERT_TRUE(share) << share.error().message;
            EXPECT_EQ(share->file_samples, samples.size());
            // The counting pass hands back the whole text, the second pass and the parse what
            // they read.
            EXPECT_GE(scanned, text.size());
            EXPECT_LE(scanned, 3 * text.size());
            for (std::size_t i = 0; i < share->samples.size(); ++i) {
                EXPECT_EQ(share->number(i), joined.size());
                joined.push_back(share->samples[i]);
            }
        }
        EXPECT_EQ(joined, samples) << parts << " parts";
    }
}

TEST(DatasetShares, AnErrorIsReportedAtItsLineByTheShareHoldingIt) {
    const std::vector<Sample> samples = samples_from_games(1, 4);
    std::string text = commented_text(samples);
    // Damage the result of the sample at about two thirds of the file.
    const std::size_t line_start = text.rfind('\n', 2 * text.size() / 3) + 1;
    const std::size_t result = text.find(' ', line_start);
    text.replace(result, 2, " 7");
    const auto whole = parse_text_share<rules::International>(text, "data.txt", {});
    ASSERT_FALSE(whole);
    const std::uint64_t parts = 3;
    std::vector<std::string> errors;
    for (std::uint64_t part = 0; part < parts; ++part) {
        const auto share = parse_text_share<rules::International>(text, "data.txt", {part, parts});
        if (!share) errors.push_back(share.error().message);
    }
    ASSERT_EQ(errors.size(), 1U);
    EXPECT_EQ(errors[0], whole.error().message);
}

TEST(DatasetShares, TheVariantLineAfterASampleIsAnErrorInAnyShare) {
    const std::vector<Sample> samples = samples_from_games(1, 4);
    std::string text = commented_text(samples);
    text += "# variant: brazilian\n";
    const auto whole = parse_text_share<rules::International>(text, "data.txt", {});
    ASSERT_FALSE(whole);
    const auto last = parse_text_share<rules::International>(text, "data.txt", {2, 3});
    ASSERT_FALSE(last);
    EXPECT_EQ(last.error().message, whole.error().message);
    EXPECT_TRUE(parse_text_share<rules::International>(text, "data.txt", {0, 3}));
}

/// The resolved shares of a binary file with coefficients, and the whole set.
struct SharedSet {
    Dataset whole;
    std::vector<Dataset> shares;
};

SharedSet shared_set(const std::filesystem::path& file, std::uint64_t parts) {
    SharedSet out;
    out.whole = resolve_dataset(samples_from_games(8, 5), {})->dataset;
    EXPECT_TRUE(save_dataset(out.whole, file, DatasetFormat::Binary));
    for (std::uint64_t part = 0; part < parts; ++part) {
        auto share = load_dataset(file, {part, parts});
        EXPECT_TRUE(share && share->coefficients);
        out.shares.push_back(std::move(*share));
    }
    return out;
}

/// The split of a whole data set and the splits of its three shares.
struct Splits {
    TrainingSplit whole;
    std::vector<TrainingSplit> parts;
};

Splits splits(double holdout, std::uint64_t seed) {
    Folder folder;
    const SharedSet set = shared_set(folder.path() / "data.bin", 3);
    const CoefficientStore& store = set.whole.coefficients->store;
    Splits out{split_store(store, holdout, seed), {}};
    for (const Dataset& share : set.shares)
        out.parts.push_back(
            split_share(share.coefficients->store, share.number(0), store.size(), holdout, seed));
    return out;
}

TEST(DatasetShares, SplitIntoTheRowsOfTheWholeSplitWithTheirNumbers) {
    const auto [whole, parts] = splits(0.25, 17);
    std::uint64_t train_fingerprint = 0;
    std::uint64_t holdout_fingerprint = 0;
    std::size_t train_rows = 0;
    for (const TrainingSplit& part : parts) {
        EXPECT_EQ(part.train.total_rows(), whole.train.size());
        EXPECT_EQ(part.holdout.total_rows(), whole.holdout.size());
        EXPECT_LT(part.train.size(), whole.train.size() / 2);
        EXPECT_EQ(part.train.held_rows({0, whole.train.size()}).size(), part.train.size());
        train_fingerprint += part.train.fingerprint();
        holdout_fingerprint += part.holdout.fingerprint();
        train_rows += part.train.size();
    }
    EXPECT_EQ(train_rows, whole.train.size());
    // Fingerprints hash each row with its number: equal sums mean the same rows, each under the
    // number it has in the whole split.
    EXPECT_EQ(train_fingerprint, whole.train.fingerprint());
    EXPECT_EQ(holdout_fingerprint, whole.holdout.fingerprint());
}

TEST(DatasetShares, LossesOfTheSharesAddUpToTheWholeSetsForEveryRange) {
    const auto [whole, parts] = splits(0.2, 3);
    Eigen::VectorXd weights =
        Eigen::VectorXd::Zero(static_cast<Eigen::Index>(engine::ParameterLayout::count()));
    weights[0] = 1000;
    const LossFunction loss(LossKind::MeanSquaredError, 1.1);
    const std::size_t rows = whole.train.size();
    for (const RowRange range :
         {RowRange{0, rows}, RowRange{0, 16}, RowRange{16, 48}, RowRange{rows - 7, rows}}) {
        Eigen::VectorXd gradient;
        const double expected = loss.loss_and_gradient(whole.train, weights, range, gradient);
        // Each share's mean is over the whole range; the means add up.
        double sum = 0.0;
        std::vector<double> gradient_sum(static_cast<std::size_t>(gradient.size()), 0.0);
        for (const TrainingSplit& part : parts) {
            Eigen::VectorXd g;
            sum += loss.loss_and_gradient(part.train, weights, range, g);
            for (Eigen::Index j = 0; j < g.size(); ++j)
                gradient_sum[static_cast<std::size_t>(j)] += g[j];
        }
        EXPECT_NEAR(sum, expected, 1e-12) << range.begin << ".." << range.end;
        for (Eigen::Index j = 0; j < gradient.size(); ++j)
            ASSERT_NEAR(gradient_sum[static_cast<std::size_t>(j)], gradient[j], 1e-9) << j;
    }
}

}  // namespace
}  // namespace draughts::tuner
