//! The workbench's inputs, parsed once: an edit turns a field's text into
//! its typed value (or its error) here, and render, the panels and the links
//! read that value. No other part of the view parses the Start, Goal,
//! Budget or node budget text.

use super::common::Inputs;
use crate::engine::moves::Metric;
use crate::engine::solve::{parse_node_budget, Mode};
use crate::engine::{
    contract::{
        parse_budget_field, parse_goal, parse_start, Budget, Goal, InputError,
        Request as ContractRequest,
    },
    parse::SizedBoardError,
    parse_board,
    request::{Field, PairError},
    Board, Shape,
};

/// A board field's text read both ways: by the 3×3 contract's rule and by
/// the family's rule (any shape).
#[derive(Clone, Debug, PartialEq, Eq)]
struct BoardText {
    contract: Result<Board, InputError>,
    any: Result<Board, SizedBoardError>,
}

impl BoardText {
    /// The shape the text shows, valid or not, when it can be told.
    fn shape(&self) -> Option<Shape> {
        match &self.any {
            Ok(b) => Some(b.shape()),
            Err(e) => e.shape,
        }
    }
}

#[cfg(test)]
thread_local! {
    /// How many fields were parsed on this thread (tests count parses per
    /// edit and per render).
    pub(crate) static PARSES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts one parse of one field (in tests).
fn counted() {
    #[cfg(test)]
    PARSES.with(|n| n.set(n.get() + 1));
}

/// Parses a board field, both ways.
fn board(field: Field, text: &str) -> BoardText {
    counted();
    BoardText {
        contract: if field == Field::Goal {
            parse_goal(text)
        } else {
            parse_start(text)
        },
        any: parse_board(text),
    }
}

/// Parses the Budget field (3×3 A* expansions).
fn budget(text: &str) -> Result<Budget, InputError> {
    counted();
    parse_budget_field(text)
}

/// Parses the node budget field (worker solves).
fn nodes(text: &str) -> Result<u64, String> {
    counted();
    parse_node_budget(text).map_err(|e| e.to_string())
}

/// What an edit changed: the inputs after it, and which text fields
/// changed (none for the mode or the node budget).
pub struct Edit<'a> {
    /// The inputs after the edit, parsed.
    pub inputs: &'a ParsedInputs,
    /// The text fields that changed.
    pub fields: &'a [Field],
}

/// A panel of the workbench: it drops what the old inputs produced when
/// they change. The workbench tells every panel, in one loop.
pub trait Panel {
    /// The inputs changed.
    fn on_edit(&mut self, edit: &Edit<'_>);
}

/// The label a refusal of the mode is blamed on (Optimal past 25 cells).
pub const MODE_LABEL: &str = "Mode";

/// The validated inputs of a worker solve, each with the field it blames.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// Start and goal, or the field at fault (`Start` or `Goal`) and why.
    pub pair: Result<(Board, Board), (Field, String)>,
    /// The node budget, or why not (checked in Optimal mode only).
    pub budget: Result<u64, String>,
    /// Optimal or Fast.
    pub mode: Mode,
    /// What one move is: one tile, or a run of the blank's row or column.
    pub metric: Metric,
}

impl Request {
    /// The field's error text, if that field is at fault.
    pub fn error_of(&self, field: Field) -> Option<String> {
        match &self.pair {
            Err((f, e)) if *f == field => Some(e.clone()),
            _ => None,
        }
    }

    /// Both boards and the budget (0 in Fast mode), or the first invalid
    /// field's label and error.
    pub fn valid(&self) -> Result<(Board, Board, u64), (&'static str, String)> {
        let (s, g) = self.pair.clone().map_err(|(f, e)| (f.label(), e))?;
        let b = match self.mode {
            Mode::Fast => 0,
            // Past 25 cells optimal search does not run: the engine's
            // sentence, blamed on the mode.
            Mode::Optimal if !s.shape().optimal_searchable() => {
                return Err((
                    MODE_LABEL,
                    super::common::optimal_refusal(s.shape()).unwrap_or_default(),
                ))
            }
            Mode::Optimal => self.budget.clone().map_err(|e| ("Node budget", e))?,
        };
        Ok((s, g, b))
    }
}

/// The workbench's inputs as typed and as parsed: the three text fields,
/// the node budget and the mode. Each field is parsed when it is set, once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedInputs {
    texts: Inputs,
    node_text: String,
    mode: Mode,
    metric: Metric,
    start: BoardText,
    goal: BoardText,
    budget: Result<Budget, InputError>,
    nodes: Result<u64, String>,
}

impl ParsedInputs {
    /// Parses every field.
    pub fn new(texts: Inputs, node_budget: &str, mode: Mode) -> ParsedInputs {
        ParsedInputs {
            start: board(Field::Start, &texts.start),
            goal: board(Field::Goal, &texts.goal),
            budget: budget(&texts.budget),
            nodes: nodes(node_budget),
            node_text: node_budget.to_string(),
            mode,
            metric: Metric::Single,
            texts,
        }
    }

    /// Sets one field's text and parses it (only when it changed).
    pub fn set(&mut self, field: Field, text: &str) {
        match field {
            Field::Start if text != self.texts.start => {
                self.texts.start = text.to_string();
                self.start = board(Field::Start, text);
            }
            Field::Goal if text != self.texts.goal => {
                self.texts.goal = text.to_string();
                self.goal = board(Field::Goal, text);
            }
            Field::Budget if text != self.texts.budget => {
                self.texts.budget = text.to_string();
                self.budget = budget(text);
            }
            _ => {}
        }
    }

    /// Sets the node budget's text and parses it (only when it changed).
    pub fn set_node_budget(&mut self, text: &str) {
        if text != self.node_text {
            self.node_text = text.to_string();
            self.nodes = nodes(text);
        }
    }

    /// Chooses Optimal or Fast.
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// Chooses the single-tile or the multi-tile metric.
    pub fn set_metric(&mut self, metric: Metric) {
        self.metric = metric;
    }

    /// The metric moves are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The three fields' texts.
    pub fn texts(&self) -> &Inputs {
        &self.texts
    }

    /// The node budget field's text.
    pub fn node_text(&self) -> &str {
        &self.node_text
    }

    /// Optimal or Fast.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The start by the 3×3 contract's rule.
    pub fn start(&self) -> &Result<Board, InputError> {
        &self.start.contract
    }

    /// The goal by the 3×3 contract's rule.
    pub fn goal(&self) -> &Result<Board, InputError> {
        &self.goal.contract
    }

    /// The budget by the 3×3 contract's rule.
    pub fn budget(&self) -> &Result<Budget, InputError> {
        &self.budget
    }

    /// The first invalid field's error, in field order (3×3 contract).
    pub fn first_error(&self) -> Option<&InputError> {
        [
            self.start.contract.as_ref().err(),
            self.goal.contract.as_ref().err(),
            self.budget.as_ref().err(),
        ]
        .into_iter()
        .flatten()
        .next()
    }

    /// The contract's request (start, goal, budget), or the first invalid
    /// field's error.
    pub fn request(&self) -> Result<ContractRequest, InputError> {
        Ok(ContractRequest {
            start: self.start.contract.clone()?,
            goal: Goal::new(self.goal.contract.clone()?),
            budget: self.budget.clone()?,
        })
    }

    /// The shape the start field shows, if it can be told.
    pub fn shown_shape(&self) -> Option<Shape> {
        self.start.shape()
    }

    /// The shape the goal field shows, if it can be told.
    pub fn goal_shape(&self) -> Option<Shape> {
        self.goal.shape()
    }

    /// Whether the goal text is some shape's default goal.
    pub fn goal_is_a_default(&self) -> bool {
        self.goal
            .any
            .as_ref()
            .is_ok_and(|b| *b == Board::default_goal(b.shape()))
    }

    /// Whether the inputs are solved in the worker: a start of any shape
    /// but 3×3 (valid or not), Fast mode, or the multi-tile metric (the
    /// 3×3 contract counts single-tile moves). A start whose shape cannot
    /// be told keeps the 3×3 contract's errors.
    pub fn is_remote(&self) -> bool {
        self.mode == Mode::Fast
            || self.metric == Metric::Multi
            || self.start.any.as_ref().is_err_and(|e| e.is_shape_error())
            || self.shown_shape().is_some_and(|s| s != Shape::THREE)
    }

    /// Each field's error as the page shows it (start, goal, budget): the
    /// contract's rules for a 3×3 solve; for a worker solve, the pair rule
    /// for start and goal, and no budget error (the 3×3 budget rule does
    /// not apply).
    pub fn field_errors(&self) -> [Option<String>; 3] {
        if self.is_remote() {
            let request = self.worker_request();
            return [
                request.error_of(Field::Start),
                request.error_of(Field::Goal),
                None,
            ];
        }
        let msg = |e: Option<&InputError>| e.map(InputError::message);
        [
            msg(self.start.contract.as_ref().err()),
            msg(self.goal.contract.as_ref().err()),
            msg(self.budget.as_ref().err()),
        ]
    }

    /// Start and goal of any shape (the engine's pair rule), or the field
    /// at fault and why.
    pub fn pair(&self) -> Result<(Board, Board), (Field, String)> {
        let pair = || -> Result<(Board, Board), PairError> {
            let start = self.start.any.clone().map_err(PairError::Start)?;
            if let Some(shape) = self.goal.shape().filter(|&s| s != start.shape()) {
                return Err(PairError::ShapeMismatch {
                    start: start.shape(),
                    goal: shape,
                });
            }
            let goal = self.goal.any.clone().map_err(PairError::Goal)?;
            crate::engine::request::pair(start, goal)
        };
        pair().map_err(|e| (e.field(), e.to_string()))
    }

    /// The inputs of a worker solve.
    pub fn worker_request(&self) -> Request {
        Request {
            pair: self.pair(),
            budget: self.nodes.clone(),
            mode: self.mode,
            metric: self.metric,
        }
    }

    /// The goal the state space is explored from: the pair's goal for a
    /// worker solve, else the contract's (the start's error first).
    pub fn explore_goal(&self) -> Result<Board, (Field, String)> {
        if self.is_remote() {
            return self.pair().map(|(_, g)| g);
        }
        for (field, r) in [
            (Field::Start, &self.start.contract),
            (Field::Goal, &self.goal.contract),
        ] {
            if let Err(e) = r {
                return Err((field, e.message()));
            }
        }
        self.goal
            .contract
            .clone()
            .map_err(|e| (Field::Goal, e.message()))
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::request::Field;
    use crate::engine::solve::Mode;
    use crate::view::{Inputs, Tab, Workbench};

    /// Parses of the workbench's inputs on this thread since the last call.
    fn parses() -> usize {
        super::PARSES.with(|n| n.replace(0))
    }

    #[test]
    fn each_edit_parses_its_field_once_and_render_parses_nothing() {
        let mut w = Workbench::new(Inputs::default());
        // start, goal, budget and node budget: once each.
        assert_eq!(parses(), 4);
        w.solve();
        for tab in Tab::ALL {
            w.select_tab(tab);
            w.view();
        }
        w.select_tab(Tab::Solution);
        assert_eq!(parses(), 0);
        w.edit(Field::Start, "[1,2,3,4,5,6,7,0,8]");
        assert_eq!(parses(), 1);
        w.view();
        w.view();
        assert_eq!(parses(), 0);
        w.edit(Field::Budget, "50");
        assert_eq!(parses(), 1);
        w.edit(Field::Goal, "[1,2,3");
        assert_eq!(parses(), 1);
        w.view();
        assert_eq!(parses(), 0);
        // A 4×4 start: the start, and the goal that follows its shape.
        w.edit(Field::Goal, "[1,2,3,4,5,6,7,8,0]");
        parses();
        w.edit(Field::Start, "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]");
        assert_eq!(parses(), 2);
        assert_eq!(
            w.input.texts().goal,
            "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]"
        );
        w.view();
        assert_eq!(parses(), 0);
        w.set_node_budget("5000");
        assert_eq!(parses(), 1);
        w.set_mode(Mode::Fast);
        w.view();
        assert_eq!(parses(), 0);
    }

    #[test]
    fn a_link_parses_only_the_fields_it_changes() {
        let mut w = Workbench::from_link("");
        parses();
        w.open_link("budget=50");
        assert_eq!(parses(), 1);
        w.view();
        w.open_link("budget=50");
        w.view();
        assert_eq!(parses(), 0);
        w.load_sample("korf55");
        // The start, the goal that follows its shape, then the sample's goal.
        assert_eq!(parses(), 3);
    }

    #[test]
    fn a_board_past_25_cells_is_a_fast_request_and_optimal_is_refused_with_the_engine_sentence() {
        use super::ParsedInputs;
        let six = "[[1,2,3,4,5,6],[7,8,9,10,11,12],[13,14,15,16,17,18],[19,20,21,22,23,24],[25,26,27,28,29,30],[31,32,33,34,0,35]]";
        let goal = "[[1,2,3,4,5,6],[7,8,9,10,11,12],[13,14,15,16,17,18],[19,20,21,22,23,24],[25,26,27,28,29,30],[31,32,33,34,35,0]]";
        let inputs = Inputs {
            start: six.to_string(),
            goal: goal.to_string(),
            budget: "10000".to_string(),
        };
        let fast = ParsedInputs::new(inputs.clone(), "1000000", Mode::Fast).worker_request();
        let (start, end, budget) = fast.valid().unwrap();
        assert_eq!((start.shape().cells(), end.cells()[35], budget), (36, 0, 0));
        assert_eq!(start.blank(), 34);
        let optimal = ParsedInputs::new(inputs, "1000000", Mode::Optimal).worker_request();
        assert_eq!(optimal.error_of(Field::Start), None);
        assert_eq!(
            optimal.valid(),
            Err((
                "Mode",
                "A 6×6 board has 36 cells and optimal search stops at 25 (5×5), past which an exact search cannot be expected to finish; fast mode gives a verified path with a proved lower bound.".to_string()
            ))
        );
    }
}
