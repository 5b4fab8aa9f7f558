//! Criterion benchmarks: the contract A* on the two 31-move boards, the same
//! search through the `pathfinding` crate (both with throughput in the
//! contract's expansions, so criterion prints expansions per second), and a
//! full breadth-first search.
//!
//! Run: `cargo bench --bench search`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use eight_puzzle::engine::{
    contract::{Budget, Goal, Solver},
    teaching::DistanceTable,
    Board, Move, Verdict,
};
use std::hint::black_box;

const HARDEST: [[u8; 9]; 2] = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];

/// Successors for `pathfinding`: packed keys, every legal move, unit cost.
fn successors(key: &u64) -> Vec<(u64, u32)> {
    let board = Board::from_packed(*key).expect("keys come from valid boards");
    Move::ALL
        .iter()
        .filter_map(|m| m.apply(&board))
        .map(|b| (b.packed(), 1))
        .collect()
}

fn manhattan_of_key(goal: &Goal, key: u64) -> u32 {
    let mut h = 0;
    for cell in 0..9 {
        let tile = ((key >> (4 * (8 - cell))) & 0xF) as u8;
        h += u32::from(goal.tile_distance(tile, cell));
    }
    h
}

fn astar(c: &mut Criterion) {
    let goal = Goal::default();
    let mut group = c.benchmark_group("astar_31_moves");
    for cells in HARDEST {
        let start = Board::square(&cells).expect("valid");
        let label = start.key_string();
        let mut solver = Solver::new();
        // Throughput in the contract's expansions of this board (for both
        // searches, so the two rates compare like the times): criterion
        // reports expansions per second.
        let expansions = solver
            .solve(&start, &goal, Budget::UNLIMITED)
            .expect("solves")
            .stats
            .expansions;
        group.throughput(Throughput::Elements(u64::from(expansions)));
        group.bench_with_input(BenchmarkId::new("contract", &label), &start, |b, s| {
            b.iter(|| {
                let out = solver
                    .solve(black_box(s), &goal, Budget::UNLIMITED)
                    .expect("solves");
                assert!(matches!(&out.verdict, Verdict::Solved(sol) if sol.cost == 31));
                out.stats.expansions
            })
        });
        let goal_key = goal.board().packed();
        group.bench_with_input(BenchmarkId::new("pathfinding", &label), &start, |b, s| {
            b.iter(|| {
                let (path, cost) = pathfinding::directed::astar::astar(
                    &black_box(s.packed()),
                    successors,
                    |k| manhattan_of_key(&goal, *k),
                    |k| *k == goal_key,
                )
                .expect("solvable");
                assert_eq!(cost, 31);
                path.len()
            })
        });
    }
    group.finish();
}

fn bfs(c: &mut Criterion) {
    c.bench_function("bfs_whole_space", |b| {
        b.iter(|| {
            let t = DistanceTable::new(black_box(&Board::DEFAULT_GOAL));
            assert_eq!(t.reachable(), 181_440);
            t.diameter()
        })
    });
}

criterion_group!(benches, astar, bfs);
criterion_main!(benches);
