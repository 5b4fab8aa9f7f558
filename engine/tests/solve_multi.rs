//! The multi-tile optimal solver against an independent plain breadth-first
//! search over multi-tile moves: every start of 2×3, 3×2 and 2×4, seeded
//! random 3×3 and 2×5 starts and the 3×3 antipode; the estimate's
//! admissibility on every 3×3 and 2×5 board and on every 4×4 board within
//! nine slides of the goal (the tables' transposed look-up included);
//! transposed and mirrored boards solved to the same length; every witness
//! replayed by `verify_slides`.

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
    bfs_multi_within(goal, u32::MAX)
}

/// Plain breadth-first multi-tile distances from `goal` of every board
/// within `radius` slides.
fn bfs_multi_within(goal: &Board, radius: u32) -> HashMap<Board, u32> {
    let mut dist = HashMap::from([(*goal, 0u32)]);
    let mut layer = vec![*goal];
    let mut d = 0;
    while !layer.is_empty() && d < radius {
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

/// `b` with each cell moved by `to` (cell → cell of the new shape `shape`).
fn moved(b: &Board, shape: Shape, to: impl Fn(usize, usize) -> usize) -> Board {
    let w = b.shape().width();
    let mut cells = vec![0u8; shape.cells()];
    for (cell, &t) in b.cells().iter().enumerate() {
        cells[to(cell / w, cell % w)] = t;
    }
    Board::new(shape, &cells).unwrap()
}

/// Reflected about the main diagonal: W×H becomes H×W.
fn transposed(b: &Board) -> Board {
    let (w, h) = (b.shape().width(), b.shape().height());
    moved(b, shape(h, w), |r, c| c * h + r)
}

/// Reflected left to right.
fn mirrored(b: &Board) -> Board {
    let w = b.shape().width();
    moved(b, b.shape(), |r, c| r * w + (w - 1 - c))
}

#[test]
fn two_by_five_estimate_is_admissible_and_random_starts_are_optimal() {
    let s = shape(2, 5);
    let goal = Board::default_goal(s);
    let dist = bfs_multi(&goal);
    assert_eq!(dist.len(), 1_814_400);
    assert_eq!(dist.values().max(), Some(&36));
    let db = Arc::new(RunsDb::build(&goal));
    assert_eq!(db.name(), "multi-tile-pdb-77");
    // The two tables of seven tiles (and the blank) together are the
    // distance itself on every board.
    let exact = dist.iter().filter(|&(b, &d)| db.estimate(b) == d).count();
    assert_eq!(exact, dist.len());
    let mut rng = Rng(0x5eed_0210);
    let mut checked = 0;
    while checked < 60 {
        let b = rng.board(s);
        if check_parity(&b, &goal).is_err() {
            continue;
        }
        assert_eq!(solved_length(&b, &goal, Some(&db)), dist[&b], "{b}");
        checked += 1;
    }
}

#[test]
fn transposed_and_mirrored_boards_have_the_same_length() {
    // 3×3: every board's transpose and mirror toward the goal's, against
    // the breadth-first distances; solved for a seeded sample.
    let goal = Board::default_goal(shape(3, 3));
    let dist = bfs_multi(&goal);
    let (tg, mg) = (transposed(&goal), mirrored(&goal));
    let (dt, dm) = (bfs_multi(&tg), bfs_multi(&mg));
    for (b, &d) in &dist {
        assert_eq!(dt[&transposed(b)], d, "{b}");
        assert_eq!(dm[&mirrored(b)], d, "{b}");
    }
    let db = Arc::new(RunsDb::build(&goal));
    let (dbt, dbm) = (Arc::new(RunsDb::build(&tg)), Arc::new(RunsDb::build(&mg)));
    let mut rng = Rng(0x5eed_0333);
    let mut checked = 0;
    while checked < 40 {
        let b = rng.board(goal.shape());
        if check_parity(&b, &goal).is_err() {
            continue;
        }
        let d = solved_length(&b, &goal, Some(&db));
        assert_eq!(d, dist[&b]);
        assert_eq!(solved_length(&transposed(&b), &tg, Some(&dbt)), d, "{b}");
        assert_eq!(solved_length(&mirrored(&b), &mg, Some(&dbm)), d, "{b}");
        checked += 1;
    }
    // 2×4 and its transpose 4×2: every start.
    let goal = Board::default_goal(shape(2, 4));
    let tg = transposed(&goal);
    assert_eq!(tg.shape(), shape(4, 2));
    let dist = bfs_multi(&goal);
    let dbt = Arc::new(RunsDb::build(&tg));
    for (b, &d) in dist.iter().step_by(97) {
        assert_eq!(solved_length(&transposed(b), &tg, Some(&dbt)), d, "{b}");
        assert_eq!(
            solved_length(&mirrored(b), &mirrored(&goal), None),
            d,
            "{b}"
        );
    }
    // 4×4: boards eight slides from Korf's goal, their transposes and
    // mirrors solved to the breadth-first distance (the tables' own 4×4
    // test is below).
    let s = shape(4, 4);
    let goal = Board::new(s, &(0..16).collect::<Vec<u8>>()).unwrap();
    let near = bfs_multi_within(&goal, 8);
    let tg = transposed(&goal);
    let mut far: Vec<(&Board, &u32)> = near.iter().filter(|(_, &d)| d == 8).collect();
    far.sort_by_key(|(b, _)| b.cells().to_vec());
    for (b, &d) in far.iter().step_by(far.len() / 25) {
        assert_eq!(solved_length(b, &goal, None), d, "{b}");
        assert_eq!(solved_length(&transposed(b), &tg, None), d, "{b}");
        assert_eq!(
            solved_length(&mirrored(b), &mirrored(&goal), None),
            d,
            "{b}"
        );
    }
}

/// The boards up to nine slides from `goal` (4×4), and every table value
/// of `db` on them at most the distance; the number of boards where the
/// tables' value is the distance.
fn admissible_near(goal: &Board, db: &RunsDb) -> (usize, usize) {
    let near = bfs_multi_within(goal, 9);
    let mut exact = 0;
    for (b, &d) in &near {
        let h = db.estimate(b);
        assert!(h <= d, "{b}: h {h} > d {d}");
        exact += usize::from(h == d);
    }
    (near.len(), exact)
}

#[test]
fn four_by_four_tables_never_exceed_the_distance_near_the_goal() {
    let s = shape(4, 4);
    // Korf's goal (blank first: the transposed look-up applies) and the
    // default goal (blank last: it applies too).
    for (cells, want) in [
        ((0..16).collect::<Vec<u8>>(), (55_132, 48_389)),
        (Board::default_goal(s).cells().to_vec(), (55_132, 48_389)),
    ] {
        let goal = Board::new(s, &cells).unwrap();
        let db = Arc::new(RunsDb::build(&goal));
        assert_eq!(db.name(), "multi-tile-pdb-555");
        assert_eq!(admissible_near(&goal, &db), want, "{goal}");
        // Boards nine slides away solved with the tables to that distance.
        let near = bfs_multi_within(&goal, 9);
        let mut far: Vec<(&Board, &u32)> = near.iter().filter(|(_, &d)| d == 9).collect();
        far.sort_by_key(|(b, _)| b.cells().to_vec());
        for (b, &d) in far.iter().step_by(far.len() / 20) {
            assert_eq!(solved_length(b, &goal, Some(&db)), d, "{b}");
        }
    }
}

/// The command line's 4×4 tables (`multi-tile-pdb-666`: minutes to build,
/// so not in CI): admissible near the goal, and boards eight slides away
/// solved to their breadth-first distance.
///
/// `cargo test --release -p eight-puzzle-engine --test solve_multi -- --ignored`
#[test]
#[ignore = "builds 173 MB of tables (about two minutes of two cores)"]
fn the_large_four_by_four_tables_never_exceed_the_distance() {
    let s = shape(4, 4);
    let goal = Board::new(s, &(0..16).collect::<Vec<u8>>()).unwrap();
    let mut b = RunsDb::large_builder(&goal);
    while !b.step(usize::MAX) {}
    let db = Arc::new(b.finish().unwrap());
    assert_eq!(db.name(), "multi-tile-pdb-666");
    // Every value within the distance (checked inside), some equal to it.
    let (boards, exact) = admissible_near(&goal, &db);
    assert_eq!(boards, 55_132);
    assert!(exact > 0);
    let near = bfs_multi_within(&goal, 8);
    let mut far: Vec<(&Board, &u32)> = near.iter().filter(|(_, &d)| d == 8).collect();
    far.sort_by_key(|(b, _)| b.cells().to_vec());
    for (b, &d) in far.iter().step_by(far.len() / 100) {
        assert_eq!(solved_length(b, &goal, Some(&db)), d, "{b}");
    }
}
