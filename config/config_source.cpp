#include "config/config_source.hpp"

#include <utility>

namespace draughts::harness {

namespace {

/// True when `path` is `prefix` or lies inside it ("a.b" in "a", "a[1].c" in "a[1]").
bool is_within(std::string_view path, std::string_view prefix) {
    if (path.substr(0, prefix.size()) != prefix) return false;
    return path.size() == prefix.size() || path[prefix.size()] == '.' || path[prefix.size()] == '[';
}

}  // namespace

ConfigSource::ConfigSource(std::string file, std::filesystem::path base_dir)
    : file_(std::move(file)), base_dir_(std::move(base_dir)) {}

void ConfigSource::add_override(AppliedOverride applied) {
    overrides_.push_back(std::move(applied));
}

const AppliedOverride* ConfigSource::override_for(std::string_view path) const {
    // The last override wins, as when applying them.
    for (auto it = overrides_.rbegin(); it != overrides_.rend(); ++it)
        if (is_within(path, it->path)) return &*it;
    return nullptr;
}

std::string ConfigSource::location(const YAML::Node& node, std::string_view path) const {
    if (const AppliedOverride* applied = override_for(path)) return applied->text;
    if (node.IsDefined()) {
        const YAML::Mark mark = node.Mark();
        if (!mark.is_null())
            return file_ + ":" + std::to_string(mark.line + 1) + ":" +
                   std::to_string(mark.column + 1);
    }
    // A node without a position was made by an override of one of its keys.
    for (auto it = overrides_.rbegin(); it != overrides_.rend(); ++it)
        if (is_within(it->path, path)) return it->text;
    return file_;
}

void ConfigSource::error(const YAML::Node& node, std::string_view path, std::string_view message) {
    std::string text = location(node, path) + ": ";
    if (!path.empty()) text += std::string(path) + ": ";
    text += message;
    errors_.push_back(std::move(text));
}

std::filesystem::path ConfigSource::resolve_path(std::string_view path,
                                                 const std::string& value) const {
    std::filesystem::path p(value);
    if (p.empty() || p.is_absolute()) return p;
    const bool from_command_line = override_for(path) != nullptr || base_dir_.empty();
    const std::filesystem::path base =
        from_command_line ? std::filesystem::current_path() : base_dir_;
    std::filesystem::path resolved = (base / p).lexically_normal();
    if (!resolved.has_filename() && resolved.has_parent_path()) resolved = resolved.parent_path();
    return resolved;
}

Error ConfigSource::to_error() const {
    std::string text;
    for (const auto& e : errors_) {
        if (!text.empty()) text += '\n';
        text += e;
    }
    return make_error(std::move(text));
}

}  // namespace draughts::harness
