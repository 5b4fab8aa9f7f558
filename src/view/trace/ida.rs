//! IDA* on the Trace tab: [`IdaTrace`] steps the engine's IDA* board by
//! board and builds its [`IdaView`].

use crate::engine::{
    contract::{Budget, Goal},
    solve::IdaKind,
    teaching::{ida_trace, IdaSearch},
    Board, ParityProof,
};
use crate::view::common::plural;
use crate::view::common::{ida_path_boards, SmallBoard};

/// IDA* (Manhattan) stepped one board at a time, for the Trace tab.
pub struct IdaTrace {
    search: Option<IdaSearch>,
    start: Board,
    goal: Goal,
    budget: u64,
    parity: Option<ParityProof>,
    last: Option<crate::engine::teaching::IdaEvent>,
}

/// One IDA* iteration as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IterationLine {
    /// The bound on f.
    pub bound: u32,
    /// Boards generated in it.
    pub generated: u64,
}

/// The IDA* view of the Trace tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdaView {
    /// Where the search stands.
    pub status: String,
    /// The latest event in one line.
    pub latest: String,
    /// Iterations so far, in order.
    pub iterations: Vec<IterationLine>,
    /// The current depth-first path, start first, as small boards with f.
    pub path: Vec<SmallBoard>,
    /// The bound now, and the next bound (smallest f over it) so far.
    pub bounds: String,
    /// Events so far.
    pub event: u64,
    /// The board to draw.
    pub board: [u8; 9],
}

impl IdaTrace {
    /// Begins IDA* from `start` to `goal` under the IDA* trace's own budget
    /// of expansions (the page's IDA* budget field, not the contract's).
    pub fn new(start: Board, goal: Goal, budget: u64) -> IdaTrace {
        let (search, parity) = match IdaSearch::new(&start, &goal, budget) {
            Ok(s) => (Some(s), None),
            Err(p) => (None, Some(p)),
        };
        IdaTrace {
            search,
            start,
            goal,
            budget,
            parity,
            last: None,
        }
    }

    /// One board entered; false once the search has ended.
    pub fn step(&mut self) -> bool {
        let e = self.search.as_mut().and_then(IdaSearch::step);
        if e.is_some() {
            self.last = e;
        }
        e.is_some()
    }

    /// Goes to event `k`, replaying from the start when going back.
    pub fn seek(&mut self, k: u64) {
        let now = self.events();
        if k < now {
            if let Ok(s) = IdaSearch::at(&self.start, &self.goal, self.budget, k.saturating_sub(1))
            {
                self.search = Some(s);
                self.last = None;
                if k > 0 {
                    self.step();
                }
            }
            return;
        }
        for _ in now..k {
            if !self.step() {
                break;
            }
        }
    }

    /// Runs to the end.
    pub fn run_to_end(&mut self) {
        while self.step() {}
    }

    /// The latest event (`None` before the first, or without a search).
    pub fn last(&self) -> Option<&crate::engine::teaching::IdaEvent> {
        self.last.as_ref()
    }

    /// Whether a search runs (false: the parity check refused one).
    pub fn has_search(&self) -> bool {
        self.search.is_some()
    }

    /// The Predict question before the next event, read from a copy of the
    /// search stepped once: a new iteration asks for its bound, any other
    /// board whether it is cut off. `None` once the search has ended.
    pub fn question(&self) -> Option<super::predict::Question> {
        use super::predict::Question;
        let s = self.search.as_ref()?;
        let mut peek = s.clone();
        let next = peek.step()?;
        Some(if next.iteration as usize > s.iterations().len() {
            Question::Bound {
                next,
                bound: s.bound(),
            }
        } else {
            Question::CutOff(next)
        })
    }

    /// Events so far.
    pub fn events(&self) -> u64 {
        self.search.as_ref().map_or(0, IdaSearch::events)
    }

    /// The export (CSV or JSON) of the whole search.
    pub fn export(&self, json: bool) -> Option<String> {
        let budget = Budget::new(u32::try_from(self.budget).unwrap_or(u32::MAX));
        let t = ida_trace(&self.start, &self.goal, budget).ok()?;
        Some(if json { t.to_json() } else { t.to_csv() })
    }

    /// The view.
    pub fn view(&self) -> IdaView {
        let Some(s) = &self.search else {
            let p = self
                .parity
                .unwrap_or_else(|| ParityProof::of(&self.start, &self.start));
            return IdaView {
                status: format!(
                    "No search: {}; their parity differs, so the goal is unreachable.",
                    p.sides()
                ),
                latest: String::new(),
                iterations: Vec::new(),
                path: Vec::new(),
                bounds: String::new(),
                event: 0,
                board: self.start.three_cells(),
            };
        };
        let status = match (s.end(), &self.last) {
            (_, None) => format!(
                "Ready: the first bound is the start's Manhattan distance, {}. Step enters the start.",
                s.bound()
            ),
            (Some(crate::engine::teaching::IdaEnd::Goal), Some(e)) => format!(
                "Goal entered within bound {}: Solved, cost {} — the same cost as A*.",
                e.bound, e.node.g
            ),
            (Some(crate::engine::teaching::IdaEnd::Budget), _) => {
                let its = s.iterations();
                let proved = match its.len().checked_sub(2).and_then(|i| its.get(i)) {
                    Some(done) => format!(
                        "no solution has {} or fewer (the last bound it completed)",
                        plural(done.threshold, "move")
                    ),
                    None => "no iteration was completed, so only the start's Manhattan distance bounds the cost".into(),
                };
                format!(
                    "Stopped: the budget of {} was used up. Unknown, not \"no solution\": {proved}.",
                    plural(self.budget, "expansion")
                )
            }
            (Some(crate::engine::teaching::IdaEnd::Exhausted), _) => {
                "internal error: an iteration ended with no cut-off and no goal".into()
            }
            (None, Some(_)) => format!(
                "Running: iteration {}, bound {}. Step enters the next board.",
                s.iterations().len(),
                s.bound()
            ),
        };
        let latest = self.last.map_or(String::new(), |e| {
            format!(
                "{}. enter {} at g {} (f {}, h {}) in iteration {} (bound {}): {}",
                e.number,
                e.node.key_string(),
                e.node.g,
                e.node.f(),
                e.node.h,
                e.iteration,
                e.bound,
                match e.kind {
                    IdaKind::Expanded => "within the bound, expanded".to_string(),
                    IdaKind::Cutoff =>
                        format!("f {} is over the bound {}: cut off", e.node.f(), e.bound),
                    IdaKind::Goal => "the goal".to_string(),
                    IdaKind::Budget => "the budget was reached: not expanded".to_string(),
                }
            )
        });
        let path = ida_path_boards(&s.path(), s.bound());
        let board = self
            .last
            .map_or(self.start.three_cells(), |e| e.node.board().three_cells());
        IdaView {
            status,
            latest,
            iterations: s
                .iterations()
                .iter()
                .map(|i| IterationLine {
                    bound: i.threshold,
                    generated: i.generated,
                })
                .collect(),
            path,
            bounds: format!(
                "Bound {}; next bound so far: {}",
                s.bound(),
                s.next_bound()
                    .map_or("none yet (no cut-off)".to_string(), |b| b.to_string())
            ),
            event: s.events(),
            board,
        }
    }
}
