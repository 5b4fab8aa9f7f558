//! The command line's `pdb-6666` flag without building the database: where
//! it applies (5×5 only, with a specific error elsewhere that lists the
//! shape's choices), and the help text. The real database is measured by
//! hand (BENCHMARKS.md): its first build takes minutes of both cores.

mod common;

use common::run;

use serde_json::{json, Value};

#[test]
fn pdb_6666_on_another_shape_names_that_shapes_choices() {
    let (code, out, err) = run(&[
        "solve",
        "--start",
        "[[1,2,3,4],[5,6,7,8],[9,10,11,12],[13,14,0,15]]",
        "--heuristic",
        "pdb-6666",
        "--json",
    ]);
    assert_eq!(code, 2);
    assert_eq!(err, "");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v,
        json!({"status": "Invalid", "error": {"field": "heuristic", "kind": "only_5x5",
            "message": "\"pdb-6666\" is the 6-6-6-6 pattern database of the 5×5 board only; for a 4×4 board use manhattan, linear-conflict, pdb-663 or pdb-78"}})
    );
    let (code, out, err) = run(&["korf100", "--heuristic", "pdb-6666"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "Invalid — Heuristic: \"pdb-6666\" is the 6-6-6-6 pattern database of the 5×5 board only; for a 4×4 board use manhattan, linear-conflict, pdb-663 or pdb-78\n"
    );
}

#[test]
fn an_unknown_5x5_heuristic_lists_pdb_6666() {
    let (code, out, _) = run(&[
        "korf24",
        "--mode",
        "optimal",
        "--heuristic",
        "pdb-666",
        "--json",
    ]);
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["error"]["message"],
        "unknown heuristic \"pdb-666\" for a 5×5 board; use manhattan, linear-conflict, pdb-55554 or pdb-6666"
    );
}

#[test]
fn the_help_states_the_flag_the_cache_and_the_memory() {
    for cmd in ["solve", "batch", "korf24"] {
        let (code, out, _) = run(&[cmd, "--help"]);
        assert_eq!(code, 0, "{cmd}");
        assert!(out.contains("pdb-6666"), "{cmd}: {out}");
        assert!(out.contains("--cache-dir <CACHE_DIR>"), "{cmd}: {out}");
    }
    let (_, out, _) = run(&["korf24", "--help"]);
    assert!(out.contains("255 MB"), "{out}");
    assert!(out.contains("1.1 GB"), "{out}");
}
