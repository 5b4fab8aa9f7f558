//! `eight-puzzle solve`: its flags, typed at the edge, become one plan
//! (`plan::solve_plan`), and the plan runs: the 3×3 contract A* here, the
//! weighted A* in `weighted.rs`, IDA* or the fast mode in `family.rs`.

use super::analyse;
use super::family;
use super::plan::{
    self, budget_flag, heuristic_flag, metric_flag, mode_flag, node_budget_flag, path_flag,
    threads_or_cores, weight_flag, Checked, Flags, HeuristicName, Method, Plan,
};
use super::report::{outcome_json, print_human};
use super::weighted;
use clap::Args;
use eight_puzzle::engine::moves::Metric;
use eight_puzzle::engine::solve::Mode;
use eight_puzzle::engine::{
    contract::{Budget, Request, Solver},
    teaching::{count_optimal_paths, DistanceTable, Weight},
    Verdict,
};
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

/// `eight-puzzle solve`.
#[derive(Args)]
pub(super) struct SolveArgs {
    /// Start board as JSON: rows for any shape (e.g. '[[1,2,3],[4,5,0]]'), or a flat list for a square board (e.g. '[1,2,3,4,5,6,0,7,8]').
    #[arg(long, allow_hyphen_values = true)]
    start: String,
    /// Goal board as JSON, the start's shape [default: 1 … W·H−1 then the blank; [1,2,3,4,5,6,7,8,0] on 3×3].
    #[arg(long, allow_hyphen_values = true)]
    goal: Option<String>,
    /// optimal (a shortest path, proved) or fast (a verified path, not necessarily shortest, with its gap to a lower bound) [default: optimal].
    #[arg(long, allow_hyphen_values = true, value_parser = mode_flag)]
    mode: Option<Checked<Mode>>,
    /// single (a move slides one tile) or multi (a move slides 1 to W−1 tiles of the blank's row or 1 to H−1 of its column, every shape, 3×3 included; not with --budget or --weight, which are the single-tile 3×3 A*s) [default: single].
    #[arg(long, allow_hyphen_values = true, value_parser = metric_flag)]
    metric: Option<Checked<Metric>>,
    /// Expansion budget of the 3×3 contract A*, an integer 1–10000 [default: 10000].
    #[arg(long, allow_hyphen_values = true, value_parser = budget_flag)]
    budget: Option<Checked<Budget>>,
    /// Heuristic of the optimal IDA* on shapes other than 3×3: manhattan, linear-conflict or the shape's pattern database (pdb-663 on 4×4, pdb-65 on 3×4, …; an unknown name lists the shape's), or on 4×4 pdb-78 (Korf & Felner's 7-8 database with the reflected look-up, cached on disk, see --cache-dir), or on 5×5 pdb-6666 (their 6-6-6-6 database with the reflected look-up, cached on disk) [default: the database]. In fast mode a database ranks the beam and gives the bound, past 25 cells too (pdb-5555555 on 6×6, pdb-444444444444 on 7×7, …, cached on disk) [default in fast mode: table-free].
    #[arg(long, allow_hyphen_values = true, value_parser = heuristic_flag)]
    heuristic: Option<HeuristicName>,
    /// IDA* budget of generated nodes, 1–10^15 [default: no limit].
    #[arg(long, allow_hyphen_values = true, value_parser = node_budget_flag)]
    node_budget: Option<Checked<u64>>,
    /// Where the large databases are kept: pdb-78, pdb-6666, the 4×4 multi-tile tables (multi-tile-pdb-666) and the shapes' own databases past 25 cells (each built there once, minutes of both cores: pdb-78 a 288 MB file, about 4.5 GB of memory at the build's peak; pdb-6666 a 255 MB file, about 1.1 GB; pdb-5555555 of 6×6 a 158 MB file, about 0.75 GB) [default: $XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle].
    #[arg(long, value_parser = path_flag)]
    cache_dir: Option<PathBuf>,
    /// 3×3 only, outside the contract: weighted A* with f = g + W·h, W from 1 to 5 in steps of 0.5 (with --heuristic: misplaced, manhattan, linear-conflict, twice-manhattan, manhattan-plus-misplaced). The path is checked, and compared with the exact optimum.
    #[arg(long, allow_hyphen_values = true, value_parser = weight_flag)]
    weight: Option<Checked<Weight>>,
    /// Threads of the optimal IDA* (every shape but the 3×3 contract A*), 1–256; the path and the counts are the same on any number, only the time changes [default: every core].
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    /// The optimal IDA*'s progress on standard error (each finished bound, and nodes, nodes per second and time every 2 s, from 2 s into the search) even when it is not a terminal (on a terminal it is always shown).
    #[arg(long)]
    progress: bool,
    /// Print one JSON object instead of the human report.
    #[arg(long)]
    json: bool,
    /// Also count the distinct shortest paths in the report (a whole-space
    /// BFS from the goal); `--json` always carries `optimal_paths`.
    #[arg(long)]
    count_paths: bool,
    /// Count every distinct shortest path exactly (boards up to 16 cells, either metric; a whole-space table up to 10 cells, else a depth-first search within the optimal length bounded by --heuristic) and list the first --limit of them, in move order.
    #[arg(long, conflicts_with_all = ["mode", "budget", "weight", "count_paths", "threads", "progress"])]
    all_shortest: bool,
    /// How many shortest paths --all-shortest lists, 0–1000 [default: 10].
    #[arg(long, requires = "all_shortest", value_parser = clap::value_parser!(u64).range(0..=1000))]
    limit: Option<u64>,
}

impl SolveArgs {
    fn flags(&self) -> Flags<'_> {
        Flags {
            mode: self.mode.as_ref(),
            budget: self.budget.as_ref(),
            heuristic: self.heuristic.as_ref(),
            node_budget: self.node_budget.as_ref(),
            weight: self.weight.as_ref(),
            metric: self.metric.as_ref(),
        }
    }
}

/// Runs `solve`.
pub(super) fn solve(args: &SolveArgs) -> ExitCode {
    if args.all_shortest {
        return analyse::run_all_shortest(&analyse::AllShortestFlags {
            start: &args.start,
            goal: args.goal.as_deref(),
            metric: args.metric.as_ref(),
            heuristic: args.heuristic.as_ref(),
            node_budget: args.node_budget.as_ref(),
            cache_dir: args.cache_dir.as_deref(),
            limit: args.limit.unwrap_or(10) as usize,
            json: args.json,
        });
    }
    let plan = match plan::solve_plan(&args.start, args.goal.as_deref(), &args.flags()) {
        Ok(p) => p,
        Err(e) => return e.report(args.json),
    };
    // Optimal and fast plans go to the one driver of every shape.
    let (start, goal, method, metric) = match plan {
        Plan::Contract(request) => return solve_contract(&request, args),
        Plan::Weighted {
            start,
            goal,
            heuristic,
            weight,
            budget,
            metric,
        } => {
            return weighted::solve(
                &start,
                &goal,
                (heuristic, weight, budget),
                metric,
                args.json,
            )
        }
        Plan::Optimal {
            start,
            goal,
            heuristic,
            node_budget,
            metric,
        } => (start, goal, Method::Optimal(heuristic, node_budget), metric),
        Plan::Fast {
            start,
            goal,
            heuristic,
            metric,
        } => (start, goal, Method::Fast(heuristic), metric),
    };
    family::solve(
        start,
        goal,
        method,
        metric,
        args.cache_dir.as_deref(),
        args.json,
        family::Running {
            threads: threads_or_cores(args.threads),
            progress: args.progress,
        },
    )
}

/// The 3×3 contract A*, with the count of shortest paths when asked.
fn solve_contract(request: &Request, args: &SolveArgs) -> ExitCode {
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
                if args.metric.is_some() {
                    v["metric"] = json!(Metric::Single.name());
                }
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
