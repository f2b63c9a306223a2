// Hub messages built from and read into the toolkit's types: pos, level, id, param, info.

#include "protocol/hub/hub_commands.hpp"

#include <gtest/gtest.h>

#include "rules/fen.hpp"
#include "rules/frisian.hpp"
#include "rules/move_notation.hpp"
#include "rules/movegen.hpp"

namespace draughts::protocol {
namespace {

std::string format(const HubMessage& message) { return format_hub_message(message); }

TEST(HubCommands, PosListsTheRootAndTheMovesInHubNotation) {
    const rules::Position root = rules::Position::initial();
    std::vector<rules::Move> moves;
    rules::Position position = root;
    for (const char* text : {"32-28", "19-23", "28x19"}) {
        const auto move = rules::parse_move(position, text);
        ASSERT_TRUE(move) << move.error().message;
        moves.push_back(*move);
        position = position.after(*move);
    }
    EXPECT_EQ(format(hub_pos_message(root, moves)),
              "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww "
              "moves=\"32-28 19-23 28x19x23\"");
    EXPECT_EQ(format(hub_pos_message(root, {})),
              "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
}

// A Hub position cannot carry a king's run of quiet moves (Frisian [FRS 6]): `pos` goes back to
// a ply where neither side is in one, and the engine rebuilds the runs from the moves.
TEST(HubCommands, AFrisianPosStartsWhereNoKingIsInARun) {
    const auto start = rules::parse_fen<rules::Frisian>("W:WK46,35:B3,4");
    ASSERT_TRUE(start) << start.error().message;
    std::vector<rules::BasicMove<rules::Frisian>> moves;
    rules::BasicPosition<rules::Frisian> position = *start;
    for (const char* text : {"46-41", "3-8", "41-46", "8-12", "46-41", "4-9", "35-30", "12-18"}) {
        const auto move = rules::parse_move(position, text);
        ASSERT_TRUE(move) << text << ": " << move.error().message;
        moves.push_back(*move);
        position = position.after(*move);
    }
    // After Black's man move 4-9 (ply 6) White's king has made three moves in a row: the
    // position at ply 6 would lose that, so pos starts at ply 0.
    const std::span<const rules::BasicMove<rules::Frisian>> first_six(moves.data(), 6);
    const auto at_start = hub_root(*start, first_six, 6);
    EXPECT_EQ(at_start.ply, 0U);
    EXPECT_EQ(at_start.position, *start);
    // White's man move 35-30 ended the run: from ply 8 on nobody is in one.
    const auto at_end =
        hub_root(*start, std::span<const rules::BasicMove<rules::Frisian>>(moves), 8);
    EXPECT_EQ(at_end.ply, 8U);
    EXPECT_EQ(at_end.position, position);
    // Other variants start at the last irreversible ply.
    std::vector<rules::Move> international;
    rules::Position p = rules::Position::initial();
    for (const char* text : {"32-28", "19-23", "28x19"}) {
        const auto move = rules::parse_move(p, text);
        ASSERT_TRUE(move);
        international.push_back(*move);
        p = p.after(*move);
    }
    const auto after_two =
        hub_root(rules::Position::initial(), std::span<const rules::Move>(international), 2);
    EXPECT_EQ(after_two.ply, 2U);
    EXPECT_EQ(after_two.position,
              rules::Position::initial().after(international[0]).after(international[1]));
}

TEST(HubCommands, LevelForEachKindOfLimit) {
    const auto level = [](auto fill) {
        engine::SearchLimits limits;
        fill(limits);
        return format(hub_level_message(limits));
    };
    EXPECT_EQ(level([](auto& l) { l.depth = 7; }), "level depth=7");
    EXPECT_EQ(level([](auto& l) { l.nodes = 20000; }), "level nodes=20000");
    EXPECT_EQ(level([](auto& l) { l.move_time = 0.5; }), "level move-time=0.5");
    EXPECT_EQ(level([](auto& l) { l.infinite = true; }), "level infinite");
    EXPECT_EQ(level([](auto&) {}), "level");
    // The engine adds the increment itself before moving: time is sent without it.
    EXPECT_EQ(level([](auto& l) {
                  l.time_left = 10.0;
                  l.increment = 0.1;
              }),
              "level time=9.9 inc=0.1");
    EXPECT_EQ(level([](auto& l) {
                  l.time_left = 60.0;
                  l.moves_to_go = 40;
              }),
              "level moves=40 time=60");
    EXPECT_EQ(level([](auto& l) {
                  l.time_left = 1.0;
                  l.increment = 0.01;
                  l.nodes = 5000;
              }),
              "level nodes=5000 time=0.99 inc=0.01");
}

TEST(HubCommands, SecondsNeverNegative) {
    EXPECT_EQ(hub_seconds(-0.25), "0");
    EXPECT_EQ(hub_seconds(0.001), "0.001");
}

TEST(HubCommands, ReadsIdentityParameterAndInfo) {
    const auto id = parse_hub_message("id name=Scan version=3.1 author=\"Fabien Letouzey\"");
    ASSERT_TRUE(id);
    const HubIdentity identity = hub_identity_from(*id);
    EXPECT_EQ(identity.name, "Scan");
    EXPECT_EQ(identity.author, "Fabien Letouzey");
    EXPECT_EQ(identity.country, "");

    const auto param = parse_hub_message(
        "param name=variant value=normal type=enum "
        "values=\"normal killer bt\"");
    ASSERT_TRUE(param);
    const HubParameter parameter = hub_parameter_from(*param);
    EXPECT_EQ(parameter.name, "variant");
    EXPECT_EQ(parameter.values, "normal killer bt");

    const auto info = parse_hub_message(
        "info depth=14 mean-depth=13.5 score=-0.42 nodes=123456 time=1.25 nps=0.98 "
        "pv=\"32-28 19-23\"");
    ASSERT_TRUE(info);
    const HubInfo parsed = hub_info_from(*info);
    EXPECT_EQ(parsed.depth, 14);
    EXPECT_EQ(parsed.mean_depth, 13.5);
    EXPECT_EQ(parsed.score, -0.42);
    EXPECT_EQ(parsed.nodes, 123456U);
    EXPECT_EQ(parsed.seconds, 1.25);
    EXPECT_EQ(parsed.nps, 0.98);
    EXPECT_EQ(parsed.pv, "32-28 19-23");
}

TEST(HubCommands, UnreadableInfoFieldsAreLeftEmpty) {
    const auto info = parse_hub_message("info depth=deep score=1.5x nodes=-3");
    ASSERT_TRUE(info);
    const HubInfo parsed = hub_info_from(*info);
    EXPECT_FALSE(parsed.depth);
    EXPECT_FALSE(parsed.score);
    EXPECT_FALSE(parsed.nodes);
}

}  // namespace
}  // namespace draughts::protocol
