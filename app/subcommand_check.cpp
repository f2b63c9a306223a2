#include "app/subcommand_check.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

#include "common/text.hpp"

namespace draughts::app {

namespace {

std::vector<const CLI::App*> subcommands_of(const CLI::App& level) {
    return level.get_subcommands([](const CLI::App*) { return true; });
}

/// "unknown subcommand 'X' (did you mean 'Y'?); the subcommands are: a, b, c", or the same list
/// after "no subcommand given" when `word` is empty.
std::string mistake(const std::string& path, const CLI::App& level, std::string_view word) {
    std::string names;
    std::string closest;
    std::size_t best = 3;  // a suggestion only for a near miss: at most two edits away
    for (const CLI::App* sub : subcommands_of(level)) {
        names += (names.empty() ? "" : ", ") + sub->get_name();
        const std::size_t d = edit_distance(word, sub->get_name(), LetterCase::Ignored);
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
