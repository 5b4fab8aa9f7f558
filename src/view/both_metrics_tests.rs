//! The page in both metrics: the replay's h and the verdict's initial h
//! are the chosen metric's estimate and name it, the note under the inputs
//! names the heuristic the worker really uses, and the single-tile tools
//! (Trace, Race) say so beside their controls. Multi-tile figures are
//! checked against a plain breadth-first search of that metric.

use super::*;
use crate::engine::moves::Metric;
use crate::engine::{parse_board, Board, Move};
use std::collections::{HashMap, VecDeque};

/// Every board of the goal's 3×3 class with its multi-tile distance: a
/// plain BFS where sliding 1 or 2 tiles along the blank's row or column is
/// one move.
fn multi_tile_bfs(goal: &Board) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.cells().to_vec(), 0);
    let mut queue = VecDeque::from([*goal]);
    while let Some(b) = queue.pop_front() {
        let d = dist[b.cells()];
        for mv in [Move::Up, Move::Down, Move::Left, Move::Right] {
            let mut next = b.apply(mv);
            while let Some(n) = next {
                if !dist.contains_key(n.cells()) {
                    dist.insert(n.cells().to_vec(), d + 1);
                    queue.push_back(n);
                }
                next = n.apply(mv);
            }
        }
    }
    dist
}

/// Solves the workbench's inputs in the worker, through a native Session,
/// as the page does.
fn solve_in_worker(w: &mut Workbench) {
    let fx = w.apply(InputAction::Solve);
    let Some((job, task)) = fx.list.iter().find_map(|e| match e {
        Effect::PostSolve { job, task, .. } => Some((*job, task.clone())),
        _ => None,
    }) else {
        panic!("a solve posted to the worker: {fx:?}");
    };
    let mut worker = Session::default();
    worker.begin(task);
    let mut clock = || 0.0;
    while let Some(reply) = worker.step(&mut clock) {
        w.receive(Inbound::Solver { job, reply }, &mut clock);
    }
}

fn multi(start: &str) -> Workbench {
    let mut w = Workbench::new(Inputs {
        start: start.into(),
        ..Inputs::default()
    });
    w.apply(InputAction::Metric(Metric::Multi));
    w
}

#[test]
fn the_baseline_in_multi_replays_the_multi_tile_estimate_and_names_it() {
    let mut w = multi(&Inputs::default().start);
    solve_in_worker(&mut w);
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.verdict.cost, "1");
    assert_eq!(v.solution.witness, ["Right×2"]);
    assert_eq!(v.verdict.h_label, "Initial multi-tile Manhattan (h)");
    assert_eq!(v.verdict.initial_h, "1");
    assert_eq!(
        v.solution.replay_headings,
        [
            "Step",
            "Move",
            "Board",
            "g",
            "h (multi-tile Manhattan)",
            "f = g + h"
        ]
    );
    let gh: Vec<(u32, u32, u32)> = v.solution.replay.iter().map(|l| (l.g, l.h, l.f)).collect();
    assert_eq!(gh, [(0, 1, 1), (1, 0, 1)]);
    // The single-tile metric keeps its Manhattan, named beside the verdict.
    let mut w = Workbench::new(Inputs::default());
    w.apply(InputAction::Solve);
    let v = w.view();
    assert_eq!(v.verdict.h_label, "Initial Manhattan (h)");
    assert_eq!(v.verdict.initial_h, "2");
    assert_eq!(v.solution.replay_headings[4], "h");
    let gh: Vec<(u32, u32, u32)> = v.solution.replay.iter().map(|l| (l.g, l.h, l.f)).collect();
    assert_eq!(gh, [(0, 2, 2), (1, 1, 2), (2, 0, 2)]);
}

#[test]
fn a_multi_tile_replay_never_shows_f_above_the_bfs_optimum() {
    let goal = Board::DEFAULT_GOAL;
    let dist = multi_tile_bfs(&goal);
    assert_eq!(dist.len(), 181_440);
    for start in ["[8,1,3,4,0,2,7,6,5]", "[8,6,7,2,5,4,3,0,1]"] {
        let mut w = multi(start);
        solve_in_worker(&mut w);
        let v = w.view();
        let optimum = dist[parse_board(start).unwrap().cells()];
        assert_eq!(v.verdict.cost, optimum.to_string(), "{start}");
        assert_eq!(v.solution.replay.len() as u32, optimum + 1);
        for line in &v.solution.replay {
            let here = dist[parse_board(&line.board).unwrap().cells()];
            // The witness is a shortest path: g plus the exact distance
            // left is the optimum at every step, and h never exceeds it.
            assert_eq!(line.g + here, optimum, "{start} step {}", line.step);
            assert!(
                line.h <= here,
                "{start} step {}: h {} > {here}",
                line.step,
                line.h
            );
            assert_eq!(line.f, line.g + line.h);
            assert!(line.f <= optimum);
        }
    }
}

#[test]
fn the_note_under_the_inputs_names_the_heuristic_the_worker_uses() {
    let sixteen = "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]";
    let mut w = Workbench::new(Inputs {
        start: sixteen.into(),
        goal: "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]".into(),
        ..Inputs::default()
    });
    assert_eq!(
        w.view().family.limit_note,
        "4×4: IDA* with the pdb-663 pattern database stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel."
    );
    w.apply(InputAction::Metric(Metric::Multi));
    assert_eq!(
        w.view().family.limit_note,
        "4×4: IDA* with the multi-tile pattern tables stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel."
    );
    // 3×3 in the multi-tile metric runs in the worker too: the same words.
    let mut w = multi(&Inputs::default().start);
    assert_eq!(
        w.view().family.limit_note,
        "3×3: IDA* with the multi-tile pattern tables stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel."
    );
}

#[test]
fn only_the_tools_that_cannot_take_multi_say_so_beside_their_controls() {
    let mut w = Workbench::new(Inputs::default());
    let v = w.view();
    assert_eq!(v.trace.metric_note, None);
    assert_eq!(v.race.metric_note, None);
    assert_eq!(v.space.metric_note, None);
    w.apply(InputAction::Metric(Metric::Multi));
    let v = w.view();
    // The Trace's A* takes the metric: no sentence; its IDA* cannot.
    assert_eq!(v.trace.metric_note, None);
    w.apply(TraceAction::Algorithm("idastar".into()));
    assert_eq!(
        w.view().trace.metric_note.as_deref(),
        Some("The Trace's IDA* is the teaching IDA* (Manhattan): its moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.")
    );
    assert_eq!(
        v.race.metric_note.as_deref(),
        Some("The Race counts multi-tile moves: a slide of 1 or 2 tiles is one move, and each side's path is checked as slides.")
    );
    assert_eq!(
        v.space.metric_note.as_deref(),
        Some("The heuristic sweep and the depth table run single-tile searches: their moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.")
    );
    // A link in the multi-tile metric opens with the same notes.
    let v = Workbench::open("metric=multi&tab=trace&algo=idastar")
        .0
        .view();
    assert!(v.trace.metric_note.is_some());
    w.apply(InputAction::Metric(Metric::Single));
    assert_eq!(w.view().trace.metric_note, None);
}

#[test]
fn the_trace_steps_a_star_in_the_multi_tile_metric() {
    let goal = Board::DEFAULT_GOAL;
    let dist = multi_tile_bfs(&goal);
    // The baseline: Manhattan orders the search, and is named not
    // admissible there; the path is the one slide Right×2.
    let mut w = multi(&Inputs::default().start);
    w.apply(Tab::Trace);
    let t = w.view().trace;
    assert_eq!(
        t.weighted_note,
        "Weighted A* (outside the contract) in the multi-tile metric (a slide of 1 or 2 tiles is one move): f = g + 1·h with h = Manhattan, order (f, h, key, seq); the f shown is this priority. Its path may not be shortest. This h is not admissible in the multi-tile metric."
    );
    assert_eq!(
        t.budget_note,
        "Budget: 10,000 expansions, the most the Budget field allows (the field is the single-tile contract's)."
    );
    w.apply(TraceAction::Step);
    let t = w.view().trace.view.unwrap();
    let first = t.latest.unwrap();
    let moves: Vec<&str> = first.neighbours.iter().map(|n| n.mv.as_str()).collect();
    // From the blank at the bottom left: up one or two, right one or two.
    assert_eq!(moves, ["Up×1", "Up×2", "Right×1", "Right×2"]);
    w.apply(TraceAction::Run);
    let t = w.view().trace.view.unwrap();
    assert_eq!(
        t.status,
        format!(
            "Goal accepted when popped: a path of cost 1 after {} — not admissible in the multi-tile metric: a path of 1 move, the exact distance {}. Weighted A* is not the contract's search, so its path may not be shortest.",
            crate::view::common::plural(t.latest.as_ref().unwrap().expansions, "expansion"),
            dist[parse_board(&Inputs::default().start).unwrap().cells()]
        )
    );
    // Check my order compares with the single-tile contract only.
    w.apply(TraceAction::Check("123456708".into()));
    assert_eq!(
        w.view().trace.check.as_deref(),
        Some("Nothing checked: Check my order compares with the contract A*, which counts single-tile moves, and this trace counts multi-tile moves; choose the single-tile metric to check.")
    );
    // Deeper boards: the cost the trace accepts, against the plain BFS.
    for start in ["[8,1,3,4,0,2,7,6,5]", "[1,2,3,0,4,6,7,5,8]"] {
        let mut w = multi(start);
        w.apply(Tab::Trace);
        w.apply(TraceAction::Run);
        let t = w.view().trace.view.unwrap();
        let d = dist[parse_board(start).unwrap().cells()];
        assert!(
            t.status.contains(&format!("the exact distance {d}.")),
            "{start}: {}",
            t.status
        );
        // Multi-tile Manhattan, a lower bound there: a shortest path, of
        // the BFS's length.
        w.apply(TraceAction::Heuristic("multi-tile-manhattan".into()));
        w.apply(TraceAction::Run);
        let t = w.view().trace.view.unwrap();
        assert!(
            t.status.starts_with(&format!(
                "Goal accepted when popped: a path of cost {d} after "
            )) && t
                .status
                .contains("— shortest (checked against the distance table)."),
            "{start}: {}",
            t.status
        );
        assert!(!w.view().trace.weighted_note.contains("not admissible"));
    }
}

#[test]
fn the_race_runs_in_the_multi_tile_metric_and_refuses_ida() {
    let goal = Board::DEFAULT_GOAL;
    let dist = multi_tile_bfs(&goal);
    for start in [Inputs::default().start.as_str(), "[8,1,3,4,0,2,7,6,5]"] {
        let d = dist[parse_board(start).unwrap().cells()];
        let mut w = multi(start);
        w.apply(Tab::Race);
        for _ in 0..100 {
            for _ in 0..5_000 {
                w.apply(RaceAction::Step);
            }
            if !w.view().race.can_step {
                break;
            }
        }
        let v = w.view().race;
        assert_eq!(
            v.status.split(',').next(),
            Some("Both sides have ended"),
            "{start}"
        );
        // Left: A* on Manhattan, not admissible here; right: breadth-first,
        // a shortest multi-tile path.
        let left = &v.sides[0].status;
        assert!(
            left.contains("— not admissible in the multi-tile metric: a path of ")
                && left.ends_with(&format!(", the exact distance {d}.")),
            "{start}: {left}"
        );
        assert!(
            v.sides[1].status.starts_with(&format!(
                "Found a path of {} at step",
                crate::view::common::plural(d, "move")
            )),
            "{start}: {}",
            v.sides[1].status
        );
        assert!(
            v.sides[1]
                .status
                .ends_with("— shortest (checked against the distance table)."),
            "{}",
            v.sides[1].status
        );
    }
    // A* on multi-tile Manhattan: shortest, as the BFS says.
    let start = "[8,1,3,4,0,2,7,6,5]";
    let d = dist[parse_board(start).unwrap().cells()];
    let mut w = multi(start);
    w.apply(Tab::Race);
    w.apply(RaceAction::Heuristic(
        RaceLane::Left,
        BuiltIn::MultiTileManhattan,
    ));
    for _ in 0..5_000 {
        w.apply(RaceAction::Step);
    }
    let left = w.view().race.sides[0].status.clone();
    assert!(
        left.starts_with(&format!(
            "Found a path of {} at step",
            crate::view::common::plural(d, "move")
        )) && left.ends_with("— shortest (checked against the distance table)."),
        "{left}"
    );
    // The teaching IDA* does not take the metric: the race says so.
    let mut w = multi(&Inputs::default().start);
    w.apply(Tab::Race);
    w.apply(RaceAction::Pick(RaceLane::Right, RacePick::Ida));
    w.apply(RaceAction::Step);
    assert_eq!(
        w.view().race.status,
        "No race: the teaching IDA* (Manhattan) counts single-tile moves only; it does not take the multi-tile metric. Choose another search for that side, or the single-tile metric."
    );
}

/// Starts `work` of the Lab without workers and runs its slices to the end.
fn run_lab(w: &mut Workbench, work: Work) {
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
            return;
        }
    }
    panic!("{work:?} did not finish");
}

/// The board of `cells`, of `goal`'s shape.
fn board_of(goal: &Board, cells: &[u8]) -> Board {
    Board::new(goal.shape(), cells).expect("a board of the goal's shape")
}

#[test]
fn the_workshop_checks_h_against_the_multi_tile_distances_and_says_so() {
    let goal = Board::DEFAULT_GOAL;
    let dist = multi_tile_bfs(&goal);
    // Manhattan against the plain BFS: the baseline has h 2 and distance 1.
    let baseline = parse_board(&Inputs::default().start).unwrap();
    assert_eq!(dist[baseline.cells()], 1);
    assert_eq!(crate::engine::solve::manhattan(&baseline, &goal), 2);
    let mut over = 0u64;
    let mut worst = 0u32;
    for (cells, &d) in &dist {
        let h = crate::engine::solve::manhattan(&board_of(&goal, cells), &goal);
        if h > d {
            over += 1;
            worst = worst.max(h - d);
        }
    }
    let mut w = multi(&Inputs::default().start);
    w.apply(Tab::Lab);
    // With workers the task carries the metric.
    let mut clock = || 0.0;
    w.receive(
        Inbound::Start {
            work: Work::Check,
            workers: true,
        },
        &mut clock,
    );
    let fx = w.receive(Inbound::Tasks(Work::Check), &mut clock);
    assert_eq!(
        fx.list,
        vec![Effect::Stream {
            work: Work::Check,
            task: Task::Check {
                expr: "manhattan".into(),
                goal,
                metric: Metric::Multi,
            }
        }]
    );
    w.apply(Action::CancelWork(Work::Check));
    // Without: the same check on the page's thread, to the end.
    run_lab(&mut w, Work::Check);
    let v = w.view().lab.workshop;
    assert_eq!(
        v.target,
        "h is checked against the goal [1,2,3,4,5,6,7,8,0] (3×3): every one of the 181,440 boards that can reach it, each against its exact multi-tile distance, and every move between them."
    );
    assert_eq!(
        v.figures[0],
        "Distances checked against the multi-tile distances: a slide of any number of tiles of the blank's row or column is one move."
    );
    let head = format!(
        "Admissible: no. h overestimates the true distance on {} of 181,440 boards; the worst: h = ",
        crate::engine::text::thousands(over)
    );
    assert!(v.figures[1].starts_with(&head), "{}", v.figures[1]);
    // The worst board it names has the h and the distance it says, and the
    // largest excess of all.
    let rest = &v.figures[1][head.len()..];
    let (h, rest) = rest.split_once(" where the distance is ").unwrap();
    let (d, rest) = rest.split_once(" (by ").unwrap();
    let (by, board) = rest.split_once("), on ").unwrap();
    let board = parse_board(board.trim_end_matches('.')).unwrap();
    assert_eq!(
        h,
        crate::engine::solve::manhattan(&board, &goal).to_string()
    );
    assert_eq!(d, dist[board.cells()].to_string());
    assert_eq!(by, worst.to_string());
    assert_eq!(v.rows.iter().filter(|r| r[0] == "0").count(), 1);
    // The table's distances run to the multi-tile diameter.
    let diameter = dist.values().max().unwrap();
    assert_eq!(
        v.rows.last().unwrap()[0],
        diameter.to_string(),
        "the multi-tile diameter"
    );
    // Back in the single-tile metric the result is dropped, and Manhattan
    // is admissible again.
    w.apply(InputAction::Metric(Metric::Single));
    assert_eq!(
        w.view().lab.workshop.status,
        "Not checked yet: press Check h."
    );
    run_lab(&mut w, Work::Check);
    let v = w.view().lab.workshop;
    assert_eq!(
        v.figures[0],
        "Admissible: yes. h ≤ the true distance on all 181,440 boards."
    );
}

#[test]
fn the_search_cost_runs_in_the_multi_tile_metric_by_its_depths() {
    let goal = parse_board("[[1,2,3],[4,5,0]]").unwrap();
    let dist = multi_tile_bfs(&goal);
    let diameter = *dist.values().max().unwrap() as usize;
    let mut at = vec![0u64; diameter + 1];
    for &d in dist.values() {
        at[d as usize] += 1;
    }
    let mut w = multi("[[1,2,3],[4,0,5]]");
    w.apply(InputAction::Edit(Field::Goal, "[[1,2,3],[4,5,0]]".into()));
    w.apply(Tab::Lab);
    w.apply(LabAction::Expr("manhattan".into()));
    run_lab(&mut w, Work::Cost);
    let v = w.view().lab.exercise;
    let boards: u64 = at.iter().map(|&n| n.min(20)).sum();
    assert_eq!(
        v.cost_status,
        format!("Done: the search cost of h = manhattan on {boards} boards of 3×2 (goal [[1,2,3],[4,5,0]]) in the multi-tile metric.")
    );
    assert_eq!(
        v.cost_about[2],
        "Metric: multi-tile; depths and paths in slides, the reference heuristic multi-tile Manhattan (Manhattan is not a lower bound there)."
    );
    assert_eq!(
        v.cost_headings,
        ["Depth", "Boards", "IDA* h", "IDA* multi-tile Manhattan"]
    );
    // One row per multi-tile depth, each with that depth's BFS count.
    assert_eq!(v.cost_rows.len(), diameter + 1);
    for (d, row) in v.cost_rows.iter().enumerate() {
        assert_eq!(
            row[1],
            format!("{} of {}", at[d].min(20), at[d]),
            "depth {d}"
        );
    }
    // The reference never overshoots: its paths are shortest (no "+k").
    assert!(
        v.cost_rows.iter().all(|r| !r[3].contains('+')),
        "{:?}",
        v.cost_rows
    );
}

#[test]
fn an_exercise_made_in_the_multi_tile_metric_carries_it_and_reopens_in_it() {
    let goal = parse_board("[[1,2,3],[4,5,0]]").unwrap();
    let dist = multi_tile_bfs(&goal);
    let over = dist
        .iter()
        .filter(|(cells, &d)| crate::engine::solve::manhattan(&board_of(&goal, cells), &goal) > d)
        .count();
    let mut w = multi("[[1,2,3],[4,0,5]]");
    w.apply(InputAction::Edit(Field::Goal, "[[1,2,3],[4,5,0]]".into()));
    w.apply(Tab::Lab);
    w.apply(LabAction::Maker("search", "idastar".into()));
    w.apply(LabAction::Maker("nodes", "60".into()));
    w.apply(LabAction::MakeLink);
    let fragment = "exercise=3x2.123450.idastar.admissible.60.123405.multi";
    let v = w.view();
    assert_eq!(v.lab.exercise.made, Some(Ok(fragment.to_string())));
    assert!(v.link.contains("metric=multi"), "{}", v.link);
    assert!(v.link.contains(fragment), "{}", v.link);
    // The made link alone reopens the Lab in the multi-tile metric, with
    // no note, and the grade counts multi-tile moves.
    let (mut w, _) = Workbench::open(&format!("#{fragment}"));
    let v = w.view();
    assert_eq!(v.tab, Tab::Lab);
    assert_eq!(v.family.metric, Metric::Multi);
    assert_eq!(v.link_note, "");
    assert_eq!(v.lab.exercise.choice, "own");
    assert_eq!(
        v.lab.exercise.task,
        "Write an admissible h (never above the true distance on any board that can reach the goal) with which IDA* in the multi-tile metric (a slide is one move) expands at most 60 boards in total, searching from each of these 1 boards of 3×2 to the goal [[1,2,3],[4,5,0]]: [[1,2,3],[4,0,5]]."
    );
    w.apply(LabAction::Expr("manhattan".into()));
    run_lab(&mut w, Work::Grade);
    let v = w.view().lab.exercise;
    let ex = crate::engine::teaching::workshop::Exercise::read(fragment).unwrap();
    let engine = crate::engine::teaching::workshop::grade(&ex, "manhattan").unwrap();
    assert_eq!(v.grade_lines, engine.lines(&ex));
    assert_eq!(
        v.grade_lines[1],
        format!("Admissible: no — h overestimates on {over} boards, checked against the multi-tile distances")
    );
    assert!(
        v.grade_lines[0].contains(" in the multi-tile metric"),
        "{}",
        v.grade_lines[0]
    );
    assert_eq!(v.pass, Some(false));
    // A shipped (single-tile) exercise picked in the multi-tile metric
    // says it keeps its own.
    w.apply(LabAction::Exercise("2".into()));
    assert!(
        w.view().lab.exercise.task.ends_with(
            " It counts single-tile moves, its own metric, not the multi-tile moves the Metric control chose."
        ),
        "{}",
        w.view().lab.exercise.task
    );
    // The same exercise with a single-tile page metric says so.
    let (mut w, _) = Workbench::open(&format!("#{fragment}&metric=single"));
    assert_eq!(
        w.view().link_note,
        "The link's exercise counts multi-tile moves and its metric is single: the exercise is graded in its own metric."
    );
}

#[test]
fn play_on_3x3_in_multi_shows_the_exact_multi_tile_distance() {
    let goal = Board::DEFAULT_GOAL;
    let dist = multi_tile_bfs(&goal);
    for start in [
        Inputs::default().start.as_str(),
        "[8,1,3,4,0,2,7,6,5]",
        "[8,6,7,2,5,4,3,0,1]",
    ] {
        let mut w = multi(start);
        w.apply(Tab::Play);
        let d = dist[parse_board(start).unwrap().cells()];
        let status = w.view().play.view.unwrap().status;
        assert!(
            status.contains(&format!("; exact multi-tile distance to the goal {d}.")),
            "{start}: {status}"
        );
        // One key later the distance is the new board's.
        w.key(Key::ArrowUp, Focus::Page);
        let v = w.view();
        let now = parse_board(&format!("{:?}", v.board.cells.unwrap()).replace(' ', "")).unwrap();
        let status = v.play.view.unwrap().status;
        assert!(
            status.contains(&format!(
                "exact multi-tile distance to the goal {}.",
                dist[now.cells()]
            )),
            "{start}: {status}"
        );
    }
    // The single-tile metric keeps the single-tile table's words.
    let mut w = Workbench::new(Inputs::default());
    w.apply(Tab::Play);
    assert!(w
        .view()
        .play
        .view
        .unwrap()
        .status
        .contains("; exact distance to the goal 2."));
}

#[test]
fn the_solution_tab_labels_the_ledger_as_the_single_tile_manhattan_in_multi() {
    let mut w = multi(&Inputs::default().start);
    solve_in_worker(&mut w);
    let s = w.view().solution;
    // The ledger stays the single-tile Manhattan (2 on the baseline), the
    // replay's h is the multi-tile estimate (1), and the note says which.
    assert_eq!(s.ledger_total, "2");
    assert_eq!(s.replay[0].h, 1);
    assert_eq!(
        s.ledger_note.as_deref(),
        Some("Multi-tile metric: this ledger is the single-tile Manhattan, 2 here, not the h above. The verdict and the replay use multi-tile Manhattan (1 here): one slide can move several tiles, so Manhattan may overestimate.")
    );
    let mut w = Workbench::new(Inputs::default());
    w.apply(InputAction::Solve);
    assert_eq!(w.view().solution.ledger_note, None);
}

#[test]
fn the_labs_weighted_a_star_runs_in_multi_and_compare_all_says_it_does_not() {
    let goal = Board::DEFAULT_GOAL;
    let dist = multi_tile_bfs(&goal);
    let start = "[8,1,3,4,0,2,7,6,5]";
    let d = dist[parse_board(start).unwrap().cells()];
    let mut w = multi(start);
    w.apply(Tab::Lab);
    let lab = w.view().lab;
    assert_eq!(
        lab.compare_metric_note.as_deref(),
        Some("Compare all and the blog experiment run single-tile searches: their moves and figures count single-tile moves, not the multi-tile moves the Metric control chose.")
    );
    // Manhattan: named not admissible there, against the BFS's distance.
    w.apply(LabAction::RunWeighted);
    let r = w.view().lab.weighted;
    assert!(
        r.summary
            .starts_with("Weighted A* (outside the contract) in the multi-tile metric: f = g + 1·h with h = Manhattan"),
        "{}",
        r.summary
    );
    assert!(
        r.lines.contains(&format!(
            "Optimal cost: {} (the exact distance table).",
            crate::view::common::plural(d, "move")
        )),
        "{:?}",
        r.lines
    );
    assert!(
        r.verdict
            .starts_with("not admissible in the multi-tile metric: a path of ")
            && r.verdict.ends_with(&format!(", the exact distance {d}")),
        "{}",
        r.verdict
    );
    // Multi-tile Manhattan: a shortest multi-tile path.
    w.apply(LabAction::Heuristic("multi-tile-manhattan".into()));
    w.apply(LabAction::RunWeighted);
    let r = w.view().lab.weighted;
    assert!(
        r.lines.contains(&format!(
            "Cost found: {}.",
            crate::view::common::plural(d, "move")
        )),
        "{:?}",
        r.lines
    );
    assert_eq!(r.verdict, "shortest (checked against the distance table)");
    // The single-tile metric has no note.
    w.apply(InputAction::Metric(Metric::Single));
    assert_eq!(w.view().lab.compare_metric_note, None);
}
