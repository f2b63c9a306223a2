#!/usr/bin/env bash
# scripts/check-layers on a small tree: a clean tree passes; an include that climbs a layer at the
# top (rules/ including harness/) or inside a folder (harness/player/ including harness/game/)
# fails naming the file, the line and both folders; a sub-folder missing from the order fails.
set -euo pipefail
script="$1/scripts/check-layers"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree"/{common,rules,harness/player,harness/game/adjudication}
printf '#include "common/expected.hpp"\n#include <vector>\n' > "$tree/rules/position.hpp"
printf '#include "rules/position.hpp"\n#include "harness/player/player.hpp"\n' \
    > "$tree/harness/game/game_runner.cpp"
printf '#include "harness/game/adjudication/tracker.hpp"\n' >> "$tree/harness/game/game_runner.cpp"
printf '#include "rules/position.hpp"\n' > "$tree/harness/player/player.hpp"

"$script" "$tree" > "$tree/out" || { echo "FAIL: a clean tree was refused"; cat "$tree/out"; exit 1; }

expect_refusal() {  # expect_refusal WHAT PATTERN: the tree is refused with a line matching PATTERN
    if "$script" "$tree" > "$tree/out"; then echo "FAIL: $1 was accepted"; exit 1; fi
    grep -q "$2" "$tree/out" || { echo "FAIL: $1: unexpected report:"; cat "$tree/out"; exit 1; }
}

printf '#include "harness/game.hpp"\n' >> "$tree/rules/position.hpp"
expect_refusal "rules/ including harness/" '^rules/position.hpp:3: rules includes harness'
sed -i '$d' "$tree/rules/position.hpp"

printf '#include "harness/game/clock.hpp"\n' >> "$tree/harness/player/player.hpp"
expect_refusal "harness/player/ including harness/game/" \
    '^harness/player/player.hpp:2: player includes game, which sits above it in harness/'
sed -i '$d' "$tree/harness/player/player.hpp"

mkdir -p "$tree/harness/gadgets"
printf '#include "rules/position.hpp"\n' > "$tree/harness/gadgets/gadget.hpp"
expect_refusal "an unlisted folder" 'folder harness/gadgets is not in the layer order of harness/'
echo "ok"
