//! The whole-space benchmark: `cargo run --release -p eight-puzzle-engine
//! --example space_bench -- [WxH ...] [--threads N]` (default: 3x4 on every
//! core). Prints, per shape, the boards, the diameter, the boards at the
//! diameter, the mean distance and the wall-clock time of the search alone.
//! Measure peak memory with `/usr/bin/time -v` around it.

use eight_puzzle_engine::{explore, parse_space_shape, Board};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let mut shapes = Vec::new();
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--threads" {
            threads = args.next().and_then(|t| t.parse().ok()).unwrap_or(1);
        } else {
            match parse_space_shape(&a) {
                Ok(s) => shapes.push(s),
                Err(e) => {
                    eprintln!("{a}: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    }
    if shapes.is_empty() {
        shapes.push(eight_puzzle_engine::Shape::new(4, 3).expect("4x3 is a shape"));
    }
    for shape in shapes {
        let goal = Board::default_goal(shape);
        let started = Instant::now();
        let result = match explore(&goal, threads, |_| {}) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(3);
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{} boards={} diameter={} antipodes={} mean={:.4} threads={threads} seconds={seconds:.3}",
            shape.code(),
            result.states(),
            result.diameter(),
            result.antipode_count,
            result.mean()
        );
    }
    ExitCode::SUCCESS
}
