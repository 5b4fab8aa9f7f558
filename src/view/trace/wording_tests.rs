//! Counts in the Trace tab's sentences agree with their nouns: one event,
//! two events; one entry, two entries; one expansion, two expansions.

use super::*;
use crate::engine::contract::parse_request;

fn trace(start: &str, budget: &str) -> Trace {
    let r = parse_request(start, "[1,2,3,4,5,6,7,8,0]", budget).unwrap();
    Trace::new(r.start, r.goal, r.budget)
}

#[test]
fn running_counts_one_event_then_two_events() {
    let mut t = trace("[8,6,7,2,5,4,3,0,1]", "10000");
    assert_eq!(
        t.view().frontier,
        "Frontier: 1 entry (stale ones included); closed (expanded): 0"
    );
    t.step();
    let v = t.view();
    assert_eq!(
        v.status,
        "Running: 1 event so far. Step pops the next entry; Run to end finishes the search."
    );
    assert_eq!(
        v.frontier,
        "Frontier: 3 entries (stale ones included); closed (expanded): 1"
    );
    t.step();
    assert_eq!(
        t.view().status,
        "Running: 2 events so far. Step pops the next entry; Run to end finishes the search."
    );
}

#[test]
fn the_goal_after_one_expansion_and_after_two() {
    let mut t = trace("[1,2,3,4,5,6,7,0,8]", "10000");
    t.run_to_end();
    assert_eq!(
        t.view().status,
        "Goal accepted when popped: Solved, cost 1, after 1 expansion — the same result as Solve."
    );
    let mut t = trace("[1,2,3,4,5,6,0,7,8]", "10000");
    t.run_to_end();
    assert_eq!(
        t.view().status,
        "Goal accepted when popped: Solved, cost 2, after 2 expansions — the same result as Solve."
    );
}

#[test]
fn a_budget_of_one_expansion_and_of_two() {
    let stopped = |budget: &str| {
        let mut t = trace("[8,6,7,2,5,4,3,0,1]", budget);
        t.run_to_end();
        t.view().status
    };
    assert!(
        stopped("1").starts_with("Stopped: 1 expansion had reached the budget of 1, so "),
        "{}",
        stopped("1")
    );
    assert!(
        stopped("2").starts_with("Stopped: 2 expansions had reached the budget of 2, so "),
        "{}",
        stopped("2")
    );
}

#[test]
fn an_ida_budget_of_one_expansion_and_of_two() {
    let stopped = |budget: u64| {
        let r = parse_request("[8,6,7,2,5,4,3,0,1]", "[1,2,3,4,5,6,7,8,0]", "10000").unwrap();
        let mut t = IdaTrace::new(r.start, r.goal, budget);
        t.run_to_end();
        t.view().status
    };
    assert!(
        stopped(1).starts_with("Stopped: the budget of 1 expansion was used up."),
        "{}",
        stopped(1)
    );
    assert!(
        stopped(2).starts_with("Stopped: the budget of 2 expansions was used up."),
        "{}",
        stopped(2)
    );
}
