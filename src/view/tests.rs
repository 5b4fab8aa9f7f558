use super::*;

fn baseline() -> Workbench {
    let mut w = Workbench::new(Inputs::default());
    w.solve();
    w
}

#[test]
fn baseline_view() {
    let v = baseline().view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(
        (
            v.verdict.cost.as_str(),
            v.verdict.initial_h.as_str(),
            v.verdict.expansions.as_str()
        ),
        ("2", "2", "2")
    );
    assert_eq!(v.solution.witness, ["Right", "Right"]);
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 0, 7, 8]));
    assert_eq!(v.controls.replay_status, "Step 0 of 2");
    assert_eq!(v.solution.replay.len(), 3);
    assert!(v.solution.replay[0].current);
    assert_eq!(
        (
            v.solution.replay[1].mv.as_str(),
            v.solution.replay[1].board.as_str(),
            v.solution.replay[1].g,
            v.solution.replay[1].h,
            v.solution.replay[1].f
        ),
        ("Right", "[1,2,3,4,5,6,7,0,8]", 1, 1, 2)
    );
    assert!(v
        .verdict
        .explanation
        .starts_with("Cost 2 equals the lower bound 2"));
    assert!(v
        .solution
        .check
        .contains("the final board equals the goal; length 2 equals cost 2"));
    assert_eq!(v.solution.ledger_total, "2");
    assert_eq!(v.solution.ledger.len(), 9);
    assert_eq!(v.solution.ledger[8].distance, "excluded");
    assert_eq!(v.solution.ledger[6].distance, "1");
    assert_eq!(v.inputs.start_error, None);
}

#[test]
fn next_twice_then_guard() {
    let mut w = baseline();
    w.apply(SolutionAction::Navigate(NavAction::Next));
    w.apply(SolutionAction::Navigate(NavAction::Next));
    let v = w.view();
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 0]));
    assert_eq!(v.controls.replay_status, "Step 2 of 2");
    assert!(v.solution.replay[2].current);
    assert_eq!(v.controls.guard, None);
    w.apply(SolutionAction::Navigate(NavAction::Next));
    let v = w.view();
    assert_eq!(v.controls.replay_status, "Step 2 of 2");
    assert_eq!(
        v.controls.guard.as_deref(),
        Some("Already at the last step (step 2, the goal); Next stays here.")
    );
    w.apply(SolutionAction::Navigate(NavAction::First));
    w.apply(SolutionAction::Navigate(NavAction::Previous));
    assert_eq!(
        w.view().controls.guard.as_deref(),
        Some("Already at the first step (step 0, the start); Previous stays here.")
    );
}

#[test]
fn budget_one_is_unknown_without_witness() {
    let mut w = baseline();
    w.edit(Field::Budget, "1");
    w.solve();
    let v = w.view();
    assert_eq!(v.verdict.status, "Unknown (BudgetExceeded)");
    assert_eq!(v.verdict.expansions, "1");
    assert_eq!(v.verdict.cost, "—");
    assert!(v.solution.witness.is_empty());
    assert!(v.solution.replay.is_empty());
    assert!(v
        .verdict
        .explanation
        .contains("does not mean that no solution exists"));
    assert!(v.verdict.explanation.contains("raise the budget"));
}

#[test]
fn an_edit_clears_the_result_at_once() {
    let mut w = baseline();
    w.apply(SolutionAction::Navigate(NavAction::Next));
    w.edit(Field::Start, "[1,2,3,4,5,6,7,0,8]");
    let v = w.view();
    assert_eq!(v.verdict.status, "—");
    assert!(v.solution.witness.is_empty() && v.solution.replay.is_empty());
    assert_eq!(v.controls.replay_status, "");
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 7, 0, 8]));
    assert_eq!(v.solution.ledger_total, "1");
    w.solve();
    assert_eq!(w.view().solution.witness, ["Right"]);
}

#[test]
fn invalid_input_shows_its_error_and_no_board() {
    let mut w = baseline();
    w.edit(Field::Start, "[1,2,3,4,9,6,0,7,8]");
    let v = w.view();
    assert_eq!(
        v.inputs.start_error.as_deref(),
        Some("value 9 at position 4 (row 2, column 2) is outside 0–8")
    );
    assert_eq!(v.board.cells, None);
    assert_eq!(v.verdict.status, "Invalid — Start board");
    assert!(v.solution.witness.is_empty());
    w.solve();
    assert_eq!(w.view().verdict.status, "Invalid — Start board");
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    assert_eq!(w.view().inputs.start_error, None);
    w.edit(Field::Budget, "2.5");
    let v = w.view();
    assert_eq!(
        v.inputs.budget_error.as_deref(),
        Some("the budget 2.5 is not a whole number; enter a whole number from 1 to 10000")
    );
    assert_eq!(v.board.cells, None);
    w.edit(Field::Goal, "[1,2,3,4,5,6,7,8,8]");
    assert!(w
        .view()
        .inputs
        .goal_error
        .unwrap()
        .starts_with("value 8 appears twice"));
}

#[test]
fn start_equals_goal() {
    let mut w = Workbench::new(Inputs {
        start: "[1,2,3,4,5,6,7,8,0]".into(),
        ..Inputs::default()
    });
    w.solve();
    let v = w.view();
    assert_eq!(
        (
            v.verdict.status.as_str(),
            v.verdict.cost.as_str(),
            v.verdict.expansions.as_str()
        ),
        ("Solved", "0", "0")
    );
    assert!(v.solution.witness.is_empty());
    assert_eq!(v.controls.replay_status, "Step 0 of 0");
}

#[test]
fn unsolvable_shows_the_parity_proof() {
    let mut w = Workbench::new(Inputs {
        start: "[2,1,3,4,5,6,7,8,0]".into(),
        ..Inputs::default()
    });
    w.solve();
    let v = w.view();
    assert_eq!(v.verdict.status, "Unsolvable");
    let p = v.solution.parity.unwrap();
    assert!(
        p.starts_with("The start has 1 inversion and the goal has 0 inversions (blank excluded)."),
        "{p}"
    );
    assert_eq!(v.verdict.expansions, "0");
}

#[test]
fn custom_goal_and_cost_above_bound() {
    let mut w = Workbench::new(Inputs {
        start: "[1,3,4,0,8,5,7,2,6]".into(),
        goal: "[[1,2,3],[8,0,4],[7,6,5]]".into(),
        budget: "10000".into(),
    });
    w.solve();
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved");
    assert_eq!(v.verdict.cost, "7");
    assert!(
        v.verdict
            .explanation
            .starts_with("Cost 7 equals the lower bound 7"),
        "{}",
        v.verdict.explanation
    );
    w.apply(SolutionAction::Navigate(NavAction::Last));
    assert_eq!(w.view().board.cells, Some(vec![1, 2, 3, 8, 0, 4, 7, 6, 5]));
    let mut w = Workbench::new(Inputs {
        start: "[8,6,7,2,5,4,3,0,1]".into(),
        budget: "10000".into(),
        ..Inputs::default()
    });
    w.solve();
    let v = w.view();
    assert_eq!(
        (v.verdict.cost.as_str(), v.verdict.initial_h.as_str()),
        ("31", "21")
    );
    assert!(
        v.verdict
            .explanation
            .starts_with("Cost 31 is above the lower bound 21"),
        "{}",
        v.verdict.explanation
    );
}

#[test]
fn navigation_without_a_result_says_so() {
    let mut w = Workbench::new(Inputs::default());
    w.apply(SolutionAction::Navigate(NavAction::Next));
    assert_eq!(
        w.view().controls.guard.as_deref(),
        Some("There is no witness to replay; press Solve first.")
    );
}

#[test]
fn trace_of_the_baseline_first_three_events() {
    let mut w = Workbench::new(Inputs::default());
    w.select_tab(Tab::Trace);
    assert_eq!(w.tab, Tab::Trace);
    let v = w.view();
    let t = v.trace.view.unwrap();
    assert_eq!(
        t.status,
        "Ready: Step pops the first frontier entry, the start."
    );
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 0, 7, 8]));
    w.apply(TraceAction::Step);
    let t = w.view().trace.view.unwrap();
    let e = t.latest.unwrap();
    assert_eq!(
        e.text(),
        "1. pop (f 2, h 2, key 123456078, seq 0), g 0: expanded"
    );
    let n: Vec<String> = e.neighbours.iter().map(NeighbourLine::text).collect();
    assert_eq!(
        n,
        [
            "Up → 123056478 (f 4, h 3, g 1): pushed as seq 1",
            "Right → 123456708 (f 2, h 1, g 1): pushed as seq 2"
        ]
    );
    assert_eq!(t.expansions, "Expansions 1 of budget 100");
    assert_eq!(
        t.frontier,
        "Frontier: 2 entries (stale ones included); closed (expanded): 1"
    );
    assert_eq!(
        t.next,
        [
            "(f 2, h 1, key 123456708, seq 2), g 1",
            "(f 4, h 3, key 123056478, seq 1), g 1"
        ]
    );
    w.apply(TraceAction::Step);
    let t = w.view().trace.view.unwrap();
    assert_eq!(
        t.latest.as_ref().unwrap().text(),
        "2. pop (f 2, h 1, key 123456708, seq 2), g 1: expanded"
    );
    let n: Vec<String> = t
        .latest
        .unwrap()
        .neighbours
        .iter()
        .map(NeighbourLine::text)
        .collect();
    assert_eq!(
        n[1],
        "Left → 123456078 (f 4, h 2, g 2): not improved, not pushed"
    );
    w.apply(TraceAction::Step);
    let v = w.view();
    let t = v.trace.view.unwrap();
    assert_eq!(
        t.latest.unwrap().text(),
        "3. pop (f 2, h 0, key 123456780, seq 4), g 2: goal (accepted)"
    );
    assert!(t.finished);
    assert_eq!(
        t.status,
        "Goal accepted when popped: Solved, cost 2, after 2 expansions — the same result as Solve."
    );
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 7, 8, 0]));
    assert_eq!(t.log.len(), 3);
}

#[test]
fn trace_with_budget_one_explains_the_cutoff() {
    let mut w = Workbench::new(Inputs {
        budget: "1".into(),
        ..Inputs::default()
    });
    w.apply(TraceAction::Run);
    let t = w.view().trace.view.unwrap();
    assert_eq!(t.log.len(), 2);
    assert_eq!(
        t.log[1],
        "2. pop (f 2, h 1, key 123456708, seq 2), g 1: budget reached (not expanded)"
    );
    assert!(t.status.starts_with("Stopped: 1 expansion had reached the budget of 1, so 123456708 was popped but not expanded. Unknown (BudgetExceeded)"), "{}", t.status);
}

#[test]
fn trace_ends_where_the_solver_ends() {
    for start in [
        "[8,6,7,2,5,4,3,0,1]",
        "[4,1,3,0,2,6,7,5,8]",
        "[1,2,3,4,5,6,0,7,8]",
        // Unsolvable: the trace reports the solver's parity verdict.
        "[2,1,3,4,5,6,7,8,0]",
    ] {
        for budget in ["1", "50", "10000"] {
            let inputs = Inputs {
                start: start.into(),
                budget: budget.into(),
                ..Inputs::default()
            };
            let req =
                crate::engine::contract::parse_request(&inputs.start, &inputs.goal, &inputs.budget)
                    .unwrap();
            let want = req
                .solve(&mut crate::engine::contract::Solver::new())
                .unwrap();
            let mut trace = Trace::new(req.start, req.goal.clone(), req.budget);
            trace.run_to_end();
            let expanded = trace.log().iter().filter(|l| l.kind == "expanded").count() as u32;
            assert_eq!(expanded, want.stats.expansions);
            assert_eq!(trace.outcome().unwrap(), want);
        }
    }
}

#[test]
fn playback_runs_to_the_goal_and_stops() {
    let mut w = baseline();
    let token = w.toggle_playback().unwrap();
    assert_eq!(w.view().controls.play_button, "Pause");
    assert!(w.solution.tick(token));
    assert_eq!(w.view().controls.replay_status, "Step 1 of 2");
    assert!(!w.solution.tick(token));
    let v = w.view();
    assert_eq!(v.controls.replay_status, "Step 2 of 2");
    assert!(!v.controls.playing);
    assert_eq!(v.controls.play_button, "Play");
    assert_eq!(
        v.controls.guard.as_deref(),
        Some("Playback reached the last step (the goal) and stopped.")
    );
    // Play at the last step starts again from step 0.
    let token = w.toggle_playback().unwrap();
    assert_eq!(w.view().controls.replay_status, "Step 0 of 2");
    // Any edit stops playback; an old timer's tick does nothing.
    w.edit(Field::Budget, "50");
    assert!(!w.solution.tick(token));
    assert!(w.solution.playback_token().is_none());
}

#[test]
fn keyboard_shortcuts() {
    let mut w = baseline();
    assert_eq!(w.key(Key::ArrowRight, Focus::Page), (true, None));
    assert_eq!(w.view().controls.replay_status, "Step 1 of 2");
    assert_eq!(w.key(Key::ArrowRight, Focus::Field), (false, None));
    assert_eq!(w.view().controls.replay_status, "Step 1 of 2");
    w.key(Key::End, Focus::Button);
    assert_eq!(w.view().controls.replay_status, "Step 2 of 2");
    w.key(Key::Home, Focus::Page);
    assert_eq!(w.view().controls.replay_status, "Step 0 of 2");
    w.key(Key::ArrowLeft, Focus::Page);
    assert!(w
        .view()
        .controls
        .guard
        .unwrap()
        .starts_with("Already at the first step"));
    let (used, token) = w.key(Key::Space, Focus::Page);
    assert!(used && token.is_some() && w.solution.playback_token().is_some());
    assert_eq!(
        w.key(Key::Space, Focus::Button),
        (false, None),
        "Space on a button is the button's"
    );
    w.key(Key::Space, Focus::Page);
    assert!(w.solution.playback_token().is_none());
    assert_eq!(w.key(Key::ArrowUp, Focus::Page), (false, None));
}

#[test]
fn play_mode_by_keys_clicks_and_hints() {
    let mut w = baseline();
    w.select_tab(Tab::Play);
    let v = w.view();
    let p = v.play.view.unwrap();
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 0, 7, 8]));
    assert!(
        p.status
            .starts_with("g = 0 moves so far; Manhattan h = 2; exact distance to the goal 2."),
        "{}",
        p.status
    );
    // Arrow keys move the blank in their direction in play mode.
    assert_eq!(w.key(Key::ArrowUp, Focus::Page), (true, None));
    assert_eq!(w.view().board.cells, Some(vec![1, 2, 3, 0, 5, 6, 4, 7, 8]));
    assert_eq!(w.view().play.view.unwrap().moves, ["Up"]);
    w.key(Key::ArrowUp, Focus::Page);
    w.key(Key::ArrowUp, Focus::Page);
    assert!(w
        .view()
        .play
        .view
        .unwrap()
        .message
        .unwrap()
        .starts_with("The blank cannot move Up from row 1, column 1"));
    // A click on a tile outside the blank's row and column is explained.
    w.apply(PlayAction::Click(8));
    assert_eq!(
        w.view().play.view.unwrap().message.as_deref(),
        Some("Tile 8 is not in the blank's row or column (the blank is at row 1, column 1); only the tiles of its row or column can slide.")
    );
    // Follow hints to the goal.
    let mut guard = 0;
    while !w.view().play.view.unwrap().solved {
        w.apply(PlayAction::Hint);
        let hint = w.view().play.view.unwrap().hint.unwrap();
        let name = hint
            .trim_start_matches("Hint: ")
            .split(' ')
            .next()
            .unwrap()
            .to_string();
        w.apply(PlayAction::Move(Move::from_name(&name).unwrap()));
        guard += 1;
        assert!(guard < 40);
    }
    // Up, Up, a refused third Up, then the hints: Down, Down, Right, Right.
    let p = w.view().play.view.unwrap();
    assert_eq!(p.moves, ["Up", "Up", "Down", "Down", "Right", "Right"]);
    assert_eq!(
        p.message.as_deref(),
        Some("Goal reached in 6 moves; the optimum from this start is 2, so 4 more than the optimum.")
    );
    // By click: a fresh game, tap the tile right of the blank twice.
    w.select_tab(Tab::Solution);
    w.select_tab(Tab::Play);
    w.apply(PlayAction::Click(7));
    w.apply(PlayAction::Click(8));
    let p = w.view().play.view.unwrap();
    assert_eq!(p.moves, ["Right", "Right"]);
    assert_eq!(
        p.message.as_deref(),
        Some("Goal reached in 2 moves; the optimum from this start is 2, so that is optimal.")
    );
    // Outside the Play tab the arrows step the replay again.
    w.select_tab(Tab::Solution);
    assert_eq!(w.tab, Tab::Solution);
    w.key(Key::ArrowRight, Focus::Page);
    assert_eq!(w.view().controls.replay_status, "Step 1 of 2");
}

#[test]
fn slide_finds_the_moved_tiles() {
    let a = [1, 2, 3, 4, 5, 6, 0, 7, 8];
    let b = [1, 2, 3, 4, 5, 6, 7, 0, 8];
    assert_eq!(slide(&a, &b, 3), vec![(6, 7)]);
    assert_eq!(slide(&b, &a, 3), vec![(7, 6)]);
    assert_eq!(slide(&a, &a, 3), vec![]);
    // A run of two tiles along the row: each moves one cell left.
    assert_eq!(
        slide(&a, &[1, 2, 3, 4, 5, 6, 7, 8, 0], 3),
        vec![(6, 7), (7, 8)]
    );
    // A run of two tiles down the column: the blank goes from 6 up to 0.
    assert_eq!(
        slide(&a, &[0, 2, 3, 1, 5, 6, 4, 7, 8], 3),
        vec![(6, 3), (3, 0)]
    );
    // The same blank cells with another tile changed: no slide.
    assert_eq!(slide(&a, &[1, 2, 3, 4, 5, 6, 8, 7, 0], 3), vec![]);
    // Any shape: on a 4-wide, 3-tall board the blank at 7 (end of row 1)
    // and 8 (start of row 2) are not neighbours, 7 and 11 are.
    let c = [1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11];
    assert_eq!(
        slide(&c, &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11], 4),
        vec![]
    );
    assert_eq!(
        slide(&c, &[1, 2, 3, 4, 5, 6, 7, 11, 8, 9, 10, 0], 4),
        vec![(7, 11)]
    );
    // Boards of different sizes never slide.
    assert_eq!(slide(&a, &c, 3), vec![]);
}

fn fake_clock() -> impl FnMut() -> f64 {
    let mut t = 0.0;
    move || {
        t += 1.0;
        t
    }
}

#[test]
fn compare_panel_on_the_baseline() {
    let mut w = baseline();
    let mut clock = fake_clock();
    w.compare_all(&mut clock);
    let lab = w.view().lab;
    assert_eq!(
        lab.compare_summary,
        "Optimum from the exact table (breadth-first search of the whole space): 2 moves."
    );
    let rows: Vec<(String, String, String, String)> = lab
        .compare_rows
        .iter()
        .map(|r| {
            (
                r.algorithm.clone(),
                r.verdict.clone(),
                r.length.clone(),
                r.optimal.clone(),
            )
        })
        .collect();
    let want = [
        ("BFS", "Solved", "2", "yes"),
        ("DFS (depth limit 32)", "Solved", "30", "no (+28)"),
        ("IDA* (Manhattan)", "Solved", "2", "yes"),
        ("A* (misplaced tiles)", "Solved", "2", "yes"),
        ("A* (Manhattan)", "Solved", "2", "yes"),
        ("A* (linear conflict)", "Solved", "2", "yes"),
        (
            "Greedy best-first (Manhattan; not optimal)",
            "Solved",
            "2",
            "yes",
        ),
    ];
    assert_eq!(
        rows,
        want.map(|(a, b, c, d)| (a.to_string(), b.to_string(), c.to_string(), d.to_string()))
    );
    assert_eq!(lab.compare_rows[4].expansions, "2");
    assert_eq!(lab.compare_rows[0].ms, "1.0");
    // An edit clears the comparison.
    w.edit(Field::Start, "[1,2,3,4,5,6,7,0,8]");
    assert!(w.view().lab.compare_rows.is_empty());
    w.apply(LabAction::Budget("0".into()));
    assert_eq!(
        w.view().lab.budget_error.as_deref(),
        Some("the lab budget 0 is outside 1–5000000")
    );
}

#[test]
fn blog_experiment_depths() {
    let rows = experiment();
    assert_eq!(rows.len(), 15);
    let optimal: Vec<&str> = rows
        .iter()
        .filter(|r| !r.algorithm.starts_with("DFS"))
        .map(|r| r.depth.as_str())
        .collect();
    assert_eq!(
        optimal,
        ["7", "7", "30", "30", "28", "28", "29", "29", "30", "30"]
    );
    assert_eq!(rows[0].sample, "134-85726");
    assert_eq!(rows[0].board, "[1,3,4,0,8,5,7,2,6]");
    assert_eq!(
        (
            rows[0].published_depth.as_str(),
            rows[0].published_count.as_str()
        ),
        ("7", "166")
    );
    let dfs: Vec<&str> = rows
        .iter()
        .filter(|r| r.algorithm.starts_with("DFS"))
        .map(|r| r.depth.as_str())
        .collect();
    assert_eq!(dfs, ["31", "32", "32", "31", "32"]);
    let mut w = baseline();
    w.lab.start_experiment();
    let mut steps = 1;
    while w.lab.experiment_step() {
        steps += 1;
    }
    assert_eq!(steps, 15);
    let lab = w.view().lab;
    assert_eq!(lab.experiment_rows, rows);
    assert_eq!(lab.experiment_status, "Done: 15 rows.");
}

#[test]
fn state_space_from_each_goal() {
    let mut w = baseline();
    w.space.explore(&w.input, &mut w.goal_table);
    let s = w.view().space.space.unwrap();
    assert_eq!(s.diameter, 31);
    assert_eq!(&s.histogram[..4], &[1, 2, 4, 8]);
    assert_eq!(&s.histogram[29..], &[760, 221, 2]);
    assert_eq!(s.hardest, ["[6,4,7,8,5,0,3,2,1]", "[8,6,7,2,5,4,3,0,1]"]);
    w.edit(Field::Goal, "[1,2,3,8,0,4,7,6,5]");
    assert!(
        w.view().space.space.is_none(),
        "a goal edit clears the explored space"
    );
    w.space.explore(&w.input, &mut w.goal_table);
    let s = w.view().space.space.unwrap();
    assert_eq!(s.diameter, 30);
    assert_eq!(s.hardest_count, 148);
    assert_eq!(s.hardest.len(), HARDEST_SHOWN);
}

#[test]
fn sweep_totals_equal_single_solves() {
    let goal = Goal::default();
    let table = crate::engine::teaching::DistanceTable::new(goal.board());
    let starts: Vec<_> = crate::engine::teaching::reachable_starts(&table)
        .into_iter()
        .step_by(1009)
        .collect();
    let mut w = baseline();
    w.space.start_sweep_with(Sweep::with_phases(
        goal.clone(),
        vec![(crate::engine::heuristic::BuiltIn::Manhattan, starts.clone())],
    ));
    let mut clock = fake_clock();
    let mut slices = 0;
    while w.sweep_work(5.0, &mut clock) {
        slices += 1;
    }
    assert!(slices > 3, "the work is sliced");
    let t = w.space.sweep().unwrap().totals()[0].clone();
    let mut solver = crate::engine::contract::Solver::new();
    let (mut sum, mut max) = (0u64, 0u64);
    for s in &starts {
        let e = u64::from(
            solver
                .solve(s, &goal, crate::engine::contract::Budget::UNLIMITED)
                .unwrap()
                .stats
                .expansions,
        );
        sum += e;
        max = max.max(e);
    }
    assert_eq!(
        (t.starts, t.expansions, t.max),
        (starts.len() as u64, sum, max)
    );
    assert_eq!(
        w.view().space.sweep.status,
        format!("Done: {} starts.", starts.len())
    );
}

#[test]
fn sweep_can_be_cancelled() {
    let mut w = baseline();
    w.space.start_sweep();
    assert!(w.space.sweep_running());
    assert_eq!(
        w.view().space.sweep.status,
        "Preparing: listing every start that reaches the goal."
    );
    let mut clock = fake_clock();
    assert!(
        w.sweep_work(3.0, &mut clock),
        "the first slice only prepares"
    );
    assert_eq!(w.view().space.sweep.progress, (0, 364_880));
    assert!(w.sweep_work(3.0, &mut clock));
    w.space.cancel_sweep();
    assert!(!w.space.sweep_running());
    let space = w.view().space;
    assert!(
        space
            .sweep
            .status
            .starts_with("Cancelled after 3 of 364880 starts"),
        "{}",
        space.sweep.status
    );
    assert_eq!(space.sweep.progress, (3, 364_880));
}

#[test]
fn durations_never_claim_more_precision_than_the_clock() {
    assert_eq!(duration_text(0.0), "< 0.1");
    assert_eq!(duration_text(0.04), "< 0.1");
    assert_eq!(duration_text(0.1), "0.1");
    assert_eq!(duration_text(12.34), "12.3");
    assert_eq!(duration_text(125.0), "125.0");
    assert_eq!(millis_text(1.5), "1.500");
}

#[test]
fn tabs_in_order_and_by_arrow_keys() {
    let labels: Vec<&str> = Tab::ALL.iter().map(|t| t.label()).collect();
    assert_eq!(
        labels,
        ["Solution", "Trace", "Play", "Lab", "Race", "State space"]
    );
    let mut w = baseline();
    assert_eq!(w.tab, Tab::Solution);
    assert_eq!(w.key(Key::ArrowRight, Focus::Tab), (true, None));
    assert_eq!(w.tab, Tab::Trace);
    w.key(Key::ArrowLeft, Focus::Tab);
    w.key(Key::ArrowLeft, Focus::Tab);
    assert_eq!(w.tab, Tab::Space, "ArrowLeft wraps from the first tab");
    w.key(Key::Home, Focus::Tab);
    assert_eq!(w.tab, Tab::Solution);
    w.key(Key::End, Focus::Tab);
    assert_eq!(w.tab, Tab::Space);
    assert_eq!(w.key(Key::from_dom("a"), Focus::Tab), (false, None));
    // On the Trace tab the board shows the trace, and the replay buttons
    // say why they are off.
    w.select_tab(Tab::Trace);
    let v = w.view();
    assert!(!v.controls.replay_enabled);
    assert_eq!(
        v.controls.disabled_reason.as_deref(),
        Some("The board shows this tab's boards; the replay is on the Solution tab.")
    );
    assert_eq!(v.board.caption, "Trace: the start, before the first pop");
}

#[test]
fn replay_controls_are_off_without_a_witness() {
    let mut w = Workbench::new(Inputs::default());
    let v = w.view();
    assert!(!v.controls.replay_enabled);
    assert_eq!(
        v.controls.disabled_reason.as_deref(),
        Some("Nothing to replay yet: press Solve.")
    );
    w.edit(Field::Budget, "1");
    w.solve();
    let v = w.view();
    assert_eq!(v.verdict.kind, Status::Unknown);
    assert_eq!(
        v.controls.disabled_reason.as_deref(),
        Some("Nothing to replay: an unfinished search has no witness.")
    );
    w.edit(Field::Budget, "100");
    w.solve();
    let v = w.view();
    assert!(v.controls.replay_enabled);
    assert_eq!(v.controls.disabled_reason, None);
    assert_eq!(v.verdict.kind, Status::Solved);
    w.edit(Field::Start, "[1,2,3,4,5,6,7,8,0]");
    w.solve();
    assert_eq!(
        w.view().controls.disabled_reason.as_deref(),
        Some("Nothing to replay: the start is the goal, so the witness has no moves.")
    );
    w.edit(Field::Start, "[1,2,3,4,5,6,8,7,0]");
    w.solve();
    let v = w.view();
    assert_eq!(
        (v.verdict.kind, v.verdict.kind.word()),
        (Status::Unsolvable, "Unsolvable")
    );
    w.edit(Field::Start, "[1,2]");
    assert_eq!(w.view().verdict.kind, Status::Invalid);
}

#[test]
fn unknown_at_the_highest_budget_gives_the_exact_distance() {
    let mut w = Workbench::new(Inputs {
        start: "[8,6,7,2,5,4,3,0,1]".into(),
        budget: "10000".into(),
        ..Inputs::default()
    });
    w.solve();
    let v = w.view();
    assert_eq!(v.verdict.status, "Solved", "6,843 expansions fit in 10000");
    // A start that needs more than 10000 expansions (the sweep counts 33).
    let table = crate::engine::teaching::DistanceTable::new(&Board::DEFAULT_GOAL);
    let goal = Goal::default();
    let mut solver = crate::engine::contract::Solver::new();
    let hard = (0..crate::engine::contract::STATES as u32)
        .filter_map(crate::engine::contract::unrank)
        .find(|b| {
            table.distance(b).is_some()
                && solver
                    .solve(b, &goal, crate::engine::contract::Budget::DEFAULT)
                    .is_ok_and(|o| o.verdict.status() == "Unknown")
        })
        .expect("some start needs more than 10000 expansions");
    let d = table.distance(&hard).unwrap();
    w.edit(Field::Start, &hard.to_json());
    w.solve();
    let v = w.view();
    assert_eq!(v.verdict.status, "Unknown (BudgetExceeded)");
    assert_eq!(
        v.verdict.explanation,
        format!(
            "The search was stopped after 10000 expansions because the budget of 10000 was used up before the goal was popped. This is an unfinished search: it does not mean that no solution exists. 10000 is the highest budget the contract allows; the goal's distance table (a breadth-first search of the whole space) says this start is exactly {d} moves from the goal. Next: the Lab tab's IDA* and A* with linear conflict finish this start."
        )
    );
    assert!(!v.verdict.explanation.contains("raise the budget"));
}

#[test]
fn a_link_reopens_inputs_tab_and_step() {
    let mut w = baseline();
    w.apply(SolutionAction::Navigate(NavAction::Next));
    w.select_tab(Tab::Lab);
    let link = w.view().link;
    assert_eq!(
        link,
        "start=%5B1%2C2%2C3%2C4%2C5%2C6%2C0%2C7%2C8%5D&goal=%5B1%2C2%2C3%2C4%2C5%2C6%2C7%2C8%2C0%5D&budget=100&tab=lab&step=1"
    );
    let mut again = Workbench::from_link(&format!("#{link}"));
    let v = again.view();
    assert_eq!((v.tab, v.link.as_str()), (Tab::Lab, link.as_str()));
    assert_eq!(v.controls.replay_status, "Step 1 of 2");
    assert_eq!(v.board.cells, Some(vec![1, 2, 3, 4, 5, 6, 7, 0, 8]));
    // No fragment: the baseline, solved, on the Solution tab.
    let mut plain = Workbench::from_link("");
    let v = plain.view();
    assert_eq!(
        (v.tab, v.verdict.status.as_str()),
        (Tab::Solution, "Solved")
    );
    assert_eq!(v.controls.replay_status, "Step 0 of 2");
    // A bad board in a link shows the same error as typing it, and no board.
    let mut bad = Workbench::from_link("start=%5B1%2C2%2C3%5D&tab=trace&colour=red");
    let v = bad.view();
    let mut typed = Workbench::new(Inputs::default());
    typed.edit(Field::Start, "[1,2,3]");
    assert_eq!(v.inputs.start_error, typed.view().inputs.start_error);
    assert!(v.inputs.start_error.is_some());
    assert_eq!(v.board.cells, None);
    assert_eq!(v.tab, Tab::Trace);
    // A trace link reopens the events popped so far.
    let mut t = Workbench::from_link("tab=trace&events=2");
    let v = t.view();
    assert_eq!(v.trace.view.unwrap().log.len(), 2);
    assert!(v.link.ends_with("&tab=trace&step=0&events=2"), "{}", v.link);
}

#[test]
fn trace_back_equals_forward_and_the_tree_follows() {
    for start in ["[8,6,7,2,5,4,3,0,1]", "[4,1,3,0,2,6,7,5,8]"] {
        let inputs = Inputs {
            start: start.into(),
            budget: "60".into(),
            ..Inputs::default()
        };
        let req =
            crate::engine::contract::parse_request(&inputs.start, &inputs.goal, &inputs.budget)
                .unwrap();
        let mut forward = Trace::new(req.start, req.goal.clone(), req.budget);
        let mut views = vec![forward.view()];
        while forward.step() {
            views.push(forward.view());
        }
        let mut back = forward;
        for k in (0..views.len() - 1).rev() {
            back.back();
            assert_eq!(back.view(), views[k], "{start}: Back to event {k}");
        }
        let mut jump = Trace::new(req.start, req.goal.clone(), req.budget);
        let k = (views.len() - 1).min(7);
        jump.seek(k as u32);
        assert_eq!(jump.view(), views[k]);
    }
}

#[test]
fn trace_tree_of_the_baseline() {
    let mut w = Workbench::new(Inputs::default());
    w.apply(TraceAction::Step);
    let t = w.view().trace.view.unwrap();
    let nodes: Vec<(&str, u32, &str, bool)> = t
        .tree
        .nodes
        .iter()
        .map(|n| (n.key.as_str(), n.g, n.kind.word(), n.latest))
        .collect();
    assert_eq!(
        nodes,
        [
            ("123456078", 0, "expanded", true),
            ("123056478", 1, "frontier", false),
            ("123456708", 1, "frontier", false)
        ]
    );
    assert_eq!(t.tree.nodes[1].parent, Some(0));
    assert_eq!(t.tree.nodes[2].slot, (1, 2));
    w.apply(TraceAction::Run);
    let t = w.view().trace.view.unwrap();
    let path: Vec<&str> = t
        .tree
        .nodes
        .iter()
        .filter(|n| n.on_goal_path)
        .map(|n| n.key.as_str())
        .collect();
    assert_eq!(path, ["123456078", "123456708", "123456780"]);
    assert_eq!(
        t.tree.nodes[0].label(),
        "g 0, h 2, f 2: board 123456078, seq 0, expanded, on the path to the goal"
    );
    let b = t.latest_boards.unwrap();
    assert_eq!(b.popped.cells, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    // Back one event: the goal is in the frontier again.
    w.apply(TraceAction::Back);
    let t = w.view().trace.view.unwrap();
    assert_eq!(t.event, 2);
    assert!(t.tree.nodes.iter().all(|n| !n.on_goal_path));
    w.apply(TraceAction::Jump("x".into()));
    assert!(w.view().trace.jump_error.is_some());
    w.apply(TraceAction::Jump("0".into()));
    assert_eq!(w.view().trace.view.unwrap().event, 0);
}

#[test]
fn trace_exports_and_the_homework_check() {
    let mut w = Workbench::new(Inputs::default());
    let csv = w.trace.export(&w.input, ExportFormat::Csv).unwrap();
    assert_eq!(csv.name, "trace-astar.csv");
    assert_eq!(
        csv.text,
        "event,kind,f,h,key,seq,g,parent,pushed\n1,expanded,2,2,123456078,0,0,,123056478 123456708\n2,expanded,2,1,123456708,2,1,123456078,123406758 123456780\n3,goal,2,0,123456780,4,2,123456708,\n"
    );
    w.apply(TraceAction::Check(
        "123456078\n123456708\n123456780\n".into(),
    ));
    assert_eq!(
        w.view().trace.check.as_deref(),
        Some("Matches the contract order for all 3 pops.")
    );
    w.apply(TraceAction::Check("123456078\n123056478\n".into()));
    let v = w.view().trace;
    assert_eq!(
        v.check.as_deref(),
        Some("First difference at pop 2: the contract pops (f 2, h 1, key 123456708, seq 2), you popped 123056478 (f 4, h 3, key 123056478, seq 1): f decides (2 < 4).")
    );
    let t = v.view.unwrap();
    assert_eq!(t.event, 2, "the trace goes to the differing pop");
    let marked: Vec<&str> = t
        .tree
        .nodes
        .iter()
        .filter(|n| n.marked)
        .map(|n| n.key.as_str())
        .collect();
    assert_eq!(marked, ["123456708"]);
    w.apply(TraceAction::Check("12345678".into()));
    assert!(w
        .view()
        .trace
        .check
        .unwrap()
        .starts_with("Nothing checked: "));
    w.apply(TraceAction::Algorithm("idastar".into()));
    let ida = w.trace.export(&w.input, ExportFormat::Json).unwrap();
    assert_eq!(ida.name, "trace-idastar.json");
    assert!(ida
        .text
        .ends_with("],\"iterations\":[{\"threshold\":2,\"generated\":4}]}\n"));
    w.apply(TraceAction::Run);
    let v = w.view().trace;
    let i = v.ida.unwrap();
    assert_eq!(
        i.status,
        "Goal entered within bound 2: Solved, cost 2 — the same cost as A*."
    );
    assert_eq!(
        i.iterations,
        [IterationLine {
            bound: 2,
            generated: 4
        }]
    );
}

#[test]
fn hints_name_every_closer_move_and_paths_are_counted() {
    let mut w = Workbench::new(Inputs {
        start: "[8,6,7,2,5,4,3,0,1]".into(),
        budget: "10000".into(),
        ..Inputs::default()
    });
    w.solve();
    let v = w.view();
    assert!(v.solution.paths_pending);
    assert_eq!(
        v.solution.paths.as_deref(),
        Some("Counting the shortest paths…")
    );
    w.apply(SolutionAction::CountPaths);
    assert_eq!(
        w.view().solution.paths.as_deref(),
        Some("40 distinct shortest paths join start and goal (counted exactly over the goal's distance layers); the witness is one of them.")
    );
    assert!(!w.view().solution.paths_pending);
    w.select_tab(Tab::Play);
    w.apply(PlayAction::Hint);
    let hint = w.view().play.view.unwrap().hint.unwrap();
    let table = crate::engine::teaching::DistanceTable::new(&Board::DEFAULT_GOAL);
    let all = crate::engine::teaching::optimal_moves(
        &table,
        &Board::square(&[8, 6, 7, 2, 5, 4, 3, 0, 1]).unwrap(),
    );
    assert!(all.len() > 1, "this start has more than one best move");
    let names: Vec<&str> = all.iter().map(|m| m.name()).collect();
    assert!(
        hint.starts_with(&format!("Hint: {} (", names.join(" or "))),
        "{hint}"
    );
    assert!(
        hint.ends_with(&format!(
            "each of these {} moves drops the exact distance from 31 to 30.",
            all.len()
        )),
        "{hint}"
    );
}

#[test]
fn a_sweep_cut_into_tasks_gives_the_same_totals() {
    let table = crate::engine::teaching::DistanceTable::new(&Board::DEFAULT_GOAL);
    let sample = seeded_sample(&table, 600);
    let phases = || {
        vec![
            (crate::engine::heuristic::BuiltIn::Manhattan, sample.clone()),
            (
                crate::engine::heuristic::BuiltIn::LinearConflict,
                sample[..300].to_vec(),
            ),
        ]
    };
    let mut one = Sweep::with_phases(Goal::default(), phases());
    let mut clock = fake_clock();
    while !one.is_done() {
        one.work(1e9, &mut clock);
    }
    let mut split = Sweep::with_phases(Goal::default(), phases());
    let plan = split.plan();
    assert_eq!(
        plan.len(),
        3 + 2,
        "600 and 300 boards in tasks of {BOARDS_PER_TASK}"
    );
    // Out of order, as workers finish, and through the envelope a worker
    // reads and writes.
    for task in plan.iter().rev() {
        let task = through_envelope(Task::Sweep(task.clone()));
        let Task::Sweep(task) = task else {
            panic!("a sweep task")
        };
        let totals = run_sweep_task(&task).unwrap();
        let Reply::Done(Answer::Sweep(totals)) =
            through_envelope_reply(Reply::Done(Answer::Sweep(totals)))
        else {
            panic!("sweep totals")
        };
        split.absorb(task.phase, &totals);
    }
    assert_eq!(
        (
            plan[0].phase,
            plan[0].goal,
            plan[0].heuristic.as_str(),
            plan[0].lo,
            plan[0].hi
        ),
        (0, [1, 2, 3, 4, 5, 6, 7, 8, 0], "manhattan", 0, 0)
    );
    assert!(split.is_done());
    assert_eq!(split.totals(), one.totals());
    assert_eq!(split.progress(), (900, 900));
    // A whole-space task takes the ranks of the goal's parity in its range.
    let task = SweepTask {
        phase: 0,
        goal: Board::DEFAULT_GOAL.three_cells(),
        heuristic: "manhattan".into(),
        lo: 0,
        hi: RANKS_PER_TASK,
        ranks: Vec::new(),
    };
    let totals = run_sweep_task(&task).unwrap();
    let mut solver = crate::engine::contract::Solver::new();
    let mut want = SweepTotals::default();
    for r in 0..RANKS_PER_TASK {
        let b = crate::engine::contract::unrank(r).unwrap();
        if table.distance(&b).is_some() {
            let out = solver
                .solve(
                    &b,
                    &Goal::default(),
                    crate::engine::contract::Budget::UNLIMITED,
                )
                .unwrap();
            want.record(u64::from(out.stats.expansions));
        }
    }
    assert_eq!(totals, want);
    assert_eq!(totals.starts, u64::from(RANKS_PER_TASK / 2));
    let bad = SweepTask {
        heuristic: "euclid".into(),
        ..task
    };
    assert_eq!(
        run_sweep_task(&bad),
        Err("unknown heuristic \"euclid\"".into())
    );
}

#[test]
fn the_pages_misplaced_tile_sample_is_pinned() {
    // The sweep's third phase: A* with misplaced tiles over the seeded sample
    // of 2,000 starts, run through the tasks the page's workers get.
    let table = crate::engine::teaching::DistanceTable::new(&Board::DEFAULT_GOAL);
    let sweep = Sweep::new(Goal::default(), &table);
    let mut totals = SweepTotals::default();
    for task in sweep.plan().iter().filter(|t| t.phase == 2) {
        totals.merge(&run_sweep_task(task).unwrap());
    }
    assert_eq!(
        (
            totals.starts,
            totals.expansions,
            totals.max,
            totals.over_contract_budget
        ),
        (2_000, 22_042_623, 92_769, 737)
    );
}

#[test]
fn the_depth_table_through_worker_tasks_equals_one_pass() {
    use crate::engine::teaching::lab::depth_table_chunk;
    let goal = Goal::default();
    let mut run = DepthRun::new(goal.clone());
    let plan = run.plan();
    assert_eq!(
        plan.len(),
        355,
        "9! ranks in tasks of {DEPTH_RANKS_PER_TASK}"
    );
    let goal_board = Board::DEFAULT_GOAL;
    assert_eq!(
        plan[1],
        Task::Depth {
            goal: goal_board,
            lo: 1024,
            hi: 2048
        }
    );
    assert_eq!(
        plan[354],
        Task::Depth {
            goal: goal_board,
            lo: 362_496,
            hi: 362_880
        }
    );
    // Three tasks answered out of order, through the text a worker reads and
    // writes, and one answered twice (ignored).
    let mut clock = fake_clock();
    for i in [2, 0, 1, 0] {
        let answer = run_task(&plan[i], &mut clock).unwrap();
        run.absorb(i, &answer).unwrap();
    }
    assert_eq!(
        *run.partial(),
        depth_table_chunk(&goal, 0..3 * 1024).unwrap()
    );
    assert_eq!(run.progress(), (1536, 181_440));
    // Partial totals are never shown as the table.
    let v = run.view("");
    assert!(v.running);
    assert!(v.rows.is_empty() && v.chart.is_empty());
    assert_eq!(
        v.status,
        "Running: 1536 of 181440 starts; the table appears when every start is in."
    );
    run.cancel();
    let v = run.view("");
    assert!(!v.running && v.rows.is_empty());
    assert_eq!(
        v.status,
        "Cancelled after 1536 of 181440 starts; a partial table would mislead, so none is shown."
    );
    assert_eq!(
        run.absorb(3, &run_task(&plan[3], &mut clock).unwrap()),
        Ok(())
    );
    assert_eq!(run.progress().0, 1536, "nothing merges after Cancel");

    // The page-thread fallback, one rank at a time, gives the same totals.
    let mut slices = DepthRun::new(goal.clone());
    let mut calls = 0;
    while slices.progress().0 < 1536 {
        slices.work(0.5, &mut clock);
        calls += 1;
    }
    assert_eq!(calls, 3 * 1024 - 1, "one rank per slice on this clock");
    assert_eq!(*slices.partial(), *run.partial());

    // An answer of another kind is an error, not a panic.
    let mut other = DepthRun::new(goal.clone());
    assert!(other
        .absorb(0, &Answer::Optimum(Some(3)))
        .unwrap_err()
        .starts_with("the worker sent a reply of another kind"));
}

#[test]
fn the_depth_tables_deepest_row_as_the_page_shows_it() {
    // The two boards 31 moves from the default goal, alone: the table's
    // depth-31 row, as the page and `tests/depth_table.rs` pin it.
    let mut partial = crate::engine::teaching::lab::DepthPartial::default();
    for b in ["[8,6,7,2,5,4,3,0,1]", "[6,4,7,8,5,0,3,2,1]"] {
        let r = crate::engine::contract::rank(&crate::engine::contract::parse_start(b).unwrap());
        partial.merge(&crate::task::depth::run_depth_task(&Board::DEFAULT_GOAL, r, r + 1).unwrap());
    }
    assert_eq!(
        depth_rows(&partial),
        vec![[
            "31".to_string(),
            "2".into(),
            "121526.0 / 326747.0 / 1.450".into(),
            "6834.5 / 17982.5 / 1.309".into(),
            "3854.5 / 10148.5 / 1.282".into(),
            "16006.5 / 41781.0 / 1.349".into(),
        ]]
    );
    assert_eq!(partial.by_depth.len(), 32);
    assert_eq!(mean_tenths(13_669, 2), "6834.5");
    assert_eq!(mean_tenths(1, 4), "0.3");
    assert_eq!(mean_tenths(0, 0), "—");
}

#[test]
fn compare_all_through_worker_tasks_equals_compare() {
    let start = crate::engine::contract::parse_start("[8,6,7,2,5,4,3,0,1]").unwrap();
    let table = crate::engine::teaching::DistanceTable::new(&Board::DEFAULT_GOAL);
    let mut clock = fake_clock();
    let whole = compare(&start, &Goal::default(), &table, 200_000, &mut clock);
    let mut w = Workbench::new(Inputs {
        start: "[8,6,7,2,5,4,3,0,1]".into(),
        ..Inputs::default()
    });
    w.start_work(Work::Compare, 0.0);
    let tasks = w.work_tasks(Work::Compare, 0.0);
    assert_eq!(tasks.len(), 8);
    assert_eq!(
        tasks[3],
        Task::Compare {
            start,
            goal: Board::DEFAULT_GOAL,
            budget: 200_000,
            index: 3
        }
    );
    assert!(w.work_running(Work::Compare));
    for i in (0..8).rev() {
        let answer = run_task(&tasks[i], &mut clock).unwrap();
        assert!(
            w.view().lab.compare_rows.is_empty(),
            "no rows before every answer"
        );
        let waits = w.absorb(Work::Compare, i, Ok(&answer), 0.0);
        assert_eq!(waits, i > 0);
    }
    let lab = w.view().lab;
    assert_eq!((lab.compare_summary, lab.compare_rows), whole);
    assert!(!w.work_running(Work::Compare));
    assert_eq!(
        run_task(&tasks[0], &mut clock),
        Ok(Answer::Optimum(Some(31)))
    );

    // A worker's error stops the work and says so in the panel.
    w.start_work(Work::Compare, 0.0);
    assert!(!w.absorb(Work::Compare, 1, Err("out of memory"), 0.0));
    let lab = w.view().lab;
    assert_eq!(
        lab.compare_note,
        "A worker failed (out of memory); Compare all stopped."
    );
    assert_eq!(
        lab.compare_summary,
        "Not run for the current inputs: press Compare all."
    );
    // An edit while it runs drops it; late answers are not wanted.
    w.start_work(Work::Compare, 0.0);
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    assert!(!w.absorb(Work::Compare, 0, Ok(&Answer::Optimum(Some(31))), 0.0));
    assert!(w.view().lab.compare_rows.is_empty());

    // Cancel while it runs: the answers so far are dropped, later ones are
    // not wanted, and the panel says it was cancelled until the next run.
    w.start_work(Work::Compare, 0.0);
    let tasks = w.work_tasks(Work::Compare, 0.0);
    assert!(w.absorb(Work::Compare, 0, Ok(&Answer::Optimum(Some(2))), 0.0));
    w.stop_work(Work::Compare, None);
    assert!(!w.work_running(Work::Compare));
    let answer = run_task(&tasks[1], &mut clock).unwrap();
    assert!(!w.absorb(Work::Compare, 1, Ok(&answer), 0.0));
    let lab = w.view().lab;
    assert!(lab.compare_rows.is_empty());
    assert_eq!(
        lab.compare_summary,
        "Cancelled before every algorithm had answered, so no row is shown: press Compare all to run it again."
    );
    w.start_work(Work::Compare, 0.0);
    assert_eq!(
        w.view().lab.compare_summary,
        "Running: 0 of 8 tasks answered (the optimum and each algorithm)."
    );
}

#[test]
fn the_experiment_and_the_exploration_through_worker_tasks() {
    let mut clock = fake_clock();
    let mut w = Workbench::new(Inputs::default());
    w.start_work(Work::Experiment, 0.0);
    let tasks = w.work_tasks(Work::Experiment, 0.0);
    assert_eq!(tasks.len(), EXPERIMENT_ROWS);
    // Rows 2, 0 and 1 (the first sample) answered out of order show in
    // order; the experiment still runs.
    for i in [2, 0, 1] {
        let answer = run_task(&tasks[i], &mut clock).unwrap();
        assert!(w.absorb(Work::Experiment, i, Ok(&answer), 0.0));
    }
    let lab = w.view().lab;
    assert_eq!(lab.experiment_status, "Running: 3 of 15 rows.");
    let want: Vec<ExperimentRow> = (0..3).filter_map(experiment_row).collect();
    assert_eq!(lab.experiment_rows, want);
    w.stop_work(Work::Experiment, None);
    assert_eq!(
        w.view().lab.experiment_status,
        "Cancelled after 3 of 15 rows."
    );
    let row = ExperimentRow::from_cells(["a", "b", "c", "d", "e", "f", "g"].map(String::from));
    assert!(!w.absorb(Work::Experiment, 3, Ok(&Answer::ExperimentRow(row)), 0.0));
    assert_eq!(w.view().lab.experiment_rows.len(), 3);

    // Explore: the worker's answer gives the same view as the page's own BFS.
    w.start_work(Work::Explore, 0.0);
    let tasks = w.work_tasks(Work::Explore, 0.0);
    assert_eq!(
        tasks,
        [Task::Explore {
            goal: Board::DEFAULT_GOAL,
            metric: Default::default()
        }]
    );
    assert_eq!(w.view().space.explore_note, "Exploring in a Web Worker…");
    let answer = run_task(&tasks[0], &mut clock).unwrap();
    let Answer::Explored { hardest, .. } = &answer else {
        panic!("an exploration")
    };
    assert_eq!(
        *hardest,
        [
            crate::engine::contract::rank(
                &crate::engine::contract::parse_start("[6,4,7,8,5,0,3,2,1]").unwrap()
            ),
            crate::engine::contract::rank(
                &crate::engine::contract::parse_start("[8,6,7,2,5,4,3,0,1]").unwrap()
            )
        ]
    );
    assert!(!w.absorb(Work::Explore, 0, Ok(&answer), 0.0));
    let mut other = Workbench::new(Inputs::default());
    other.space.explore(&other.input, &mut other.goal_table);
    assert_eq!(w.view().space.space, other.view().space.space);
    assert_eq!(w.view().space.explore_note, "");
    assert!(explore_answer(&Board::DEFAULT_GOAL, &Answer::Optimum(None))
        .unwrap_err()
        .starts_with("the worker sent a reply of another kind"));
}

#[test]
fn one_session_runs_batch_tasks_and_streaming_solves_through_one_envelope() {
    let mut clock = || 0.0;
    let mut s = Session::default();
    assert_eq!(s.step(&mut clock), None, "no job, no reply");
    // A batch task is a job of one slice: its answer is the reply.
    let task = Task::Depth {
        goal: Board::DEFAULT_GOAL,
        lo: 0,
        hi: 5,
    };
    s.begin(task.clone());
    let reply = s.step(&mut clock).unwrap();
    assert_eq!(reply, Reply::Done(run_task(&task, &mut clock).unwrap()));
    assert!(reply.is_final());
    assert_eq!(s.step(&mut clock), None);
    // A task refused is an error reply, not a panic.
    s.begin(Task::Experiment { row: 99 });
    assert_eq!(
        s.step(&mut clock),
        Some(Reply::Error("the experiment has no row 99".into()))
    );
    // A streaming solve answers progress first; cancel drops the job.
    s.begin(Task::Solve {
        start: crate::engine::parse_board("[1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15]").unwrap(),
        goal: crate::engine::parse_board("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0]").unwrap(),
        mode: Mode::Optimal,
        budget: 100,
        metric: crate::engine::moves::Metric::Single,
    });
    let first = s.step(&mut clock).unwrap();
    assert!(!first.is_final());
    assert_eq!(
        first,
        Reply::Progress(Step::Solver(Report::Build {
            done: 1,
            tables: 3,
            filled: 366_045,
            entries: 11_534_880
        }))
    );
    s.cancel();
    assert_eq!(s.step(&mut clock), None);
    assert!(task_solve_streams());
}

fn task_solve_streams() -> bool {
    let b = Board::DEFAULT_GOAL;
    Task::Hint {
        board: b,
        goal: b,
        budget: 1,
        metric: Default::default(),
    }
    .streams()
        && Task::Space {
            goal: b,
            metric: crate::engine::moves::Metric::Multi,
        }
        .streams()
        && !Task::Experiment { row: 0 }.streams()
}

/// A task as a worker reads it: written into an envelope and read back.
fn through_envelope(task: Task) -> Task {
    let text = crate::task::Envelope {
        job: 7,
        body: crate::task::Body::Task(task),
    }
    .to_bytes();
    match crate::task::Envelope::from_bytes(&text).unwrap().body {
        crate::task::Body::Task(t) => t,
        other => panic!("{other:?}"),
    }
}

/// A reply as the page reads it: written into an envelope and read back.
fn through_envelope_reply(reply: Reply) -> Reply {
    let text = crate::task::Envelope {
        job: 7,
        body: crate::task::Body::Reply(reply),
    }
    .to_bytes();
    match crate::task::Envelope::from_bytes(&text).unwrap().body {
        crate::task::Body::Reply(r) => r,
        other => panic!("{other:?}"),
    }
}

#[test]
fn weighted_trace_in_the_trace_tab() {
    let mut w = baseline();
    w.select_tab(Tab::Trace);
    // The default is the contract's trace: no note, contract f values.
    let v = w.view();
    assert_eq!(v.trace.weight, "1");
    assert_eq!(v.trace.heuristic, "manhattan");
    assert_eq!(v.trace.weighted_note, "");
    let contract_csv = w.trace.export(&w.input, ExportFormat::Csv).unwrap().text;
    w.apply(TraceAction::Weight("2.5".into()));
    w.apply(TraceAction::Heuristic("twice-manhattan".into()));
    let v = w.view();
    assert_eq!(
        v.trace.weighted_note,
        "Weighted A* (outside the contract): f = g + 2.5·h with h = twice Manhattan (inadmissible), order (f, h, key, seq); the f shown is this priority. Its path may not be shortest."
    );
    w.apply(TraceAction::Step);
    let t = w.view().trace.view.unwrap();
    // h = 2·Manhattan = 4 at the start: f = 0 + 2.5·4 = 10.
    assert_eq!(
        t.log,
        ["1. pop (f 10, h 4, key 123456078, seq 0), g 0: expanded"]
    );
    // The tree's boards say the same f (start, then its two children).
    let figures: Vec<String> = t.tree.nodes.iter().map(TreeNodeView::figures).collect();
    assert_eq!(figures, ["g 0 h 4 f 10", "g 1 h 6 f 16", "g 1 h 2 f 6"]);
    let neighbours: Vec<String> = t
        .latest
        .unwrap()
        .neighbours
        .iter()
        .map(NeighbourLine::text)
        .collect();
    assert_eq!(
        neighbours,
        [
            "Up → 123056478 (f 16, h 6, g 1): pushed as seq 1",
            "Right → 123456708 (f 6, h 2, g 1): pushed as seq 2"
        ]
    );
    w.apply(TraceAction::Run);
    let v = w.view();
    let t = v.trace.view.unwrap();
    assert_eq!(
        t.status,
        "Goal accepted when popped: a path of cost 2 after 2 expansions — shortest (checked against the distance table). Weighted A* is not the contract's search, so its path may not be shortest."
    );
    assert!(
        v.link
            .ends_with("&tab=trace&step=0&events=3&weight=2.5&heuristic=twice-manhattan"),
        "{}",
        v.link
    );
    let csv = w.trace.export(&w.input, ExportFormat::Csv).unwrap().text;
    assert_eq!(
        csv,
        "event,kind,f,h,key,seq,g,parent,pushed\n1,expanded,10,4,123456078,0,0,,123056478 123456708\n2,expanded,6,2,123456708,2,1,123456078,123406758 123456780\n3,goal,2,0,123456780,4,2,123456708,\n"
    );
    // The link reopens the same weighted trace.
    let link = v.link.clone();
    let mut other = Workbench::new(Inputs::default());
    other.open_link(&link);
    let o = other.view();
    assert_eq!(
        (o.trace.weight.as_str(), o.trace.heuristic.as_str()),
        ("2.5", "twice-manhattan")
    );
    assert_eq!(o.trace.view.unwrap().status, t.status);
    // Back to w = 1 with Manhattan: the contract's trace, byte for byte.
    w.apply(TraceAction::Weight("1".into()));
    w.apply(TraceAction::Heuristic("manhattan".into()));
    assert_eq!(
        w.trace.export(&w.input, ExportFormat::Csv).unwrap().text,
        contract_csv
    );
    assert!(!w.view().link.contains("weight="));
}

#[test]
fn a_weighted_trace_says_when_its_path_is_not_shortest() {
    let mut w = baseline();
    w.edit(Field::Start, "[8,6,7,2,5,4,3,0,1]");
    w.edit(Field::Budget, "10000");
    w.select_tab(Tab::Trace);
    w.apply(TraceAction::Weight("5".into()));
    w.apply(TraceAction::Run);
    let t = w.view().trace.view.unwrap();
    let out = crate::engine::teaching::solve_weighted(
        &crate::engine::contract::parse_board_3x3("[8,6,7,2,5,4,3,0,1]").unwrap(),
        &crate::engine::contract::Goal::default(),
        crate::engine::heuristic::BuiltIn::Manhattan,
        crate::engine::teaching::parse_weight("5").unwrap(),
        crate::engine::contract::Budget::new(10000),
    )
    .unwrap();
    let crate::engine::Verdict::Solved(sol) = &out.verdict else {
        panic!("{:?}", out.verdict)
    };
    assert_eq!(
        t.status,
        format!(
            "Goal accepted when popped: a path of cost {} after {} expansions — {}. Weighted A* is not the contract's search, so its path may not be shortest.",
            sol.cost,
            out.stats.expansions,
            crate::engine::teaching::shortest_text(sol.cost, 31)
        )
    );
    // The same figures as the Lab's w = 2.5 with twice Manhattan (the same
    // priority, 2g + 10·Manhattan): cost 45 against the optimum 31.
    assert_eq!(
        t.status,
        "Goal accepted when popped: a path of cost 45 after 272 expansions — not shortest: 14 moves longer than optimal. Weighted A* is not the contract's search, so its path may not be shortest."
    );
}

#[test]
fn the_ida_budget_travels_in_the_link() {
    let mut w = baseline();
    w.open_link("tab=trace&algo=idastar&idabudget=5000");
    let v = w.view();
    assert_eq!(v.trace.ida_budget, "5000");
    assert!(
        v.link.ends_with("&algo=idastar&idabudget=5000"),
        "{}",
        v.link
    );
    w.apply(TraceAction::IdaBudget(
        crate::engine::teaching::IDA_BUDGET.to_string(),
    ));
    assert!(!w.view().link.contains("idabudget"));
    // A link without the key restores the default.
    w.apply(TraceAction::IdaBudget("7".into()));
    w.open_link("tab=trace&algo=idastar");
    assert_eq!(
        w.view().trace.ida_budget,
        crate::engine::teaching::IDA_BUDGET.to_string()
    );
}
