#!/usr/bin/env bash
# scripts/check-layers on a small tree: a clean tree passes, and an include that climbs a layer
# (rules/ including harness/) fails naming the file, the line and both folders.
set -euo pipefail
script="$1/scripts/check-layers"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
for folder in common rules egdb engine protocol harness tuner report cluster app; do mkdir -p "$tree/$folder"; done
printf '#include "common/expected.hpp"\n#include <vector>\n' > "$tree/rules/position.hpp"
printf '#include "rules/position.hpp"\n' > "$tree/harness/game.cpp"

"$script" "$tree" > "$tree/out" || { echo "FAIL: a clean tree was refused"; cat "$tree/out"; exit 1; }

printf '#include "harness/game.hpp"\n' >> "$tree/rules/position.hpp"
if "$script" "$tree" > "$tree/out"; then
    echo "FAIL: rules/ including harness/ was accepted"; exit 1
fi
grep -q '^rules/position.hpp:3: rules includes harness' "$tree/out" \
    || { echo "FAIL: unexpected report:"; cat "$tree/out"; exit 1; }
echo "ok"
