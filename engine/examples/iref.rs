//! Instruction-count reference: a 5-5-5 4×4 database, four short Korf
//! instances (for comparing builds and searches under cachegrind).
use eight_puzzle_engine::solve::{
    korf100, korf_goal, solve_optimal, Heuristic, Partition, PatternDb,
};
use eight_puzzle_engine::Shape;
use std::sync::Arc;
fn main() {
    let search = std::env::args().nth(1).is_some();
    let goal = korf_goal(Shape::FOUR);
    let groups = vec![
        vec![1, 2, 3, 4, 5],
        vec![6, 7, 8, 9, 10],
        vec![11, 12, 13, 14, 15],
    ];
    let p = Partition::from_groups(Shape::FOUR, "x", groups).unwrap();
    let db = Arc::new(PatternDb::build(&p, &goal).unwrap());
    if !search {
        println!("{}", db.bytes());
        return;
    }
    let h = Heuristic::Pdb(db);
    let mut g = 0;
    for id in [79, 42, 55, 12, 16, 2, 3] {
        let k = korf100().into_iter().find(|k| k.id == id).unwrap();
        g += solve_optimal(&k.start, &goal, &h, None)
            .unwrap()
            .progress
            .generated;
    }
    println!("{g}");
}
