//! Play's record of a solve and its analysis by the worker, checked
//! against a plain breadth-first search.

use super::*;
use crate::engine::moves::Metric;
use crate::engine::{parse_board, Board, Move};
use crate::task::Session;
use std::collections::{HashMap, VecDeque};

/// Single-tile distances to `goal` of every board of its class: a plain
/// breadth-first search.
fn bfs(goal: &Board) -> HashMap<Board, u32> {
    bfs_near(goal, u32::MAX)
}

/// Single-tile distances to `goal` of the boards at most `depth` moves
/// from it: a plain breadth-first search (also the reference of the
/// boards past 25 cells near their goal, `large_tests.rs`).
pub(super) fn bfs_near(goal: &Board, depth: u32) -> HashMap<Board, u32> {
    let mut dist = HashMap::from([(*goal, 0u32)]);
    let mut queue = VecDeque::from([*goal]);
    while let Some(b) = queue.pop_front() {
        let d = dist[&b];
        if d == depth {
            continue;
        }
        for mv in Move::ALL {
            if let Some(n) = b.apply(mv) {
                dist.entry(n).or_insert_with(|| {
                    queue.push_back(n);
                    d + 1
                });
            }
        }
    }
    dist
}

/// Posts the task the effects carry through a session, every reply
/// through the workbench as the web layer does; the effects of the last
/// reply (a job it posts next). Shared with `speed_tests.rs`.
pub(super) fn run_posted(w: &mut Workbench, fx: &Effects) -> Effects {
    let (job, task) = fx
        .list
        .iter()
        .find_map(|e| match e {
            Effect::PostSolve { job, task, .. } => Some((*job, task.clone())),
            _ => None,
        })
        .expect("a task posted to the worker");
    let mut worker = Session::default();
    worker.begin(task);
    let mut clock = || 0.0;
    let mut last = Effects::default();
    while let Some(reply) = worker.step(&mut clock) {
        last = w.receive(Inbound::Solver { job, reply }, &mut clock);
    }
    last
}

#[test]
fn a_played_3x3_solve_is_counted_then_analysed_by_the_worker_as_bfs_says() {
    let start = "[1,2,3,4,5,6,0,7,8]";
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, start);
    w.select_tab(Tab::Play);
    let moves = [Move::Right, Move::Left, Move::Right, Move::Right];
    let mut fx = Effects::default();
    for (i, mv) in moves.into_iter().enumerate() {
        let p = w.view().play.view.unwrap();
        assert_eq!(p.counter, format!("Moves: {i}"));
        assert_eq!(p.analysis, None, "no analysis before the goal");
        fx = w.apply(PlayAction::Move(mv));
    }
    let p = w.view().play.view.unwrap();
    assert!(p.solved);
    assert_eq!(p.counter, "Moves: 4");
    assert_eq!(
        p.analysis.as_deref(),
        Some("Reading your solve back in the Web Worker…")
    );
    run_posted(&mut w, &fx);

    // The reference: each board's distance by a plain BFS.
    let start = parse_board(start).unwrap();
    let goal = parse_board("[1,2,3,4,5,6,7,8,0]").unwrap();
    let dist = bfs(&goal);
    let mut boards = vec![start];
    for mv in moves {
        boards.push(boards.last().unwrap().apply(mv).unwrap());
    }
    let ds: Vec<u32> = boards.iter().map(|b| dist[b]).collect();
    assert_eq!(ds, vec![2, 1, 2, 1, 0], "the BFS's distances");
    let wasted: Vec<bool> = ds.windows(2).map(|p| p[1] + 1 != p[0]).collect();
    assert_eq!(wasted, vec![false, true, false, false]);

    let p = w.view().play.view.unwrap();
    assert_eq!(
        p.analysis.as_deref(),
        Some("Your solve: 4 moves; the optimum is 2, so the excess is 2. Distance to the goal after each move, from 2: 1 2 1 0. One move did not bring the board one move closer: 2 (Left).")
    );
    let a = p.analysis_detail.expect("the worker's analysis");
    assert_eq!(a.distances, ds);
    assert_eq!(
        a.steps,
        vec![
            "Right — distance 1",
            "Left — distance 2 — wasted",
            "Right — distance 1",
            "Right — distance 0",
        ]
    );
}

#[test]
fn a_played_multi_tile_solve_counts_a_slide_of_two_as_one_move() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    w.set_metric(Metric::Multi);
    w.select_tab(Tab::Play);
    // A click on the last cell slides tiles 7 and 8: one multi-tile move.
    let fx = w.apply(PlayAction::Click(8));
    let p = w.view().play.view.unwrap();
    assert!(p.solved);
    assert_eq!(p.counter, "Moves: 1");
    run_posted(&mut w, &fx);
    let p = w.view().play.view.unwrap();
    assert_eq!(
        p.analysis.as_deref(),
        Some("Your solve: 1 multi-tile move; the optimum is 1, so the excess is 0. Distance to the goal after each move, from 1: 0. No move was wasted: each brought the goal one move closer.")
    );
    let a = p.analysis_detail.expect("the analysis");
    assert_eq!(a.steps, vec!["Right×2 — distance 0"]);
    assert_eq!(a.distances, vec![1, 0]);
}

#[test]
fn new_scramble_deals_the_engines_uniform_draw_of_the_goals_class_and_a_new_game() {
    for (start, goal) in [
        ("[1,2,3,4,5,6,0,7,8]", "[1,2,3,4,5,6,7,8,0]"),
        (
            "[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]",
            "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]",
        ),
    ] {
        let mut w = Workbench::new(Default::default());
        w.edit(Field::Start, start);
        w.select_tab(Tab::Play);
        w.apply(PlayAction::Move(Move::Right));
        w.apply(PlayAction::Scramble(7));
        let goal = parse_board(goal).unwrap();
        let dealt = crate::engine::space::sample_boards(&goal, 1, 7)[0];
        assert_eq!(w.input.texts().start, dealt.to_json());
        assert!(crate::engine::check_parity(&dealt, &goal).is_ok());
        let p = w.view().play.view.unwrap();
        assert_eq!(p.board, dealt.cells().to_vec());
        assert_eq!(p.counter, "Moves: 0");
        assert!(p.moves.is_empty());
        // Another seed, another board (the draw is the seed's).
        assert_ne!(crate::engine::space::sample_boards(&goal, 1, 8)[0], dealt);
    }
}

#[test]
fn a_pasted_solve_is_replayed_in_either_notation_and_bad_text_changes_nothing() {
    for (text, notation) in [
        ("R L R R", "blank"),
        ("LRL1L", "tile"),
        ("R, L R2", "blank"),
    ] {
        let mut w = Workbench::new(Default::default());
        w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
        w.select_tab(Tab::Play);
        let fx = w.apply(PlayAction::Paste {
            text: text.into(),
            notation: notation.into(),
        });
        let p = w.view().play.view.unwrap();
        assert!(p.solved, "{text}");
        assert_eq!(p.counter, "Moves: 4");
        run_posted(&mut w, &fx);
        assert_eq!(
            w.view().play.view.unwrap().analysis.as_deref(),
            Some("Your solve: 4 moves; the optimum is 2, so the excess is 2. Distance to the goal after each move, from 2: 1 2 1 0. One move did not bring the board one move closer: 2 (Left).")
        );
    }
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    w.select_tab(Tab::Play);
    w.apply(PlayAction::Move(Move::Up));
    for (text, message) in [
        ("R X", "The pasted solve was not replayed: move 2, 'X': not a move letter; write U, D, L or R, each optionally followed by a count (R3), separated by spaces or nothing."),
        ("U U U", "The pasted solve was not replayed: move 3, U: the blank is in row 1 and no tile lies above it (no move wraps to the other end of a column)."),
    ] {
        w.apply(PlayAction::Paste {
            text: text.into(),
            notation: "blank".into(),
        });
        let p = w.view().play.view.unwrap();
        assert_eq!(p.message.as_deref(), Some(message));
        assert_eq!(p.moves, vec!["Up"], "nothing lost");
        assert_eq!(p.board, vec![1, 2, 3, 0, 5, 6, 4, 7, 8]);
    }
}

#[test]
fn a_3x4_analysis_says_the_tables_build_then_each_board_and_cancel_stops_it() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, "[[1,2,3],[4,5,6],[7,8,9],[0,10,11]]");
    w.edit(Field::Goal, "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]");
    w.select_tab(Tab::Play);
    // Right, Left, Right, Right: four moves, the second wasted.
    let paste = |w: &mut Workbench| {
        w.apply(PlayAction::Paste {
            text: "R L R R".into(),
            notation: "blank".into(),
        })
    };
    let fx = paste(&mut w);
    let (job, task) = fx
        .list
        .iter()
        .find_map(|e| match e {
            Effect::PostSolve { job, task, .. } => Some((*job, task.clone())),
            _ => None,
        })
        .expect("the analysis posted to the worker");
    let mut worker = Session::default();
    worker.begin(task);
    let mut clock = || 0.0;
    let mut said: Vec<String> = Vec::new();
    while let Some(reply) = worker.step(&mut clock) {
        w.solver_reply(job, &reply);
        let text = w.view().play.view.unwrap().analysis.unwrap();
        if said.last() != Some(&text) {
            said.push(text);
        }
    }
    let builds: Vec<&String> = said.iter().filter(|t| t.starts_with("Building")).collect();
    assert_eq!(
        builds.first().map(|t| t.as_str()),
        Some("Building the pdb-65 tables (0.4 MB, 1 of 2 built) for the exact distances; the Web Worker keeps them for this session…")
    );
    let boards: Vec<&str> = said
        .iter()
        .filter(|t| t.starts_with("Analysing"))
        .map(String::as_str)
        .collect();
    assert_eq!(
        boards,
        [
            "Analysing: board 2 of 5…",
            "Analysing: board 3 of 5…",
            "Analysing: board 4 of 5…",
            "Analysing: board 5 of 5…",
        ]
    );
    assert_eq!(
        said.last().map(String::as_str),
        Some("Your solve: 4 moves; the optimum is 2, so the excess is 2. Distance to the goal after each move, from 2: 1 2 1 0. One move did not bring the board one move closer: 2 (Left).")
    );
    // Pasted again, then cancelled: the worker is told, the game says so.
    paste(&mut w);
    assert!(w.view().family.cancel_enabled);
    let fx = w.apply(InputAction::Cancel);
    assert_eq!(fx.list, vec![Effect::StopSolve]);
    assert_eq!(
        w.view().play.view.unwrap().analysis.as_deref(),
        Some("No analysis: cancelled.")
    );
    assert!(!w.view().family.cancel_enabled);
}
