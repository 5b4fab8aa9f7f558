//! The workbench's two entry points as the web layer uses them: actions
//! and inbound messages in, typed effects out.

use super::*;

/// The rows of Compare all: one per search it runs.
const COMPARE_PLAN_ROWS: usize = 7;

/// A clock that stands still.
fn still() -> f64 {
    0.0
}

#[test]
fn playback_is_a_timer_effect_and_a_stale_tick_is_not_used() {
    let (mut w, first) = Workbench::open("");
    // The baseline is solved on open; its shortest paths are counted once
    // it is on screen.
    assert_eq!(first.list, vec![Effect::CountPaths]);
    let fx = w.apply(SolutionAction::TogglePlayback);
    let [Effect::Playback { token, ms }] = fx.list[..] else {
        panic!("one playback timer: {fx:?}");
    };
    assert_eq!(ms, SPEED_DEFAULT);
    assert!(fx.used);
    // A tick of another playback leaves the page alone.
    assert_eq!(
        w.receive(Inbound::Tick(token + 1), &mut still),
        Effects::default()
    );
    // The baseline's two moves: the first tick asks for the next.
    let fx = w.receive(Inbound::Tick(token), &mut still);
    assert_eq!(fx.list, vec![Effect::Playback { token, ms }]);
    let fx = w.receive(Inbound::Tick(token), &mut still);
    assert_eq!(fx, Effects::used());
    assert_eq!(w.view().controls.replay_status, "Step 2 of 2");
    // Space on the page is the same toggle, through a key.
    let fx = w.apply(Action::Key(Key::Home, Focus::Page));
    assert_eq!(fx, Effects::used());
    let fx = w.apply(Action::Key(Key::Space, Focus::Page));
    assert!(matches!(fx.list[..], [Effect::Playback { .. }]), "{fx:?}");
    // A key in a text field belongs to the field.
    assert_eq!(
        w.apply(Action::Key(Key::Space, Focus::Field)),
        Effects::default()
    );
}

#[test]
fn the_address_already_shown_is_not_opened_again() {
    let (mut w, _) = Workbench::open("");
    let link = w.view().link;
    assert_eq!(w.apply(Action::Address(link.clone())), Effects::default());
    assert_eq!(
        w.apply(Action::Address(format!("#{link}"))),
        Effects::default()
    );
    let fx = w.apply(Action::Address("#tab=play".into()));
    // The link's state is solved afresh, and its paths counted again.
    assert_eq!(fx.list, vec![Effect::CountPaths]);
    assert!(fx.used);
    assert_eq!(w.view().tab, Tab::Play);
}

#[test]
fn a_worker_solve_is_posted_and_stopped_through_effects() {
    let start = "[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]";
    let goal = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]";
    let (mut w, first) = Workbench::open(&format!(
        "start={}&goal={}",
        encode_component(start),
        encode_component(goal)
    ));
    let [Effect::PostSolve {
        job,
        ref task,
        metric,
    }] = first.list[..]
    else {
        panic!("the link's board posted to the worker: {first:?}");
    };
    assert_eq!(metric, crate::engine::moves::Metric::Single);
    assert!(matches!(task, Task::Solve { .. }), "{task:?}");
    assert_eq!(w.apply(InputAction::Cancel).list, vec![Effect::StopSolve]);
    // A reply of the cancelled job changes nothing that needs a worker.
    let done = Reply::of_report(Report::Cutoff(Counters::default()));
    assert_eq!(
        w.receive(Inbound::Solver { job, reply: done }, &mut still),
        Effects::used()
    );
    // Solve again: a new job.
    let fx = w.apply(InputAction::Solve);
    assert!(
        matches!(fx.list[..], [Effect::PostSolve { job: j, .. }] if j > job),
        "{fx:?}"
    );
    // The worker failed: the solve ends with the reason.
    w.receive(Inbound::SolverFailed("no worker here".into()), &mut still);
    assert!(
        w.view().verdict.summary.contains("no worker here"),
        "{}",
        w.view().verdict.summary
    );
}

#[test]
fn long_work_says_where_it_runs_and_the_page_only_carries_it_out() {
    let (mut w, _) = Workbench::open("");
    // Without workers, Compare all runs whole, at once.
    let fx = w.receive(
        Inbound::Start {
            work: Work::Compare,
            workers: false,
        },
        &mut still,
    );
    assert_eq!(
        fx.list,
        vec![
            Effect::StopWork(Work::Compare),
            Effect::RunWork {
                work: Work::Compare,
                place: Place::Whole
            }
        ]
    );
    assert_eq!(
        w.view().lab.compare_note,
        "Web Workers are not available here, so Compare all runs on the page's own thread."
    );
    let fx = w.receive(Inbound::Whole(Work::Compare), &mut still);
    assert_eq!(fx.list, vec![Effect::Finished(Work::Compare)]);
    // One row per algorithm of the comparison.
    assert_eq!(w.view().lab.compare_rows.len(), COMPARE_PLAN_ROWS);
    // Without workers, the depth table runs in slices.
    let fx = w.receive(
        Inbound::Start {
            work: Work::Depth,
            workers: false,
        },
        &mut still,
    );
    assert_eq!(
        fx.list[1],
        Effect::RunWork {
            work: Work::Depth,
            place: Place::Slices
        }
    );
    assert_eq!(
        w.view().space.depth.note,
        "Web Workers are not available here, so the depth table runs in slices on the page's own thread."
    );
    assert_eq!(
        w.apply(Action::CancelWork(Work::Depth)).list,
        vec![Effect::StopWork(Work::Depth)]
    );
    // With workers: the experiment's tasks go to a batch, which says how
    // many workers share them.
    let fx = w.receive(
        Inbound::Start {
            work: Work::Experiment,
            workers: true,
        },
        &mut still,
    );
    assert_eq!(
        fx.list[1],
        Effect::RunWork {
            work: Work::Experiment,
            place: Place::Workers
        }
    );
    let fx = w.receive(Inbound::Tasks(Work::Experiment), &mut still);
    let [Effect::Batch { work, ref tasks }] = fx.list[..] else {
        panic!("one batch: {fx:?}");
    };
    assert_eq!(work, Work::Experiment);
    assert_eq!(tasks.len(), EXPERIMENT_ROWS);
    w.receive(Inbound::Split { work, workers: 2 }, &mut still);
    assert_eq!(
        w.view().lab.experiment_note,
        "Split between 2 Web Workers, one per core the browser reports; the page only merges their answers."
    );
    // A refused worker: the same work in slices, said in its panel.
    let fx = w.receive(
        Inbound::Refused {
            work,
            why: "no".into(),
        },
        &mut still,
    );
    assert_eq!(fx.list, vec![Effect::Slice(work)]);
    assert_eq!(
        w.view().lab.experiment_note,
        "This browser refused Web Workers here (no), so the experiment runs in slices on the page's own thread."
    );
    // A failed answer stops the work and its workers.
    let fx = w.receive(
        Inbound::Answer {
            work,
            index: 0,
            answer: Err("boom".into()),
        },
        &mut still,
    );
    assert_eq!(
        fx.list,
        vec![Effect::StopWork(work), Effect::Finished(work)]
    );
}

#[test]
fn the_sweep_in_slices_times_each_phase_and_says_when_it_is_done() {
    use crate::engine::heuristic::BuiltIn;
    use crate::engine::{
        contract::Goal,
        teaching::{reachable_starts, DistanceTable},
    };
    let goal = Goal::default();
    let table = DistanceTable::new(goal.board());
    let starts: Vec<_> = reachable_starts(&table)
        .into_iter()
        .step_by(20_011)
        .collect();
    let (mut w, _) = Workbench::open("");
    w.space.start_sweep_with(Sweep::with_phases(
        goal,
        vec![
            (BuiltIn::Manhattan, starts.clone()),
            (BuiltIn::Misplaced, starts),
        ],
    ));
    // A clock that stands still: each slice runs until the sweep is done,
    // and each phase took 0 ms.
    let mut figures = Vec::new();
    let mut slices = 0;
    loop {
        let fx = w.receive(
            Inbound::Slice {
                work: Work::Sweep,
                ms: 40.0,
            },
            &mut still,
        );
        slices += 1;
        for e in &fx.list {
            if let Effect::Figure { key, value } = e {
                assert_eq!(*key, "sweepPhasesMs");
                figures.push(value.clone());
            }
        }
        if fx.list.last() == Some(&Effect::Finished(Work::Sweep)) {
            break;
        }
        assert_eq!(fx.list.last(), Some(&Effect::Slice(Work::Sweep)));
        assert!(slices < 10, "the sweep ends");
    }
    let zero = millis_text(0.0);
    assert_eq!(figures.last(), Some(&format!("{zero},{zero}")));
    assert!(!w.view().space.sweep.running);
}

#[test]
fn a_contract_path_asks_once_for_its_paths_to_be_counted() {
    let (mut w, _) = Workbench::open("");
    // Another 3×3 start: an edit solves nothing; Solve does, and asks for
    // the count after the path is drawn.
    let fx = w.apply(InputAction::Edit(
        Field::Start,
        "[8,6,7,2,5,4,3,0,1]".into(),
    ));
    assert_eq!(fx.list, vec![]);
    w.apply(InputAction::Edit(Field::Budget, "10000".into()));
    let fx = w.apply(InputAction::Solve);
    assert_eq!(fx.list, vec![Effect::CountPaths]);
    assert!(w.view().solution.paths_pending);
    let fx = w.apply(SolutionAction::CountPaths);
    assert_eq!(fx.list, vec![]);
    assert!(!w.view().solution.paths_pending);
    // A search stopped by its budget has no path to count.
    w.apply(InputAction::Edit(Field::Budget, "1".into()));
    let fx = w.apply(InputAction::Solve);
    assert_eq!(fx.list, vec![]);
    // Nor has a worker's answer.
    w.apply(InputAction::Mode(Mode::Fast));
    let fx = w.apply(InputAction::Solve);
    assert!(matches!(fx.list[..], [Effect::PostSolve { .. }]), "{fx:?}");
}

#[test]
fn the_race_plays_on_its_own_timer_and_its_link_reopens_both_sides() {
    let (mut w, _) = Workbench::open("start=%5B8%2C1%2C3%2C4%2C0%2C2%2C7%2C6%2C5%5D&tab=race&left=idastar&right=greedy_misplaced");
    let v = w.view();
    assert_eq!(v.tab, Tab::Race);
    assert_eq!(v.race.sides[0].title, "Left: IDA* (Manhattan)");
    assert_eq!(
        v.race.sides[1].title,
        "Right: greedy best-first (misplaced tiles)"
    );
    assert!(
        v.link
            .ends_with("&tab=race&step=0&left=idastar&right=greedy_misplaced"),
        "{}",
        v.link
    );
    w.apply(RaceAction::Speed(RaceSpeed::Fast));
    let fx = w.apply(RaceAction::TogglePlay);
    let [Effect::Playback { token, ms }] = fx.list[..] else {
        panic!("one race timer: {fx:?}");
    };
    assert_eq!(ms, 50);
    // The Solution's playback does not take the race's ticks, nor the
    // race the Solution's.
    assert_eq!(
        w.receive(Inbound::Tick(token + 1), &mut still),
        Effects::default()
    );
    let fx = w.receive(Inbound::Tick(token), &mut still);
    assert_eq!(fx.list, vec![Effect::Playback { token, ms }]);
    assert_eq!(w.view().race.status, "Racing: 20 steps so far.");
    // Another tab pauses the race: its next tick is not used.
    w.apply(Tab::Trace);
    assert_eq!(
        w.receive(Inbound::Tick(token), &mut still),
        Effects::default()
    );
    // An edit drops the race; the tab begins it again from the new start.
    w.apply(Tab::Race);
    w.apply(InputAction::Edit(
        Field::Start,
        "[1,2,3,4,5,6,0,7,8]".into(),
    ));
    assert_eq!(
        w.view().race.status,
        "Ready: each Step expands one board on each side (IDA*: enters one board)."
    );
    // A link of another tab names no race.
    w.apply(Tab::Lab);
    assert!(!w.view().link.contains("left="));
}
