#include "cluster/cluster.hpp"

namespace draughts::cluster {

void Cluster::announce(const std::string& job) {
    if (announced_ || !is_root()) return;
    announced_ = true;
    if (!job.empty()) engaged_ = true;
    transport_->broadcast(job);
}

std::string Cluster::await_job() {
    std::string job = transport_->broadcast("");
    if (!job.empty()) engaged_ = true;
    return job;
}

void Cluster::end_after_failure(int status) {
    if (engaged_) transport_->abort(status);
    release();
}

}  // namespace draughts::cluster
