#include "rules/variant.hpp"

#include <string>

#include "common/text.hpp"

namespace draughts::rules {

std::string_view variant_name(Variant variant) {
    return dispatch_variant(variant, [](auto policy) { return decltype(policy)::kName; });
}

std::optional<Variant> parse_variant(std::string_view name) {
    for (const Variant v : kAllVariants)
        if (edit_distance(name, variant_name(v), LetterCase::Ignored) == 0) return v;
    return std::nullopt;
}

Expected<Variant> variant_from_name(std::string_view name) {
    if (const auto variant = parse_variant(name)) return *variant;
    return make_error("unknown variant \"" + std::string(name) + "\" (" + variant_names() + ")");
}

std::string_view hub_variant_name(Variant variant) {
    return dispatch_variant(variant, [](auto policy) { return decltype(policy)::kHubName; });
}

std::optional<Variant> parse_hub_variant(std::string_view name) {
    for (const Variant v : kAllVariants)
        if (edit_distance(name, hub_variant_name(v), LetterCase::Ignored) == 0) return v;
    return parse_variant(name);
}

std::string variant_names() {
    std::string out;
    for (const Variant v : kAllVariants)
        out += (out.empty() ? "" : ", ") + std::string(variant_name(v));
    return out;
}

int game_type_of(Variant variant) {
    return dispatch_variant(variant, [](auto policy) { return decltype(policy)::kGameType; });
}

std::optional<Variant> variant_of_game_type(int game_type) {
    for (const Variant v : kAllVariants)
        if (game_type_of(v) == game_type) return v;
    return std::nullopt;
}

std::optional<Variant> variant_of_game_type_tag(std::string_view tag) {
    tag = trim(tag);
    if (tag.empty()) return Variant::International;
    const auto number = parse_number<int>(trim(tag.substr(0, tag.find(','))));
    if (!number) return std::nullopt;
    return variant_of_game_type(*number);
}

std::optional<Variant> variant_of_pdn_tags(std::string_view game_type_tag,
                                           std::string_view variant_tag) {
    if (const auto named = parse_variant(trim(variant_tag))) return named;
    return variant_of_game_type_tag(game_type_tag);
}

bool game_type_names(Variant variant) {
    return variant_of_game_type(game_type_of(variant)) == variant;
}

}  // namespace draughts::rules
