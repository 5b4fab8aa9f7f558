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

/// The view a link reopens, without what belongs to the moment rather
/// than to the state: the history entry (a fresh page's differs from the
/// page that made the link), the notice that the goal followed the start
/// (its Undo undoes the typing), Predict's reply to the last answer, and
/// the exercise maker's draft (the link carries the exercise it made, as
/// the one picked; opening a link shows the exercises once more).
fn reopened(w: &mut Workbench) -> View {
    let mut v = w.view();
    v.entry = 0;
    v.inputs.goal_note = None;
    let p = &mut v.trace.predict;
    (p.said, p.verdict, p.mark) = (String::new(), None, "");
    let e = &mut v.lab.exercise;
    (e.maker, e.made, e.reveal) = (Default::default(), None, 0);
    v
}

#[test]
fn every_link_field_written_by_a_control_reopens_the_same_page() {
    use crate::engine::heuristic::BuiltIn;
    use crate::engine::teaching::parse_weight;
    use crate::engine::teaching::workshop::{CostSearch, Exercise};
    type Drive = fn(&mut Workbench);
    // Each key of the link, set through the controls a person uses.
    let cases: [(&str, Drive); 19] = [
        ("start", |w| {
            w.edit(Field::Start, "[4,1,3,0,2,6,7,5,8]");
            w.solve();
        }),
        ("goal", |w| {
            w.edit(Field::Goal, "[1,2,3,4,5,6,7,0,8]");
            w.solve();
        }),
        ("budget", |w| {
            w.edit(Field::Budget, "50");
            w.solve();
        }),
        ("nodes", |w| {
            w.edit(
                Field::Start,
                "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]",
            );
            w.set_node_budget("5000");
            w.solve();
        }),
        ("mode", |w| {
            w.set_mode(Mode::Fast);
            w.solve();
        }),
        ("metric", |w| {
            w.apply(InputAction::Metric(Metric::Multi));
            w.solve();
        }),
        ("tab", |w| w.select_tab(Tab::Space)),
        ("step", |w| {
            w.apply(SolutionAction::Navigate(NavAction::Next));
        }),
        ("events", |w| {
            w.edit(Field::Start, HARD);
            w.solve();
            w.apply(TraceAction::Step);
            w.apply(TraceAction::Step);
        }),
        ("algo", |w| {
            w.apply(TraceAction::Algorithm("idastar".into()));
            w.apply(TraceAction::Step);
        }),
        ("predict", |w| {
            w.apply(TraceAction::Predict(true));
        }),
        ("score", |w| {
            w.apply(TraceAction::Predict(true));
            w.apply(TraceAction::Answer("123456078".into()));
        }),
        ("weight", |w| {
            w.select_tab(Tab::Trace);
            w.apply(TraceAction::Weight("2.5".into()));
        }),
        ("heuristic", |w| {
            w.select_tab(Tab::Trace);
            w.apply(TraceAction::Heuristic("linear-conflict".into()));
        }),
        ("heuristic", |w| {
            w.apply(LabAction::Expr("2 * manhattan".into()));
            w.select_tab(Tab::Trace);
            w.apply(TraceAction::Heuristic("written".into()));
            w.apply(TraceAction::Step);
        }),
        ("idabudget", |w| {
            w.select_tab(Tab::Trace);
            w.apply(TraceAction::Algorithm("idastar".into()));
            w.apply(TraceAction::IdaBudget("5000".into()));
        }),
        ("exercise", |w| {
            w.select_tab(Tab::Lab);
            w.apply(LabAction::Maker("nodes", "5000".into()));
            w.apply(LabAction::MakeLink);
        }),
        ("left", |w| {
            w.apply(RaceAction::Pick(RaceLane::Left, RacePick::Greedy));
        }),
        ("right", |w| {
            w.apply(RaceAction::Pick(RaceLane::Right, RacePick::AStar));
            w.apply(RaceAction::Heuristic(RaceLane::Right, BuiltIn::Misplaced));
            w.apply(RaceAction::Weight(
                RaceLane::Right,
                parse_weight("2.5").unwrap(),
            ));
        }),
    ];
    let mut seen = Vec::new();
    for (key, drive) in cases {
        let mut w = Workbench::from_link("");
        drive(&mut w);
        let made = reopened(&mut w);
        let link = made.link.clone();
        assert!(
            link.split('&').any(|p| p.starts_with(&format!("{key}="))),
            "{key}: {link}"
        );
        let mut again = Workbench::from_link(&link);
        let opened = reopened(&mut again);
        assert_eq!(opened.link_note, "", "{key}: {link}");
        assert_eq!(opened, made, "{key}: {link}");
        seen.push(key);
    }
    // Every key the link can write is among the cases: a Link with every
    // part set names them all (a new part is a compile error above until
    // it is set here, and then a failure until a case drives it).
    let every = Link {
        start: Some("s".into()),
        goal: Some("g".into()),
        budget: Some("1".into()),
        nodes: Some("1".into()),
        mode: Some(Mode::Fast),
        metric: Some(Metric::Multi),
        tab: Some(Tab::Lab),
        step: Some(1),
        events: Some(1),
        algo: Some(TraceAlgorithm::IdaStar),
        predict: Some(true),
        score: Some(Score { right: 1, asked: 1 }),
        weight: Some(parse_weight("2").unwrap()),
        heuristic: Some(Heuristic::BuiltIn(BuiltIn::Misplaced)),
        idabudget: Some("1".into()),
        exercise: Some(Exercise {
            goal: Board::DEFAULT_GOAL,
            search: CostSearch::AStar,
            admissible: true,
            max_nodes: 1,
            boards: vec![Board::DEFAULT_GOAL],
            metric: Default::default(),
        }),
        left: Some(RaceChoice::default()),
        right: Some(RaceChoice::default()),
        solve: Some("R".into()),
        moves: Some(1),
        time: SolveTime::parse("1.5"),
    };
    let keys: Vec<String> = every
        .to_fragment()
        .split('&')
        .map(|p| p.split('=').next().unwrap_or("").to_string())
        .collect();
    assert_eq!(keys.len(), 21);
    // The Play solve's keys are written by its own link at the goal, not
    // by the address: speed_tests.rs round-trips them.
    let play_solve = ["solve", "moves", "time"];
    for k in &keys {
        assert!(
            seen.contains(&k.as_str()) || play_solve.contains(&k.as_str()),
            "no case writes {k}="
        );
    }
}

/// The link `heuristic exercise` and the Lab's Make link write for the
/// shipped 2×4 exercise.
const EXERCISE_2X4: &str =
    "exercise=4x2.12345670.idastar.admissible.2000.42713560_67531204_75346012";

#[test]
fn an_exercise_link_opens_the_lab_with_its_exercise_shown() {
    for open_in in ["fresh", "open page"] {
        let mut w = if open_in == "fresh" {
            Workbench::from_link(EXERCISE_2X4)
        } else {
            let mut w = Workbench::from_link("");
            w.apply(Action::Address(format!("#{EXERCISE_2X4}")));
            w
        };
        let v = w.view();
        assert_eq!(v.tab, Tab::Lab, "{open_in}");
        assert_eq!(v.link_note, "", "{open_in}");
        assert_eq!(v.lab.exercise.choice, "own");
        assert!(v.lab.exercise.reveal > 0);
        assert!(
            v.lab.exercise.task.contains("4×2"),
            "{}",
            v.lab.exercise.task
        );
        // Its goal and first board fill the fields, so the workshop checks
        // h against the exercise's goal; the address keeps the exercise.
        assert_eq!(v.inputs.goal, "[[1,2,3,4],[5,6,7,0]]");
        assert_eq!(v.inputs.start, "[[4,2,7,1],[3,5,6,0]]");
        assert!(
            v.link.ends_with(&format!("&tab=lab&{EXERCISE_2X4}")),
            "{}",
            v.link
        );
        // The address reopens the same page.
        let mut again = Workbench::from_link(&v.link);
        assert_eq!(reopened(&mut again), reopened(&mut w));
    }
}

#[test]
fn a_bad_exercise_link_names_its_field_and_loses_nothing() {
    let mut w = Workbench::from_link("");
    w.select_tab(Tab::Lab);
    w.apply(LabAction::Exercise("1".into()));
    w.apply(Action::Address(
        "#exercise=3x3.123456780.astar.admissible.0.867254301".into(),
    ));
    let v = w.view();
    assert_eq!(
        v.link_note,
        "The link's exercise value \"3x3.123456780.astar.admissible.0.867254301\" was not used: its nodes field is wrong: '0' is not a node target (a whole number from 1)."
    );
    // The Lab opens on the exercises; the exercise picked stays.
    assert_eq!((v.tab, v.lab.exercise.choice.as_str()), (Tab::Lab, "1"));
    assert!(v.lab.exercise.reveal > 0);
    assert!(!v.link.contains("exercise="));
    for (fragment, note) in [
        (
            "exercise=3x3.123456780.astar",
            "it is not an exercise: an exercise has 6 fields separated by '.' (shape, goal, search, rule, nodes, boards), and a 7th, multi, in the multi-tile metric; found 3",
        ),
        (
            "exercise=3x3.123456780.astar.admissible.50.213456780",
            "its boards field is wrong: board 1 cannot reach the goal",
        ),
        (
            "exercise=4x2.12345670.astar.admissible.50.42713560",
            "its search field is wrong: 'astar' is not a search of this shape: astar (3x3 only) or idastar",
        ),
    ] {
        let v = Workbench::from_link(fragment).view();
        assert!(v.link_note.ends_with(&format!("was not used: {note}.")), "{fragment}: {}", v.link_note);
    }
}

#[test]
fn a_link_whose_fields_disagree_names_the_field_and_uses_every_value() {
    // An exercise for 2×4 with a 3×3 start.
    let fragment = format!("start=%5B4%2C1%2C3%2C0%2C2%2C6%2C7%2C5%2C8%5D&{EXERCISE_2X4}");
    let v = Workbench::from_link(&fragment).view();
    assert_eq!(
        v.link_note,
        "The link's exercise is for a 4×2 board and its start is a 3×3 board: the exercise is graded on its own 4×2 goal and boards."
    );
    assert_eq!((v.tab, v.lab.exercise.choice.as_str()), (Tab::Lab, "own"));
    assert_eq!(v.inputs.start, "[4,1,3,0,2,6,7,5,8]");
    // The multi-tile metric on a tool that searches single-tile moves: the
    // teaching IDA* (the Trace's A* and the Race's other sides take it).
    let v = Workbench::from_link("metric=multi&tab=trace&algo=idastar").view();
    assert_eq!(
        v.link_note,
        "The link's metric is multi, but the Trace's IDA* is the teaching IDA* (Manhattan): its moves and figures count single-tile moves."
    );
    assert_eq!(v.family.metric, Metric::Multi);
    assert_eq!(
        Workbench::from_link("metric=multi&tab=trace")
            .view()
            .link_note,
        ""
    );
    let v = Workbench::from_link("metric=multi&tab=race&right=idastar").view();
    assert_eq!(
        v.link_note,
        "The link's metric is multi, but the Race's IDA* side is the teaching IDA* (Manhattan): its moves and figures count single-tile moves."
    );
    assert_eq!(
        Workbench::from_link("metric=multi&tab=race")
            .view()
            .link_note,
        ""
    );
    assert_eq!(
        Workbench::from_link("metric=multi&tab=space")
            .view()
            .link_note,
        ""
    );
}

#[test]
fn a_link_with_only_a_start_takes_its_shapes_default_goal() {
    let start = "[[13,8,14,3],[9,1,0,7],[15,5,4,10],[12,2,6,11]]";
    let mut w = Workbench::from_link(&format!("start={}", encode_component(start)));
    let v = w.view();
    assert_eq!(
        v.inputs.goal,
        "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]"
    );
    assert_eq!(
        (
            v.inputs.start_error.as_deref(),
            v.inputs.goal_error.as_deref()
        ),
        (None, None)
    );
    // As typing the start does.
    let mut typed = Workbench::new(Inputs::default());
    typed.edit(Field::Start, start);
    assert_eq!(typed.view().inputs.goal, v.inputs.goal);
    // A start whose shape cannot be told keeps the baseline's goal.
    let v = Workbench::from_link("start=%5B1%2C2").view();
    assert_eq!(v.inputs.goal, "[1,2,3,4,5,6,7,8,0]");
}

#[test]
fn hint_and_the_move_keys_are_disabled_with_their_reason_on_an_invalid_board() {
    let mut w = Workbench::from_link("tab=play");
    assert_eq!(w.view().play.hint_reason, None);
    w.edit(Field::Start, "[1,2,3,4,5,6,7,8,8]");
    let v = w.view();
    assert!(v.play.view.is_none());
    assert_eq!(
        v.play.hint_reason.as_deref(),
        Some("Hint and the move keys need a game: the start and goal boards must be valid.")
    );
}

#[test]
fn after_the_race_ends_no_side_lists_entries_to_pop() {
    // The baseline: A* (Manhattan) ends at step 3, BFS at step 5.
    let mut w = Workbench::from_link("tab=race");
    assert_eq!(
        w.view().race.sides[0].boards_caption,
        "The next 1 entry to pop, first first"
    );
    for _ in 0..10 {
        w.apply(RaceAction::Step);
    }
    let v = w.view();
    assert!(
        v.race.finish.iter().any(|l| l.contains("first")),
        "{:?}",
        v.race.finish
    );
    for side in &v.race.sides {
        assert!(
            side.status.starts_with("Found a path of 2 moves"),
            "{}",
            side.status
        );
        assert!(
            !side.boards_caption.contains("next"),
            "{}",
            side.boards_caption
        );
        assert!(
            side.boards_caption
                .starts_with("Nothing more to pop: the search ended."),
            "{}",
            side.boards_caption
        );
    }
}
