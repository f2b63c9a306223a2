#pragma once
// The variants known to the rules core, chosen once at run time (a command-line option, a PDN
// GameType) and turned into a policy type at the edge: everything below is a template over the
// policy, so move generation never branches on the variant at run time.

#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "common/expected.hpp"
#include "rules/variant_list.hpp"

namespace draughts::rules {

/// A game of draughts the rules core can play, one value per policy of variant_list.hpp, named
/// like it; International is the default everywhere.
enum class Variant : unsigned char {
#define DRAUGHTS_VARIANT_VALUE(Policy) Policy,
    DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_VARIANT_VALUE)
#undef DRAUGHTS_VARIANT_VALUE
};

/// Every variant, in the order of the list.
inline constexpr Variant kAllVariants[] = {
#define DRAUGHTS_VARIANT_ENTRY(Policy) Variant::Policy,
    DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_VARIANT_ENTRY)
#undef DRAUGHTS_VARIANT_ENTRY
};

/// The Variant value of policy type V: the inverse of dispatch_variant, at compile time.
template <typename V>
constexpr Variant variant_of() {
#define DRAUGHTS_VARIANT_OF(Policy) \
    if constexpr (std::is_same_v<V, Policy>) return Variant::Policy;
    DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_VARIANT_OF)
#undef DRAUGHTS_VARIANT_OF
    static_assert(
#define DRAUGHTS_VARIANT_IS(Policy) std::is_same_v<V, Policy> ||
        DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_VARIANT_IS)
#undef DRAUGHTS_VARIANT_IS
            false,
        "not a policy of rules/variant_list.hpp");
    return Variant::International;
}

/// "international", "brazilian" or "russian" (the policy's kName).
std::string_view variant_name(Variant variant);

/// The variant of a name as variant_name writes it (case-insensitive); nullopt when unknown.
std::optional<Variant> parse_variant(std::string_view name);

/// The variant of a name as parse_variant reads it, or the error the command line prints for an
/// unknown one: `unknown variant "checkers" (international, brazilian, russian)`.
Expected<Variant> variant_from_name(std::string_view name);

/// The variant of a PDN GameType number (20, 25, 26); nullopt for any other.
std::optional<Variant> variant_of_game_type(int game_type);

/// The PDN GameType number of a variant.
int game_type_of(Variant variant);

/// The variant a PDN GameType tag value names, in its short ("25") or full form
/// ("25,W,8,8,A0,0": the number before the first comma names the game); an empty tag means
/// international draughts, the PDN default; nullopt for any other game.
std::optional<Variant> variant_of_game_type_tag(std::string_view tag);

/// Calls `f` with a value-less tag of the variant's policy type, `f(International{})` etc., and
/// returns what it returns: the one place where the run-time choice becomes a template argument.
template <typename F>
decltype(auto) dispatch_variant(Variant variant, F&& f) {
    switch (variant) {
#define DRAUGHTS_VARIANT_CASE(Policy) \
    case Variant::Policy:             \
        return std::forward<F>(f)(Policy{});
        DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_VARIANT_CASE)
#undef DRAUGHTS_VARIANT_CASE
    }
    return std::forward<F>(f)(International{});  // not reached: the switch names every value
}

}  // namespace draughts::rules
