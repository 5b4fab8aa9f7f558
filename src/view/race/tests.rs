//! The Race tab's tests: picks and links, written h, the finish line.

use super::*;
use crate::engine::heuristic::{BuiltIn, Heuristic};
use crate::engine::teaching::{Weight, WEIGHTED_OFFER};
use crate::engine::Board;
use crate::view::common::{choice_of, GoalTable, Inputs, WRITTEN, WRITTEN_NOTE};
use crate::view::input::ParsedInputs;

fn inputs(start: &str) -> ParsedInputs {
    ParsedInputs::new(
        Inputs {
            start: start.into(),
            goal: Inputs::default().goal,
            budget: Inputs::default().budget,
        },
        "1000000",
        crate::engine::solve::Mode::Optimal,
    )
}

/// A written h as a picker sets it (the workshop's text).
fn written(text: &str) -> Result<Heuristic, String> {
    choice_of(WRITTEN, text).unwrap()
}

#[test]
fn choices_round_trip_through_links() {
    let mut heuristics: Vec<_> = WEIGHTED_OFFER.iter().map(|&h| Ok(h.into())).collect();
    for text in [
        "manhattan",
        "3 * manhattan",
        "max(linear_conflict, 2*misplaced - 1)",
    ] {
        heuristics.push(written(text));
    }
    for pick in RacePick::ALL {
        for heuristic in &heuristics {
            for weight in Weight::ALL {
                let c = RaceChoice {
                    pick,
                    heuristic: heuristic.clone(),
                    weight,
                };
                let link = c.to_link().unwrap();
                let back = RaceChoice::from_link(&link).unwrap();
                assert_eq!(back.search(), c.search(), "{link}");
                assert_eq!(back.to_link().as_deref(), Some(link.as_str()));
            }
        }
    }
    let c = RaceChoice::from_link("astar_linear-conflict_2.5").unwrap();
    assert_eq!(c.name(), "weighted A* (linear conflict, w = 2.5)");
    assert_eq!(c.file_part(), "astar-linear-conflict-w2.5");
    // A written h: named by its text, filed as `written`; an `_` in the
    // expression is kept (the weight is the last part).
    let c = RaceChoice::from_link("astar_h:max(linear_conflict, misplaced)_1.5").unwrap();
    assert_eq!(
        c.name(),
        "weighted A* (your h = max(linear_conflict, misplaced), w = 1.5)"
    );
    assert_eq!(c.file_part(), "astar-written-w1.5");
    for (link, name, file) in [
        (
            "astar_h:manhattan_1",
            "A* (your h = manhattan)",
            "astar-written",
        ),
        (
            "greedy_h:2*misplaced",
            "greedy best-first (your h = 2*misplaced)",
            "greedy-written",
        ),
    ] {
        let c = RaceChoice::from_link(link).unwrap();
        assert_eq!((c.name().as_str(), c.file_part().as_str()), (name, file));
    }
    for (link, file) in [
        ("astar_manhattan_1", "astar-manhattan"),
        ("greedy_misplaced", "greedy-misplaced"),
        ("bfs", "bfs"),
        ("idastar", "idastar"),
    ] {
        assert_eq!(RaceChoice::from_link(link).unwrap().file_part(), file);
    }
    for bad in [
        "",
        "astar",
        "astar_manhattan",
        "astar_manhattan_6",
        "bfs_x",
        "greedy_",
        "dfs",
        "astar_manhattan_1.50",
        "astar_h:_1",
        "astar_h:2*_1",
        "greedy_h:",
        "astar_h:manhattan",
        "greedy_h:manhattan_1",
        "bfs_h:manhattan",
    ] {
        assert_eq!(RaceChoice::from_link(bad), None, "{bad}");
    }
    // A written h that does not parse: named, not run, not linked.
    let c = RaceChoice {
        heuristic: written(""),
        ..RaceChoice::default()
    };
    assert_eq!(c.name(), "A* (your h)");
    assert_eq!(c.to_link(), None);
    assert_eq!(
        c.search(),
        Err("your h does not parse: at character 1: expected a number, a name or `(`, found the end of the expression".to_string())
    );
    // Breadth-first takes no h: its link is whole whatever the h.
    let c = RaceChoice {
        pick: RacePick::Breadth,
        ..c
    };
    assert_eq!(c.to_link().as_deref(), Some("bfs"));
}

#[test]
fn a_written_h_races_as_its_built_in_twin() {
    let input = inputs("[8,1,3,4,0,2,7,6,5]");
    let boards = Some((
        Board::square(&[8, 1, 3, 4, 0, 2, 7, 6, 5]).unwrap(),
        Board::DEFAULT_GOAL,
    ));
    let mut tables = GoalTable::default();
    let mut panel = RacePanel::default();
    panel.apply(&input, RaceAction::Pick(RaceLane::Right, RacePick::Greedy));
    panel.set_heuristic(&input, RaceLane::Right, written("manhattan"));
    panel.apply(&input, RaceAction::Step);
    let v = panel.view(&mut tables, boards);
    assert_eq!(v.sides[0].title, "Left: A* (Manhattan)");
    assert_eq!(
        v.sides[1].title,
        "Right: greedy best-first (your h = manhattan)"
    );
    assert_eq!(v.sides[1].best, "Best h (greedy's priority): 9");
    assert!(v.budget_note.ends_with(&format!(
        "The Budget field does not apply here. {WRITTEN_NOTE}"
    )));
    panel.run_steps(1_000);
    let v = panel.view(&mut tables, boards);
    // Greedy with `manhattan` written: the built-in's 76 moves at step
    // 457 (456 expansions), worded as any side.
    assert_eq!(
        v.finish[1],
        "Right (greedy best-first (your h = manhattan)): Found a path of 76 moves at step 457 — not shortest: 62 moves longer than optimal. The blank's moves: RDLUULDRULDRDLUURDLURDRDLLUURDLDRRUULDDLURURDLURDDLLURDRUULDRULDLURRDLULDRRD."
    );
    assert_eq!(v.sides[1].expansions, "Expansions: 456");
    assert_eq!(
        crate::view::Picture::race(&v).unwrap().file,
        "race-3x3-astar-manhattan-vs-greedy-written-step-457"
    );
    // A* with `manhattan` written on both sides: the built-in's 35
    // expansions and 14 moves, on each side.
    panel.apply(&input, RaceAction::Pick(RaceLane::Right, RacePick::AStar));
    panel.set_heuristic(&input, RaceLane::Left, written("manhattan"));
    panel.run_steps(1_000);
    let v = panel.view(&mut tables, boards);
    assert_eq!(
        v.finish,
        [
            "Left (A* (your h = manhattan)): Found a path of 14 moves at step 36 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
            "Right (A* (your h = manhattan)): Found a path of 14 moves at step 36 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
            "Both found a path at the same step.",
        ]
    );
    assert_eq!(v.sides[0].expansions, "Expansions: 35");
    // `2 * manhattan` written: the built-in twice Manhattan's figures.
    let mut twins = Vec::new();
    for h in [written("2 * manhattan"), Ok(BuiltIn::TwiceManhattan.into())] {
        panel.set_heuristic(&input, RaceLane::Left, h);
        panel.run_steps(1_000);
        let v = panel.view(&mut tables, boards);
        twins.push((v.sides[0].expansions.clone(), v.sides[0].status.clone()));
    }
    assert_eq!(twins[0], twins[1]);
    assert_eq!(
        twins[0],
        (
            "Expansions: 31".to_string(),
            "Found a path of 14 moves at step 32 — shortest (checked against the distance table)."
                .to_string()
        )
    );
    // An inadmissible written h: its excess over the optimum, exactly
    // (3·Manhattan from a 31-move board: 35 moves, 577 expansions, as
    // the Lab's weighted A* finds).
    let hard = inputs("[8,6,7,2,5,4,3,0,1]");
    let hard_boards = Some((
        Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(),
        Board::DEFAULT_GOAL,
    ));
    panel.set_heuristic(&hard, RaceLane::Left, written("3 * manhattan"));
    panel.run_steps(100_000);
    let v = panel.view(&mut tables, hard_boards);
    assert!(
        v.finish[0].starts_with("Left (A* (your h = 3 * manhattan)): Found a path of 35 moves at step 578 — not shortest: 4 moves longer than optimal. The blank's moves: "),
        "{}",
        v.finish[0]
    );
    assert_eq!(v.sides[0].expansions, "Expansions: 577");
    assert_eq!(v.finish[2], "Left found a path first, at step 578.");
    panel.reset(&input);
    // An h with no value on a board stops that side, and names it.
    panel.set_heuristic(&input, RaceLane::Left, written("12 / (misplaced - 5)"));
    panel.apply(&input, RaceAction::Step);
    let v = panel.view(&mut tables, boards);
    assert_eq!(
        v.sides[0].status,
        "Stopped at step 1: your h has no usable value on [8,1,3,4,0,2,7,6,5]: division by zero (the `/` at character 4). No path, and no claim about one."
    );
    assert_eq!(v.sides[1].status, "Running: 1 step.");
    // A written h that does not parse runs no race, and says why.
    panel.set_heuristic(&input, RaceLane::Right, written("manhatan"));
    let v = panel.view(&mut tables, boards);
    assert!(!v.can_step);
    assert_eq!(v.sides[1].title, "Right: A* (your h)");
    assert_eq!(
        v.status,
        "No race: Right: your h does not parse: at character 1: unknown name `manhatan`; the known names are manhattan, misplaced, linear_conflict, out_of_row, out_of_col, blank_row, blank_col, width, height, md(t), row(t), col(t), abs(x), min(a, b), max(a, b), if(c, a, b). Fix it in the Lab's workshop, or choose another heuristic for that side."
    );
    // The workshop's text changes: both written sides follow it.
    panel.on_expr(&input, "misplaced");
    let v = panel.view(&mut tables, boards);
    assert_eq!(v.sides[0].title, "Left: A* (your h = misplaced)");
    assert_eq!(v.sides[1].title, "Right: A* (your h = misplaced)");
    assert!(v.can_step);
}

#[test]
fn the_workbench_races_the_workshops_h_and_links_it() {
    use crate::view::{LabAction, Workbench};
    let mut w = Workbench::from_link("start=%5B8%2C1%2C3%2C4%2C0%2C2%2C7%2C6%2C5%5D&tab=race");
    w.apply(LabAction::Expr("max(manhattan, 2 * misplaced - 1)".into()));
    w.apply(RaceAction::Pick(RaceLane::Right, RacePick::AStar));
    w.apply(RaceAction::Written(RaceLane::Right));
    let v = w.view();
    assert_eq!(
        v.race.sides[1].title,
        "Right: A* (your h = max(manhattan, 2 * misplaced - 1))"
    );
    assert!(
        v.link.ends_with(
            "&left=astar_manhattan_1&right=astar_h%3Amax(manhattan%2C%202%20*%20misplaced%20-%201)_1"
        ),
        "{}",
        v.link
    );
    // The link reopens the side and the workshop's field: one text.
    let mut other = Workbench::from_link(&v.link);
    let o = other.view();
    assert_eq!(o.race.sides[1].title, v.race.sides[1].title);
    assert_eq!(o.lab.workshop.expr, "max(manhattan, 2 * misplaced - 1)");
    assert_eq!(
        (o.link.as_str(), o.link_note.as_str()),
        (v.link.as_str(), "")
    );
    // An empty field: the side says why, and the link leaves it out.
    w.apply(LabAction::Expr(String::new()));
    let v = w.view();
    assert!(v.race.status.starts_with("No race: Right: your h does not parse: at character 1: expected a number, a name or `(`, found the end of the expression."), "{}", v.race.status);
    assert!(!v.link.contains("right="), "{}", v.link);
    let mut bad = Workbench::from_link("tab=race&left=astar_h%3A3*_1");
    assert_eq!(
        bad.view().link_note,
        "The link's left value \"astar_h:3*_1\" was not used: expected a race search: astar_<heuristic>_<weight>, greedy_<heuristic> (a heuristic: a built-in code, or h: and an expression that parses), bfs or idastar."
    );
}

#[test]
fn no_race_on_another_shape_or_across_parity() {
    let mut tables = GoalTable::default();
    let mut panel = RacePanel::default();
    panel.ensure(&inputs("[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]"));
    let v = panel.view(&mut tables, None);
    assert_eq!(
        v.status,
        "No race: the Race runs on a 3×3 board only, as the Trace does; the start is a 4×4 board. Type or choose a 3×3 board to use this tab."
    );
    assert!(!v.can_step);
    assert_eq!(
        crate::view::Picture::race(&v),
        None,
        "nothing drawn, no picture"
    );
    let mut panel = RacePanel::default();
    panel.ensure(&inputs("[2,1,3,4,5,6,7,8,0]"));
    let v = panel.view(&mut tables, None);
    assert!(
        v.status.starts_with("No race: ")
            && v.status
                .ends_with("; their parity differs, so the goal is unreachable."),
        "{}",
        v.status
    );
}

#[test]
fn a_race_steps_in_lockstep_and_its_finish_line_names_costs() {
    let input = inputs("[8,1,3,4,0,2,7,6,5]");
    let mut panel = RacePanel::default();
    let mut tables = GoalTable::default();
    let boards = Some((
        Board::square(&[8, 1, 3, 4, 0, 2, 7, 6, 5]).unwrap(),
        Board::DEFAULT_GOAL,
    ));
    panel.apply(&input, RaceAction::Pick(RaceLane::Right, RacePick::Greedy));
    panel.apply(&input, RaceAction::Step);
    let v = panel.view(&mut tables, boards);
    assert_eq!(v.status, "Racing: 1 step so far.");
    assert_eq!(v.sides[0].title, "Left: A* (Manhattan)");
    assert_eq!(v.sides[1].title, "Right: greedy best-first (Manhattan)");
    assert_eq!(v.sides[0].frontier, "Frontier: 4 entries");
    assert_eq!(v.sides[0].expansions, "Expansions: 1");
    assert_eq!(v.sides[0].best, "Best f = g + h: 10");
    assert_eq!(v.sides[1].best, "Best h (greedy's priority): 9");
    assert_eq!(v.sides[0].boards.len(), 3);
    assert_eq!(v.finish, ["No side has ended yet."]);
    assert!(!v.budget_note.contains(WRITTEN_NOTE));
    let picture = crate::view::Picture::race(&v).unwrap();
    assert_eq!(
        picture.file_name("svg"),
        "race-3x3-astar-manhattan-vs-greedy-manhattan-step-1.svg"
    );
    assert_eq!(picture.label("png"), "Download PNG of the race");
    let svg = picture.svg.unwrap();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1200\" height=\""));
    assert!(svg.contains("<title>Race after 1 step: Left: A* (Manhattan); Right: greedy best-first (Manhattan). No side has ended yet.</title><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"));
    for line in [
        "Expansions: 1",
        "Best f = g + h: 10",
        "Best h (greedy's priority): 9",
        "Finish line",
    ] {
        assert!(svg.contains(&format!(">{line}</text>")), "{line}");
    }
    // Two sides of three boards, eight tiles each.
    assert_eq!(svg.matches("stroke-dasharray=\"6 4\"").count(), 6);
    assert_eq!(
        svg.matches("<text ").count(),
        svg.matches("</text>").count()
    );
    assert!(!svg.contains("var("));
    let token = panel.apply(&input, RaceAction::TogglePlay).unwrap();
    panel.apply(&input, RaceAction::Speed(RaceSpeed::Fastest));
    while panel.tick(token) {}
    let v = panel.view(&mut tables, boards);
    assert_eq!(v.play_label, "Play");
    assert!(!v.can_step);
    assert_eq!(
        v.finish,
        [
            "Left (A* (Manhattan)): Found a path of 14 moves at step 36 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD.",
            "Right (greedy best-first (Manhattan)): Found a path of 76 moves at step 457 — not shortest: 62 moves longer than optimal. The blank's moves: RDLUULDRULDRDLUURDLURDRDLLUURDLDRRUULDDLURURDLURDDLLURDRUULDRULDLURRDLULDRRD.",
            "Left found a path first, at step 36.",
        ]
    );
    assert_eq!(v.status, "Both sides have ended, after 457 steps.");
    assert_eq!(
        crate::view::Picture::race(&v).unwrap().file,
        "race-3x3-astar-manhattan-vs-greedy-manhattan-step-457"
    );
    // A weight set after a pick is the weight the side runs under.
    panel.apply(&input, RaceAction::Pick(RaceLane::Left, RacePick::Ida));
    panel.apply(&input, RaceAction::Pick(RaceLane::Left, RacePick::AStar));
    let w = Weight::from_twice(6).unwrap();
    panel.apply(&input, RaceAction::Weight(RaceLane::Left, w));
    panel.run_steps(1_000);
    let v = panel.view(&mut tables, boards);
    assert_eq!(
        v.finish[0],
        "Left (weighted A* (Manhattan, w = 3)): Found a path of 14 moves at step 30 — shortest (checked against the distance table). The blank's moves: RDLLUURDLDRURD."
    );
}
