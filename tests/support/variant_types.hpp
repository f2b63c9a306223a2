#pragma once
// The variants of rules/variant_list.hpp as a GoogleTest type list, so that typed tests cover a
// new variant without an edit.

#include <gtest/gtest.h>

#include <tuple>

#include "rules/variant_list.hpp"

namespace draughts::testing {

namespace variant_types_detail {
template <typename Tuple>
struct DropFirst;
template <typename First, typename... Rest>
struct DropFirst<std::tuple<First, Rest...>> {
    using Types = ::testing::Types<Rest...>;
};
#define DRAUGHTS_VARIANT_TYPE(Policy) , rules::Policy
using List = std::tuple<void DRAUGHTS_FOR_EACH_VARIANT(DRAUGHTS_VARIANT_TYPE)>;
#undef DRAUGHTS_VARIANT_TYPE
}  // namespace variant_types_detail

/// Every variant's policy type.
using AllVariants = variant_types_detail::DropFirst<variant_types_detail::List>::Types;

/// Names typed tests after the variant ("international", ...).
struct VariantNames {
    template <typename V>
    static std::string GetName(int) {
        return std::string(V::kName);
    }
};

}  // namespace draughts::testing
