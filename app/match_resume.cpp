#include "app/match_resume.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <optional>
#include <tuple>

#include "app/build_info.hpp"
#include "app/commands.hpp"
#include "harness/tournament/provenance.hpp"
#include "harness/tournament/run_extension.hpp"
#include "harness/tournament/run_inputs.hpp"
#include "harness/tournament/schedule.hpp"

namespace draughts::app {

namespace {

namespace fs = std::filesystem;

/// How the run continues.
struct ResumePlan {
    harness::MatchConfig config;  ///< as it runs now (with the overrides)
    /// What config.yaml gets: the stored configuration with its new length (the concurrency of
    /// one session is not the run's).
    harness::MatchConfig stored;
    harness::Provenance provenance;  ///< with this session added
    std::vector<std::string> notes;  ///< for the console
};

Expected<void> check_override_keys(const std::vector<harness::ConfigAssignment>& overrides) {
    for (const auto& o : overrides)
        if (o.path != "concurrency" && o.path != "tournament.games" &&
            o.path != "tournament.rounds" && o.path != "strict")
            return make_error(
                "--resume continues with the stored configuration; only the concurrency, "
                "strictness, the games and the rounds may change (got " +
                o.text + ")");
    return {};
}

/// The stored provenance with this session's inputs checked against it (see the top of
/// match_resume.hpp); a folder without provenance gets one, with a warning.
Expected<harness::Provenance> checked_provenance(const ResumeRequest& request,
                                                 const harness::MatchConfig& config,
                                                 harness::RunSession& session,
                                                 std::vector<std::string>& notes) {
    const fs::path file = request.dir / harness::kConfigFile;
    auto stored = harness::read_provenance(file);
    if (!stored) return stored.error();
    if (*stored && !(*stored)->merged_from.empty())
        return make_error(request.dir.string() +
                          ": a merge of other folders cannot be resumed; resume the folders it "
                          "was made from and merge them again");
    auto inputs = harness::hash_inputs(config);
    if (!inputs) return inputs.error();
    harness::Provenance provenance;
    if (!*stored) {
        notes.push_back("warning: " + file.string() +
                        " records no run id and no input hashes (written by an older version): "
                        "cannot check that the opening book, weights and engine programs are "
                        "unchanged; they are recorded from now on");
        session.notes.push_back("provenance recorded from this session on");
        provenance.run_id = harness::new_run_id();
    } else {
        provenance = std::move(**stored);
        const auto changes = harness::input_changes(provenance.inputs, *inputs);
        if (!changes.empty() && !request.force) {
            std::string message =
                request.dir.string() + ": input files changed since the run started:";
            for (const auto& c : changes) message += "\n  " + c;
            return make_error(message +
                              "\n(--force continues with the files as they are now and records "
                              "them)");
        }
        for (const auto& c : changes) {
            notes.push_back("warning: input changed, continuing (--force): " + c);
            session.notes.push_back("input changed, continued with --force: " + c);
        }
    }
    provenance.inputs = std::move(inputs).value();
    return provenance;
}

Expected<ResumePlan> plan_resume(const ResumeRequest& request) {
    if (auto ok = check_override_keys(request.overrides); !ok) return ok.error();
    const fs::path file = request.dir / harness::kConfigFile;
    auto stored = harness::load_match_config(file, {});
    if (!stored) return make_error("invalid stored configuration:\n" + stored.error().message);
    auto config = harness::load_match_config(file, request.overrides);
    if (!config) return make_error("invalid stored configuration:\n" + config.error().message);
    config->output = request.dir.string();
    if (auto ok = harness::check_resumed_config(*stored, *config); !ok) return ok.error();
    ResumePlan plan;
    const BuildInfo build = build_info();
    harness::RunSession session =
        harness::this_session("resumed", build.version, build.commit, request.command_line);
    for (const auto& [key, before, after] :
         {std::tuple{"tournament.games", stored->tournament.games, config->tournament.games},
          std::tuple{"tournament.rounds", stored->tournament.rounds, config->tournament.rounds}}) {
        if (before == after) continue;
        const std::string extended = "extended: " + std::string(key) + " " +
                                     std::to_string(before) + " -> " + std::to_string(after);
        plan.notes.push_back("the run is " + extended);
        session.notes.push_back(extended);
    }
    auto provenance = checked_provenance(request, *config, session, plan.notes);
    if (!provenance) return provenance.error();
    plan.provenance = std::move(provenance).value();
    plan.provenance.sessions.push_back(std::move(session));
    plan.config = *config;
    plan.stored = *config;
    plan.stored.concurrency = stored->concurrency;
    plan.stored.strict = stored->strict;
    return plan;
}

/// --resume DIR --check: what the resume would do, without changing the folder.
int check_resume(const ResumeRequest& request) {
    const auto plan = plan_resume(request);
    if (!plan) return command_failed("match", plan.error().message);
    for (const auto& note : plan->notes) fmt::print(stderr, "draughts match: {}\n", note);
    const auto stored = harness::read_results(request.dir);
    if (!stored) return command_failed("match", stored.error().message);
    const harness::Schedule schedule(plan->config);
    fmt::print("{}# {} of {} pairs recorded, {} unfinished line(s) at the end\n",
               harness::to_yaml(plan->config), stored->pairs.size(), schedule.pair_count(),
               stored->dropped_lines);
    return kExitOk;
}

}  // namespace

int resume_match(const ResumeRequest& request) {
    if (request.check) return check_resume(request);
    // Lock the folder first, so that what is checked is what the run continues.
    harness::StoredRun stored;
    auto folder = harness::ResultsFolder::open(request.dir, stored);
    if (!folder) return command_failed("match", folder.error().message);
    const auto plan = plan_resume(request);
    if (!plan) return command_failed("match", plan.error().message);
    if (stored.dropped_lines > 0)
        fmt::print(stderr, "draughts match: dropped {} unfinished line(s) at the end of {} ({})\n",
                   stored.dropped_lines, harness::kJsonlFile, stored.first_problem);
    for (const auto& note : plan->notes) fmt::print(stderr, "draughts match: {}\n", note);
    const std::string yaml =
        harness::to_yaml(plan->stored) + harness::provenance_yaml(plan->provenance);
    if (auto ok = folder->write_config(yaml); !ok)
        return command_failed("match", ok.error().message);
    const harness::RunScope scope{plan->provenance.shard, request.stop_file};
    return cluster::run_match(plan->config, *folder, stored, request.output, &plan->provenance,
                              scope, request.cluster)
        .status;
}

}  // namespace draughts::app
