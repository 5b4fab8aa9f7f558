//! Fast mode: every answer is a legal path that ends on the goal (replayed
//! here by plain moves, apart from the engine's own check), never shorter
//! than the true distance and never below its stated lower bound, on
//! Korf's 24-puzzle instances, random boards of every shape toward the
//! default and a random goal, and exhaustively on the smallest shapes.

mod common;

use common::{all_boards, bfs, moves, Rng};
use eight_puzzle_engine::solve::{
    korf100, korf24, korf_goal, solve_fast, Estimator, FastConfig, FastSolver, Partition,
    PatternDb, Shortening, FAST_METHOD, FAST_METHOD_PDB,
};
use std::sync::Arc;

/// `(id, length, lower bound)` of the default options on Korf's 24-puzzle
/// instances #1, #38 and #40.
const PINNED_24: [(u32, usize, u32); 3] = [(1, 109, 77), (38, 104, 76), (40, 86, 64)];
/// The same on Korf's 15-puzzle instances #1–#3.
const PINNED_15: [(u32, usize, u32); 3] = [(1, 59, 43), (2, 57, 43), (3, 59, 41)];
use eight_puzzle_engine::{check_parity, space::sample_boards, Board, Move, Shape, Verdict};

/// Plain replay: every move legal, the last board the goal.
fn ends_on(start: &Board, goal: &Board, path: &[Move]) -> bool {
    let mut b = *start;
    for &m in path {
        match b.apply(m) {
            Some(n) => b = n,
            None => return false,
        }
    }
    b == *goal
}

/// A random board that can reach `goal` (two tiles swapped when it cannot).
fn solvable_board(rng: &mut Rng, goal: &Board) -> Board {
    let b = rng.board(goal.shape());
    if check_parity(&b, goal).is_ok() {
        return b;
    }
    let mut cells = b.cells().to_vec();
    let tiles: Vec<usize> = (0..cells.len())
        .filter(|&i| cells[i] != 0)
        .take(2)
        .collect();
    cells.swap(tiles[0], tiles[1]);
    Board::new(goal.shape(), &cells).unwrap()
}

#[test]
fn korf24_every_instance_within_its_bounds() {
    let goal = korf_goal(Shape::FIVE);
    let solver = FastSolver::new(&goal);
    let all = korf24();
    assert_eq!(all.len(), 50);
    let mut total = 0u32;
    for k in &all {
        let out = solver.outcome(&k.start, &goal).unwrap();
        let path = moves(&out.verdict);
        assert!(ends_on(&k.start, &goal, path), "#{}", k.id);
        let (len, lb) = (path.len() as u32, out.lower_bound.unwrap());
        assert!(
            lb <= k.optimal && k.optimal <= len,
            "#{}: {lb} ≤ {} ≤ {len}",
            k.id,
            k.optimal
        );
        total += len;
    }
    // The quality target: mean length at most 1.25 × the published mean
    // (100.78), i.e. a total of at most 6,298 moves over the 50.
    assert!(total <= 6_298, "total length {total}");
    assert_eq!(all.iter().map(|k| k.optimal).sum::<u32>(), 5_039);
}

#[test]
fn random_boards_of_every_shape() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // The shapes past 25 cells: tests/past_25_cells.rs.
    for shape in Shape::up_to(eight_puzzle_engine::shape::OPTIMAL_MAX_CELLS) {
        for goal in [Board::default_goal(shape), rng.board(shape)] {
            let solver = FastSolver::new(&goal);
            for _ in 0..4 {
                let b = solvable_board(&mut rng, &goal);
                let out = solver.outcome(&b, &goal).unwrap();
                assert_eq!(out.method, FAST_METHOD);
                assert!(
                    ends_on(&b, &goal, moves(&out.verdict)),
                    "{shape} {b} → {goal}"
                );
                let fallback = solver.solve_constructive(&b);
                assert!(
                    ends_on(&b, &goal, &fallback),
                    "fallback {shape} {b} → {goal}"
                );
            }
            // The other parity class is Unsolvable, with no path.
            let mut cells = goal.cells().to_vec();
            let tiles: Vec<usize> = (0..cells.len())
                .filter(|&i| cells[i] != 0)
                .take(2)
                .collect();
            cells.swap(tiles[0], tiles[1]);
            let other = Board::new(shape, &cells).unwrap();
            let out = solve_fast(&other, &goal).unwrap();
            assert!(matches!(out.verdict, Verdict::Unsolvable(_)), "{shape}");
            assert_eq!(out.lower_bound, None);
        }
    }
}

#[test]
fn every_start_of_the_smallest_shapes_against_breadth_first_distances() {
    for (w, h) in [(2, 2), (2, 3), (3, 2)] {
        let shape = Shape::new(w, h).unwrap();
        let goal = Board::default_goal(shape);
        let dist = bfs(&goal);
        let solver = FastSolver::new(&goal);
        for b in all_boards(shape) {
            let out = solver.outcome(&b, &goal).unwrap();
            match dist.get(&b) {
                Some(&d) => {
                    let path = moves(&out.verdict);
                    assert!(ends_on(&b, &goal, path), "{b}");
                    let lb = out.lower_bound.unwrap();
                    assert!(
                        lb <= d && d as usize <= path.len(),
                        "{b}: {lb} ≤ {d} ≤ {}",
                        path.len()
                    );
                }
                None => assert!(matches!(out.verdict, Verdict::Unsolvable(_)), "{b}"),
            }
        }
    }
}

#[test]
fn the_same_board_gives_the_same_path() {
    let goal = korf_goal(Shape::FIVE);
    let start = korf24()[0].start;
    assert_eq!(solve_fast(&start, &goal), solve_fast(&start, &goal));
}

/// The default options' exact lengths on a few boards (the page and
/// `solve --mode fast` run these).
#[test]
fn default_lengths_are_pinned() {
    let goal = korf_goal(Shape::FIVE);
    let solver = FastSolver::new(&goal);
    let lengths: Vec<(u32, usize, u32)> = [1usize, 38, 40]
        .iter()
        .map(|&id| {
            let k = korf24()[id - 1];
            let out = solver.solve(&k.start);
            (k.id, out.moves.len(), out.lower_bound)
        })
        .collect();
    assert_eq!(lengths, PINNED_24);
    let goal = korf_goal(Shape::FOUR);
    let solver = FastSolver::new(&goal);
    let lengths: Vec<(u32, usize, u32)> = korf100()[..3]
        .iter()
        .map(|k| {
            let out = solver.solve(&k.start);
            (k.id, out.moves.len(), out.lower_bound)
        })
        .collect();
    assert_eq!(lengths, PINNED_15);
}

/// 3×3 with its pattern database: the beam ranked by it, the last stretch
/// re-solved (the whole path on 3×3, so every answer is shortest and
/// labelled by a lower bound no greater than the breadth-first distance).
#[test]
fn with_a_database_every_3x3_answer_is_shortest() {
    let goal = Board::default_goal(Shape::THREE);
    let dist = bfs(&goal);
    let db = Arc::new(PatternDb::build(&Partition::for_goal(&goal), &goal).unwrap());
    let config = FastConfig {
        shortening: Some(Shortening::default()),
        ..FastConfig::default()
    };
    let solver = FastSolver::with_heuristic(&goal, config, &Estimator::Pdb(db.clone()));
    assert!(solver.has_database());
    assert_eq!(solver.method(), FAST_METHOD_PDB);
    let plain = FastSolver::with_heuristic(&goal, FastConfig::default(), &Estimator::Pdb(db));
    let mut rng = Rng(7);
    for _ in 0..40 {
        let b = solvable_board(&mut rng, &goal);
        let d = dist[&b];
        let out = solver.outcome(&b, &goal).unwrap();
        let path = moves(&out.verdict);
        assert!(ends_on(&b, &goal, path), "{b}");
        assert_eq!(path.len() as u32, d, "{b}");
        let lb = out.lower_bound.unwrap();
        assert!(lb <= d, "{b}: {lb} ≤ {d}");
        // The shortening never lengthens the beam's path.
        assert!(path.len() <= plain.solve(&b).moves.len(), "{b}");
    }
}

/// A database built for another goal is not used: the table-free estimate.
#[test]
fn a_database_of_another_goal_is_ignored() {
    let goal = Board::default_goal(Shape::THREE);
    let db = Arc::new(PatternDb::build(&Partition::for_goal(&goal), &goal).unwrap());
    let other = korf_goal(Shape::THREE);
    assert_ne!(goal, other);
    let solver = FastSolver::with_heuristic(&other, FastConfig::default(), &Estimator::Pdb(db));
    assert!(!solver.has_database());
    assert_eq!(solver.method(), FAST_METHOD);
}

/// The shortening on 4×4 with the table-free estimate keeps both ends and
/// never lengthens the path; the anytime loop never returns a longer path
/// than the first round, and with no further round it is the plain solve.
#[test]
fn shortening_and_anytime_never_lengthen() {
    let goal = korf_goal(Shape::FOUR);
    let plain = FastSolver::new(&goal);
    let config = FastConfig {
        shortening: Some(Shortening {
            tails: vec![20, 30],
            node_budget: 200_000,
        }),
        ..FastConfig::default()
    };
    let short = FastSolver::with_config(&goal, config);
    for k in &korf100()[..4] {
        let first = plain.solve(&k.start);
        assert_eq!(plain.solve_anytime(&k.start, &mut || false), first);
        let s = short.solve(&k.start);
        assert!(ends_on(&k.start, &goal, &s.moves), "#{}", k.id);
        assert!(s.moves.len() <= first.moves.len(), "#{}", k.id);
        let mut rounds = 2;
        let more = plain.solve_anytime(&k.start, &mut || {
            rounds -= 1;
            rounds >= 0
        });
        assert!(ends_on(&k.start, &goal, &more.moves), "#{}", k.id);
        assert!(more.moves.len() <= first.moves.len(), "#{}", k.id);
        assert!(k.optimal as usize <= more.moves.len(), "#{}", k.id);
    }
}

/// A beam on two threads ranks each layer in two slices at once and
/// merges them: exactly the one-thread beam, so the same path and the same
/// node count, on the small form (5×5) and the large one (6×6, 7×7), for
/// one beam and for anytime rounds; the anytime answer is checked and never
/// longer than the first round; with the repair off the first round is the
/// beam's path as found, never shorter than repaired.
#[test]
fn two_threads_give_the_one_thread_beam_and_the_repair_never_lengthens() {
    let on = |goal: &Board, threads: usize, repair: bool| {
        let mut config = FastConfig {
            threads,
            ..FastConfig::default()
        };
        if !repair {
            config.repair = None;
        }
        FastSolver::with_config(goal, config)
    };
    let rounds = |solver: &FastSolver, start: &Board| {
        let mut asked = 3;
        solver.solve_anytime(start, &mut || {
            asked -= 1;
            asked >= 0
        })
    };
    let goal = korf_goal(Shape::FIVE);
    let (one, two, bare) = (on(&goal, 1, true), on(&goal, 2, true), on(&goal, 1, false));
    for k in &korf24()[..2] {
        let first = two.solve(&k.start);
        assert_eq!(first, one.solve(&k.start), "#{}", k.id);
        assert_eq!(two.solve_anytime(&k.start, &mut || false), first);
        assert!(
            first.moves.len() <= bare.solve(&k.start).moves.len(),
            "#{}",
            k.id
        );
        let more = rounds(&two, &k.start);
        assert_eq!(more, rounds(&one, &k.start), "#{}", k.id);
        assert!(ends_on(&k.start, &goal, &more.moves), "#{}", k.id);
        assert!(more.moves.len() <= first.moves.len(), "#{}", k.id);
        assert!(k.optimal as usize <= more.moves.len(), "#{}", k.id);
        assert!(more.generated > first.generated, "#{}", k.id);
    }
    for (w, seed) in [(6, 35), (7, 48)] {
        let goal = Board::default_goal(Shape::new(w, w).unwrap());
        let (one, two) = (on(&goal, 1, false), on(&goal, 2, false));
        for start in sample_boards(&goal, 2, seed) {
            let found = two.solve(&start);
            assert_eq!(found, one.solve(&start), "{start}");
            assert!(ends_on(&start, &goal, &found.moves), "{start}");
        }
    }
}
