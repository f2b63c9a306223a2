#include "tuner/variant_key.hpp"

#include <string>

namespace draughts::tuner {

rules::Variant read_variant_key(harness::YamlSection& section) {
    const std::string name = section.text("variant", "international");
    if (const auto variant = rules::parse_variant(name)) return *variant;
    std::string known;
    for (const rules::Variant v : rules::kAllVariants)
        known += (known.empty() ? "" : ", ") + std::string(rules::variant_name(v));
    section.error("variant", "unknown variant \"" + name + "\" (known: " + known + ")");
    return rules::Variant::International;
}

std::uint32_t variant_file_word(rules::Variant variant) {
    if (variant == rules::Variant::International) return 0;
    return static_cast<std::uint32_t>(rules::game_type_of(variant));
}

std::optional<rules::Variant> variant_of_file_word(std::uint32_t word) {
    if (word == 0) return rules::Variant::International;
    return rules::variant_of_game_type(static_cast<int>(word));
}

}  // namespace draughts::tuner
