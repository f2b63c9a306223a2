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

namespace {

/// Variants sharing a GameType (Killer draughts is written as 20) take 1000 times their rank
/// among those variants, in the order of the variant list, plus the GameType.
constexpr std::uint32_t kSharedGameTypeStep = 1000;

std::uint32_t file_word_of(rules::Variant variant) {
    const int game_type = rules::game_type_of(variant);
    std::uint32_t rank = 0;
    for (const rules::Variant v : rules::kAllVariants) {
        if (v == variant) break;
        if (rules::game_type_of(v) == game_type) ++rank;
    }
    return rank * kSharedGameTypeStep + static_cast<std::uint32_t>(game_type);
}

}  // namespace

std::uint32_t variant_file_word(rules::Variant variant) {
    if (variant == rules::Variant::International) return 0;
    return file_word_of(variant);
}

std::optional<rules::Variant> variant_of_file_word(std::uint32_t word) {
    if (word == 0) return rules::Variant::International;
    for (const rules::Variant v : rules::kAllVariants)
        if (v != rules::Variant::International && file_word_of(v) == word) return v;
    return std::nullopt;
}

}  // namespace draughts::tuner
