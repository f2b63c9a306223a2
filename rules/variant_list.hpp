#pragma once
// The one list of the variants the rules core knows. Everything that has to name every variant
// (the Variant enumeration, dispatch_variant, the explicit instantiations of the rules templates
// in rules/*.cpp) expands this list, so that a new variant is its policy file plus one entry
// here (and its tests). International comes first: it is the default everywhere.

#include "rules/antidraughts.hpp"
#include "rules/brazilian.hpp"
#include "rules/breakthrough.hpp"
#include "rules/english.hpp"
#include "rules/frisian.hpp"
#include "rules/international.hpp"
#include "rules/killer.hpp"
#include "rules/pool.hpp"
#include "rules/russian.hpp"

/// Calls X(Policy) for the policy type of every variant, in the order of the Variant values.
#define DRAUGHTS_FOR_EACH_VARIANT(X) \
    X(International)                 \
    X(Brazilian)                     \
    X(Russian)                       \
    X(Killer)                        \
    X(Breakthrough)                  \
    X(Antidraughts)                  \
    X(English)                       \
    X(Pool)                          \
    X(Frisian)                       \
    X(Frysk)
