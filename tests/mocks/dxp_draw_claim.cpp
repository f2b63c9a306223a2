// Mock DXP engine that claims draws, as real engines do: on its turn it sends E "draw" (E20)
// instead of a move as soon as one of its moves would end the game in a rule draw (a third
// repetition, the 25-, 16- or 5-move rule), and with --claim-at N also on its N-th move on the
// connection (counted from 1) whatever the position, as an engine with its own draw rules would.
#include "rules/draw_claim.hpp"
#include "tests/mocks/dxp_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::DxpMock mock(argc, argv, "draw_claim");
    const long claim_at = mock.options().number("claim-at", 0);
    draughts::mocks::DxpMockHooks hooks;
    hooks.on_turn = [&](int moves_made) {
        if (moves_made + 1 == claim_at || draughts::rules::claimable_draw(mock.game()))
            return mock.send_end('2');
        mock.play();
    };
    return mock.run(hooks);
}
