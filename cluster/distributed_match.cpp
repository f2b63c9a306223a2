#include "cluster/distributed_match.hpp"

#include <future>

#include "cluster/match_messages.hpp"
#include "cluster/match_worker.hpp"
#include "common/json.hpp"

namespace draughts::cluster {

harness::RunOutcome run_distributed(Cluster& cluster, harness::Tournament& tournament,
                                    const harness::MatchConfig& config,
                                    const std::filesystem::path& folder,
                                    const harness::Tournament::Observer& observer,
                                    CoordinatorStats& stats) {
    cluster.announce(
        dump_json(Json{{"config", harness::to_yaml(config)}, {"folder", folder.string()}}));
    MatchCoordinator coordinator(cluster.transport(), tournament);
    tournament.set_feed(&coordinator.local_feed());
    std::future<harness::RunOutcome> local =
        std::async(std::launch::async, [&] { return tournament.run(observer); });
    harness::RunOutcome outcome = coordinator.serve(local);
    stats = coordinator.stats();
    return outcome;
}

int serve_match(Cluster& cluster) {
    const std::string job = cluster.await_job();
    if (job.empty()) return 0;
    const auto fail = [&](const std::string& message) {
        // Rank 0 waits for every rank's report: send it, it fails the run with the message.
        cluster.transport().send(0, done_message(WorkerDone{0, 0, 0, message}));
        return 2;
    };
    auto json = parse_json(job, "job");
    if (!json || !json->contains("config") || !json->contains("folder"))
        return fail("a damaged job from rank 0");
    const std::filesystem::path folder = (*json)["folder"].get<std::string>();
    auto config = harness::parse_match_config((*json)["config"].get<std::string>(),
                                              "configuration from rank 0", folder, {});
    if (!config) return fail(config.error().message);
    return run_match_worker(cluster.transport(), *config, folder.string());
}

}  // namespace draughts::cluster
