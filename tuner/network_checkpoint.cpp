// Checkpoints of a network training run (declared in network_trainer.hpp): magic, version, the
// run's fingerprint, the sizes, the epoch and best epoch, the weights, the best weights, Adam's
// moments and step count and the history, doubles bit for bit, then a checksum.

#include <string>

#include "common/byte_io.hpp"
#include "common/file_io.hpp"
#include "tuner/network_trainer.hpp"
#include "tuner/vector_bytes.hpp"

namespace draughts::tuner {

namespace {

constexpr std::string_view kNetworkCheckpointMagic = "DRNC";
constexpr std::uint32_t kNetworkCheckpointVersion = 1;
constexpr std::size_t kReportReals = 5;

}  // namespace

Expected<void> save_network_checkpoint(const NetworkTrainer& trainer,
                                       const std::filesystem::path& path) {
    const NetworkTrainerState& s = trainer.state();
    std::string out(kNetworkCheckpointMagic);
    ByteWriter w(out);
    w.put(kNetworkCheckpointVersion);
    w.put(trainer.fingerprint());
    w.put(static_cast<std::uint64_t>(s.weights.size()));
    w.put(static_cast<std::int32_t>(s.epoch));
    w.put(static_cast<std::int32_t>(s.best_epoch));
    w.put_real(s.best_holdout_loss);
    put_vector(w, s.weights);
    put_vector(w, s.best_weights);
    put_vector(w, s.optimizer.first_moment());
    put_vector(w, s.optimizer.second_moment());
    w.put(s.optimizer.steps());
    w.put(static_cast<std::uint32_t>(s.history.size()));
    for (const NetworkEpochReport& r : s.history) {
        w.put(static_cast<std::int32_t>(r.epoch));
        w.put(static_cast<std::int32_t>(r.best_epoch));
        for (const double x :
             {r.train_loss, r.holdout_loss, r.learning_rate, r.seconds, r.positions_per_second})
            w.put_real(x);
    }
    w.put(engine::network_checksum(out));
    return write_file_atomically(path, out);
}

Expected<NetworkTrainerState> load_network_checkpoint(const std::filesystem::path& path,
                                                      const NetworkTrainer& trainer) {
    const auto read = read_whole_file(path);
    if (!read) return read.error();
    const std::string_view bytes = *read;
    const std::string name = path.string();
    const std::size_t header = kNetworkCheckpointMagic.size() + 4 + 8 + 8 + 4 + 4 + 8;
    if (!bytes.starts_with(kNetworkCheckpointMagic))
        return make_error(name + ": not a network training checkpoint (bad magic)");
    if (bytes.size() < header + 8 ||
        get_le<std::uint64_t>(bytes, bytes.size() - 8) !=
            engine::network_checksum(bytes.substr(0, bytes.size() - 8)))
        return make_error(name + ": checksum mismatch: the checkpoint is damaged or cut short");
    std::size_t at = kNetworkCheckpointMagic.size();
    if (const auto version = get_le<std::uint32_t>(bytes, at); version != kNetworkCheckpointVersion)
        return make_error(name + ": checkpoint version " + std::to_string(version) +
                          ", this build reads version " +
                          std::to_string(kNetworkCheckpointVersion));
    at += 4;
    if (get_le<std::uint64_t>(bytes, at) != trainer.fingerprint())
        return make_error(name +
                          ": the checkpoint belongs to another run (other data or settings)");
    at += 8;
    const auto count = get_le<std::uint64_t>(bytes, at);
    at += 8;
    const auto parameters = static_cast<std::uint64_t>(trainer.state().weights.size());
    if (count != parameters)
        return make_error(name + ": " + std::to_string(count) + " parameters, this run has " +
                          std::to_string(parameters));
    const std::size_t vectors = 4 * 8 * static_cast<std::size_t>(count);
    if (bytes.size() < header + vectors + 8 + 4 + 8)
        return make_error(name + ": the checkpoint is cut short");
    NetworkTrainerState s;
    s.epoch = get_le<std::int32_t>(bytes, at);
    s.best_epoch = get_le<std::int32_t>(bytes, at + 4);
    s.best_holdout_loss = get_real_le(bytes, at + 8);
    at += 16;
    const auto vector = [&] { return get_vector(bytes, at, static_cast<std::size_t>(count)); };
    s.weights = vector();
    s.best_weights = vector();
    Eigen::VectorXd m = vector();
    Eigen::VectorXd v = vector();
    const auto steps = get_le<std::uint64_t>(bytes, at);
    at += 8;
    s.optimizer = AdamOptimizer(static_cast<Eigen::Index>(count), trainer.settings().adam);
    s.optimizer.restore(std::move(m), std::move(v), steps);
    const auto reports = get_le<std::uint32_t>(bytes, at);
    at += 4;
    if (bytes.size() != at + std::size_t{reports} * (8 + 8 * kReportReals) + 8)
        return make_error(name + ": the history does not fill the checkpoint");
    for (std::uint32_t i = 0; i < reports; ++i) {
        NetworkEpochReport r;
        r.epoch = get_le<std::int32_t>(bytes, at);
        r.best_epoch = get_le<std::int32_t>(bytes, at + 4);
        at += 8;
        double* fields[] = {&r.train_loss, &r.holdout_loss, &r.learning_rate, &r.seconds,
                            &r.positions_per_second};
        for (double* field : fields) {
            *field = get_real_le(bytes, at);
            at += 8;
        }
        s.history.push_back(r);
    }
    return s;
}

}  // namespace draughts::tuner
