//! The command line's `pdb-78` flag without building the database: where it
//! applies (4×4 only, with a specific error elsewhere), and the help text.
//! The cache and searches with the real database are in `pdb78.rs` (slow).

mod common;

use common::run;

use serde_json::{json, Value};

#[test]
fn pdb_78_on_another_shape_names_that_shapes_choices() {
    let (code, out, err) = run(&[
        "solve",
        "--start",
        "[[1,2,3],[4,5,6],[7,8,9],[10,0,11]]",
        "--heuristic",
        "pdb-78",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_eq!(err, "");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        json!({"status": "Invalid", "error": {"field": "heuristic", "kind": "only_4x4",
            "message": "\"pdb-78\" is the 7-8 pattern database of the 4×4 board only; for a 3×4 board use manhattan, linear-conflict or pdb-65"}})
    );
    let (code, out, err) = run(&["korf24", "--mode", "optimal", "--heuristic", "pdb-78"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "Invalid — Heuristic: \"pdb-78\" is the 7-8 pattern database of the 4×4 board only; for a 5×5 board use manhattan, linear-conflict, pdb-55554 or pdb-6666\n"
    );
    // 3×3 keeps its contract: the database names of other shapes are told
    // apart from unknown names, and none applies.
    let (code, out, _) = run(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,0,7,8]",
        "--heuristic",
        "pdb-78",
        "--json",
    ]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["kind"], "not_for_3x3");
}

#[test]
fn an_unknown_4x4_heuristic_lists_pdb_78() {
    let (code, out, _) = run(&[
        "solve",
        "--start",
        "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]",
        "--heuristic",
        "pdb-88",
        "--json",
    ]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["error"]["message"],
        "unknown heuristic \"pdb-88\" for a 4×4 board; use manhattan, linear-conflict, pdb-663 or pdb-78"
    );
}

#[test]
fn the_help_states_the_flag_the_cache_and_the_memory() {
    for cmd in ["solve", "batch", "korf100"] {
        let (code, out, _) = run(&[cmd, "--help"]);
        assert_eq!(code, 0, "{cmd}");
        assert!(out.contains("pdb-78"), "{cmd}: {out}");
        assert!(out.contains("--cache-dir <CACHE_DIR>"), "{cmd}: {out}");
        assert!(
            out.contains("$XDG_CACHE_HOME/eight-puzzle, else ~/.cache/eight-puzzle"),
            "{cmd}: {out}"
        );
    }
    let (_, out, _) = run(&["korf100", "--help"]);
    assert!(out.contains("288 MB"), "{out}");
}
