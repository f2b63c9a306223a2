#include "report/report_refresher.hpp"

#include "report/report_builder.hpp"

namespace draughts::report {

ReportRefresher::ReportRefresher(std::vector<std::filesystem::path> dirs,
                                 std::filesystem::path output,
                                 std::chrono::steady_clock::duration interval)
    : dirs_(std::move(dirs)), output_(std::move(output)), interval_(interval) {}

ReportRefresher::~ReportRefresher() { wait(); }

void ReportRefresher::maybe_refresh() {
    const auto now = std::chrono::steady_clock::now();
    if (!last_) {
        last_ = now;
        return;
    }
    if (now - *last_ < interval_ || running_) return;
    wait();  // the previous thread has finished: join it before starting the next
    last_ = now;
    running_ = true;
    thread_ = std::thread([this] {
        (void)write_report(dirs_, output_);
        running_ = false;
    });
}

void ReportRefresher::wait() {
    if (thread_.joinable()) thread_.join();
}

}  // namespace draughts::report
