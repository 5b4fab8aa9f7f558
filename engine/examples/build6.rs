//! Times one 6-tile 4×4 table build (single thread), three times.
use eight_puzzle_engine::solve::{korf_goal, PatternTable};
use eight_puzzle_engine::Shape;
use std::time::Instant;
fn main() {
    let goal = korf_goal(Shape::FOUR);
    for _ in 0..std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3)
    {
        let t = Instant::now();
        let tab = PatternTable::build(&[1, 4, 5, 8, 9, 12], &goal).unwrap();
        println!(
            "new {:.0} ms {}",
            t.elapsed().as_secs_f64() * 1e3,
            tab.max_value()
        );
    }
}
