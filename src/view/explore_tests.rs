//! Explore state space for every shape up to 12 cells, through the task
//! protocol the page's worker runs: exact values.

use super::*;
use crate::engine::moves::Metric;
use crate::engine::{
    parse_board,
    request::Field,
    space::{Progress, SpaceError},
    Shape,
};

fn bench(start: &str, goal: &str) -> Workbench {
    let mut w = Workbench::new(Inputs {
        start: start.into(),
        goal: goal.into(),
        budget: "100".into(),
    });
    w.select_tab(Tab::Space);
    w
}

/// Runs the exploration's one task through a worker's Session, passing
/// every reply to the workbench (clock: +`tick` ms per call); the replies.
fn run_through_session(w: &mut Workbench, tick: f64) -> Vec<Reply> {
    let tasks = w.work_tasks(Work::Explore, 0.0);
    assert_eq!(tasks.len(), 1);
    let mut session = Session::default();
    session.begin(tasks[0].clone());
    let mut t = 0.0;
    let mut clock = move || {
        t += tick;
        t
    };
    let mut replies = Vec::new();
    while let Some(r) = session.step(&mut clock) {
        let go_on = w.space.explorer_mut().absorb(&r, 1234.0);
        replies.push(r.clone());
        if r.is_final() {
            assert!(!go_on);
            break;
        }
        assert!(go_on);
    }
    replies
}

const TWO_BY_THREE_GOAL: &str = "[[1,2],[3,4],[5,0]]";
const TWO_BY_FIVE_GOAL: &str = "[[1,2],[3,4],[5,6],[7,8],[9,0]]";

/// The 2×3 counts by distance: the engine's (engine/tests/space.rs checks
/// them against a plain breadth-first search); 360 boards and diameter 21
/// are the figures Karlemo & Östergård publish.
const TWO_BY_THREE_COUNTS: [u64; 22] = [
    1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1,
];

/// The 2×5 counts by distance.
const TWO_BY_FIVE_COUNTS: [u64; 56] = [
    1, 2, 3, 6, 11, 19, 30, 44, 68, 112, 176, 271, 411, 602, 851, 1232, 1783, 2530, 3567, 4996,
    6838, 9279, 12463, 16597, 21848, 28227, 35682, 44464, 54597, 65966, 78433, 91725, 104896,
    116966, 126335, 131998, 133107, 128720, 119332, 106335, 91545, 75742, 60119, 45840, 33422,
    23223, 15140, 9094, 5073, 2605, 1224, 528, 225, 75, 20, 2,
];

#[test]
fn the_2x3_space_through_the_worker_protocol() {
    let mut w = bench("[[2,1],[4,3],[0,5]]", TWO_BY_THREE_GOAL);
    let before = w.view().space;
    assert_eq!(
        before.explore.memory,
        "2×3: 360 boards; the search needs 104 bytes (two bits a board)."
    );
    assert_eq!(before.explore.status, "");
    assert!(!before.explore.running);
    assert_eq!(
        before.tools_note.as_deref(),
        Some("A 3×3 tool: it runs its searches from every one of the 181,440 starts of the 8-puzzle. The start is a 2×3 board; type or choose a 3×3 board to use it. Explore state space, above, works on every board of up to 12 cells.")
    );

    w.start_work(Work::Explore, 1000.0);
    assert!(w.space.explorer().streams());
    assert!(w.work_running(Work::Explore));
    let running = w.view().space;
    assert_eq!(running.explore_note, "Exploring in a Web Worker…");
    assert_eq!(
        running.explore.status,
        "Starting: allocating the search's table (104 bytes)…"
    );
    assert_eq!(running.explore.progress, (0, 360));
    assert!(running.explore.running);
    let tasks = w.work_tasks(Work::Explore, 1000.0);
    assert_eq!(
        tasks,
        [Task::Space {
            goal: parse_board("[[1,2],[3,4],[5,0]]").unwrap(),
            metric: Metric::Single,
        }]
    );
    assert!(tasks[0].streams());

    let replies = run_through_session(&mut w, 1.0);
    assert_eq!(
        replies,
        [
            space_progress(1, 360, 0),
            space_done(
                &[1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1],
                1,
                &["[[2,1],[4,3],[0,5]]"]
            ),
        ]
    );
    let v = w.view().space;
    let s = v.space.unwrap();
    assert_eq!(s.histogram, TWO_BY_THREE_COUNTS);
    assert_eq!(s.diameter, 21);
    assert_eq!(s.mean, "12.62");
    assert_eq!(s.hardest, ["[[2,1],[4,3],[0,5]]"]);
    assert_eq!(s.hardest_count, 1);
    assert_eq!(
        s.summary,
        "360 boards can reach the goal [[1,2],[3,4],[5,0]]; the farthest are 21 moves away (the diameter). The mean distance is 12.62 moves. The other 360 arrangements of the tiles cannot reach it: they differ in the parity invariant. Distances count single-tile moves (one tile a move)."
    );
    assert_eq!(
        s.hardest_note,
        "1 board is 21 moves from the goal. Press it to load it as the start."
    );
    assert_eq!(v.explore_note, "");
    assert_eq!(v.explore.status, "Done: 360 boards in 0.2 s (this page).");
    assert_eq!(v.explore.progress, (360, 360));
    assert!(!v.explore.running && !v.explore.error);
    assert!(!w.work_running(Work::Explore));
    // A late reply is nobody's.
    assert!(!w
        .space
        .explorer_mut()
        .absorb(&space_progress(1, 360, 0), 0.0));
    assert!(w.view().space.space.is_some());

    // One click loads the hardest board as the start; the space stays (same goal).
    w.edit(Field::Start, "[[2,1],[4,3],[0,5]]");
    assert!(w.view().space.space.is_some());
    // A goal edit clears it.
    w.edit(Field::Goal, "[[1,2],[3,4],[0,5]]");
    assert!(w.view().space.space.is_none());
    assert_eq!(w.view().space.explore.status, "");
}

#[test]
fn the_2x5_space_streams_its_progress_and_matches_the_published_totals() {
    let mut w = bench(TWO_BY_FIVE_GOAL, TWO_BY_FIVE_GOAL);
    assert_eq!(
        w.view().space.explore.memory,
        "2×5: 1,814,400 boards; the search needs 454 kB (453,608 bytes: two bits a board)."
    );
    w.start_work(Work::Explore, 0.0);
    // Each slice ends after one step of the search (the clock moves 100 ms a call).
    let replies = run_through_session(&mut w, 100.0);
    let progress: Vec<Progress> = replies
        .iter()
        .filter_map(|r| match r {
            Reply::Progress(Step::Space(p)) => Some(*p),
            _ => None,
        })
        .collect();
    assert_eq!(progress.len(), replies.len() - 1);
    assert!(progress.len() > 10, "{} progress lines", progress.len());
    assert!(progress
        .windows(2)
        .all(|p| p[0].reached <= p[1].reached && p[0].depth <= p[1].depth));
    assert!(progress.iter().all(|p| p.total == 1_814_400));
    assert_eq!(progress[0].reached, 1);
    let s = w.view().space.space.unwrap();
    assert_eq!(s.histogram, TWO_BY_FIVE_COUNTS);
    assert_eq!(s.histogram.iter().sum::<u64>(), 1_814_400);
    assert_eq!(s.diameter, 55);
    assert_eq!(s.mean, "34.73");
    assert_eq!(s.hardest_count, 2);
    assert_eq!(
        s.hardest,
        [
            "[[0,8],[9,7],[5,6],[3,4],[1,2]]",
            "[[0,9],[8,7],[5,6],[4,3],[1,2]]"
        ]
    );
    assert_eq!(
        s.hardest_note,
        "2 boards are 55 moves from the goal. Press one to load it as the start."
    );
    assert_eq!(
        w.view().space.explore.status,
        "Done: 1,814,400 boards in 1.2 s (this page)."
    );
}

#[test]
fn a_running_view_names_the_boards_reached_and_the_depth() {
    let mut w = bench(TWO_BY_FIVE_GOAL, TWO_BY_FIVE_GOAL);
    w.start_work(Work::Explore, 0.0);
    assert!(w
        .space
        .explorer_mut()
        .absorb(&space_progress(712_345, 1_814_400, 31), 5.0));
    let v = w.view().space.explore;
    assert_eq!(
        v.status,
        "Running: 712,345 of 1,814,400 boards reached; expanding the boards 31 moves from the goal."
    );
    assert_eq!(v.progress, (712_345, 1_814_400));
    assert!(v.running);
}

#[test]
fn cancel_stops_at_once_and_later_replies_are_ignored() {
    let mut w = bench(TWO_BY_FIVE_GOAL, TWO_BY_FIVE_GOAL);
    w.start_work(Work::Explore, 0.0);
    let tasks = w.work_tasks(Work::Explore, 0.0);
    let mut session = Session::default();
    session.begin(tasks[0].clone());
    let mut t = 0.0;
    let mut clock = move || {
        t += 100.0;
        t
    };
    let mut last = None;
    for _ in 0..4 {
        let r = session.step(&mut clock).unwrap();
        assert!(w.space.explorer_mut().absorb(&r, 0.0));
        last = match r {
            Reply::Progress(Step::Space(p)) => Some(p),
            _ => None,
        };
    }
    let reached = last.unwrap();
    w.stop_work(Work::Explore, None);
    assert!(!w.work_running(Work::Explore));
    let v = w.view().space;
    assert_eq!(
        v.explore.status,
        format!(
            "Cancelled after {} of 1,814,400 boards (depth {}); nothing is claimed. Press Explore state space to start again.",
            super::solver::thousands(reached.reached),
            reached.depth
        )
    );
    assert!(!v.explore.running);
    assert!(v.space.is_none());
    assert_eq!(v.explore_note, "", "no longer 'Exploring in a Web Worker…'");
    // The worker's next slice (had it not been terminated) changes nothing.
    let r = session.step(&mut clock).unwrap();
    assert!(!w.space.explorer_mut().absorb(&r, 0.0));
    assert_eq!(w.view().space.explore, v.explore);
    // The session drops the job (and its table) on cancel.
    session.cancel();
    assert_eq!(session.step(&mut clock), None);
    // Cancel before the first reply.
    w.start_work(Work::Explore, 0.0);
    w.stop_work(Work::Explore, None);
    assert_eq!(
        w.view().space.explore.status,
        "Cancelled before the search began; nothing is claimed. Press Explore state space to start again."
    );
}

#[test]
fn an_invalid_field_is_named_and_nothing_starts() {
    // A flat list of ten values shows no shape: the 3×3 contract's error.
    let mut w = bench("[1,2,3,4,5,6,7,8,9,0]", "[1,2,3,4,5,6,7,8,0]");
    w.start_work(Work::Explore, 0.0);
    assert!(w.work_tasks(Work::Explore, 0.0).is_empty());
    assert!(!w.work_running(Work::Explore));
    let v = w.view().space;
    assert_eq!(v.explore_note, "", "never 'Exploring in a Web Worker…'");
    assert!(v.explore.error && !v.explore.running);
    let start_error = w.view().inputs.start_error.unwrap();
    assert_eq!(
        v.explore.status,
        format!("Nothing explored: the Start board is invalid ({start_error}). Next: correct the Start field, then press Explore state space.")
    );
    // Any edit clears the refusal.
    w.edit(Field::Start, "[1,2,3,4,5,6,7,8,0]");
    assert_eq!(w.view().space.explore.status, "");

    // A 2×3 start with a goal whose tile repeats.
    let mut w = bench("[[2,1],[4,3],[0,5]]", "[[1,1],[3,4],[5,0]]");
    w.start_work(Work::Explore, 0.0);
    assert!(w.work_tasks(Work::Explore, 0.0).is_empty());
    let goal_error = w.view().inputs.goal_error.unwrap();
    assert_eq!(
        w.view().space.explore.status,
        format!("Nothing explored: the Goal board is invalid ({goal_error}). Next: correct the Goal field, then press Explore state space.")
    );
    assert_eq!(
        w.view().space.explore.memory,
        "",
        "no memory for an invalid goal"
    );

    // A goal of another shape is the goal's fault.
    let mut w = bench("[[2,1],[4,3],[0,5]]", "[[1,2,3],[4,5,0]]");
    w.start_work(Work::Explore, 0.0);
    assert!(w.work_tasks(Work::Explore, 0.0).is_empty());
    assert!(w
        .view()
        .space
        .explore
        .status
        .starts_with("Nothing explored: the Goal board is invalid ("));
    assert_eq!(
        w.view().space.explore.memory,
        "",
        "no 2×3 memory for a 3×2 goal"
    );

    // On 3×3 an invalid start stops it too (the contract's own message).
    let mut w = bench("[1,2,3,4,5,6,7,8,8]", "[1,2,3,4,5,6,7,8,0]");
    w.start_work(Work::Explore, 0.0);
    assert!(w.work_tasks(Work::Explore, 0.0).is_empty());
    let start_error = w.view().inputs.start_error.unwrap();
    assert_eq!(
        w.view().space.explore.status,
        format!("Nothing explored: the Start board is invalid ({start_error}). Next: correct the Start field, then press Explore state space.")
    );
    // Without workers the page's slice does nothing either.
    assert!(!w.work_slice(Work::Explore, 40.0, &mut || 0.0));
    assert!(w.view().space.space.is_none());
}

#[test]
fn a_link_to_a_ten_cell_board_explores_instead_of_waiting_forever() {
    let mut w = Workbench::from_link(
        "start=%5B%5B1%2C2%5D%2C%5B3%2C4%5D%2C%5B5%2C6%5D%2C%5B7%2C8%5D%2C%5B9%2C0%5D%5D&goal=%5B%5B1%2C2%5D%2C%5B3%2C4%5D%2C%5B5%2C6%5D%2C%5B7%2C8%5D%2C%5B9%2C0%5D%5D&tab=space",
    );
    assert_eq!(w.input.texts().goal, TWO_BY_FIVE_GOAL);
    w.start_work(Work::Explore, 0.0);
    assert_eq!(
        w.work_tasks(Work::Explore, 0.0),
        [Task::Space {
            goal: parse_board(TWO_BY_FIVE_GOAL).unwrap(),
            metric: Metric::Single,
        }]
    );
    run_through_session(&mut w, 1000.0);
    assert_eq!(w.view().space.space.unwrap().diameter, 55);
}

#[test]
fn a_link_whose_goal_is_another_shape_names_the_goal() {
    // A 2×5 start and the 3×3 default goal, of another shape (a link
    // with only the start takes the 2×5 default goal instead).
    let mut w = Workbench::from_link(
        "start=%5B%5B1%2C2%5D%2C%5B3%2C4%5D%2C%5B5%2C6%5D%2C%5B7%2C8%5D%2C%5B9%2C0%5D%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&tab=space",
    );
    w.start_work(Work::Explore, 0.0);
    assert!(w.work_tasks(Work::Explore, 0.0).is_empty());
    let goal_error = w.view().inputs.goal_error.unwrap();
    assert_eq!(
        w.view().space.explore.status,
        format!("Nothing explored: the Goal board is invalid ({goal_error}). Next: correct the Goal field, then press Explore state space.")
    );
    assert_eq!(w.view().space.explore_note, "");
}

#[test]
fn shapes_over_twelve_cells_say_why_from_the_engine() {
    let four = Shape::new(4, 4).unwrap();
    let e = SpaceError::TooLarge { shape: four }.to_string();
    let mut first = e.chars();
    let capital: String = first.next().unwrap().to_uppercase().collect();
    let why = format!(
        "Explore covers boards of at most 12 cells. {capital}{}.",
        first.as_str()
    );
    assert!(why.starts_with("Explore covers boards of at most 12 cells. A 4×4 board has 16 cells: 10,461,394,944,000 boards can reach any one goal (16!/2)"), "{why}");
    assert_eq!(memory_note(four, Metric::Single), why);
    assert_eq!(
        space_tab_note(four),
        Some(format!(
            "{why} The heuristic sweep and the depth table are 3×3 tools."
        ))
    );
    assert_eq!(space_tab_note(Shape::new(3, 4).unwrap()), None);
    assert_eq!(space_tab_note(Shape::THREE), None);

    let mut w = bench(
        "[[2,1,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]",
        "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]",
    );
    w.start_work(Work::Explore, 0.0);
    assert!(w.work_tasks(Work::Explore, 0.0).is_empty());
    let v = w.view();
    assert_eq!(v.space.explore.status, why);
    assert!(v.space.explore.error);
    assert_eq!(v.family.space_note, space_tab_note(four));
    // Up to 12 cells the tab applies (the family view names no note).
    let mut w = bench("[[2,1],[4,3],[0,5]]", TWO_BY_THREE_GOAL);
    assert_eq!(w.view().family.space_note, None);
}

#[test]
fn memory_is_stated_before_the_run() {
    let shape = |w, h| Shape::new(w, h).unwrap();
    assert_eq!(
        memory_note(shape(3, 4), Metric::Single),
        "3×4: 239,500,800 boards; the search needs 59.9 MB (59,875,208 bytes: two bits a board)."
    );
    assert_eq!(
        memory_note(shape(4, 3), Metric::Single),
        "4×3: 239,500,800 boards; the search needs 59.9 MB (59,875,208 bytes: two bits a board)."
    );
    assert_eq!(
        memory_note(shape(2, 2), Metric::Single),
        "2×2: 12 boards; the search needs 16 bytes (two bits a board)."
    );
    assert_eq!(
        memory_note(Shape::THREE, Metric::Single),
        "3×3: 181,440 boards; the search needs 363 kB (362,880 bytes: a distance byte for each of the 9! arrangements)."
    );
    assert_eq!(
        memory_note(shape(2, 6), Metric::Single),
        "2×6: 239,500,800 boards; the search needs 59.9 MB (59,875,208 bytes: two bits a board)."
    );
    for (bytes, text) in [
        (0, "0 bytes"),
        (999, "999 bytes"),
        (1000, "1.00 kB"),
        (9_995, "10.0 kB"),
        (453_608, "454 kB"),
        (999_600, "1.00 MB"),
        (59_875_208, "59.9 MB"),
        (2_615_348_736_000, "2.62 TB"),
    ] {
        assert_eq!(bytes_text(bytes), text, "{bytes}");
    }
    let mut w = bench(
        "[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]",
        "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]",
    );
    assert_eq!(
        w.view().space.explore.memory,
        memory_note(shape(3, 4), Metric::Single)
    );
}

#[test]
fn a_refused_table_reaches_the_page_as_the_engines_message() {
    let goal = "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]";
    let mut w = bench("[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]", goal);
    w.start_work(Work::Explore, 0.0);
    let refused = SpaceError::OutOfMemory {
        shape: Shape::new(3, 4).unwrap(),
        bytes: 59_875_208,
    }
    .to_string();
    assert!(!w.space.explorer_mut().absorb(&Reply::Error(refused), 10.0));
    let v = w.view().space.explore;
    assert_eq!(
        v.status,
        "The exploration stopped: the 3×4 search needs a table of 59,875,208 bytes (59.9 MB) and the memory was refused. Nothing is claimed."
    );
    assert!(v.error && !v.running);
    assert!(!w.work_running(Work::Explore));
    // A worker's error event ends it the same way, said once.
    w.start_work(Work::Explore, 0.0);
    assert!(!w.absorb(
        Work::Explore,
        usize::MAX,
        Err("the Web Worker stopped: out of memory"),
        0.0
    ));
    let v = w.view().space;
    assert_eq!(
        v.explore.status,
        "The exploration stopped: the Web Worker stopped: out of memory. Nothing is claimed."
    );
    assert_eq!(v.explore_note, "");
}

#[test]
fn without_workers_the_same_search_runs_in_slices_on_the_page() {
    let mut w = bench("[[2,1],[4,3],[0,5]]", TWO_BY_THREE_GOAL);
    w.start_work(Work::Explore, 0.0);
    w.set_work_note(
        Work::Explore,
        "Web Workers are not available here, so the exploration runs in slices on the page's own thread.",
    );
    let mut t = 0.0;
    let mut clock = move || {
        t += 10.0;
        t
    };
    let mut slices = 0;
    while w.work_slice(Work::Explore, 40.0, &mut clock) {
        slices += 1;
        assert!(slices < 100);
    }
    assert_eq!(slices, 1, "the table's allocation, then the search");
    let s = w.view().space.space.unwrap();
    assert_eq!(s.histogram, TWO_BY_THREE_COUNTS);
    assert_eq!(s.hardest, ["[[2,1],[4,3],[0,5]]"]);
}

#[test]
fn the_log_scale_is_the_charts_and_outlives_a_goal_edit() {
    let mut w = bench("[[2,1],[4,3],[0,5]]", TWO_BY_THREE_GOAL);
    assert!(!w.view().space.log);
    w.apply(SpaceAction::Log(true));
    assert!(w.view().space.log);
    w.edit(Field::Goal, "[[1,2],[3,4],[0,5]]");
    assert!(w.view().space.log);
    w.apply(SpaceAction::Log(false));
    assert!(!w.view().space.log);
}

#[test]
fn a_goal_that_follows_the_start_clears_the_explored_space() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]", "[1,2,3,4,5,6,7,8,0]");
    w.space.explore(&w.input, &mut w.goal_table);
    assert_eq!(w.view().space.space.unwrap().diameter, 31);
    assert_eq!(w.view().space.tools_note, None);
    w.edit(Field::Start, "[[2,1],[4,3],[0,5]]");
    assert_eq!(w.input.texts().goal, TWO_BY_THREE_GOAL);
    assert!(
        w.view().space.space.is_none(),
        "the 3×3 space is not the 2×3 goal's"
    );
}

#[test]
fn the_3x3_view_gains_the_mean_and_keeps_its_texts() {
    let mut w = bench("[1,2,3,4,5,6,0,7,8]", "[1,2,3,4,5,6,7,8,0]");
    assert_eq!(
        w.view().space.explore.memory,
        "3×3: 181,440 boards; the search needs 363 kB (362,880 bytes: a distance byte for each of the 9! arrangements)."
    );
    w.start_work(Work::Explore, 0.0);
    assert!(!w.space.explorer().streams());
    let tasks = w.work_tasks(Work::Explore, 0.0);
    assert_eq!(
        tasks,
        [Task::Explore {
            goal: Board::DEFAULT_GOAL,
            metric: Default::default()
        }]
    );
    let answer = run_task(&tasks[0], &mut || 0.0).unwrap();
    assert!(!w.absorb(Work::Explore, 0, Ok(&answer), 0.0));
    let v = w.view().space;
    let s = v.space.unwrap();
    assert_eq!(s.mean, "21.97");
    assert_eq!(
        s.summary,
        "181,440 boards can reach the goal [1,2,3,4,5,6,7,8,0]; the farthest are 31 moves away (the diameter). The mean distance is 21.97 moves. The other 181,440 arrangements of the tiles cannot reach it: they differ in the parity invariant. Distances count single-tile moves (one tile a move)."
    );
    assert_eq!(
        s.hardest_note,
        "2 boards are 31 moves from the goal. Press one to load it as the start."
    );
    assert_eq!(v.explore.status, "Done: 181,440 boards.");
    // The engine's search of the same goal agrees board for board.
    let engine = crate::engine::space::explore_single(&crate::engine::Board::DEFAULT_GOAL).unwrap();
    assert_eq!(result_view(&engine, Metric::Single), s);
    // The blog's goal: 148 boards at 30 moves, the first 100 listed.
    w.edit(Field::Goal, "[1,2,3,8,0,4,7,6,5]");
    w.space.explore(&w.input, &mut w.goal_table);
    let s = w.view().space.space.unwrap();
    assert_eq!(s.hardest.len(), 100);
    assert_eq!(
        s.hardest_note,
        "148 boards are 30 moves from the goal; the first 100 are listed. Press one to load it as the start."
    );
    let goal = parse_board("[1,2,3,8,0,4,7,6,5]").unwrap();
    assert_eq!(
        result_view(
            &crate::engine::space::explore_single(&goal).unwrap(),
            Metric::Single
        ),
        s
    );
}

#[test]
fn a_malformed_result_is_an_error_not_a_claim() {
    let goal = parse_board(TWO_BY_THREE_GOAL).unwrap();
    let answer = |counts: &[u64], count: u64| SpaceAnswer {
        counts: counts.to_vec(),
        antipode_count: count,
        antipodes: Vec::new(),
    };
    assert!(answer(&[1, 2, 3], 1).result(&goal).is_err());
    // Counts whose sum overflows are an error, never a panic.
    assert!(answer(&[u64::MAX, u64::MAX], u64::MAX)
        .result(&goal)
        .is_err());
    let mut w = bench("[[2,1],[4,3],[0,5]]", TWO_BY_THREE_GOAL);
    w.start_work(Work::Explore, 0.0);
    assert!(!w
        .space
        .explorer_mut()
        .absorb(&space_done(&[1, 2, 3], 1, &[]), 0.0));
    let v = w.view().space;
    assert!(v.space.is_none());
    assert_eq!(
        v.explore.status,
        "The exploration stopped: the worker's result does not add up for a 2×3 goal (3 boards by distance, 6 in all). Nothing is claimed."
    );
}

/// A streaming search's progress reply.
fn space_progress(reached: u64, total: u64, depth: u32) -> Reply {
    Reply::Progress(Step::Space(Progress {
        reached,
        total,
        depth,
    }))
}

/// A streaming search's answer.
fn space_done(counts: &[u64], antipode_count: u64, boards: &[&str]) -> Reply {
    Reply::Done(Answer::Space(SpaceAnswer {
        counts: counts.to_vec(),
        antipode_count,
        antipodes: boards.iter().map(|b| parse_board(b).unwrap()).collect(),
    }))
}

/// The 2×3 counts by distance in the multi-tile metric: `eight-puzzle
/// space --shape 2x3 --metric multi` (the engine checks its multi-tile
/// spaces against a plain breadth-first search).
const TWO_BY_THREE_MULTI: [u64; 21] = [
    1, 3, 4, 6, 8, 12, 15, 18, 22, 30, 36, 45, 42, 30, 28, 24, 18, 9, 5, 3, 1,
];

#[test]
fn the_2x3_space_in_the_multi_tile_metric() {
    let mut w = bench("[[2,1],[4,3],[0,5]]", TWO_BY_THREE_GOAL);
    w.apply(InputAction::Metric(Metric::Multi));
    w.start_work(Work::Explore, 1000.0);
    assert_eq!(
        w.work_tasks(Work::Explore, 1000.0),
        [Task::Space {
            goal: parse_board(TWO_BY_THREE_GOAL).unwrap(),
            metric: Metric::Multi,
        }]
    );
    run_through_session(&mut w, 1.0);
    let s = w.view().space.space.unwrap();
    assert_eq!(s.histogram, TWO_BY_THREE_MULTI);
    assert_eq!(s.diameter, 20);
    assert_eq!(s.mean, "10.81");
    assert_eq!(s.hardest, ["[[5,0],[3,4],[1,2]]"]);
    assert_eq!(
        s.summary,
        "360 boards can reach the goal [[1,2],[3,4],[5,0]]; the farthest are 20 moves away (the diameter). The mean distance is 10.81 moves. The other 360 arrangements of the tiles cannot reach it: they differ in the parity invariant. Distances count multi-tile moves (sliding one or more tiles of the blank's row or column is one move)."
    );
    // Back to single: the result was in the other metric, so it goes.
    w.apply(InputAction::Metric(Metric::Single));
    assert_eq!(w.view().space.space, None);
}

#[test]
fn the_3x3_space_in_the_multi_tile_metric_streams() {
    let mut w = bench("[1,2,3,4,5,6,7,8,0]", "[1,2,3,4,5,6,7,8,0]");
    w.apply(InputAction::Metric(Metric::Multi));
    assert_eq!(
        w.view().space.explore.memory,
        "3×3: 181,440 boards; the search needs 45.4 kB (45,368 bytes: two bits a board)."
    );
    w.start_work(Work::Explore, 0.0);
    assert!(w.space.explorer().streams());
    assert_eq!(
        w.work_tasks(Work::Explore, 0.0),
        [Task::Space {
            goal: Board::DEFAULT_GOAL,
            metric: Metric::Multi,
        }]
    );
}
