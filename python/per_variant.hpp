#pragma once
// A value of a template over the rules variant, for a variant chosen at run time: the Python
// module's weights and engines hold one of these and reach the typed value through
// rules::dispatch_variant, the one place where a run-time choice becomes a template argument.

#include <variant>

#include "rules/variant.hpp"

namespace draughts::python {

#define DRAUGHTS_PYTHON_ALTERNATIVE(Policy) , T<rules::Policy>
/// One T<V> for any variant V of rules/variant_list.hpp (std::monostate: none yet).
template <template <typename> class T>
using PerVariant =
    std::variant<std::monostate DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_PYTHON_ALTERNATIVE)>;
#undef DRAUGHTS_PYTHON_ALTERNATIVE

}  // namespace draughts::python
