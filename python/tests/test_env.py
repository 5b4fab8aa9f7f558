"""The Gymnasium environment: the checker, the reward, the exact distance
in info, and an optimal episode's return."""

from __future__ import annotations

import numpy as np
import pytest

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

import npuzzle  # noqa: E402
from npuzzle.env import SlidingPuzzleEnv  # noqa: E402


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"shape": "4x2", "metric": "multi", "scramble": 9},
        {"shape": "3x2", "scramble": 5},
        {"shape": "4x4", "scramble": 30},
    ],
)
def test_the_checker_passes(kwargs):
    check_env(gymnasium.make("npuzzle/SlidingPuzzle-v0", **kwargs).unwrapped, skip_render_check=False)


def test_registered_and_made():
    env = gymnasium.make("npuzzle/SlidingPuzzle-v0", shape="2x3")
    obs, info = env.reset(seed=1)
    assert obs.shape == (3, 2) and "distance" in info


def test_an_optimal_episode_earns_minus_its_length_and_the_distance_falls_by_one():
    env = SlidingPuzzleEnv(scramble=18)
    obs, info = env.reset(seed=5)
    assert info["distance"] == 18
    s = npuzzle.solve(obs, progress=False)
    assert s.length[0] == 18
    total = 0.0
    for i, a in enumerate(s.paths[0]):
        obs, r, term, trunc, info = env.step(a)
        total += r
        assert info["distance"] == 17 - i and info["legal"]
        assert term == (i == 17) and not trunc
    assert total == -18.0
    np.testing.assert_array_equal(obs, npuzzle.goal("3x3"))


def test_multi_metric_reward_counts_slides():
    env = SlidingPuzzleEnv(metric="multi", scramble=6)
    obs, info = env.reset(seed=2)
    assert info["distance"] == 6
    s = npuzzle.solve(obs, metric="multi", progress=False)
    rewards = [env.step(a)[1] for a in s.paths[0]]
    assert sum(rewards) == -6.0
    assert env._info()["distance"] == 0


def test_an_illegal_action_costs_a_move_and_changes_nothing():
    env = SlidingPuzzleEnv(scramble=3)
    obs, _ = env.reset(seed=0)
    r, c = map(int, np.argwhere(obs == 0)[0])
    blocked = 0 if r == 0 else 1 if r == 2 else 2 if c == 0 else 3 if c == 2 else None
    if blocked is None:  # the blank in the middle: take it to the top first
        obs, *_ = env.step(0)
        blocked = 0
    before = obs.copy()
    obs, reward, term, trunc, info = env.step(blocked)
    np.testing.assert_array_equal(obs, before)
    assert reward == -1.0 and info["legal"] is False


def test_truncation_and_uniform_starts_and_large_shapes_without_distance():
    env = SlidingPuzzleEnv(max_steps=3)
    obs, info = env.reset(seed=11)
    d = npuzzle.distances("3x3", progress=False)
    assert info["distance"] == d[npuzzle.rank(obs)]
    outs = [env.step(0) for _ in range(3)]
    assert outs[-1][3] is True
    env = SlidingPuzzleEnv(shape="5x5", scramble=40)
    obs, info = env.reset(seed=3)
    assert "distance" not in info and npuzzle.solvable(obs)
    assert env.render() is None
    env = SlidingPuzzleEnv(render_mode="ansi")
    env.reset(seed=1)
    assert len(env.render().splitlines()) == 3
