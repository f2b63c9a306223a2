#include "cluster/cluster.hpp"

namespace draughts::cluster {

void Cluster::announce(const std::string& job) {
    if (announced_ || !is_root()) return;
    announced_ = true;
    transport_->broadcast(job);
}

}  // namespace draughts::cluster
