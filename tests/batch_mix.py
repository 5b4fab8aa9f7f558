#!/usr/bin/env python3
"""Writes a seeded mixed `batch` file: about 55 % valid boards of every
shape of 4 to 12 cells (2×2 … 3×4, 4×3, 2×6, 6×2; half of them solvable,
as a random arrangement is), the rest malformed lines of varied kinds
(a non-number token, a repeated tile, a missing tile, too few or too many
values, ragged rows, a value out of range, a negative or fractional value,
an empty list, an unclosed bracket, plain text, an object).

    python3 tests/batch_mix.py [LINES] [SEED] > mix.txt
    target/release/eight-puzzle batch mix.txt > /dev/null

Defaults: 10,000 lines, seed 1. The same arguments always give the same
file (Python's own seeded generator), so timings can be compared.
"""
import json
import random
import sys

SHAPES = [(w, h) for w in range(2, 7) for h in range(2, 7) if 4 <= w * h <= 12]


def rows(cells, w):
    return [cells[i:i + w] for i in range(0, len(cells), w)]


def valid(rng):
    w, h = rng.choice(SHAPES)
    cells = list(range(w * h))
    rng.shuffle(cells)
    if w == h and rng.random() < 0.5:
        # A square board may be a flat list or whitespace-separated.
        if rng.random() < 0.5:
            return json.dumps(cells, separators=(",", ":"))
        return " ".join(map(str, cells))
    return json.dumps(rows(cells, w), separators=(",", ":"))


def malformed(rng):
    w, h = rng.choice(SHAPES)
    n = w * h
    cells = list(range(n))
    rng.shuffle(cells)
    kind = rng.randrange(12)
    if kind == 0:
        toks = list(map(str, cells))
        toks[rng.randrange(n)] = rng.choice(["x", "one", "?", "0x3"])
        return " ".join(toks)
    if kind == 1:
        i, j = rng.sample(range(n), 2)
        cells[i] = cells[j]
        return json.dumps(rows(cells, w), separators=(",", ":"))
    if kind == 2:
        cells[cells.index(0)] = n  # no blank, a value out of range
        return json.dumps(rows(cells, w), separators=(",", ":"))
    if kind == 3:
        return json.dumps(cells[: rng.randrange(1, n)], separators=(",", ":"))
    if kind == 4:
        return json.dumps(cells + [n + rng.randrange(3)], separators=(",", ":"))
    if kind == 5:
        r = rows(cells, w)
        r[-1] = r[-1][:-1]
        return json.dumps(r, separators=(",", ":"))
    if kind == 6:
        cells[rng.randrange(n)] = 99
        return json.dumps(rows(cells, w), separators=(",", ":"))
    if kind == 7:
        cells[rng.randrange(n)] = -1
        return json.dumps(rows(cells, w), separators=(",", ":"))
    if kind == 8:
        cells[rng.randrange(n)] = 2.5
        return json.dumps(rows(cells, w), separators=(",", ":"))
    if kind == 9:
        return rng.choice(["[]", "[[]]", "[[],[]]"])
    if kind == 10:
        return json.dumps(rows(cells, w), separators=(",", ":"))[:-1]
    return rng.choice(["hello", "board: 1 2 3", '{"start": [1,2,3]}', "null", "1,2,3,4"])


def main():
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    rng = random.Random(seed)
    out = []
    for _ in range(lines):
        out.append(valid(rng) if rng.random() < 0.55 else malformed(rng))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
