//! `solve --metric`: the multi-tile metric on the command line (optimal and
//! fast, JSON and text), and the errors of a metric the 3×3 contract or an
//! unknown name cannot take.

mod common;

use common::{json1, run, run_with_stdin};
use serde_json::json;

const ANTIPODE: &str = "[1,4,7,2,0,8,3,6,5]";

#[test]
fn the_3x3_antipode_is_24_slides_in_json_and_text() {
    let (code, v) = json1(&["solve", "--start", ANTIPODE, "--metric", "multi", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "Solved");
    assert_eq!(v["metric"], "multi");
    assert_eq!(v["heuristic"], "multi-tile-pdb-7");
    assert_eq!(
        (v["cost"].clone(), v["lower_bound"].clone()),
        (json!(24), json!(24))
    );
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 24);
    assert_eq!(moves[0], json!({"direction": "Up", "count": 1}));
    assert_eq!(moves[6], json!({"direction": "Up", "count": 2}));
    let tiles: u64 = moves.iter().map(|m| m["count"].as_u64().unwrap()).sum();
    assert_eq!(tiles, 30);

    let (code, out, _) = run(&["solve", "--start", "[[4,1,2],[5,0,3]]", "--metric", "multi"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("  3     Right×2  [[1,2,0],[4,5,3]]\n"),
        "{out}"
    );
    assert!(
        out.contains("Cost: 4 slides (shortest in the multi-tile metric: IDA* proved no shorter path exists)"),
        "{out}"
    );
}

#[test]
fn fast_mode_counts_its_runs() {
    let (code, v) = json1(&[
        "solve", "--start", ANTIPODE, "--metric", "multi", "--mode", "fast", "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["metric"], "multi");
    // 30 single-tile moves merged into 26 slides, against the multi-tile
    // bound 10 of the start.
    assert_eq!(
        (v["cost"].clone(), v["lower_bound"].clone()),
        (json!(26), json!(10))
    );
    assert_eq!(v["gap"], 16);
    assert_eq!(v["shortest"], json!(null));
    assert_eq!(v["moves"].as_array().unwrap().len(), 26);
}

#[test]
fn a_node_budget_on_4x3_is_unknown_with_the_multi_tile_bound() {
    // (On 4×4 the search's tables are the cached multi-tile-pdb-666, built
    // by hand: tests/multi44.rs.)
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[[11,10,9,8],[7,6,5,4],[3,1,2,0]]",
        "--metric",
        "multi",
        "--node-budget",
        "100",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "Unknown");
    assert_eq!(v["reason"], "NodeBudget");
    assert_eq!(v["heuristic"], "multi-tile-pdb-66");
    assert_eq!(v["lower_bound"], v["bound"]);
    assert_eq!(v["lower_bound"], 25);
}

#[test]
fn the_flag_is_checked_and_the_contract_stays_single_tile() {
    let (code, v) = json1(&["solve", "--start", ANTIPODE, "--metric", "triple", "--json"]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["field"], "metric");
    let msg = v["error"]["message"].as_str().unwrap();
    assert!(msg.contains("single") && msg.contains("multi"), "{msg}");

    let (code, v) = json1(&[
        "solve", "--start", ANTIPODE, "--metric", "multi", "--budget", "50", "--json",
    ]);
    assert_eq!(code, 2);
    assert_eq!(v["error"]["kind"], "contract_single_tile");
    assert_eq!(
        v["error"]["message"],
        "the 3×3 contract is single-tile: --budget limits its A*, which counts one tile a move; drop --budget to solve in the multi-tile metric"
    );

    let (code, _, err) = run(&["trace", "--start", ANTIPODE, "--metric", "multi"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("the 3×3 contract is single-tile: trace"),
        "{err}"
    );
    let (code, out, _) = run_with_stdin(
        &[
            "check-trace",
            "--start",
            ANTIPODE,
            "--metric",
            "multi",
            "--json",
            "-",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(out.contains("\"kind\":\"contract_single_tile\""), "{out}");

    // --metric single keeps the contract, and says so in JSON.
    let (code, v) = json1(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--metric",
        "single",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(
        (v["metric"].clone(), v["cost"].clone()),
        (json!("single"), json!(2))
    );
    assert_eq!(v["moves"], json!(["Right", "Right"]));
}
