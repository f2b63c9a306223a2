"""Fuzzes the FEN and PDN entry points of draughts_toolkit from Python: random bytes and mutations
of valid inputs (bit flips, byte insertions and deletions, splices of two inputs, repeated
pieces), fed to Board(fen, variant) and parse_pdn(text, variant). Every call must return or raise
draughts_toolkit.Error; anything else is a finding. Each round runs in a child process, which
writes its input to a file before each call, so that a crash of the interpreter is caught by its
exit status and leaves the input that caused it.

  PYTHONPATH=build/release/python python3 tests/python/fuzz_entries.py --seconds 60 [--seed 1]

Prints one JSON object: inputs tried per entry point, how many were accepted, exceptions by
type, and crashes (which also make the exit status 1).
"""

import argparse
import json
import os
import pathlib
import random
import subprocess
import sys
import tempfile
import time

SEED_FENS = [
    "W:W31-50:B1-20",
    "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
    "W:WK31-35:B1,3,K5.",
    "W:W21-32:B1-12",
    "W:W:B1",
]
SEED_PDN = [
    '[Event "x"]\n[FEN "W:W28,32:B19,23"]\n\n1. 32-27 19-24 2. 28x19 24-30 {c} 1-1\n',
    "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 (3. 33-28 ?) 10-14 $1 2-0\n",
    '[GameType "26"]\n1. c3-d4 f6-e5 2. d4xf6 g7xe5 *\n',
]


def mutate(data, rng, corpus):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        choice = rng.randrange(6)
        if choice == 0 and data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif choice == 1:
            data.insert(rng.randrange(len(data) + 1), rng.randrange(256))
        elif choice == 2 and data:
            del data[rng.randrange(len(data))]
        elif choice == 3:
            other = rng.choice(corpus)
            cut = rng.randrange(len(data) + 1)
            data = data[:cut] + other[rng.randrange(len(other) + 1):]
        elif choice == 4 and data:
            start = rng.randrange(len(data))
            piece = data[start:start + rng.randint(1, 8)]
            data[start:start] = piece * rng.randint(1, 30)
        else:
            data[rng.randrange(len(data) + 1):0] = bytes(rng.choice(b"WBK-,:x.0123456789[]{}()\"; \n"))
    return bytes(data)


def child(seed, seconds, witness):
    import draughts_toolkit as dt

    rng = random.Random(seed)
    fens = [f.encode() for f in SEED_FENS]
    pdns = [p.encode() for p in SEED_PDN]
    counts = {"fen": 0, "fen_accepted": 0, "pdn": 0, "pdn_games": 0, "errors": {}}
    deadline = time.monotonic() + seconds
    variants = list(dt.VARIANTS)
    while time.monotonic() < deadline:
        for entry, corpus in (("fen", fens), ("pdn", pdns)):
            if rng.random() < 0.1:
                data = bytes(rng.randrange(256) for _ in range(rng.randrange(64)))
            else:
                data = mutate(rng.choice(corpus), rng, corpus)
            variant = rng.choice(variants)
            with open(witness, "wb") as out:
                out.write(entry.encode() + b" " + variant.encode() + b"\n" + data)
            counts[entry] += 1
            try:
                if entry == "fen":
                    board = dt.Board(data.decode("utf-8", "replace"), variant=variant)
                    counts["fen_accepted"] += 1
                    assert dt.Board(board.fen(), variant=variant) == board
                    if len(fens) < 500:
                        fens.append(board.fen().encode())
                else:
                    read = dt.parse_pdn(data, variant=variant)
                    counts["pdn_games"] += len(read.games)
                    for game in read.games:
                        game.to_pdn()
                        if len(pdns) < 500:
                            pdns.append(data)
            except dt.Error as error:
                name = type(error).__name__
                counts["errors"][name] = counts["errors"].get(name, 0) + 1
    print(json.dumps(counts))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--round-seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--witness", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        child(options.seed, options.round_seconds, options.witness)
        return 0
    totals = {"fen": 0, "fen_accepted": 0, "pdn": 0, "pdn_games": 0, "errors": {}, "crashes": []}
    deadline = time.monotonic() + options.seconds
    seed = options.seed
    witness = pathlib.Path(tempfile.mkstemp(prefix="fuzz-input-")[1])
    while time.monotonic() < deadline:
        seconds = min(options.round_seconds, max(0.5, deadline - time.monotonic()))
        completed = subprocess.run(
            [sys.executable, __file__, "--child", "--seed", str(seed), "--round-seconds",
             str(seconds), "--witness", str(witness)],
            capture_output=True, text=True, env=os.environ,
        )
        if completed.returncode != 0:
            kept = witness.with_name(f"fuzz-crash-{seed}")
            witness.rename(kept)
            totals["crashes"].append({"seed": seed, "status": completed.returncode,
                                      "input": str(kept), "stderr": completed.stderr[-2000:]})
        else:
            counts = json.loads(completed.stdout)
            for key in ("fen", "fen_accepted", "pdn", "pdn_games"):
                totals[key] += counts[key]
            for name, n in counts["errors"].items():
                totals["errors"][name] = totals["errors"].get(name, 0) + n
        seed += 1
    totals["seconds"] = options.seconds
    print(json.dumps(totals, indent=2))
    return 1 if totals["crashes"] else 0


if __name__ == "__main__":
    sys.exit(main())
