// The messages of a distributed match: a pair crosses from a worker to rank 0 with its texts
// exactly as rendered and what the standings count, and damage is an error, never a wrong count.

#include "cluster/match_messages.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string>

namespace draughts::cluster {
namespace {

using harness::GameResult;
using harness::Termination;

harness::RenderedPair sample_pair() {
    harness::RenderedPair pair;
    pair.pair = 41;
    // Texts with newlines, braces and quotes: the payload is raw, nothing is escaped.
    pair.pdn = {"[Event \"a\"]\n\n1. 32-28 19-23 {a \"comment\"} 2-0\n\n",
                "[Event \"a\"]\n\n1. 33-29 *\n\n"};
    pair.lines = {R"({"pair":41,"pair_game":0,"note":"line\nbreak {"})",
                  R"({"pair":41,"pair_game":1,"result":"1-1"})"};
    pair.games = {harness::CountedGame{GameResult::WhiteWin, Termination::Blocked},
                  harness::CountedGame{GameResult::Draw, Termination::ThreefoldRepetition, 3}};
    pair.signature = 0xfedcba9876543210ULL;
    return pair;
}

TEST(MatchMessages, APairCrossesWithItsTextsAndCountsUnchanged) {
    const harness::RenderedPair sent = sample_pair();
    const std::string bytes = pair_message(sent);
    const auto header = parse_message(bytes);
    ASSERT_TRUE(header) << header.error().message;
    EXPECT_EQ(message_type(*header), "pair");
    const auto got = read_pair(*header, bytes);
    ASSERT_TRUE(got) << got.error().message;
    EXPECT_EQ(got->pair, sent.pair);
    EXPECT_EQ(got->pdn, sent.pdn);
    EXPECT_EQ(got->lines, sent.lines);
    EXPECT_EQ(got->signature, sent.signature);
    for (std::size_t g = 0; g < 2; ++g) {
        EXPECT_EQ(got->games[g].result, sent.games[g].result);
        EXPECT_EQ(got->games[g].termination, sent.games[g].termination);
        EXPECT_EQ(got->games[g].egdb_probe_errors, sent.games[g].egdb_probe_errors);
    }
    // The header is small: rank 0 parses it, not the texts.
    EXPECT_LT(bytes.find('\n'), 250u);
}

TEST(MatchMessages, HeaderOnlyMessagesKeepTheirFields) {
    const auto want = parse_message(want_message(3));
    ASSERT_TRUE(want);
    EXPECT_EQ(message_type(*want), "want");
    EXPECT_EQ(want->at("count").get<int>(), 3);
    const auto lease = parse_message(lease_message(Lease{{4, 9}, {}}));
    ASSERT_TRUE(lease);
    EXPECT_EQ(read_lease(*lease).value().pairs, (std::vector<std::uint64_t>{4, 9}));
    EXPECT_TRUE(read_lease(*lease).value().parameters.empty());
    const auto done = parse_message(done_message({5, 1, 2, "boom"}));
    ASSERT_TRUE(done);
    const WorkerDone read = read_done(*done).value();
    EXPECT_EQ(read.played, 5);
    EXPECT_EQ(read.dropped, 2);
    EXPECT_EQ(read.error, "boom");
}

TEST(MatchMessages, ADamagedPairIsAnErrorNamingWhatIsWrong) {
    const std::string good = pair_message(sample_pair());
    const std::size_t newline = good.find('\n');
    const auto damaged = [](const std::string& bytes) -> std::string {
        const auto header = parse_message(bytes);
        if (!header) return header.error().message;
        const auto pair = read_pair(*header, bytes);
        return pair ? std::string() : pair.error().message;
    };
    // Every cut of the payload and one byte too many.
    for (const std::size_t cut : {newline + 1, newline + 10, good.size() - 1})
        EXPECT_NE(damaged(good.substr(0, cut)).find("payload"), std::string::npos) << cut;
    EXPECT_NE(damaged(good + "x").find("payload"), std::string::npos);
    // The header alone.
    EXPECT_NE(damaged(good.substr(0, newline)).find("damaged pair"), std::string::npos);
    // A result or termination that is not one.
    std::string bad_result = good;
    bad_result.replace(bad_result.find("\"2-0\""), 5, "\"3-0\"");
    EXPECT_NE(damaged(bad_result).find("game 0"), std::string::npos);
    std::string bad_termination = good;
    bad_termination.replace(bad_termination.find("threefold_repetition"), 20,
                            "threefold_repetitiox");
    EXPECT_NE(damaged(bad_termination).find("game 1"), std::string::npos);
    // A header that is not JSON, or has no type.
    EXPECT_FALSE(damaged("{\"type\":\n").empty());
    EXPECT_FALSE(damaged("{\"pair\":1}\n").empty());
}

// The readers take untrusted bytes: fields of the wrong type or out of range are errors, never an
// exception out of the coordinator's loop (which would end rank 0 with the workers waiting).
TEST(MatchMessages, FieldsOfTheWrongTypeOrRangeAreErrorsNotExceptions) {
    const auto header = [](const std::string& text) { return parse_message(text).value(); };
    EXPECT_FALSE(read_done(header(R"({"type":"done","played":"five"})")));
    EXPECT_FALSE(read_done(header(R"({"type":"done","dropped":-3})")));
    EXPECT_FALSE(read_done(header(R"({"type":"done","error":7})")));
    EXPECT_FALSE(read_want(header(R"({"type":"want","count":"3"})")));
    EXPECT_FALSE(read_want(header(R"({"type":"want","count":-1})")));
    EXPECT_FALSE(read_want(header(R"({"type":"want","count":0})")));
    EXPECT_EQ(read_want(header(R"({"type":"want","count":4})")).value(), 4U);
    // Floats and numbers beyond the signed range are refused, not cast (a cast of 1e30 to an
    // integer is undefined behaviour: the fuzzer found it) or wrapped.
    EXPECT_FALSE(read_done(header(R"({"type":"done","played":1e30})")));
    EXPECT_FALSE(read_done(header(R"({"type":"done","unplayable":2.5})")));
    EXPECT_FALSE(read_done(header(R"({"type":"done","dropped":18446744073709551615})")));
    EXPECT_FALSE(read_want(header(R"({"type":"want","count":-1e300})")));
    EXPECT_FALSE(read_want(header(R"({"type":"want","count":3.0})")));
    EXPECT_FALSE(read_lease(header(R"({"type":"lease","pairs":[-1]})")));
    EXPECT_FALSE(read_lease(header(R"({"type":"lease"})")));
}

TEST(MatchMessages, SizesThatWrapAroundArePayloadErrorsNotExceptions) {
    // Four sizes whose sum wraps around to the payload's length: each alone is beyond it.
    const std::string huge = std::to_string(std::numeric_limits<std::uint64_t>::max());
    const std::string bytes =
        R"({"type":"pair","pair":1,"signature":2,"games":[["1-1","draw_claim"],["1-1","draw_claim"]],)"
        R"("sizes":[)" +
        huge + "," + huge + ",5,1]}\nabcd";
    const auto message = parse_message(bytes);
    ASSERT_TRUE(message) << message.error().message;
    const auto pair = read_pair(*message, bytes);
    ASSERT_FALSE(pair);
    EXPECT_NE(pair.error().message.find("beyond the payload"), std::string::npos)
        << pair.error().message;
}

// A pair's numbers are unsigned integers as the JSON reader stored them: a float (1.2e30 was cast
// to uint64, undefined behaviour that make fuzz found on cluster_message) or a negative number (a
// probe count of -1 wrapped) is a damaged message.
TEST(MatchMessages, APairsNumbersMustBeUnsignedIntegers) {
    const auto pair_with = [](const std::string& pair, const std::string& signature,
                              const std::string& probes) {
        const std::string bytes = R"({"type":"pair","pair":)" + pair + R"(,"signature":)" +
                                  signature + R"(,"games":[["1-1","draw_claim",)" + probes +
                                  R"(],["1-1","draw_claim"]],"sizes":[1,1,1,1]})" + "\nabcd";
        return read_pair(parse_message(bytes).value(), bytes);
    };
    EXPECT_TRUE(pair_with("1", "2", "0"));
    EXPECT_FALSE(pair_with("1", "1.2e30", "0"));
    EXPECT_FALSE(pair_with("1.5", "2", "0"));
    EXPECT_FALSE(pair_with("-1", "2", "0"));
    EXPECT_FALSE(pair_with("1", "2", "-1"));
    EXPECT_FALSE(pair_with("1", "2", "3e9"));
    EXPECT_FALSE(pair_with("1", "2", "4294967296"));
}

TEST(MatchMessages, ALeaseCarriesEachPairsParameterValues) {
    Lease sent{{7, 8}, {}};
    sent.parameters.push_back({engine::ParameterValues{{"x", "61"}, {"y", "1.5"}},
                               engine::ParameterValues{{"x", "59"}, {"y", "-0.25"}}});
    sent.parameters.push_back({engine::ParameterValues{{"x", "3"}}, engine::ParameterValues{}});
    const auto header = parse_message(lease_message(sent));
    ASSERT_TRUE(header) << header.error().message;
    const auto read = read_lease(*header);
    ASSERT_TRUE(read) << read.error().message;
    EXPECT_EQ(read->pairs, sent.pairs);
    EXPECT_EQ(read->parameters, sent.parameters);
}

TEST(MatchMessages, AnUnplayedPairIsNamed) {
    const auto header = parse_message(unplayed_message(12));
    ASSERT_TRUE(header);
    EXPECT_EQ(message_type(*header), "unplayed");
    EXPECT_EQ(read_unplayed(*header).value(), 12u);
}

}  // namespace
}  // namespace draughts::cluster
