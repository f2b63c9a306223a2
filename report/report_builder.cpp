#include "report/report_builder.hpp"

#include <fmt/format.h>

#include <optional>

#include "common/file_io.hpp"
#include "report/data_table.hpp"
#include "report/match_sections.hpp"
#include "report/network_report.hpp"
#include "report/spsa_report.hpp"
#include "report/tune_sections.hpp"

namespace draughts::report {

namespace fs = std::filesystem;

namespace {

void add_match_sections(const MatchFolder& match, HtmlPage& page) {
    page.sections.push_back(headline_section(match));
    page.sections.push_back(progress_section(match));
    page.sections.push_back(outcomes_section(match));
    if (auto ratings = ratings_section(match)) page.sections.push_back(std::move(*ratings));
    page.sections.push_back(openings_section(match));
    page.sections.push_back(games_section(match));
    page.sections.push_back(notable_games_section(match));
    page.sections.push_back(viewer_section(match));
    page.sections.push_back(provenance_section(match.summary));
}

void add_tune_sections(const TuneFolder& tune, HtmlPage& page) {
    page.sections.push_back(tuning_section(tune));
    if (!tune.settings.trace.empty()) {
        // Another engine's weights: their names are the trace's, there are no patterns.
        DataTable table{.caption = "Weights of " + tune.settings.trace,
                        .headers = {"term", "weight"},
                        .numeric = {false, true}};
        for (const auto& [name, value] : tune.named) table.rows.push_back({name, value});
        page.sections.push_back(Section{"weights", "Weights", table.html()});
        return;
    }
    page.sections.push_back(weights_section(tune));
    page.sections.push_back(patterns_section(tune));
}

/// "Match: wrapbot v builtin" (three or more engines: "a, b, c"), with the event's name when
/// it is not the default one (folders written before the default came from the engines say
/// "match").
std::string match_title(const MatchFolder& match) {
    const std::vector<std::string>& engines = match.settings.engines;
    const char* separator = engines.size() == 2 ? " v " : ", ";
    std::string names;
    for (const std::string& e : engines) names += (names.empty() ? "" : separator) + e;
    const std::string& event = match.settings.event;
    if (event == "match" || event == harness::default_event_name(engines)) return "Match: " + names;
    return fmt::format("Match {}: {}", event, names);
}

/// The page of a run that has a report of its own (SPSA, network training): its sections under a
/// title naming the folder.
std::string folder_page(const std::string& what, const fs::path& dir,
                        std::vector<Section> sections) {
    HtmlPage page;
    page.title = what + dir.filename().string();
    page.subtitle = "Results folder " + dir.string();
    page.sections = std::move(sections);
    return page.html();
}

}  // namespace

Expected<std::string> build_report(const std::vector<fs::path>& dirs) {
    std::optional<MatchFolder> match;
    std::optional<TuneFolder> tune;
    if (dirs.size() == 1 && is_spsa_folder(dirs.front())) {
        auto spsa = read_spsa_folder(dirs.front());
        if (!spsa) return spsa.error();
        return folder_page("SPSA ", dirs.front(), spsa_sections(*spsa));
    }
    if (dirs.size() == 1 && is_network_folder(dirs.front())) {
        auto network = read_network_folder(dirs.front());
        if (!network) return network.error();
        return folder_page("Network training ", dirs.front(), network_sections(*network));
    }
    for (const fs::path& dir : dirs) {
        if (is_match_folder(dir) && !match) {
            auto read = read_match_folder(dir);
            if (!read) return read.error();
            match = std::move(read).value();
        } else if (is_tune_folder(dir) && !tune) {
            auto read = read_tune_folder(dir);
            if (!read) return read.error();
            tune = std::move(read).value();
        } else if (is_match_folder(dir) || is_tune_folder(dir)) {
            return make_error(dir.string() +
                              ": give at most one match folder and one tuning folder");
        } else {
            return make_error(dir.string() +
                              ": not a results folder (no games.jsonl of a match, no loss.csv of "
                              "a tuning, no spsa.csv of an SPSA run, no curve.jsonl of a network "
                              "training)");
        }
    }
    if (!match && !tune) return make_error("no results folder given");
    HtmlPage page;
    if (match && tune) {
        page.title = "Closed loop: " + match_title(*match);
        page.subtitle =
            fmt::format("Tuning {} and match {}", tune->dir.string(), match->dir.string());
        page.sections.push_back(closed_loop_section(*tune, *match));
    } else if (match) {
        page.title = match_title(*match);
        page.subtitle = "Results folder " + match->dir.string();
    } else {
        page.title = "Tuning " + tune->dir.filename().string();
        page.subtitle = "Results folder " + tune->dir.string();
    }
    if (match) add_match_sections(*match, page);
    if (tune) add_tune_sections(*tune, page);
    return page.html();
}

Expected<void> write_report(const std::vector<fs::path>& dirs, const fs::path& output) {
    auto html = build_report(dirs);
    if (!html) return html.error();
    return write_file_atomically(output, *html);
}

}  // namespace draughts::report
