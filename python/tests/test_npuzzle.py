"""The npuzzle package against plain Python references: a breadth-first
search over tuples, replays of every path, inversion counts and Manhattan
sums written here, independent of the engine."""

from __future__ import annotations

import itertools
from collections import deque

import numpy as np
import pytest

import npuzzle

# Blank moves by code: up, down, left, right (row, column steps).
STEPS = [(-1, 0), (1, 0), (0, -1), (0, 1)]


def hw(shape: str) -> tuple[int, int]:
    w, h = shape.split("x")
    return int(h), int(w)


def neighbours(cells: tuple, h: int, w: int, metric: str):
    """Every board one move away, by sliding the blank (a run of tiles in
    the multi-tile metric)."""
    b = cells.index(0)
    r, c = divmod(b, w)
    for dr, dc in STEPS:
        cur = list(cells)
        rr, cc, at = r, c, b
        while True:
            rr, cc = rr + dr, cc + dc
            if not (0 <= rr < h and 0 <= cc < w):
                break
            to = rr * w + cc
            cur[at], cur[to] = cur[to], cur[at]
            at = to
            yield tuple(cur)
            if metric == "single":
                break


def plain_bfs(goal: tuple, h: int, w: int, metric: str) -> dict:
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        b = queue.popleft()
        for n in neighbours(b, h, w, metric):
            if n not in dist:
                dist[n] = dist[b] + 1
                queue.append(n)
    return dist


def replay(board: np.ndarray, path) -> np.ndarray:
    """The board after the move codes, by plain swaps; fails on a move off
    the board."""
    h, w = board.shape
    cells = board.copy()
    for m in path:
        r, c = map(int, np.argwhere(cells == 0)[0])
        dr, dc = STEPS[int(m)]
        rr, cc = r + dr, c + dc
        assert 0 <= rr < h and 0 <= cc < w, f"move {m} leaves the board"
        cells[r, c], cells[rr, cc] = cells[rr, cc], 0
    return cells


def runs(path) -> int:
    """Slides in a path of single moves: runs of one direction."""
    return sum(1 for i, m in enumerate(path) if i == 0 or path[i - 1] != m)


def inversions_parity(board: np.ndarray) -> int:
    h, w = board.shape
    tiles = [int(v) for v in board.reshape(-1) if v != 0]
    inv = sum(1 for i in range(len(tiles)) for j in range(i + 1, len(tiles)) if tiles[i] > tiles[j])
    if w % 2 == 0:
        r = int(np.argwhere(board == 0)[0][0])
        inv += h - r  # the blank's row from the bottom, 1-based
    return inv % 2


def manhattan(board: np.ndarray, goal: np.ndarray) -> int:
    h, w = board.shape
    where = {int(v): divmod(i, w) for i, v in enumerate(goal.reshape(-1))}
    total = 0
    for i, v in enumerate(board.reshape(-1)):
        if v:
            r, c = divmod(i, w)
            gr, gc = where[int(v)]
            total += abs(r - gr) + abs(c - gc)
    return total


@pytest.mark.parametrize("shape", ["3x2", "2x3", "3x3"])
@pytest.mark.parametrize("metric", ["single", "multi"])
def test_every_label_matches_a_plain_bfs(shape, metric):
    h, w = hw(shape)
    goal = npuzzle.goal(shape)
    exact = plain_bfs(tuple(int(v) for v in goal.reshape(-1)), h, w, metric)
    n = 1
    for k in range(2, h * w + 1):
        n *= k
    assert len(exact) == n // 2
    d = npuzzle.distances(shape, metric, progress=False)
    assert d.dtype == np.uint8 and d.shape == (n // 2,)
    boards = np.array(list(exact.keys()), dtype=np.uint8).reshape(-1, h, w)
    ranks = npuzzle.rank(boards)
    assert sorted(ranks.tolist()) == list(range(n // 2))
    np.testing.assert_array_equal(d[ranks], np.array(list(exact.values())))


def test_labels_toward_another_goal():
    goal = np.array([[0, 1, 2], [3, 4, 5]], dtype=np.uint8)
    exact = plain_bfs(tuple(goal.reshape(-1).tolist()), 2, 3, "single")
    d = npuzzle.distances("3x2", goal=goal, progress=False)
    boards = np.array(list(exact.keys()), dtype=np.uint8).reshape(-1, 2, 3)
    np.testing.assert_array_equal(d[npuzzle.rank(boards, goal)], list(exact.values()))
    assert d.max() == 21


@pytest.mark.parametrize("shape", ["2x2", "3x2", "4x3", "2x7"])
def test_rank_and_unrank_round_trip(shape):
    h, w = hw(shape)
    n = 1
    for k in range(2, h * w + 1):
        n *= k
    size = n // 2
    rng = np.random.default_rng(5)
    ranks = np.unique(
        np.concatenate([np.arange(min(size, 500)), rng.integers(0, size, 500), [size - 1]])
    ).astype(np.uint64)
    boards = npuzzle.unrank(ranks, shape)
    assert boards.shape == (len(ranks), h, w)
    assert npuzzle.solvable(boards).all()
    np.testing.assert_array_equal(npuzzle.rank(boards), ranks)
    assert len({b.tobytes() for b in boards}) == len(ranks)
    assert npuzzle.rank(npuzzle.goal(shape)) == npuzzle.rank(npuzzle.unrank(npuzzle.rank(npuzzle.goal(shape)), shape))
    with pytest.raises(ValueError, match=rf"^index 0: rank {size} is not below {size:,}, the number of"):
        npuzzle.unrank(np.array([size], dtype=np.uint64), shape)


def test_rank_refuses_the_other_class_naming_the_row():
    boards = np.array([npuzzle.goal("3x3"), [[2, 1, 3], [4, 5, 6], [7, 8, 0]]], dtype=np.uint8)
    with pytest.raises(ValueError, match=r"^row 1: .*cannot reach the goal"):
        npuzzle.rank(boards)


def test_parity_and_solvable_are_vectorised_and_agree_with_inversions():
    rng = np.random.default_rng(3)
    for shape in ["3x3", "4x4", "4x3", "3x4"]:
        h, w = hw(shape)
        boards = np.array([rng.permutation(h * w) for _ in range(200)], dtype=np.uint8).reshape(-1, h, w)
        want = [inversions_parity(b) for b in boards]
        np.testing.assert_array_equal(npuzzle.parity(boards), want)
        goal_parity = inversions_parity(npuzzle.goal(shape))
        np.testing.assert_array_equal(npuzzle.solvable(boards), np.array(want) == goal_parity)
        assert npuzzle.parity(boards[0]) == want[0]


def test_sample_at_a_distance_and_uniform_with_labels():
    d = npuzzle.distances("3x3", progress=False)
    boards, labels = npuzzle.sample("3x3", 500, distance=20, seed=9)
    assert boards.shape == (500, 3, 3) and (labels == 20).all()
    np.testing.assert_array_equal(d[npuzzle.rank(boards)], labels)
    again, _ = npuzzle.sample("3x3", 500, distance=20, seed=9)
    np.testing.assert_array_equal(boards, again)
    boards, labels = npuzzle.sample("3x3", 2000, seed=1)
    np.testing.assert_array_equal(d[npuzzle.rank(boards)], labels)
    np.testing.assert_array_equal(npuzzle.labels(boards), labels)
    assert npuzzle.labels(boards[0]) == labels[0]
    # A uniform draw's mean distance is near the space's (21.97), far from
    # a scramble's.
    assert abs(labels.mean() - d.mean()) < 0.5
    b, l = npuzzle.sample("4x4", 50, seed=2)
    assert l is None and b.shape == (50, 4, 4) and npuzzle.solvable(b).all()
    with pytest.raises(ValueError, match="distances run from 0 to 31"):
        npuzzle.sample("3x3", 5, distance=32)
    with pytest.raises(ValueError, match="up to 12 cells"):
        npuzzle.sample("4x4", 5, distance=10)


def test_multi_metric_sample_labels():
    d = npuzzle.distances("3x3", "multi", progress=False)
    boards, labels = npuzzle.sample("3x3", 100, distance=int(d.max()), metric="multi", seed=4)
    assert (d[npuzzle.rank(boards)] == d.max()).all() and (labels == d.max()).all()


def test_optimal_3x3_solves_replay_to_the_goal_at_the_exact_distance():
    d = npuzzle.distances("3x3", progress=False)
    boards, labels = npuzzle.sample("3x3", 60, seed=12)
    goal = npuzzle.goal("3x3")
    for heuristic in [None, "manhattan", "linear-conflict"]:
        s = npuzzle.solve(boards, heuristic=heuristic, threads=2, progress=False)
        np.testing.assert_array_equal(s.length, labels)
        np.testing.assert_array_equal(s.lower_bound, labels)
        assert s.proved.all() and (s.status == "solved").all()
        for b, p, n in zip(boards, s.paths, s.length):
            assert len(p) == n
            np.testing.assert_array_equal(replay(b, p), goal)
    assert d[npuzzle.rank(boards)].tolist() == labels.tolist()


def test_multi_metric_solves_count_slides_at_the_exact_distance():
    boards, labels = npuzzle.sample("3x3", 30, metric="multi", seed=8)
    s = npuzzle.solve(boards, metric="multi", threads=2, progress=False)
    np.testing.assert_array_equal(s.length, labels)
    for b, p, n in zip(boards, s.paths, s.length):
        assert runs(list(p)) == n
        np.testing.assert_array_equal(replay(b, p), npuzzle.goal("3x3"))


def test_fast_mode_paths_replay_with_true_bounds():
    boards, labels = npuzzle.sample("3x3", 20, seed=13)
    s = npuzzle.solve(boards, mode="fast", threads=2, progress=False)
    assert (s.length >= labels).all() and (s.lower_bound <= labels).all()
    np.testing.assert_array_equal(s.proved, s.length == s.lower_bound)
    for b, p in zip(boards, s.paths):
        np.testing.assert_array_equal(replay(b, p), npuzzle.goal("3x3"))


def walk(goal: np.ndarray, k: int, rng) -> np.ndarray:
    b = goal.copy()
    h, w = b.shape
    for _ in range(k):
        r, c = map(int, np.argwhere(b == 0)[0])
        options = [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < h and 0 <= c + dc < w]
        rr, cc = options[int(rng.integers(len(options)))]
        b[r, c], b[rr, cc] = b[rr, cc], 0
    return b


def test_4x4_optimal_lengths_agree_across_heuristics_and_replay():
    rng = np.random.default_rng(21)
    goal = npuzzle.goal("4x4")
    boards = np.array([walk(goal, 40, rng) for _ in range(12)])
    pdb = npuzzle.solve(boards, threads=2, progress=False, paths="padded")
    lc = npuzzle.solve(boards, heuristic="linear-conflict", threads=2, progress=False)
    np.testing.assert_array_equal(pdb.length, lc.length)
    assert pdb.heuristic == "pdb-663"
    for b, row, n in zip(boards, pdb.paths, pdb.length):
        p = row[row != npuzzle.PAD]
        assert len(p) == n and (row[n:] == npuzzle.PAD).all()
        np.testing.assert_array_equal(replay(b, p), goal)


def test_threads_give_the_same_answers_as_one_thread():
    boards, _ = npuzzle.sample("4x3", 40, seed=31, labels=False)
    one = npuzzle.solve(boards, threads=1, progress=False)
    two = npuzzle.solve(boards, threads=2, progress=False)
    np.testing.assert_array_equal(one.length, two.length)
    np.testing.assert_array_equal(one.generated, two.generated)
    for a, b in zip(one.paths, two.paths):
        np.testing.assert_array_equal(a, b)
    h1 = npuzzle.heuristic("pdb", boards, threads=1)
    h2 = npuzzle.heuristic("pdb", boards, threads=2)
    np.testing.assert_array_equal(h1, h2)


def test_unsolvable_and_budget():
    odd = np.array([[2, 1, 3], [4, 5, 6], [7, 8, 0]], dtype=np.uint8)
    s = npuzzle.solve(np.stack([odd, npuzzle.goal("3x3")]), progress=False)
    assert s.status.tolist() == ["unsolvable", "solved"]
    assert s.length.tolist() == [-1, 0] and s.lower_bound.tolist() == [-1, 0]
    assert s.paths[0] is None and len(s.paths[1]) == 0
    hard, _ = npuzzle.sample("4x4", 3, seed=1, labels=False)
    s = npuzzle.solve(hard, heuristic="manhattan", node_budget=500, progress=False)
    assert (s.status == "unknown").all() and (s.length == -1).all()
    assert (s.lower_bound >= npuzzle.heuristic("manhattan", hard)).all()


def test_progress_callback_hears_the_batch_and_an_exception_in_it_stops_the_solve():
    boards, _ = npuzzle.sample("3x3", 50, seed=3)
    heard = []
    npuzzle.solve(boards, threads=2, progress=lambda done, total: heard.append((done, total)))
    assert heard and heard[-1] == (50, 50) and all(t == 50 for _, t in heard)

    def stop(done, total):
        raise RuntimeError("stopped by the callback")

    # The same path as Ctrl-C: the error (there KeyboardInterrupt) sets the
    # engine's stop flag and is raised once the workers have stopped.
    hard, _ = npuzzle.sample("4x4", 20, seed=4, labels=False)
    with pytest.raises(RuntimeError, match="stopped by the callback"):
        npuzzle.solve(hard, heuristic="manhattan", threads=2, progress=stop)
    with pytest.raises(RuntimeError, match="stopped by the callback"):
        npuzzle.distances("3x3", progress=stop)


def test_heuristics_as_arrays():
    boards, labels = npuzzle.sample("3x3", 300, seed=6)
    goal = npuzzle.goal("3x3")
    m = npuzzle.heuristic("manhattan", boards)
    assert m.dtype == np.int32
    np.testing.assert_array_equal(m, [manhattan(b, goal) for b in boards])
    lc = npuzzle.heuristic("linear-conflict", boards)
    pdb = npuzzle.heuristic("pdb", boards)
    assert (lc >= m).all() and (lc <= labels).all() and (pdb <= labels).all()
    # The 3×3 database is one exact group: the distance itself.
    np.testing.assert_array_equal(pdb, labels)
    np.testing.assert_array_equal(npuzzle.heuristic("manhattan + 0", boards), m)
    np.testing.assert_array_equal(npuzzle.heuristic("max(manhattan, 2 * misplaced - 1)", boards),
                                  np.maximum(m, 2 * npuzzle.heuristic("misplaced", boards) - 1))
    b4, _ = npuzzle.sample("4x4", 100, seed=7, labels=False)
    g4 = npuzzle.goal("4x4")
    np.testing.assert_array_equal(npuzzle.heuristic("manhattan", b4), [manhattan(b, g4) for b in b4])
    assert npuzzle.heuristic("manhattan", b4[0]) == manhattan(b4[0], g4)
    with pytest.raises(ValueError, match="pdb-78"):
        npuzzle.heuristic("pdb-78", boards)
    with pytest.raises(ValueError, match="neither a built-in"):
        npuzzle.heuristic("manhatan", boards)


def test_bad_boards_name_the_row_and_the_position():
    good = npuzzle.goal("3x3")
    dup = np.array([[1, 2, 3], [4, 5, 5], [7, 8, 0]], dtype=np.uint8)
    batch = np.stack([good, good, dup, good])
    for call in [npuzzle.parity, npuzzle.solvable, npuzzle.rank, npuzzle.solve,
                 lambda b: npuzzle.heuristic("manhattan", b)]:
        with pytest.raises(ValueError, match=r"^row 2: value 5 appears twice, at position 4 \(row 2, column 2\) and at position 5 \(row 2, column 3\), so 6 is missing"):
            call(batch)
    big = good.copy()
    big[1, 1] = 9
    with pytest.raises(ValueError, match=r"^row 0: .*position 4 \(row 2, column 2\)"):
        npuzzle.parity(big)


def test_wrong_dtype_shape_float_and_nan_name_the_row():
    good = npuzzle.goal("3x3")
    f = np.stack([good, good]).astype(np.float64)
    f[1, 2, 0] = np.nan
    with pytest.raises(TypeError, match=r"^row 1: position 6 \(row 3, column 1\) holds NaN"):
        npuzzle.solve(f)
    f[1, 2, 0] = 7.5
    with pytest.raises(TypeError, match=r"^row 1: position 6 \(row 3, column 1\) holds 7.5"):
        npuzzle.rank(f)
    with pytest.raises(TypeError, match=r"^row 0: boards are float32"):
        npuzzle.parity(good.astype(np.float32))
    with pytest.raises(TypeError, match=r"^row 0: boards have dtype bool"):
        npuzzle.parity(good.astype(bool))
    wide = np.stack([good, good]).astype(np.int64)
    np.testing.assert_array_equal(npuzzle.parity(wide), [0, 0])
    wide[1, 0, 0] = 300
    with pytest.raises(ValueError, match=r"^row 1: position 0 \(row 1, column 1\) holds 300"):
        npuzzle.parity(wide)
    with pytest.raises(ValueError, match=r"shape \(9,\)"):
        npuzzle.parity(good.reshape(-1))
    with pytest.raises(ValueError, match="boards of 9 rows and 1 columns"):
        npuzzle.parity(good.reshape(1, 9, 1))
    with pytest.raises(ValueError, match="the boards are 3×3 .* but the goal is 4×4"):
        npuzzle.solve(good, goal=npuzzle.goal("4x4"))
    with pytest.raises(ValueError, match="is not WxH"):
        npuzzle.distances("3by3")


def test_memory_is_stated_and_a_refusal_is_a_memory_error_with_the_figure():
    assert npuzzle.memory("4x3") == {"array": 239_500_800, "table": 59_875_208, "total": 299_376_008}
    with pytest.raises(MemoryError, match=r"the 4×3 distances need 299,376,008 bytes \(299 MB\).*over the limit of 1,000,000 bytes"):
        npuzzle.distances("4x3", max_bytes=1_000_000)
    with pytest.raises(ValueError, match="at most 14 cells"):
        npuzzle.distances("4x4")


def test_a_rust_panic_is_a_python_exception():
    with pytest.raises(BaseException, match="on purpose") as e:
        npuzzle._npuzzle._panic_for_test()
    assert type(e.value).__name__ == "PanicException"


def test_play_names_the_illegal_move():
    with pytest.raises(ValueError, match=r"move 2: the blank at position 8 \(row 3, column 3\) cannot move Down"):
        npuzzle.play(npuzzle.goal("3x3"), [0, 1, 1])
    seen = npuzzle.play(npuzzle.goal("3x3"), [0, 2])
    assert seen.shape == (3, 3, 3)
    np.testing.assert_array_equal(seen[-1], [[1, 2, 3], [4, 0, 5], [7, 8, 6]])


def test_ctrl_c_stops_a_solve_and_raises_keyboard_interrupt():
    import signal
    import subprocess
    import sys
    import time

    # Eight random 4×4 boards under Manhattan alone: minutes of search, so
    # only the interrupt can end the process within the timeout.
    code = (
        "import npuzzle\n"
        "b, _ = npuzzle.sample('4x4', 8, seed=4, labels=False)\n"
        "print('go', flush=True)\n"
        "npuzzle.solve(b, heuristic='manhattan', threads=2, progress=False)\n"
        "print('finished', flush=True)\n"
    )
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout.readline().strip() == "go"
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert "KeyboardInterrupt" in err and "finished" not in out
    assert p.returncode != 0
