#pragma once
// What an SPSA run keeps between sessions, besides its games (games/, a match results folder):
//
//   state.json  replaced atomically after every iteration applied: how many iterations are
//               applied, theta after each of the last `window` of them (the iterations still to
//               play are played around those), the totals of games, and the hash of the
//               trajectory's settings (a resume with other settings is refused)
//   spsa.csv    one row per applied iteration: iteration, W, D, L of theta+, then for each
//               parameter theta after the iteration, c_k and a_k (appended and synced; a resume
//               drops rows past the state, which a crash between the two writes can leave)
//
// Doubles are written with 17 significant digits, so a resumed run continues from exactly the
// values an uninterrupted one had.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "common/expected.hpp"
#include "common/unique_fd.hpp"
#include "spsa/spsa_schedule.hpp"

namespace draughts::spsa {

/// File names inside an SPSA folder.
inline constexpr const char* kStateFile = "state.json";
inline constexpr const char* kCsvFile = "spsa.csv";
inline constexpr const char* kGamesFolder = "games";

/// See the top of the file.
struct SpsaState {
    int applied = 0;  ///< iterations applied
    /// Theta after iterations applied - recent.size() + 1 .. applied (the last is the current
    /// theta); at the start, theta_start alone (after "iteration 0").
    std::vector<std::vector<double>> recent;
    std::int64_t wins = 0;  ///< of theta+ over the applied iterations
    std::int64_t draws = 0;
    std::int64_t losses = 0;
    double seconds = 0.0;           ///< time the sessions spent playing
    std::string trajectory_sha256;  ///< of trajectory_text(config)

    friend bool operator==(const SpsaState&, const SpsaState&) = default;
};

/// The state of a run that has applied nothing yet.
SpsaState initial_state(const SpsaSchedule& schedule, std::string trajectory_sha256);

/// Reads state.json; errors name the file and what is wrong.
Expected<SpsaState> read_state(const std::filesystem::path& file);
/// Replaces state.json atomically.
Expected<void> write_state(const std::filesystem::path& file, const SpsaState& state);

/// One row of spsa.csv.
struct CsvRow {
    int iteration = 0;
    int wins = 0;
    int draws = 0;
    int losses = 0;
    std::vector<double> theta;  ///< after the iteration
    std::vector<double> c_k;
    std::vector<double> a_k;
};

/// The header line of spsa.csv for these parameters (without the newline).
std::string csv_header(const std::vector<SpsaParameter>& parameters);
/// One line of spsa.csv (without the newline).
std::string csv_line(const CsvRow& row);
/// Parses spsa.csv text; errors name `source` and the line.
Expected<std::vector<CsvRow>> parse_csv(std::string_view text, std::string_view source,
                                        std::vector<std::string>* names = nullptr);

/// spsa.csv open for appending.
class CsvFile {
  public:
    /// Opens (creating it with its header when absent) and keeps the header and the first
    /// `rows` rows only.
    static Expected<CsvFile> open(const std::filesystem::path& file,
                                  const std::vector<SpsaParameter>& parameters, int rows);
    /// Appends a row and syncs it.
    Expected<void> append(const CsvRow& row);

  private:
    CsvFile(std::filesystem::path path, UniqueFd fd) : path_(std::move(path)), fd_(std::move(fd)) {}
    std::filesystem::path path_;
    UniqueFd fd_;
};

}  // namespace draughts::spsa
