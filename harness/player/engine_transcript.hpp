#pragma once
// What an engine process said, kept for the messages that explain its failures: its last lines
// on stdout (a Hub engine's protocol lines, a DXP engine's messages) and stderr, and the first
// lines it sent that the harness did not expect and ignored (`bestmove 32-28` where `done
// move=...` was awaited, a banner instead of `wait`). A failure then reads "ignored from the
// engine: `bestmove 32-28`; expected `done move=...`; its last lines on stdout: ...; it wrote
// nothing on stderr" instead of a bare "no move by the deadline".

#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "system/process/process.hpp"

namespace draughts::harness {

/// The recent output of one engine process; see the top of the file. Thread-safe (stderr lines
/// arrive on the stderr pump's thread).
class EngineTranscript {
  public:
    static constexpr std::size_t kRecentLines = 5;    ///< last lines kept of each stream
    static constexpr std::size_t kIgnoredLines = 3;   ///< first ignored lines kept per process
    static constexpr std::size_t kQuotedChars = 120;  ///< longer lines are cut

    /// `output`: what its output lines are called in messages ("lines on stdout", "messages").
    explicit EngineTranscript(std::string output = "lines on stdout");

    /// Forgets everything: a new process starts.
    void clear();
    void output_line(std::string_view line);
    void stderr_line(std::string_view line);
    /// Records a line ignored while `expected` was awaited ("`done move=...`"). True for the
    /// first kIgnoredLines of the process: those are worth a note in the engine log.
    bool ignored(std::string_view line, std::string_view expected);

    /// What the engine said, one fact per item: the ignored lines with what was expected, its
    /// last output lines, its last stderr lines (or that it wrote none).
    std::vector<std::string> details() const;
    /// details() on one line, each item after "; " (for game records): empty when there is
    /// nothing to say.
    std::string inline_text() const;
    /// details() as indented lines, each after "\n  " (for messages of several lines).
    std::string indented_text() const;

    /// A line as messages quote it: in backticks, printable, at most kQuotedChars.
    static std::string quote(std::string_view line);

  private:
    struct Ignored {
        std::string line;
        std::string expected;
    };

    std::string output_;
    mutable std::mutex mutex_;
    std::deque<std::string> output_lines_;
    std::deque<std::string> stderr_lines_;
    std::vector<Ignored> ignored_;
};

/// `sink` with every stderr line also given to `transcript` (a Discard sink becomes one that
/// only feeds it). File and Inherit sinks, which the child writes itself, are left as they are.
StderrSink stderr_with_transcript(StderrSink sink, std::shared_ptr<EngineTranscript> transcript);

}  // namespace draughts::harness
