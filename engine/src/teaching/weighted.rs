//! Weighted and inadmissible A* on 3×3, outside the contract: the one A*
//! ([`Solver`]'s loop) run with a heuristic under a weight w ∈ {1, 1.5, …, 5},
//! ordered by f = g + w·h kept exact in integers (2f = 2g + 2w·h), ties
//! still broken by h, key, seq, a board reopened on a better g. The
//! heuristic may be inadmissible (twice Manhattan, Manhattan plus misplaced
//! tiles), so a path found is checked by [`verify`] but never called optimal
//! here: the caller compares its cost with the exact distance table.

use crate::board::Board;
use crate::contract::estimate::{
    Estimate, LinearConflict, Manhattan, ManhattanPlusMisplaced, Misplaced, TwiceManhattan,
    Weighted, Zero,
};
use crate::contract::{Budget, End, Entry, Event, Goal, Outcome, SolveError, Solver, Stats};
use crate::heuristic::expr::Program;
use crate::heuristic::{
    admissibility_text, prepared, written_h, BuiltIn, Heuristic, HeuristicError, Ready, ReadyError,
    WrittenFailure,
};
use crate::moves::Metric;
use crate::shape::Shape;
use crate::solvability::check_parity;
use crate::text::plural;
use crate::verdict::{Solution, UnknownReason, Verdict};
use crate::witness::{verify, verify_slides};
use std::cell::Cell;
use std::fmt;

/// The heuristics the 3×3 searches outside the contract offer by name
/// (weighted A*, the trace's and the race's menus): the five with an
/// incremental form on the 3×3 A*, the admissible ones first.
pub const WEIGHTED_OFFER: [BuiltIn; 5] = [
    BuiltIn::Misplaced,
    BuiltIn::Manhattan,
    BuiltIn::LinearConflict,
    BuiltIn::TwiceManhattan,
    BuiltIn::ManhattanPlusMisplaced,
];

/// The heuristic of [`WEIGHTED_OFFER`] named `text` (its 3×3 code), or the
/// error that lists them.
pub fn parse_weighted_heuristic(text: &str) -> Result<BuiltIn, HeuristicError> {
    BuiltIn::parse_offered(text, Shape::THREE, &WEIGHTED_OFFER)
}

/// A weight w from 1 to 5 in steps of 0.5, held as 2w (2–10) so that every
/// priority is an integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Weight(u8);

impl Weight {
    /// w = 1: plain A*.
    pub const ONE: Weight = Weight(2);
    /// Every weight, smallest first (1, 1.5, …, 5).
    pub const ALL: [Weight; 9] = [
        Weight(2),
        Weight(3),
        Weight(4),
        Weight(5),
        Weight(6),
        Weight(7),
        Weight(8),
        Weight(9),
        Weight(10),
    ];

    /// The weight from 2w, when 2w is 2–10.
    pub fn from_twice(twice: u32) -> Option<Weight> {
        (2..=10).contains(&twice).then_some(Weight(twice as u8))
    }

    /// 2w, 2–10.
    pub fn twice(self) -> u32 {
        u32::from(self.0)
    }

    /// The weight as written: `1`, `1.5`, … `5`.
    pub fn text(self) -> String {
        if self.0.is_multiple_of(2) {
            (self.0 / 2).to_string()
        } else {
            format!("{}.5", self.0 / 2)
        }
    }

    /// The weight as a JSON number.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 2.0
    }
}

impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// Why a typed weight was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightError {
    /// Occurs when the field is empty or only spaces.
    Empty,
    /// Occurs when the text is not a decimal number, such as `abc`.
    NotANumber {
        /// The text (trimmed).
        text: String,
    },
    /// Occurs when the number is not a whole or half number, such as `1.25`.
    NotAHalfStep {
        /// The text (trimmed).
        text: String,
    },
    /// Occurs when the number is below 1 or above 5, such as `0.7` or `6`.
    OutOfRange {
        /// The text (trimmed).
        text: String,
    },
}

impl WeightError {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        match self {
            WeightError::Empty => "empty",
            WeightError::NotANumber { .. } => "not_a_number",
            WeightError::NotAHalfStep { .. } => "not_a_half_step",
            WeightError::OutOfRange { .. } => "out_of_range",
        }
    }
}

impl fmt::Display for WeightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let steps = "1, 1.5, 2, … 5";
        match self {
            WeightError::Empty => write!(f, "the weight is empty; enter one of {steps}"),
            WeightError::NotANumber { text } => write!(
                f,
                "the weight \"{text}\" is not a number; enter one of {steps}"
            ),
            WeightError::NotAHalfStep { text } => write!(
                f,
                "the weight {text} is not a step of 0.5; enter one of {steps}"
            ),
            WeightError::OutOfRange { text } => {
                write!(f, "the weight {text} is outside 1–5; enter one of {steps}")
            }
        }
    }
}

impl std::error::Error for WeightError {}

/// Parses a weight exactly (no floating point): digits, optionally a point
/// and digits, optionally a leading minus (always out of range).
pub fn parse_weight(text: &str) -> Result<Weight, WeightError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(WeightError::Empty);
    }
    let text = t.to_string();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    let is_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && frac.is_empty()) || !is_digits(whole) || !is_digits(frac) {
        return Err(WeightError::NotANumber { text });
    }
    let whole = whole.trim_start_matches('0');
    let frac = frac.trim_end_matches('0');
    // Below 1 or above 5 first (0.7 is out of range before it is off-step).
    let w: u32 = if whole.len() > 1 {
        100
    } else {
        whole.parse().unwrap_or(0)
    };
    if negative || w == 0 || w > 5 || (w == 5 && !frac.is_empty()) {
        return Err(WeightError::OutOfRange { text });
    }
    let half = match frac {
        "" => 0,
        "5" => 1,
        _ => return Err(WeightError::NotAHalfStep { text }),
    };
    Weight::from_twice(2 * w + half).ok_or(WeightError::OutOfRange { text })
}

/// A written h as the search's estimate: the program compiled for the
/// search's goal, and the first failure, after which every estimate is 0
/// and the search reports the failure instead of a result.
pub(crate) struct Written {
    program: Program,
    failed: Cell<Option<WrittenFailure>>,
}

impl Written {
    /// The program recompiled for `goal` (a 3×3 text compiles for every
    /// 3×3 goal; the held program is kept should that ever fail).
    pub(crate) fn new(program: &Program, goal: &Goal) -> Written {
        let program = if program.goal() == goal.board() {
            program.clone()
        } else {
            Program::compile(program.text(), goal.board()).unwrap_or_else(|_| program.clone())
        };
        Written {
            program,
            failed: Cell::new(None),
        }
    }

    fn value(&self, board: &Board) -> Result<u32, WrittenFailure> {
        written_h(&self.program, board).map_err(|fault| WrittenFailure {
            board: *board,
            fault,
        })
    }
}

impl Estimate for Written {
    fn estimate(&self, key: u64) -> u32 {
        if self.failed.get().is_some() {
            return 0;
        }
        let Some(board) = Board::from_packed(key) else {
            return 0;
        };
        self.value(&board).unwrap_or_else(|f| {
            self.failed.set(Some(f));
            0
        })
    }

    fn after_move(&self, _: u32, _: u64, next: u64, _: usize, _: usize, _: usize) -> u32 {
        self.estimate(next)
    }
}

/// The estimate a weighted search holds (the linear-conflict tables are
/// built once per search).
enum Held {
    Misplaced(Misplaced),
    Manhattan,
    LinearConflict(Box<LinearConflict>),
    TwiceManhattan,
    ManhattanPlusMisplaced,
    /// h = 0: breadth-first order (by g).
    Zero,
    /// A written h (the workshop's expression).
    Written(Box<Written>),
    /// A heuristic of tables (a pattern database, the multi-tile tables)
    /// or the multi-tile estimate, read off its [`Ready`] board by board.
    Looked(Box<Looked>),
    /// A heuristic that could not be made ready: the search never starts,
    /// and its outcome is the error.
    Unready(ReadyError),
}

/// A ready heuristic as the loop's estimate, read board by board (its
/// value never fails: only a written h can, and that is [`Written`]).
pub(crate) struct Looked(Ready);

impl Looked {
    /// Makes `heuristic` ready toward a 3×3 goal (a small build: the 3×3
    /// tables have at most 181,440 entries).
    pub(crate) fn new(heuristic: &Heuristic, goal: &Goal) -> Result<Looked, ReadyError> {
        prepared(heuristic, goal.board()).map(Looked)
    }
}

impl Estimate for Looked {
    fn estimate(&self, key: u64) -> u32 {
        Board::from_packed(key).map_or(0, |b| self.0.value(&b).unwrap_or(0))
    }

    fn after_move(&self, _: u32, _: u64, next: u64, _: usize, _: usize, _: usize) -> u32 {
        self.estimate(next)
    }
}

/// The frontier order of a search on the one A* loop: A* under a weight
/// (2g + 2w·h; h = 0 makes it breadth-first), or greedy best-first (h
/// alone, a board never reopened).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// f = g + w·h, ties by h, key, seq.
    Weighted(Weight),
    /// h alone, ties by key, seq; each board is pushed at most once.
    Greedy,
}

/// A weighted A* from one start to one goal, stepped one pop at a time or
/// run to its end; its state lives in its own [`Solver`].
pub struct WeightedSearch {
    solver: Solver,
    goal: Goal,
    start: Board,
    heuristic: Heuristic,
    weight: Weight,
    held: Held,
    greedy: bool,
    metric: Metric,
}

/// The one place that names every kind of estimate [`Held`] holds: calls
/// `$body` with `$e` bound to the estimate `$held` names (for `$goal`;
/// a table the search built is borrowed, a copy of a small one taken).
/// For [`Held::Zero`] (h = 0) that is [`Zero`], unless the caller gives
/// `Zero => $zero` to evaluate instead. A new kind of estimate is one new
/// arm here.
macro_rules! held {
    ($held:expr, $goal:expr, $e:ident => $body:expr) => {
        held!($held, $goal, $e => $body, Zero => {
            let $e = Zero;
            $body
        })
    };
    ($held:expr, $goal:expr, $e:ident => $body:expr, Zero => $zero:expr) => {{
        match $held {
            Held::Misplaced(m) => {
                let $e = *m;
                $body
            }
            Held::Manhattan => {
                let $e = Manhattan::new($goal);
                $body
            }
            Held::LinearConflict(lc) => {
                let $e = &**lc;
                $body
            }
            Held::TwiceManhattan => {
                let $e = TwiceManhattan(Manhattan::new($goal));
                $body
            }
            Held::ManhattanPlusMisplaced => {
                let $e = ManhattanPlusMisplaced::new($goal);
                $body
            }
            Held::Zero | Held::Unready(_) => $zero,
            Held::Written(w) => {
                let $e = &**w;
                $body
            }
            Held::Looked(l) => {
                let $e = &**l;
                $body
            }
        }
    }};
}

/// Calls `$body` with `$e` bound to the search's estimate under its weight
/// (h = 0: [`Chosen`], so that breadth-first search shares greedy's copy
/// of the loop).
macro_rules! with_estimate {
    ($s:expr, $e:ident => $body:expr) => {{
        let twice_w = $s.weight.twice();
        held!(
            &$s.held,
            &$s.goal,
            inner => {
                let $e = &Weighted { inner, twice_w };
                $body
            },
            Zero => {
                let $e = &Chosen {
                    held: &$s.held,
                    goal: &$s.goal,
                    twice_w: None,
                };
                $body
            }
        )
    }};
}

/// Whichever estimate a search holds, chosen on every call: one copy of the
/// loop serves greedy best-first with every heuristic, and breadth-first
/// search (h = 0, priority g + 0), instead of one copy per heuristic, and
/// every search in the multi-tile metric (its weight given: priority
/// 2g + 2w·h), the one estimate compiled with the slides' expansion. These
/// searches are stepped one expansion at a time (the race), so the match
/// per board costs nothing that shows.
struct Chosen<'a> {
    held: &'a Held,
    goal: &'a Goal,
    /// 2w of a weighted order (`None`: g + h, as greedy and breadth-first
    /// search have it).
    twice_w: Option<u32>,
}

impl Estimate for Chosen<'_> {
    const SLIDES: bool = true;

    fn priority(&self, g: u32, h: u32) -> u32 {
        match self.twice_w {
            Some(t) => 2 * g + t * h,
            None => g + h,
        }
    }

    fn estimate(&self, key: u64) -> u32 {
        held!(self.held, self.goal, e => e.estimate(key))
    }

    fn after_move(
        &self,
        h: u32,
        key: u64,
        next: u64,
        tile: usize,
        blank: usize,
        target: usize,
    ) -> u32 {
        held!(self.held, self.goal, e => e.after_move(h, key, next, tile, blank, target))
    }
}

impl<E: Estimate> Estimate for &E {
    const BY_BLANK: bool = E::BY_BLANK;
    const SLIDES: bool = E::SLIDES;
    #[inline(always)]
    fn estimate(&self, key: u64) -> u32 {
        (**self).estimate(key)
    }
    #[inline(always)]
    fn after_move(
        &self,
        h: u32,
        key: u64,
        next: u64,
        tile: usize,
        blank: usize,
        target: usize,
    ) -> u32 {
        (**self).after_move(h, key, next, tile, blank, target)
    }
    #[inline(always)]
    fn priority(&self, g: u32, h: u32) -> u32 {
        (**self).priority(g, h)
    }
}

impl WeightedSearch {
    /// Begins a weighted search with a built-in or written heuristic; the
    /// parity proof instead when start and goal cannot reach each other.
    pub fn new(
        start: &Board,
        goal: &Goal,
        heuristic: impl Into<Heuristic>,
        weight: Weight,
        budget: Budget,
    ) -> Result<WeightedSearch, crate::solvability::ParityProof> {
        WeightedSearch::ordered(
            start,
            goal,
            Some(heuristic.into()),
            Order::Weighted(weight),
            budget,
        )
    }

    /// Begins a search on the one A* loop in `order`, with `heuristic` as h
    /// (`None`: h = 0, so a weighted order is breadth-first); the parity
    /// proof instead when start and goal cannot reach each other.
    pub fn ordered(
        start: &Board,
        goal: &Goal,
        heuristic: Option<Heuristic>,
        order: Order,
        budget: Budget,
    ) -> Result<WeightedSearch, crate::solvability::ParityProof> {
        WeightedSearch::ordered_in(start, goal, heuristic, order, budget, Metric::Single)
    }

    /// [`WeightedSearch::ordered`] counting moves in `metric`: in the
    /// multi-tile metric every slide of 1 or 2 tiles is one move, and the
    /// found path is a list of slides checked by
    /// [`verify_slides`](crate::witness::verify_slides).
    pub fn ordered_in(
        start: &Board,
        goal: &Goal,
        heuristic: Option<Heuristic>,
        order: Order,
        budget: Budget,
        metric: Metric,
    ) -> Result<WeightedSearch, crate::solvability::ParityProof> {
        check_parity(start, goal.board())?;
        let (weight, greedy) = match order {
            Order::Weighted(w) => (w, false),
            Order::Greedy => (Weight::ONE, true),
        };
        let Some(heuristic) = heuristic else {
            let mut s = WeightedSearch {
                solver: Solver::new(),
                goal: goal.clone(),
                start: *start,
                heuristic: Heuristic::MANHATTAN,
                weight,
                held: Held::Zero,
                greedy,
                metric,
            };
            s.begin(budget);
            return Ok(s);
        };
        let held = match &heuristic {
            Heuristic::BuiltIn(BuiltIn::Misplaced) => Held::Misplaced(Misplaced::new(goal)),
            Heuristic::BuiltIn(BuiltIn::Manhattan) => Held::Manhattan,
            Heuristic::BuiltIn(BuiltIn::LinearConflict) => {
                Held::LinearConflict(Box::new(LinearConflict::new(goal)))
            }
            Heuristic::BuiltIn(BuiltIn::TwiceManhattan) => Held::TwiceManhattan,
            Heuristic::BuiltIn(BuiltIn::ManhattanPlusMisplaced) => Held::ManhattanPlusMisplaced,
            Heuristic::BuiltIn(_) => match Looked::new(&heuristic, goal) {
                Ok(looked) => Held::Looked(Box::new(looked)),
                Err(e) => Held::Unready(e),
            },
            Heuristic::Written(p) => Held::Written(Box::new(Written::new(p, goal))),
        };
        let mut s = WeightedSearch {
            solver: Solver::new(),
            goal: goal.clone(),
            start: *start,
            heuristic,
            weight,
            held,
            greedy,
            metric,
        };
        s.begin(budget);
        Ok(s)
    }

    /// Whether the search steps through [`Chosen`] (greedy, or the
    /// multi-tile metric).
    fn steps_chosen(&self) -> bool {
        self.greedy || self.metric == Metric::Multi
    }

    /// Pushes the start (greedy: at priority h, as its loop orders).
    fn begin(&mut self, budget: Budget) {
        if self.steps_chosen() {
            let e = &Chosen {
                held: &self.held,
                goal: &self.goal,
                twice_w: (!self.greedy).then_some(self.weight.twice()),
            };
            self.solver
                .begin_in(self.start, &self.goal, budget, e, self.metric);
            return;
        }
        let (start, solver) = (self.start, &mut self.solver);
        with_estimate!(self, e => solver.begin(start, &self.goal, budget, e));
    }

    /// The heuristic.
    pub fn heuristic(&self) -> &Heuristic {
        &self.heuristic
    }

    /// The first board a written h failed on (the search has then ended).
    pub fn written_failure(&self) -> Option<WrittenFailure> {
        match &self.held {
            Held::Written(w) => w.failed.get(),
            _ => None,
        }
    }

    /// h of `board` as the search orders by it (0 once a written h has
    /// failed, or for breadth-first search).
    pub fn estimate(&self, board: &Board) -> u32 {
        held!(&self.held, &self.goal, e => e.estimate(board.packed()))
    }

    /// The metric moves are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The weight.
    pub fn weight(&self) -> Weight {
        self.weight
    }

    /// Pops one frontier entry (the event records the neighbours).
    pub fn step(&mut self) -> Event {
        if matches!(self.held, Held::Unready(_)) {
            return Event::Finished;
        }
        if self.steps_chosen() {
            let e = &Chosen {
                held: &self.held,
                goal: &self.goal,
                twice_w: (!self.greedy).then_some(self.weight.twice()),
            };
            return if self.greedy {
                self.solver.advance::<true, true, _>(e)
            } else {
                self.solver.advance::<true, false, _>(e)
            };
        }
        let solver = &mut self.solver;
        with_estimate!(self, e => solver.advance::<true, false, _>(e))
    }

    /// Steps until the search ends (or a written h fails).
    pub fn run(&mut self) {
        if let Held::Written(w) = &self.held {
            if !self.steps_chosen() {
                let solver = &mut self.solver;
                let e = &Weighted {
                    inner: &**w,
                    twice_w: self.weight.twice(),
                };
                while solver.end().is_none() && w.failed.get().is_none() {
                    solver.advance::<false, false, _>(e);
                }
                return;
            }
        }
        if self.steps_chosen() || !self.has_estimate() {
            // Greedy, breadth-first and the multi-tile metric run by steps:
            // no second copy of the loop for them.
            while !self.is_finished() {
                self.step();
            }
        } else {
            let solver = &mut self.solver;
            with_estimate!(self, e => solver.finish::<false, _>(e));
        }
    }
    /// The frontier order: weighted (h = 0: breadth-first) or greedy.
    pub fn order(&self) -> Order {
        if self.greedy {
            Order::Greedy
        } else {
            Order::Weighted(self.weight)
        }
    }

    /// Whether h is the heuristic (`false`: h = 0, breadth-first).
    pub fn has_estimate(&self) -> bool {
        !matches!(self.held, Held::Zero | Held::Unready(_))
    }

    /// True once the search has ended (or a written h failed, or the
    /// heuristic could not be made ready).
    pub fn is_finished(&self) -> bool {
        self.solver.end().is_some()
            || self.written_failure().is_some()
            || matches!(self.held, Held::Unready(_))
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.solver.stats()
    }

    /// The next `n` frontier entries in pop order (stale ones included).
    pub fn frontier_preview(&self, n: usize) -> Vec<Entry> {
        self.solver.preview(n)
    }

    /// The number of frontier entries (stale ones included).
    pub fn frontier_len(&self) -> usize {
        self.solver.frontier_len()
    }

    /// The start board.
    pub fn start(&self) -> Board {
        self.start
    }

    /// The priority the frontier orders by, as 2f = 2g + 2w·h.
    pub fn twice_f(&self, g: u32, h: u32) -> u32 {
        2 * g + self.weight.twice() * h
    }

    /// The outcome so far, as the contract reports one: `Solved` with a
    /// checked path (its cost is *a* path's length, not a proved optimum),
    /// or `Unknown (BudgetExceeded)`.
    pub fn outcome(&self) -> Result<Outcome, SolveError> {
        if let Some(f) = self.written_failure() {
            return Err(SolveError::WrittenH(f));
        }
        if let Held::Unready(e) = &self.held {
            return Err(SolveError::Unready(e.clone()));
        }
        let verdict = match self.solver.end() {
            Some(End::Goal(seq)) if self.metric == Metric::Multi => {
                let slides = self.solver.slides(seq);
                let cost = slides.len() as u32;
                let boards = verify_slides(&self.start, self.goal.board(), &slides, cost)
                    .map_err(SolveError::Witness)?;
                let moves = slides
                    .iter()
                    .flat_map(|s| std::iter::repeat_n(s.direction, usize::from(s.count)))
                    .collect();
                Verdict::Solved(Solution {
                    moves,
                    cost,
                    boards,
                    metric: Metric::Multi,
                })
            }
            Some(End::Goal(seq)) => {
                let moves = self.solver.path(seq);
                let cost = moves.len() as u32;
                let boards = verify(&self.start, self.goal.board(), &moves, cost)
                    .map_err(SolveError::Witness)?;
                Verdict::Solved(Solution {
                    moves,
                    cost,
                    boards,
                    metric: Metric::Single,
                })
            }
            Some(End::Exhausted) => return Err(SolveError::FrontierExhausted),
            Some(End::Budget) | None => Verdict::Unknown(UnknownReason::BudgetExceeded),
        };
        Ok(Outcome {
            start: self.start,
            goal: *self.goal.board(),
            verdict,
            stats: self.solver.stats(),
            initial_manhattan: self.goal.manhattan(&self.start),
            budget: self.solver.budget(),
        })
    }
}

/// Runs a weighted search to its end. Unsolvable pairs get the parity proof
/// as the verdict, as the contract's `solve` does.
pub fn solve_weighted(
    start: &Board,
    goal: &Goal,
    heuristic: impl Into<Heuristic>,
    weight: Weight,
    budget: Budget,
) -> Result<Outcome, SolveError> {
    solve_weighted_in(start, goal, heuristic, weight, budget, Metric::Single)
}

/// [`solve_weighted`] counting moves in `metric` (in the multi-tile metric
/// every slide of 1 or 2 tiles is one move; the path is checked by
/// [`verify_slides`]).
pub fn solve_weighted_in(
    start: &Board,
    goal: &Goal,
    heuristic: impl Into<Heuristic>,
    weight: Weight,
    budget: Budget,
    metric: Metric,
) -> Result<Outcome, SolveError> {
    let search = WeightedSearch::ordered_in(
        start,
        goal,
        Some(heuristic.into()),
        Order::Weighted(weight),
        budget,
        metric,
    );
    match search {
        Err(proof) => Ok(Outcome {
            start: *start,
            goal: *goal.board(),
            verdict: Verdict::Unsolvable(proof),
            stats: Stats::default(),
            initial_manhattan: goal.manhattan(start),
            budget,
        }),
        Ok(mut s) => {
            s.run();
            s.outcome()
        }
    }
}

/// How a found path's length compares with the exact optimum (from the
/// whole-space distance table): the one wording the CLI and the page use.
/// A weighted or inadmissible search proves nothing about optimality, so a
/// path of the optimal length is "shortest (checked against the distance
/// table)", never "optimal by admissibility".
pub fn shortest_text(cost: u32, optimal: u32) -> String {
    match cost.checked_sub(optimal) {
        Some(0) => "shortest (checked against the distance table)".to_string(),
        Some(1) => "not shortest: 1 move longer than optimal".to_string(),
        Some(k) => format!("not shortest: {k} moves longer than optimal"),
        None => format!("error: {cost} moves is below the optimum {optimal}"),
    }
}

/// The sentence beside a heuristic that is not a lower bound in `metric`
/// ([`admissibility_text`]: "not admissible in the multi-tile metric"), or
/// `None` when it is one, or when that is not known (a written h before the
/// workshop's check).
pub fn admissibility_note(heuristic: &Heuristic, metric: Metric) -> Option<String> {
    (heuristic.lower_bound_in(metric) == Some(false)).then(|| admissibility_text(metric))
}

/// How a found path's length reads in the trace, the race and weighted A*:
/// with a heuristic that is not a lower bound in `metric` (`lower_bound`
/// `Some(false)`), the admissibility sentence first and never "shortest"
/// (its search proves nothing, and the words would read as a claim); else
/// [`shortest_text`] against the exact distance `optimal`.
pub fn path_text(cost: u32, optimal: u32, lower_bound: Option<bool>, metric: Metric) -> String {
    match lower_bound {
        Some(false) => format!(
            "{}: a path of {}, the exact distance {optimal}",
            admissibility_text(metric),
            plural(cost, "move")
        ),
        _ => shortest_text(cost, optimal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inadmissible_paths_never_read_as_shortest() {
        let manhattan = Heuristic::MANHATTAN;
        assert_eq!(admissibility_note(&manhattan, Metric::Single), None);
        assert_eq!(
            admissibility_note(&manhattan, Metric::Multi).as_deref(),
            Some("not admissible in the multi-tile metric")
        );
        let lb = manhattan.lower_bound_in(Metric::Multi);
        assert_eq!(
            path_text(1, 1, lb, Metric::Multi),
            "not admissible in the multi-tile metric: a path of 1 move, the exact distance 1"
        );
        assert_eq!(
            path_text(2, 2, Some(true), Metric::Single),
            "shortest (checked against the distance table)"
        );
    }

    #[test]
    fn weights_parse_exactly() {
        let ok = |t: &str| parse_weight(t).map(Weight::text);
        assert_eq!(ok("1"), Ok("1".into()));
        assert_eq!(ok("2.5"), Ok("2.5".into()));
        assert_eq!(ok(" 5.0 "), Ok("5".into()));
        assert_eq!(ok("1.50"), Ok("1.5".into()));
        assert_eq!(ok("04.5"), Ok("4.5".into()));
        let kind = |t: &str| parse_weight(t).unwrap_err().kind();
        assert_eq!(kind("0.7"), "out_of_range");
        assert_eq!(kind("2.7"), "not_a_half_step");
        assert_eq!(kind("0.5"), "out_of_range");
        assert_eq!(kind("6"), "out_of_range");
        assert_eq!(kind("5.5"), "out_of_range");
        assert_eq!(kind("-2"), "out_of_range");
        assert_eq!(kind("123"), "out_of_range");
        assert_eq!(kind("abc"), "not_a_number");
        assert_eq!(kind("1e1"), "not_a_number");
        assert_eq!(kind("."), "not_a_number");
        assert_eq!(kind("1.25"), "not_a_half_step");
        assert_eq!(kind(""), "empty");
        assert_eq!(
            parse_weight("1.25").unwrap_err().to_string(),
            "the weight 1.25 is not a step of 0.5; enter one of 1, 1.5, 2, … 5"
        );
        assert_eq!(
            parse_weight("6").unwrap_err().to_string(),
            "the weight 6 is outside 1–5; enter one of 1, 1.5, 2, … 5"
        );
        assert_eq!(
            shortest_text(25, 21),
            "not shortest: 4 moves longer than optimal"
        );
        assert_eq!(
            shortest_text(22, 21),
            "not shortest: 1 move longer than optimal"
        );
        assert_eq!(
            shortest_text(21, 21),
            "shortest (checked against the distance table)"
        );
        assert_eq!(
            Weight::ALL.map(Weight::text).join(" "),
            "1 1.5 2 2.5 3 3.5 4 4.5 5"
        );
    }
}
