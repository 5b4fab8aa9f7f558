//! The command-line front end. Every value is taken as text and validated by
//! the core, so a bad budget or board gets the core's own `Invalid` verdict.

use clap::{Args, Parser, Subcommand, ValueEnum};
use eight_puzzle::engine::{
    contract::{
        count_optimal_paths, parse_request, DistanceTable, Goal, InputError, Outcome, Replay,
        Solver,
    },
    moves::MOVE_CONVENTION,
    solve::Ledger,
    text::cell_text_of,
    Board, Verdict,
};
use serde_json::{json, Value};
use std::process::ExitCode;

mod batch;
mod depth_table;
mod family;
mod korf;
mod space;
mod sweep;
mod trace;
mod weighted;

use depth_table::run_depth_table;
use sweep::run_sweep;
use trace::{run_check, run_trace};

const DEFAULT_GOAL: &str = "[1,2,3,4,5,6,7,8,0]";

#[derive(Parser)]
#[command(
    name = "eight-puzzle",
    version,
    about = "Exact search for the sliding-puzzle family, 2×2 to 5×5: the 3×3 contract A*, IDA* with pattern databases for every shape, a fast verified mode, and whole state spaces, every path checked by independent replay.",
    after_help = concat!(
        "Moves name the direction the blank travels: Right swaps the blank with the tile on its right, so that tile travels left. No move wraps from the end of a row to the next.\n\n",
        "Boards are JSON, row-major, 0 is the blank: rows for any shape W×H (2 ≤ W, 2 ≤ H, W·H ≤ 25), e.g. [[1,2,3,4],[5,6,7,8],[9,10,11,0]] (4 wide, 3 tall), or a flat list for a square board, e.g. [1,2,3,4,5,6,0,7,8]."
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
    Solve(SolveArgs),
    /// Solve every start that can reach the goal (181,440) and report totals.
    Sweep(SweepArgs),
    /// Print the whole search, one record per pop (A*) or per board entered
    /// (IDA*), as CSV or JSON.
    Trace(TraceArgs),
    /// Check a list of popped keys (one per line, or a CSV/JSON trace) against
    /// the contract A*'s pop order. Exit 0 on a match, 1 on a difference, 2 on
    /// invalid input.
    CheckTrace(CheckArgs),
    /// Solve every board of a file (one per line; `#` lines and blank lines are skipped).
    Batch(batch::BatchArgs),
    /// Korf's 100 15-puzzle instances with IDA*, against the published optimal lengths.
    Korf100(korf::Korf100Args),
    /// Korf's 50 24-puzzle instances, fast by default, against the published optimal lengths.
    Korf24(korf::Korf24Args),
    /// The exact state space of a board of up to 12 cells: breadth-first
    /// search from the goal over every board that can reach it (distance
    /// counts, diameter, mean, the boards at the diameter).
    Space(space::SpaceArgs),

    /// The textbook depth table, exactly: every start that reaches the goal,
    /// by solution depth, through A* (misplaced, Manhattan, linear conflict)
    /// and IDA* (Manhattan): mean expansions, mean generated, b*.
    DepthTable(DepthTableArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum TraceAlgorithm {
    /// The contract A* (Manhattan, order f, h, key, seq).
    Astar,
    /// IDA* with Manhattan.
    Idastar,
}

#[derive(Clone, Copy, ValueEnum)]
enum TraceFormat {
    /// A header row, then one row per event.
    Csv,
    /// One JSON object with `events` (and `iterations` for IDA*).
    Json,
}

#[derive(Args)]
struct TraceArgs {
    /// Start board as JSON, e.g. '[1,2,3,4,5,6,0,7,8]'.
    #[arg(long, allow_hyphen_values = true)]
    start: String,
    /// Goal board as JSON.
    #[arg(long, default_value = DEFAULT_GOAL, allow_hyphen_values = true)]
    goal: String,
    /// Expansion budget of the contract A*, an integer 1–10000 [default: 10000]; not for IDA*.
    #[arg(long, allow_hyphen_values = true)]
    budget: Option<String>,
    /// Expansion budget of the IDA* trace, its own (IDA* enters boards again
    /// on every iteration), 1–10^15 [default: 1000000, enough for every 3×3 board]; not for A*.
    #[arg(long, allow_hyphen_values = true)]
    ida_budget: Option<String>,
    /// Which search.
    #[arg(long, value_enum, default_value = "astar")]
    algorithm: TraceAlgorithm,
    /// Output format.
    #[arg(long, value_enum, default_value = "csv")]
    format: TraceFormat,
}

#[derive(Args)]
struct CheckArgs {
    /// Start board as JSON, e.g. '[1,2,3,4,5,6,0,7,8]'.
    #[arg(long, allow_hyphen_values = true)]
    start: String,
    /// Goal board as JSON.
    #[arg(long, default_value = DEFAULT_GOAL, allow_hyphen_values = true)]
    goal: String,
    /// Expansion budget, an integer 1–10000.
    #[arg(long, default_value = "10000", allow_hyphen_values = true)]
    budget: String,
    /// Print one JSON object instead of one sentence.
    #[arg(long)]
    json: bool,
    /// The popped keys: a file, or `-` for standard input.
    file: String,
}

#[derive(Args)]
struct SolveArgs {
    /// Start board as JSON: rows for any shape (e.g. '[[1,2,3],[4,5,0]]'), or a flat list for a square board (e.g. '[1,2,3,4,5,6,0,7,8]').
    #[arg(long, allow_hyphen_values = true)]
    start: String,
    /// Goal board as JSON, the start's shape [default: 1 … W·H−1 then the blank; [1,2,3,4,5,6,7,8,0] on 3×3].
    #[arg(long, allow_hyphen_values = true)]
    goal: Option<String>,
    /// optimal (a shortest path, proved) or fast (a verified path, not necessarily shortest, with its gap to a lower bound) [default: optimal].
    #[arg(long, allow_hyphen_values = true)]
    mode: Option<String>,
    /// Expansion budget of the 3×3 contract A*, an integer 1–10000 [default: 10000].
    #[arg(long, allow_hyphen_values = true)]
    budget: Option<String>,
    /// Heuristic of the optimal IDA* on shapes other than 3×3: manhattan, linear-conflict or the shape's pattern database (pdb-663 on 4×4, pdb-65 on 3×4, …; an unknown name lists the shape's), or on 4×4 pdb-78 (Korf & Felner's 7-8 database with the reflected look-up, cached on disk, see --cache-dir) [default: the database].
    #[arg(long, allow_hyphen_values = true)]
    heuristic: Option<String>,
    /// IDA* budget of generated nodes, 1–10^15 [default: no limit].
    #[arg(long, allow_hyphen_values = true)]
    node_budget: Option<String>,
    /// Where pdb-78 is kept (its 288 MB file is built there once, about 4.5 GB of memory at the build's peak, minutes of both cores) [default: $XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle].
    #[arg(long)]
    cache_dir: Option<String>,
    /// 3×3 only, outside the contract: weighted A* with f = g + W·h, W from 1 to 5 in steps of 0.5 (with --heuristic: misplaced, manhattan, linear-conflict, twice-manhattan, manhattan-plus-misplaced). The path is checked, and compared with the exact optimum.
    #[arg(long, allow_hyphen_values = true)]
    weight: Option<String>,
    /// Print one JSON object instead of the human report.
    #[arg(long)]
    json: bool,
    /// Also count the distinct shortest paths in the report (a whole-space
    /// BFS from the goal); `--json` always carries `optimal_paths`.
    #[arg(long)]
    count_paths: bool,
}

#[derive(Args)]
struct SweepArgs {
    /// Goal board as JSON.
    #[arg(long, default_value = DEFAULT_GOAL, allow_hyphen_values = true)]
    goal: String,
    /// Expansion budget per start, an integer 1–10000.
    #[arg(long, default_value = "10000", allow_hyphen_values = true)]
    budget: String,
    /// Print one JSON object instead of the human report.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct DepthTableArgs {
    /// Goal board as JSON.
    #[arg(long, default_value = DEFAULT_GOAL, allow_hyphen_values = true)]
    goal: String,
    /// Print one JSON object: {"rows": [{"depth", "starts", "algorithms"}]}.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV: depth,starts,algorithm,mean_expansions,mean_generated,branching.
    #[arg(long)]
    csv: bool,
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Solve(args) => solve(&args),
        Command::Sweep(args) => run_sweep(&args),
        Command::Trace(args) => run_trace(&args),
        Command::CheckTrace(args) => run_check(&args),
        Command::Batch(args) => batch::batch(&args),
        Command::Korf100(args) => korf::run_korf100(&args),
        Command::Korf24(args) => korf::run_korf24(&args),
        Command::Space(args) => space::run(&args),
        Command::DepthTable(args) => run_depth_table(&args),
    }
}

pub(crate) fn outcome_json(out: &Outcome) -> Value {
    let mut v = json!({
        "status": out.verdict.status(),
        "shape": out.start.shape().code(),
        "mode": "optimal",
        "moves": [],
        "cost": null,
        // A* pops the goal only at its shortest distance (Manhattan is
        // consistent), so a solved cost is proved; otherwise h of the start.
        "lower_bound": match &out.verdict {
            Verdict::Solved(s) => Some(s.cost),
            Verdict::Unknown(_) => Some(out.initial_manhattan),
            Verdict::Unsolvable(_) => None,
        },
        "initial_manhattan": out.initial_manhattan,
        "expansions": out.stats.expansions,
        "generated": out.stats.generated,
        "stale": out.stats.stale,
        "max_frontier": out.stats.max_frontier,
    });
    match &out.verdict {
        Verdict::Solved(s) => {
            v["moves"] = json!(s.moves.iter().map(|m| m.name()).collect::<Vec<_>>());
            v["cost"] = json!(s.cost);
        }
        Verdict::Unknown(reason) => v["reason"] = json!(reason.name()),
        Verdict::Unsolvable(p) => v["inversions"] = json!({ "start": p.start, "goal": p.goal }),
    }
    v
}

/// The Manhattan ledger of a start, for any shape.
pub(crate) fn print_ledger(ledger: &Ledger) {
    let cell = |c: usize| cell_text_of(c, ledger.width);
    println!("\nManhattan ledger of the start (blank excluded)");
    println!(
        "  {:<5} {:<18} {:<18} distance",
        "tile", "cell", "goal cell"
    );
    for r in &ledger.rows {
        println!(
            "  {:<5} {:<18} {:<18} {}",
            r.tile,
            cell(r.cell),
            cell(r.goal_cell),
            r.distance
        );
    }
    println!(
        "  {:<5} {:<18} {:<18} excluded",
        "blank",
        cell(ledger.blank_cell),
        cell(ledger.blank_goal_cell)
    );
    println!("  total h = {}", ledger.total);
}

fn print_grid(title: &str, b: &Board) {
    println!("{title}");
    for row in b.grid_rows() {
        println!("  {row}");
    }
}

pub(crate) fn print_human(out: &Outcome, goal: &Goal) {
    print_grid("Start", &out.start);
    print_grid("Goal", &out.goal);
    print_ledger(&goal.ledger(&out.start));
    match &out.verdict {
        Verdict::Solved(s) => {
            println!("\nWitness (checked by independent replay)");
            println!(
                "  {:<5} {:<6} {:<20} {:>3} {:>3} {:>3}",
                "step", "move", "board", "g", "h", "f"
            );
            if let Some(replay) = Replay::new(&out.start, goal, &s.moves) {
                for st in replay.steps() {
                    let mv = st.mv.map_or("-", |m| m.name());
                    println!(
                        "  {:<5} {:<6} {:<20} {:>3} {:>3} {:>3}",
                        st.index,
                        mv,
                        st.board.to_json(),
                        st.g,
                        st.h,
                        st.f()
                    );
                }
            }
            println!("\nStatus: Solved");
            println!("Cost: {}", s.cost);
        }
        Verdict::Unknown(reason) => {
            println!("\nStatus: Unknown ({})", reason.name());
            println!("The search stopped after {} expansions (budget {}) before popping the goal; this says nothing about whether a solution exists. Raise the budget.", out.stats.expansions, out.budget.get());
        }
        Verdict::Unsolvable(p) => {
            println!("\nStatus: Unsolvable");
            println!("{} No search was run.", p.explain());
        }
    }
    println!("Initial Manhattan: {}", out.initial_manhattan);
    println!(
        "Expansions: {} (generated {}, stale {}, max frontier {})",
        out.stats.expansions, out.stats.generated, out.stats.stale, out.stats.max_frontier
    );
}

fn report_invalid(e: &InputError, as_json: bool) -> ExitCode {
    family::Invalid::from(e).report(as_json)
}

fn solve(args: &SolveArgs) -> ExitCode {
    let opts = family::SolveOptions {
        goal: args.goal.as_deref(),
        budget: args.budget.as_deref(),
        heuristic: args.heuristic.as_deref(),
        node_budget: args.node_budget.as_deref(),
        mode: args.mode.as_deref(),
        cache_dir: args.cache_dir.as_deref(),
        weight: args.weight.as_deref(),
        json: args.json,
    };
    if let Some(code) = family::solve_if_not_contract(&args.start, &opts) {
        return code;
    }
    let goal = args.goal.as_deref().unwrap_or(DEFAULT_GOAL);
    // --weight, or a heuristic other than Manhattan: weighted A*, outside
    // the contract (validated by solve_if_not_contract already).
    if let Ok(Some((h, w))) = weighted::choice(opts.heuristic, opts.weight) {
        return weighted::solve(&args.start, goal, &opts, h, w);
    }
    let budget = args.budget.as_deref().unwrap_or("10000");
    let request = match parse_request(&args.start, goal, budget) {
        Ok(r) => r,
        Err(e) => return report_invalid(&e, args.json),
    };
    match request.solve(&mut Solver::new()) {
        Ok(out) => {
            // Counted only for a checked witness: the count is of the paths
            // the witness belongs to.
            let paths = match (&out.verdict, args.count_paths || args.json) {
                (Verdict::Solved(_), true) => {
                    count_optimal_paths(&DistanceTable::new(request.goal.board()), &out.start)
                }
                _ => None,
            };
            if args.json {
                let mut v = outcome_json(&out);
                v["optimal_paths"] = json!(paths);
                println!("{v}");
            } else {
                print_human(&out, &request.goal);
                if let Some(n) = paths {
                    println!("Optimal paths: {n} distinct shortest paths join start and goal; the witness is one of them.");
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            if args.json {
                println!("{}", json!({ "status": "Error", "message": e.to_string() }));
            } else {
                eprintln!("{e}");
            }
            ExitCode::from(3)
        }
    }
}
