"""A Gymnasium environment of the sliding-tile puzzle (extra ``[gym]``:
``pip install "npuzzle[gym]"``).

``SlidingPuzzleEnv(shape="3x3", metric="single", scramble=None, ...)``,
registered as ``"npuzzle/SlidingPuzzle-v0"``.

* **Actions**: ``Discrete(4)``, the move codes of ``npuzzle.MOVES``: the
  direction the blank moves (0 up, 1 down, 2 left, 3 right). An action
  that would take the blank off the board leaves it where it is and still
  costs a move (``info["legal"]`` is False).
* **Observations**: the board, a ``Box(0, W·H−1, (H, W), uint8)``, 0 for
  the blank.
* **Reward**: −1 for each move in the ``"single"`` metric. In the
  ``"multi"`` metric a move continuing the last one in the same direction
  is part of the same slide and costs 0; a move starting a slide costs
  −1. Either way the return of an episode is minus its length in the
  metric, so a shortest solution earns the most; reaching the goal ends
  the episode (``terminated``), ``max_steps`` moves without it truncate
  it.
* **Starts** (``reset``): with ``scramble=None`` a board drawn uniformly
  from all that reach the goal; with ``scramble=k`` one drawn uniformly
  from the boards exactly ``k`` moves from the goal (shapes of at most 12
  cells), or, on larger shapes, the end of a ``k``-move random walk that
  never undoes its last move. ``reset(options={"scramble": k})``
  overrides it for one episode.
* **info**: ``"distance"``, the exact distance to the goal in the metric,
  wherever it is known (every shape of at most 12 cells: the whole space is
  searched once per shape, metric and goal, and kept: ``npuzzle.labels``), ``"legal"``, and
  ``"moves"``, the moves taken.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError(
        'npuzzle.env needs gymnasium: pip install "npuzzle[gym]"'
    ) from e

import npuzzle

#: Shapes whose every distance the environment knows (the space search's
#: limit in cells).
KNOWN_CELLS = 12


class SlidingPuzzleEnv(gym.Env):
    """The sliding-tile puzzle as a Gymnasium environment (see the module's
    documentation for the actions, observations, reward and info)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        shape: str = "3x3",
        metric: str = "single",
        scramble: Optional[int] = None,
        goal: Optional[np.ndarray] = None,
        max_steps: int = 200,
        render_mode: Optional[str] = None,
    ) -> None:
        if metric not in ("single", "multi"):
            raise ValueError(f'metric must be "single" or "multi", not {metric!r}')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.shape = shape
        self.metric = metric
        self.scramble = scramble
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.h, self.w = npuzzle._hw(shape)
        self.goal = npuzzle.goal(shape) if goal is None else npuzzle._as_boards(goal, "goal")[0][0]
        if self.goal.shape != (self.h, self.w):
            raise ValueError(f"goal has shape {self.goal.shape}, not {(self.h, self.w)} of {shape}")
        npuzzle.parity(self.goal)  # the engine checks it is a board
        cells = self.h * self.w
        self.known = cells <= KNOWN_CELLS
        self.action_space = spaces.Discrete(4)
        self.observation_space = spaces.Box(
            low=0, high=cells - 1, shape=(self.h, self.w), dtype=np.uint8
        )
        self.board = self.goal.copy()
        self.last: Optional[int] = None
        self.moves = 0

    def _info(self, legal: bool = True) -> dict[str, Any]:
        info: dict[str, Any] = {"legal": legal, "moves": self.moves}
        if self.known:
            info["distance"] = int(npuzzle.labels(self.board, self.metric, self.goal))
        return info

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        scramble = self.scramble
        if options and "scramble" in options:
            scramble = options["scramble"]
        draw = int(self.np_random.integers(0, 2**63 - 1))
        if scramble is None:
            boards, _ = npuzzle.sample(self.shape, 1, seed=draw, goal=self.goal, labels=False)
            self.board = boards[0]
        elif self.known:
            boards, _ = npuzzle.sample(
                self.shape, 1, distance=int(scramble), seed=draw, metric=self.metric, goal=self.goal
            )
            self.board = boards[0]
        else:
            self.board = self._walk(int(scramble))
        self.board = np.ascontiguousarray(self.board, dtype=np.uint8)
        self.last = None
        self.moves = 0
        return self.board.copy(), self._info()

    def _walk(self, k: int) -> np.ndarray:
        """The end of a k-move random walk from the goal that never undoes
        its last move."""
        board = self.goal.copy()
        undo = {0: 1, 1: 0, 2: 3, 3: 2}
        last = None
        for _ in range(k):
            r, c = np.argwhere(board == 0)[0]
            legal = [
                m
                for m, ok in ((0, r > 0), (1, r < self.h - 1), (2, c > 0), (3, c < self.w - 1))
                if ok and (last is None or m != undo[last])
            ]
            m = legal[int(self.np_random.integers(len(legal)))]
            board = npuzzle.play(board, [m])[-1]
            last = m
        return board

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        a = int(action)
        if not self.action_space.contains(a):
            raise ValueError(f"action {action!r} is not 0-3 (up, down, left, right)")
        self.moves += 1
        try:
            self.board = npuzzle.play(self.board, [a])[-1]
            legal = True
        except ValueError:
            legal = False
        if self.metric == "multi" and legal and self.last == a:
            reward = 0.0
        else:
            reward = -1.0
        self.last = a if legal else None
        terminated = bool(np.array_equal(self.board, self.goal))
        truncated = not terminated and self.moves >= self.max_steps
        return self.board.copy(), reward, terminated, truncated, self._info(legal)

    def render(self) -> Optional[str]:
        if self.render_mode != "ansi":
            return None
        width = len(str(self.h * self.w - 1))
        return "\n".join(
            " ".join("·".rjust(width) if v == 0 else str(v).rjust(width) for v in row)
            for row in self.board
        )


gym.register(id="npuzzle/SlidingPuzzle-v0", entry_point="npuzzle.env:SlidingPuzzleEnv")
