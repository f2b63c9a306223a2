#include "app/subcommand_check.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

namespace draughts::app {

namespace {

std::vector<const CLI::App*> subcommands_of(const CLI::App& level) {
    return level.get_subcommands([](const CLI::App*) { return true; });
}

/// Edit distance of two short words (insertions, deletions, substitutions), ignoring case.
std::size_t distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                              std::tolower(static_cast<unsigned char>(b[j - 1]));
            const std::size_t next = std::min({row[j] + 1, row[j - 1] + 1, diagonal + !same});
            diagonal = row[j];
            row[j] = next;
        }
    }
    return row[b.size()];
}

/// "unknown subcommand 'X' (did you mean 'Y'?); the subcommands are: a, b, c", or the same list
/// after "no subcommand given" when `word` is empty.
std::string mistake(const std::string& path, const CLI::App& level, std::string_view word) {
    std::string names;
    std::string closest;
    std::size_t best = 3;  // a suggestion only for a near miss: at most two edits away
    for (const CLI::App* sub : subcommands_of(level)) {
        names += (names.empty() ? "" : ", ") + sub->get_name();
        const std::size_t d = distance(word, sub->get_name());
        if (!word.empty() && d < best) {
            best = d;
            closest = sub->get_name();
        }
    }
    std::string text = path + ": ";
    text += word.empty() ? std::string("no subcommand given")
                         : "unknown subcommand '" + std::string(word) + "'";
    if (!closest.empty()) text += " (did you mean '" + closest + "'?)";
    return text + "; the subcommands are: " + names + " (see " + path + " --help)";
}

}  // namespace

std::optional<std::string> subcommand_mistake(const CLI::App& app, int argc,
                                              const char* const* argv) {
    const CLI::App* level = &app;
    std::string path = "draughts";
    for (int i = 1; !subcommands_of(*level).empty(); ++i) {
        if (i >= argc) return mistake(path, *level, "");
        const std::string_view word = argv[i];
        if (word.starts_with("-")) return std::nullopt;
        const auto subs = subcommands_of(*level);
        const auto found = std::find_if(
            subs.begin(), subs.end(), [&](const CLI::App* sub) { return sub->get_name() == word; });
        if (found == subs.end()) return mistake(path, *level, word);
        level = *found;
        path += " " + std::string(word);
    }
    return std::nullopt;
}

}  // namespace draughts::app
