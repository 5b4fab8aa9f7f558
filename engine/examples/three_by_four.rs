//! 1,000 uniformly random solvable 3×4 starts (3 wide, 4 tall; seeded
//! xorshift, the parity fixed by swapping two tiles), solved optimally with
//! the shape's database on one thread. Prints the build time, the median,
//! 90th percentile and maximum solve time, and the mean length and nodes.
//!
//! `cargo run --release -p eight-puzzle-engine --example three_by_four [W H N]`

use eight_puzzle_engine::solve::{solve_optimal, HeuristicChoice};
use eight_puzzle_engine::{check_parity, Board, Shape, Verdict};
use std::time::Instant;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (w, h, n) = match args[..] {
        [w, h, n] => (w, h, n),
        _ => (3, 4, 1000),
    };
    let shape = Shape::new(w, h).expect("a shape");
    let goal = Board::default_goal(shape);
    let t = Instant::now();
    let heuristic = HeuristicChoice::Pdb.build(&goal);
    let build_ms = t.elapsed().as_secs_f64() * 1e3;
    let mut rng = Rng(0x5DEE_CE66_D1CE_4E5B);
    let mut times = Vec::with_capacity(n);
    let (mut length, mut nodes) = (0u64, 0u64);
    for _ in 0..n {
        let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
        for i in (1..cells.len()).rev() {
            cells.swap(i, (rng.next() % (i as u64 + 1)) as usize);
        }
        let mut start = Board::new(shape, &cells).expect("a permutation");
        if check_parity(&start, &goal).is_err() {
            let tiles: Vec<usize> = (0..cells.len())
                .filter(|&i| cells[i] != 0)
                .take(2)
                .collect();
            cells.swap(tiles[0], tiles[1]);
            start = Board::new(shape, &cells).expect("a permutation");
        }
        let t = Instant::now();
        let out = solve_optimal(&start, &goal, &heuristic, None).expect("search");
        times.push(t.elapsed().as_secs_f64() * 1e3);
        let Verdict::Solved(s) = out.verdict else {
            panic!("{start}: {:?}", out.verdict)
        };
        length += u64::from(s.cost);
        nodes += out.progress.generated;
    }
    times.sort_by(f64::total_cmp);
    let total: f64 = times.iter().sum();
    println!(
        "{} {} build {:.0} ms; {} starts: median {:.2} ms, p90 {:.2} ms, max {:.1} ms, total {:.0} ms; mean length {:.2}, mean generated {:.0}",
        shape.name(),
        heuristic.name(),
        build_ms,
        n,
        times[n / 2],
        times[n * 9 / 10],
        times[n - 1],
        total,
        length as f64 / n as f64,
        nodes as f64 / n as f64
    );
}
