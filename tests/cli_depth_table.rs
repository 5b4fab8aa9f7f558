//! `eight-puzzle depth-table`: input errors, run as a process (the full
//! table itself is checked in depth_table.rs through the engine).

mod common;

use common::run;

#[test]
fn a_bad_goal_is_invalid_before_any_search() {
    let (code, stdout, _) = run(&["depth-table", "--goal", "[1,2,3]", "--json"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(v["status"], "Invalid");
    assert_eq!(v["error"]["field"], "goal");
    let (code, _, stderr) = run(&["depth-table", "--goal", "[1,2,3]"]);
    assert_eq!(code, 2);
    assert!(stderr.starts_with("Invalid — Goal"), "{stderr}");
}

#[test]
fn json_and_csv_exclude_each_other() {
    let (code, _, stderr) = run(&["depth-table", "--json", "--csv"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
}
