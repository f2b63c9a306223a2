#include "harness/player/engine_transcript.hpp"

#include <utility>
#include <variant>

namespace draughts::harness {

namespace {

void keep_last(std::deque<std::string>& lines, std::string_view line) {
    lines.emplace_back(line);
    if (lines.size() > EngineTranscript::kRecentLines) lines.pop_front();
}

std::string quoted_list(const std::deque<std::string>& lines) {
    std::string out;
    for (const std::string& line : lines) {
        if (!out.empty()) out += " | ";
        out += EngineTranscript::quote(line);
    }
    return out;
}

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
    std::string out;
    for (const std::string& item : items) {
        out += separator;
        out += item;
    }
    return out;
}

}  // namespace

EngineTranscript::EngineTranscript(std::string output) : output_(std::move(output)) {}

void EngineTranscript::clear() {
    const std::lock_guard lock(mutex_);
    output_lines_.clear();
    stderr_lines_.clear();
    ignored_.clear();
}

void EngineTranscript::output_line(std::string_view line) {
    const std::lock_guard lock(mutex_);
    keep_last(output_lines_, line);
}

void EngineTranscript::stderr_line(std::string_view line) {
    const std::lock_guard lock(mutex_);
    keep_last(stderr_lines_, line);
}

bool EngineTranscript::ignored(std::string_view line, std::string_view expected) {
    const std::lock_guard lock(mutex_);
    if (ignored_.size() >= kIgnoredLines) return false;
    ignored_.push_back({std::string(line), std::string(expected)});
    return true;
}

std::vector<std::string> EngineTranscript::details() const {
    const std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const Ignored& i : ignored_)
        out.push_back("ignored from the engine: " + quote(i.line) + "; expected " + i.expected);
    if (!output_lines_.empty())
        out.push_back("its last " + output_ + ": " + quoted_list(output_lines_));
    if (stderr_lines_.empty()) {
        out.push_back("it wrote nothing on stderr");
    } else {
        out.push_back("its last lines on stderr: " + quoted_list(stderr_lines_));
    }
    return out;
}

std::string EngineTranscript::inline_text() const { return joined(details(), "; "); }

std::string EngineTranscript::indented_text() const { return joined(details(), "\n  "); }

std::string EngineTranscript::quote(std::string_view line) {
    std::string out = "`";
    for (std::size_t i = 0; i < line.size() && i < kQuotedChars; ++i)
        out += (line[i] >= 0x20 && line[i] < 0x7f && line[i] != '`') ? line[i] : '?';
    if (line.size() > kQuotedChars) out += "...";
    return out + "`";
}

StderrSink stderr_with_transcript(StderrSink sink, std::shared_ptr<EngineTranscript> transcript) {
    if (std::holds_alternative<stderr_sink::Discard>(sink))
        return stderr_sink::Lines{[transcript = std::move(transcript)](std::string_view line) {
            transcript->stderr_line(line);
        }};
    if (auto* lines = std::get_if<stderr_sink::Lines>(&sink)) {
        return stderr_sink::Lines{[transcript = std::move(transcript),
                                   handler = std::move(lines->handler)](std::string_view line) {
            transcript->stderr_line(line);
            if (handler) handler(line);
        }};
    }
    return sink;
}

}  // namespace draughts::harness
