//! Play's analysis as the page's worker runs it (`task::analysis`: the
//! session's tables built in slices, then each board in slices), natively
//! on one thread, for the native side of the page's figures: the 60-move
//! 4×4 solve of `tests/browser/bench.mjs` part (j) in both metrics.
//!
//! Run: `cargo build --release --example page_analysis`, then
//! `target/release/examples/page_analysis` (prints the tables' build and
//! the analysis in ms, searches and nodes, and the distances; then the
//! same boards asked without their neighbours' distances, for the nodes
//! that saves).

use eight_puzzle::engine::moves::{Metric, Slide};
use eight_puzzle::engine::notation::{parse_moves, Notation};
use eight_puzzle::engine::solve::analyse;
use eight_puzzle::engine::{parse_board, Board};
use eight_puzzle::task::analysis::{exact_distances, AnalysisJob};
use eight_puzzle::task::solver::SolverWorker;
use eight_puzzle::task::{Answer, Reply, Step};
use std::process::ExitCode;
use std::time::Instant;

const START: &str = "[5,12,10,7,15,11,14,0,8,2,1,13,3,4,9,6]";
const GOAL: &str = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]";
const MOVES: &str = "L D L D L U R U U R D D L D R R U L L U U R D D D L U U L U R R D L L D D R R U R U L D D R U U L D L D R R U U U L L L";

fn main() -> ExitCode {
    let (start, goal): (Board, Board) = match (parse_board(START), parse_board(GOAL)) {
        (Ok(s), Ok(g)) => (s, g),
        _ => return ExitCode::from(2),
    };
    let Ok((written, _)) = parse_moves(MOVES, &start, Notation::Blank) else {
        return ExitCode::from(2);
    };
    let moves: Vec<Slide> = written.iter().map(|w| w.slide).collect();
    for metric in Metric::ALL {
        let mut solver = SolverWorker::default();
        for run in ["first", "again"] {
            let mut job = match AnalysisJob::new(&start, &goal, metric, &moves) {
                Ok(j) => j,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let t = Instant::now();
            let mut built = None;
            let answer = loop {
                match job.step(&mut solver) {
                    Reply::Progress(Step::Analysis(
                        eight_puzzle::task::AnalysisProgress::Build { .. },
                    )) => built = Some(t.elapsed()),
                    Reply::Progress(_) => {}
                    Reply::Done(Answer::Analysis(a)) => break a,
                    other => {
                        eprintln!("{other:?}");
                        return ExitCode::from(3);
                    }
                }
            };
            let all = t.elapsed();
            let build = built.unwrap_or_default();
            let distances: Vec<String> = answer
                .steps
                .iter()
                .map(|s| s.distance.to_string())
                .collect();
            let (searches, generated) = job.work();
            println!(
                "{metric} {run}: build {:.1} ms, analysis {:.1} ms ({searches} searches, {generated} nodes); optimum {}, length {}, {}",
                build.as_secs_f64() * 1e3,
                (all - build).as_secs_f64() * 1e3,
                answer.optimum,
                answer.length,
                distances.join(" ")
            );
        }
        // The same boards asked one by one with nothing known of their
        // neighbours (the command line's way), on the same tables.
        let t = Instant::now();
        let mut exact = match exact_distances(&goal, metric) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(3);
            }
        };
        let built = t.elapsed();
        let Ok(a) = analyse(&start, &written, &mut exact, &mut |_| {}) else {
            return ExitCode::from(3);
        };
        let (searches, generated) = exact.work();
        println!(
            "{metric} unhinted: analysis {:.1} ms ({searches} searches, {generated} nodes); optimum {}",
            (t.elapsed() - built).as_secs_f64() * 1e3,
            a.optimum
        );
    }
    ExitCode::SUCCESS
}
