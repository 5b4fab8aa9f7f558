//! The Trace tab: the contract A* driven one pop at a time (forward, back,
//! or to event N), with what each pop did, the search tree's data and the
//! homework checker; or IDA* stepped board by board. Everything reads the
//! engine's own searches ([`TraceStepper`](crate::engine::teaching::TraceStepper)
//! replays the engine's A* to go back), so a trace always ends where the
//! solver ends.

mod astar;
mod code;
mod ida;
mod lines;
mod predict;
#[cfg(test)]
mod predict_tests;
mod tree;
#[cfg(test)]
mod tree_tests;
#[cfg(test)]
mod wording_tests;

pub use astar::Trace;
pub use code::{
    astar_lines, code_view, ida_lines, CodeLine, CodeView, ASTAR_CODE, IDA_CODE, WEIGHTED_POP,
};
pub use ida::{IdaTrace, IdaView, IterationLine};
pub use lines::{
    LatestBoards, NeighbourLine, NodeKind, TraceLine, TraceView, TreeNodeView, TreeView, LOG_SHOWN,
    TREE_LIMIT,
};
pub use predict::{
    judge_bound, judge_cutoff, judge_entries, judge_entries_under, judge_pop, judge_pop_under,
    Choice, Judgement, PredictView, Question, Score, CHOICES_SHOWN, RIGHT_MARK, WRONG_MARK,
};
pub use tree::{
    decimal, node_size, tidy_layout, tree_key, NodeSize, PathView, TreeKey, Viewport, BOARD_CELL,
    BOARD_LIMIT, BOARD_NODE, FIGURES_FIT, MARK_NODE, PICK_HINT, TREE_KEYS,
};

use super::common::GoalTable;
use super::common::{choice_code, choice_of, single_tile_note, TRACE_SINGLE_TILE, WRITTEN};
use super::input::{Edit, Panel, ParsedInputs};
use crate::engine::moves::Metric;
use crate::engine::solve::parse_node_budget;
use crate::engine::{
    contract::Budget,
    heuristic::{BuiltIn, Heuristic},
    teaching::{parse_weight, Rule, Weight, IDA_BUDGET},
    text::thousands,
};

/// Which search the Trace tab steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TraceAlgorithm {
    /// The contract A*.
    #[default]
    AStar,
    /// IDA* with Manhattan.
    IdaStar,
}

impl TraceAlgorithm {
    /// The value of the page's choice (`astar` or `idastar`).
    pub fn key(self) -> &'static str {
        match self {
            TraceAlgorithm::AStar => "astar",
            TraceAlgorithm::IdaStar => "idastar",
        }
    }

    /// The choice a value names.
    pub fn from_key(key: &str) -> Option<TraceAlgorithm> {
        [TraceAlgorithm::AStar, TraceAlgorithm::IdaStar]
            .into_iter()
            .find(|a| a.key() == key)
    }
}

/// A trace export's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    /// One header row and one row per event.
    Csv,
    /// One object with `events` (and `iterations` for IDA*).
    Json,
}

/// A file to download.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Download {
    /// Suggested file name.
    pub name: String,
    /// MIME type.
    pub mime: &'static str,
    /// The bytes, as text.
    pub text: String,
}

/// The Trace tab's state: the trace of the current inputs, if one is open.
pub struct TracePanel {
    trace: Option<Trace>,
    ida: Option<IdaTrace>,
    algorithm: TraceAlgorithm,
    check: Option<String>,
    jump_error: Option<String>,
    /// The IDA* budget field's text (expansions; IDA*'s own, not the
    /// contract's 1–10000).
    ida_budget: String,
    /// The IDA* budget, parsed once when set, or why not.
    ida_budget_value: Result<u64, String>,
    /// The A* trace's weight field's text and heuristic (w = 1 with
    /// Manhattan: the contract's A*).
    weight_text: String,
    /// The weight, parsed once when set, or why not.
    weight_value: Result<Weight, String>,
    /// The heuristic: built-in or written (the workshop's text), or why a
    /// written one is not used.
    heuristic: Result<Heuristic, String>,
    /// Predict mode: on or off, the score, the last answer's sentence, and
    /// the event a wrong answer was given at (its right answer is shown
    /// while the trace stays at that event).
    predict: bool,
    score: Score,
    said: Option<String>,
    /// Whether the sentence said judged an answer right (`Some(true)`) or
    /// wrong (`Some(false)`); `None` for any other sentence.
    verdict: Option<bool>,
    revealed: Option<u64>,
    /// The chosen metric (A* counts its moves; the teaching IDA* counts
    /// single-tile moves in either).
    metric: Metric,
}

impl Default for TracePanel {
    fn default() -> Self {
        TracePanel {
            trace: None,
            ida: None,
            algorithm: TraceAlgorithm::default(),
            check: None,
            jump_error: None,
            ida_budget: IDA_BUDGET.to_string(),
            ida_budget_value: Ok(IDA_BUDGET),
            weight_text: Weight::ONE.text(),
            weight_value: Ok(Weight::ONE),
            heuristic: Ok(BuiltIn::Manhattan.into()),
            predict: false,
            score: Score::default(),
            said: None,
            verdict: None,
            revealed: None,
            metric: Metric::Single,
        }
    }
}

/// The Trace tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TraceTabView {
    /// The chosen search.
    pub algorithm: TraceAlgorithm,
    /// The A* trace, when the inputs are valid and A* is chosen.
    pub view: Option<TraceView>,
    /// The IDA* trace, when the inputs are valid and IDA* is chosen.
    pub ida: Option<IdaView>,
    /// Why there is no trace, when there is none.
    pub note: String,
    /// The homework check's answer.
    pub check: Option<String>,
    /// Why the jump field's value was refused.
    pub jump_error: Option<String>,
    /// Which budget applies to the chosen search.
    pub budget_note: String,
    /// Why the IDA* budget field's value was refused.
    pub ida_budget_error: Option<String>,
    /// Predict mode's question, choices, score and last answer.
    pub predict: PredictView,
    /// The chosen search's pseudocode, the current event's lines marked.
    pub code: CodeView,
    /// The A* trace's weight field (`1`, `2.5`, … as typed).
    pub weight: String,
    /// The A* trace's heuristic (its code, e.g. `manhattan`, or `written`).
    pub heuristic: String,
    /// Why the weight field's value was refused, or why the written h is
    /// not used.
    pub weight_error: Option<String>,
    /// What a weighted trace is (empty for the contract's A*).
    pub weighted_note: String,
    /// The IDA* budget field's text.
    pub ida_budget: String,
    /// Beside the controls in the multi-tile metric: the Trace counts
    /// single-tile moves.
    pub metric_note: Option<String>,
}

impl Panel for TracePanel {
    /// Drops the trace and the Predict score: they belong to the old inputs.
    fn on_edit(&mut self, edit: &Edit<'_>) {
        self.metric = edit.inputs.metric();
        self.drop_trace();
        self.score = Score::default();
        self.said = None;
    }
}

impl TracePanel {
    fn drop_trace(&mut self) {
        self.trace = None;
        self.ida = None;
        self.check = None;
        self.jump_error = None;
        self.revealed = None;
    }

    /// Begins the trace again from `inputs` (none when they are invalid);
    /// the Predict score stays (same start and goal).
    pub fn reset(&mut self, inputs: &ParsedInputs) {
        self.drop_trace();
        let Ok(r) = inputs.request() else {
            return;
        };
        match self.algorithm {
            TraceAlgorithm::AStar => {
                if let (Ok(w), Ok(h)) = (self.weight_value.clone(), self.heuristic.clone()) {
                    // The Budget field is the single-tile contract's (the
                    // page disables it in the multi-tile metric): a
                    // multi-tile trace has the most it allows.
                    let budget = match self.metric {
                        Metric::Single => r.budget,
                        Metric::Multi => Budget::DEFAULT,
                    };
                    self.trace = Some(Trace::weighted_in(
                        r.start,
                        r.goal,
                        budget,
                        h,
                        w,
                        self.metric,
                    ));
                }
            }
            TraceAlgorithm::IdaStar => {
                if let Ok(b) = self.ida_budget_value.clone() {
                    self.ida = Some(IdaTrace::new(r.start, r.goal, b));
                }
            }
        }
    }

    /// Begins a trace if none is open.
    pub fn ensure(&mut self, inputs: &ParsedInputs) {
        if self.trace.is_none() && self.ida.is_none() {
            self.reset(inputs);
        }
    }

    /// The chosen search.
    pub fn algorithm(&self) -> TraceAlgorithm {
        self.algorithm
    }

    /// Chooses A* or IDA*; the trace begins again.
    pub fn set_algorithm(&mut self, inputs: &ParsedInputs, algorithm: TraceAlgorithm) {
        if algorithm != self.algorithm {
            self.algorithm = algorithm;
            self.reset(inputs);
        }
    }

    /// Sets the IDA* budget field's text; an IDA* trace begins again.
    pub fn set_ida_budget(&mut self, inputs: &ParsedInputs, text: &str) {
        if text != self.ida_budget {
            self.ida_budget = text.to_string();
            self.ida_budget_value = parse_node_budget(text).map_err(|e| e.to_string());
            if self.algorithm == TraceAlgorithm::IdaStar {
                self.reset(inputs);
            }
        }
    }

    /// The IDA* budget field's text.
    pub fn ida_budget(&self) -> &str {
        &self.ida_budget
    }

    /// Sets the A* trace's weight field's text; an A* trace begins again.
    /// A value that is not a weight (1–5 in steps of 0.5) is named in the
    /// view and no trace runs until it is fixed.
    pub fn set_weight(&mut self, inputs: &ParsedInputs, text: &str) {
        if text != self.weight_text {
            self.weight_text = text.to_string();
            self.weight_value = parse_weight(text).map_err(|e| e.to_string());
            if self.algorithm == TraceAlgorithm::AStar {
                self.reset(inputs);
            }
        }
    }

    /// The weight field's text.
    pub fn weight_text(&self) -> &str {
        &self.weight_text
    }

    /// The weight, when the field holds one.
    pub fn weight(&self) -> Option<Weight> {
        self.weight_value.clone().ok()
    }

    /// Whether the IDA* budget field holds a budget.
    pub fn ida_budget_is_valid(&self) -> bool {
        self.ida_budget_value.is_ok()
    }

    /// Chooses the A* trace's heuristic (a written one that does not parse
    /// is named and runs no trace); an A* trace begins again.
    pub fn set_heuristic(&mut self, inputs: &ParsedInputs, heuristic: Result<Heuristic, String>) {
        if heuristic != self.heuristic {
            self.heuristic = heuristic;
            if self.algorithm == TraceAlgorithm::AStar {
                self.reset(inputs);
            }
        }
    }

    /// The workshop's expression changed: a written choice follows it.
    pub fn on_expr(&mut self, inputs: &ParsedInputs, text: &str) {
        if choice_code(&self.heuristic) == WRITTEN {
            if let Some(h) = choice_of(WRITTEN, text) {
                self.set_heuristic(inputs, h);
            }
        }
    }

    /// The A* trace's heuristic (`None`: a written one that does not parse).
    pub fn heuristic(&self) -> Option<&Heuristic> {
        self.heuristic.as_ref().ok()
    }

    /// One pop (or one board entered, for IDA*). With Predict on, a
    /// question not yet answered at this event is asked instead.
    pub fn step(&mut self, inputs: &ParsedInputs) {
        self.ensure(inputs);
        self.jump_error = None;
        if self.predict && self.revealed != Some(self.events() as u64) {
            if let Some(q) = self.question() {
                self.say(predict::ask_first(&q));
                return;
            }
        }
        self.revealed = None;
        if let Some(t) = self.trace.as_mut() {
            t.step();
        }
        if let Some(t) = self.ida.as_mut() {
            t.step();
        }
    }

    /// One event back.
    pub fn back(&mut self, inputs: &ParsedInputs) {
        self.ensure(inputs);
        self.jump_error = None;
        if let Some(t) = self.trace.as_mut() {
            t.back();
        }
        if let Some(t) = self.ida.as_mut() {
            let k = t.events();
            t.seek(k.saturating_sub(1));
        }
    }

    /// Goes to the event the jump field names.
    pub fn jump(&mut self, inputs: &ParsedInputs, text: &str) {
        self.ensure(inputs);
        let t = text.trim();
        match t.parse::<u32>() {
            Ok(k) => {
                self.jump_error = None;
                if let Some(tr) = self.trace.as_mut() {
                    tr.seek(k);
                }
                if let Some(tr) = self.ida.as_mut() {
                    tr.seek(u64::from(k));
                }
            }
            Err(_) => {
                self.jump_error = Some(format!(
                    "the event \"{t}\" is not a whole number; enter 0 (before the first pop) or an event number"
                ));
            }
        }
    }

    /// Picks the A* tree's node with this seq: its path from the start.
    pub fn pick(&mut self, seq: u32) {
        if let Some(t) = self.trace.as_mut() {
            t.pick(seq);
        }
    }

    /// Runs to the end.
    pub fn run(&mut self, inputs: &ParsedInputs) {
        self.ensure(inputs);
        self.jump_error = None;
        if let Some(t) = self.trace.as_mut() {
            t.run_to_end();
        }
        if let Some(t) = self.ida.as_mut() {
            t.run_to_end();
        }
    }

    /// Performs up to `n` pops (a link reopening a trace).
    pub fn run_events(&mut self, inputs: &ParsedInputs, n: usize) {
        self.ensure(inputs);
        if let Some(t) = self.trace.as_mut() {
            t.seek(n as u32);
        }
        if let Some(t) = self.ida.as_mut() {
            t.seek(n as u64);
        }
    }

    /// Events so far.
    pub fn events(&self) -> usize {
        match (&self.trace, &self.ida) {
            (Some(t), _) => t.event() as usize,
            (_, Some(t)) => t.events() as usize,
            _ => 0,
        }
    }

    /// The whole search for the current inputs, as a file.
    pub fn export(&mut self, inputs: &ParsedInputs, format: ExportFormat) -> Option<Download> {
        self.ensure(inputs);
        let json = format == ExportFormat::Json;
        let text = match (self.trace.as_mut(), self.ida.as_ref()) {
            (Some(t), _) if json => t.export_json()?,
            (Some(t), _) => t.export_csv()?,
            (_, Some(t)) => t.export(json)?,
            _ => return None,
        };
        Some(Download {
            name: format!(
                "trace-{}.{}",
                self.algorithm.key(),
                if json { "json" } else { "csv" }
            ),
            mime: if json { "application/json" } else { "text/csv" },
            text,
        })
    }

    /// Turns Predict mode on or off.
    pub fn set_predict(&mut self, inputs: &ParsedInputs, on: bool) {
        self.ensure(inputs);
        self.predict = on;
        self.said = None;
        self.revealed = None;
    }

    /// Restores Predict mode and its score from a link.
    pub fn restore_predict(&mut self, on: bool, score: Option<Score>) {
        self.predict = on;
        if let Some(s) = score {
            self.score = s;
        }
    }

    /// Whether Predict mode is on.
    pub fn predict_on(&self) -> bool {
        self.predict
    }

    /// The Predict score.
    pub fn score(&self) -> Score {
        self.score
    }

    /// The question before the next event, if Predict can ask one.
    fn question(&mut self) -> Option<Question> {
        if let Some(t) = self.trace.as_mut() {
            if t.is_finished() {
                return None;
            }
            let frontier = t.frontier();
            let right = *frontier.first()?;
            // The entries tied with the first on f, by the checker's rule;
            // past CHOICES_SHOWN, the first ones in pop order (the closest
            // contenders), drawn in push order.
            // Compared by the priority the search uses (f = g + w·h).
            let twice_w = t.weighting().map_or(2, |(_, w)| w.twice());
            let tied = frontier
                .iter()
                .take_while(|e| Rule::between_under(&right, e, twice_w) != Rule::F)
                .count();
            let mut candidates = frontier[..tied.min(CHOICES_SHOWN)].to_vec();
            candidates.sort_unstable_by_key(|e| e.seq);
            return Some(Question::Pop {
                right,
                candidates,
                tied,
                event: t.event() + 1,
                twice_w,
            });
        }
        self.ida.as_ref().and_then(IdaTrace::question)
    }

    /// Says `text` in the Predict box: a sentence that judges nothing.
    fn say(&mut self, text: String) {
        self.said = Some(text);
        self.verdict = None;
    }

    /// Answers the open Predict question with `text` (a key, `yes`/`no`,
    /// or a bound). A right answer takes the step; a wrong one shows the
    /// right answer and the rule, and Step then takes it.
    pub fn answer(&mut self, inputs: &ParsedInputs, text: &str) {
        self.ensure(inputs);
        self.jump_error = None;
        if !self.predict {
            return;
        }
        let at = self.events() as u64;
        if self.revealed == Some(at) {
            self.say(
                "This one was answered already: Step takes the step shown, then the next question comes."
                    .into(),
            );
            return;
        }
        let Some(q) = self.question() else {
            self.say("Nothing to predict: the search has ended.".into());
            return;
        };
        let (frontier, records, start_key) = match self.trace.as_mut() {
            Some(t) if matches!(q, Question::Pop { .. }) => {
                (t.frontier(), t.records().to_vec(), t.start_key())
            }
            _ => (Vec::new(), Vec::new(), 0),
        };
        match predict::judge_text(&q, text, &frontier, &records, start_key) {
            Err(why) => self.say(why),
            Ok(j) => {
                self.said = Some(predict::score_answer(&mut self.score, &j));
                self.verdict = Some(j.right);
                if j.right {
                    self.revealed = None;
                    if let Some(t) = self.trace.as_mut() {
                        t.step();
                    }
                    if let Some(t) = self.ida.as_mut() {
                        t.step();
                    }
                } else {
                    self.revealed = Some(at);
                }
            }
        }
    }

    fn predict_view(&mut self) -> PredictView {
        let mut v = PredictView {
            on: self.predict,
            score: self.score.text(),
            said: self.said.clone().unwrap_or_default(),
            verdict: self.verdict.filter(|_| self.said.is_some()),
            mark: match self.verdict.filter(|_| self.said.is_some()) {
                Some(true) => RIGHT_MARK,
                Some(false) => WRONG_MARK,
                None => "",
            },
            ..PredictView::default()
        };
        if !self.predict {
            return v;
        }
        let revealed = self.revealed == Some(self.events() as u64);
        match self.question() {
            Some(q) if revealed => predict::reveal_view(&q, &mut v),
            Some(q) => predict::question_view(&q, &mut v),
            None => {
                v.question = if self.trace.is_none() && self.ida.is_none() {
                    "No question: the inputs are not valid.".into()
                } else {
                    "No question: the search has ended. Back or Reset trace to predict again."
                        .into()
                }
            }
        }
        v
    }

    fn code(&self) -> CodeView {
        match (&self.trace, &self.ida) {
            (Some(t), _) if t.has_search() => {
                let mut v = code_view(
                    false,
                    u64::from(t.event()),
                    &astar_lines(t.records().last()),
                );
                if t.weighting().is_some() {
                    if let Some(line) = v.lines.get_mut(2) {
                        line.text = WEIGHTED_POP;
                    }
                }
                v
            }
            (_, Some(t)) if t.has_search() => code_view(true, t.events(), &ida_lines(t.last())),
            _ => code_view(self.algorithm == TraceAlgorithm::IdaStar, 0, &[]),
        }
    }

    /// The homework checker: pasted pops against the contract A* order.
    pub fn check(&mut self, inputs: &ParsedInputs, pasted: &str) {
        if self.algorithm != TraceAlgorithm::AStar {
            self.algorithm = TraceAlgorithm::AStar;
            self.reset(inputs);
        }
        self.ensure(inputs);
        self.check = Some(match self.trace.as_mut() {
            Some(t) => t.check(pasted),
            None => "Nothing checked: the inputs are not valid.".into(),
        });
    }

    /// The tab's contents; `tables` gives a weighted trace's goal sentence
    /// the exact optimum.
    pub fn view(&mut self, tables: &mut GoalTable) -> TraceTabView {
        let weight = &self.weight_value;
        let weight_error = match (&weight, &self.heuristic, self.algorithm) {
            (Err(e), _, TraceAlgorithm::AStar) => Some(format!("Weight: {e}")),
            (_, Err(e), TraceAlgorithm::AStar) => Some(e.clone()),
            _ => None,
        };
        let ida_budget = self.ida_budget_value.clone();
        let ida_budget_error = match (&ida_budget, self.algorithm) {
            (Err(e), TraceAlgorithm::IdaStar) => Some(format!("IDA* budget: {e}")),
            _ => None,
        };
        let note = if self.trace.is_none() && self.ida.is_none() {
            match (&ida_budget_error, &weight_error) {
                (_, Some(e)) if self.weight_value.is_ok() => {
                    format!("No trace: {e}. Fix it in the Lab's workshop, then press Step.")
                }
                (_, Some(_)) => {
                    "No trace: the weight is not valid. Fix it, then press Step.".to_string()
                }
                (Some(_), _) => {
                    "No trace: the IDA* budget is not valid. Fix it, then press Step.".to_string()
                }
                (None, None) => {
                    "No trace: the inputs are not valid. Fix them, then press Step.".to_string()
                }
            }
        } else {
            String::new()
        };
        let budget_note = match (self.algorithm, ida_budget) {
            (TraceAlgorithm::AStar, _) if self.metric == Metric::Multi => format!("Budget: {} expansions, the most the Budget field allows (the field is the single-tile contract's).", thousands(u64::from(Budget::MAX))),
            (TraceAlgorithm::AStar, _) => "Budget: the contract A*'s Budget field (1–10,000 expansions).".to_string(),
            (TraceAlgorithm::IdaStar, Ok(b)) => format!("Budget: the IDA* budget field, {} expansions (IDA*'s own: it enters boards again on every iteration; the Budget field is the contract A*'s).", thousands(b)),
            (TraceAlgorithm::IdaStar, Err(_)) => "Budget: the IDA* budget field (IDA*'s own; the Budget field is the contract A*'s).".to_string(),
        };
        let predict = self.predict_view();
        let code = self.code();
        let weighted_note = self
            .trace
            .as_ref()
            .and_then(Trace::weighted_note)
            .unwrap_or_default();
        let view = self.trace.as_mut().map(|t| {
            // The exact optimum only matters once a weighted trace's goal
            // is popped (the table is built once per goal).
            let optimal = if t.weighting().is_some() && t.is_finished() {
                let (start, goal) = t.boards();
                tables.for_goal_in(&goal, t.metric()).distance(&start)
            } else {
                None
            };
            t.view_with(optimal)
        });
        TraceTabView {
            algorithm: self.algorithm,
            weight: self.weight_text.clone(),
            heuristic: choice_code(&self.heuristic),
            weight_error,
            weighted_note,
            ida_budget: self.ida_budget.clone(),
            // A* counts in the chosen metric; the teaching IDA* only in
            // single tiles, which the sentence says beside its controls.
            metric_note: match self.algorithm {
                TraceAlgorithm::IdaStar => single_tile_note(TRACE_SINGLE_TILE, self.metric),
                TraceAlgorithm::AStar => None,
            },
            view,
            ida: self.ida.as_ref().map(IdaTrace::view),
            note,
            check: self.check.clone(),
            jump_error: self.jump_error.clone(),
            budget_note,
            ida_budget_error,
            predict,
            code,
        }
    }
}

/// What a person does on the Trace tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceAction {
    /// One pop (one board entered, for IDA*).
    Step,
    /// Runs the trace to its end.
    Run,
    /// One event back.
    Back,
    /// Begins the trace again from the current inputs.
    Reset,
    /// Goes to the event the jump field names.
    Jump(String),
    /// Picks the tree's node with this seq.
    Pick(u32),
    /// Chooses the search by its key (`astar`, `idastar`; another key
    /// changes nothing).
    Algorithm(String),
    /// The A* weight field's text.
    Weight(String),
    /// The A* heuristic by its code (an unknown code changes nothing).
    Heuristic(String),
    /// The IDA* budget field's text.
    IdaBudget(String),
    /// Predict mode on or off.
    Predict(bool),
    /// An answer to the Predict question.
    Answer(String),
    /// A pasted pop order to check against the contract A*.
    Check(String),
}

impl TraceAction {
    /// Whether the action opens the Trace tab first.
    pub fn opens_tab(&self) -> bool {
        matches!(
            self,
            TraceAction::Step
                | TraceAction::Run
                | TraceAction::Back
                | TraceAction::Jump(_)
                | TraceAction::Predict(_)
                | TraceAction::Answer(_)
                | TraceAction::Check(_)
        )
    }
}

impl TracePanel {
    /// Does `action` on the trace of `inputs`.
    pub fn apply(&mut self, inputs: &ParsedInputs, action: TraceAction) {
        match action {
            TraceAction::Step => self.step(inputs),
            TraceAction::Run => self.run(inputs),
            TraceAction::Back => self.back(inputs),
            TraceAction::Reset => self.reset(inputs),
            TraceAction::Jump(text) => self.jump(inputs, &text),
            TraceAction::Pick(seq) => self.pick(seq),
            TraceAction::Algorithm(key) => {
                if let Some(a) = TraceAlgorithm::from_key(&key) {
                    self.set_algorithm(inputs, a);
                }
            }
            TraceAction::Weight(text) => self.set_weight(inputs, &text),
            // A written h needs the workshop's text: the app passes it
            // ([`TracePanel::set_heuristic`]); here only built-in codes.
            TraceAction::Heuristic(code) => {
                if let Some(h) = choice_of(&code, "").filter(|h| h.is_ok()) {
                    self.set_heuristic(inputs, h);
                }
            }
            TraceAction::IdaBudget(text) => self.set_ida_budget(inputs, &text),
            TraceAction::Predict(on) => self.set_predict(inputs, on),
            TraceAction::Answer(text) => self.answer(inputs, &text),
            TraceAction::Check(pasted) => self.check(inputs, &pasted),
        }
    }
}
