#include "config/config_document.hpp"

#include <iterator>

#include "common/file_io.hpp"

namespace draughts::harness {

Expected<ConfigFile> read_config_file(const std::filesystem::path& file) {
    auto text = read_whole_file(file);
    if (!text) return text.error();
    ConfigFile config;
    config.text = std::move(text).value();
    std::error_code ec;
    config.base_dir = std::filesystem::absolute(file, ec).parent_path();
    return config;
}

Expected<YAML::Node> parse_with_overrides(std::string_view yaml, std::string_view source,
                                          const std::vector<ConfigAssignment>& overrides,
                                          ConfigSource& config_source) {
    YAML::Node root;
    try {
        root = YAML::Load(std::string(yaml));
    } catch (const YAML::Exception& e) {
        std::string where(source);
        if (!e.mark.is_null())
            where +=
                ":" + std::to_string(e.mark.line + 1) + ":" + std::to_string(e.mark.column + 1);
        return make_error(where + ": not valid YAML: " + e.msg);
    }
    for (const auto& assignment : overrides) {
        const auto expanded = expand_every_entry(root, assignment);
        if (!expanded) return expanded.error();
        for (const auto& one : *expanded) {
            auto applied = apply_override(root, one);
            if (!applied) return applied.error();
            config_source.add_override(std::move(applied).value());
        }
    }
    return root;
}

}  // namespace draughts::harness
