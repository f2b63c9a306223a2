// Mock DXP engine that behaves: accepts every game, plays legal moves (see dxp_mock.hpp).
#include "tests/mocks/dxp_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::DxpMock mock(argc, argv, "normal");
    return mock.run({});
}
