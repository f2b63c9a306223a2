#pragma once
// How the tuner's configurations and binary files name the rules variant: the `variant:` key of
// the tune and datagen configurations (as rules::parse_variant reads it, international when
// absent), and the variant word of binary data sets and checkpoints (the PDN GameType, 0 for
// international draughts, so that files written before variants were recorded read as such;
// 1000 times its rank plus the GameType for a variant sharing its GameType with an earlier one:
// Killer draughts is 1020).

#include <cstdint>
#include <optional>

#include "config/yaml_section.hpp"
#include "rules/variant.hpp"

namespace draughts::tuner {

/// Reads `variant` from `section` (default international); an unknown name is reported at the
/// key with the known names.
rules::Variant read_variant_key(harness::YamlSection& section);

/// The word a binary file records for `variant`.
std::uint32_t variant_file_word(rules::Variant variant);
/// The variant of a file's word; nullopt for an unknown word.
std::optional<rules::Variant> variant_of_file_word(std::uint32_t word);

}  // namespace draughts::tuner
