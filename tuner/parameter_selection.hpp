#pragma once
// Sets of parameters named the way weight files name them, for freezing terms during tuning:
// "man" (both weights of a term), "man.mg" / "man.eg" (one of them), "pattern_band0" (a whole
// table), "pattern_band0[42]" (one entry), and the groups "terms" and "tables".

#include <string>
#include <vector>

#include "common/expected.hpp"
#include "rules/international.hpp"

namespace draughts::tuner {

/// Marks every parameter of variant V's layout named by `names` (see above); an unknown name
/// (also a table the board does not have) is an error naming it.
template <typename V = rules::International>
Expected<std::vector<bool>> select_parameters(const std::vector<std::string>& names);

}  // namespace draughts::tuner
