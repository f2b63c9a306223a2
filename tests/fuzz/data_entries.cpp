// Fuzz entry points for the readers of data files and messages that the layers above the engine
// take from disk or from other ranks (issue 35): endgame database slices, binary data sets, the
// report's games.jsonl scanner (against the JSON path it stands in for), the messages of a
// distributed match, weight files and tuning configurations. See fuzz_entries.hpp.

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "cluster/match_messages.hpp"
#include "common/json.hpp"
#include "egdb/slice_file.hpp"
#include "engine/weights_file.hpp"
#include "report/game_line_reader.hpp"
#include "rules/variant_list.hpp"
#include "tests/fuzz/fuzz_entries.hpp"
#include "tuner/dataset.hpp"
#include "tuner/tune_config.hpp"

namespace draughts::fuzz {

namespace {

/// Two readings of a double agree: both absent, or the same bits (NaN never comes from JSON).
bool same(const std::optional<double>& a, const std::optional<double>& b) {
    return a.has_value() == b.has_value() && (!a || *a == *b);
}

/// What differs between the scanner's and the JSON path's reading of a line; empty when nothing.
std::string game_difference(const report::MatchGame& a, const report::MatchGame& b) {
    if (a.white != b.white || a.black != b.black || a.result != b.result ||
        a.termination != b.termination || a.start_fen != b.start_fen || a.plies != b.plies ||
        a.pair != b.pair || a.game != b.game || a.variant != b.variant)
        return "a top-level field";
    if (a.moves.size() != b.moves.size())
        return std::to_string(a.moves.size()) + " against " + std::to_string(b.moves.size()) +
               " moves";
    for (std::size_t i = 0; i < a.moves.size(); ++i) {
        const report::RecordedMove& x = a.moves[i];
        const report::RecordedMove& y = b.moves[i];
        if (x.text != y.text || x.time != y.time || !same(x.score, y.score) ||
            x.win_in != y.win_in || x.depth != y.depth || x.nodes != y.nodes)
            return "move " + std::to_string(i);
    }
    return {};
}

template <typename V>
Finding weights_of(std::string_view input) {
    const auto weights = engine::parse_weights<V>(input, "fuzz");
    if (!weights) return weights.error().message.empty() ? "empty weights error" : "";
    const std::string written = engine::format_weights(*weights);
    const auto again = engine::parse_weights<V>(written, "written");
    if (!again) return "written weights are rejected: " + again.error().message;
    if (!(*again == *weights)) return "written weights read back differently";
    return {};
}

template <typename V>
Finding dataset_of(std::string_view input) {
    const auto dataset = tuner::parse_binary_dataset<V>(input, "fuzz.bin");
    if (!dataset) return dataset.error().message.empty() ? "empty data set error" : "";
    const std::string written = tuner::format_binary_dataset(*dataset);
    const auto again = tuner::parse_binary_dataset<V>(written, "written.bin");
    if (!again) return "a written data set is rejected: " + again.error().message;
    if (again->samples != dataset->samples) return "a written data set reads other samples";
    if (tuner::format_binary_dataset(*again) != written) return "writing is not idempotent";
    return {};
}

}  // namespace

Finding egdb_slice(std::string_view input) {
    const std::vector<std::uint8_t> bytes(input.begin(), input.end());
    for (const bool check_sum : {false, true}) {
        const auto file = egdb::SliceFile::from_bytes("fuzz.egdb", bytes, check_sum);
        if (!file) {
            if (file.error().message.rfind("fuzz.egdb: ", 0) != 0)
                return "a slice error that does not name the file: " + file.error().message;
            continue;
        }
        // Every block decodes to its positions or is an error, whatever the payload holds.
        std::vector<std::uint8_t> block;
        for (std::uint32_t b = 0; b < file->info().blocks; ++b) {
            const auto decoded = file->decode_block(b, block);
            const std::uint64_t first = std::uint64_t{b} * egdb::kBlockPositions;
            const std::uint64_t expected =
                std::min<std::uint64_t>(egdb::kBlockPositions, file->info().positions - first);
            if (decoded && block.size() != expected) return "a block of the wrong size";
        }
    }
    return {};
}

Finding dataset_binary(std::string_view input) {
    Finding finding;
    const auto variant = tuner::binary_dataset_variant(input, "fuzz.bin");
    rules::dispatch_variant(variant ? *variant : rules::Variant::International,
                            [&](auto policy) { finding = dataset_of<decltype(policy)>(input); });
    return finding;
}

Finding games_jsonl(std::string_view input) {
    const auto read = report::read_game_line(input, "fuzz");
    const auto by_json = report::read_game_line_by_json(input, "fuzz");
    // The scanner stands in for the JSON parser on the moves array: on valid JSON both read the
    // same game (on other text each may reject it, and neither may crash).
    if (!Json::accept(input)) return {};
    if (read.has_value() != by_json.has_value())
        return read ? "the JSON path rejects what the scanner reads: " + by_json.error().message
                    : "the scanner rejects valid JSON: " + read.error().message;
    if (!read) return {};
    if (const std::string d = game_difference(*read, *by_json); !d.empty())
        return "the scanner and the JSON path read another " + d;
    return {};
}

Finding cluster_message(std::string_view input) {
    const std::string bytes(input);
    const auto message = cluster::parse_message(bytes);
    if (!message) return {};
    const std::string type = cluster::message_type(*message);
    if (type == "pair") {
        const auto pair = cluster::read_pair(*message, bytes);
        if (!pair) return {};
        // What is read is what the worker sent: written again, it reads back the same.
        const std::string again = cluster::pair_message(*pair);
        const auto header = cluster::parse_message(again);
        if (!header) return "a written pair message is damaged: " + header.error().message;
        const auto back = cluster::read_pair(*header, again);
        if (!back) return "a written pair message is rejected: " + back.error().message;
        if (back->pair != pair->pair || back->pdn != pair->pdn || back->lines != pair->lines ||
            back->signature != pair->signature)
            return "a pair message reads back differently";
    } else if (type == "lease") {
        (void)cluster::read_lease(*message);
    } else if (type == "done") {
        (void)cluster::read_done(*message);
    } else if (type == "want") {
        const auto count = cluster::read_want(*message);
        if (count && (*count < 1 || *count > static_cast<std::size_t>(cluster::kMaxWant)))
            return "a want count out of range";
    }
    return {};
}

Finding weights_yaml(std::string_view input) {
    Finding finding;
#define DRAUGHTS_FUZZ_WEIGHTS(V) \
    if (finding.empty()) finding = weights_of<rules::V>(input);
    DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_FUZZ_WEIGHTS)
#undef DRAUGHTS_FUZZ_WEIGHTS
    return finding;
}

Finding tune_yaml(std::string_view input) {
    const auto config = tuner::parse_tune_config(input, "fuzz.yaml", "/", {});
    if (!config) return config.error().message.empty() ? "empty tune error" : "";
    const std::string written = tuner::to_yaml(*config);
    const auto again = tuner::parse_tune_config(written, "written.yaml", "/", {});
    if (!again) return "a written tune configuration is rejected: " + again.error().message;
    if (!(*again == *config)) return "a written tune configuration reads back differently";
    return {};
}

}  // namespace draughts::fuzz
