//! The page in both metrics: the replay's h and the verdict's initial h
//! are the chosen metric's estimate and name it, the note under the inputs
//! names the heuristic the worker really uses, and the single-tile tools
//! (Trace, Race) say so beside their controls. Multi-tile figures are
//! checked against a plain breadth-first search of that metric.

use super::*;
use crate::engine::moves::Metric;
use crate::engine::{parse_board, Board, Move};
use std::collections::{HashMap, VecDeque};

/// Every board of the goal's 3×3 class with its multi-tile distance: a
/// plain BFS where sliding 1 or 2 tiles along the blank's row or column is
/// one move.
fn multi_tile_bfs(goal: &Board) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.cells().to_vec(), 0);
    let mut queue = VecDeque::from([*goal]);
    while let Some(b) = queue.pop_front() {
        let d = dist[b.cells()];
        for mv in [Move::Up, Move::Down, Move::Left, Move::Right] {
            let mut next = b.apply(mv);
            while let Some(n) = next {
                if !dist.contains_key(n.cells()) {
                    dist.insert(n.cells().to_vec(), d + 1);
                    queue.push_back(n);
                }
                next = n.apply(mv);
            }
        }
    }
    dist
}

/// Solves the workbench's inputs in the worker, through a native Session,
/// as the page does.
fn solve_in_worker(w: &mut Workbench) {
    let fx = w.apply(InputAction::Solve);
    let Some((job, task)) = fx.list.iter().find_map(|e| match e {
        Effect::PostSolve { job, task, .. } => Some((*job, task.clone())),
        _ => None,
    }) else {
        panic!("a solve posted to the worker: {fx:?}");
    };
    let mut worker = Session::default();
    worker.begin(task);
    let mut clock = || 0.0;
    while let Some(reply) = worker.step(&mut clock) {
        w.receive(Inbound::Solver { job, reply }, &mut clock);
    }
}

fn multi(start: &str) -> Workbench {
    let mut w = Workbench::new(Inputs {
        start: start.into(),
        ..Inputs::default()
    });
    w.apply(InputAction::Metric(Metric::Multi));
    w
}

#[test]
fn the_baseline_in_multi_replays_the_multi_tile_estimate_and_names_it() {
    let mut w = multi(&Inputs::default().start);
    solve_in_worker(&mut w);
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.verdict.cost, "1");
    assert_eq!(v.solution.witness, ["Right×2"]);
    assert_eq!(v.verdict.h_label, "Initial multi-tile Manhattan (h)");
    assert_eq!(v.verdict.initial_h, "1");
    assert_eq!(
        v.solution.replay_headings,
        [
            "Step",
            "Move",
            "Board",
            "g",
            "h (multi-tile Manhattan)",
            "f = g + h"
        ]
    );
    let gh: Vec<(u32, u32, u32)> = v.solution.replay.iter().map(|l| (l.g, l.h, l.f)).collect();
    assert_eq!(gh, [(0, 1, 1), (1, 0, 1)]);
    // The single-tile metric keeps its Manhattan, named beside the verdict.
    let mut w = Workbench::new(Inputs::default());
    w.apply(InputAction::Solve);
    let v = w.view();
    assert_eq!(v.verdict.h_label, "Initial Manhattan (h)");
    assert_eq!(v.verdict.initial_h, "2");
    assert_eq!(v.solution.replay_headings[4], "h");
    let gh: Vec<(u32, u32, u32)> = v.solution.replay.iter().map(|l| (l.g, l.h, l.f)).collect();
    assert_eq!(gh, [(0, 2, 2), (1, 1, 2), (2, 0, 2)]);
}

#[test]
fn a_multi_tile_replay_never_shows_f_above_the_bfs_optimum() {
    let goal = Board::DEFAULT_GOAL;
    let dist = multi_tile_bfs(&goal);
    assert_eq!(dist.len(), 181_440);
    for start in ["[8,1,3,4,0,2,7,6,5]", "[8,6,7,2,5,4,3,0,1]"] {
        let mut w = multi(start);
        solve_in_worker(&mut w);
        let v = w.view();
        let optimum = dist[parse_board(start).unwrap().cells()];
        assert_eq!(v.verdict.cost, optimum.to_string(), "{start}");
        assert_eq!(v.solution.replay.len() as u32, optimum + 1);
        for line in &v.solution.replay {
            let here = dist[parse_board(&line.board).unwrap().cells()];
            // The witness is a shortest path: g plus the exact distance
            // left is the optimum at every step, and h never exceeds it.
            assert_eq!(line.g + here, optimum, "{start} step {}", line.step);
            assert!(
                line.h <= here,
                "{start} step {}: h {} > {here}",
                line.step,
                line.h
            );
            assert_eq!(line.f, line.g + line.h);
            assert!(line.f <= optimum);
        }
    }
}

#[test]
fn the_note_under_the_inputs_names_the_heuristic_the_worker_uses() {
    let sixteen = "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]";
    let mut w = Workbench::new(Inputs {
        start: sixteen.into(),
        goal: "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]".into(),
        ..Inputs::default()
    });
    assert_eq!(
        w.view().family.limit_note,
        "4×4: IDA* with the pdb-663 pattern database stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel."
    );
    w.apply(InputAction::Metric(Metric::Multi));
    assert_eq!(
        w.view().family.limit_note,
        "4×4: IDA* with the multi-tile pattern tables stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel."
    );
    // 3×3 in the multi-tile metric runs in the worker too: the same words.
    let mut w = multi(&Inputs::default().start);
    assert_eq!(
        w.view().family.limit_note,
        "3×3: IDA* with the multi-tile pattern tables stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel."
    );
}

#[test]
fn the_trace_the_race_and_the_sweep_say_beside_their_controls_that_they_count_single_tile_moves() {
    let mut w = Workbench::new(Inputs::default());
    let v = w.view();
    assert_eq!(v.trace.metric_note, None);
    assert_eq!(v.race.metric_note, None);
    assert_eq!(v.space.metric_note, None);
    w.apply(InputAction::Metric(Metric::Multi));
    let v = w.view();
    assert_eq!(
        v.trace.metric_note.as_deref(),
        Some("The Trace steps the 3×3 contract's single-tile searches: its moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.")
    );
    assert_eq!(
        v.race.metric_note.as_deref(),
        Some("The Race runs single-tile searches: its moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.")
    );
    assert_eq!(
        v.space.metric_note.as_deref(),
        Some("The heuristic sweep and the depth table run single-tile searches: their moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.")
    );
    // A link in the multi-tile metric opens with the same note.
    let v = Workbench::open("metric=multi&tab=race").0.view();
    assert!(v.race.metric_note.is_some());
    w.apply(InputAction::Metric(Metric::Single));
    assert_eq!(w.view().trace.metric_note, None);
}
