#pragma once
// The entry points of the fuzz targets: each feeds one input to a front end that reads untrusted
// text and checks what must hold for any input (no crash, and round trips and invariants of what
// was accepted). The libFuzzer programs (*_fuzzer.cpp, built with -DDRAUGHTS_FUZZ=ON by clang)
// and the regression tests (regression_test.cpp, default suite) call the same functions, so an
// input that once broke a front end is replayed by every `make test`.

#include <span>
#include <string>
#include <string_view>

namespace draughts::fuzz {

/// What an entry point found: empty when every invariant held, else a description of the first
/// one that broke. (Crashes, leaks and undefined behaviour are found by the sanitizers.)
using Finding = std::string;

Finding fen(std::string_view input);           ///< rules::parse_fen, to_fen
Finding pdn(std::string_view input);           ///< rules::read_pdn
Finding move_text(std::string_view input);     ///< rules::parse_move on a few positions
Finding hub_line(std::string_view input);      ///< protocol::parse_hub_message, format_hub_message
Finding hub_session(std::string_view input);   ///< protocol::HubSession, one line per input line
Finding dxp_message(std::string_view input);   ///< protocol::parse_dxp_message, format, frame
Finding dxp_framer(std::string_view input);    ///< protocol::DxpFramer, fed in chunks
Finding match_config(std::string_view input);  ///< harness::parse_match_config, to_yaml
Finding egdb_slice(std::string_view input);    ///< egdb::SliceFile::from_bytes, decode_block
Finding dataset_binary(std::string_view input);  ///< tuner::parse_binary_dataset, format
/// report::read_game_line (the move scanner) against the JSON path on the same line.
Finding games_jsonl(std::string_view input);
Finding cluster_message(std::string_view input);  ///< cluster::parse_message and its readers
Finding weights_yaml(std::string_view input);     ///< engine::parse_weights, every variant
Finding tune_yaml(std::string_view input);        ///< tuner::parse_tune_config, to_yaml
Finding spsa_yaml(std::string_view input);        ///< spsa::parse_spsa_config, to_yaml
Finding spsa_csv(std::string_view input);         ///< spsa::parse_csv, csv_line
Finding external_trace(std::string_view input);   ///< tuner::parse_trace

/// One fuzz target: its name (the folder of its corpus and regression inputs) and entry point.
struct FuzzTarget {
    std::string_view name;
    Finding (*entry)(std::string_view input);
};

/// Every target, in a fixed order.
std::span<const FuzzTarget> fuzz_targets();

}  // namespace draughts::fuzz
