// The Hub client keeps what the engine said for the messages of its failures, and checks the
// parameter values it sends against the engine's declarations before `init` (issue 41).

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "harness/hub/hub_client.hpp"
#include "tests/harness/hub/hub_client_mock.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;
using hub_mock::mock_options;
using hub_mock::search_from_start;
using hub_mock::Transcript;

// What the engine said is kept for the messages of its failures (issue 41): the lines it sent
// that were ignored, with what was awaited, and its last lines on stdout and stderr.

TEST(HubClientTranscript, ABestmoveReplyIsIgnoredButQuotedAndNoted) {
    Transcript transcript;
    auto options = mock_options("hub_bestmove", {}, transcript);
    options.timeouts.stop_grace = 100ms;
    std::vector<std::string> notes;
    options.note = [&notes](std::string_view text) { notes.emplace_back(text); };
    HubClient client(options);
    ASSERT_FALSE(client.start());
    const HubSearchResult result = client.search(search_from_start(200ms));
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->kind, HubFailureKind::Timeout);
    const std::string details = client.transcript().inline_text();
    EXPECT_NE(details.find("; ignored from the engine: `bestmove "), std::string::npos) << details;
    EXPECT_NE(details.find("; expected `done move=...`"), std::string::npos) << details;
    EXPECT_NE(details.find("; its last lines on stdout: `wait` | `ready` | `info depth=1 nodes=1` "
                           "| `bestmove "),
              std::string::npos)
        << details;
    EXPECT_NE(details.find("; its last lines on stderr: "), std::string::npos) << details;
    ASSERT_FALSE(notes.empty());
    EXPECT_EQ(notes.front().rfind("ignored from the engine: `bestmove ", 0), 0u) << notes.front();
}

TEST(HubClientTranscript, ABannerInsteadOfWaitIsQuotedWithWhatWasAwaited) {
    Transcript transcript;
    auto options = mock_options("hub_bestmove", {"--banner", "WrapBot 1.0"}, transcript);
    options.timeouts.handshake = 200ms;
    HubClient client(options);
    const auto failure = client.start();
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, HubFailureKind::Timeout);
    const std::string details = client.transcript().indented_text();
    EXPECT_NE(details.find("\n  ignored from the engine: `WrapBot 1.0`; expected `id`, `param` "
                           "or `wait`"),
              std::string::npos)
        << details;
    EXPECT_NE(details.find("\n  its last lines on stdout: `WrapBot 1.0`"), std::string::npos)
        << details;
}

TEST(HubClientTranscript, IsClearedForEachProcess) {
    Transcript transcript;
    auto options = mock_options("hub_bestmove", {}, transcript);
    options.timeouts.stop_grace = 100ms;
    HubClient client(options);
    ASSERT_FALSE(client.start());
    ASSERT_TRUE(client.search(search_from_start(100ms)).failure);
    ASSERT_FALSE(client.start());
    // The second process has sent only its handshake: nothing of the first one's search (its
    // `bestmove` lines; the mock's `id name=bestmove` is its own).
    const std::string text = client.transcript().inline_text();
    EXPECT_EQ(text.find("`bestmove "), std::string::npos) << text;
    EXPECT_EQ(text.find("ignored from the engine"), std::string::npos) << text;
}

struct ParameterCase {
    std::string name;
    std::pair<std::string, std::string> parameter;
    std::string message;  ///< part of the failure; empty: accepted
};

void PrintTo(const ParameterCase& c, std::ostream* os) { *os << c.name; }

class HubClientParameters : public ::testing::TestWithParam<ParameterCase> {};

// hub_normal declares `hash` (int, 1 to 1024) and `book` (bool).
TEST_P(HubClientParameters, AreCheckedAgainstTheDeclarationBeforeInit) {
    Transcript transcript;
    auto options = mock_options("hub_normal", {}, transcript);
    options.parameters = {GetParam().parameter};
    HubClient client(options);
    const auto failure = client.start();
    if (GetParam().message.empty()) {
        EXPECT_FALSE(failure) << failure->message;
        return;
    }
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, HubFailureKind::EngineError);
    EXPECT_NE(failure->message.find(GetParam().message), std::string::npos) << failure->message;
    EXPECT_FALSE(transcript.sent_line("init")) << "refused before init";
    EXPECT_FALSE(transcript.sent_line("set-param name=" + GetParam().parameter.first +
                                      " value=" + GetParam().parameter.second));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, HubClientParameters,
    ::testing::Values(
        ParameterCase{"InRange", {"hash", "1024"}, ""},
        ParameterCase{"AboveTheMaximum",
                      {"hash", "99999"},
                      "parameter 'hash': 99999 is above the declared maximum 1024 (declared: "
                      "type=int min=1 max=1024)"},
        ParameterCase{"NotAnInteger", {"hash", "big"}, "'big' is not an integer"},
        ParameterCase{"NotABool", {"book", "yes"}, "'yes' is not a bool (true or false)"}),
    [](const ::testing::TestParamInfo<ParameterCase>& test) { return test.param.name; });

}  // namespace
}  // namespace draughts::harness
