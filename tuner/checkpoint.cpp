// Checkpoint file, little-endian:
//   magic "\x89DRTUNE\n", u32 version (2), u32 variant (its PDN GameType, 0 for international
//   draughts, as checkpoints written before variants were recorded have it), u64 run
//   fingerprint, u64 parameters,
//   i32 epoch, u32 reserved, u64 Adam steps, then weights, first and second moments (f64 each,
//   one per parameter), u64 history length and per epoch: i32 epoch, i32 best epoch so far, f64
//   train loss, hold-out loss, learning rate, seconds, u64 steps; then the best epoch: i32 epoch,
//   u32 reserved, f64 hold-out loss, and its weights (f64, one per parameter).
// Version 1 (before the best epoch was kept) cannot be resumed exactly, so it is refused.

#include "tuner/checkpoint.hpp"

#include <string>

#include "common/byte_io.hpp"
#include "common/file_io.hpp"
#include "tuner/variant_key.hpp"
#include "tuner/vector_bytes.hpp"

namespace draughts::tuner {

namespace {

constexpr std::string_view kTunerCheckpointMagic{
    "\x89"
    "DRTUNE\n",
    8};
constexpr std::uint32_t kTunerCheckpointVersion = 2;
constexpr std::size_t kCheckpointHeaderBytes = 48;
constexpr std::size_t kEpochBytes = 48;
constexpr std::size_t kBestHeaderBytes = 16;

std::string variant_text(std::uint32_t word) {
    const auto variant = variant_of_file_word(word);
    if (!variant) return "an unknown variant (PDN GameType " + std::to_string(word) + ")";
    return std::string(rules::variant_name(*variant)) + " draughts";
}

}  // namespace

Expected<void> save_checkpoint(const TexelTuner& tuner, const std::filesystem::path& path,
                               rules::Variant variant) {
    const TunerState& state = tuner.state();
    std::string out;
    ByteWriter w(out);
    out.append(kTunerCheckpointMagic);
    w.put(kTunerCheckpointVersion);
    w.put(variant_file_word(variant));
    w.put(tuner.fingerprint());
    w.put(static_cast<std::uint64_t>(state.weights.size()));
    w.put(static_cast<std::int32_t>(state.epoch));
    w.zeros(4);
    w.put(state.optimizer.steps());
    put_vector(w, state.weights);
    put_vector(w, state.optimizer.first_moment());
    put_vector(w, state.optimizer.second_moment());
    w.put(static_cast<std::uint64_t>(state.history.size()));
    for (const EpochReport& r : state.history) {
        w.put(static_cast<std::int32_t>(r.epoch));
        w.put(static_cast<std::int32_t>(r.best_epoch));
        w.put_real(r.train_loss);
        w.put_real(r.holdout_loss);
        w.put_real(r.learning_rate);
        w.put_real(r.seconds);
        w.put(r.steps);
    }
    w.put(static_cast<std::int32_t>(state.best_epoch));
    w.zeros(4);
    w.put_real(state.best_holdout_loss);
    put_vector(w, state.best_weights);
    return write_file_atomically(path, out);
}

Expected<TunerState> load_checkpoint(const std::filesystem::path& path, const TexelTuner& tuner,
                                     rules::Variant variant) {
    const auto bytes = read_whole_file(path);
    if (!bytes) return bytes.error();
    const std::string name = path.string();
    const std::string_view b = *bytes;
    if (b.substr(0, kTunerCheckpointMagic.size()) != kTunerCheckpointMagic)
        return make_error(name + ": not a tuner checkpoint (bad magic)");
    if (b.size() < kCheckpointHeaderBytes)
        return make_error(name + ": truncated header (" + std::to_string(b.size()) + " bytes)");
    if (const auto version = get_le<std::uint32_t>(b, 8); version != kTunerCheckpointVersion)
        return make_error(name + ": checkpoint version " + std::to_string(version) +
                          " is not supported (this program writes version " +
                          std::to_string(kTunerCheckpointVersion) + ")");
    if (const auto word = get_le<std::uint32_t>(b, 12); word != variant_file_word(variant))
        return make_error(name + ": the checkpoint is of a run of " + variant_text(word) +
                          ", this run is of " + std::string(rules::variant_name(variant)) +
                          " draughts");
    if (get_le<std::uint64_t>(b, 16) != tuner.fingerprint())
        return make_error(name +
                          ": the checkpoint belongs to another run (the data set, the "
                          "starting weights or a setting other than the epoch count "
                          "differ); remove it to start afresh");
    const auto parameters = get_le<std::uint64_t>(b, 24);
    if (parameters != static_cast<std::uint64_t>(tuner.start().size()))
        return make_error(name + ": " + std::to_string(parameters) + " parameters, the run has " +
                          std::to_string(tuner.start().size()));
    const std::uint64_t vectors = 3 * 8 * parameters;
    if (b.size() < kCheckpointHeaderBytes + vectors + 8)
        return make_error(name + ": truncated at byte " + std::to_string(b.size()) +
                          " (inside the weight vectors)");
    TunerState state;
    state.epoch = get_le<std::int32_t>(b, 32);
    const auto steps = get_le<std::uint64_t>(b, 40);
    std::size_t offset = kCheckpointHeaderBytes;
    state.weights = get_vector(b, offset, parameters);
    Eigen::VectorXd m = get_vector(b, offset, parameters);
    Eigen::VectorXd v = get_vector(b, offset, parameters);
    state.optimizer = AdamOptimizer(static_cast<Eigen::Index>(parameters), tuner.settings().adam);
    state.optimizer.restore(std::move(m), std::move(v), steps);
    const auto epochs = get_le<std::uint64_t>(b, offset);
    offset += 8;
    if (epochs != static_cast<std::uint64_t>(state.epoch) ||
        b.size() != offset + kEpochBytes * epochs + kBestHeaderBytes + 8 * parameters)
        return make_error(name + ": the epoch history does not match the file size (" +
                          std::to_string(b.size()) + " bytes for " + std::to_string(epochs) +
                          " epochs)");
    for (std::uint64_t i = 0; i < epochs; ++i, offset += kEpochBytes) {
        EpochReport r;
        r.epoch = get_le<std::int32_t>(b, offset);
        r.best_epoch = get_le<std::int32_t>(b, offset + 4);
        r.train_loss = get_real_le(b, offset + 8);
        r.holdout_loss = get_real_le(b, offset + 16);
        r.learning_rate = get_real_le(b, offset + 24);
        r.seconds = get_real_le(b, offset + 32);
        r.steps = get_le<std::uint64_t>(b, offset + 40);
        state.history.push_back(r);
    }
    state.best_epoch = get_le<std::int32_t>(b, offset);
    state.best_holdout_loss = get_real_le(b, offset + 8);
    offset += kBestHeaderBytes;
    if (state.best_epoch < 0 || state.best_epoch > state.epoch)
        return make_error(name + ": best epoch " + std::to_string(state.best_epoch) +
                          " is not one of the " + std::to_string(state.epoch) + " epochs");
    state.best_weights = get_vector(b, offset, parameters);
    return state;
}

}  // namespace draughts::tuner
