"""Type stubs of the native module (Rust, PyO3). Use the ``npuzzle``
package's functions: they accept any board array and shape it into what
these take (C-contiguous (N, H, W) uint8 arrays; a goal as (1, H, W))."""

from os import PathLike
from typing import Any, Callable, Optional, Union

import numpy as np
import numpy.typing as npt

Boards = npt.NDArray[np.uint8]  # (N, H, W), C-contiguous
Goal = Optional[npt.NDArray[np.uint8]]  # (1, H, W)
Progress = Optional[Callable[[int, int], Any]]
Log = Optional[Callable[[str], Any]]

def parity(boards: Boards) -> npt.NDArray[np.uint8]:
    """Each board's parity: inversions (+ the blank's row from the bottom
    on even widths), mod 2."""

def solvable(boards: Boards, goal: Goal = None) -> npt.NDArray[np.bool_]:
    """Whether each board reaches the goal."""

def rank(boards: Boards, goal: Goal = None) -> npt.NDArray[np.uint64]:
    """Each board's rank in the goal's class (≤ 14 cells)."""

def unrank(ranks: npt.NDArray[np.uint64], shape: str, goal: Goal = None) -> Boards:
    """The boards of the ranks."""

def memory(shape: str) -> tuple[int, int]:
    """Bytes of the distance array and of the search's table."""

def distances(
    shape: str,
    metric: str = "single",
    goal: Goal = None,
    threads: Optional[int] = None,
    max_bytes: Optional[int] = None,
    progress: Progress = None,
) -> npt.NDArray[np.uint8]:
    """Every board's distance by rank; MemoryError with the figures when
    refused or over max_bytes."""

def sample(
    shape: str,
    n: int,
    distance: Optional[int] = None,
    seed: int = 0,
    metric: str = "single",
    goal: Goal = None,
    labels: bool = True,
    threads: Optional[int] = None,
    max_bytes: Optional[int] = None,
) -> tuple[Boards, Optional[npt.NDArray[np.uint8]]]:
    """Uniform boards (at an exact distance) and their distances."""

def labels(
    boards: Boards,
    metric: str = "single",
    goal: Goal = None,
    threads: Optional[int] = None,
    max_bytes: Optional[int] = None,
) -> npt.NDArray[np.uint8]:
    """Each board's distance from the kept space (≤ 12 cells)."""

def clear_cache() -> None:
    """Forgets the kept spaces and ready heuristics."""

def heuristic(
    spec: str,
    boards: Boards,
    goal: Goal = None,
    cache_dir: Union[None, str, PathLike[str]] = None,
    threads: Optional[int] = None,
    log: Log = None,
) -> npt.NDArray[np.int32]:
    """The heuristic's value on each board."""

def solve(
    boards: Boards,
    goal: Goal = None,
    mode: str = "optimal",
    metric: str = "single",
    heuristic: Optional[str] = None,
    threads: Optional[int] = None,
    node_budget: Optional[int] = None,
    cache_dir: Union[None, str, PathLike[str]] = None,
    progress: Progress = None,
    log: Log = None,
) -> dict[str, Any]:
    """Keys: length, lower_bound (int32, −1 none), proved (bool),
    generated (uint64), status (list of str), paths (list of uint8 arrays
    or None), heuristic (str)."""

def play(board: Boards, moves: npt.NDArray[np.uint8]) -> Boards:
    """The boards a path passes through, the first board first."""

def verify(board: Boards, moves: npt.NDArray[np.uint8], goal: Goal = None) -> None:
    """ValueError (the engine's message) unless the path of move codes is
    legal and ends on the goal."""

def check_shape(shape: str) -> None:
    """ValueError unless shape is "WxH" of a board shape."""

def move_names() -> list[str]:
    """Up, Down, Left, Right: the blank's direction, by code."""

def _panic_for_test() -> None:
    """Panics in Rust (raises pyo3's PanicException)."""
