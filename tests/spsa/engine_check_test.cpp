// Tuned parameters against what the engine takes (spsa/engine_check.hpp): the built-in engine's
// names, a Hub engine's declarations (a real mock process), and `{NAME}` placeholders; every
// problem names the parameter's line in the configuration and the engine.

#include "spsa/engine_check.hpp"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/support/shared_data.hpp"

namespace draughts::spsa {
namespace {

SpsaConfig config(const std::string& engine, const std::string& parameters) {
    const std::string yaml = "engine: " + engine + "\nparameters:\n" + parameters;
    auto c = parse_spsa_config(yaml, "spsa.yaml", std::filesystem::current_path(), {});
    EXPECT_TRUE(c) << c.error().message;
    return c ? *c : SpsaConfig{};
}

std::string hub_tunable(const std::string& args = "") {
    return "{name: mock, kind: hub, command: " + testing::mock_binary("hub_tunable").string() +
           ", args: [" + args + "]}";
}

TEST(EngineCheck, TheBuiltInEngineTakesItsNamedParameters) {
    const auto ok = check_engine_parameters(config(
        "{name: mine, kind: builtin}",
        "  - {name: search.aspiration_window, start: 125, min: 20, max: 400, c_end: 20, r_end: 0}\n"
        "  - {name: time.hard_factor, type: float, start: 3, min: 1, max: 6, c_end: 0.3, r_end: "
        "0}\n"
        "  - {name: 'pattern_band0[12]', start: 0, min: -50, max: 50, c_end: 5, r_end: 0}\n"
        "  - {name: man, start: 1000, min: 500, max: 5000, c_end: 50, r_end: 0}\n"));
    EXPECT_TRUE(ok) << ok.error().message;
}

TEST(EngineCheck, ProblemsNameTheLineTheEngineAndTheDeclaration) {
    const struct {
        std::string engine;
        std::string entry;
        std::string message;
    } table[] = {
        {"{name: mine, kind: builtin}",
         "{name: search.nope, start: 1, min: 0, max: 2, c_end: 1, r_end: 0}",
         "spsa.yaml:3:5: parameters[0]: engine 'mine' (builtin): parameter 'search.nope' is not "
         "a parameter of the engine"},
        {"{name: mine, kind: builtin}",
         "{name: search.aspiration_window, start: 125, min: 20, max: 6000, c_end: 20, r_end: 0}",
         "parameter 'search.aspiration_window' max 6000 is above the declared max 5000"},
        {"{name: mine, kind: builtin}",
         "{name: search.lmr_min_move, type: float, start: 3, min: 1, max: 9, c_end: 1, r_end: 0}",
         "is declared int; tune it with type: int"},
        {hub_tunable(), "{name: x, start: 50, min: 0, max: 200, c_end: 5, r_end: 0}",
         "engine 'mock' (hub): parameter 'x' max 200 is above the declared max 100"},
        {hub_tunable(), "{name: y, type: float, start: 0, min: -9, max: 5, c_end: 1, r_end: 0}",
         "parameter 'y' min -9 is below the declared min -5"},
        {hub_tunable(), "{name: label, start: 0, min: 0, max: 5, c_end: 1, r_end: 0}",
         "is declared of type string, which cannot be tuned"},
        {hub_tunable(), "{name: z, start: 0, min: 0, max: 5, c_end: 1, r_end: 0}",
         "parameter 'z' is not a parameter of the engine (neither declared by it nor a {z} "
         "placeholder in its arguments)"},
    };
    for (const auto& row : table) {
        const auto checked = check_engine_parameters(config(row.engine, "  - " + row.entry + "\n"));
        ASSERT_FALSE(checked) << row.entry;
        EXPECT_NE(checked.error().message.find(row.message), std::string::npos)
            << "got: " << checked.error().message << "\nwanted: " << row.message;
    }
}

TEST(EngineCheck, AHubEnginesDeclarationsAndPlaceholdersAreTaken) {
    const auto ok = check_engine_parameters(
        config(hub_tunable("--seed, '{seed}'"),
               "  - {name: x, start: 50, min: 10, max: 90, c_end: 5, r_end: 0}\n"
               "  - {name: y, type: float, start: 0, min: -5, max: 5, c_end: 1, r_end: 0}\n"
               "  - {name: seed, start: 3, min: 1, max: 9, c_end: 1, r_end: 0}\n"));
    EXPECT_TRUE(ok) << ok.error().message;
}

}  // namespace
}  // namespace draughts::spsa
