//! The sliding-puzzle family in the view model: every shape through the one
//! worker protocol (`Session`), driven natively exactly as the web layer
//! drives it.

use super::*;
use crate::engine::moves::Metric;
use crate::engine::solve::korf_goal;
use crate::engine::{parse_board, Move, ParityProof};
use crate::task::solver::HintAnswer;

const KORF55: &str = "[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]";
const KORF_GOAL16: &str = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]";
const EASY16: &str = "[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]";

/// Runs the session until the job ends, passing every reply through the
/// workbench as the web layer does; returns the solver's reports.
fn run_worker(w: &mut Workbench, worker: &mut Session) -> Vec<Report> {
    let (job, task, metric) = w.solution.worker().take_task().expect("a task to post");
    assert_eq!(metric, crate::engine::moves::Metric::Single);
    run_job(w, worker, job, task)
}

/// Runs job `job` as [`run_worker`] does, its task already taken.
pub(super) fn run_job(
    w: &mut Workbench,
    worker: &mut Session,
    job: u64,
    task: Task,
) -> Vec<Report> {
    worker.begin(task);
    let mut lines = Vec::new();
    let mut clock = || 0.0;
    while let Some(reply) = worker.step(&mut clock) {
        w.solver_reply(job, &reply);
        lines.push(reply.report().expect("a solver's reply"));
    }
    lines
}

/// The job of the solver task the effects post, if any.
fn posted(fx: &Effects) -> Option<u64> {
    posted_task(fx).map(|(job, _)| job)
}

/// The solver task the effects post, if any.
pub(super) fn posted_task(fx: &Effects) -> Option<(u64, Task)> {
    fx.list.iter().find_map(|e| match e {
        Effect::PostSolve { job, task, .. } => Some((*job, task.clone())),
        _ => None,
    })
}

fn solve_task(start: &str, goal: &str) -> Task {
    Task::Solve {
        start: parse_board(start).unwrap(),
        goal: parse_board(goal).unwrap(),
        mode: Mode::Fast,
        budget: 0,
        metric: crate::engine::moves::Metric::Single,
    }
}

#[test]
fn typing_sixteen_values_makes_a_4x4_worker_solve_and_the_goal_follows() {
    let mut w = Workbench::new(Default::default());
    w.solve();
    w.edit(Field::Start, EASY16);
    assert!(w.solution.in_worker());
    assert_eq!(
        w.input.texts().goal,
        "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]"
    );
    let v = w.view();
    assert_eq!(
        v.board.cells,
        Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 0, 14, 15])
    );
    assert_eq!(v.board.width, 4);
    assert_eq!(v.board.caption, "Start (4×4; not solved yet)");
    assert_eq!(v.inputs.start_error, None);
    assert_eq!(v.inputs.budget_error, None);
    assert_eq!(v.verdict.initial_h, "2");
    assert_eq!(v.solution.ledger_total, "2");
    assert_eq!(v.solution.ledger.len(), 16);
    assert_eq!(v.solution.ledger[13].cell, "row 4, column 3");
    assert_eq!(v.solution.ledger[13].goal_cell, "row 4, column 2");
    assert_eq!(v.solution.ledger[15].tile, "blank");
    assert!(v.family.nodes_shown);
    assert_eq!(
        v.family.limit_note,
        "4×4: IDA* with the pdb-663 pattern database stops at the node budget, 1,000,000,000 generated nodes, or when you press Cancel."
    );
    assert_eq!(
        v.family.trace_note.as_deref(),
        Some("The Trace tab steps the 3×3 contract A*, which exists on a 3×3 board only: the start is a 4×4 board. Type or choose a 3×3 board to use this tab.")
    );
    assert_eq!(v.family.warning, None);
    assert!(
        v.link.contains("&nodes=1000000000&mode=optimal&"),
        "{}",
        v.link
    );
    // Back to nine values: the goal follows back, and the baseline is exact.
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    assert_eq!(w.input.texts().goal, "[1,2,3,4,5,6,7,8,0]");
    w.solve();
    let v = w.view();
    assert_eq!(v.family, FamilyView::default());
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.verdict.cost, "2");
    assert_eq!(v.verdict.expansions, "2");
    assert_eq!(v.solution.witness, vec!["Right", "Right"]);
    assert!(!v.link.contains("nodes="));
    assert!(!v.link.contains("mode="));
}

#[test]
fn rows_make_any_shape_and_a_3_tall_4_wide_board_is_solved_in_the_worker() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, "[[1,2,3,4],[5,6,7,8],[9,10,0,11]]");
    assert_eq!(w.input.texts().goal, "[[1,2,3,4],[5,6,7,8],[9,10,11,0]]");
    let v = w.view();
    assert_eq!(v.board.width, 4);
    assert_eq!(v.board.cells.as_ref().map(Vec::len), Some(12));
    assert_eq!(v.board.caption, "Start (4×3; not solved yet)");
    w.solve();
    assert_eq!(
        w.view().family.progress,
        "Starting the Web Worker…",
        "the page waits for the worker"
    );
    let lines = run_worker(&mut w, &mut Session::default());
    assert_eq!(
        lines.last(),
        Some(&Report::Found(
            Counters::figures(1, None, 3, 2, 1),
            Metric::Single,
            vec![Move::Right]
        ))
    );
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.verdict.cost, "1");
    assert_eq!(v.solution.witness, vec!["Right"]);
    assert_eq!(
        v.solution.check,
        "Independent replay (verify, on the page): all 1 move checked as legal swaps of the blank with a grid neighbour on the 4×3 board, every board a permutation of 0–11; the final board equals the goal; length 1 equals cost 1."
    );
    w.apply(SolutionAction::Navigate(NavAction::Next));
    assert_eq!(
        w.view().board.cells,
        Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0])
    );
    // A whole board of twelve values given flat is no square: the engine's
    // one rule asks for rows; ten values keep the 3×3 contract's message.
    w.edit(Field::Start, "[1,2,3,4,5,6,7,8,9,10,11,0]");
    // Like a ragged or too-thin board, it is the family's error, not the
    // contract's.
    assert!(w.solution.in_worker());
    assert_eq!(
        w.view().inputs.start_error.as_deref(),
        Some("12 values in a flat list; a flat list is read only for a square board (4, 9, 16, 25, 36, 49 or 64 values), so write a board of 12 cells as rows, e.g. [[1,2,3,4,5,6],[7,8,9,10,11,0]] for 6 wide and 2 tall")
    );
    w.edit(Field::Start, "[1,2,3,4,5,6,7,8,0,0]");
    assert_eq!(
        w.view().inputs.start_error.as_deref(),
        Some("10 values given; a board has exactly nine")
    );
}

#[test]
fn the_family_samples_load_and_solve() {
    let keys: Vec<&str> = SAMPLES.iter().map(|s| s.key).collect();
    assert_eq!(
        keys,
        [
            "baseline",
            "two-by-three",
            "three-by-four",
            "korf55",
            "korf24-1",
            "six-by-six",
            "seven-by-seven",
            "eight-by-eight"
        ]
    );
    // Every sample is a valid, joined pair of its shape.
    for s in SAMPLES {
        let start = parse_board(s.start).unwrap();
        let goal = parse_board(s.goal).unwrap();
        assert_eq!(start.shape(), goal.shape(), "{}", s.key);
        assert!(check_parity(&start, &goal).is_ok(), "{}", s.key);
    }
    let mut w = Workbench::new(Default::default());
    let mut worker = Session::default();
    w.load_sample("two-by-three");
    w.solve();
    run_worker(&mut w, &mut worker);
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.verdict.cost, "21");
    assert_eq!(v.board.width, 2);
    w.load_sample("three-by-four");
    w.solve();
    run_worker(&mut w, &mut worker);
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.verdict.cost, THREE_BY_FOUR_COST);
    assert_eq!(v.board.width, 3);
    assert!(v
        .verdict
        .summary
        .starts_with("Shortest: IDA* with the pdb-65 database found cost "));
}

/// The optimal length of the 3×4 sample (three wide, four tall).
const THREE_BY_FOUR_COST: &str = "30";

use crate::engine::check_parity;

#[test]
fn korf_55_is_built_solved_in_41_checked_moves_and_a_cutoff_is_node_budget() {
    let mut w = Workbench::new(Default::default());
    w.load_sample("korf55");
    // The sample's text reads as rows (one break between rows); the boards
    // are Korf's.
    assert_eq!(
        w.input.texts().start,
        "[[13,8,14,3],[9,1,0,7],[15,5,4,10],[12,2,6,11]]"
    );
    assert_eq!(
        w.input.texts().goal,
        "[[0,1,2,3],[4,5,6,7],[8,9,10,11],[12,13,14,15]]"
    );
    assert_eq!(parse_board(&w.input.texts().start), parse_board(KORF55));
    assert_eq!(parse_board(&w.input.texts().goal), parse_board(KORF_GOAL16));
    w.solve();
    assert!(w.view().family.cancel_enabled);
    let mut worker = Session::default();
    let lines = run_worker(&mut w, &mut worker);
    assert_eq!(
        lines[0],
        Report::Build {
            done: 1,
            tables: 3,
            filled: 364_630,
            entries: 11_534_880
        }
    );
    let last = lines.last().unwrap();
    assert!(
        matches!(last, Report::Found(c, _, _) if c.bound == 41),
        "{last:?}"
    );
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.verdict.cost, "41");
    assert_eq!(v.solution.witness.len(), 41);
    assert_eq!(v.solution.replay.len(), 42);
    assert_eq!(v.family.progress, "");
    assert!(!v.family.cancel_enabled);
    assert_eq!(v.controls.replay_status, "Step 0 of 41");
    w.apply(SolutionAction::Navigate(NavAction::Last));
    let v = w.view();
    assert_eq!(
        v.board.cells,
        Some(vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
    );
    assert_eq!(v.board.caption, "Replay step 41 of 41 (the goal)");
    // A second solve with a small node budget: the table is kept, so no
    // build line; the cutoff is Unknown (NodeBudget) with what it proved.
    w.set_node_budget("1000");
    w.solve();
    let lines = run_worker(&mut w, &mut worker);
    assert_eq!(lines.len(), 1);
    assert!(matches!(lines[0], Report::Cutoff(_)), "{:?}", lines[0]);
    let v = w.view();
    assert_eq!(v.verdict.status, "Unknown (NodeBudget)");
    assert_eq!(v.verdict.kind, Status::Unknown);
    assert!(v.verdict.summary.starts_with(
        "Unfinished: the node budget of 1,000 ran out; proved: no solution shorter than "
    ));
}

#[test]
fn fast_mode_on_korf_24_1_is_verified_and_labelled_not_proved_shortest() {
    let mut w = Workbench::new(Default::default());
    w.load_sample("korf24-1");
    assert_eq!(w.input.mode(), Mode::Fast);
    assert_eq!(
        w.input.texts().goal,
        "[[0,1,2,3,4],[5,6,7,8,9],[10,11,12,13,14],[15,16,17,18,19],[20,21,22,23,24]]"
    );
    assert_eq!(
        parse_board(&w.input.texts().goal).ok(),
        Some(korf_goal(Shape::FIVE)),
        "Korf's goal, the blank top-left"
    );
    let v = w.view();
    assert_eq!(v.family.warning, None);
    assert!(!v.family.nodes_shown);
    assert_eq!(v.family.limit_note, "5×5: Fast mode finds a verified path quickly, not necessarily a shortest one, and states its proved lower bound and the gap.");
    w.solve();
    let lines = run_worker(&mut w, &mut Session::default());
    assert_eq!(lines.len(), 1, "one slice");
    assert!(matches!(lines[0], Report::Fast { .. }), "{:?}", lines[0]);
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved (not proved shortest)");
    assert_eq!(v.verdict.kind, Status::Solved);
    let cost: u32 = v.verdict.cost.parse().unwrap();
    assert!(cost >= 95, "Korf #1 needs 95 moves at least; got {cost}");
    let Report::Fast {
        lower_bound: lower, ..
    } = lines[0]
    else {
        panic!("a fast report")
    };
    assert_eq!(
        v.verdict.summary,
        format!(
            "Not proved shortest: a fast path of {cost} moves; proved lower bound {lower}, gap {}. Next: replay it with Next.",
            cost - lower
        )
    );
    assert_eq!(v.solution.witness.len(), cost as usize);
    assert!(v.solution.check.starts_with(&format!(
        "Independent replay (verify, on the page): all {cost} moves checked"
    )));
    assert!(v.link.contains("&mode=fast&"), "{}", v.link);
    assert!(!v.link.contains("nodes="));
}

#[test]
fn a_fast_path_is_labelled_shortest_only_when_it_meets_its_lower_bound() {
    // The 3×3 baseline in Fast: 2 moves against the lower bound 2.
    let mut w = Workbench::new(Default::default());
    w.set_mode(Mode::Fast);
    w.solve();
    run_worker(&mut w, &mut Session::default());
    let v = w.view();
    assert_eq!(v.verdict.kind, Status::Solved);
    assert_eq!(v.verdict.status, "Solved (shortest)");
    assert_eq!(
        v.verdict.summary,
        "Shortest (proved: it meets the lower bound): a fast path of 2 moves; proved lower bound 2, gap 0. Next: replay it with Next."
    );
    assert_eq!(
        v.verdict.explanation,
        "Fast mode found a path of 2 moves and the page checked it. No solution is shorter than 2 moves (a proved lower bound), so this path is a shortest one: it meets the lower bound. Next: replay the witness with Next. The page's lower bound is Manhattan distance plus linear conflicts, computed without tables; the command line's pattern databases stay out of the page."
    );
    assert_eq!(
        v.solution.counters,
        "shortest (proved: it meets the lower bound): length 2, lower bound 2, gap 0; generated 2"
    );
    // The 3×4 sample in Fast: 30 moves against the lower bound 22.
    w.load_sample("three-by-four");
    w.set_mode(Mode::Fast);
    w.solve();
    run_worker(&mut w, &mut Session::default());
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved (not proved shortest)");
    assert_eq!(
        v.verdict.summary,
        "Not proved shortest: a fast path of 30 moves; proved lower bound 22, gap 8. Next: replay it with Next."
    );
    assert_eq!(
        v.verdict.explanation,
        "Fast mode found a path of 30 moves and the page checked it; it is not necessarily a shortest one. No solution is shorter than 22 moves (a proved lower bound), so the gap is at most 8 moves. Next: replay the witness with Next, or choose Optimal for a proved shortest path. The page's lower bound is Manhattan distance plus linear conflicts, computed without tables; the command line's pattern databases stay out of the page."
    );
    assert_eq!(
        v.solution.counters,
        "not proved shortest: length 30, lower bound 22, gap 8; generated 210806"
    );
}

#[test]
fn optimal_on_5x5_warns_and_offers_fast() {
    let mut w = Workbench::new(Default::default());
    w.edit(
        Field::Start,
        "[14,5,9,2,18,8,23,19,12,17,15,0,10,20,4,6,11,21,1,7,24,3,16,22,13]",
    );
    let v = w.view();
    assert_eq!(
        v.family.warning.as_deref(),
        Some("A random 24-puzzle can take hours to solve optimally (Korf and Felner's solver took about two days per instance); Solve may run until the node budget. Fast gives a verified path in about a second, with its gap to the proved lower bound.")
    );
    assert_eq!(v.board.width, 5);
    w.set_mode(Mode::Fast);
    assert_eq!(w.view().family.warning, None);
    // A 3×3 board in Fast mode goes to the worker too.
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    assert!(w.solution.in_worker());
    w.solve();
    assert_eq!(
        w.solution.worker().take_task().map(|t| t.1),
        Some(solve_task("[1,2,3,4,5,6,0,7,8]", "[1,2,3,4,5,6,7,8,0]"))
    );
    assert_eq!(w.view().family.trace_note, None, "3×3 tools still apply");
}

#[test]
fn a_link_with_mode_reopens_a_3x4_board_and_validates_as_typing() {
    let start = "[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]";
    let goal = "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]";
    let mut w = Workbench::from_link(&format!(
        "start={}&goal={}&mode=fast&tab=solution",
        encode_component(start),
        encode_component(goal)
    ));
    assert!(w.solution.in_worker());
    assert_eq!(w.input.mode(), Mode::Fast);
    assert_eq!(
        w.solution.worker().take_task().map(|t| t.1),
        Some(solve_task(start, goal))
    );
    assert_eq!(w.view().verdict.status, "Working…");
    assert!(w
        .view()
        .link
        .ends_with("&budget=100&mode=fast&tab=solution"));
    // A ragged board in a link is the parser's error, exactly as typed.
    let ragged = "[[1,2,3],[4,5]]";
    let mut w = Workbench::from_link(&format!("start={}", encode_component(ragged)));
    let typed = parse_board(ragged).unwrap_err().to_string();
    assert_eq!(w.view().inputs.start_error.as_deref(), Some(typed.as_str()));
}

#[test]
fn shape_mismatch_is_the_goals_error() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Goal, "[1,2,3,4,5,6,7,0,8]");
    w.edit(Field::Start, KORF55);
    // The goal is not a default goal, so it does not follow.
    assert_eq!(w.input.texts().goal, "[1,2,3,4,5,6,7,0,8]");
    w.solve();
    let v = w.view();
    assert_eq!(
        v.inputs.goal_error.as_deref(),
        Some("the start is a 4×4 board (4 wide, 4 tall) but the goal is a 3×3 board (3 wide, 3 tall); start and goal must have the same shape")
    );
    assert_eq!(v.verdict.status, "Invalid — Goal board");
    assert_eq!(v.board.cells, None);
    assert_eq!(w.solution.worker().take_task(), None);
}

#[test]
fn unsolvable_shows_the_engines_one_parity_text_and_names_korfs_goal() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, KORF55);
    w.solve();
    assert_eq!(w.solution.worker().take_task(), None);
    let v = w.view();
    assert_eq!(v.verdict.status, "Unsolvable");
    assert_eq!(v.verdict.kind, Status::Unsolvable);
    let start = parse_board(KORF55).unwrap();
    let proof = ParityProof::of(&start, &Board::default_goal(Shape::FOUR));
    assert_eq!(
        v.solution.parity,
        Some(format!(
            "{} The proof is the same in both metrics: a multi-tile move is a run of single-tile moves, so it keeps the invariant too.",
            proof.explain()
        ))
    );
    assert!(v
        .solution
        .parity
        .as_deref()
        .unwrap()
        .contains("for the start,"));
    assert_eq!(
        v.verdict.summary,
        "Unsolvable: start and goal differ in the parity invariant (proof on the Solution tab). Next: swap two tiles. This start does reach [0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15] (the blank top-left, the goal of Korf's instances): put that in the Goal field to solve it."
    );
    w.edit(Field::Goal, KORF_GOAL16);
    w.solve();
    assert!(w.solution.worker().take_task().is_some());
}

#[test]
fn node_budget_field_is_validated_and_blamed() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, KORF55);
    w.set_node_budget("lots");
    w.solve();
    assert_eq!(w.solution.worker().take_task(), None);
    let v = w.view();
    assert_eq!(v.verdict.status, "Invalid — Node budget");
    assert!(v.family.node_budget_error.is_some());
}

#[test]
fn cancel_ignores_later_replies_and_a_worker_error_is_shown() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, EASY16);
    w.solve();
    let (job, task, _) = w.solution.worker().take_task().unwrap();
    let mut worker = Session::default();
    worker.begin(task);
    let first = worker.step(&mut || 0.0).unwrap();
    assert!(w.solver_reply(job, &first));
    assert_eq!(
        w.view().family.progress,
        "Building the pdb-663 pattern database for this 4×4 goal (once per page session): table 2 of 3, 366,045 of 11,534,880 entries."
    );
    assert!(w.cancel_solve());
    assert!(w.solution.worker().take_stop());
    assert!(!w.solution.worker().take_stop());
    worker.cancel();
    let found = Report::Found(
        Counters::figures(2, None, 2, 2, 1),
        Metric::Single,
        vec![Move::Right, Move::Right],
    );
    assert!(!w.solver_reply(job, &Reply::of_report(found)));
    let v = w.view();
    assert_eq!(v.verdict.status, "Cancelled");
    assert!(!w.cancel_solve());
    // A worker that stops (its error event) ends the next solve with the
    // error on the page.
    w.solve();
    w.solution.worker().take_task().unwrap();
    w.solver_failed("the browser did not run the worker's script");
    let v = w.view();
    assert_eq!(v.verdict.status, "Error — the Web Worker failed");
    assert_eq!(
        v.verdict.summary,
        "The solve did not finish: the browser did not run the worker's script. Nothing is claimed. Next: press Solve to try again."
    );
    assert_eq!(v.family.progress, "");
    assert!(!v.family.cancel_enabled);
}

#[test]
fn one_play_game_for_every_shape_with_worker_hints_on_4x4() {
    let mut w = Workbench::new(Default::default());
    let mut worker = Session::default();
    w.edit(Field::Start, EASY16);
    w.select_tab(Tab::Play);
    let v = w.view();
    assert!(v.board.playing);
    assert_eq!(v.board.width, 4);
    assert_eq!(v.board.caption, "Play: your board after 0 moves");
    let fx = w.apply(PlayAction::Hint);
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Working out the hint in the Web Worker…")
    );
    assert!(w.view().family.cancel_enabled, "Cancel applies to the hint");
    let (job, task) = posted_task(&fx).expect("a hint posted to the worker");
    let lines = run_job(&mut w, &mut worker, job, task);
    assert_eq!(
        lines.last(),
        Some(&Report::Hint(HintAnswer::Exact([
            Some(3),
            None,
            Some(3),
            Some(1)
        ])))
    );
    let p = w.view().play.view.unwrap();
    assert_eq!(
        p.hint.as_deref(),
        Some("Hint: Right (the blank moves that way); the exact distance drops from 2 to 1.")
    );
    assert_eq!(
        p.status,
        "g = 0 moves so far; Manhattan h = 2. The blank is at 13 (row 4, column 2). A hint is worked out in a Web Worker when you ask: the moves that shorten the exact distance when it proves them within its budget, else a fast-mode move. A click on a tile in the blank's row or column slides the whole run, one move per tile (single-tile metric); an arrow key moves one tile."
    );
    w.apply(PlayAction::Move(Move::Right));
    let p = w.view().play.view.unwrap();
    assert_eq!(p.hint, None);
    assert_eq!(p.moves, vec!["Right"]);
    // A tap on the tile right of the blank moves it: the goal.
    w.apply(PlayAction::Click(15));
    let v = w.view();
    assert_eq!(
        v.play.view.unwrap().message.as_deref(),
        Some("Goal reached in 2 moves.")
    );
    assert_eq!(v.board.caption, "Play: the goal is reached");
    // A hint asked and then cancelled: later replies are ignored.
    w.edit(Field::Start, EASY16);
    let fx = w.apply(PlayAction::Hint);
    let job = posted(&fx).expect("a hint posted to the worker");
    assert!(w.cancel_solve());
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Hint cancelled.")
    );
    let hint = Report::Hint(HintAnswer::Exact([Some(3), None, Some(3), Some(1)]));
    assert!(!w.solver_reply(job, &Reply::of_report(hint)));
    // On 3×3 the hint is exact at once, from the distance table.
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    let fx = w.apply(PlayAction::Hint);
    assert_eq!(posted(&fx), None);
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Hint: Right (the blank moves right); the exact distance drops from 2 to 1.")
    );
    w.select_tab(Tab::Lab);
    assert_eq!(w.view().family.lab_note, None);
}

const KORF24_1: &str = "[14,5,9,2,18,8,23,19,12,17,15,0,10,20,4,6,11,21,1,7,24,3,16,22,13]";

#[test]
fn a_5x5_play_hint_answers_within_its_budget_with_a_fast_move_not_proved_optimal() {
    let mut w = Workbench::new(Default::default());
    let mut worker = Session::default();
    w.edit(Field::Start, KORF24_1);
    w.select_tab(Tab::Play);
    let fx = w.apply(PlayAction::Hint);
    let (job, task) = posted_task(&fx).expect("a hint posted to the worker");
    let Task::Hint { budget, .. } = &task else {
        panic!("{task:?}")
    };
    assert_eq!(*budget, HINT_NODES);
    let lines = run_job(&mut w, &mut worker, job, task);
    assert_eq!(
        lines.last(),
        Some(&Report::Hint(HintAnswer::Fast {
            first: Move::Left,
            length: 107,
            lower_bound: 89,
            budget: HINT_NODES,
        }))
    );
    assert_eq!(
        lines.len(),
        31,
        "one progress report per slice of 65,536 nodes"
    );
    let p = w.view().play.view.unwrap();
    assert_eq!(
        p.hint.as_deref(),
        Some("Hint (not proved optimal): Left (the blank moves that way), the first move of a fast-mode path of 107 moves. IDA* did not finish within the hint's budget of 2,000,000 nodes; no path is shorter than 89 moves.")
    );
    assert!(!p.hint_running);
    assert!(!w.view().family.cancel_enabled);
    // While it runs, the progress names the budget; Cancel stops it.
    let fx = w.apply(PlayAction::Hint);
    let (job, task) = posted_task(&fx).expect("a hint posted to the worker");
    worker.begin(task);
    let reply = worker.step(&mut || 0.0).expect("a slice");
    assert!(w.solver_reply(job, &reply));
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Working out the hint: IDA* on the board, then on each other neighbour, 65,536 of at most 2,000,000 nodes generated so far.")
    );
    assert!(w.view().family.cancel_enabled);
    assert!(w.cancel_solve());
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Hint cancelled.")
    );
}

#[test]
fn use_fast_instead_cancels_the_optimal_run_and_solves_in_fast() {
    let mut w = Workbench::new(Default::default());
    w.edit(Field::Start, KORF24_1);
    w.solve();
    assert!(
        w.solution.worker().take_task().is_some(),
        "the optimal solve goes out"
    );
    assert!(w.view().family.cancel_enabled, "and runs");
    let fx = w.apply(InputAction::UseFast);
    assert_eq!(w.input.mode(), Mode::Fast);
    assert_eq!(
        fx.list.first(),
        Some(&Effect::StopSolve),
        "the optimal job is dropped in the worker"
    );
    let (job, task) = posted_task(&fx).expect("the fast solve goes out at once");
    assert!(
        matches!(
            &task,
            Task::Solve {
                mode: Mode::Fast,
                ..
            }
        ),
        "{task:?}"
    );
    let lines = run_job(&mut w, &mut Session::default(), job, task);
    assert!(matches!(lines[..], [Report::Fast { .. }]), "{lines:?}");
    let v = w.view();
    assert_eq!(v.verdict.kind, Status::Solved);
    assert_eq!(v.verdict.status, "Solved (not proved shortest)");
    assert!(!v.family.cancel_enabled);
}

#[test]
fn an_optimal_5x5_link_opens_with_the_warning_and_no_running_search() {
    let goal = korf_goal(Shape::FIVE).to_json();
    let (mut w, fx) = Workbench::open(&format!("start={KORF24_1}&goal={goal}&mode=optimal"));
    assert_eq!(posted(&fx), None, "nothing was posted");
    let v = w.view();
    assert!(v.family.warning.is_some());
    assert!(!v.family.cancel_enabled);
    assert_eq!(v.family.progress, "");
    assert_eq!(v.verdict.kind, Status::Pending);
    assert_eq!(
        v.verdict.summary,
        "Not solved yet. Next: press Solve (IDA* in a Web Worker)."
    );
    // The same board in Fast solves on open, as every other link does.
    let (_, fx) = Workbench::open(&format!("start={KORF24_1}&goal={goal}&mode=fast"));
    assert!(posted(&fx).is_some());
}

#[test]
fn a_field_that_does_not_apply_says_why_once_and_an_invalid_start_says_nothing_of_fields() {
    let mut w = Workbench::new(Default::default());
    let v = w.view();
    assert_eq!(v.inputs.budget_reason, None);
    assert_eq!(v.family.limit_note, "");
    // 3×3 in Fast: the Budget does not apply.
    w.apply(InputAction::Mode(Mode::Fast));
    let v = w.view();
    assert_eq!(
        v.inputs.budget_reason.as_deref(),
        Some("Does not apply in Fast mode: the Budget limits the optimal 3×3 A* only.")
    );
    assert_eq!(v.family.limit_note, "3×3: Fast mode finds a verified path quickly, not necessarily a shortest one, and states its proved lower bound and the gap.");
    w.apply(InputAction::Mode(Mode::Optimal));
    // A valid 4×4 start: the reason names the shape; the limit note no
    // longer speaks of the Budget.
    w.edit(Field::Start, EASY16);
    let v = w.view();
    assert_eq!(
        v.inputs.budget_reason.as_deref(),
        Some("Does not apply to a 4×4 board: the Budget limits the 3×3 A* only.")
    );
    assert_eq!(v.inputs.budget, "100");
    assert!(
        !v.family.limit_note.contains("Budget"),
        "{}",
        v.family.limit_note
    );
    // An invalid start of sixteen values: its error, and nothing about
    // which fields apply.
    w.edit(Field::Start, "[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,14]");
    let v = w.view();
    assert!(v.inputs.start_error.is_some());
    assert_eq!(v.inputs.budget_reason, None);
    assert_eq!(v.family.limit_note, "");
    // An invalid 3×3 start in Fast: the same.
    w.edit(Field::Start, "[1,2,3,4,5,6,7,8,8]");
    w.apply(InputAction::Mode(Mode::Fast));
    let v = w.view();
    assert!(v.inputs.start_error.is_some());
    assert_eq!(v.inputs.budget_reason, None);
    assert_eq!(v.family.limit_note, "");
}

#[test]
fn the_goal_that_follows_the_start_says_so_and_undo_brings_the_text_back() {
    let mut w = Workbench::new(Default::default());
    w.solve();
    let solved = w.view().entry;
    // A first keystroke makes a draft; the goal has not followed yet.
    w.edit(Field::Start, "[[6,4,3],[1,10,0],[2,9,11],[8,7");
    let v = w.view();
    assert_eq!(v.entry, solved + 1);
    assert_eq!(v.inputs.goal_note, None);
    assert_eq!(v.inputs.goal, "[1,2,3,4,5,6,7,8,0]");
    // The start becomes a 3×4 board: the goal follows, says so, and the
    // state before it keeps its history entry (Back returns to it).
    w.edit(Field::Start, "[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]");
    let v = w.view();
    assert_eq!(v.inputs.goal, "[[1,2,3],[4,5,6],[7,8,9],[10,11,0]]");
    assert_eq!(
        v.inputs.goal_note.as_deref(),
        Some("Goal set to the 3×4 default.")
    );
    assert_eq!(v.entry, solved + 2);
    // Another start of the same shape: the notice stays.
    w.edit(Field::Start, "[[6,4,3],[1,10,0],[2,9,11],[8,5,7]]");
    assert_eq!(
        w.view().inputs.goal_note.as_deref(),
        Some("Goal set to the 3×4 default.")
    );
    // Undo: the person's goal text is back, with its error, and the goal
    // no longer follows while the start keeps changing.
    w.apply(InputAction::UndoGoal);
    let v = w.view();
    assert_eq!(v.inputs.goal, "[1,2,3,4,5,6,7,8,0]");
    assert_eq!(v.inputs.goal_note, None);
    assert!(v.inputs.goal_error.is_some());
    w.edit(Field::Start, "[[6,4,3],[1,10,0],[2,9,11],[8,7,5]]");
    assert_eq!(w.input.texts().goal, "[1,2,3,4,5,6,7,8,0]");
    // An edit of the goal ends that: the goal follows the start again.
    w.edit(Field::Goal, "[1,2,3,4,5,6,7,8,0] ");
    w.edit(Field::Start, EASY16);
    let v = w.view();
    assert_eq!(
        v.inputs.goal,
        "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]"
    );
    assert_eq!(
        v.inputs.goal_note.as_deref(),
        Some("Goal set to the 4×4 default.")
    );
    // Back to nine values: the goal follows back to the person's own
    // text's board, so there is nothing to undo.
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    let v = w.view();
    assert_eq!(v.inputs.goal, "[1,2,3,4,5,6,7,8,0]");
    assert_eq!(
        v.inputs.goal_note.as_deref(),
        Some("Goal set to the 3×3 default.")
    );
    w.apply(InputAction::UndoGoal);
    assert_eq!(w.input.texts().goal, "[1,2,3,4,5,6,7,8,0] ");
}

#[test]
fn a_multi_tile_play_hint_on_3x3_is_the_workers_shortest_slide() {
    // The 3×3 table counts single tiles, so in the multi-tile metric the
    // hint is asked of the worker in that metric: on the baseline one slide
    // of two tiles solves it.
    let mut w = Workbench::from_link("tab=play&metric=multi");
    let mut worker = Session::default();
    let fx = w.apply(PlayAction::Hint);
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Working out the hint in the Web Worker…")
    );
    let (job, task) = posted_task(&fx).expect("a hint posted to the worker");
    let Task::Hint { metric, .. } = &task else {
        panic!("{task:?}")
    };
    assert_eq!(*metric, Metric::Multi);
    let lines = run_job(&mut w, &mut worker, job, task);
    let Some(Report::Hint(HintAnswer::Slide {
        first,
        length,
        lower_bound,
        ..
    })) = lines.last()
    else {
        panic!("{lines:?}")
    };
    assert_eq!(
        (first.to_string(), *length, *lower_bound),
        ("Right×2".to_string(), 1, 1)
    );
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Hint: Right×2 (the blank slides that way) starts a shortest multi-tile path; the exact multi-tile distance drops from 1 to 0.")
    );
    // In the single-tile metric the table answers at once.
    let mut w = Workbench::from_link("tab=play");
    let fx = w.apply(PlayAction::Hint);
    assert_eq!(posted(&fx), None);
    assert_eq!(
        w.view().play.view.unwrap().hint.as_deref(),
        Some("Hint: Right (the blank moves right); the exact distance drops from 2 to 1.")
    );
}

/// The analysis job's words once the worker has answered it.
fn analysis_after(w: &mut Workbench, fx: &Effects) -> Option<String> {
    let (job, task) = posted_task(fx).expect("the analysis posted at the goal");
    let mut worker = Session::default();
    worker.begin(task);
    let mut clock = || 0.0;
    while let Some(reply) = worker.step(&mut clock) {
        w.solver_reply(job, &reply);
    }
    w.view().play.view.unwrap().analysis
}

#[test]
fn play_reads_the_solve_back_at_the_goal_in_both_metrics() {
    let mut w = Workbench::new(Default::default());
    // Blank top left of the 3×3 goal: Right Right Down Down is shortest.
    w.edit(Field::Start, "[0,1,2,4,5,3,7,8,6]");
    w.select_tab(Tab::Play);
    let mut fx = Effects::default();
    for mv in [
        Move::Right,
        Move::Left,
        Move::Right,
        Move::Right,
        Move::Down,
    ] {
        fx = w.apply(PlayAction::Move(mv));
        assert_eq!(posted(&fx), None, "no analysis before the goal");
        assert_eq!(w.view().play.view.unwrap().analysis, None);
    }
    let _ = fx;
    let fx = w.apply(PlayAction::Move(Move::Down));
    assert_eq!(
        w.view().play.view.unwrap().analysis.as_deref(),
        Some("Reading your solve back in the Web Worker…")
    );
    assert_eq!(
        analysis_after(&mut w, &fx).as_deref(),
        Some("Your solve: 6 moves; the optimum is 4, so the excess is 2. Distance to the goal after each move, from 4: 3 4 3 2 1 0. One move did not bring the board one move closer: 2 (Left).")
    );
    // Asked once: a move at the goal posts nothing more.
    assert_eq!(posted(&w.apply(PlayAction::Move(Move::Up))), None);

    // The multi-tile metric: a click slides a run as one move.
    w.set_metric(Metric::Multi);
    w.edit(Field::Start, "[0,1,2,4,5,3,7,8,6]");
    w.select_tab(Tab::Play);
    w.apply(PlayAction::Move(Move::Right));
    w.apply(PlayAction::Move(Move::Left));
    // The tile at the top right: the blank slides two cells right.
    w.apply(PlayAction::Click(2));
    let fx = w.apply(PlayAction::Click(8));
    assert_eq!(
        analysis_after(&mut w, &fx).as_deref(),
        Some("Your solve: 4 multi-tile moves; the optimum is 2, so the excess is 2. Distance to the goal after each move, from 2: 2 2 1 0. 2 moves did not bring the board one move closer: 1 (Right×1), 2 (Left×1).")
    );
    // Arrow keys one tile at a time: a run in one direction is one move.
    w.edit(Field::Start, "[0,1,2,4,5,3,7,8,6]");
    w.select_tab(Tab::Play);
    for mv in [Move::Right, Move::Right, Move::Down] {
        w.apply(PlayAction::Move(mv));
    }
    let fx = w.apply(PlayAction::Move(Move::Down));
    assert_eq!(
        analysis_after(&mut w, &fx).as_deref(),
        Some("Your solve: 2 multi-tile moves; the optimum is 2, so the excess is 0. (Your 4 moves count as 2: a run of moves in one direction is one multi-tile move.) Distance to the goal after each move, from 2: 1 0. No move was wasted: each brought the goal one move closer.")
    );
}
