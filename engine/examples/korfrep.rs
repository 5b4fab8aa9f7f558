//! Korf's first 50 instances, search only, one thread, repeated; prints
//! each pass's milliseconds (for A/B runs beside another build).
use eight_puzzle_engine::solve::{
    korf100, korf_goal, solve_optimal, Heuristic, Partition, PatternDb,
};
use eight_puzzle_engine::Shape;
use std::sync::Arc;
use std::time::Instant;
fn main() {
    let reps: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    let goal = korf_goal(Shape::FOUR);
    let db = PatternDb::build(&Partition::for_goal(&goal), &goal).unwrap();
    let h = Heuristic::Pdb(Arc::new(db));
    let all = korf100();
    for _ in 0..reps {
        let t = Instant::now();
        let mut g = 0;
        for k in all.iter().take(50) {
            g += solve_optimal(&k.start, &goal, &h, None)
                .unwrap()
                .progress
                .generated;
        }
        println!("new {:.0} ms {g}", t.elapsed().as_secs_f64() * 1e3);
    }
}
