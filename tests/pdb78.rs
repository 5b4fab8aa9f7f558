//! `pdb-78` with the real database: one build of the 7-8 tables (288 MB,
//! minutes of both cores), shared by every test of this binary. The build
//! runs through the command line into a fresh cache directory, which also
//! checks its messages; the runs that load that file (the command line's
//! and the cache's, checked) follow at once, and the directory is then
//! removed, also when any of them fails.
//!
//! A benchmark run by hand, not by CI (`cargo test --release --test pdb78
//! -- --ignored`; figures in BENCHMARKS.md): CI checks the same code on
//! smaller analogues — the cache (built, loaded, damaged, unwritable) on a
//! two-table 2×4 database (`engine/tests/pdb_cache.rs`), the same builder
//! against a plain search on smaller patterns, a 7-tile one among them
//! (`engine/tests/solve_pdb.rs`), and the flag's errors and help
//! (`tests/cli_pdb78.rs`).

mod common;

use common::{json_lines, run};
use eight_puzzle::engine::solve::cache::{file_name, load_or_build};
use eight_puzzle::engine::solve::DbSource;
use eight_puzzle::engine::solve::{
    korf100, korf_goal, pdb_estimate, solve_optimal, Estimator, Partition, PatternDb,
};
use eight_puzzle::engine::{Shape, Verdict};
use serde_json::Value;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

struct Built {
    /// The cache directory (removed once the runs below are done).
    dir: PathBuf,
    /// The first run's standard error and its JSON lines.
    stderr: String,
    lines: Vec<Value>,
    /// The saved file's size.
    file_len: u64,
    /// The second run's (`korf100 --ids 1,2,3`, from the cache) exit code,
    /// standard error and JSON lines.
    second: (Option<i32>, String, Vec<Value>),
    /// `solve`'s JSON with the cached database.
    solve: Value,
    db: Arc<PatternDb>,
}

/// Removes a directory when dropped, also while a panic unwinds.
struct RemoveOnDrop(PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn built() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("pdb78-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _remove = RemoveOnDrop(dir.clone());
        let cache = dir.to_str().expect("a UTF-8 temporary directory");
        let (code, stdout, stderr) = run(&[
            "korf100",
            "--heuristic",
            "pdb-78",
            "--ids",
            "1",
            "--json",
            "--cache-dir",
            cache,
        ]);
        assert_eq!(code, 0);
        let lines = json_lines(&stdout);
        let goal = korf_goal(Shape::FOUR);
        let p = Partition::seven_eight(&goal).unwrap();
        let mut log = Vec::new();
        let c = load_or_build(Some(&dir), &p, &goal, 2, &mut |l| log.push(l.to_string())).unwrap();
        assert_eq!(c.source, DbSource::Loaded(dir.join(file_name(&p, &goal))));
        assert!(log.is_empty(), "{log:?}");
        let file_len = std::fs::metadata(dir.join(file_name(&p, &goal)))
            .unwrap()
            .len();
        let (code, stdout, err) = run(&[
            "korf100",
            "--heuristic",
            "pdb-78",
            "--ids",
            "1,2,3",
            "--json",
            "--cache-dir",
            cache,
        ]);
        let second = (Some(code), err, json_lines(&stdout));
        let (_, stdout, _) = run(&[
            "solve",
            "--start",
            "[14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3]",
            "--goal",
            "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15]",
            "--heuristic",
            "pdb-78",
            "--json",
            "--cache-dir",
            cache,
        ]);
        let solve = serde_json::from_str(&stdout).unwrap();
        Built {
            dir,
            stderr,
            lines,
            file_len,
            second,
            solve,
            db: Arc::new(c.db),
        }
    })
}

#[test]
#[ignore = "builds the real 7-8 tables (minutes): run by hand with --ignored"]
fn the_first_run_builds_saves_and_says_so() {
    let b = built();
    let goal = korf_goal(Shape::FOUR);
    let p = Partition::seven_eight(&goal).unwrap();
    let path = b.dir.join(file_name(&p, &goal));
    let first = b.stderr.lines().next().unwrap();
    assert_eq!(
        first,
        format!(
            "pdb-78: no cached database at {}; building it",
            path.display()
        )
    );
    assert!(b.stderr.contains("pdb-78: table 1 of 2 (7 tiles)\n"));
    assert!(b.stderr.contains("pdb-78: table 2 of 2 (8 tiles)\n"));
    assert!(b
        .stderr
        .contains("  layer 1: 9 of 57,657,600 placements reached\n"));
    assert!(b.stderr.contains(&format!(
        "pdb-78: saved to {} (288288118 bytes)\n",
        path.display()
    )));
    assert_eq!(b.file_len, 288_288_118);
    let summary = b.lines.last().unwrap();
    assert_eq!(summary["heuristic"], "pdb-78");
    assert_eq!(summary["database"], "built");
    assert_eq!(b.lines[0]["cost"], 57);
    assert_eq!(b.lines[0]["published"], 57);
}

#[test]
#[ignore = "builds the real 7-8 tables (minutes): run by hand with --ignored"]
fn the_second_run_loads_from_the_cache_and_times_it_apart() {
    let b = built();
    let (code, stderr, lines) = &b.second;
    assert_eq!(*code, Some(0));
    assert_eq!(stderr, "");
    let summary = lines.last().unwrap();
    assert_eq!(summary["database"], "loaded");
    assert!(summary["build_ms"].as_f64().unwrap() > 0.0);
    assert_eq!(summary["optimal"], 3);
    // `solve` says the same, and its JSON keeps the load apart from the search.
    let v = &b.solve;
    assert_eq!(v["heuristic"], "pdb-78");
    assert_eq!(v["database"], "loaded");
    assert!(v["database_ms"].as_f64().unwrap() > 0.0);
    assert_eq!(v["cost"], 57);
    assert_eq!(v["generated"], GENERATED_1);
}

#[test]
#[ignore = "builds the real 7-8 tables (minutes): run by hand with --ignored"]
fn the_cache_directory_is_removed_after_the_runs() {
    let b = built();
    assert!(!b.dir.exists(), "{} left behind", b.dir.display());
}

/// Nodes generated on Korf's instance 1 with pdb-78 (ByH order, every child
/// counted as generated, as `korf100` counts).
const GENERATED_1: u64 = 5558;

#[test]
#[ignore = "builds the real 7-8 tables (minutes): run by hand with --ignored"]
fn admissible_on_korfs_100_and_consistent_along_solutions() {
    let b = built();
    let goal = korf_goal(Shape::FOUR);
    let mut sum = 0;
    for k in korf100() {
        let h = pdb_estimate(&b.db, &k.start);
        assert!(h <= k.optimal, "instance {}: h {h} > {}", k.id, k.optimal);
        sum += h;
    }
    // Pinned: the sum of the start estimates (Manhattan's is 3,705).
    assert_eq!(sum, 4559);
    // Consistency: along optimal paths, h falls by at most one a move and
    // never exceeds the moves left.
    let heuristic = Estimator::Pdb(b.db.clone());
    for k in korf100().into_iter().filter(|k| [1, 3, 12].contains(&k.id)) {
        let out = solve_optimal(&k.start, &goal, &heuristic, None).unwrap();
        let Verdict::Solved(s) = out.verdict else {
            panic!("instance {} not solved", k.id)
        };
        assert_eq!(s.cost, k.optimal);
        let hs: Vec<u32> = s.boards.iter().map(|x| pdb_estimate(&b.db, x)).collect();
        for (i, w) in hs.windows(2).enumerate() {
            assert!(w[0].abs_diff(w[1]) <= 1, "instance {} step {i}", k.id);
        }
        for (i, &h) in hs.iter().enumerate() {
            assert!(h as usize <= hs.len() - 1 - i);
        }
        assert_eq!(*hs.last().unwrap(), 0);
    }
}

#[test]
#[ignore = "builds the real 7-8 tables (minutes): run by hand with --ignored"]
fn korf_instances_with_pinned_node_counts() {
    let b = built();
    let goal = korf_goal(Shape::FOUR);
    let heuristic = Estimator::Pdb(b.db.clone());
    let mut got = Vec::new();
    for k in korf100().into_iter().filter(|k| k.id <= 10) {
        let out = solve_optimal(&k.start, &goal, &heuristic, None).unwrap();
        let Verdict::Solved(s) = &out.verdict else {
            panic!("instance {} not solved", k.id)
        };
        assert_eq!(s.cost, k.optimal, "instance {}", k.id);
        got.push((k.id, out.progress.generated));
    }
    assert_eq!(
        got,
        vec![
            (1, 5558),
            (2, 7656),
            (3, 147660),
            (4, 8066),
            (5, 36979),
            (6, 7301),
            (7, 34880),
            (8, 23122),
            (9, 742),
            (10, 70778)
        ]
    );
}
