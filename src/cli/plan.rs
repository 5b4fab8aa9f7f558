//! From typed flags to a plan: what `solve`, `batch`, `korf100` and
//! `korf24` run, with every rule between flags in one place.
//!
//! clap parses each flag at the edge into a [`Checked`] value through the
//! engine's own validation; a bad value is kept as its [`Invalid`] answer, so
//! it is reported here, in the order the fields were always checked, with
//! the same message and exit status. [`solve_plan`] turns `solve`'s flags
//! into one [`Plan`]; [`method`] holds the rules between a shape, a mode and
//! the search flags, shared with `batch` and the Korf sets.

use eight_puzzle::engine::{
    contract::{parse_budget_field, parse_goal, parse_start, Budget, Goal, InputError, Request},
    moves::Metric,
    parse_board,
    request::parse_board_pair,
    teaching::{parse_weight, parse_weighted_heuristic, Weight, WEIGHTED_OFFER},
    Board, Shape,
};
use eight_puzzle::engine::{
    heuristic::{parse_heuristic, BuiltIn, DEFAULT_HEURISTIC},
    solve::{parse_node_budget, Mode},
};
use serde_json::{json, Value};
use std::convert::Infallible;
use std::process::ExitCode;

/// The 3×3 goal, `solve`'s default on 3×3.
pub(super) const DEFAULT_GOAL: &str = "[1,2,3,4,5,6,7,8,0]";

/// An `Invalid` answer: the field at fault, the error class, the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Invalid {
    pub field: &'static str,
    pub kind: &'static str,
    pub message: String,
}

impl Invalid {
    pub(super) fn new(field: &'static str, kind: &'static str, message: impl ToString) -> Invalid {
        Invalid {
            field,
            kind,
            message: message.to_string(),
        }
    }

    pub(super) fn json(&self) -> Value {
        json!({
            "status": "Invalid",
            "error": { "field": self.field, "kind": self.kind, "message": self.message },
        })
    }

    fn label(&self) -> &'static str {
        match self.field {
            "start" => "Start board",
            "goal" => "Goal board",
            "budget" => "Budget",
            "heuristic" => "Heuristic",
            "node_budget" => "Node budget",
            "ida_budget" => "IDA* budget",
            "weight" => "Weight",
            "mode" => "Mode",
            "metric" => "Metric",
            "shape" => "Shape",
            "moves" => "Moves",
            "notation" => "Notation",
            _ => "Input",
        }
    }

    /// Prints the answer and gives exit status 2.
    pub(super) fn report(&self, as_json: bool) -> ExitCode {
        if as_json {
            println!("{}", self.json());
        } else {
            eprintln!("Invalid — {}: {}", self.label(), self.message);
        }
        ExitCode::from(2)
    }
}

impl From<&InputError> for Invalid {
    fn from(e: &InputError) -> Invalid {
        Invalid::new(e.field.name(), e.kind(), e.message())
    }
}

/// A flag's value checked at the edge: the typed value, or the error
/// (an `Invalid` answer) it gets when the plan reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Checked<T, E = Invalid>(pub Result<T, E>);

impl<T: Clone, E: Clone> Checked<T, E> {
    /// The value, or its error.
    pub(super) fn get(&self) -> Result<T, E> {
        self.0.clone()
    }
}

/// The value of an optional checked flag: `None` when absent.
pub(super) fn value<T: Clone, E: Clone>(flag: Option<&Checked<T, E>>) -> Result<Option<T>, E> {
    flag.map(Checked::get).transpose()
}

/// `--budget`: the contract A*'s expansions, 1–10000.
pub(super) fn budget_flag(text: &str) -> Result<Checked<Budget>, Infallible> {
    Ok(Checked(
        parse_budget_field(text).map_err(|e| Invalid::from(&e)),
    ))
}

/// `--node-budget`: IDA*'s generated nodes, 1–10^15.
pub(super) fn node_budget_flag(text: &str) -> Result<Checked<u64>, Infallible> {
    Ok(Checked(
        parse_node_budget(text).map_err(|e| Invalid::new("node_budget", e.kind(), e)),
    ))
}

/// `--ida-budget`: the IDA* trace's entered boards, 1–10^15.
pub(super) fn ida_budget_flag(text: &str) -> Result<Checked<u64>, Infallible> {
    Ok(Checked(
        parse_node_budget(text).map_err(|e| Invalid::new("ida_budget", e.kind(), e)),
    ))
}

/// `--threads` as given (clap keeps it within 1–256), else every core.
pub(super) fn threads_or_cores(flag: Option<u64>) -> usize {
    flag.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    )
}

/// `--mode`: optimal or fast.
pub(super) fn mode_flag(text: &str) -> Result<Checked<Mode>, Infallible> {
    Ok(Checked(
        Mode::parse(text).map_err(|e| Invalid::new("mode", e.kind(), e)),
    ))
}

/// `--metric`: single or multi.
pub(super) fn metric_flag(text: &str) -> Result<Checked<Metric>, Infallible> {
    Ok(Checked(
        Metric::parse(text).map_err(|e| Invalid::new("metric", e.kind(), e)),
    ))
}

/// `--weight`: 1 to 5 in steps of 0.5.
pub(super) fn weight_flag(text: &str) -> Result<Checked<Weight>, Infallible> {
    Ok(Checked(
        parse_weight(text).map_err(|e| Invalid::new("weight", e.kind(), e)),
    ))
}

/// A 3×3 `--start`, read by the contract's rules.
pub(super) fn start_flag(text: &str) -> Result<Checked<Board>, Infallible> {
    Ok(Checked(parse_start(text).map_err(|e| Invalid::from(&e))))
}

/// A 3×3 `--goal`, read by the contract's rules.
pub(super) fn goal_flag(text: &str) -> Result<Checked<Board>, Infallible> {
    Ok(Checked(parse_goal(text).map_err(|e| Invalid::from(&e))))
}

/// `batch --goal`: a board of any shape.
pub(super) fn any_board_flag(text: &str) -> Result<Checked<Board>, Infallible> {
    Ok(Checked(
        parse_board(text).map_err(|e| Invalid::new("goal", e.kind(), e)),
    ))
}

/// `--heuristic`: a name, read against the board's shape once it is known
/// (the same name is a database on one shape and unknown on another).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct HeuristicName(pub String);

/// `--heuristic` as typed.
pub(super) fn heuristic_flag(text: &str) -> Result<HeuristicName, Infallible> {
    Ok(HeuristicName(text.to_string()))
}

impl HeuristicName {
    /// The name on `shape`.
    pub(super) fn on(&self, shape: Shape) -> Result<BuiltIn, Invalid> {
        parse_heuristic(&self.0, shape).map_err(|e| Invalid::new("heuristic", e.kind(), e))
    }

    /// Whether the name is a heuristic of some shape.
    fn names_any_shape(&self) -> bool {
        Shape::all()
            .into_iter()
            .any(|s| parse_heuristic(&self.0, s).is_ok())
    }
}

/// The search flags of `solve`, `batch` and the Korf sets, typed.
#[derive(Default)]
pub(super) struct Flags<'a> {
    pub mode: Option<&'a Checked<Mode>>,
    pub budget: Option<&'a Checked<Budget>>,
    pub heuristic: Option<&'a HeuristicName>,
    pub node_budget: Option<&'a Checked<u64>>,
    /// `--weight` (`solve` only).
    pub weight: Option<&'a Checked<Weight>>,
    /// `--metric` (`solve` and `batch`).
    pub metric: Option<&'a Checked<Metric>>,
}

/// The answer to a multi-tile request on a single-tile search: the 3×3
/// contract (`--budget`, `trace`, `check-trace`) or the weighted A*
/// (`--weight`) count one tile a move.
pub(super) fn contract_is_single_tile(what: &str) -> Invalid {
    Invalid::new(
        "metric",
        "contract_single_tile",
        format!("the 3×3 contract is single-tile: {what}"),
    )
}

/// `--metric` of a command that counts single-tile moves only (`sweep`,
/// `depth-table`, `korf100`, `korf24`): single (or absent) is accepted,
/// another metric is refused with the engine's one sentence
/// ([`eight_puzzle::engine::problem::single_tile_only`]) naming `tool`.
pub(super) fn refuse_other_metric(
    metric: Option<&Checked<Metric>>,
    tool: &'static str,
) -> Result<(), Invalid> {
    match value(metric)? {
        Some(m) if m != Metric::Single => Err(Invalid::new(
            "metric",
            "single_tile_only",
            eight_puzzle::engine::problem::single_tile_only(tool, m),
        )),
        _ => Ok(()),
    }
}

/// `--metric` of a contract-only command (`trace`, `check-trace`): single
/// (or absent) is accepted, multi is [`contract_is_single_tile`].
pub(super) fn single_tile_only(
    metric: Option<&Checked<Metric>>,
    what: &str,
) -> Result<(), Invalid> {
    match value(metric)? {
        Some(Metric::Multi) => Err(contract_is_single_tile(what)),
        _ => Ok(()),
    }
}

/// How a pair of one shape is searched, by the shape's rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Method {
    /// The 3×3 contract A*.
    Contract,
    /// IDA* with this heuristic, under an optional node budget.
    Optimal(BuiltIn, Option<u64>),
    /// A fast, verified, not necessarily shortest path, its beam ranked by
    /// this heuristic's database (`None`, Manhattan or linear conflict:
    /// the table-free estimate).
    Fast(Option<BuiltIn>),
}

/// The method of a `shape` in `mode`: the search flags checked against them,
/// in the order the fields appear (budget, heuristic, node budget).
/// `budget` is whether `--budget` was given where it is not the contract's.
pub(super) fn method(shape: Shape, mode: Mode, budget: bool, f: &Flags) -> Result<Method, Invalid> {
    let three = shape == Shape::THREE;
    match mode {
        Mode::Fast => {
            if budget {
                return Err(Invalid::new("budget", "not_for_fast", "--budget counts expansions of the 3×3 contract A*; fast mode has no budget (it always finishes)"));
            }
            if f.node_budget.is_some() {
                return Err(Invalid::new(
                    "node_budget",
                    "not_for_fast",
                    "--node-budget caps the optimal search; fast mode always finishes",
                ));
            }
            let choice = f.heuristic.map(|h| h.on(shape)).transpose()?;
            Ok(Method::Fast(choice.filter(|c| {
                !matches!(c, BuiltIn::Manhattan | BuiltIn::LinearConflict)
            })))
        }
        Mode::Optimal if three => {
            if let Some(h) = f.heuristic {
                // A name of another shape's database is a heuristic that
                // does not apply here, not an unknown one.
                let elsewhere = h.names_any_shape();
                let choice =
                    h.on(shape)
                        .or_else(|e| if elsewhere { Ok(BuiltIn::Pdb) } else { Err(e) })?;
                if choice != BuiltIn::Manhattan {
                    return Err(Invalid::new("heuristic", "not_for_3x3", "3×3 boards are solved by the contract A* with Manhattan; --heuristic applies to the other shapes"));
                }
            }
            if f.node_budget.is_some() {
                return Err(Invalid::new("node_budget", "not_for_3x3", "3×3 boards are solved by the contract A*, whose limit is --budget; --node-budget applies to the other shapes"));
            }
            Ok(Method::Contract)
        }
        Mode::Optimal if !shape.optimal_searchable() => Err(optimal_too_large(shape)),
        Mode::Optimal => {
            if budget {
                return Err(Invalid::new("budget", "not_for_shape", format!("--budget counts expansions of the 3×3 contract A*; {} {} board is solved by IDA*, whose limit is --node-budget", shape.article(), shape.name())));
            }
            let choice = match f.heuristic {
                None => DEFAULT_HEURISTIC,
                Some(h) => h.on(shape)?,
            };
            Ok(Method::Optimal(choice, value(f.node_budget)?))
        }
    }
}

/// The refusal of optimal search on a board of more than 25 cells: the
/// engine's one sentence, with the flag that asks for fast mode.
pub(super) fn optimal_too_large(shape: Shape) -> Invalid {
    let why = eight_puzzle::engine::solve::OptimalError::TooLarge { shape };
    Invalid::new("mode", why.kind(), format!("{why} (--mode fast)"))
}

/// The mode asked for, or `default`.
pub(super) fn mode_or(f: &Flags, default: Mode) -> Result<Mode, Invalid> {
    Ok(value(f.mode)?.unwrap_or(default))
}

/// The weighted choice of a 3×3 request: `None` is the contract (no
/// `--weight`, heuristic absent or `manhattan`).
fn weighted_choice(f: &Flags) -> Result<Option<(BuiltIn, Weight)>, Invalid> {
    let w = value(f.weight)?;
    let h = match f.heuristic {
        None => BuiltIn::Manhattan,
        Some(name) => parse_weighted_heuristic(&name.0).map_err(|e| {
            // Another shape's name (a pattern database) does not apply here.
            if name.names_any_shape() {
                Invalid::new("heuristic", "not_for_3x3", format!("3×3 boards are solved by A*: use misplaced, manhattan, linear-conflict, twice-manhattan or manhattan-plus-misplaced; \"{}\" applies to the other shapes", name.0.trim()))
            } else {
                Invalid::new("heuristic", e.kind(), e)
            }
        })?,
    };
    Ok(match (h, w) {
        (BuiltIn::Manhattan, None) => None,
        (h, w) => Some((h, w.unwrap_or(Weight::ONE))),
    })
}

/// What `solve` runs.
#[derive(Debug)]
pub(super) enum Plan {
    /// The 3×3 contract A*.
    Contract(Request),
    /// 3×3 weighted A*, outside the contract, in a metric.
    Weighted {
        start: Board,
        goal: Goal,
        heuristic: BuiltIn,
        weight: Weight,
        budget: Budget,
        metric: Metric,
    },
    /// IDA* on any shape, with this heuristic (the multi-tile search has
    /// its own) and an optional node budget.
    Optimal {
        start: Board,
        goal: Board,
        heuristic: BuiltIn,
        node_budget: Option<u64>,
        /// `--metric` as given (`None`: absent, single-tile).
        metric: Option<Metric>,
    },
    /// A fast, verified path on any shape.
    Fast {
        start: Board,
        goal: Board,
        /// The database that ranks the beam (`None`: table-free).
        heuristic: Option<BuiltIn>,
        /// `--metric` as given (`None`: absent, single-tile).
        metric: Option<Metric>,
    },
}

/// A `--metric multi` request: any shape, 3×3 included, by the multi-tile
/// IDA* or fast mode; the contract's and the weighted A*'s flags refused.
fn multi_tile_plan(
    start: &str,
    goal: Option<&str>,
    mode: Mode,
    f: &Flags,
) -> Result<Plan, Invalid> {
    if let Some(w) = f.weight {
        return weighted_multi_plan(start, goal, mode, w.get()?, f);
    }
    if f.budget.is_some() {
        return Err(contract_is_single_tile("--budget limits its A*, which counts one tile a move; drop --budget to solve in the multi-tile metric"));
    }
    if f.heuristic.is_some() {
        return Err(Invalid::new("heuristic", "not_for_multi", "--heuristic chooses a single-tile estimate; the multi-tile search uses its own (multi-tile-manhattan)"));
    }
    let (start, goal) =
        parse_board_pair(start, goal).map_err(|e| Invalid::new(e.field().name(), e.kind(), e))?;
    let metric = Some(Metric::Multi);
    Ok(match mode {
        Mode::Fast => {
            method(start.shape(), mode, false, f)?;
            Plan::Fast {
                start,
                goal,
                heuristic: None,
                metric,
            }
        }
        Mode::Optimal if !start.shape().optimal_searchable() => {
            return Err(optimal_too_large(start.shape()))
        }
        Mode::Optimal => Plan::Optimal {
            start,
            goal,
            heuristic: DEFAULT_HEURISTIC,
            node_budget: value(f.node_budget)?,
            metric,
        },
    })
}

/// `--weight W --metric multi`: the 3×3 weighted A* in the multi-tile
/// metric (every slide one move), h one of the weighted offer or the
/// multi-tile estimate (the default: a lower bound there), the budget in
/// expansions (default: none).
fn weighted_multi_plan(
    start: &str,
    goal: Option<&str>,
    mode: Mode,
    weight: Weight,
    f: &Flags,
) -> Result<Plan, Invalid> {
    if mode == Mode::Fast {
        return Err(Invalid::new(
            "weight",
            "not_for_fast",
            "--weight weighs the 3×3 A*'s heuristic; fast mode has no weight",
        ));
    }
    let (start, goal) =
        parse_board_pair(start, goal).map_err(|e| Invalid::new(e.field().name(), e.kind(), e))?;
    if start.shape() != Shape::THREE {
        return Err(Invalid::new(
            "weight",
            "not_for_shape",
            format!(
                "--weight applies to the 3×3 weighted A*; {} {} board is solved by IDA*",
                start.shape().article(),
                start.shape().name()
            ),
        ));
    }
    let mut offer = WEIGHTED_OFFER.to_vec();
    offer.push(BuiltIn::MultiTileManhattan);
    let heuristic = match f.heuristic {
        None => BuiltIn::plain_bound(Metric::Multi),
        Some(name) => BuiltIn::parse_offered(&name.0, Shape::THREE, &offer)
            .map_err(|e| Invalid::new("heuristic", e.kind(), e))?,
    };
    if f.node_budget.is_some() {
        return Err(Invalid::new("node_budget", "not_for_3x3", "a 3×3 weighted A* is limited by --budget (1–10000 expansions, default no limit); --node-budget applies to the other shapes"));
    }
    Ok(Plan::Weighted {
        start,
        goal: Goal::new(goal),
        heuristic,
        weight,
        budget: value(f.budget)?.unwrap_or(Budget::UNLIMITED),
        metric: Metric::Multi,
    })
}

/// `solve`'s start and goal text and flags as one plan, or the first
/// `Invalid` answer: the mode; `--weight` against the mode and the start's
/// shape; then a 3×3 (or unreadable) start in optimal mode is the
/// contract's or the weighted A*'s, read with the contract's messages;
/// any other start is read with its goal as a pair of one shape.
pub(super) fn solve_plan(start: &str, goal: Option<&str>, f: &Flags) -> Result<Plan, Invalid> {
    let mode = mode_or(f, Mode::Optimal)?;
    let metric = value(f.metric)?;
    if metric == Some(Metric::Multi) {
        return multi_tile_plan(start, goal, mode, f);
    }
    let parsed = parse_board(start);
    let shape = match &parsed {
        Ok(b) => Some(b.shape()),
        Err(e) => e.shape,
    };
    if f.weight.is_some() {
        if mode == Mode::Fast {
            return Err(Invalid::new(
                "weight",
                "not_for_fast",
                "--weight weighs the 3×3 A*'s heuristic; fast mode has no weight",
            ));
        }
        if let Some(s) = shape.filter(|&s| s != Shape::THREE) {
            return Err(Invalid::new(
                "weight",
                "not_for_shape",
                format!(
                    "--weight applies to the 3×3 weighted A*; {} {} board is solved by IDA*",
                    s.article(),
                    s.name()
                ),
            ));
        }
    }
    if mode == Mode::Fast || shape.is_some_and(|s| s != Shape::THREE) {
        let (start, goal) = parse_board_pair(start, goal)
            .map_err(|e| Invalid::new(e.field().name(), e.kind(), e))?;
        return Ok(match method(start.shape(), mode, f.budget.is_some(), f)? {
            Method::Optimal(heuristic, node_budget) => Plan::Optimal {
                start,
                goal,
                heuristic,
                node_budget,
                metric,
            },
            Method::Fast(heuristic) => Plan::Fast {
                start,
                goal,
                heuristic,
                metric,
            },
            // Only a 3×3 pair in optimal mode, which is read below instead.
            Method::Contract => Plan::Contract(Request {
                start,
                goal: Goal::new(goal),
                budget: value(f.budget)?.unwrap_or(Budget::DEFAULT),
            }),
        });
    }
    // A readable 3×3 start: the family's shape errors first, then the
    // flags; an unreadable one gets the contract's own start message.
    let readable = match &parsed {
        Err(e) if e.is_shape_error() => return Err(Invalid::new("start", e.kind(), e)),
        Err(_) => false,
        Ok(_) => true,
    };
    if readable {
        if let Some(g) = goal {
            if let Err(e) = parse_board_pair(start, Some(g)) {
                if e.kind() == "shape_mismatch" {
                    return Err(Invalid::new(e.field().name(), e.kind(), e));
                }
            }
        }
    }
    let choice = weighted_choice(f);
    if readable {
        match &choice {
            Ok(Some(_)) => {}
            Ok(None) => {
                method(Shape::THREE, mode, false, f)?;
            }
            Err(e) => return Err(e.clone()),
        }
    }
    let start = parse_start(start).map_err(|e| Invalid::from(&e))?;
    let goal = Goal::new(parse_goal(goal.unwrap_or(DEFAULT_GOAL)).map_err(|e| Invalid::from(&e))?);
    if let Ok(Some((heuristic, weight))) = choice {
        if f.node_budget.is_some() {
            return Err(Invalid::new("node_budget", "not_for_3x3", "a 3×3 weighted A* is limited by --budget (1–10000 expansions, default no limit); --node-budget applies to the other shapes"));
        }
        // The 3×3 space is finite, so an unlimited weighted search ends.
        return Ok(Plan::Weighted {
            start,
            goal,
            heuristic,
            weight,
            budget: value(f.budget)?.unwrap_or(Budget::UNLIMITED),
            metric: Metric::Single,
        });
    }
    Ok(Plan::Contract(Request {
        start,
        goal,
        budget: value(f.budget)?.unwrap_or(Budget::DEFAULT),
    }))
}

/// `--cache-dir`: a directory, taken as typed.
pub(super) fn path_flag(text: &str) -> Result<std::path::PathBuf, Infallible> {
    Ok(std::path::PathBuf::from(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = "[1,2,3,4,5,6,0,7,8]";

    fn checked<T>(f: fn(&str) -> Result<Checked<T>, Infallible>, text: &str) -> Checked<T> {
        match f(text) {
            Ok(c) => c,
            Err(never) => match never {},
        }
    }

    fn name(text: &str) -> HeuristicName {
        HeuristicName(text.to_string())
    }

    #[test]
    fn a_plain_3x3_start_is_the_contract_with_its_default_budget() {
        let h = name("manhattan");
        let f = Flags {
            heuristic: Some(&h),
            ..Flags::default()
        };
        match solve_plan(BASE, None, &f) {
            Ok(Plan::Contract(r)) => {
                assert_eq!(r.budget, Budget::DEFAULT);
                assert_eq!(r.goal.board().to_json(), DEFAULT_GOAL);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_3x3_heuristic_without_a_weight_is_the_weighted_search_at_one() {
        let h = name("misplaced");
        let f = Flags {
            heuristic: Some(&h),
            ..Flags::default()
        };
        match solve_plan(BASE, None, &f) {
            Ok(Plan::Weighted {
                heuristic,
                weight,
                budget,
                ..
            }) => {
                assert_eq!(heuristic, BuiltIn::Misplaced);
                assert_eq!(weight, Weight::ONE);
                assert_eq!(budget, Budget::UNLIMITED);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_first_field_at_fault_is_named() {
        // An unreadable start outranks a bad weight and a bad budget.
        let w = checked(weight_flag, "0.7");
        let b = checked(budget_flag, "0");
        let f = Flags {
            weight: Some(&w),
            budget: Some(&b),
            ..Flags::default()
        };
        let e = solve_plan("abc", None, &f).unwrap_err();
        assert_eq!((e.field, e.kind), ("start", "not_json"));
        // The mode outranks everything.
        let m = checked(mode_flag, "slow");
        let f = Flags {
            mode: Some(&m),
            weight: Some(&w),
            ..Flags::default()
        };
        assert_eq!(solve_plan("abc", None, &f).unwrap_err().field, "mode");
        // A weight on a 3×3 start is checked before the budget.
        let f = Flags {
            weight: Some(&w),
            budget: Some(&b),
            ..Flags::default()
        };
        let e = solve_plan(BASE, None, &f).unwrap_err();
        assert_eq!((e.field, e.kind), ("weight", "out_of_range"));
    }

    #[test]
    fn conflicting_flags_are_named_by_shape_and_mode() {
        let b = checked(budget_flag, "10");
        let f = Flags {
            budget: Some(&b),
            ..Flags::default()
        };
        let e = solve_plan("[[1,2,3],[4,0,5]]", None, &f).unwrap_err();
        assert_eq!((e.field, e.kind), ("budget", "not_for_shape"));
        let n = checked(node_budget_flag, "5");
        let f = Flags {
            node_budget: Some(&n),
            ..Flags::default()
        };
        let e = solve_plan(BASE, None, &f).unwrap_err();
        assert_eq!((e.field, e.kind), ("node_budget", "not_for_3x3"));
        let fast = checked(mode_flag, "fast");
        let f = Flags {
            mode: Some(&fast),
            node_budget: Some(&n),
            ..Flags::default()
        };
        let e = solve_plan(BASE, None, &f).unwrap_err();
        assert_eq!((e.field, e.kind), ("node_budget", "not_for_fast"));
    }

    #[test]
    fn another_shape_gets_its_database_and_node_budget() {
        let n = checked(node_budget_flag, "1000");
        let f = Flags {
            node_budget: Some(&n),
            ..Flags::default()
        };
        match solve_plan("[[1,2,3],[4,0,5]]", None, &f) {
            Ok(Plan::Optimal {
                heuristic,
                node_budget,
                ..
            }) => {
                assert_eq!(heuristic, DEFAULT_HEURISTIC);
                assert_eq!(node_budget, Some(1000));
            }
            other => panic!("{other:?}"),
        }
    }
}
