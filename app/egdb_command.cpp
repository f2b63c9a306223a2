// `draughts egdb build|verify|probe`: the endgame database (egdb/): build it, check it, look a
// position up. Exit statuses as every command (docs/exit-statuses.md): 0 done, 2 for any input or
// output error, a damaged or inconsistent database included.

#include <fmt/core.h>

#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "app/commands.hpp"
#include "app/egdb_probe.hpp"
#include "common/json.hpp"
#include "egdb/builder.hpp"
#include "egdb/verifier.hpp"

namespace draughts::app {

namespace {

struct BuildCommand {
    int pieces = 4;
    std::string output;
    std::string slices;
    bool json = false;
};

struct VerifyCommand {
    std::string folder;
    bool json = false;
};

Json slice_json(const egdb::SliceReport& s) {
    return {{"slice", s.material.name()},
            {"pieces", s.material.pieces()},
            {"positions", s.stats.positions},
            {"wins", s.stats.wins},
            {"draws", s.stats.draws},
            {"losses", s.stats.losses},
            {"longest_win", s.stats.longest_win},
            {"file_bytes", s.file_bytes},
            {"seconds", s.seconds},
            {"reused", s.reused}};
}

void print_slice(const egdb::SliceReport& s) {
    fmt::print(stderr,
               "{:<8} {:>12} positions  win {:>12}  draw {:>12}  loss {:>12}  longest {:>2}  "
               "{:>10} bytes  {:>8.1f} s{}\n",
               s.material.name(), s.stats.positions, s.stats.wins, s.stats.draws, s.stats.losses,
               s.stats.longest_win, s.file_bytes, s.seconds, s.reused ? "  (kept)" : "");
}

Expected<std::vector<egdb::Material>> parse_slices(const std::string& text) {
    std::vector<egdb::Material> out;
    std::istringstream in(text);
    for (std::string name; std::getline(in, name, ',');) {
        const auto m = egdb::Material::parse(name);
        if (!m || m->pieces() > egdb::kMaxDatabasePieces)
            return make_error("--slices: '" + name + "' is no slice name (like KKMvK)");
        out.push_back(*m);
    }
    return out;
}

int run_build(const BuildCommand& command) {
    egdb::BuildOptions options;
    options.pieces = command.pieces;
    options.output = command.output;
    auto only = parse_slices(command.slices);
    if (!only) {
        fmt::print(stderr, "draughts egdb build: {}\n", only.error().message);
        return kExitError;
    }
    options.only = *only;
    options.on_slice = print_slice;
    const auto report = egdb::build_database(options);
    if (!report) {
        fmt::print(stderr, "draughts egdb build: {}\n", report.error().message);
        return kExitError;
    }
    std::uint64_t positions = 0;
    std::uint64_t bytes = 0;
    Json slices = Json::array();
    for (const egdb::SliceReport& s : report->slices) {
        positions += s.stats.positions;
        bytes += s.file_bytes;
        slices.push_back(slice_json(s));
    }
    if (command.json) {
        fmt::print("{}\n", dump_json(Json{{"folder", command.output},
                                          {"pieces", command.pieces},
                                          {"positions", positions},
                                          {"file_bytes", bytes},
                                          {"seconds", report->seconds},
                                          {"slices", std::move(slices)}}));
    } else {
        fmt::print("{}: {} slices, {} positions, {} bytes, {:.1f} s\n", command.output,
                   report->slices.size(), positions, bytes, report->seconds);
    }
    return 0;
}

int run_verify(const VerifyCommand& command) {
    const auto report = egdb::verify_database(command.folder, [&](const egdb::SliceCheck& s) {
        fmt::print(stderr, "{:<8} {:>12} positions  {}  {:.1f} s\n", s.material.name(), s.positions,
                   s.inconsistent == 0 ? "ok" : "INCONSISTENT", s.seconds);
        for (const std::string& e : s.examples) fmt::print(stderr, "    {}\n", e);
    });
    if (!report) {
        fmt::print(stderr, "draughts egdb verify: {}\n", report.error().message);
        if (command.json)
            fmt::print("{}\n", dump_json(Json{{"folder", command.folder},
                                              {"ok", false},
                                              {"error", report.error().message}}));
        return kExitError;
    }
    Json slices = Json::array();
    for (const egdb::SliceCheck& s : report->slices)
        slices.push_back(Json{{"slice", s.material.name()},
                              {"positions", s.positions},
                              {"inconsistent", s.inconsistent},
                              {"examples", s.examples},
                              {"seconds", s.seconds}});
    if (command.json)
        fmt::print("{}\n", dump_json(Json{{"folder", command.folder},
                                          {"ok", report->ok()},
                                          {"seconds", report->seconds},
                                          {"slices", std::move(slices)}}));
    else
        fmt::print("{}: {} slices {} ({:.1f} s)\n", command.folder, report->slices.size(),
                   report->ok() ? "verified" : "INCONSISTENT", report->seconds);
    // A database whose values do not follow from the moves is damaged input
    // (docs/exit-statuses.md).
    if (!report->ok())
        fmt::print(stderr, "draughts egdb verify: {}: inconsistent values (see above)\n",
                   command.folder);
    return report->ok() ? 0 : kExitError;
}

void add_build(CLI::App& egdb, int& exit_code) {
    auto command = std::make_shared<BuildCommand>();
    CLI::App* cmd = egdb.add_subcommand(
        "build", "Solve every position of up to N pieces under the FMJD counting rules");
    cmd->add_option("--pieces", command->pieces, "Most pieces on the board (2-5)")
        ->check(CLI::Range(2, egdb::kMaxDatabasePieces));
    cmd->add_option("--output", command->output, "Folder of the slice files")->required();
    cmd->add_option("--slices", command->slices,
                    "Only these slices and those they need (comma-separated, e.g. KKKvK)");
    cmd->add_flag("--json", command->json, "Print one JSON object (progress still on stderr)");
    cmd->callback([command, &exit_code] { exit_code = run_build(*command); });
}

void add_verify(CLI::App& egdb, int& exit_code) {
    auto command = std::make_shared<VerifyCommand>();
    CLI::App* cmd = egdb.add_subcommand(
        "verify", "Check every slice file: checksum and the retrograde consistency of each value");
    cmd->add_option("folder", command->folder, "Folder of the slice files")->required();
    cmd->add_flag("--json", command->json, "Print one JSON object");
    cmd->callback([command, &exit_code] { exit_code = run_verify(*command); });
}

}  // namespace

void add_egdb_command(CLI::App& app, int& exit_code) {
    CLI::App* egdb = app.add_subcommand(
        "egdb", "Endgame database under the FMJD counting rules: build, verify, probe");
    egdb->require_subcommand(1);
    add_build(*egdb, exit_code);
    add_verify(*egdb, exit_code);
    add_egdb_probe(*egdb, exit_code);
}

}  // namespace draughts::app
