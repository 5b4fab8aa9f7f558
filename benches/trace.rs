//! Criterion benchmarks for the teaching tools: the lab's IDA* on the two
//! 31-move boards, the whole A* trace of a 31-move board, and counting the
//! shortest paths of every board.
//!
//! Run: `cargo bench --bench trace`.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use eight_puzzle::engine::lab::{run, Algorithm};
use eight_puzzle::engine::{Board, Goal};
use std::hint::black_box;

const HARDEST: [[u8; 9]; 2] = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];

fn idastar(c: &mut Criterion) {
    let goal = Goal::default();
    let mut group = c.benchmark_group("lab_idastar_31_moves");
    for cells in HARDEST {
        let start = Board::from_cells(cells).expect("valid");
        group.bench_with_input(
            BenchmarkId::from_parameter(start.key_string()),
            &start,
            |b, s| {
                b.iter(|| {
                    let out = run(Algorithm::IdaStar, black_box(s), &goal, u64::MAX).expect("ok");
                    assert_eq!(out.length(), Some(31));
                    out.expansions
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, idastar);
criterion_main!(benches);
