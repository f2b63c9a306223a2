"""What a researcher does first with a finished match, from Python: the games of its results
folder in pandas, the match as pairs (pentanomial counts, score, Elo with its 95 % interval after
each pair), each engine's moves (time, depth, nodes), and the logistic curve that turns the
engines' scores into expected points, fitted with numpy as the Texel tuner fits its K.

    PYTHONPATH=build/release/python python3 examples/python/match_analysis.py RESULTS_FOLDER \
        [--engine NAME] [--plot elo.png] [--json]

RESULTS_FOLDER is any `draughts match` output folder (docs/matches.md). --engine picks whose
side the figures take (default: White of the first game); --plot writes a PNG of Elo over the
pairs and of the fitted curve against the recorded scores; --json prints the figures as one JSON
object instead of text. Needs pandas and numpy, and matplotlib for --plot (scripts/install-deps
installs Debian's). docs/python.md explains the install; tests/python/test_examples.py runs this.
"""

import argparse
import json
import math
import sys

import numpy

import draughts_toolkit as dt
from draughts_toolkit import results

# Points of a pair (two games, colours swapped) from one engine's side, as the pentanomial
# buckets count them: 0, 1/2, 1, 3/2 and 2 points.
PENTANOMIAL = ["0", "1/2", "1", "3/2", "2"]


def elo_of(score):
    """The Elo difference whose expected score is `score` (logistic), or None at 0 and 1."""
    if not 0.0 < score < 1.0:
        return None
    return -400.0 * math.log10(1.0 / score - 1.0)


def pair_points(games, engine):
    """`engine`'s points (0 to 2) in each complete pair, in the order the pairs were committed."""
    side = numpy.where(games["white"] == engine, games["white_score"], 1.0 - games["white_score"])
    points = games.assign(points=side).groupby("pair", sort=False)["points"]
    complete = points.count() == 2
    return points.sum()[complete].to_numpy()


def elo_over_pairs(points):
    """After each pair: (pairs, Elo, lower, upper), the interval from the pairs' spread (95 %)."""
    rows = []
    for count in range(1, len(points) + 1):
        scores = points[:count] / 2.0
        mean = float(scores.mean())
        spread = float(scores.std(ddof=1)) / math.sqrt(count) if count > 1 else float("nan")
        low, high = mean - 1.96 * spread, mean + 1.96 * spread
        rows.append((count, elo_of(mean), elo_of(min(max(low, 0.0), 1.0)),
                     elo_of(min(max(high, 0.0), 1.0))))
    return rows


def move_table(moves):
    """Per engine: moves, median time per move (ms), mean depth and nodes of its searches."""
    table = moves.assign(ms=moves["time"] * 1000.0).groupby("player").agg(
        moves=("move", "size"), median_ms=("ms", "median"), mean_depth=("depth", "mean"),
        mean_nodes=("nodes", "mean"))
    return table.sort_index()


def scored_plies(games, moves):
    """(score in men from the mover's side, the mover's points in the game) of every move that
    has a score (a move found with a forced end, `win_in`, has none)."""
    by_game = games.set_index("game")["white_score"]
    scored = moves[moves["score"].notna()]
    white = by_game.loc[scored["game"]].to_numpy()
    points = numpy.where(scored["color"] == "white", white, 1.0 - white)
    return scored["score"].to_numpy(dtype=float), points


def texel_loss(k, scores, points):
    """Mean squared error between the points and the logistic curve 1 / (1 + 10^(-k s))."""
    expected = 1.0 / (1.0 + numpy.power(10.0, -k * scores))
    return float(numpy.mean((points - expected) ** 2))


def fit_k(scores, points, low=0.0, high=4.0, steps=60):
    """The k minimising texel_loss, by golden-section search on [low, high] (the loss of one
    parameter is smooth and, on real games, has a single minimum)."""
    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    a, b = low, high
    for _ in range(steps):
        c, d = b - ratio * (b - a), a + ratio * (b - a)
        if texel_loss(c, scores, points) < texel_loss(d, scores, points):
            b = d
        else:
            a = c
    return (a + b) / 2.0


def plot(path, engine, opponent, elo_rows, scores, points, k):
    import matplotlib

    matplotlib.use("Agg")  # a file, no display needed
    import matplotlib.pyplot as plt

    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    pairs = [row[0] for row in elo_rows]
    nan = float("nan")
    values = [nan if row[1] is None else row[1] for row in elo_rows]
    lower = [nan if row[2] is None else row[2] for row in elo_rows]
    upper = [nan if row[3] is None else row[3] for row in elo_rows]
    left.fill_between(pairs, lower, upper, alpha=0.25, label="95 %")
    left.plot(pairs, values, label="Elo")
    left.axhline(0.0, color="grey", linewidth=0.8)
    left.xaxis.get_major_locator().set_params(integer=True)
    left.set(xlabel="pairs", ylabel=f"Elo of {engine}", title=f"{engine} vs {opponent}")
    left.legend()
    right.scatter(scores, points, s=6, alpha=0.3, label="moves")
    grid = numpy.linspace(min(scores.min(), -2.0), max(scores.max(), 2.0), 200)
    right.plot(grid, 1.0 / (1.0 + numpy.power(10.0, -k * grid)), color="C1",
               label=f"1/(1+10^(-{k:.3f} s))")
    right.set(xlabel="score (men, mover's side)", ylabel="mover's points",
              title="Scores against results")
    right.legend()
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", help="a `draughts match` results folder")
    parser.add_argument("--engine", help="whose side the figures take (default: White of game 1)")
    parser.add_argument("--plot", metavar="PNG", help="write Elo over pairs and the fitted curve")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args()
    try:
        games = results.games(options.folder)
        moves = results.moves(options.folder)
    except (dt.InputError, dt.FileError) as error:
        print(f"match_analysis: {error}", file=sys.stderr)
        return 2
    if games.empty:
        print(f"match_analysis: {options.folder}: no complete pair yet", file=sys.stderr)
        return 2

    engine = options.engine or games["white"].iloc[0]
    names = sorted(set(games["white"]) | set(games["black"]))
    if engine not in names:
        print(f"match_analysis: no engine '{engine}' in {options.folder} (engines: "
              f"{', '.join(names)})", file=sys.stderr)
        return 2
    mine = games[(games["white"] == engine) | (games["black"] == engine)]
    opponents = sorted((set(mine["white"]) | set(mine["black"])) - {engine})
    if len(opponents) != 1:
        print(f"match_analysis: '{engine}' meets {len(opponents)} engines; this example reads "
              "head-to-head matches", file=sys.stderr)
        return 2

    points = pair_points(mine, engine)
    counts = numpy.bincount(numpy.rint(points * 2).astype(int), minlength=5)
    elo_rows = elo_over_pairs(points)
    scores, mover_points = scored_plies(mine, moves[moves["game"].isin(mine["game"])])
    k = fit_k(scores, mover_points)
    figures = {
        "engine": engine,
        "opponent": opponents[0],
        "pairs": int(len(points)),
        "pentanomial": [int(n) for n in counts],
        "score": float(points.mean() / 2.0),
        "elo": elo_rows[-1][1],
        "elo_lower": elo_rows[-1][2],
        "elo_upper": elo_rows[-1][3],
        "moves": json.loads(move_table(moves).to_json(orient="index")),
        "scored_moves": int(len(scores)),
        "k": k,
        # The same curve in the tuner's terms, 1 / (1 + 10^(-K e / 4000)) with e in engine units
        # (docs/tuning.md): what `draughts tune` prints as its fitted K.
        "tuner_k": 4000.0 * k / dt.SCORE_PER_MAN,
        "loss": texel_loss(k, scores, mover_points),
    }
    if options.plot:
        plot(options.plot, engine, opponents[0], elo_rows, scores, mover_points, k)

    if options.json:
        print(json.dumps(figures))
        return 0
    print(f"{engine} vs {opponents[0]}: {len(points)} pairs, score {figures['score']:.3f}")
    print("pentanomial " + ", ".join(f"{b}: {n}" for b, n in zip(PENTANOMIAL, counts)))
    elo = figures["elo"]
    interval = [figures["elo_lower"], figures["elo_upper"]]
    print("Elo " + ("n/a" if elo is None else f"{elo:+.1f}") + " (95 %: " +
          " .. ".join("n/a" if x is None else f"{x:+.1f}" for x in interval) + ")")
    print(move_table(moves).to_string(float_format=lambda x: f"{x:.3f}"))
    print(f"logistic fit over {len(scores)} scored moves: k = {k:.4f} per man "
          f"(K = {figures['tuner_k']:.3f} as `draughts tune` reports it), loss {figures['loss']:.5f}")
    if options.plot:
        print(f"plot: {options.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
