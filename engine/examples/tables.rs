//! Builds every shape's pattern database (the partition table) toward its
//! default goal, single-threaded, and prints per shape: the partition, the
//! entries, the finished bytes, and the build time.
//!
//! `cargo run --release -p eight-puzzle-engine --example tables [min_cells]`

use eight_puzzle_engine::solve::{placements, Partition, PdbBuilder};
use eight_puzzle_engine::{Board, Shape};
use std::time::Instant;

fn main() {
    let min: usize = std::env::args()
        .nth(1)
        .and_then(|t| t.parse().ok())
        .unwrap_or(0);
    println!("shape | partition | groups | entries | bytes | build ms");
    for shape in Shape::all().into_iter().filter(|s| s.cells() >= min) {
        let goal = Board::default_goal(shape);
        let p = Partition::for_goal(&goal);
        let entries: usize = p
            .groups()
            .iter()
            .map(|g| placements(g.len(), shape.cells()))
            .sum();
        let t = Instant::now();
        let mut b = PdbBuilder::new(&p, &goal);
        while !b.step(1 << 20) {}
        let db = b.finish().expect("every partition builds");
        let ms = t.elapsed().as_secs_f64() * 1e3;
        println!(
            "{} | {} | {:?} | {} | {} | {:.0}",
            shape.name(),
            p.name(),
            p.groups(),
            entries,
            db.bytes(),
            ms
        );
    }
}
