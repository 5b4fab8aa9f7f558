//! Korf's 100 with the 6-6-3 database, as the CLI's `korf100` runs them:
//! tables built one per thread, instances on `--threads` threads (default
//! 2). Prints the build time, the search wall time, the nodes and a check
//! that every cost is the published optimum.
//!
//! `cargo run --release -p eight-puzzle-engine --example korf100 [threads]`

use eight_puzzle_engine::solve::{
    korf100, korf_goal, solve_optimal, Heuristic, Partition, PatternDb, PatternTable,
};
use eight_puzzle_engine::{Shape, Verdict};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

fn main() {
    let threads: usize = std::env::args()
        .nth(1)
        .and_then(|t| t.parse().ok())
        .unwrap_or(2);
    let goal = korf_goal(Shape::FOUR);
    let partition = Partition::for_goal(&goal);
    let t = Instant::now();
    let tables: Vec<PatternTable> = std::thread::scope(|s| {
        let handles: Vec<_> = partition
            .groups()
            .iter()
            .map(|g| s.spawn(move || PatternTable::build(g, &goal)))
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().ok().flatten())
            .collect()
    });
    let db = PatternDb::from_tables(&partition, &goal, tables).expect("tables");
    let build_ms = t.elapsed().as_secs_f64() * 1e3;
    let bytes = db.bytes();
    let h = Heuristic::Pdb(Arc::new(db));
    let all = korf100();
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let t = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(k) = all.get(i) else { break };
                let t = Instant::now();
                let out = solve_optimal(&k.start, &goal, &h, None).expect("search");
                let ms = t.elapsed().as_secs_f64() * 1e3;
                let cost = match &out.verdict {
                    Verdict::Solved(s) => s.cost,
                    v => panic!("#{}: {v:?}", k.id),
                };
                results
                    .lock()
                    .unwrap()
                    .push((k.id, cost, k.optimal, out.progress.generated, ms));
            });
        }
    });
    let search_ms = t.elapsed().as_secs_f64() * 1e3;
    let r = results.into_inner().unwrap();
    let optimal = r.iter().filter(|x| x.1 == x.2).count();
    let generated: u64 = r.iter().map(|x| x.3).sum();
    let summed: f64 = r.iter().map(|x| x.4).sum();
    println!(
        "{{\"build_ms\":{build_ms:.0},\"table_bytes\":{bytes},\"search_ms\":{search_ms:.0},\"search_ms_summed\":{summed:.0},\"generated\":{generated},\"optimal\":{optimal},\"threads\":{threads}}}"
    );
}
