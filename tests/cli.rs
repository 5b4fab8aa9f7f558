//! The command-line tool, run as a process.

mod common;

use common::{json1, run};

const BASE: &str = "[1,2,3,4,5,6,0,7,8]";

#[test]
fn solve_json_baseline() {
    let (code, v) = json1(&["solve", "--start", BASE, "--budget", "100", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        v,
        serde_json::json!({
            "status": "Solved", "shape": "3x3", "mode": "optimal",
            "moves": ["Right", "Right"], "cost": 2, "lower_bound": 2, "initial_manhattan": 2,
            "expansions": 2, "generated": 5, "stale": 0, "max_frontier": 3,
            "optimal_paths": 1
        })
    );
}

#[test]
fn solve_json_budget_one_is_unknown() {
    let (code, v) = json1(&["solve", "--start", BASE, "--budget", "1", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "Unknown");
    assert_eq!(v["reason"], "BudgetExceeded");
    assert_eq!(v["expansions"], 1);
    // Only h of the start is proved when the budget stops the search.
    assert_eq!(v["lower_bound"], 2);
    assert_eq!(v["moves"], serde_json::json!([]));
}

#[test]
fn invalid_inputs_use_the_core_verdict() {
    let (code, v) = json1(&["solve", "--start", BASE, "--budget=abc", "--json"]);
    assert_eq!(code, 2);
    assert_eq!(v["status"], "Invalid");
    assert_eq!(v["error"]["field"], "budget");
    assert_eq!(v["error"]["kind"], "not_a_number");
    let (code, v) = json1(&["solve", "--start=[1,\"2\"]", "--json"]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["field"], "start");
    assert_eq!(v["error"]["kind"], "numeric_string");
    let (_, v) = json1(&[
        "solve",
        "--start",
        BASE,
        "--goal",
        "[1,2,3,4,5,6,7,8,8]",
        "--json",
    ]);
    assert_eq!(v["error"]["field"], "goal");
    assert_eq!(v["error"]["kind"], "duplicate");
    let (_, v) = json1(&["solve", "--start", BASE, "--budget", "-5", "--json"]);
    assert_eq!(v["error"]["kind"], "out_of_range");
    let (code, _, stderr) = run(&["solve", "--start", BASE, "--budget", "0"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr.trim(),
        "Invalid — Budget: the budget 0 is outside 1–10000"
    );
}

#[test]
fn unsolvable_carries_inversions() {
    let (code, v) = json1(&["solve", "--start", "[2,1,3,4,5,6,7,8,0]", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "Unsolvable");
    assert_eq!(v["inversions"], serde_json::json!({"start": 1, "goal": 0}));
}

#[test]
fn human_report_and_help() {
    let (code, out, _) = run(&["solve", "--start", BASE]);
    assert_eq!(code, 0);
    assert!(out.contains("  _ 7 8\n"), "{out}");
    assert!(
        out.contains("  2     Right  [1,2,3,4,5,6,7,8,0]    2   0   2\n"),
        "{out}"
    );
    assert!(
        out.contains("Status: Solved\nCost: 2\nInitial Manhattan: 2\nExpansions: 2 "),
        "{out}"
    );
    assert!(
        out.contains("  blank row 3, column 1    row 3, column 3    excluded\n"),
        "{out}"
    );
    let (_, help, _) = run(&["--help"]);
    assert!(help
        .contains("Right swaps the blank with the tile on its right, so that tile travels left"));
    let (_, help, _) = run(&["solve", "--help"]);
    assert!(help.contains("Right swaps the blank with the tile on its right"));
}

#[test]
fn sweep_reports_the_whole_space() {
    let (code, v) = json1(&["sweep", "--goal", "[1,2,3,8,0,4,7,6,5]", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["starts"], 181_440);
    let solved: u64 = v["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(solved + v["unknown"].as_u64().unwrap(), 181_440);
    assert_eq!(v["histogram"][0], 1);
    assert_eq!(v["histogram"][1], 4);
    let (code, v) = json1(&["sweep", "--budget", "10001", "--json"]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["field"], "budget");
}
