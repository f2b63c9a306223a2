#pragma once
// The variants known to the rules core, chosen once at run time (a command-line option, a PDN
// GameType) and turned into a policy type at the edge: everything below is a template over the
// policy, so move generation never branches on the variant at run time.

#include <optional>
#include <string>
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

/// The variant's name, its policy's kName: "international", "brazilian", "russian", "killer",
/// "breakthrough" or "antidraughts".
std::string_view variant_name(Variant variant);

/// The variant of a name as variant_name writes it (case-insensitive); nullopt when unknown.
std::optional<Variant> parse_variant(std::string_view name);

/// The variant of a name as parse_variant reads it, or the error the command line prints for an
/// unknown one: `unknown variant "checkers" (international, brazilian, russian, ...)`.
Expected<Variant> variant_from_name(std::string_view name);

/// Every variant's name, in the order of the list, separated by ", " (for help texts and
/// errors).
std::string variant_names();

/// The name the Hub protocol's `variant` parameter gives the variant (the policy's kHubName):
/// Scan's "normal", "killer", "bt" and "losing" where Scan plays it, the variant's name otherwise.
std::string_view hub_variant_name(Variant variant);

/// The variant of a Hub `variant` value: a Hub name (the first variant with that name) or a
/// variant's name; nullopt when unknown.
std::optional<Variant> parse_hub_variant(std::string_view name);

/// The variant of a PDN GameType number; where several variants share it (Killer draughts has
/// none of its own and is written as 20), the first of the list; nullopt for any other.
std::optional<Variant> variant_of_game_type(int game_type);

/// The PDN GameType number of a variant.
int game_type_of(Variant variant);

/// The variant a PDN GameType tag value names, in its short ("25") or full form
/// ("25,W,8,8,A0,0": the number before the first comma names the game); an empty tag means
/// international draughts, the PDN default; nullopt for any other game.
std::optional<Variant> variant_of_game_type_tag(std::string_view tag);

/// The variant of a game's PDN tags: its Variant tag when that names a variant (variant_name,
/// case-insensitive, as the PDN writer adds it where the GameType alone does not tell), else its
/// GameType tag as variant_of_game_type_tag reads it.
std::optional<Variant> variant_of_pdn_tags(std::string_view game_type_tag,
                                           std::string_view variant_tag);

/// Whether the GameType of `variant` names it alone (the first variant with that GameType), so
/// that a record needs no Variant tag.
bool game_type_names(Variant variant);

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
