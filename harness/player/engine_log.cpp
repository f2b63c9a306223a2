#include "harness/player/engine_log.hpp"

#include <fmt/format.h>

#include <chrono>

namespace draughts::harness {

Expected<std::unique_ptr<EngineLog>> EngineLog::open(const std::filesystem::path& path) {
    std::ofstream out(path, std::ios::app);
    if (!out) return make_error("cannot open engine log '" + path.string() + "'");
    return std::make_unique<EngineLog>(PrivateTag{}, std::move(out));
}

EngineLog::EngineLog(PrivateTag, std::ofstream out) : out_(std::move(out)) {}

ProtocolTrace EngineLog::trace_for(std::string engine_name) {
    return [this, name = std::move(engine_name)](bool outgoing, std::string_view line) {
        write(name, outgoing ? '>' : '<', line);
    };
}

StderrLineHandler EngineLog::stderr_for(std::string engine_name) {
    return [this, name = std::move(engine_name)](std::string_view line) { write(name, '!', line); };
}

void EngineLog::note(std::string_view engine_name, std::string_view text) {
    write(engine_name, '#', text);
}

void EngineLog::write(std::string_view engine_name, char direction, std::string_view line) {
    const double seconds = std::chrono::duration<double>(SteadyClock::now() - opened_).count();
    const std::string entry =
        fmt::format("{:.3f} {} {} {}\n", seconds, engine_name, direction, line);
    const std::lock_guard lock(mutex_);
    out_ << entry;
    out_.flush();  // a log must survive the harness being killed
}

}  // namespace draughts::harness
