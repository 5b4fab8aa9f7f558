//! The multi-tile optimal solver against an independent plain breadth-first
//! search over multi-tile moves: every start of 2×3, 3×2 and 2×4, seeded
//! random 3×3 starts and the 3×3 antipode; the estimate's admissibility on
//! every 3×3 board; every witness replayed by `verify_slides`.

mod common;

use common::Rng;
use eight_puzzle_engine::moves::Metric;
use eight_puzzle_engine::solve::{
    multi_tile_manhattan, solve_optimal_multi, RunsDb, MULTI_TILE_MANHATTAN,
};
use eight_puzzle_engine::witness::verify_slides;
use eight_puzzle_engine::{check_parity, Board, Move, Shape, UnknownReason, Verdict};
use std::collections::HashMap;
use std::sync::Arc;

fn shape(w: usize, h: usize) -> Shape {
    Shape::new(w, h).unwrap()
}

/// Every board one multi-tile move away: 1, 2, … tiles in each direction
/// (the test's own moves: single-tile steps repeated until the edge).
fn slides_from(b: &Board) -> Vec<Board> {
    let mut out = Vec::new();
    for m in Move::ALL {
        let mut at = *b;
        while let Some(next) = at.apply(m) {
            out.push(next);
            at = next;
        }
    }
    out
}

/// Plain breadth-first multi-tile distances from `goal` over every
/// reachable board.
fn bfs_multi(goal: &Board) -> HashMap<Board, u32> {
    let mut dist = HashMap::from([(*goal, 0u32)]);
    let mut layer = vec![*goal];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for b in &layer {
            for n in slides_from(b) {
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    dist
}

/// Solves `start` in the multi-tile metric (with the tables of `db`, or
/// without), checks the witness again with `verify_slides` and returns its
/// length.
fn solved_length(start: &Board, goal: &Board, db: Option<&Arc<RunsDb>>) -> u32 {
    let out = solve_optimal_multi(start, goal, db, None).unwrap();
    let name = db.map_or(MULTI_TILE_MANHATTAN.to_string(), |d| d.name());
    assert_eq!(out.heuristic, name);
    let Verdict::Solved(s) = &out.verdict else {
        panic!("not solved: {start} → {goal}: {:?}", out.verdict);
    };
    assert_eq!(s.metric, Metric::Multi);
    let slides = s.slides();
    assert_eq!(slides.len() as u32, s.cost);
    assert_eq!(
        s.moves.len() as u32,
        slides.iter().map(|x| u32::from(x.count)).sum::<u32>()
    );
    assert_eq!(
        verify_slides(start, goal, &slides, s.cost).unwrap(),
        s.boards
    );
    // No two slides on one axis in a row (the search's pruning).
    for w in slides.windows(2) {
        let axis = |m: Move| matches!(m, Move::Left | Move::Right);
        assert_ne!(axis(w[0].direction), axis(w[1].direction), "{start}");
    }
    s.cost
}

/// Every start, solved with the tables and without; the tables hold every
/// tile here, so their estimate is the distance itself.
fn every_start(goal: &Board) -> (usize, u32) {
    let dist = bfs_multi(goal);
    let db = Arc::new(RunsDb::build(goal));
    let mut radius = 0;
    for (start, &d) in &dist {
        assert_eq!(solved_length(start, goal, Some(&db)), d, "{start} → {goal}");
        assert_eq!(solved_length(start, goal, None), d, "{start} → {goal}");
        assert!(multi_tile_manhattan(start, goal) <= d, "{start}");
        assert_eq!(db.estimate(start), d, "{start}");
        radius = radius.max(d);
    }
    (dist.len(), radius)
}

#[test]
fn every_start_of_the_small_shapes_is_optimal() {
    for (w, h, reachable, radius) in [(2, 3, 360, 20), (3, 2, 360, 20), (2, 4, 20_160, 25)] {
        let goal = Board::default_goal(shape(w, h));
        assert_eq!(every_start(&goal), (reachable, radius), "{w}×{h}");
    }
    // A goal with the blank off the corners.
    let goal = Board::new(shape(3, 2), &[5, 4, 0, 3, 2, 1]).unwrap();
    assert_eq!(every_start(&goal).0, 360);
    assert_eq!(RunsDb::build(&goal).sizes(), [5]);
}

#[test]
fn three_by_three_estimate_is_admissible_and_random_starts_are_optimal() {
    let s = shape(3, 3);
    let goal = Board::default_goal(s);
    let dist = bfs_multi(&goal);
    assert_eq!(dist.len(), 181_440);
    assert_eq!(dist.values().max(), Some(&24));
    // Admissible on every board; the one table of seven tiles (and the
    // blank) places the eighth: exact.
    let db = Arc::new(RunsDb::build(&goal));
    assert_eq!((db.sizes(), db.bytes()), (vec![7], 362_880));
    let (mut sum_h, mut sum_d) = (0u64, 0u64);
    for (b, &d) in &dist {
        let h = multi_tile_manhattan(b, &goal);
        assert!(h <= d, "{b}: h {h} > d {d}");
        assert_eq!(db.estimate(b), d, "{b}");
        sum_h += u64::from(h);
        sum_d += u64::from(d);
    }
    // The sums pin the estimate's strength (mean h / mean d).
    assert_eq!((sum_h, sum_d), (1_330_560, 3_003_557));
    let mut rng = Rng(0x5eed_0024);
    let mut checked = 0;
    while checked < 300 {
        let b = rng.board(s);
        if check_parity(&b, &goal).is_err() {
            continue;
        }
        assert_eq!(solved_length(&b, &goal, None), dist[&b], "{b}");
        assert_eq!(solved_length(&b, &goal, Some(&db)), dist[&b], "{b}");
        checked += 1;
    }
}

#[test]
fn the_tables_built_in_slices_are_the_tables_built_at_once() {
    // 2×5: two tables of seven tiles (1,814,400 entries each), built in
    // slices of 10,000 states.
    let s = shape(2, 5);
    let goal = Board::default_goal(s);
    let whole = RunsDb::build(&goal);
    let mut b = RunsDb::builder(&goal);
    assert_eq!((b.progress(), b.bytes()), ((0, 2), 3_628_800));
    let mut slices = 1;
    while !b.step(10_000) {
        slices += 1;
    }
    assert_eq!(slices, 364);
    let sliced = b.finish().unwrap();
    assert_eq!(
        (sliced.name(), whole.name()),
        ("multi-tile-pdb-77".into(), "multi-tile-pdb-77".into())
    );
    let mut rng = Rng(0x5eed_0025);
    for _ in 0..2_000 {
        let board = rng.board(s);
        assert_eq!(sliced.estimate(&board), whole.estimate(&board), "{board}");
    }
}

#[test]
fn three_by_three_antipode_is_24_slides() {
    let s = shape(3, 3);
    let goal = Board::default_goal(s);
    let start = Board::new(s, &[1, 4, 7, 2, 0, 8, 3, 6, 5]).unwrap();
    assert_eq!(goal.cells(), &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!(solved_length(&start, &goal, None), 24);
    let db = Arc::new(RunsDb::build(&goal));
    assert_eq!(solved_length(&start, &goal, Some(&db)), 24);
}

#[test]
fn a_node_budget_ends_unknown_with_the_multi_tile_bound() {
    // Korf's first instance with a tiny budget: the bound reached is the
    // proved multi-tile lower bound, at least the start's estimate.
    let s = shape(4, 4);
    let goal = Board::new(s, &(0..16).collect::<Vec<u8>>()).unwrap();
    let start = Board::new(s, &[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]).unwrap();
    let out = solve_optimal_multi(&start, &goal, None, Some(1000)).unwrap();
    let h = multi_tile_manhattan(&start, &goal);
    assert_eq!(h, 14);
    match out.verdict {
        Verdict::Unknown(UnknownReason::NodeBudget { lower_bound, .. }) => {
            assert_eq!(out.lower_bound(), Some(lower_bound));
            assert_eq!(lower_bound, 18);
        }
        other => panic!("{other:?}"),
    }
}
