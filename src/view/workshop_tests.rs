//! The Lab's heuristic workshop through the workbench's receive path:
//! exact figures on 3×3, the parse error with its position, Cancel.

use super::*;
use crate::engine::heuristic::HCount;

fn bench() -> Workbench {
    let mut w = Workbench::new(Inputs::default());
    w.apply(Tab::Lab);
    w
}

/// Writes `expr`, starts the check with or without workers and, without,
/// runs its slices until it finishes; the workshop's view.
fn check(w: &mut Workbench, expr: &str) -> WorkshopView {
    w.apply(LabAction::Expr(expr.into()));
    let mut clock = || 0.0;
    let start = Inbound::Start {
        work: Work::Check,
        workers: false,
    };
    let fx = w.receive(start, &mut clock);
    assert!(fx.list.contains(&Effect::RunWork {
        work: Work::Check,
        place: Place::Slices
    }));
    for _ in 0..1000 {
        let slice = Inbound::Slice {
            work: Work::Check,
            ms: 40.0,
        };
        let fx = w.receive(slice, &mut clock);
        if fx.list.contains(&Effect::Finished(Work::Check)) {
            return w.view().lab.workshop;
        }
        assert_eq!(fx.list, vec![Effect::Slice(Work::Check)]);
    }
    panic!("the check did not finish");
}

const TARGET: &str = "h is checked against the goal [1,2,3,4,5,6,7,8,0] (3×3): every one of the 181,440 boards that can reach it, each against its exact distance, and every move between them.";

#[test]
fn manhattan_on_3x3_is_admissible_and_consistent_with_its_exact_figures() {
    let mut w = bench();
    let v = check(&mut w, "manhattan");
    assert_eq!(v.target, TARGET);
    assert_eq!(v.status, "Done: 181,440 boards in 0.0 s (this page).");
    assert_eq!(
        v.note,
        "Web Workers are not available here, so the check of h runs in slices on the page's own thread."
    );
    assert_eq!(
        (v.failed, v.running, v.progress),
        (false, false, (181_440, 181_440))
    );
    assert_eq!(
        v.figures,
        vec![
            "Admissible: yes. h ≤ the true distance on all 181,440 boards.",
            "Consistent: yes. h(a) ≤ 1 + h(b) on every move a→b.",
            "Mean h/d: 0.6420 (over the boards with distance > 0).",
            "h = d exactly on 2,351 of 181,440 boards (1.3%).",
        ]
    );
    assert!(v.links.is_empty());
    // The table: every (distance, h) pair that occurs, ascending.
    assert_eq!(
        v.rows[..3],
        [["0", "0", "1"], ["1", "1", "2"], ["2", "2", "4"]].map(|r| r.map(String::from))
    );
    assert_eq!(v.rows.last().unwrap(), &["31", "21", "2"].map(String::from));
    // The heat map: one row per h from 22 down to 0, a column per distance.
    assert_eq!(v.heat.rows.len(), 23);
    assert_eq!(v.heat.rows[0].label, "22");
    assert_eq!(v.heat.rows[22].label, "0");
    assert_eq!(v.heat.rows[22].cells[0], (1, 1));
    assert_eq!(v.heat.rows[22].cells.len(), 32);
    assert_eq!(v.heat.rows[1].cells[31], (2, 1));
    assert!(v.heat.rows.iter().all(|r| r.over.len() == 32));
    assert!(!v.heat.rows[22].over[0] && v.heat.rows[21].over[0]);
}

#[test]
fn twice_manhattan_on_3x3_shows_the_worst_overestimate_and_move_with_links() {
    let mut w = bench();
    let v = check(&mut w, "2 * manhattan");
    assert_eq!(
        v.figures,
        vec![
            "Admissible: no. h overestimates the true distance on 157,176 of 181,440 boards; the worst: h = 44 where the distance is 22 (by 22), on [5,6,7,3,0,8,2,1,4].",
            "Consistent: no. h(a) > 1 + h(b) on 241,920 moves a→b (each direction counted); the worst: a = [0,1,2,3,4,5,6,7,8] with h = 24, b = [1,0,2,3,4,5,6,7,8] with h = 22.",
            "Mean h/d: 1.2840 (over the boards with distance > 0).",
            "h = d exactly on 8,558 of 181,440 boards (4.7%).",
        ]
    );
    let labels: Vec<&str> = v.links.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(
        labels,
        vec![
            "Open the worst overestimate [5,6,7,3,0,8,2,1,4] in Solve",
            "Open board a [0,1,2,3,4,5,6,7,8] in Solve",
            "Open board b [1,0,2,3,4,5,6,7,8] in Solve",
        ]
    );
    assert_eq!(
        v.links[0].fragment,
        "start=%5B5%2C6%2C7%2C3%2C0%2C8%2C2%2C1%2C4%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&tab=solution"
    );
    // The link opens that board in the Solve tab.
    let fragment = v.links[0].fragment.clone();
    w.apply(Action::Address(fragment));
    let view = w.view();
    assert_eq!(
        (view.tab, view.inputs.start.as_str()),
        (Tab::Solution, "[5,6,7,3,0,8,2,1,4]")
    );
    // The goal did not change: the figures stay for the way back to the Lab.
    assert_eq!(view.lab.workshop.figures.len(), 4);
    // A new goal drops them.
    w.apply(InputAction::Edit(
        crate::engine::request::Field::Goal,
        "[0,1,2,3,4,5,6,7,8]".into(),
    ));
    let v = w.view().lab.workshop;
    assert_eq!(
        (v.figures.len(), v.status.as_str()),
        (0, "Not checked yet: press Check h.")
    );
    // Even h values only, 0 to 44: one row each.
    let v = check(&mut bench(), "2 * manhattan");
    assert_eq!(v.heat.rows.len(), 45);
    assert_eq!(v.heat.rows[0].label, "44");
}

#[test]
fn a_parse_error_is_shown_with_its_position_and_nothing_runs() {
    let mut w = bench();
    w.apply(LabAction::Expr("manhattan + * 2".into()));
    let v = w.view().lab.workshop;
    assert_eq!(
        v.error.as_deref(),
        Some("at character 13: expected a number, a name or `(`, found `*`.")
    );
    assert_eq!(v.marker.as_deref(), Some("manhattan + * 2\n            ^"));
    let mut clock = || 0.0;
    w.receive(
        Inbound::Start {
            work: Work::Check,
            workers: true,
        },
        &mut clock,
    );
    let fx = w.receive(Inbound::Tasks(Work::Check), &mut clock);
    assert!(fx.list.is_empty());
    let v = w.view().lab.workshop;
    assert!(v.failed);
    assert_eq!(
        v.status,
        "Nothing checked: the expression has an error at character 13: expected a number, a name or `(`, found `*`."
    );
    w.apply(LabAction::Expr("manhatan".into()));
    let v = w.view().lab.workshop;
    assert_eq!(
        v.error.as_deref(),
        Some("at character 1: unknown name `manhatan`; the known names are manhattan, misplaced, linear_conflict, out_of_row, out_of_col, blank_row, blank_col, width, height, md(t), row(t), col(t), abs(x), min(a, b), max(a, b), if(c, a, b).")
    );
    w.apply(LabAction::Expr("md(9)".into()));
    assert_eq!(
        w.view().lab.workshop.error.as_deref(),
        Some("at character 4: there is no tile 9 on this board: the tiles are 1 to 8.")
    );
}

#[test]
fn a_check_in_a_worker_streams_and_cancel_stops_it() {
    let mut w = bench();
    let mut clock = || 5.0;
    let fx = w.receive(
        Inbound::Start {
            work: Work::Check,
            workers: true,
        },
        &mut clock,
    );
    assert!(fx.list.contains(&Effect::RunWork {
        work: Work::Check,
        place: Place::Workers
    }));
    let fx = w.receive(Inbound::Tasks(Work::Check), &mut clock);
    let task = Task::Check {
        expr: "manhattan".into(),
        goal: crate::engine::Board::DEFAULT_GOAL,
        metric: Default::default(),
    };
    assert_eq!(
        fx.list,
        vec![Effect::Stream {
            work: Work::Check,
            task
        }]
    );
    let progress = Reply::Progress(Step::Check(crate::task::check::CheckProgress {
        checked: 90_000,
        total: 181_440,
    }));
    let fx = w.receive(
        Inbound::Stream {
            work: Work::Check,
            reply: progress.clone(),
        },
        &mut clock,
    );
    assert!(!fx.stops(Work::Check));
    let v = w.view().lab.workshop;
    assert_eq!(v.status, "Running: 90,000 of 181,440 boards checked.");
    assert_eq!(v.note, "Checking in a Web Worker…");
    assert_eq!((v.running, v.progress), (true, (90_000, 181_440)));
    let fx = w.apply(Action::CancelWork(Work::Check));
    assert!(fx.stops(Work::Check));
    let v = w.view().lab.workshop;
    assert_eq!(
        v.status,
        "Cancelled after 90,000 of 181,440 boards; nothing is claimed. Press Check h to start again."
    );
    assert!(!v.running);
    // A late reply is nobody's: the worker is stopped.
    let fx = w.receive(
        Inbound::Stream {
            work: Work::Check,
            reply: progress,
        },
        &mut clock,
    );
    assert!(fx.stops(Work::Check));
}

#[test]
fn a_runtime_error_names_the_first_board_and_opens_it() {
    let mut w = bench();
    let v = check(&mut w, "manhattan / (misplaced - 1)");
    assert!(v.failed);
    assert_eq!(
        v.status,
        "h has no value on the board [1,2,3,4,5,6,7,0,8] (distance 1): division by zero (the `/` at character 11). The check stops at the first such board (breadth-first from the goal); nothing else is claimed."
    );
    assert_eq!(v.links.len(), 1);
    assert!(v.figures.is_empty());
}

#[test]
fn a_wide_range_of_h_is_grouped_into_rows() {
    let count = |distance, h, count| HCount { distance, h, count };
    let heat = heat_view(&[count(0, 0, 1), count(1, 100, 3), count(2, 199, 2)]);
    assert_eq!(heat.rows.len(), 40);
    assert_eq!(heat.rows[0].label, "195–199");
    assert_eq!(heat.rows[39].label, "0–4");
    assert_eq!(heat.rows[39].cells, vec![(1, 1), (0, 0), (0, 0)]);
    assert_eq!(heat.max, 3);
}

#[test]
fn the_target_follows_the_goal_shape_a_sample_for_12_cells_none_beyond() {
    let mut w = Workbench::new(Inputs {
        start: "[[1,2,3],[4,5,6],[7,8,9],[10,0,11]]".into(),
        goal: "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]".into(),
        budget: "100".into(),
    });
    w.apply(Tab::Lab);
    assert_eq!(
        w.view().lab.workshop.target,
        "h is checked against the goal [[1,2,3],[4,5,6],[7,8,9],[10,11,0]] (3×4): a uniform sample of 10,000 of its 239,500,800 boards (seed 0x9E3779B97F4A7C15), each against its exact distance, and every move from or to a sampled board."
    );
    // md(11) is a tile of 3×4; on 3×3 it would not be.
    w.apply(LabAction::Expr("md(11)".into()));
    assert_eq!(w.view().lab.workshop.error, None);
    w.apply(InputAction::Edit(
        crate::engine::request::Field::Start,
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]".into(),
    ));
    let v = w.view().lab.workshop;
    assert_eq!(
        v.target,
        "The check covers boards of at most 12 cells; the goal is 4×4 (16 cells)."
    );
    let mut clock = || 0.0;
    w.receive(
        Inbound::Start {
            work: Work::Check,
            workers: true,
        },
        &mut clock,
    );
    let fx = w.receive(Inbound::Tasks(Work::Check), &mut clock);
    assert!(fx.list.is_empty());
    assert_eq!(
        w.view().lab.workshop.status,
        "The check covers boards of at most 12 cells; the goal is 4×4 (16 cells)."
    );
}
