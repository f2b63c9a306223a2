// The one time source of the toolkit: the fake moves only when told, the steady one never goes
// back, and readers given no clock share one steady clock.

#include "common/time_source.hpp"

#include <gtest/gtest.h>

namespace draughts {
namespace {

TEST(FakeTimeSource, MovesOnlyWhenAdvanced) {
    FakeTimeSource time(5.0);
    EXPECT_EQ(time.now(), 5.0);
    EXPECT_EQ(time.now(), 5.0);
    time.advance(0.25);
    EXPECT_EQ(time.now(), 5.25);
}

TEST(FakeTimeSource, IsReadThroughTheInterface) {
    FakeTimeSource fake;
    const TimeSource& time = fake;
    fake.advance(2.0);
    EXPECT_EQ(time.now(), 2.0);
}

TEST(FakeTimeSource, WithAStepMovesOnAtEveryReading) {
    FakeTimeSource time(1.0, 0.5);
    EXPECT_EQ(time.now(), 1.5);
    EXPECT_EQ(time.now(), 2.0);
    EXPECT_EQ(time.peek(), 2.0);
    EXPECT_EQ(time.peek(), 2.0);
    time.advance(1.0);
    EXPECT_EQ(time.now(), 3.5);
}

TEST(SteadyTimeSource, NeverGoesBack) {
    const SteadyTimeSource time;
    double last = time.now();
    for (int i = 0; i < 1000; ++i) {
        const double t = time.now();
        EXPECT_GE(t, last);
        last = t;
    }
}

TEST(SteadyTimeSource, TheSharedDefaultIsOneSteadyClock) {
    EXPECT_EQ(&steady_time_source(), &steady_time_source());
    EXPECT_NE(dynamic_cast<const SteadyTimeSource*>(&steady_time_source()), nullptr);
}

}  // namespace
}  // namespace draughts
