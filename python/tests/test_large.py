"""Boards past 25 cells (up to 64, 8×8) in the binding: fast mode solves
them, optimal mode is refused with the engine's sentence, and parity,
validation, moves and the table-free heuristics work as on small shapes.
The references are written here (a replay by plain swaps, inversion counts,
Manhattan sums) or are the command line's own output for the same board."""

from __future__ import annotations

import numpy as np
import pytest

import npuzzle
from test_npuzzle import inversions_parity, manhattan, replay, walk

# A 6×6 board 200 random moves from the goal (Python's random, seed 36).
SIX = np.array(
    [
        [4, 3, 25, 12, 1, 5],
        [9, 15, 7, 18, 2, 17],
        [19, 8, 6, 21, 0, 30],
        [26, 31, 14, 20, 11, 29],
        [32, 34, 27, 13, 22, 24],
        [28, 33, 16, 35, 10, 23],
    ],
    dtype=np.uint8,
)

# What the command line prints for SIX:
#   eight-puzzle solve --start '[[4,3,25,12,1,5],[9,15,7,18,2,17],[19,8,6,21,0,30],[26,31,14,20,11,29],[32,34,27,13,22,24],[28,33,16,35,10,23]]' --mode fast --json
# "cost": 172, "lower_bound": 96, "initial_manhattan": 88, "generated":
# 4143036, "method": "beam search on Manhattan + linear conflict", and these
# moves (their initials).
CLI_MOVES = (
    "DDDLLLLUURRRULLURULLDRRDLURULLDDRDRRDRRUULLURULLDRRDRULURDLDLDDDLLULUUURRRDDRDRULLDDLLL"
    "UUUURRRULLDLURDRURDDRRDDDLUUULDLDRRRUULDLDDLULULUURRRDDRDLULULLDRDRRUUULLDLURDRDDRRDR"
)
CODE = {"U": 0, "D": 1, "L": 2, "R": 3}

# The engine's refusal of optimal search past 25 cells (OptimalError::TooLarge),
# the command line's sentence with this argument in place of its flag.
REFUSED36 = (
    "a 6×6 board has 36 cells and optimal search stops at 25 (5×5), past which an exact "
    "search cannot be expected to finish; fast mode gives a verified path with a proved "
    'lower bound (mode="fast")'
)


def test_a_6x6_board_solved_fast_is_the_command_lines_path_checked_by_the_engine():
    s = npuzzle.solve(SIX, mode="fast", threads=1, progress=False)
    assert s.status.tolist() == ["solved"]
    assert (int(s.length[0]), int(s.lower_bound[0]), bool(s.proved[0])) == (172, 96, False)
    assert int(s.generated[0]) == 4_143_036
    assert s.heuristic == "linear-conflict"
    path = s.paths[0]
    assert path.tolist() == [CODE[c] for c in CLI_MOVES]
    # The engine's checker accepts it; the binding's replay and a plain one
    # end on the goal.
    npuzzle.verify(SIX, path)
    seen = npuzzle.play(SIX, path)
    assert seen.shape == (173, 6, 6)
    np.testing.assert_array_equal(seen[-1], npuzzle.goal("6x6"))
    np.testing.assert_array_equal(replay(SIX, path), npuzzle.goal("6x6"))
    # The bound is at least Manhattan's (88), computed here.
    assert manhattan(SIX, npuzzle.goal("6x6")) == 88


def test_the_checker_refuses_a_path_that_does_not_reach_the_goal_or_leaves_the_board():
    with pytest.raises(ValueError, match=r"^witness ends on .*, not on the goal "):
        npuzzle.verify(SIX, [CODE[c] for c in CLI_MOVES[:-1]])
    with pytest.raises(ValueError, match=r"^witness step 2: Right is not a legal move for the blank at position 29$"):
        npuzzle.verify(npuzzle.goal("6x6"), [0, 3])


def test_optimal_on_6x6_is_refused_with_the_engines_sentence():
    with pytest.raises(ValueError) as e:
        npuzzle.solve(SIX, progress=False)
    assert str(e.value) == REFUSED36
    with pytest.raises(ValueError) as e:
        npuzzle.solve(SIX, mode="optimal", metric="multi", progress=False)
    assert str(e.value) == REFUSED36


def test_65_cells_are_refused_with_the_limit():
    wide = np.arange(65, dtype=np.uint8).reshape(5, 13)
    with pytest.raises(ValueError) as e:
        npuzzle.solve(wide, mode="fast", progress=False)
    assert str(e.value) == (
        "boards of 5 rows and 13 columns: a board 13 wide and 5 tall has 65 cells; "
        "the largest board has 64 (8×8)"
    )
    with pytest.raises(ValueError) as e:
        npuzzle.goal("13x5")
    assert str(e.value) == 'shape "13x5" is not WxH (width first, 2 ≤ W, H and W·H ≤ 64), e.g. "4x3"'


@pytest.mark.parametrize("shape", ["6x6", "9x4", "8x8"])
def test_parity_solvability_moves_and_heuristics_past_25_cells(shape):
    goal = npuzzle.goal(shape)
    boards, labels = npuzzle.sample(shape, 8, seed=7, labels=False)
    assert labels is None and boards.shape == (8,) + goal.shape
    assert npuzzle.parity(boards).tolist() == [inversions_parity(b) for b in boards]
    assert npuzzle.solvable(boards).all()
    # One tile swap changes the class.
    other = boards.copy()
    flat = other.reshape(len(other), -1)
    for row in flat:
        a, b = np.flatnonzero(row)[:2]
        row[a], row[b] = row[b], row[a]
    assert not npuzzle.solvable(other).any()
    md = [manhattan(b, goal) for b in boards]
    misplaced = [int(((b != goal) & (b != 0)).sum()) for b in boards]
    assert npuzzle.heuristic("manhattan", boards).tolist() == md
    assert npuzzle.heuristic("misplaced", boards).tolist() == misplaced
    cells = goal.size
    with pytest.raises(ValueError, match=rf"a written h takes boards of at most 25 cells \(5×5\); the goal is {shape.replace('x', '×')} \({cells} cells\)$"):
        npuzzle.heuristic("manhattan + misplaced", boards)
    lc = npuzzle.heuristic("linear-conflict", boards)
    assert (lc >= md).all() and ((lc - md) % 2 == 0).all()
    # A board near the goal, solved fast: the path replays to the goal and
    # is no shorter than its bound, which is no less than Manhattan.
    near = walk(goal, 12, np.random.default_rng(3))
    s = npuzzle.solve(near, mode="fast", threads=1, progress=False)
    assert s.status.tolist() == ["solved"]
    assert manhattan(near, goal) <= s.lower_bound[0] <= s.length[0] <= 12
    npuzzle.verify(near, s.paths[0])
    np.testing.assert_array_equal(replay(near, s.paths[0]), goal)


def test_whole_space_functions_say_where_they_stop():
    with pytest.raises(ValueError, match=r"^a 6×6 board has 36 cells"):
        npuzzle.rank(SIX)
    with pytest.raises(ValueError, match=r"^a 6×6 board has 36 cells"):
        npuzzle.memory("6x6")
    with pytest.raises(ValueError, match=r"exact distances .* are known up to 12 cells"):
        npuzzle.labels(SIX)
