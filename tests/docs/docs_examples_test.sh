#!/usr/bin/env bash
# scripts/docs-examples on small pages: marked blocks run in order in one scratch folder, file
# blocks are written, exit statuses and expected lines are checked, background jobs are killed;
# and every kind of failure fails the run, naming the page and the block's line.
set -euo pipefail
script="$1/scripts/docs-examples"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/bin"
fence='```'

cat > "$tree/good.md" <<PAGE
# A page

${fence}sh
echo "not marked: never run"; exit 9
${fence}

${fence}text file=greeting.txt
hello from a file block
${fence}

${fence}sh test expect="hello from a file block" expect=second
cat greeting.txt
echo second line
mkdir -p results/one
${fence}

Some text, then a block that must fail with status 3, and one that leaves a job running.

${fence}sh test exit=3
test -d results/one
exit 3
${fence}

${fence}sh test requires=no-such-command-here
exit 1
${fence}

${fence}sh test expect='say "hi" and go'
echo 'say "hi" and go'
${fence}

  ${fence}sh test
  sleep 300 &
  echo \$! > background.pid
  ${fence}
PAGE

out="$tree/good.out"
"$script" --bin "$tree/bin" --keep "$tree/good.md" > "$out" 2>&1 \
    || { echo "FAIL: a good page was refused:"; cat "$out"; exit 1; }
grep -q "good.md: 4 example(s) run" "$out" || { echo "FAIL: expected 4 runs:"; cat "$out"; exit 1; }
grep -q "skipped: no no-such-command-here on PATH (set DRAUGHTS_REQUIRE_NO_SUCH_COMMAND_HERE=1" "$out" \
    || { echo "FAIL: the block with a missing command was not skipped:"; cat "$out"; exit 1; }
scratch=$(sed -n 's/.*scratch folder kept: //p' "$out")
pid=$(cat "$scratch/background.pid")
sleep 0.2
if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"; echo "FAIL: the block's background job outlived it"; exit 1
fi
[[ -L "$scratch/scripts" && -d "$scratch/configs" && ! -L "$scratch/configs" ]] \
    || { echo "FAIL: the scratch folder lacks its links or its copy of configs/"; exit 1; }
rm -rf "$scratch"

# Each failure alone: the run fails and names the line of the block.
check_failure() {  # name, expected text of the report, page text
    printf '%s\n' "$3" > "$tree/$1.md"
    if "$script" --bin "$tree/bin" "$tree/$1.md" > "$tree/$1.out" 2>&1; then
        echo "FAIL: $1 was accepted:"; cat "$tree/$1.out"; exit 1
    fi
    grep -qF "$2" "$tree/$1.out" || { echo "FAIL: $1: no '$2' in:"; cat "$tree/$1.out"; exit 1; }
}
check_failure status "$tree/status.md:3: exit status 1, expected 0" "$(printf '# x\n\n%s\nfalse\necho never\n%s' "${fence}sh test" "$fence")"
check_failure wrong-exit "exit status 0, expected 2" "$(printf '%s\ntrue\n%s' "${fence}sh test exit=2" "$fence")"
check_failure expect "the output has no line with 'H1 accepted'" "$(printf '%s\necho H0 accepted\n%s' "${fence}sh test expect=\"H1 accepted\"" "$fence")"
check_failure timeout "still running after 1 s" "$(printf '%s\nsleep 30\n%s' "${fence}sh test timeout=1" "$fence")"
check_failure quoted "the output has no line with 'a \"b\"'" "$(printf '%s\necho a b\n%s' "${fence}sh test expect='a \"b\"'" "$fence")"
DRAUGHTS_REQUIRE_NO_SUCH_TOOL=1 check_failure required "no no-such-tool on PATH, and DRAUGHTS_REQUIRE_NO_SUCH_TOOL=1" "$(printf '%s\ntrue\n%s' "${fence}sh test requires=no-such-tool" "$fence")"
check_failure option "unknown option 'expected'" "$(printf '%s\ntrue\n%s' "${fence}sh test expected=1" "$fence")"
"$script" --bin "$tree/bin" "$tree/missing.md" > "$tree/missing.out" 2>&1 && { echo "FAIL: a missing page was accepted"; exit 1; }
grep -q "no such page" "$tree/missing.out" || { echo "FAIL: missing page not named"; cat "$tree/missing.out"; exit 1; }
echo "ok"
