"""draughts_toolkit against the `draughts` program and pydraughts, in one run (docs/python.md;
figures in results/2026-12-04-python.md).

  PYTHONPATH=build/release/python python3 benchmarks/python/compare_pydraughts.py \
      --draughts build/release/draughts [--depth 9] [--repeats 3]

pydraughts (`import draughts`) is measured when it is importable: install it into a scratch
virtual environment from a local copy of its source (pip install --no-deps), never into the
repository. Each figure is the median of --repeats runs taken alternately, so that a busy machine
slows every contender alike; legal moves are timed with timeit (best of 5 loops of 20,000).
"""

import argparse
import json
import statistics
import subprocess
import sys
import time
import timeit

import draughts_toolkit as dt

START = "W:W31-50:B1-20"


def median_of(samples):
    return statistics.median(samples), min(samples), max(samples)


def per_call(statement, number=20_000, repeat=5, globals_=None):
    """Seconds per call of `statement`: the best of `repeat` loops of `number` calls."""
    return min(timeit.repeat(statement, number=number, repeat=repeat, globals=globals_)) / number


def python_perft(board, depth):
    """Perft by push and pop from Python: what a researcher's own tree walk costs."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_perft(board, depth - 1)
        board.pop()
    return total


def pydraughts_perft(board, depth):
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += pydraughts_perft(board, depth - 1)
        board.pop()
    return total


def command_perft(program, depth):
    """(seconds of the depth-`depth` line as the command reports it, wall seconds of the process)."""
    begin = time.perf_counter()
    completed = subprocess.run(
        [program, "perft", "--json", START, str(depth)], check=True, capture_output=True, text=True
    )
    wall = time.perf_counter() - begin
    rows = json.loads(completed.stdout)["depths"]
    return rows[-1]["seconds"], wall, rows[-1]["nodes"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draughts", required=True, help="the draughts program")
    parser.add_argument("--depth", type=int, default=9)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--python-perft-depth", type=int, default=4)
    options = parser.parse_args()
    try:
        import draughts as pydraughts
    except ImportError:
        pydraughts = None
        print("pydraughts is not importable: its figures are left out", file=sys.stderr)

    figures = {"python": sys.version.split()[0]}
    board = dt.Board()
    figures["legal_moves_lazy_us"] = per_call("b.legal_moves", globals_={"b": board}) * 1e6
    figures["legal_moves_list_us"] = per_call("list(b.legal_moves)", globals_={"b": board}) * 1e6
    figures["legal_move_count_us"] = per_call("b.legal_move_count()", globals_={"b": board}) * 1e6
    if pydraughts is not None:
        other = pydraughts.Board()
        figures["pydraughts_legal_moves_us"] = (
            per_call("b.legal_moves()", number=200, globals_={"b": other}) * 1e6
        )

    module, command, command_wall = [], [], []
    for _ in range(options.repeats):
        begin = time.perf_counter()
        nodes = board.perft(options.depth)
        module.append(time.perf_counter() - begin)
        seconds, wall, command_nodes = command_perft(options.draughts, options.depth)
        assert nodes == command_nodes, (nodes, command_nodes)
        command.append(seconds)
        command_wall.append(wall)
    figures["perft_depth"] = options.depth
    figures["perft_nodes"] = nodes
    figures["perft_python_s"] = median_of(module)
    figures["perft_command_s"] = median_of(command)
    figures["perft_command_process_s"] = median_of(command_wall)
    figures["perft_ratio"] = figures["perft_python_s"][0] / figures["perft_command_s"][0]

    depth = options.python_perft_depth
    walk, theirs = [], []
    for _ in range(options.repeats):
        begin = time.perf_counter()
        count = python_perft(dt.Board(), depth)
        walk.append(time.perf_counter() - begin)
        if pydraughts is not None:
            begin = time.perf_counter()
            assert pydraughts_perft(pydraughts.Board(), depth) == count
            theirs.append(time.perf_counter() - begin)
    figures["push_pop_perft_depth"] = depth
    figures["push_pop_perft_s"] = median_of(walk)
    if theirs:
        figures["pydraughts_push_pop_perft_s"] = median_of(theirs)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
