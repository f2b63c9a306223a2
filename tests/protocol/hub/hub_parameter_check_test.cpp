// Values sent with `set-param` against the engine's declaration: the range of an int or real,
// the values of an enum, the two words of a bool (issue 41: `nodes=99999` went to an engine that
// declared max=5000).

#include "protocol/hub/hub_parameter_check.hpp"

#include <gtest/gtest.h>

#include <string>

namespace draughts::protocol {
namespace {

struct ValueCase {
    std::string name;
    HubParameter parameter;
    std::string value;
    std::string problem;  ///< part of the message; empty: the value fits
};

void PrintTo(const ValueCase& c, std::ostream* os) { *os << c.name; }

HubParameter int_param(std::string min, std::string max) {
    return {"nodes", "1000", "int", std::move(min), std::move(max), ""};
}
HubParameter real_param() { return {"margin", "0.5", "real", "0", "2.5", ""}; }
HubParameter enum_param() { return {"style", "calm", "enum", "", "", "calm wild"}; }

class HubValue : public ::testing::TestWithParam<ValueCase> {};

TEST_P(HubValue, IsCheckedAgainstTheDeclaration) {
    const ValueCase& c = GetParam();
    const auto problem = hub_value_problem(c.parameter, c.value);
    if (c.problem.empty()) {
        EXPECT_FALSE(problem) << *problem;
    } else {
        ASSERT_TRUE(problem);
        EXPECT_NE(problem->find(c.problem), std::string::npos) << *problem;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, HubValue,
    ::testing::Values(
        ValueCase{"IntInRange", int_param("1", "5000"), "5000", ""},
        ValueCase{"IntAboveMax", int_param("1", "5000"), "99999",
                  "99999 is above the declared maximum 5000 (declared: type=int min=1 max=5000)"},
        ValueCase{"IntBelowMin", int_param("1", "5000"), "0", "0 is below the declared minimum 1"},
        ValueCase{"IntNotANumber", int_param("1", "5000"), "lots", "'lots' is not an integer"},
        ValueCase{"IntWithAFraction", int_param("1", "5000"), "2.5", "'2.5' is not an integer"},
        ValueCase{"IntWithoutBounds", int_param("", ""), "-7", ""},
        ValueCase{"IntWithOnlyAMaximum", int_param("", "10"), "11", "above the declared maximum"},
        ValueCase{"RealInRange", real_param(), "2.5", ""},
        ValueCase{"RealAboveMax", real_param(), "2.6", "2.6 is above the declared maximum 2.5"},
        ValueCase{"RealNotFinite", real_param(), "nan", "'nan' is not a number"},
        ValueCase{"EnumValue", enum_param(), "wild", ""},
        ValueCase{"EnumOtherValue", enum_param(), "mild",
                  "'mild' is not one of the declared values (calm wild)"},
        ValueCase{"EnumPrefixIsNoValue", enum_param(), "cal", "not one of the declared values"},
        ValueCase{"Bool", HubParameter{"book", "true", "bool", "", "", ""}, "false", ""},
        ValueCase{"BoolNotAWord", HubParameter{"book", "true", "bool", "", "", ""}, "yes",
                  "'yes' is not a bool (true or false)"},
        ValueCase{"StringTakesAnything", HubParameter{"file", "", "string", "", "", ""}, "x y", ""},
        ValueCase{"UnknownTypeIsNotChecked", HubParameter{"x", "", "colour", "", "", ""}, "red",
                  ""}),
    [](const ::testing::TestParamInfo<ValueCase>& test) { return test.param.name; });

}  // namespace
}  // namespace draughts::protocol
