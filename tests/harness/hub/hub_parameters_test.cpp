// New parameter values for a running Hub engine between games (tuning by games,
// HubPlayer::set_parameters): each way round the protocol's rule that set-param comes before
// init (restart, a second handshake, live set-param) sends exactly the new values; values of
// `{NAME}` placeholders restart the engine with a new command line; an engine that refuses a
// value fails with its message. Also measures what each way costs per change.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "harness/hub/hub_player.hpp"
#include "tests/support/shared_data.hpp"

namespace draughts::harness {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

fs::path log_file(const std::string& name) {
    const fs::path file = fs::temp_directory_path() / ("hub_parameters_" + name + ".log");
    fs::remove(file);
    return file;
}

std::string read(const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

HubPlayerOptions tunable(const fs::path& log, HubReconfigure how,
                         std::vector<std::string> extra = {}) {
    HubPlayerOptions options;
    options.argv_template = {testing::mock_binary("hub_tunable").string(), "--log", log.string()};
    options.argv_template.insert(options.argv_template.end(), extra.begin(), extra.end());
    options.parameters = {{"x", "50"}};
    options.reconfigure = how;
    options.client.process.shutdown_grace = 100ms;
    return options;
}

int count(const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

TEST(HubParameters, EachWayOfChangingValuesSendsTheNewOnes) {
    for (const HubReconfigure how :
         {HubReconfigure::Restart, HubReconfigure::Handshake, HubReconfigure::Live}) {
        const std::string name(name_of(kHubReconfigureNames, how));
        const fs::path log = log_file(name);
        HubPlayer player(tunable(log, how));
        ASSERT_TRUE(player.start()) << name;
        const pid_t first = player.pid();
        ASSERT_TRUE(player.set_parameters({{"x", "61"}, {"y", "1.25"}})) << name;
        ASSERT_TRUE(player.set_parameters({{"x", "61"}, {"y", "1.25"}})) << name;  // no change
        ASSERT_TRUE(player.new_game({})) << name;
        const pid_t last = player.pid();
        player.quit();
        const std::string lines = read(log);
        EXPECT_EQ(count(lines, "set-param name=x value=50"), 1) << name << "\n" << lines;
        EXPECT_EQ(count(lines, "set-param name=x value=61"), 1) << name << "\n" << lines;
        EXPECT_EQ(count(lines, "set-param name=y value=1.25"), 1) << name << "\n" << lines;
        // Restart: a second process; handshake: a second `hub` ... `init` on the same one.
        const int handshakes = how == HubReconfigure::Live ? 1 : 2;
        EXPECT_EQ(count(lines, "init\n"), handshakes) << name << "\n" << lines;
        EXPECT_EQ(count(lines, "hub\n"), handshakes) << name << "\n" << lines;
        EXPECT_EQ(last != first, how == HubReconfigure::Restart) << name;
    }
}

TEST(HubParameters, PlaceholderValuesRestartTheEngineWithANewCommandLine) {
    const fs::path log = log_file("placeholders");
    HubPlayerOptions options = tunable(log, HubReconfigure::Live, {"--name", "engine-{label}"});
    options.parameters = {{"label", "a"}, {"x", "50"}};
    HubPlayer player(options);
    ASSERT_TRUE(player.start());
    EXPECT_EQ(player.name(), "tunable");  // the mock's id name; the command line carries the label
    const pid_t first = player.pid();
    ASSERT_TRUE(player.set_parameters({{"label", "b"}}));
    EXPECT_NE(player.pid(), first) << "a new command line is a new process";
    const std::string lines = read(log);
    EXPECT_EQ(count(lines, "set-param name=label"), 0) << "placeholders are not sent";
    EXPECT_EQ(count(lines, "set-param name=x value=50"), 2) << lines;
}

TEST(HubParameters, ARefusedValueFailsWithTheEnginesMessage) {
    for (const HubReconfigure how :
         {HubReconfigure::Restart, HubReconfigure::Handshake, HubReconfigure::Live}) {
        HubPlayer player(tunable(log_file("refused"), how, {"--reject", "y"}));
        ASSERT_TRUE(player.start());
        const auto refused = player.set_parameters({{"y", "2"}});
        ASSERT_FALSE(refused);
        EXPECT_NE(refused.error().message.find("y: value 2 refused"), std::string::npos)
            << refused.error().message;
        HubPlayer other(tunable(log_file("undeclared"), how));
        ASSERT_TRUE(other.start());
        const auto undeclared = other.set_parameters({{"z", "2"}});
        ASSERT_FALSE(undeclared);
        EXPECT_NE(undeclared.error().message.find("declares no parameter 'z'"), std::string::npos)
            << undeclared.error().message;
    }
}

TEST(HubParameters, WhatAChangeCosts) {
    // Not a check: the figures docs/tuning-your-engine.md quotes (the mock starts in a few ms).
    for (const HubReconfigure how :
         {HubReconfigure::Restart, HubReconfigure::Handshake, HubReconfigure::Live}) {
        HubPlayer player(tunable(log_file("cost"), how));
        ASSERT_TRUE(player.start());
        const auto start = std::chrono::steady_clock::now();
        constexpr int kChanges = 20;
        for (int i = 0; i < kChanges; ++i)
            ASSERT_TRUE(player.set_parameters({{"x", std::to_string(40 + i)}}));
        const double ms =
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count() /
            kChanges;
        RecordProperty(std::string(name_of(kHubReconfigureNames, how)) + "_ms", std::to_string(ms));
        std::printf("  %s: %.2f ms per change\n",
                    std::string(name_of(kHubReconfigureNames, how)).c_str(), ms);
    }
}

}  // namespace
}  // namespace draughts::harness
