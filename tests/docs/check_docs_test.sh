#!/usr/bin/env bash
# scripts/check-docs on a small tree: a tree whose README links every page, with links and
# anchors that lead somewhere, passes; a page the README does not link, a link to no file, an
# anchor that names no heading, a repository file named in `code` that does not exist and a README
# of more than 300 lines each fail, named.
set -euo pipefail
script="$1/scripts/check-docs"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/docs" "$tree/results" "$tree/engine"
touch "$tree/engine/real.hpp"

write_good_tree() {
    cat > "$tree/README.md" <<'PAGE'
# Title

See [matches](docs/matches.md#running-a-match) and [the other](./docs/other.md): `engine/real.hpp`,
`rules/<name>.hpp`, `results/run/report.html` and `harness/foo/foo.{hpp,cpp}` are fine.

```
[not a link](inside/a/code/block.md)
```
PAGE
    cat > "$tree/docs/matches.md" <<'PAGE'
# Matches

## Running a match

Back to the [README](../README.md), on to [configuration](#configuration-keys-and-defaults) and
[a notebook](../results/2026-12-04-a.md).

## Configuration: keys and `defaults`
PAGE
    printf '# Other\n\n[Running](matches.md#running-a-match), [the web](https://example.org/x.md).\n' \
        > "$tree/docs/other.md"
    printf '# A notebook\n\nFor [matches](../docs/matches.md).\n' > "$tree/results/2026-12-04-a.md"
}

expect_failure() {  # what, expected line of the report
    if "$script" "$tree" > "$tree/out"; then
        echo "FAIL: $1 was accepted:"; cat "$tree/out"; exit 1
    fi
    grep -qF "$2" "$tree/out" || { echo "FAIL: $1: no '$2' in:"; cat "$tree/out"; exit 1; }
}

write_good_tree
"$script" "$tree" > "$tree/out" || { echo "FAIL: a good tree was refused:"; cat "$tree/out"; exit 1; }

printf '# New\n' > "$tree/docs/new.md"
expect_failure "an unlinked page" "README.md: no link to docs/new.md"
rm "$tree/docs/new.md"

write_good_tree
sed -i 's/(#configuration-keys-and-defaults)/(#configuration)/' "$tree/docs/matches.md"
expect_failure "a wrong anchor" "docs/matches.md:5: the link '#configuration' names no heading of docs/matches.md"

write_good_tree
printf 'A [gone](2026-12-05-gone.md) notebook.\n' >> "$tree/results/2026-12-04-a.md"
expect_failure "a link to no file" "results/2026-12-04-a.md:4: the link '2026-12-05-gone.md' leads to no file"

write_good_tree
printf '\nThe search is in `engine/gone.hpp`.\n' >> "$tree/docs/other.md"
expect_failure "a file that moved" "docs/other.md:5: \`engine/gone.hpp\` names no file of the repository"

write_good_tree
seq 1 300 >> "$tree/README.md"
expect_failure "a long README" "README.md: 308 lines; at most 300"
echo "ok"
