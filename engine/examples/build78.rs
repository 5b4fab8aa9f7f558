//! Timing of one pdb-78 table (temporary).
use eight_puzzle_engine::solve::{korf_goal, Partition, PatternTable};
use std::time::Instant;
fn main() {
    let goal = korf_goal(eight_puzzle_engine::Shape::FOUR);
    let p = Partition::seven_eight(&goal).unwrap();
    println!("{:?}", p.groups());
    let which: usize = std::env::args().nth(1).map_or(0, |a| a.parse().unwrap());
    let t = Instant::now();
    let table = PatternTable::build(&p.groups()[which], &goal).unwrap();
    println!("{} entries, max {}, {:.1}s", table.len(), table.max_value(), t.elapsed().as_secs_f64());
}
