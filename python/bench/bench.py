"""The issue-36 benchmarks of the npuzzle package (figures in BENCHMARKS.md).

Run with the virtual environment `cargo xtask test --python` makes
(target/python-env), from the workspace root:

    P=target/python-env/bin/python
    $P python/bench/bench.py distances            # distances("4x3"): time, peak RSS
    $P python/bench/bench.py boards 10000 7 FILE  # random solvable 4x4 boards, one per line
    $P python/bench/bench.py solve FILE --threads 2 --cache-dir DIR [--heuristic pdb-78]
    $P python/bench/bench.py heuristic            # manhattan on 10^6 random 4x4 boards
    $P python/bench/bench.py sample               # sample("2x5", 100_000, distance=20)
    $P python/bench/bench.py slidingpuzzle --timeout 20   # needs `pip install slidingpuzzle`

Each prints one JSON object. Times are wall seconds (time.perf_counter);
medians are of the runs printed beside them.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import resource
import statistics
import sys
import time

import numpy as np

import npuzzle


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def load() -> str:
    return " ".join(open("/proc/loadavg").read().split()[:3])


def cmd_distances(args) -> dict:
    before = peak_rss_mb()
    t = time.perf_counter()
    d = npuzzle.distances(args.shape, args.metric, threads=args.threads, progress=False)
    seconds = time.perf_counter() - t
    peak = peak_rss_mb()
    return {
        "shape": args.shape,
        "boards": int(d.size),
        "diameter": int(d.max()),
        "seconds": round(seconds, 3),
        "peak_rss_mb": round(peak, 1),
        "rss_before_mb": round(before, 1),
        "array_mb": round(d.nbytes / 2**20, 1),
        "peak_beyond_array_mb": round(peak - d.nbytes / 2**20, 1),
        "load": load(),
    }


def cmd_boards(args) -> dict:
    boards, _ = npuzzle.sample("4x4", args.n, seed=args.seed, labels=False)
    with open(args.out, "w") as f:
        for b in boards:
            f.write(json.dumps(b.tolist()) + "\n")
    return {"boards": args.n, "seed": args.seed, "file": args.out}


def read_boards(path: str) -> np.ndarray:
    with open(path) as f:
        return np.array([json.loads(line) for line in f if line.strip()], dtype=np.uint8)


def cmd_solve(args) -> dict:
    boards = read_boards(args.file)
    # The database made ready (loaded from the cache) before the clock.
    t = time.perf_counter()
    npuzzle.heuristic(args.heuristic, boards[:1], cache_dir=args.cache_dir)
    ready = time.perf_counter() - t
    t = time.perf_counter()
    s = npuzzle.solve(
        boards, heuristic=args.heuristic, threads=args.threads, cache_dir=args.cache_dir, progress=False
    )
    seconds = time.perf_counter() - t
    return {
        "boards": len(boards),
        "threads": args.threads,
        "heuristic": s.heuristic,
        "solved": int((s.status == "solved").sum()),
        "mean_length": round(float(s.length.mean()), 3),
        "generated": int(s.generated.sum()),
        "ready_seconds": round(ready, 3),
        "seconds": round(seconds, 3),
        "boards_per_second": round(len(boards) / seconds, 1),
        "load": load(),
    }


def cmd_heuristic(args) -> dict:
    boards, _ = npuzzle.sample("4x4", args.n, seed=5, labels=False)
    npuzzle.heuristic("manhattan", boards[:10])
    runs = []
    for _ in range(args.runs):
        t = time.perf_counter()
        h = npuzzle.heuristic("manhattan", boards, threads=args.threads)
        runs.append(time.perf_counter() - t)
    return {
        "boards": args.n,
        "mean_h": round(float(h.mean()), 3),
        "runs_s": [round(r, 4) for r in runs],
        "median_s": round(statistics.median(runs), 4),
        "load": load(),
    }


def cmd_sample(args) -> dict:
    t = time.perf_counter()
    npuzzle.sample("2x5", 1, distance=20)
    first = time.perf_counter() - t
    runs = []
    for seed in range(args.runs):
        t = time.perf_counter()
        b, l = npuzzle.sample("2x5", 100_000, distance=20, seed=seed)
        runs.append(time.perf_counter() - t)
    assert (l == 20).all() and b.shape == (100_000, 5, 2)
    return {
        "space_search_s": round(first, 4),
        "runs_s": [round(r, 4) for r in runs],
        "median_s": round(statistics.median(runs), 4),
        "load": load(),
    }


def _their_solve(board: list, q) -> None:
    import slidingpuzzle as sp

    t = time.perf_counter()
    r = sp.search(np.array(board), "a*")
    q.put((len(r.solution), time.perf_counter() - t))


def theirs(board: np.ndarray, timeout: float):
    """slidingpuzzle's A* (its default heuristic, linear conflict) in a
    child process: (length, seconds) or (None, timeout)."""
    q = mp.Queue()
    p = mp.Process(target=_their_solve, args=(board.tolist(), q))
    p.start()
    p.join(timeout)
    if p.is_alive():
        p.kill()
        p.join()
        return None, timeout
    return q.get()


def cmd_slidingpuzzle(args) -> dict:
    import slidingpuzzle

    out = {"slidingpuzzle": slidingpuzzle.__version__, "load_before": load()}
    sets = [("3x3", 100, None), ("4x4", 20, args.heuristic_4x4)]
    for shape, n, heuristic in [x for x in sets if x[0] in args.shapes.split(",")]:
        boards, _ = npuzzle.sample(shape, n, seed=36, labels=False)
        npuzzle.heuristic(heuristic or "pdb", boards[:1], cache_dir=args.cache_dir)
        t = time.perf_counter()
        ours = npuzzle.solve(boards, heuristic=heuristic, threads=1, cache_dir=args.cache_dir, progress=False)
        our_s = time.perf_counter() - t
        lengths, secs, unfinished = [], [], 0
        for b in boards:
            length, s = theirs(b, args.timeout)
            lengths.append(length)
            secs.append(s)
            unfinished += length is None
        finished = [i for i, x in enumerate(lengths) if x is not None]
        equal = all(lengths[i] == int(ours.length[i]) for i in finished)
        their_s = sum(secs)
        out[shape] = {
            "boards": n,
            "ours_heuristic": ours.heuristic,
            "ours_one_thread_s": round(our_s, 4),
            "theirs_s": round(their_s, 2),
            "theirs_unfinished": unfinished,
            "timeout_s": args.timeout,
            "lengths_equal_where_finished": equal,
            "finished": len(finished),
            "speedup": round(their_s / our_s, 1),
            "speedup_note": "a lower bound: unfinished boards count as the timeout" if unfinished else "exact",
        }
    out["load_after"] = load()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("distances")
    p.add_argument("--shape", default="4x3")
    p.add_argument("--metric", default="single")
    p.add_argument("--threads", type=int, default=2)
    p = sub.add_parser("boards")
    p.add_argument("n", type=int)
    p.add_argument("seed", type=int)
    p.add_argument("out")
    p = sub.add_parser("solve")
    p.add_argument("file")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--heuristic", default="pdb-78")
    p.add_argument("--cache-dir")
    p = sub.add_parser("heuristic")
    p.add_argument("--n", type=int, default=1_000_000)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--threads", type=int, default=2)
    p = sub.add_parser("sample")
    p.add_argument("--runs", type=int, default=5)
    p = sub.add_parser("slidingpuzzle")
    p.add_argument("--timeout", type=float, default=20.0)
    p.add_argument("--heuristic-4x4", default="pdb-78")
    p.add_argument("--shapes", default="3x3,4x4")
    p.add_argument("--cache-dir")
    args = ap.parse_args()
    result = globals()["cmd_" + args.cmd](args)
    print(json.dumps(result))


if __name__ == "__main__":
    sys.exit(main())
