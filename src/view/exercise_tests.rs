//! The workshop's search cost and exercises through the workbench's
//! receive path: the cost table is the engine's `SearchCost` (the code of
//! `heuristic cost`), and the page's grade is, line for line, the grade
//! `heuristic grade --link …` prints, for the shipped exercises and a made
//! one.

use super::*;
use crate::engine::heuristic::expr::Program;
use crate::engine::heuristic::HeuristicCheck;
use crate::engine::teaching::workshop::{grade, Exercise, SearchCost, COST_PER_DEPTH, EXERCISES};

fn bench() -> Workbench {
    let mut w = Workbench::new(Inputs::default());
    w.apply(Tab::Lab);
    w
}

/// Starts `work` without workers and runs its slices to the end.
fn run(w: &mut Workbench, work: Work) -> ExerciseView {
    let mut clock = || 0.0;
    w.receive(
        Inbound::Start {
            work,
            workers: false,
        },
        &mut clock,
    );
    for _ in 0..100_000 {
        let fx = w.receive(Inbound::Slice { work, ms: 40.0 }, &mut clock);
        if fx.list.contains(&Effect::Finished(work)) {
            return w.view().lab.exercise;
        }
        assert_eq!(fx.list, vec![Effect::Slice(work)]);
    }
    panic!("{work:?} did not finish");
}

const GOAL_3X2: &str = "[[1,2,3],[4,5,0]]";

#[test]
fn the_cost_table_is_the_engines_search_cost_with_the_sample_stated() {
    let mut w = bench();
    w.apply(InputAction::Edit(Field::Start, "[[1,2,3],[4,0,5]]".into()));
    w.apply(InputAction::Edit(Field::Goal, GOAL_3X2.into()));
    w.apply(LabAction::Expr("max(manhattan, misplaced)".into()));
    let v = run(&mut w, Work::Cost);
    assert_eq!(
        v.cost_status,
        "Done: the search cost of h = max(manhattan, misplaced) on 271 boards of 3×2 (goal [[1,2,3],[4,5,0]])."
    );
    assert_eq!(
        v.cost_about[0],
        "The sample: at each depth 20 boards drawn from the boards at that depth (seed 0x5EED0FC057 xor the depth; all of them where there are fewer), 271 in all; the same boards as heuristic cost on the command line."
    );
    assert_eq!(
        v.cost_about[2],
        "A* runs on 3×3 only; this shape has IDA* alone."
    );
    assert_eq!(
        v.cost_headings,
        vec!["Depth", "Boards", "IDA* h", "IDA* Manhattan"]
    );
    assert_eq!(v.cost_rows.len(), 22);
    assert_eq!(v.cost_rows[0], vec!["0", "1 of 1", "1.0 / -", "1.0 / -"]);
    // Against the engine run directly: the same cells.
    let goal = Board::default_goal(Shape::new(3, 2).unwrap());
    let mut check =
        HeuristicCheck::new(Program::compile("max(manhattan, misplaced)", &goal).unwrap()).unwrap();
    while !check.step(1 << 16) {}
    let mut cost = SearchCost::new(&check, COST_PER_DEPTH).unwrap();
    while !cost.step(64) {}
    for (r, row) in cost.rows().iter().zip(&v.cost_rows) {
        assert_eq!(row[2], r.ida[0].cell(r.depth));
        assert_eq!(row[3], r.ida[1].cell(r.depth));
    }
    assert_eq!(v.cost_rows[21][1], "1 of 1");
    assert_eq!(v.cost_rows[21][..2], ["21", "1 of 1"]);
    assert!(!v.cost_failed && !v.cost_running);
}

#[test]
fn the_cost_says_where_it_is_and_cancel_claims_nothing() {
    let mut w = bench();
    let mut clock = || 0.0;
    w.receive(
        Inbound::Start {
            work: Work::Cost,
            workers: false,
        },
        &mut clock,
    );
    let v = w.view().lab.exercise;
    assert_eq!(
        (v.cost_status.as_str(), v.cost_running),
        ("Starting: compiling h and allocating the tables…", true)
    );
    w.receive(
        Inbound::Slice {
            work: Work::Cost,
            ms: 40.0,
        },
        &mut clock,
    );
    assert_eq!(
        w.view().lab.exercise.cost_status,
        "Running: checking h first, 0 of 181,440 boards."
    );
    w.apply(Action::CancelWork(Work::Cost));
    let v = w.view().lab.exercise;
    assert_eq!(
        v.cost_status,
        "Cancelled; nothing is claimed. Press Search cost to start again."
    );
    assert!(v.cost_rows.is_empty() && !v.cost_running);
}

#[test]
fn the_cost_refuses_a_bad_expression_and_a_12_cell_goal() {
    let mut w = bench();
    w.apply(LabAction::Expr("manhattan +".into()));
    let mut clock = || 0.0;
    w.receive(
        Inbound::Start {
            work: Work::Cost,
            workers: true,
        },
        &mut clock,
    );
    let v = w.view().lab.exercise;
    assert!(v.cost_failed);
    assert!(v
        .cost_status
        .starts_with("Nothing run: the expression has an error"));
    w.apply(LabAction::Expr("manhattan".into()));
    w.apply(InputAction::Edit(
        Field::Start,
        "[[1,2,3],[4,5,6],[7,8,9],[10,0,11]]".into(),
    ));
    w.receive(
        Inbound::Start {
            work: Work::Cost,
            workers: true,
        },
        &mut clock,
    );
    assert_eq!(
        w.view().lab.exercise.cost_status,
        "The search cost needs every board's distance: goals of at most 10 cells; this one is 3×4 (12 cells)."
    );
}

/// The page's grade of `expr` on the exercise picked, against the engine's
/// (the lines `heuristic grade` prints after `h = …`).
fn graded(w: &mut Workbench, ex: &Exercise, expr: &str) -> ExerciseView {
    w.apply(LabAction::Expr(expr.into()));
    let v = run(w, Work::Grade);
    let g = grade(ex, expr).unwrap();
    assert_eq!(v.grade_lines, g.lines(ex), "{expr}");
    assert_eq!(v.pass, Some(g.pass));
    assert_eq!(v.grade_status, format!("Graded: h = {expr}."));
    v
}

#[test]
fn the_page_grades_the_shipped_exercises_as_the_cli_does() {
    let mut w = bench();
    for (i, h, pass) in [
        (0, "manhattan", true),
        (1, "manhattan", false),
        (2, "linear_conflict", true),
    ] {
        w.apply(LabAction::Exercise(i.to_string()));
        let ex = Exercise::read(EXERCISES[i].1).unwrap();
        let v = graded(&mut w, &ex, h);
        assert_eq!(v.pass, Some(pass));
        assert_eq!(v.choice, i.to_string());
        assert_eq!(v.task, task_words(&ex));
    }
    let v = w.view().lab.exercise;
    assert_eq!(
        v.grade_lines,
        vec![
            "Exercise: IDA* on 20 boards of 2×4, at most 273,929 nodes expanded in total, h admissible",
            "Admissible: yes (h ≤ distance on every board)",
            v.grade_lines[2].as_str(),
            "Pass",
        ]
    );
    assert!(v.grade_lines[2].starts_with("Nodes: 102,560 ("));
    let ex = Exercise::read(EXERCISES[1].1).unwrap();
    w.apply(LabAction::Exercise("1".into()));
    let v = graded(&mut w, &ex, "manhattan");
    assert_eq!(
        v.grade_lines.last().unwrap(),
        "Fail: 35,799 nodes, over the target of 35,798"
    );
}

#[test]
fn a_made_exercise_is_graded_as_the_cli_grades_its_link() {
    let mut w = bench();
    w.apply(InputAction::Edit(Field::Start, "[[1,2,3],[4,5,0]]".into()));
    w.apply(InputAction::Edit(Field::Goal, GOAL_3X2.into()));
    w.apply(LabAction::Maker("search", "idastar".into()));
    w.apply(LabAction::Maker("nodes", "60".into()));
    w.apply(LabAction::Maker("boards", "123405, 012345,  450123".into()));
    w.apply(LabAction::MakeLink);
    let v = w.view().lab.exercise;
    let fragment = "exercise=3x2.123450.idastar.admissible.60.123405_012345_450123";
    assert_eq!(v.made, Some(Ok(fragment.to_string())));
    assert_eq!((v.choice.as_str(), v.has_own), ("own", true));
    assert_eq!(
        v.task,
        "Write an admissible h (never above the true distance on any board that can reach the goal) with which IDA* expands at most 60 boards in total, searching from each of these 3 boards of 3×2 to the goal [[1,2,3],[4,5,0]]: [[1,2,3],[4,0,5]], [[0,1,2],[3,4,5]], [[4,5,0],[1,2,3]]."
    );
    // The page's own link carries it, exactly.
    assert!(w.view().link.contains(fragment), "{}", w.view().link);
    let ex = Exercise::read(fragment).unwrap();
    let v = graded(&mut w, &ex, "manhattan");
    assert_eq!(v.pass, Some(false));
    // An overestimate fails the rule; its counterexample opens in Solve.
    let v = graded(&mut w, &ex, "3 * manhattan");
    assert_eq!(
        v.grade_lines[1],
        "Admissible: no — h overestimates on 303 boards"
    );
    assert_eq!(v.grade_lines.last().unwrap(), "Fail: h is not admissible");
    assert_eq!(v.grade_links.len(), 1);
    // The rule "any" and the start as the one board when the field is
    // empty.
    w.apply(LabAction::Maker("rule", "any".into()));
    w.apply(LabAction::Maker("boards", String::new()));
    w.apply(InputAction::Edit(Field::Start, "[[1,2,3],[4,0,5]]".into()));
    w.apply(LabAction::MakeLink);
    assert_eq!(
        w.view().lab.exercise.made,
        Some(Ok("exercise=3x2.123450.idastar.any.60.123405".to_string()))
    );
    // A bad field is the engine's error, never repaired.
    w.apply(LabAction::Maker("nodes", "0".into()));
    w.apply(LabAction::MakeLink);
    assert_eq!(
        w.view().lab.exercise.made,
        Some(Err(
            "No link made: '0' is not a node target (a whole number from 1).".to_string()
        ))
    );
}

#[test]
fn an_exercise_link_opens_it_and_a_bad_one_is_named() {
    let text = EXERCISES[2].1;
    let (mut w, _) = Workbench::open(&format!("#tab=lab&exercise={text}"));
    let v = w.view();
    assert_eq!(v.lab.exercise.choice, "own");
    assert!(v.link.ends_with(&format!("exercise={text}")), "{}", v.link);
    let (mut w, _) = Workbench::open("#tab=lab&exercise=3x3.123456780.bfs.any.5.123456708");
    let v = w.view();
    assert_eq!(v.lab.exercise.choice, "0");
    assert_eq!(
        v.link_note,
        "The link's exercise value \"3x3.123456780.bfs.any.5.123456708\" was not used: its search field is wrong: 'bfs' is not a search of this shape: astar (3x3 only) or idastar."
    );
}
