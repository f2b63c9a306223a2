"""The reference data of ../shared/reference/formats.md, read from the text itself: the perft
tables and the rulebook positions, the same figures the C++ tests check."""

import re

from conftest import shared_file


def formats_text():
    return shared_file("reference/formats.md").read_text(encoding="utf-8")


def perft_tables():
    """(name, fen, counts by depth from 1) for every table of "Reference perft counts"."""
    text = formats_text()
    tables = []
    pattern = re.compile(r"^(.+?) `([^`]+)`, depth 1\.\.(\d+):\n([\d, \n]+?)\.\n", re.MULTILINE)
    for match in pattern.finditer(text):
        counts = [int(n) for n in re.findall(r"\d+", match.group(4))]
        assert len(counts) == int(match.group(3)), match.group(0)
        tables.append((match.group(1).strip(), match.group(2), counts))
    assert tables, "no perft table found in formats.md"
    return tables


def kept_duplicate_counts():
    """{depth: count} of the initial position with duplicates kept."""
    match = re.search(r"With duplicates kept, depths (\d+)\.\.(\d+) are ([\d, ]+)\.", formats_text())
    assert match, "no duplicates-kept figures in formats.md"
    first = int(match.group(1))
    counts = [int(n) for n in re.findall(r"\d+", match.group(3))]
    return {first + i: n for i, n in enumerate(counts)}


def rulebook_positions():
    """(fen, sorted legal moves in short notation, rule) for every row of the rulebook table."""
    rows = []
    for line in formats_text().splitlines():
        match = re.match(r"^\| `([^`]+)` \| ([^|]+) \| ([^|]+) \|$", line)
        if match:
            rows.append((match.group(1), sorted(match.group(2).split()), match.group(3).strip()))
    assert len(rows) >= 10, "rulebook table not found in formats.md"
    return rows
