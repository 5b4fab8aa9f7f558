//! The command-line front end. clap parses each flag into a typed value
//! through the core's own validation (`plan::Checked`), so a bad budget or
//! board gets the core's own `Invalid` verdict; `plan::solve_plan` turns
//! `solve`'s flags into the one plan it runs.
//!
//! Each subcommand's module owns its arguments. `plan` (typed flags, the
//! `Invalid` answer, the rules between flags) and `report` (the contract's
//! printers) sit below every other module; `family` (IDA* and fast on every
//! shape) and `weighted` (3×3 weighted A*) sit below `solve`, `batch` and
//! `korf`, and never import each other.

use clap::{CommandFactory, Parser, Subcommand};
use eight_puzzle::engine::moves::MOVE_CONVENTION;
use std::io::Write;
use std::process::ExitCode;

mod analyse;
mod batch;
mod depth_table;
mod family;
mod heuristic;
mod ida_progress;
mod korf;
mod plan;
mod random;
mod report;
mod solve;
mod space;
mod sweep;
mod trace;
mod weighted;

/// `analyse`'s notes: the two notations and the two metrics.
const ANALYSE_NOTE: &str = "Notations: blank (the project's, the default) names the way the blank travels; tile (the speedsolvers', --notation tile) names the way the tiles travel, so tile R is blank L. A count is a number of tiles: R3 slides three tiles of the blank's row.\n\nMetrics: single counts every tile (R3 is three moves); multi counts a run of moves in one direction as one move (R3, or R R R).\n\nExit status: 0 analysed, 2 invalid input (a board, a flag, or a move: the message names the move's position and what lies that way), 3 the distances could not be found.";

#[derive(Parser)]
#[command(
    name = "eight-puzzle",
    version,
    about = "Exact search for the sliding-puzzle family, 2×2 to 8×8: the 3×3 contract A*, IDA* with pattern databases for every shape up to 5×5, a fast verified mode for all, and whole state spaces, every path checked by independent replay.",
    after_help = concat!(
        "Moves name the direction the blank travels: Right swaps the blank with the tile on its right, so that tile travels left. No move wraps from the end of a row to the next.\n\n",
        "Boards are JSON, row-major, 0 is the blank: rows for any shape W×H (2 ≤ W, 2 ≤ H, W·H ≤ 64; optimal search up to 25 cells, fast mode on all), e.g. [[1,2,3,4],[5,6,7,8],[9,10,11,0]] (4 wide, 3 tall), or a flat list for a square board, e.g. [1,2,3,4,5,6,0,7,8]."
    )
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve one start and print the checked witness: 3×3 by the contract
    /// A*, other shapes by IDA* (or --mode fast).
    #[command(after_help = MOVE_CONVENTION)]
    Solve(solve::SolveArgs),
    /// Solve every start that can reach the goal (181,440) and report totals.
    Sweep(sweep::SweepArgs),
    /// Print the whole search, one record per pop (A*) or per board entered
    /// (IDA*), as CSV or JSON.
    Trace(trace::TraceArgs),
    /// Check a list of popped keys (one per line, or a CSV/JSON trace) against
    /// the contract A*'s pop order. Exit 0 on a match, 1 on a difference, 2 on
    /// invalid input.
    CheckTrace(trace::CheckArgs),
    /// Solve every board of a file (one per line; `#` lines and blank lines are skipped).
    Batch(batch::BatchArgs),
    /// Korf's 100 15-puzzle instances with IDA*, against the published optimal lengths.
    Korf100(korf::Korf100Args),
    /// Korf's 50 24-puzzle instances, fast by default, against the published optimal lengths.
    Korf24(korf::Korf24Args),
    /// Uniformly random solvable boards of one shape (up to 8×8), seeded, each solved in fast
    /// mode: length, lower bound, gap and time, then the mean, the worst and the slowest.
    BenchRandom(random::BenchRandomArgs),
    /// The exact state space of a board of up to 14 cells: breadth-first
    /// search from the goal over every board that can reach it (distance
    /// counts, diameter, mean, the boards at the diameter).
    Space(space::SpaceArgs),

    /// Read a solve back move by move: after each move its exact distance to the goal in the chosen metric, each move that did not bring the board one closer marked, the solve's length, the optimum and the excess (opt-diff); --optimize prints a shorter solve. Boards up to 16 cells (4×4)
    #[command(visible_alias = "opt-diff", after_help = ANALYSE_NOTE)]
    Analyse(analyse::AnalyseArgs),

    /// The textbook depth table, exactly: every start that reaches the goal,
    /// by solution depth, through A* (misplaced, Manhattan, linear conflict)
    /// and IDA* (Manhattan): mean expansions, mean generated, b*.
    DepthTable(depth_table::DepthTableArgs),

    /// Heuristics written as expressions over board features: `heuristic
    /// check` tests one on every board of a shape of up to 10 cells (on a
    /// sample of 12-cell shapes).
    Heuristic(heuristic::HeuristicArgs),

    /// Print a shell completion script for this command line (generated
    /// from its own definitions), e.g. `eight-puzzle completions bash >
    /// ~/.local/share/bash-completion/completions/eight-puzzle`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },

    /// Print the manual page (roff, generated from this command line's own
    /// definitions), e.g. `eight-puzzle man > eight-puzzle.1 && man
    /// ./eight-puzzle.1`; with `--dir`, write it and one page per
    /// subcommand (`eight-puzzle-solve.1`, …) there.
    Man {
        /// Write every page into this directory instead.
        #[arg(long, value_name = "DIR")]
        dir: Option<std::path::PathBuf>,
    },
}

/// Writes the manual page of `cmd` as `DIR/NAME.1`, then one per
/// subcommand (`NAME-SUB.1`), and says each file's path.
fn man_pages(cmd: clap::Command, dir: &std::path::Path, name: &str) -> std::io::Result<()> {
    let cmd = cmd.name(name.to_string());
    let path = dir.join(format!("{name}.1"));
    let mut page = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut page)?;
    std::fs::write(&path, page)?;
    println!("{}", path.display());
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        man_pages(sub.clone(), dir, &format!("{name}-{}", sub.get_name()))?;
    }
    Ok(())
}

/// Exit 0 when the output was written; else the error on standard error
/// and exit 3 (a closed pipe included).
fn written(result: std::io::Result<()>, what: &str) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: could not write {what}: {e}");
            ExitCode::from(3)
        }
    }
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Solve(args) => solve::solve(&args),
        Command::Sweep(args) => sweep::run_sweep(&args),
        Command::Trace(args) => trace::run_trace(&args),
        Command::CheckTrace(args) => trace::run_check(&args),
        Command::Batch(args) => batch::batch(&args),
        Command::Korf100(args) => korf::run_korf100(&args),
        Command::Korf24(args) => korf::run_korf24(&args),
        Command::BenchRandom(args) => random::run_bench_random(&args),
        Command::Space(args) => space::run(&args),
        Command::Analyse(args) => analyse::run(&args),
        Command::DepthTable(args) => depth_table::run_depth_table(&args),
        Command::Heuristic(args) => heuristic::run(&args),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "eight-puzzle", &mut script);
            written(
                std::io::stdout().write_all(&script),
                "the completion script",
            )
        }
        Command::Man { dir: None } => {
            let mut page = Vec::new();
            let out = clap_mangen::Man::new(Cli::command())
                .render(&mut page)
                .and_then(|()| std::io::stdout().write_all(&page));
            written(out, "the manual page")
        }
        Command::Man { dir: Some(dir) } => {
            let out = std::fs::create_dir_all(&dir)
                .and_then(|()| man_pages(Cli::command(), &dir, "eight-puzzle"));
            written(out, "the manual pages")
        }
    }
}
