#include "cluster/distributed_spsa.hpp"

#include <future>

#include "cluster/match_coordinator.hpp"
#include "common/json.hpp"

namespace draughts::cluster {

namespace {

/// The iterations of an SPSA run as leases.
class IterationLeases final : public LeaseSource {
  public:
    IterationLeases(spsa::SpsaRun& run, const harness::Tournament& tournament)
        : run_(run), tournament_(tournament) {}

    Lease take(std::size_t count, bool& finished) override {
        Lease lease;
        lease.pairs = run_.take(count, finished);
        for (const std::uint64_t pair : lease.pairs)
            lease.parameters.push_back(run_.parameters(tournament_.schedule().pair(pair)));
        return lease;
    }
    void not_played(std::uint64_t pair) override { run_.not_played(pair); }
    std::int64_t left() const override { return 0; }  // a resume plays what is missing

  private:
    spsa::SpsaRun& run_;
    const harness::Tournament& tournament_;
};

}  // namespace

harness::RunOutcome run_distributed_spsa(Cluster& cluster, harness::Tournament& tournament,
                                         spsa::SpsaRun& run, const harness::MatchConfig& games,
                                         const std::filesystem::path& folder,
                                         const harness::Tournament::Observer& observer) {
    cluster.announce(
        dump_json(Json{{"config", harness::to_yaml(games)}, {"folder", folder.string()}}));
    IterationLeases leases(run, tournament);
    MatchCoordinator coordinator(cluster.transport(), tournament, leases);
    std::future<harness::RunOutcome> local =
        std::async(std::launch::async, [&] { return tournament.run(observer); });
    return coordinator.serve(local);
}

}  // namespace draughts::cluster
