//! The pattern-database cache of the command line (`pdb_cache`) on a small
//! two-table database (2×4), so every case runs in a fraction of a second:
//! missing → built and written, read back, a flipped byte, a truncated file
//! and another version each rebuilt and said so, an unwritable directory
//! answered from memory with a warning, and where the cache lives; the
//! multi-tile tables' cache the same way (one table of seven tiles, 2×4);
//! a database past 25 cells (6×6 in tiles of three) cached and a truncated
//! file rebuilt, and a build larger than the memory available refused
//! before it starts.

use eight_puzzle_engine::solve::cache::{
    build, build_peak_bytes, check_memory, default_cache_dir, file_name, load_or_build,
    load_or_build_runs, load_or_build_within, runs_file_name, Cached, CachedRuns, CACHE_DIR_NAME,
};
use eight_puzzle_engine::solve::{
    DbSource, Partition, PatternDb, PatternError, RunsDb, DB_FORMAT_VERSION,
};
use eight_puzzle_engine::{Board, Shape};
use std::path::{Path, PathBuf};

fn small() -> (Partition, Board) {
    let shape = Shape::new(4, 2).unwrap();
    let goal = Board::default_goal(shape);
    let p = Partition::from_groups(shape, "pdb-34", vec![vec![1, 2, 3], vec![4, 5, 6, 7]]).unwrap();
    (p, goal)
}

/// A fresh directory under the system's temporary directory.
fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pdb-cache-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Runs `load_or_build`, returning the result and the lines it logged.
fn load(dir: Option<&Path>) -> (Cached, Vec<String>) {
    let (p, goal) = small();
    let mut lines = Vec::new();
    let c = load_or_build(dir, &p, &goal, 2, &mut |l| lines.push(l.to_string())).unwrap();
    (c, lines)
}

fn same_tables(a: &PatternDb, b: &PatternDb) {
    let (mut x, mut y) = (Vec::new(), Vec::new());
    a.encode(&mut x).unwrap();
    b.encode(&mut y).unwrap();
    assert_eq!(x, y);
}

#[test]
fn the_file_is_named_by_partition_shape_and_a_hash_of_its_description() {
    let (p, goal) = small();
    let name = file_name(&p, &goal);
    assert!(name.starts_with("pdb-34-4x2-"), "{name}");
    assert!(name.ends_with(".pdb"), "{name}");
    assert_eq!(name.len(), "pdb-34-4x2-".len() + 16 + ".pdb".len());
    let other = Board::new(Shape::new(4, 2).unwrap(), &[0, 1, 2, 3, 4, 5, 6, 7]).unwrap();
    let p2 = Partition::from_groups(other.shape(), "pdb-34", p.groups().to_vec()).unwrap();
    assert_ne!(file_name(&p2, &other), name);
}

#[test]
fn missing_is_built_and_written_then_loaded() {
    let dir = temp_dir("missing");
    let (p, goal) = small();
    let path = dir.join(file_name(&p, &goal));
    let (built, lines) = load(Some(&dir));
    assert_eq!(built.source, DbSource::Saved(path.clone()));
    assert_eq!(
        lines[0],
        format!(
            "pdb-34: no cached database at {}; building it",
            path.display()
        )
    );
    assert!(lines.iter().any(|l| l == "pdb-34: table 1 of 2 (3 tiles)"));
    assert!(lines.iter().any(|l| l == "pdb-34: table 2 of 2 (4 tiles)"));
    assert_eq!(
        lines.last().unwrap(),
        &format!("pdb-34: saved to {} (1082 bytes)", path.display())
    );
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 1082);
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    // The same tables as a plain single-threaded build.
    same_tables(&built.db, &PatternDb::build(&p, &goal).unwrap());
    let (loaded, lines) = load(Some(&dir));
    assert_eq!(loaded.source, DbSource::Loaded(path.clone()));
    assert!(lines.is_empty(), "{lines:?}");
    same_tables(&loaded.db, &built.db);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Damages the cached file with `damage`, then checks that the next load
/// says `why` on standard error, rebuilds, and leaves a good file.
fn rebuilt_after(name: &str, damage: impl Fn(&mut Vec<u8>), why: &str) {
    let dir = temp_dir(name);
    let (p, goal) = small();
    let path = dir.join(file_name(&p, &goal));
    let (good, _) = load(Some(&dir));
    let mut bytes = std::fs::read(&path).unwrap();
    damage(&mut bytes);
    std::fs::write(&path, &bytes).unwrap();
    let (again, lines) = load(Some(&dir));
    assert_eq!(
        lines[0],
        format!(
            "pdb-34: the cached database {} cannot be used: {why}; rebuilding it",
            path.display()
        )
    );
    assert_eq!(again.source, DbSource::Saved(path.clone()));
    same_tables(&again.db, &good.db);
    let (loaded, lines) = load(Some(&dir));
    assert_eq!(loaded.source, DbSource::Loaded(path));
    assert!(lines.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_flipped_byte_is_rebuilt_and_said() {
    rebuilt_after(
        "flip",
        |b| b[500] ^= 0x01,
        "its checksum does not match (damaged)",
    );
}

#[test]
fn a_truncated_file_is_rebuilt_and_said() {
    rebuilt_after(
        "truncate",
        |b| b.truncate(600),
        "it has 600 bytes where 1082 were expected (truncated or damaged)",
    );
    rebuilt_after("empty", |b| b.clear(), "it is not a pattern database file");
}

#[test]
fn another_version_is_rebuilt_and_said() {
    rebuilt_after(
        "version",
        |b| b[8..12].copy_from_slice(&(DB_FORMAT_VERSION + 1).to_le_bytes()),
        &format!(
            "it was written in format version {}; this build uses version {DB_FORMAT_VERSION}",
            DB_FORMAT_VERSION + 1
        ),
    );
}

#[test]
fn an_unwritable_directory_still_answers_with_a_warning() {
    let dir = temp_dir("unwritable");
    std::fs::create_dir_all(&dir).unwrap();
    // A directory below a plain file cannot be created, whoever runs this.
    let file = dir.join("plain-file");
    std::fs::write(&file, b"x").unwrap();
    let below = file.join("cache");
    let (c, lines) = load(Some(&below));
    assert_eq!(c.source, DbSource::BuiltInMemory);
    assert_eq!(c.source.cache_name(), Some("built-in-memory"));
    let last = lines.last().unwrap();
    assert!(
        last.starts_with(&format!(
            "warning: pdb-34: could not write {}",
            below.join(file_name(&small().0, &small().1)).display()
        )),
        "{last}"
    );
    assert!(
        last.ends_with("; the database built in memory answers this run only"),
        "{last}"
    );
    let (p, goal) = small();
    same_tables(&c.db, &build(&p, &goal, 1, &mut |_| {}).unwrap());
    // No directory at all: built in memory, said.
    let (c, lines) = load(None);
    assert_eq!(c.source, DbSource::BuiltInMemory);
    assert_eq!(lines[0], "warning: pdb-34: no cache directory (neither XDG_CACHE_HOME nor HOME is set; use --cache-dir); building it in memory");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_default_directory_follows_xdg_then_home() {
    // The only test of this binary that reads or sets the environment.
    let (xdg, home) = (std::env::var_os("XDG_CACHE_HOME"), std::env::var_os("HOME"));
    std::env::set_var("XDG_CACHE_HOME", "/x/cache");
    std::env::set_var("HOME", "/home/someone");
    assert_eq!(
        default_cache_dir(),
        Some(PathBuf::from("/x/cache").join(CACHE_DIR_NAME))
    );
    // A relative XDG_CACHE_HOME is ignored, as the XDG rules say.
    std::env::set_var("XDG_CACHE_HOME", "relative/cache");
    assert_eq!(
        default_cache_dir(),
        Some(PathBuf::from("/home/someone/.cache/eight-puzzle"))
    );
    std::env::remove_var("XDG_CACHE_HOME");
    assert_eq!(
        default_cache_dir(),
        Some(PathBuf::from("/home/someone/.cache/eight-puzzle"))
    );
    std::env::remove_var("HOME");
    assert_eq!(default_cache_dir(), None);
    match xdg {
        Some(v) => std::env::set_var("XDG_CACHE_HOME", v),
        None => std::env::remove_var("XDG_CACHE_HOME"),
    }
    if let Some(v) = home {
        std::env::set_var("HOME", v);
    }
}

/// Runs `load_or_build_runs` toward the 2×4 goal (one table of seven
/// tiles: a fraction of a second), returning the result and its lines.
fn load_runs(dir: Option<&Path>) -> (CachedRuns, Vec<String>) {
    let goal = Board::default_goal(Shape::new(4, 2).unwrap());
    let mut lines = Vec::new();
    let c = load_or_build_runs(dir, &goal, 2, &mut |l| lines.push(l.to_string()));
    (c, lines)
}

fn runs_bytes(db: &RunsDb) -> Vec<u8> {
    let mut x = Vec::new();
    db.encode(&mut x).unwrap();
    x
}

#[test]
fn multi_tile_tables_are_built_written_loaded_and_rebuilt_when_damaged() {
    let dir = temp_dir("runs");
    let goal = Board::default_goal(Shape::new(4, 2).unwrap());
    let builder = RunsDb::large_builder(&goal);
    let name = runs_file_name(&builder);
    assert!(name.starts_with("multi-tile-pdb-7-4x2-"), "{name}");
    let path = dir.join(&name);
    let (built, lines) = load_runs(Some(&dir));
    assert_eq!(built.source, DbSource::Saved(path.clone()));
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(
        lines[0],
        format!(
            "multi-tile-pdb-7: no cached tables at {}; building them",
            path.display()
        )
    );
    assert_eq!(lines[1], "multi-tile-pdb-7: building 40,320 bytes of tables (format version 1, a 40,402 byte file) on 1 thread; the build holds up to about 0 MB");
    assert_eq!(
        lines[3],
        format!(
            "multi-tile-pdb-7: saved to {} (40,402 bytes)",
            path.display()
        )
    );
    assert!(lines[2].starts_with("multi-tile-pdb-7: table 1 of 1 (7 tiles) built at "));
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 40_402);
    assert_eq!(builder.file_len(), 40_402);
    // The same tables as a build in one call.
    let plain = RunsDb::build(&goal);
    assert_eq!(runs_bytes(&built.db), runs_bytes(&plain));
    let (loaded, lines) = load_runs(Some(&dir));
    assert_eq!(loaded.source, DbSource::Loaded(path.clone()));
    assert!(lines.is_empty(), "{lines:?}");
    assert_eq!(runs_bytes(&loaded.db), runs_bytes(&plain));
    // A flipped byte in a table: said, rebuilt, rewritten.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[20_000] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let (again, lines) = load_runs(Some(&dir));
    assert_eq!(
        lines[0],
        format!(
            "multi-tile-pdb-7: the cached tables {} cannot be used: its checksum does not match (damaged); rebuilding them",
            path.display()
        )
    );
    assert_eq!(again.source, DbSource::Saved(path.clone()));
    assert_eq!(runs_bytes(&again.db), runs_bytes(&plain));
    // Truncated: the lengths said.
    std::fs::write(&path, &bytes[..30_000]).unwrap();
    let (_, lines) = load_runs(Some(&dir));
    assert_eq!(
        lines[0],
        format!(
            "multi-tile-pdb-7: the cached tables {} cannot be used: it has 30000 bytes where 40402 were expected (truncated or damaged); rebuilding them",
            path.display()
        )
    );
    // Another database's file under this name: named.
    let (p, pgoal) = small();
    let mut other = Vec::new();
    PatternDb::build(&p, &pgoal)
        .unwrap()
        .encode(&mut other)
        .unwrap();
    std::fs::write(&path, &other).unwrap();
    let (_, lines) = load_runs(Some(&dir));
    assert!(
        lines[0].contains("cannot be used: it holds another database (pdb-34;4x2;"),
        "{}",
        lines[0]
    );
    // Decoded tables give the same estimates as the built ones.
    std::fs::write(&path, runs_bytes(&plain)).unwrap();
    let decoded = RunsDb::decode(&std::fs::read(&path).unwrap(), &builder).unwrap();
    for b in eight_puzzle_engine::space::sample_boards(&goal, 200, 7) {
        assert_eq!(decoded.estimate(&b), plain.estimate(&b), "{b}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A cheap database of a shape past 25 cells: 6×6, tiles in groups of
/// three (twelve tables of 42,840 entries or fewer).
fn wide() -> (Partition, Board) {
    let shape = Shape::new(6, 6).unwrap();
    let goal = Board::default_goal(shape);
    let groups: Vec<Vec<u8>> = (1..36u8)
        .collect::<Vec<u8>>()
        .chunks(3)
        .map(|c| c.to_vec())
        .collect();
    let p = Partition::from_groups(shape, "pdb-threes", groups).unwrap();
    (p, goal)
}

#[test]
fn a_database_past_25_cells_is_cached_and_a_damaged_one_rebuilt() {
    let dir = temp_dir("wide");
    let (p, goal) = wide();
    let path = dir.join(file_name(&p, &goal));
    let mut lines = Vec::new();
    let built =
        load_or_build(Some(&dir), &p, &goal, 2, &mut |l| lines.push(l.to_string())).unwrap();
    assert_eq!(built.source, DbSource::Saved(path.clone()));
    // 11 tables of 42,840 entries and one of 2 tiles (1,260), two a byte.
    assert_eq!(
        lines[1],
        format!("pdb-threes: building 236250 bytes of tables (format version {DB_FORMAT_VERSION}); the build holds up to about 0 MB")
    );
    let len = std::fs::metadata(&path).unwrap().len();
    let mut bytes = std::fs::read(&path).unwrap();
    bytes.truncate(bytes.len() - 1000);
    std::fs::write(&path, &bytes).unwrap();
    let mut lines = Vec::new();
    let again =
        load_or_build(Some(&dir), &p, &goal, 2, &mut |l| lines.push(l.to_string())).unwrap();
    assert_eq!(
        lines[0],
        format!(
            "pdb-threes: the cached database {} cannot be used: it has {} bytes where {len} were expected (truncated or damaged); rebuilding it",
            path.display(),
            len - 1000
        )
    );
    same_tables(&again.db, &built.db);
    let mut lines = Vec::new();
    let loaded =
        load_or_build(Some(&dir), &p, &goal, 2, &mut |l| lines.push(l.to_string())).unwrap();
    assert_eq!(loaded.source, DbSource::Loaded(path));
    same_tables(&loaded.db, &built.db);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_build_larger_than_the_memory_available_is_refused_before_it_starts() {
    let dir = temp_dir("memory");
    let shape = Shape::new(6, 6).unwrap();
    let goal = Board::default_goal(shape);
    let p = Partition::for_goal(&goal);
    assert_eq!(p.name(), "pdb-5555555");
    // Seven tables of 45,239,040 entries: 158,336,640 bytes; the build of
    // one holds 13 bytes an entry at most (588,107,520) besides.
    assert_eq!(build_peak_bytes(&p, &goal), 746_444_160);
    let mut lines = Vec::new();
    let e = load_or_build_within(Some(&dir), &p, &goal, 2, Some(500_000_000), &mut |l| {
        lines.push(l.to_string())
    })
    .err()
    .unwrap();
    assert_eq!(
        e,
        PatternError::NotEnoughMemory {
            needed: 746_444_160,
            available: 500_000_000
        }
    );
    assert_eq!(
        e.to_string(),
        "not enough memory: the pattern database build holds up to about 747 MB and 500 MB are available"
    );
    assert_eq!(
        lines.last().unwrap(),
        "pdb-5555555: building 158336640 bytes of tables (format version 1); the build holds up to about 746 MB"
    );
    // Nothing was written.
    assert!(!dir.join(file_name(&p, &goal)).exists());
    // Enough memory, or an unknown figure: no refusal (checked without building).
    assert_eq!(check_memory(&p, &goal, Some(746_444_160)), Ok(()));
    assert_eq!(check_memory(&p, &goal, None), Ok(()));
    let _ = std::fs::remove_dir_all(&dir);
}
