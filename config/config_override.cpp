#include "config/config_override.hpp"

#include <optional>
#include <vector>

#include "common/text.hpp"

namespace draughts::harness {

namespace {

/// One step of a key path: a key name, or a list position.
struct PathStep {
    std::string name;
    std::optional<std::size_t> index;
};

/// "a.b[2].c" -> a, b, [2], c. Numeric names become positions. Nullopt on bad syntax.
std::optional<std::vector<PathStep>> split_path(std::string_view path) {
    std::vector<PathStep> steps;
    std::size_t pos = 0;
    while (pos <= path.size()) {
        const std::size_t end = path.find_first_of(".[", pos);
        const std::string_view name =
            path.substr(pos, end == std::string_view::npos ? path.npos : end - pos);
        if (name.empty() && (end == std::string_view::npos || path[end] == '.'))
            return std::nullopt;
        if (!name.empty()) {
            if (const auto index = parse_number<std::size_t>(name))
                steps.push_back({{}, index});
            else
                steps.push_back({std::string(name), std::nullopt});
        }
        if (end == std::string_view::npos) break;
        if (path[end] == '[') {
            const std::size_t close = path.find(']', end);
            if (close == std::string_view::npos) return std::nullopt;
            const auto index = parse_number<std::size_t>(path.substr(end + 1, close - end - 1));
            if (!index) return std::nullopt;
            steps.push_back({{}, index});
            pos = close + 1;
            if (pos == path.size()) break;
            if (path[pos] == '.')
                ++pos;
            else if (path[pos] != '[')
                return std::nullopt;
        } else {
            pos = end + 1;
        }
    }
    if (steps.empty()) return std::nullopt;
    return steps;
}

std::string append_step(const std::string& path, const PathStep& step) {
    if (step.index) return path + "[" + std::to_string(*step.index) + "]";
    return path.empty() ? step.name : path + "." + step.name;
}

/// The position of the element of a list whose `name` key equals `name`.
std::optional<std::size_t> find_named(const YAML::Node& list, const std::string& name) {
    for (std::size_t i = 0; i < list.size(); ++i) {
        const YAML::Node item = list[i];
        if (item.IsMap() && item["name"] && item["name"].IsScalar() &&
            item["name"].Scalar() == name)
            return i;
    }
    return std::nullopt;
}

}  // namespace

Expected<std::vector<ConfigAssignment>> expand_every_entry(const YAML::Node& root,
                                                           const ConfigAssignment& assignment) {
    const std::size_t star = assignment.path.find("[*]");
    if (star == std::string::npos) return std::vector<ConfigAssignment>{assignment};
    const std::string list_path = assignment.path.substr(0, star);
    YAML::Node list;
    list.reset(root);
    std::size_t pos = 0;
    while (pos < list_path.size() && list.IsDefined() && list.IsMap()) {
        const std::size_t dot = list_path.find('.', pos);
        const std::string key = list_path.substr(pos, dot == std::string::npos ? dot : dot - pos);
        YAML::Node next = list[key];
        list.reset(next);
        pos = dot == std::string::npos ? list_path.size() : dot + 1;
    }
    if (list_path.empty() || pos < list_path.size() || !list.IsDefined() || !list.IsSequence())
        return make_error(assignment.text + ": '" + list_path + "' is not a list");
    std::vector<ConfigAssignment> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        ConfigAssignment one = assignment;
        one.path = list_path;
        one.path += '[';
        one.path += std::to_string(i);
        one.path += ']';
        one.path += assignment.path.substr(star + 3);
        out.push_back(std::move(one));
    }
    return out;
}

Expected<ConfigAssignment> parse_assignment(std::string_view assignment, std::string text) {
    const std::size_t eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0)
        return make_error(text + ": expected KEY.PATH=VALUE");
    return ConfigAssignment{std::string(assignment.substr(0, eq)),
                            std::string(assignment.substr(eq + 1)), std::move(text)};
}

Expected<AppliedOverride> apply_override(YAML::Node& root, const ConfigAssignment& assignment) {
    const auto fail = [&](const std::string& why) {
        return make_error(assignment.text + ": " + why);
    };
    const auto steps = split_path(assignment.path);
    if (!steps) return fail("bad key path '" + assignment.path + "'");
    YAML::Node value;
    try {
        value = YAML::Load(assignment.value);
    } catch (const YAML::Exception& e) {
        return fail("value is not valid YAML: " + e.msg);
    }
    if (!root.IsDefined() || root.IsNull()) root = YAML::Node(YAML::NodeType::Map);

    YAML::Node current;
    current.reset(root);  // reset() rebinds; operator= would overwrite the node itself
    std::string canonical;
    for (std::size_t k = 0; k < steps->size(); ++k) {
        PathStep step = (*steps)[k];
        const bool last = k + 1 == steps->size();
        if (current.IsDefined() && !current.IsNull() && current.IsScalar())
            return fail("'" + canonical + "' is a value, not a section");
        if (current.IsSequence()) {
            if (!step.index) {
                step.index = find_named(current, step.name);
                if (!step.index)
                    return fail("'" + canonical + "' has no entry named '" + step.name + "'");
            }
            // The entry just past the end is a new one: `--engine` adds engines this way.
            if (*step.index == current.size() && !last)
                current.push_back(YAML::Node(YAML::NodeType::Map));
            if (*step.index >= current.size())
                return fail("'" + canonical + "' has " + std::to_string(current.size()) +
                            " entries; there is no [" + std::to_string(*step.index) + "]");
            canonical = append_step(canonical, step);
            if (last) {
                current[*step.index] = value;
                break;
            }
            YAML::Node next = current[*step.index];
            current.reset(next);
            continue;
        }
        if (step.index)
            return fail("'" + canonical + "' is not a list, so [" + std::to_string(*step.index) +
                        "] does not apply");
        canonical = append_step(canonical, step);
        if (last) {
            current[step.name] = value;
            break;
        }
        // A missing list is created when the next step addresses an entry of it.
        const YAML::Node existing = current[step.name];
        if ((*steps)[k + 1].index && (!existing.IsDefined() || existing.IsNull()))
            current[step.name] = YAML::Node(YAML::NodeType::Sequence);
        YAML::Node next = current[step.name];
        current.reset(next);
    }
    return AppliedOverride{canonical, assignment.text};
}

}  // namespace draughts::harness
