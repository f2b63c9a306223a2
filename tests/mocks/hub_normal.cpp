// Mock Hub engine that behaves: plays a legal move for every search (see hub_mock.hpp).
#include "tests/mocks/hub_mock.hpp"

int main(int argc, char** argv) {
    draughts::mocks::HubMock mock(argc, argv, "normal");
    return mock.run({});
}
