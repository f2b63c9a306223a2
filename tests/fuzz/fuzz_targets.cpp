#include "tests/fuzz/fuzz_entries.hpp"

namespace draughts::fuzz {

std::span<const FuzzTarget> fuzz_targets() {
    // Keep in step with DRAUGHTS_FUZZ_TARGETS in CMakeLists.txt (one libFuzzer program each).
    static constexpr FuzzTarget kTargets[] = {
        {"fen", fen},
        {"pdn", pdn},
        {"move_text", move_text},
        {"hub_line", hub_line},
        {"hub_session", hub_session},
        {"dxp_message", dxp_message},
        {"dxp_framer", dxp_framer},
        {"match_config", match_config},
        {"egdb_slice", egdb_slice},
        {"dataset_binary", dataset_binary},
        {"games_jsonl", games_jsonl},
        {"cluster_message", cluster_message},
        {"weights_yaml", weights_yaml},
        {"tune_yaml", tune_yaml},
        {"spsa_yaml", spsa_yaml},
        {"spsa_csv", spsa_csv},
        {"external_trace", external_trace},
    };
    return kTargets;
}

}  // namespace draughts::fuzz
