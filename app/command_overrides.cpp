#include "app/command_overrides.hpp"

#include "common/calendar.hpp"
#include "harness/config/engine_options.hpp"

namespace draughts::app {

Expected<std::vector<harness::ConfigAssignment>> command_overrides(
    const std::vector<std::string>& sets, std::initializer_list<KeyShortcut> shortcuts) {
    std::vector<harness::ConfigAssignment> out;
    for (const std::string& set : sets) {
        auto assignment = harness::parse_assignment(set, "--set " + set);
        if (!assignment) return assignment.error();
        out.push_back(std::move(assignment).value());
    }
    for (const KeyShortcut& s : shortcuts)
        if (!s.value.empty())
            out.push_back(
                {s.key, harness::yaml_quoted(s.value), std::string(s.option) + " " + s.value});
    return out;
}

std::filesystem::path default_output_folder(const std::string& name) {
    const std::filesystem::path base =
        std::filesystem::current_path() / "results" / (name + "-" + folder_stamp());
    std::filesystem::path candidate = base;
    for (int k = 2; std::filesystem::exists(candidate); ++k)
        candidate = base.string() + "-" + std::to_string(k);
    return candidate;
}

}  // namespace draughts::app
