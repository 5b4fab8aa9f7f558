//! `--threads`: the optimal IDA*'s path, counts, bounds and node-budget
//! stop are the same on any thread count (`solve` on 4×4 and 5×5, `korf100`),
//! and the flag's range.

mod common;

use common::{json1, json_lines, run};
use serde_json::{json, Value};

const KORF_GOAL: &str = "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]";
/// Korf's #55 (41 moves): 557,480 generated with manhattan, enough for
/// the later iterations to be cut into jobs (81,469 with linear-conflict).
const KORF55: &str = "[13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11]";
/// 60 random moves from the 5×5 goal (44 moves away).
const WALK25: &str = "[[1,7,3,4,13],[6,12,8,10,2],[0,18,9,5,14],[11,16,17,20,24],[21,22,19,23,15]]";

/// `solve … --json` on 1, 2 and 3 threads: one answer, returned.
fn same_on_1_2_3(args: &[&str]) -> Value {
    let answers: Vec<Value> = ["1", "2", "3"]
        .iter()
        .map(|t| {
            let mut a = vec!["solve", "--json", "--threads", t];
            a.extend_from_slice(args);
            let (code, v) = json1(&a);
            assert_eq!(code, 0, "{a:?}");
            v
        })
        .collect();
    assert_eq!(answers[1], answers[0], "2 threads");
    assert_eq!(answers[2], answers[0], "3 threads");
    answers[0].clone()
}

#[test]
fn solve_answers_alike_on_any_thread_count() {
    let v = same_on_1_2_3(&[
        "--start",
        KORF55,
        "--goal",
        KORF_GOAL,
        "--heuristic",
        "manhattan",
    ]);
    assert_eq!(v["cost"], 41);
    assert_eq!(v["generated"], 557_480);
    assert_eq!(v["expanded"], 275_423);
    assert_eq!(v["iterations"], 7);
    let v = same_on_1_2_3(&["--start", WALK25, "--heuristic", "linear-conflict"]);
    assert_eq!(v["cost"], 44);
    assert_eq!(v["generated"], 252_231);
    assert_eq!(v["expanded"], 108_651);
    assert_eq!(v["iterations"], 8);
}

#[test]
fn a_node_budget_stops_alike_on_any_thread_count() {
    let v = same_on_1_2_3(&[
        "--start",
        KORF55,
        "--goal",
        KORF_GOAL,
        "--heuristic",
        "linear-conflict",
        "--node-budget",
        "70000",
    ]);
    assert_eq!(v["status"], "Unknown");
    assert_eq!(v["reason"], "NodeBudget");
    assert_eq!(v["generated"], 70_000);
    assert_eq!(v["lower_bound"], 41);
    assert_eq!(v["completed_bound"], 39);
}

#[test]
fn korf100_rows_alike_on_one_and_two_threads() {
    let rows = |threads: &str| {
        let (code, out, _) = run(&["korf100", "--ids", "55,79", "--threads", threads, "--json"]);
        assert_eq!(code, 0);
        let mut lines = json_lines(&out);
        let summary = lines.pop().unwrap();
        assert_eq!(summary["threads"], json!(threads.parse::<u64>().unwrap()));
        for l in &mut lines {
            l.as_object_mut().unwrap().remove("ms");
        }
        (lines, summary["generated"].clone())
    };
    let one = rows("1");
    assert_eq!(rows("2"), one);
    assert_eq!(one.0.len(), 2);
}

#[test]
fn threads_out_of_range_is_refused() {
    for bad in ["0", "257", "two"] {
        let (code, out, err) = run(&["solve", "--start", KORF55, "--threads", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(out.is_empty());
        assert!(err.contains("'--threads <THREADS>'"), "{err}");
    }
}

#[test]
fn korf24_optimal_rows_alike_on_one_and_two_threads() {
    let rows = |threads: &str| {
        let (code, out, _) = run(&[
            "korf24",
            "--mode",
            "optimal",
            "--heuristic",
            "linear-conflict",
            "--ids",
            "38",
            "--node-budget",
            "300000",
            "--threads",
            threads,
            "--json",
        ]);
        // Not at the published length: exit 1.
        assert_eq!(code, 1);
        let mut lines = json_lines(&out);
        lines.pop();
        for l in &mut lines {
            l.as_object_mut().unwrap().remove("ms");
        }
        lines
    };
    let one = rows("1");
    assert_eq!(rows("2"), one);
    assert_eq!(one[0]["status"], "Unknown");
    assert_eq!(one[0]["generated"], 300_000);
}
