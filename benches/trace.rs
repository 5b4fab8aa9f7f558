//! Criterion benchmarks for the teaching tools: the lab's IDA* (the stepping
//! machine run to the end) against a plain recursive IDA* written here (the
//! lab's implementation before it became a driver of the machine), the whole
//! A* trace and its exports, a tree snapshot at the last event (what Back
//! costs, since it replays from the start), check-my-order, and counting
//! shortest paths.
//!
//! Run: `cargo bench --bench trace`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use eight_puzzle::engine::teaching::lab::{run, Algorithm};
use eight_puzzle::engine::{
    contract::{Budget, Goal, Solver},
    teaching::{
        astar_trace, check_order, count_optimal_paths, snapshot_at, DistanceTable, PathCounts,
    },
    Board, Move,
};
use std::hint::black_box;

const HARDEST: [[u8; 9]; 2] = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];

/// The recursive IDA* (Manhattan kept up to date move by move), for comparison.
struct Recursive<'a> {
    goal: &'a Goal,
    expansions: u64,
    path: Vec<Move>,
}

impl Recursive<'_> {
    fn dfs(&mut self, board: &Board, g: u32, h: u32, bound: u32) -> Result<(), u32> {
        let f = g + h;
        if f > bound {
            return Err(f);
        }
        if h == 0 {
            return Ok(());
        }
        self.expansions += 1;
        let back = self.path.last().map(|m| m.opposite());
        let mut min = u32::MAX;
        for m in Move::ALL {
            if Some(m) == back {
                continue;
            }
            let blank = board.blank();
            let (Some(target), Some(child)) = (m.target_3x3(blank), m.apply(board)) else {
                continue;
            };
            let tile = board.cells()[target];
            let child_h = h + u32::from(self.goal.tile_distance(tile, blank))
                - u32::from(self.goal.tile_distance(tile, target));
            self.path.push(m);
            match self.dfs(&child, g + 1, child_h, bound) {
                Ok(()) => return Ok(()),
                Err(t) => min = min.min(t),
            }
            self.path.pop();
        }
        Err(min)
    }

    fn solve(start: &Board, goal: &Goal) -> (usize, u64) {
        let mut r = Recursive {
            goal,
            expansions: 0,
            path: Vec::new(),
        };
        let h0 = goal.manhattan(start);
        let mut bound = h0;
        while let Err(next) = r.dfs(start, 0, h0, bound) {
            bound = next;
        }
        (r.path.len(), r.expansions)
    }
}

fn idastar(c: &mut Criterion) {
    let goal = Goal::default();
    let mut group = c.benchmark_group("idastar_31_moves");
    for cells in HARDEST {
        let start = Board::square(&cells).expect("valid");
        let label = start.key_string();
        group.bench_with_input(BenchmarkId::new("lab", &label), &start, |b, s| {
            b.iter(|| {
                let out = run(Algorithm::IdaStar, black_box(s), &goal, u64::MAX).expect("ok");
                assert_eq!(out.length(), Some(31));
                out.expansions
            })
        });
        group.bench_with_input(BenchmarkId::new("recursive", &label), &start, |b, s| {
            b.iter(|| {
                let (len, expansions) = Recursive::solve(black_box(s), &goal);
                assert_eq!(len, 31);
                expansions
            })
        });
    }
    group.finish();
}

fn trace(c: &mut Criterion) {
    let goal = Goal::default();
    let start = Board::square(&HARDEST[0]).expect("valid");
    let budget = Budget::DEFAULT;
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("astar_trace_867254301_budget_10000");
    group.sample_size(20);
    group.bench_function("record", |b| {
        b.iter(|| {
            astar_trace(&mut solver, black_box(&start), &goal, budget)
                .expect("solvable")
                .records
                .len()
        })
    });
    let t = astar_trace(&mut solver, &start, &goal, budget).expect("solvable");
    group.bench_function("csv", |b| b.iter(|| black_box(&t).to_csv().len()));
    group.bench_function("json", |b| b.iter(|| black_box(&t).to_json().len()));
    let last = t.records.len() as u32;
    group.bench_function("snapshot_at_last_event", |b| {
        b.iter(|| {
            snapshot_at(black_box(&start), &goal, budget, last)
                .expect("solvable")
                .nodes
                .len()
        })
    });
    let keys: Vec<u64> = t.records.iter().map(|r| r.entry.key).collect();
    group.bench_function("check_order_full_match", |b| {
        b.iter(|| check_order(&mut solver, black_box(&start), &goal, budget, &keys).matches)
    });
    group.finish();
}

fn paths(c: &mut Criterion) {
    let table = DistanceTable::new(&Board::DEFAULT_GOAL);
    let start = Board::square(&HARDEST[0]).expect("valid");
    c.bench_function("count_optimal_paths_31_moves", |b| {
        b.iter(|| count_optimal_paths(&table, black_box(&start)))
    });
    let mut group = c.benchmark_group("path_counts");
    group.sample_size(10);
    group.bench_function("whole_space", |b| {
        b.iter(|| PathCounts::new(black_box(&table)).max().0)
    });
    group.finish();
}

criterion_group!(benches, idastar, trace, paths);
criterion_main!(benches);
