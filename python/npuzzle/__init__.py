"""Sliding-tile puzzles of every shape (2x2 to 8x8) as numpy arrays.

Exact labels (every board's distance by rank), batch optimal and fast
solving on every core without the GIL, heuristics as arrays, and a
Gymnasium environment (``npuzzle.env``, extra ``[gym]``).

A thin layer over the workbench's Rust engine: every search is the
engine's; this module only turns arrays into boards and answers into
arrays.

Conventions
-----------
* A board is a ``numpy.ndarray`` of shape ``(H, W)``, a batch ``(N, H, W)``,
  dtype ``uint8``, ``0`` the blank. Integer arrays of another dtype are
  accepted when every value fits; float, bool and object arrays are not.
* A shape is the text ``"WxH"``, width first: ``"4x3"`` is 4 columns and
  3 rows, arrays of shape ``(3, 4)``.
* The goal defaults to the shape's: 1, 2, ..., W*H-1 row by row, then the
  blank.
* Moves are codes ``0`` up, ``1`` down, ``2`` left, ``3`` right: the
  direction the blank moves (``MOVES``).
* Metrics: ``"single"`` (a move slides one tile) or ``"multi"`` (a move
  slides 1 to W-1 tiles of the blank's row or 1 to H-1 of its column).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any, Callable, Literal, Optional, Sequence, Union

import numpy as np

from . import _npuzzle

__all__ = [
    "MOVES",
    "Solutions",
    "clear_cache",
    "distances",
    "goal",
    "heuristic",
    "labels",
    "memory",
    "parity",
    "play",
    "rank",
    "sample",
    "solvable",
    "solve",
    "unrank",
    "verify",
]

__version__ = "0.1.0"

#: Move names by code: the direction the blank moves.
MOVES: tuple[str, ...] = tuple(n.lower() for n in _npuzzle.move_names())

Progress = Union[None, bool, Callable[[int, int], Any]]


def _position(index: int, width: int) -> str:
    return f"position {index} (row {index // width + 1}, column {index % width + 1})"


def _as_boards(boards: Any, what: str = "boards") -> tuple[np.ndarray, bool]:
    """``boards`` as a C-contiguous (N, H, W) uint8 array, and whether one
    (H, W) board was given. Errors name the row (and the position) at fault."""
    a = np.asarray(boards)
    if a.ndim == 2:
        single, a = True, a[None]
    elif a.ndim == 3:
        single = False
    else:
        raise ValueError(
            f"{what} must be one board of shape (H, W) or a batch (N, H, W); "
            f"got an array of shape {a.shape}"
        )
    n, h, w = a.shape
    kind = a.dtype.kind
    if a.dtype == np.uint8:
        pass
    elif kind in "iu":
        flat = a.reshape(n, h * w)
        bad = (flat < 0) | (flat > 255)
        if bad.any():
            row, pos = np.argwhere(bad)[0]
            raise ValueError(
                f"row {row}: {_position(int(pos), w)} holds {flat[row, pos]}, "
                f"not a tile 0…{h * w - 1}"
            )
        a = a.astype(np.uint8)
    elif kind == "f":
        flat = a.reshape(n, h * w)
        with np.errstate(invalid="ignore"):
            bad = ~np.isfinite(flat) | (flat != np.floor(flat))
        if bad.any():
            row, pos = np.argwhere(bad)[0]
            v = flat[row, pos]
            why = "NaN" if np.isnan(v) else repr(float(v))
            raise TypeError(
                f"row {row}: {_position(int(pos), w)} holds {why}; boards hold "
                f"whole tile numbers as dtype uint8, not {a.dtype}"
            )
        raise TypeError(
            f"row 0: {what} are {a.dtype} (every row); boards hold whole tile "
            f"numbers as dtype uint8: convert with .astype(numpy.uint8)"
        )
    else:
        raise TypeError(
            f"row 0: {what} have dtype {a.dtype} (every row); boards are "
            f"uint8 arrays of tile numbers, 0 for the blank"
        )
    return np.ascontiguousarray(a), single


def _goal(g: Any) -> Optional[np.ndarray]:
    if g is None:
        return None
    a, single = _as_boards(g, "goal")
    if not single:
        raise ValueError(f"goal must be one board of shape (H, W); got {np.shape(g)}")
    return a


def _one(x: np.ndarray, single: bool) -> Any:
    return x[0] if single else x


def goal(shape: str) -> np.ndarray:
    """The default goal of ``shape`` ("WxH"): 1 … W·H−1 row by row, then
    the blank, as an (H, W) uint8 array."""
    h, w = _hw(shape)
    cells = np.arange(1, h * w + 1, dtype=np.uint8)
    cells[-1] = 0
    return cells.reshape(h, w)


def _hw(shape: str) -> tuple[int, int]:
    """(H, W) of "WxH", checked by the engine's shape rule."""
    _npuzzle.check_shape(shape)
    w, _, h = shape.strip().lower().replace("×", "x").partition("x")
    return int(h), int(w)


def _progress(progress: Progress, desc: str) -> tuple[Optional[Callable], Any]:
    """The callback to hand the engine: the caller's, tqdm's (when
    ``progress`` is None and tqdm is installed) or none."""
    if progress is False:
        return None, None
    if callable(progress):
        return progress, None
    try:
        from tqdm.auto import tqdm  # type: ignore[import-not-found]
    except ImportError:
        return None, None
    bar = tqdm(desc=desc, leave=False)

    def update(done: int, total: int) -> None:
        bar.total = total
        bar.n = done
        bar.refresh()

    return update, bar


def _log(log: Union[None, bool, Callable[[str], Any]]) -> Optional[Callable[[str], Any]]:
    if log is False:
        return None
    if callable(log):
        return log
    return lambda line: print(line, file=sys.stderr)


def parity(boards: Any) -> Any:
    """Each board's parity (0 or 1): the tile inversions, plus the blank's
    row counted from the bottom on boards of even width, mod 2. Two boards
    reach each other exactly when their parities agree."""
    a, single = _as_boards(boards)
    return _one(_npuzzle.parity(a), single)


def solvable(boards: Any, goal: Any = None) -> Any:
    """Whether each board can reach ``goal`` (default: the shape's goal)."""
    a, single = _as_boards(boards)
    return _one(_npuzzle.solvable(a, _goal(goal)), single)


def rank(boards: Any, goal: Any = None) -> Any:
    """Each board's rank among the boards that reach ``goal``: 0 …
    (W·H)!/2 − 1, the index of ``distances``. Shapes of at most 14 cells.
    A board that cannot reach the goal raises ``ValueError`` naming its row."""
    a, single = _as_boards(boards)
    return _one(_npuzzle.rank(a, _goal(goal)), single)


def unrank(ranks: Any, shape: str, goal: Any = None) -> np.ndarray:
    """The boards of ``ranks`` (an int or an array of ints) on ``shape``:
    the inverse of ``rank``."""
    r = np.asarray(ranks)
    single = r.ndim == 0
    if r.dtype.kind not in "iu":
        raise TypeError(f"ranks must be integers, not {r.dtype}")
    if (r < 0).any():
        i = int(np.argwhere(r.reshape(-1) < 0)[0][0])
        raise ValueError(f"index {i}: rank {r.reshape(-1)[i]} is negative")
    out = _npuzzle.unrank(np.ascontiguousarray(r.reshape(-1), dtype=np.uint64), shape, _goal(goal))
    return out[0] if single else out


def memory(shape: str) -> dict[str, int]:
    """Bytes ``distances(shape)`` takes, asked before it allocates: the
    array (one byte a board), the search's two-bit table, and both."""
    array, table = _npuzzle.memory(shape)
    return {"array": array, "table": table, "total": array + table}


def distances(
    shape: str,
    metric: Literal["single", "multi"] = "single",
    goal: Any = None,
    *,
    threads: Optional[int] = None,
    max_bytes: Optional[int] = None,
    progress: Progress = None,
) -> np.ndarray:
    """Every board's exact distance to ``goal``, as a uint8 array indexed
    by ``rank``: (W·H)!/2 entries (239,500,800 on "4x3").

    Shapes of at most 14 cells (2x7 needs 43.6 GB for the array). The
    memory (``memory(shape)``) is asked for before the search starts; a
    refusal, or a total over ``max_bytes``, raises ``MemoryError`` with the
    figures. ``threads`` defaults to every core; ``progress`` is a callable
    ``(boards_reached, total)``, ``False``, or ``None`` for tqdm when it is
    installed. Ctrl-C stops the search."""
    cb, bar = _progress(progress, f"distances {shape}")
    try:
        return _npuzzle.distances(shape, metric, _goal(goal), threads, max_bytes, cb)
    finally:
        if bar is not None:
            bar.close()


def sample(
    shape: str,
    n: int,
    distance: Optional[int] = None,
    seed: int = 0,
    *,
    metric: Literal["single", "multi"] = "single",
    goal: Any = None,
    labels: Optional[bool] = None,
    threads: Optional[int] = None,
    max_bytes: Optional[int] = None,
) -> tuple[np.ndarray, Optional[np.ndarray]]:
    """``n`` boards drawn uniformly and independently from those that reach
    ``goal``, or from those at exactly ``distance`` (shapes of at most 12
    cells), with their exact distances.

    Returns ``(boards, labels)``: boards (n, H, W) uint8, labels (n,) uint8
    or ``None``. ``labels`` defaults to True up to 12 cells, where the
    space is searched once (``distances``) and kept for later calls
    (``clear_cache`` frees it); on larger shapes the boards come unlabelled.
    The same ``seed`` gives the same boards."""
    if labels is None:
        h, w = _hw(shape)
        labels = h * w <= 12
    if distance is not None and distance < 0:
        raise ValueError(f"distance {distance} is negative")
    return _npuzzle.sample(
        shape, n, distance, seed, metric, _goal(goal), labels, threads, max_bytes
    )


def labels(
    boards: Any,
    metric: Literal["single", "multi"] = "single",
    goal: Any = None,
    *,
    threads: Optional[int] = None,
    max_bytes: Optional[int] = None,
) -> Any:
    """Each board's exact distance to ``goal`` (shapes of at most 12
    cells), read off the whole space, which is searched on the first call
    and kept (the same one ``sample`` keeps; ``clear_cache`` frees it)."""
    a, single = _as_boards(boards)
    return _one(_npuzzle.labels(a, metric, _goal(goal), threads, max_bytes), single)


@dataclass
class Solutions:
    """What ``solve`` found, one entry per board.

    * ``length``: moves of the path found (in the metric), −1 without one.
    * ``lower_bound``: a proved lower bound on the shortest length (the
      length itself when optimal), −1 when unsolvable.
    * ``proved``: whether the length is proved shortest (always when
      solved in optimal mode; in fast mode when it meets the bound).
    * ``status``: "solved", "unknown" (the node budget ran out) or
      "unsolvable" (the parities differ).
    * ``paths``: per board a uint8 array of move codes (``MOVES``; in the
      multi-tile metric the single moves, runs of one direction being one
      slide), or ``None``; with ``paths="padded"`` an (N, L) uint8 array
      padded with 255.
    * ``generated``: children generated per board; ``heuristic``: the
      estimate's name.
    """

    length: np.ndarray
    lower_bound: np.ndarray
    proved: np.ndarray
    status: np.ndarray
    paths: Union[list, np.ndarray]
    generated: np.ndarray
    heuristic: str


PAD = 255


def solve(
    boards: Any,
    mode: Literal["optimal", "fast"] = "optimal",
    metric: Literal["single", "multi"] = "single",
    heuristic: Optional[str] = None,
    threads: Optional[int] = None,
    *,
    goal: Any = None,
    node_budget: Optional[int] = None,
    paths: Literal["list", "padded"] = "list",
    cache_dir: Optional[str] = None,
    progress: Progress = None,
    log: Union[None, bool, Callable[[str], Any]] = None,
) -> Solutions:
    """Solves every board toward ``goal`` on ``threads`` threads (default:
    every core), the GIL released; Ctrl-C stops it (``KeyboardInterrupt``).

    ``mode``: "optimal" (IDA*, shortest, proved; boards of at most 25
    cells) or "fast" (a verified path with a proved lower bound; every shape
    to 64 cells). ``heuristic`` (default: the shape's pattern database,
    "multi-tile-pdb" in the multi metric; past 25 cells the table-free
    "linear-conflict" and "multi-tile-manhattan", as the command line's fast
    mode): "manhattan",
    "linear-conflict", "pdb", "pdb-78" (4x4), "pdb-6666" (5x5), or the
    database's own name; pdb-78 and pdb-6666 are loaded from the command
    line's cache (``cache_dir``, default ``$XDG_CACHE_HOME/eight-puzzle``
    or ``~/.cache/eight-puzzle``) or built and saved there, ``log``
    hearing each step (default: standard error). ``node_budget`` caps each
    optimal search (then "unknown" with its bound). Each board is solved on
    one thread: the answers are the same on any number of threads."""
    a, _ = _as_boards(boards)
    cb, bar = _progress(progress, "solve")
    try:
        d = _npuzzle.solve(
            a,
            _goal(goal),
            mode,
            metric,
            heuristic,
            threads,
            node_budget,
            cache_dir,
            cb,
            _log(log),
        )
    finally:
        if bar is not None:
            bar.close()
    p = d["paths"]
    if paths == "padded":
        longest = max((len(x) for x in p if x is not None), default=0)
        out = np.full((len(p), longest), PAD, dtype=np.uint8)
        for i, x in enumerate(p):
            if x is not None:
                out[i, : len(x)] = x
        p = out
    elif paths != "list":
        raise ValueError(f'paths must be "list" or "padded", not {paths!r}')
    return Solutions(
        length=d["length"],
        lower_bound=d["lower_bound"],
        proved=d["proved"],
        status=np.array(d["status"], dtype=str),
        paths=p,
        generated=d["generated"],
        heuristic=d["heuristic"],
    )


def heuristic(
    name_or_expression: str,
    boards: Any,
    goal: Any = None,
    *,
    cache_dir: Optional[str] = None,
    threads: Optional[int] = None,
    log: Union[None, bool, Callable[[str], Any]] = None,
) -> Any:
    """The heuristic's value on each board, as an int32 array.

    Built-ins: "manhattan", "linear-conflict", "misplaced", "pdb" (the
    shape's additive pattern database, also by its name, e.g. "pdb-663"),
    "pdb-78" (4x4), "pdb-6666" (5x5), "multi-tile-manhattan",
    "multi-tile-pdb"; anything else is read as an expression of the
    workbench's heuristic language (e.g. "max(manhattan, 2 * misplaced - 1)").
    The databases use the command line's cache (see ``solve``)."""
    a, single = _as_boards(boards)
    return _one(
        _npuzzle.heuristic(name_or_expression, a, _goal(goal), cache_dir, threads, _log(log)),
        single,
    )


def _board_and_codes(board: Any, moves: Sequence[int], what: str) -> tuple[np.ndarray, np.ndarray]:
    """One board as (1, H, W) and the move codes as a uint8 array."""
    a, single = _as_boards(board, "board")
    if not single:
        raise ValueError(f"{what} takes one board of shape (H, W)")
    m = np.asarray(moves)
    if m.size and (m.dtype.kind not in "iu" or (m < 0).any() or (m > 255).any()):
        raise ValueError("moves must be codes 0-3 (up, down, left, right)")
    return a, np.ascontiguousarray(m.reshape(-1), dtype=np.uint8)


def play(board: Any, moves: Sequence[int]) -> np.ndarray:
    """The boards a path of move codes passes through, ``board`` first:
    (len(moves) + 1, H, W). A move off the board raises ``ValueError``
    naming its index."""
    return _npuzzle.play(*_board_and_codes(board, moves, "play"))


def verify(board: Any, moves: Sequence[int], goal: Any = None) -> None:
    """The engine's independent replay check of a path of move codes (the
    single moves ``solve`` gives) from ``board`` to ``goal`` (default: the
    shape's): returns when every move is legal and the last board is the
    goal, else raises ``ValueError`` with the engine's message (the step
    at fault, or the board the path ends on)."""
    a, m = _board_and_codes(board, moves, "verify")
    _npuzzle.verify(a, m, _goal(goal))


def clear_cache() -> None:
    """Frees the spaces ``sample`` keeps and the heuristics (databases)
    made ready."""
    _npuzzle.clear_cache()
