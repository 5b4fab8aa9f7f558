//! Native tests of the link ↔ workbench state: reopening a link in a
//! workbench that already shows a state, the history entries of solved
//! states, the Trace's algorithm in the link, and invalid values named.

use super::*;

const BASELINE_LINK: &str = "start=%5B1%2C2%2C3%2C4%2C5%2C6%2C0%2C7%2C8%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&budget=100&tab=solution&step=0";
const HARD: &str = "[8,6,7,2,5,4,3,0,1]";

#[test]
fn opening_a_link_in_an_open_workbench_equals_a_fresh_load() {
    for fragment in [
        "start=%5B4%2C1%2C3%2C0%2C2%2C6%2C7%2C5%2C8%5D&budget=50&tab=lab&step=2",
        "tab=trace&events=3&algo=idastar",
        "start=%5B%5B1%2C2%2C3%5D%2C%5B4%2C0%2C5%5D%5D&mode=optimal&tab=solution",
        "start=%5B1%2C2%5D&tab=play",
        "",
    ] {
        let mut fresh = Workbench::from_link(fragment);
        let mut open = Workbench::new(Inputs::default());
        open.edit(Field::Start, HARD);
        open.apply(TraceAction::Algorithm("idastar".into()));
        open.select_tab(Tab::Trace);
        open.apply(TraceAction::Step);
        open.solve();
        open.open_link(fragment);
        let (a, b) = (fresh.view(), open.view());
        assert_eq!(
            (&a.link, &a.inputs, &a.board, &a.verdict, &a.controls, a.tab),
            (&b.link, &b.inputs, &b.board, &b.verdict, &b.controls, b.tab),
            "{fragment}"
        );
        assert_eq!(a.trace, b.trace, "{fragment}");
    }
}

#[test]
fn reopening_keeps_the_history_entry_and_a_new_solved_state_gets_one() {
    let mut w = Workbench::from_link("");
    let v = w.view();
    assert_eq!((v.link.as_str(), v.entry), (BASELINE_LINK, 0));
    // Steps and tabs stay in the entry.
    w.apply(SolutionAction::Navigate(NavAction::Next));
    w.select_tab(Tab::Lab);
    assert_eq!(w.view().entry, 0);
    // The first edit starts an entry, the next edits and the Solve stay in it.
    w.edit(Field::Start, "[4,1,3,0,2,6,7,5,8]");
    assert_eq!(w.view().entry, 1);
    w.edit(Field::Budget, "50");
    w.solve();
    let v = w.view();
    assert_eq!((v.entry, v.verdict.status.as_str()), (1, "Solved"));
    // Back: the first state reopens in place, without a new entry.
    w.open_link(BASELINE_LINK);
    let v = w.view();
    assert_eq!((v.link.as_str(), v.entry), (BASELINE_LINK, 1));
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 0, 7, 8]));
    // A Solve of the same inputs (a settled state) starts one; the page
    // pushes it only if the link changed.
    w.solve();
    assert_eq!(w.view().entry, 2);
    // The node budget and the mode are edits too.
    w.set_node_budget("99");
    assert_eq!(w.view().entry, 3);
    w.solve();
    assert_eq!(w.view().entry, 3);
    w.set_mode(Mode::Fast);
    assert_eq!(w.view().entry, 4);
}

#[test]
fn the_trace_algorithm_is_in_the_link() {
    let mut w = Workbench::from_link("");
    w.select_tab(Tab::Trace);
    w.apply(TraceAction::Algorithm("idastar".into()));
    w.apply(TraceAction::Step);
    w.apply(TraceAction::Step);
    let link = w.view().link;
    assert_eq!(
        link,
        format!(
            "{}&events=2&algo=idastar",
            BASELINE_LINK.replace("tab=solution", "tab=trace")
        )
    );
    let mut again = Workbench::from_link(&link);
    let v = again.view();
    assert_eq!(v.trace.algorithm, TraceAlgorithm::IdaStar);
    assert_eq!(v.trace.ida.as_ref().map(|i| i.event), Some(2));
    assert_eq!(v.link, link);
    // A* is the default and is not named.
    w.apply(TraceAction::Algorithm("astar".into()));
    assert!(!w.view().link.contains("algo="));
}

#[test]
fn invalid_link_values_are_named_and_lose_nothing() {
    let mut w = Workbench::from_link("tab=trace&algo=dfs&step=two");
    let v = w.view();
    assert_eq!(
        v.link_note,
        "The link's algo value \"dfs\" was not used: expected astar or idastar. The link's step value \"two\" was not used: expected a replay step (a whole number)."
    );
    // The valid parts are used: the Trace tab, A*, the baseline solved.
    assert_eq!(
        (v.tab, v.trace.algorithm, v.verdict.status.as_str()),
        (Tab::Trace, TraceAlgorithm::AStar, "Solved")
    );
    // An invalid board is kept as typed text with the typing error.
    w.open_link("start=%5B1%2C2%2C3%5D&tab=solution");
    let v = w.view();
    let mut typed = Workbench::new(Inputs::default());
    typed.edit(Field::Start, "[1,2,3]");
    assert_eq!(v.inputs.start, "[1,2,3]");
    assert_eq!(v.inputs.start_error, typed.view().inputs.start_error);
    assert!(v.inputs.start_error.is_some());
    assert_eq!(v.link_note, "");
    // The note goes with the next edit.
    let mut w = Workbench::from_link("tab=nowhere");
    assert_ne!(w.view().link_note, "");
    w.edit(Field::Budget, "99");
    assert_eq!(w.view().link_note, "");
}

#[test]
fn a_written_h_drives_the_trace_and_travels_in_the_link() {
    let mut w = Workbench::new(Inputs::default());
    w.edit(Field::Start, HARD);
    w.edit(Field::Budget, "10000");
    w.select_tab(Tab::Trace);
    w.apply(LabAction::Expr("3 * manhattan".into()));
    w.apply(TraceAction::Heuristic("written".into()));
    w.apply(TraceAction::Run);
    let v = w.view();
    assert_eq!(v.trace.heuristic, "written");
    assert_eq!(
        v.trace.weighted_note,
        format!(
            "Weighted A* (outside the contract): f = g + 1·h with h = your h = 3 * manhattan, order (f, h, key, seq); the f shown is this priority. Its path may not be shortest. {}",
            super::weighted::WRITTEN_NOTE
        )
    );
    let t = v.trace.view.clone().unwrap();
    // The engine's test pins 3·Manhattan at w = 1 to 35 moves, 577
    // expansions: the same figures and the one excess wording.
    assert_eq!(
        t.status,
        "Goal accepted when popped: a path of cost 35 after 577 expansions — not shortest: 4 moves longer than optimal. Weighted A* is not the contract's search, so its path may not be shortest."
    );
    assert!(
        v.link.ends_with("&heuristic=h%3A3%20*%20manhattan"),
        "{}",
        v.link
    );
    // The link reopens it exactly: the workshop's field and the trace.
    let mut other = Workbench::from_link(&v.link);
    other.apply(TraceAction::Run);
    let o = other.view();
    assert_eq!(o.lab.workshop.expr, "3 * manhattan");
    assert_eq!(o.trace.heuristic, "written");
    assert_eq!(o.trace.view.unwrap().status, t.status);
    assert!(
        o.link
            .ends_with("&events=590&heuristic=h%3A3%20*%20manhattan"),
        "{}",
        o.link
    );
    assert_eq!(o.link_note, "");
    // Editing the workshop's h re-chooses it: a text that does not parse
    // runs no trace and says why.
    w.apply(LabAction::Expr("3 * manhatan".into()));
    let v = w.view();
    assert!(v.trace.view.is_none());
    assert_eq!(
        v.trace.note,
        "No trace: your h does not parse: at character 5: unknown name `manhatan`; the known names are manhattan, misplaced, linear_conflict, out_of_row, out_of_col, blank_row, blank_col, width, height, md(t), row(t), col(t), abs(x), min(a, b), max(a, b), if(c, a, b). Fix it in the Lab's workshop, then press Step."
    );
}

#[test]
fn a_link_with_a_bad_expression_is_named_and_not_repaired() {
    let mut w = Workbench::from_link("tab=trace&heuristic=h%3A3%20*%20(manhattan");
    let v = w.view();
    assert_eq!(
        v.link_note,
        "The link's heuristic value \"h:3 * (manhattan\" was not used: expected misplaced, manhattan, linear-conflict, twice-manhattan, manhattan-plus-misplaced, or h: and an expression of the heuristic language that parses."
    );
    assert_eq!(v.trace.heuristic, "manhattan");
    assert!(!v.link.contains("heuristic="));
}

#[test]
fn a_written_h_with_no_value_stops_the_trace_and_names_the_board() {
    let mut w = Workbench::new(Inputs::default());
    w.edit(Field::Start, HARD);
    w.select_tab(Tab::Trace);
    w.apply(LabAction::Expr("12 / (misplaced - 7)".into()));
    w.apply(TraceAction::Heuristic("written".into()));
    w.apply(TraceAction::Run);
    assert_eq!(
        w.view().trace.view.unwrap().status,
        "Stopped: your h has no usable value on [8,6,7,2,5,4,3,0,1]: division by zero (the `/` at character 4). No path, and no claim about one."
    );
}
