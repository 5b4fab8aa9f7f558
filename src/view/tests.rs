use super::*;

fn baseline() -> Workbench {
    let mut w = Workbench::new(Inputs::default());
    w.solve();
    w
}

#[test]
fn baseline_view() {
    let v = baseline().view();
    assert_eq!(v.status, "Solved");
    assert_eq!(
        (v.cost.as_str(), v.initial_h.as_str(), v.expansions.as_str()),
        ("2", "2", "2")
    );
    assert_eq!(v.witness, ["Right", "Right"]);
    assert_eq!(v.board, Some([1, 2, 3, 4, 5, 6, 0, 7, 8]));
    assert_eq!(v.replay_status, "Step 0 of 2");
    assert_eq!(v.replay.len(), 3);
    assert!(v.replay[0].current);
    assert_eq!(
        (
            v.replay[1].mv.as_str(),
            v.replay[1].board.as_str(),
            v.replay[1].g,
            v.replay[1].h,
            v.replay[1].f
        ),
        ("Right", "[1,2,3,4,5,6,7,0,8]", 1, 1, 2)
    );
    assert!(v.explanation.starts_with("Cost 2 equals the lower bound 2"));
    assert!(v
        .check
        .contains("the final board equals the goal; length 2 equals cost 2"));
    assert_eq!(v.ledger_total, "2");
    assert_eq!(v.ledger.len(), 9);
    assert_eq!(v.ledger[8].distance, "excluded");
    assert_eq!(v.ledger[6].distance, "1");
    assert_eq!(v.start_error, None);
}

#[test]
fn next_twice_then_guard() {
    let mut w = baseline();
    w.navigate(NavAction::Next);
    w.navigate(NavAction::Next);
    let v = w.view();
    assert_eq!(v.board, Some([1, 2, 3, 4, 5, 6, 7, 8, 0]));
    assert_eq!(v.replay_status, "Step 2 of 2");
    assert!(v.replay[2].current);
    assert_eq!(v.guard, None);
    w.navigate(NavAction::Next);
    let v = w.view();
    assert_eq!(v.replay_status, "Step 2 of 2");
    assert_eq!(
        v.guard.as_deref(),
        Some("Already at the last step (step 2, the goal); Next stays here.")
    );
    w.navigate(NavAction::First);
    w.navigate(NavAction::Previous);
    assert_eq!(
        w.view().guard.as_deref(),
        Some("Already at the first step (step 0, the start); Previous stays here.")
    );
}

#[test]
fn budget_one_is_unknown_without_witness() {
    let mut w = baseline();
    w.edit(Field::Budget, "1");
    w.solve();
    let v = w.view();
    assert_eq!(v.status, "Unknown (BudgetExceeded)");
    assert_eq!(v.expansions, "1");
    assert_eq!(v.cost, "—");
    assert!(v.witness.is_empty());
    assert!(v.replay.is_empty());
    assert!(v
        .explanation
        .contains("does not mean that no solution exists"));
    assert!(v.explanation.contains("raise the budget"));
}

#[test]
fn an_edit_clears_the_result_at_once() {
    let mut w = baseline();
    w.navigate(NavAction::Next);
    w.edit(Field::Start, "[1,2,3,4,5,6,7,0,8]");
    let v = w.view();
    assert_eq!(v.status, "—");
    assert!(v.witness.is_empty() && v.replay.is_empty());
    assert_eq!(v.replay_status, "");
    assert_eq!(v.board, Some([1, 2, 3, 4, 5, 6, 7, 0, 8]));
    assert_eq!(v.ledger_total, "1");
    w.solve();
    assert_eq!(w.view().witness, ["Right"]);
}

#[test]
fn invalid_input_shows_its_error_and_no_board() {
    let mut w = baseline();
    w.edit(Field::Start, "[1,2,3,4,9,6,0,7,8]");
    let v = w.view();
    assert_eq!(
        v.start_error.as_deref(),
        Some("value 9 at position 4 (row 2, column 2) is outside 0–8")
    );
    assert_eq!(v.board, None);
    assert_eq!(v.status, "Invalid — Start board");
    assert!(v.witness.is_empty());
    w.solve();
    assert_eq!(w.view().status, "Invalid — Start board");
    w.edit(Field::Start, "[1,2,3,4,5,6,0,7,8]");
    assert_eq!(w.view().start_error, None);
    w.edit(Field::Budget, "2.5");
    let v = w.view();
    assert_eq!(
        v.budget_error.as_deref(),
        Some("the budget 2.5 is not a whole number; enter a whole number from 1 to 10000")
    );
    assert_eq!(v.board, None);
    w.edit(Field::Goal, "[1,2,3,4,5,6,7,8,8]");
    assert!(w
        .view()
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
        (v.status.as_str(), v.cost.as_str(), v.expansions.as_str()),
        ("Solved", "0", "0")
    );
    assert!(v.witness.is_empty());
    assert_eq!(v.replay_status, "Step 0 of 0");
}

#[test]
fn unsolvable_shows_the_parity_proof() {
    let mut w = Workbench::new(Inputs {
        start: "[2,1,3,4,5,6,7,8,0]".into(),
        ..Inputs::default()
    });
    w.solve();
    let v = w.view();
    assert_eq!(v.status, "Unsolvable");
    let p = v.parity.unwrap();
    assert!(
        p.starts_with("The start has 1 inversion and the goal has 0 inversions (blank excluded)."),
        "{p}"
    );
    assert_eq!(v.expansions, "0");
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
    assert_eq!(v.status, "Solved");
    assert_eq!(v.cost, "7");
    assert!(
        v.explanation.starts_with("Cost 7 equals the lower bound 7"),
        "{}",
        v.explanation
    );
    w.navigate(NavAction::Last);
    assert_eq!(w.view().board, Some([1, 2, 3, 8, 0, 4, 7, 6, 5]));
    let mut w = Workbench::new(Inputs {
        start: "[8,6,7,2,5,4,3,0,1]".into(),
        budget: "10000".into(),
        ..Inputs::default()
    });
    w.solve();
    let v = w.view();
    assert_eq!((v.cost.as_str(), v.initial_h.as_str()), ("31", "21"));
    assert!(
        v.explanation
            .starts_with("Cost 31 is above the lower bound 21"),
        "{}",
        v.explanation
    );
}

#[test]
fn navigation_without_a_result_says_so() {
    let mut w = Workbench::new(Inputs::default());
    w.navigate(NavAction::Next);
    assert_eq!(
        w.view().guard.as_deref(),
        Some("There is no witness to replay; press Solve first.")
    );
}
