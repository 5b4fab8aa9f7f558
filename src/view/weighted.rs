//! The Lab's weighted A* report: the current boards searched with a weight
//! w (1–5 in steps of 0.5) and a heuristic (admissible or not), the cost
//! found against the exact optimum from the goal's distance table, and the
//! expansions against w = 1 with the same heuristic. Every sentence here.

// The link tests name the note where it was first written.
pub(super) use super::common::WRITTEN_NOTE;
use super::common::{choice_code, choice_of, noun, plural, GoalTable, WRITTEN};
use super::input::ParsedInputs;
use crate::engine::{
    contract::{Budget, Goal, Outcome, SolveError},
    heuristic::{BuiltIn, Heuristic},
    moves::Metric,
    teaching::{parse_weight, path_text, shortest_text, solve_weighted_in, Weight},
    text::thousands,
    Verdict,
};

/// The weighted search's choices and its last report.
pub struct WeightedPanel {
    weight: Weight,
    heuristic: Result<Heuristic, String>,
    report: Option<WeightedView>,
}

impl Default for WeightedPanel {
    fn default() -> Self {
        WeightedPanel {
            weight: Weight::ONE,
            heuristic: Ok(BuiltIn::Manhattan.into()),
            report: None,
        }
    }
}

/// What the Lab shows of the weighted search.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct WeightedView {
    /// The weight as written (`2.5`).
    pub weight: String,
    /// The heuristic's code (`twice-manhattan`).
    pub heuristic: String,
    /// What was searched, or why nothing was.
    pub summary: String,
    /// Cost found, optimal cost, excess, expansions against w = 1.
    pub lines: Vec<String>,
    /// "shortest (checked against the distance table)" or "not shortest: k
    /// moves longer than optimal"; empty without a path.
    pub verdict: String,
}

fn cost(out: &Outcome) -> Option<u32> {
    match &out.verdict {
        Verdict::Solved(s) => Some(s.cost),
        _ => None,
    }
}

impl WeightedPanel {
    /// Drops the report: it searched the old boards.
    pub fn on_edit(&mut self) {
        self.report = None;
    }

    /// Chooses the weight (`1`, `1.5`, … `5`); anything else is ignored (the
    /// page offers only those).
    pub fn set_weight(&mut self, text: &str) {
        if let Ok(w) = parse_weight(text) {
            if w != self.weight {
                self.weight = w;
                self.report = None;
            }
        }
    }

    /// Chooses the heuristic by its menu value; `text` is the workshop's
    /// expression, used for [`WRITTEN`].
    pub fn set_heuristic(&mut self, code: &str, text: &str) {
        if let Some(h) = choice_of(code, text) {
            if h != self.heuristic {
                self.heuristic = h;
                self.report = None;
            }
        }
    }

    /// The workshop's expression changed: a written choice follows it.
    pub fn on_expr(&mut self, text: &str) {
        if choice_code(&self.heuristic) == WRITTEN {
            self.set_heuristic(WRITTEN, text);
        }
    }

    /// Runs the weighted search and the w = 1 search of the same heuristic on
    /// the current boards, under the lab budget of `budget` expansions.
    pub fn run(&mut self, inputs: &ParsedInputs, tables: &mut GoalTable, budget: u64) {
        let w = self.weight;
        let mut view = WeightedView {
            weight: w.text(),
            heuristic: choice_code(&self.heuristic),
            ..WeightedView::default()
        };
        let h = match &self.heuristic {
            Ok(h) => h.clone(),
            Err(e) => {
                view.summary = format!("Not run: {e}");
                self.report = Some(view);
                return;
            }
        };
        let (Ok(start), Ok(goal)) = (inputs.start().clone(), inputs.goal().clone()) else {
            view.summary = "Not run: the start or goal is not valid.".into();
            self.report = Some(view);
            return;
        };
        let goal = Goal::new(goal);
        let budget = Budget::new(u32::try_from(budget).unwrap_or(u32::MAX));
        let metric = inputs.metric();
        let in_metric = match metric {
            Metric::Single => String::new(),
            m => format!(" in the {} metric", m.long_name()),
        };
        let bound = h.lower_bound_in(metric);
        view.summary = format!(
            "Weighted A* (outside the contract){in_metric}: f = g + {w}·h with h = {}, order (f, h, key, seq), lab budget {} {}.",
            h.name(),
            thousands(budget.get()),
            noun(budget.get(), "expansion")
        );
        if h.expression().is_some() {
            view.lines.push(WRITTEN_NOTE.to_string());
        }
        let (out, base) = match (
            solve_weighted_in(&start, &goal, h.clone(), w, budget, metric),
            solve_weighted_in(&start, &goal, h, Weight::ONE, budget, metric),
        ) {
            (Ok(out), Ok(base)) => (out, base),
            (Err(SolveError::WrittenH(f)), _) | (_, Err(SolveError::WrittenH(f))) => {
                view.lines
                    .push(format!("Stopped: {f}. No path, and no claim about one."));
                self.report = Some(view);
                return;
            }
            _ => {
                view.summary = "internal error: a path failed the independent check.".into();
                self.report = Some(view);
                return;
            }
        };
        if let Verdict::Unsolvable(p) = &out.verdict {
            view.summary = format!("No search: {}; no path exists.", p.sides());
            self.report = Some(view);
            return;
        }
        let optimal = tables.for_goal_in(goal.board(), metric).distance(&start);
        match (cost(&out), optimal) {
            (Some(c), Some(d)) => {
                view.lines
                    .push(format!("Cost found: {}.", plural(c, "move")));
                view.lines.push(format!(
                    "Optimal cost: {} (the exact distance table).",
                    plural(d, "move")
                ));
                view.lines.push(format!(
                    "Excess: {}.",
                    plural(c.saturating_sub(d), "move")
                ));
                view.verdict = match metric {
                    // (The single-tile wording stays the table's.)
                    Metric::Single => shortest_text(c, d),
                    m => path_text(c, d, bound, m),
                };
            }
            _ => view.lines.push(format!(
                "Stopped: the lab budget of {} {} was used up before the goal was popped. No path, and no claim about one.",
                thousands(budget.get()),
                noun(budget.get(), "expansion")
            )),
        }
        let (e, e1) = (out.stats.expansions, base.stats.expansions);
        let at_one = match cost(&base) {
            Some(_) => format!("{} {}", thousands(e1), noun(e1, "expansion")),
            None => format!(
                "over {} {} (stopped by the budget)",
                thousands(e1),
                noun(e1, "expansion")
            ),
        };
        view.lines.push(if w == Weight::ONE {
            format!("Expansions: {} (this is w = 1).", thousands(e))
        } else if e <= e1 {
            format!(
                "Expansions: {}; w = 1 with the same heuristic: {at_one}; saved: {}.",
                thousands(e),
                thousands(e1 - e)
            )
        } else {
            format!(
                "Expansions: {}; w = 1 with the same heuristic: {at_one}; {} more, none saved.",
                thousands(e),
                thousands(e - e1)
            )
        });
        self.report = Some(view);
    }

    /// The view: the choices, and the report when one was run.
    pub fn view(&self) -> WeightedView {
        self.report.clone().unwrap_or_else(|| WeightedView {
            weight: self.weight.text(),
            heuristic: choice_code(&self.heuristic),
            summary: "Not run for the current inputs: choose a weight and a heuristic, then press Run weighted A*.".into(),
            lines: Vec::new(),
            verdict: String::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solve::Mode;
    use crate::view::Inputs;

    fn parsed(inputs: &Inputs) -> ParsedInputs {
        ParsedInputs::new(inputs.clone(), "1000000000", Mode::Optimal)
    }

    /// The report of `start` under weight `w` and the heuristic menu's
    /// value `code` (for [`WRITTEN`], the workshop's `text`).
    fn run(start: &str, w: &str, code: &str, text: &str) -> WeightedView {
        let inputs = Inputs {
            start: start.into(),
            goal: "[1,2,3,4,5,6,7,8,0]".into(),
            budget: "10000".into(),
        };
        let mut p = WeightedPanel::default();
        p.set_weight(w);
        p.set_heuristic(code, text);
        p.run(&parsed(&inputs), &mut GoalTable::default(), 200_000);
        p.view()
    }

    #[test]
    fn a_written_h_is_compared_as_the_built_ins_are() {
        // Written twice Manhattan: the built-in's figures exactly.
        let v = run("[8,6,7,2,5,4,3,0,1]", "2.5", WRITTEN, "2*manhattan");
        let b = run("[8,6,7,2,5,4,3,0,1]", "2.5", "twice-manhattan", "");
        assert_eq!(v.heuristic, "written");
        assert_eq!(v.summary, "Weighted A* (outside the contract): f = g + 2.5·h with h = your h = 2*manhattan, order (f, h, key, seq), lab budget 200,000 expansions.");
        assert_eq!(v.lines[0], WRITTEN_NOTE);
        assert_eq!(v.lines[1..], b.lines[..]);
        assert_eq!(v.verdict, b.verdict);
        // 3·Manhattan at w = 1: 4 moves longer (the engine pins 35 and 577).
        let v = run("[8,6,7,2,5,4,3,0,1]", "1", WRITTEN, "3*manhattan");
        assert_eq!(
            v.lines[1..],
            [
                "Cost found: 35 moves.",
                "Optimal cost: 31 moves (the exact distance table).",
                "Excess: 4 moves.",
                "Expansions: 577 (this is w = 1)."
            ]
        );
        assert_eq!(v.verdict, "not shortest: 4 moves longer than optimal");
        // An h with no value on a board stops the search and names it.
        let v = run("[8,6,7,2,5,4,3,0,1]", "1", WRITTEN, "12 / (misplaced - 7)");
        assert_eq!(
            v.lines[1..],
            ["Stopped: your h has no usable value on [8,6,7,2,5,4,3,0,1]: division by zero (the `/` at character 4). No path, and no claim about one."]
        );
        assert_eq!(v.verdict, "");
        let v = run("[8,6,7,2,5,4,3,0,1]", "1", WRITTEN, "2*");
        assert_eq!(v.summary, "Not run: your h does not parse: at character 3: expected a number, a name or `(`, found the end of the expression");
    }

    #[test]
    fn not_shortest_says_by_how_much() {
        let v = run("[8,6,7,2,5,4,3,0,1]", "2.5", "twice-manhattan", "");
        assert_eq!(v.summary, "Weighted A* (outside the contract): f = g + 2.5·h with h = twice Manhattan (inadmissible), order (f, h, key, seq), lab budget 200,000 expansions.");
        assert_eq!(
            v.lines,
            [
                "Cost found: 45 moves.",
                "Optimal cost: 31 moves (the exact distance table).",
                "Excess: 14 moves.",
                "Expansions: 272; w = 1 with the same heuristic: 401 expansions; saved: 129."
            ]
        );
        assert_eq!(v.verdict, "not shortest: 14 moves longer than optimal");
    }

    #[test]
    fn an_optimal_length_path_is_shortest_by_the_table_not_by_admissibility() {
        let v = run("[8,6,7,2,5,4,3,0,1]", "2.5", "manhattan", "");
        assert_eq!(v.verdict, "shortest (checked against the distance table)");
        assert_eq!(
            v.lines[3],
            "Expansions: 541; w = 1 with the same heuristic: 6,843 expansions; saved: 6,302."
        );
        let one = run("[1,2,3,4,5,6,0,7,8]", "1", "manhattan", "");
        assert_eq!(one.lines[3], "Expansions: 2 (this is w = 1).");
        assert!(!one.verdict.contains("optimal by"));
    }

    #[test]
    fn one_move_and_two_moves_agree_in_number() {
        let one = run("[1,2,3,4,5,6,7,0,8]", "1", "manhattan", "");
        assert_eq!(
            one.lines[..3],
            [
                "Cost found: 1 move.",
                "Optimal cost: 1 move (the exact distance table).",
                "Excess: 0 moves."
            ]
        );
        let two = run("[1,2,3,4,5,6,0,7,8]", "1", "manhattan", "");
        assert_eq!(
            two.lines[..3],
            [
                "Cost found: 2 moves.",
                "Optimal cost: 2 moves (the exact distance table).",
                "Excess: 0 moves."
            ]
        );
    }

    #[test]
    fn a_lab_budget_of_one_expansion_and_of_two() {
        let inputs = Inputs {
            start: "[8,6,7,2,5,4,3,0,1]".into(),
            goal: "[1,2,3,4,5,6,7,8,0]".into(),
            budget: "10000".into(),
        };
        for (budget, said) in [(1, "1 expansion"), (2, "2 expansions")] {
            let mut p = WeightedPanel::default();
            p.set_weight("2");
            p.run(&parsed(&inputs), &mut GoalTable::default(), budget);
            let v = p.view();
            assert!(
                v.summary.ends_with(&format!("lab budget {said}.")),
                "{}",
                v.summary
            );
            assert_eq!(
                v.lines[0],
                format!("Stopped: the lab budget of {said} was used up before the goal was popped. No path, and no claim about one.")
            );
            assert!(
                v.lines[1].contains(&format!(
                    "w = 1 with the same heuristic: over {said} (stopped by the budget)"
                )),
                "{}",
                v.lines[1]
            );
        }
    }

    #[test]
    fn edits_and_choices_drop_the_report() {
        let mut p = WeightedPanel::default();
        let inputs = Inputs {
            start: "[1,2,3,4,5,6,0,7,8]".into(),
            goal: "[1,2,3,4,5,6,7,8,0]".into(),
            budget: "10000".into(),
        };
        p.run(&parsed(&inputs), &mut GoalTable::default(), 100);
        assert_eq!(p.view().lines[0], "Cost found: 2 moves.");
        p.set_weight("3");
        assert!(p.view().lines.is_empty());
        assert_eq!(p.view().weight, "3");
        p.set_weight("7");
        assert_eq!(p.view().weight, "3");
        p.run(&parsed(&inputs), &mut GoalTable::default(), 100);
        p.on_edit();
        assert!(p.view().lines.is_empty());
        let bad = Inputs {
            start: "[1,2]".into(),
            ..inputs
        };
        p.run(&parsed(&bad), &mut GoalTable::default(), 100);
        assert_eq!(p.view().summary, "Not run: the start or goal is not valid.");
    }

    #[test]
    fn the_ida_trace_has_its_own_budget_and_finishes_on_31_moves() {
        use crate::view::{TraceAction, Workbench};
        let mut w = Workbench::new(Inputs {
            start: "[6,4,7,8,5,0,3,2,1]".into(),
            goal: "[1,2,3,4,5,6,7,8,0]".into(),
            budget: "10000".into(),
        });
        assert_eq!(
            w.view().trace.budget_note,
            "Budget: the contract A*'s Budget field (1–10,000 expansions)."
        );
        w.apply(TraceAction::Algorithm("idastar".into()));
        w.apply(TraceAction::Run);
        let v = w.view().trace;
        assert_eq!(v.budget_note, "Budget: the IDA* budget field, 1,000,000 expansions (IDA*'s own: it enters boards again on every iteration; the Budget field is the contract A*'s).");
        let ida = v.ida.unwrap();
        assert_eq!(
            ida.status,
            "Goal entered within bound 31: Solved, cost 31 — the same cost as A*."
        );
        let bounds: Vec<u32> = ida.iterations.iter().map(|i| i.bound).collect();
        assert_eq!(bounds, [21, 23, 25, 27, 29, 31]);
        w.apply(TraceAction::IdaBudget("10000".into()));
        w.apply(TraceAction::Run);
        let ida = w.view().trace.ida.unwrap();
        assert!(ida.status.starts_with("Stopped: the budget of 10000 expansions was used up. Unknown, not \"no solution\": no solution has 27 moves or fewer"), "{}", ida.status);
        w.apply(TraceAction::IdaBudget("0".into()));
        let v = w.view().trace;
        assert!(v.ida.is_none());
        assert_eq!(
            v.ida_budget_error.as_deref(),
            Some("IDA* budget: the node budget 0 is outside 1–1000000000000000")
        );
        assert_eq!(
            v.note,
            "No trace: the IDA* budget is not valid. Fix it, then press Step."
        );
    }
}
