//! The exact depth table, against independent reference searches, the
//! distance histogram and its own b* equation; and the seeded misplaced-tile
//! sample of the page's heuristic sweep.

use eight_puzzle::engine::heuristic::{formula, BuiltIn};
use eight_puzzle::engine::teaching::lab::{
    depth_table, depth_table_chunk, depth_table_of, effective_branching, run, Algorithm,
    DepthPartial, DEPTH_ALGORITHMS,
};
use eight_puzzle::engine::{
    board::legal_moves,
    contract::{unrank, Goal, STATES},
    teaching::{DistanceTable, UNREACHABLE},
    Board, Move,
};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::ops::Range;

/// A textbook A* on boards, written apart from the engine's: a binary heap
/// on (f, h, key string, seq), a map of best g, stale pops skipped, the goal
/// accepted when popped. Returns (expansions, generated, cost).
fn reference_astar(start: &Board, goal: &Goal, h: BuiltIn) -> (u64, u64, u32) {
    let mut heap = BinaryHeap::new();
    let mut best: HashMap<Board, u32> = HashMap::new();
    let mut nodes = vec![(*start, 0u32)];
    let h0 = formula(h, start, goal.board());
    heap.push(Reverse((h0, h0, start.key_string(), 0usize)));
    best.insert(*start, 0);
    let (mut expansions, mut generated) = (0, 0);
    while let Some(Reverse((_, _, _, seq))) = heap.pop() {
        let (board, g) = nodes[seq];
        if best[&board] != g {
            continue;
        }
        if board == *goal.board() {
            return (expansions, generated, g);
        }
        expansions += 1;
        for m in Move::ALL {
            let Some(next) = m.apply(&board) else {
                continue;
            };
            generated += 1;
            if best.get(&next).is_none_or(|&b| g + 1 < b) {
                best.insert(next, g + 1);
                let hn = formula(h, &next, goal.board());
                heap.push(Reverse((g + 1 + hn, hn, next.key_string(), nodes.len())));
                nodes.push((next, g + 1));
            }
        }
    }
    panic!("no path from {start}");
}

/// A textbook IDA* with Manhattan: children in move order, the move back
/// pruned, counting every legal move of every expansion as generated.
fn reference_idastar(start: &Board, goal: &Goal) -> (u64, u64) {
    fn dfs(
        b: &Board,
        back: Option<Move>,
        g: u32,
        bound: u32,
        goal: &Goal,
        counts: &mut (u64, u64),
    ) -> Result<(), u32> {
        let f = g + goal.manhattan(b);
        if f > bound {
            return Err(f);
        }
        if b == goal.board() {
            return Ok(());
        }
        counts.0 += 1;
        counts.1 += legal_moves(b).count() as u64;
        let mut min = u32::MAX;
        for m in legal_moves(b) {
            if Some(m) == back {
                continue;
            }
            match dfs(
                &m.apply(b).unwrap(),
                Some(m.opposite()),
                g + 1,
                bound,
                goal,
                counts,
            ) {
                Ok(()) => return Ok(()),
                Err(t) => min = min.min(t),
            }
        }
        Err(min)
    }
    let mut counts = (0, 0);
    let mut bound = goal.manhattan(start);
    while let Err(next) = dfs(start, None, 0, bound, goal, &mut counts) {
        bound = next;
    }
    counts
}

/// Adds `start`'s expansions and generated counts from the reference
/// searches (the three A*s, then IDA*) to `w`; each A* must cost `depth`.
fn add_reference(w: &mut ([u64; 4], [u64; 4]), start: &Board, goal: &Goal, depth: u32) {
    for (i, h) in [
        BuiltIn::Misplaced,
        BuiltIn::Manhattan,
        BuiltIn::LinearConflict,
    ]
    .into_iter()
    .enumerate()
    {
        let (e, g, cost) = reference_astar(start, goal, h);
        assert_eq!(cost, depth, "{start}");
        w.0[i] += e;
        w.1[i] += g;
    }
    let (e, g) = reference_idastar(start, goal);
    w.0[3] += e;
    w.1[3] += g;
}

fn sum_powers(b: f64, d: u32) -> f64 {
    (0..=d).map(|i| b.powi(i as i32)).sum()
}

#[test]
fn branching_factor_solves_its_equation() {
    assert_eq!(effective_branching(0.0, 0), None);
    assert_eq!(effective_branching(3.0, 1), Some(3.0));
    // 1 + 2 + 4 = 7 = N + 1 for N = 6.
    assert!((effective_branching(6.0, 2).unwrap() - 2.0).abs() < 1e-12);
    for (n, d) in [(10.0, 3), (1234.5, 20), (1e6, 31), (2.0, 2)] {
        let b = effective_branching(n, d).unwrap();
        assert!(
            (sum_powers(b, d) - (n + 1.0)).abs() <= 1e-9 * (n + 1.0),
            "{n} {d}"
        );
    }
}

#[test]
fn chunks_merge_in_any_order() {
    let goal = Goal::default();
    let whole = depth_table_chunk(&goal, 0..3_000).unwrap();
    let mut a = depth_table_chunk(&goal, 2_000..3_000).unwrap();
    a.merge(&depth_table_chunk(&goal, 0..700).unwrap());
    a.merge(&depth_table_chunk(&goal, 700..2_000).unwrap());
    assert_eq!(a, whole);
    // Out-of-range ranks are clamped, and an empty range adds nothing.
    assert_eq!(
        depth_table_chunk(&goal, STATES as u32..u32::MAX).unwrap(),
        DepthPartial::default()
    );
}

/// What every table must satisfy, whole or a slice of the ranks: its starts
/// per depth are the distance histogram of the starts in `ranks`, its depths
/// run from the smallest to the largest without a gap in the whole table,
/// and b* solves N + 1 = 1 + b* + … + b*^d in every cell (none at depth 0).
fn check_table(table: &DepthPartial, dist: &DistanceTable, ranks: Range<u32>) {
    let mut histogram = vec![0u64; 32];
    for r in ranks {
        let d = dist.by_rank()[r as usize];
        if d != UNREACHABLE {
            histogram[d as usize] += 1;
        }
    }
    while histogram.last() == Some(&0) {
        histogram.pop();
    }
    let starts: Vec<u64> = table.by_depth.iter().map(|t| t.starts).collect();
    assert_eq!(starts, histogram);
    for r in &table.rows() {
        for (name, f) in DEPTH_ALGORITHMS.iter().zip(&r.algorithms) {
            match f.branching {
                None => assert_eq!(r.depth, 0),
                Some(b) => {
                    let n = f.mean_generated;
                    assert!(
                        (sum_powers(b, r.depth) - (n + 1.0)).abs() <= 1e-9 * (n + 1.0),
                        "{name} depth {}",
                        r.depth
                    );
                }
            }
        }
    }
}

/// The ranks CI runs the table's driver on: every board whose first two
/// cells hold 1 and 2 (7! ranks from 1·8! + 1·7!, three of the driver's
/// pieces): 2,520 starts from the goal itself to 27 moves, where the
/// searches are cheap.
const SLICE: Range<u32> = 45_360..50_400;

/// The driver (pieces of ranks on two threads, merged, with progress) on a
/// slice of the table: the same totals as one chunk of those ranks, and
/// every check of the whole table. Every search of every start is verified
/// and must cost the contract A*'s optimum, or the driver fails.
#[test]
fn a_slice_of_the_table() {
    let goal = Goal::default();
    let dist = DistanceTable::new(goal.board());
    let mut calls = Vec::new();
    let table = depth_table_of(&goal, SLICE, 2, |done, total| calls.push((done, total))).unwrap();
    assert_eq!(table, depth_table_chunk(&goal, SLICE).unwrap());
    check_table(&table, &dist, SLICE);
    // Half of the 5,040 boards are of the goal's parity.
    assert_eq!(table.starts(), 2_520);
    assert_eq!(calls.last(), Some(&(2_520, 2_520)));
    assert!(calls
        .iter()
        .all(|&(done, total)| done <= total && total == 2_520));
    let depths: Vec<u32> = table.rows().iter().map(|r| r.depth).collect();
    assert_eq!((depths[0], depths[depths.len() - 1]), (0, 27));
    // The slice is what its doc says: the boards that start 1, 2.
    let first_two = |r: u32| unrank(r).unwrap().cells()[..2].to_vec();
    assert_eq!(first_two(SLICE.start), [1, 2]);
    assert_eq!(first_two(SLICE.end - 1), [1, 2]);
    assert_ne!(first_two(SLICE.start - 1), [1, 2]);
    assert_ne!(first_two(SLICE.end), [1, 2]);
}

/// Depths 0–6 (90 starts) exactly, from the reference searches, each start's
/// row from its own chunk.
#[test]
fn the_shallow_rows_against_the_reference() {
    let goal = Goal::default();
    let dist = DistanceTable::new(goal.board());
    let mut want = vec![([0u64; 4], [0u64; 4]); 7];
    let mut table = DepthPartial::default();
    for r in 0..STATES as u32 {
        let d = dist.by_rank()[r as usize];
        if d == UNREACHABLE || d > 6 {
            continue;
        }
        let start = unrank(r).unwrap();
        add_reference(&mut want[d as usize], &start, &goal, u32::from(d));
        table.merge(&depth_table_chunk(&goal, r..r + 1).unwrap());
    }
    let totals = &table.by_depth;
    assert_eq!(totals.len(), 7);
    for (d, (e, g)) in want.iter().enumerate() {
        assert_eq!(
            (&totals[d].expansions, &totals[d].generated),
            (e, g),
            "depth {d}"
        );
    }
    // The same rows as literals (the reference above derived them). Depth 0
    // is the goal: nothing expanded. Depth 1: one expansion, its legal moves
    // generated (the two starts have the blank at 5 or 7).
    let starts: Vec<u64> = totals.iter().map(|t| t.starts).collect();
    assert_eq!(starts, [1, 2, 4, 8, 16, 20, 39]);
    assert_eq!(
        (totals[0].expansions, totals[0].generated),
        ([0; 4], [0; 4])
    );
    assert_eq!(
        (totals[1].expansions, totals[1].generated),
        ([2; 4], [6; 4])
    );
    assert_eq!(table.rows()[1].algorithms[0].branching, Some(3.0));
}

/// The whole table, all 181,440 starts through the four searches: a
/// benchmark of 2–3 minutes on two cores (BENCHMARKS.md), run by hand with
/// `cargo test --test depth_table -- --ignored`. CI runs the same checks on
/// [`SLICE`] (`a_slice_of_the_table`) and the shallow rows exactly
/// (`the_shallow_rows_against_the_reference`); the every-board checks of the
/// searches it runs stay in CI too: the contract A* in exhaustive.rs, IDA*
/// and A* with linear conflict in lab_every_board.rs.
#[test]
#[ignore = "benchmark: the whole 181,440-start table, 2-3 min on 2 cores; CI checks a slice"]
fn the_whole_table() {
    let goal = Goal::default();
    let dist = DistanceTable::new(goal.board());
    let table = depth_table(&goal, 2, |_, _| {}).unwrap();
    check_table(&table, &dist, 0..STATES as u32);
    assert_eq!(
        table.rows().iter().map(|r| r.depth).collect::<Vec<_>>(),
        (0..=31).collect::<Vec<_>>()
    );
    // Its shallow rows are the chunks' (checked against the reference).
    let mut shallow = DepthPartial::default();
    for r in 0..STATES as u32 {
        if dist.by_rank()[r as usize] <= 6 {
            shallow.merge(&depth_table_chunk(&goal, r..r + 1).unwrap());
        }
    }
    assert_eq!(table.by_depth[..7], shallow.by_depth[..]);
}

/// The page's heuristic sweep runs A* with misplaced tiles on a seeded sample
/// of 2,000 starts: a linear congruential generator from 0x8_5EED, ranks
/// drawn as (x >> 33) mod 9!, the other parity class rejected (the sampler
/// in `view::lab::seeded_sample`, restated here so this test stands on the
/// engine alone). Its figures are exact.
#[test]
fn seeded_misplaced_sample() {
    let goal = Goal::default();
    let dist = DistanceTable::new(goal.board());
    let mut x: u64 = 0x8_5EED;
    let mut sample = Vec::new();
    while sample.len() < 2_000 {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let r = (x >> 33) as usize % STATES;
        if dist.by_rank()[r] != UNREACHABLE {
            sample.push(unrank(r as u32).unwrap());
        }
    }
    let (mut total, mut max, mut over) = (0u64, 0u64, 0);
    for start in &sample {
        let out = run(Algorithm::AStar(BuiltIn::Misplaced), start, &goal, u64::MAX).unwrap();
        assert_eq!(out.length(), dist.distance(start), "{start}");
        total += out.expansions;
        max = max.max(out.expansions);
        over += usize::from(out.expansions > 10_000);
    }
    // Mean 11,021.3 (rounded to tenths as the sweep table shows it).
    assert_eq!(total, 22_042_623);
    assert_eq!((total * 10 + 1_000) / 2_000, 110_213);
    assert_eq!((max, over), (92_769, 737));
}

/// The depth-31 row exactly (the two boards 31 moves from the default goal),
/// from the engine's chunk and from the reference searches; the page's
/// browser test (tests/browser/workers.test.mjs) compares its row with these
/// totals as means ("121526.0 / 326747.0 / 1.450" …).
#[test]
fn the_deepest_row() {
    let goal = Goal::default();
    let starts = [
        Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(),
        Board::square(&[6, 4, 7, 8, 5, 0, 3, 2, 1]).unwrap(),
    ];
    let mut table = DepthPartial::default();
    let mut want = ([0u64; 4], [0u64; 4]);
    for start in &starts {
        let r = eight_puzzle::engine::contract::rank(start);
        table.merge(&depth_table_chunk(&goal, r..r + 1).unwrap());
        add_reference(&mut want, start, &goal, 31);
    }
    let row = &table.by_depth[31];
    assert_eq!(row.starts, 2);
    assert_eq!((row.expansions, row.generated), want);
    assert_eq!(row.expansions, [243_052, 13_669, 7_709, 32_013]);
    assert_eq!(row.generated, [653_494, 35_965, 20_297, 83_562]);
}
