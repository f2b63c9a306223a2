// The shared engine log records protocol lines and stderr of a real mock engine.

#include "harness/player/engine_log.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "harness/hub/hub_client.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

using namespace std::chrono_literals;

TEST(EngineLog, RecordsSentReceivedAndStderrLinesPerEngine) {
    const auto path = std::filesystem::temp_directory_path() /
                      ("draughts_engine_log_" + std::to_string(::getpid()) + ".log");
    std::filesystem::remove(path);
    {
        auto log = EngineLog::open(path);
        ASSERT_TRUE(log) << log.error().message;
        HubClientOptions options;
        options.process.argv = {testing::mock_binary("hub_normal").string()};
        options.process.stderr_sink = stderr_sink::Lines{(*log)->stderr_for("alpha")};
        options.trace = (*log)->trace_for("alpha");
        HubClient client(options);
        ASSERT_FALSE(client.start());
        (*log)->note("alpha", "started");
        client.quit();  // reaps the engine: its stderr is in the log too
    }
    std::ifstream in(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::filesystem::remove(path);
    for (const char* part :
         {" alpha > hub\n", " alpha < wait\n", " alpha > init\n", " alpha < ready\n",
          " alpha ! recv: hub\n", " alpha # started\n", " alpha > quit\n"}) {
        EXPECT_NE(text.find(part), std::string::npos) << part << " in:\n" << text;
    }
}

TEST(EngineLog, OpenErrorNamesTheFile) {
    const auto log = EngineLog::open("/nonexistent/dir/engines.log");
    ASSERT_FALSE(log);
    EXPECT_NE(log.error().message.find("/nonexistent/dir/engines.log"), std::string::npos);
}

}  // namespace
}  // namespace draughts::harness
