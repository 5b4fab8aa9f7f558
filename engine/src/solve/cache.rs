//! Pattern databases kept on disk between runs of the command line (native
//! only; the page never sees this module). `pdb-78` and `pdb-6666` take
//! minutes to build and 288 MB and 255 MB of tables, so each is built once,
//! written to the cache directory, and loaded (checked) afterwards.
//!
//! - **Where**: `--cache-dir DIR` if given; else `$XDG_CACHE_HOME/eight-puzzle`
//!   (when that variable is an absolute path), else `~/.cache/eight-puzzle`.
//! - **File**: `NAME-SHAPE-HASH.pdb` (the hash names the goal and the groups),
//!   in the engine's format (`PatternDb::encode`): magic, format version,
//!   the partition and goal it describes, length, 64-bit checksum.
//! - **Missing** → built (progress on standard error) and written atomically
//!   (a temporary file in the same directory, then a rename). **Unusable**
//!   (another version, another database, truncated, bad checksum) → said on
//!   standard error, rebuilt and rewritten. **Unwritable directory** → a
//!   warning; the database built in memory still answers.
//! - **Multi-tile**: the 4×4 multi-tile tables (`multi-tile-pdb-666`,
//!   172,972,800 bytes) are kept the same way ([`load_or_build_runs`]),
//!   their tables built one a thread.
//! - **Build**: each table's breadth-first layers expanded by `threads`
//!   threads over disjoint ranges ([`PatternBuilder::expand`]); a table
//!   that is an earlier one seen through a symmetry of the board is read
//!   off it instead ([`PatternTable::turned`]: two of pdb-6666's four). A build
//!   short of memory is an error that gives the bytes it asked for
//!   ([`PatternError::OutOfMemory`]), never an abort.

use super::database::{checksum, table_bytes, DbSource, PatternDb, DB_FORMAT_VERSION};
use super::partition::Partition;
use super::pdb::{placements, PatternBuilder, PatternError, PatternTable, Tally};
use super::runs_db::{RunsDb, RunsDbBuilder, RunsTable};
use crate::board::Board;
use crate::text::thousands;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The directory under the user's cache directory.
pub const CACHE_DIR_NAME: &str = "eight-puzzle";

/// The cache directory when none is given: `$XDG_CACHE_HOME/eight-puzzle`
/// if that is an absolute path, else `$HOME/.cache/eight-puzzle`; `None`
/// without either.
pub fn default_cache_dir() -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    let base = xdg.or_else(|| {
        std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(|h| PathBuf::from(h).join(".cache"))
    })?;
    Some(base.join(CACHE_DIR_NAME))
}

/// The file name of `partition`'s database toward `goal`, e.g.
/// `pdb-78-4x4-1a2b3c4d5e6f7a8b.pdb`.
pub fn file_name(partition: &Partition, goal: &Board) -> String {
    let d = PatternDb::description(partition, goal);
    format!(
        "{}-{}-{:016x}.pdb",
        partition.name(),
        goal.shape().code(),
        checksum(d.as_bytes())
    )
}

/// A database ready to search, where it came from, and how long that took.
pub struct Cached {
    /// The database.
    pub db: PatternDb,
    /// Loaded, built and saved, or built in memory.
    pub source: DbSource,
    /// Seconds the load (checks included) or the build and write took.
    pub seconds: f64,
}

/// Builds one table, each layer expanded on `threads` threads; `log` gets
/// a line per layer.
pub fn build_table(
    tiles: &[u8],
    goal: &Board,
    threads: usize,
    log: &mut dyn FnMut(&str),
) -> Result<PatternTable, PatternError> {
    let mut b = PatternBuilder::try_new(tiles, goal)?;
    let threads = threads.clamp(1, 64);
    while let Some(range) = b.layer() {
        let chunk = (range.len() / (threads * 16)).max(1 << 14);
        let next = AtomicUsize::new(range.start);
        let end = range.end;
        let builder = &b;
        let results: Vec<(Vec<u64>, Tally)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        let (mut out, mut tally) = (Vec::new(), Tally::default());
                        loop {
                            let i = next.fetch_add(chunk, Ordering::Relaxed);
                            if i >= end {
                                break;
                            }
                            tally = tally.merge(builder.expand(i..(i + chunk).min(end), &mut out));
                        }
                        (out, tally)
                    })
                })
                .collect();
            handles.into_iter().filter_map(|h| h.join().ok()).collect()
        });
        if results.len() != threads {
            // A thread panicked: never, short of a bug.
            return Err(PatternError::BadPattern);
        }
        for (out, tally) in results {
            b.absorb(end, out, tally);
        }
        let (depth, filled, entries) = b.progress();
        log(&format!(
            "  layer {depth}: {} of {} placements reached",
            thousands(filled as u64),
            thousands(entries as u64)
        ));
    }
    b.try_finish()
}

/// Builds every table of `partition` toward `goal`, one after the other,
/// each on `threads` threads.
pub fn build(
    partition: &Partition,
    goal: &Board,
    threads: usize,
    log: &mut dyn FnMut(&str),
) -> Result<PatternDb, PatternError> {
    let mut tables = Vec::new();
    let count = partition.groups().len();
    for (i, g) in partition.groups().iter().enumerate() {
        let t = Instant::now();
        // A table that is an earlier one seen through a symmetry of the
        // board is read off it rather than searched again.
        let turned = tables
            .iter()
            .enumerate()
            .find_map(|(j, done): (usize, &PatternTable)| Some((j, done.turned(g, goal)?)));
        if let Some((j, table)) = turned {
            log(&format!(
                "{}: table {} of {count} ({} tiles) is table {} seen through a symmetry of the board: read off it",
                partition.name(),
                i + 1,
                g.len(),
                j + 1
            ));
            tables.push(table);
        } else {
            log(&format!(
                "{}: table {} of {count} ({} tiles)",
                partition.name(),
                i + 1,
                g.len()
            ));
            tables.push(build_table(g, goal, threads, log)?);
        }
        log(&format!(
            "{}: table {} of {count} built in {:.1} s",
            partition.name(),
            i + 1,
            t.elapsed().as_secs_f64()
        ));
    }
    PatternDb::from_tables(partition, goal, tables).ok_or(PatternError::BadPattern)
}

/// Writes `db` to `path` atomically: a temporary file in the same
/// directory, flushed to disk, then renamed over `path`.
pub fn write_atomically(db: &PatternDb, path: &Path) -> std::io::Result<()> {
    write_file_atomically(path, |w| db.encode(w))
}

/// Writes what `encode` writes to `path` atomically: a temporary file in
/// the same directory, flushed to disk, then renamed over `path`; the
/// temporary file is removed on an error.
fn write_file_atomically(
    path: &Path,
    encode: impl FnOnce(&mut BufWriter<std::fs::File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("database");
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let file = std::fs::File::create(&temp)?;
        let mut w = BufWriter::with_capacity(1 << 20, file);
        encode(&mut w)?;
        w.flush()?;
        w.get_ref().sync_all()?;
        drop(w);
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// `partition`'s database toward `goal`: read from `dir` (checked), or
/// built on `threads` threads and written there. Every step is said
/// through `log` (the command line passes standard error). An error only
/// if the partition cannot be built (short of memory, with the figure).
pub fn load_or_build(
    dir: Option<&Path>,
    partition: &Partition,
    goal: &Board,
    threads: usize,
    log: &mut dyn FnMut(&str),
) -> Result<Cached, PatternError> {
    load_or_build_within(dir, partition, goal, threads, available_memory(), log)
}

/// The memory the system says is available to a new allocation
/// (`MemAvailable` of `/proc/meminfo`), in bytes; `None` where it cannot
/// be read (then no build is refused for memory beforehand, and a build
/// short of memory still stops with [`PatternError::OutOfMemory`]).
pub fn available_memory() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb.saturating_mul(1024))
}

/// The one memory check of every pattern database build: refused, with
/// both figures, when its stated peak ([`build_peak_bytes`]) is more than
/// `available` bytes.
pub fn check_memory(
    partition: &Partition,
    goal: &Board,
    available: Option<usize>,
) -> Result<(), PatternError> {
    let needed = build_peak_bytes(partition, goal);
    match available {
        Some(available) if needed > available => {
            Err(PatternError::NotEnoughMemory { needed, available })
        }
        _ => Ok(()),
    }
}

/// [`load_or_build`] with the available memory given (`None`: unknown),
/// so that a test can state a small figure.
pub fn load_or_build_within(
    dir: Option<&Path>,
    partition: &Partition,
    goal: &Board,
    threads: usize,
    available: Option<usize>,
    log: &mut dyn FnMut(&str),
) -> Result<Cached, PatternError> {
    let t = Instant::now();
    let name = partition.name().to_string();
    let path = dir.map(|d| d.join(file_name(partition, goal)));
    if let Some(path) = &path {
        match std::fs::read(path) {
            Ok(bytes) => match PatternDb::decode(bytes, partition, goal) {
                Ok(db) => {
                    return Ok(Cached {
                        db,
                        source: DbSource::Loaded(path.clone()),
                        seconds: t.elapsed().as_secs_f64(),
                    })
                }
                Err(e) => log(&format!(
                    "{name}: the cached database {} cannot be used: {e}; rebuilding it",
                    path.display()
                )),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => log(&format!(
                "{name}: no cached database at {}; building it",
                path.display()
            )),
            Err(e) => log(&format!(
                "{name}: cannot read the cached database {}: {e}; rebuilding it",
                path.display()
            )),
        }
    } else {
        log(&format!(
            "warning: {name}: no cache directory (neither XDG_CACHE_HOME nor HOME is set; use --cache-dir); building it in memory"
        ));
    }
    log(&format!(
        "{name}: building {} bytes of tables (format version {DB_FORMAT_VERSION}); the build holds up to about {} MB",
        table_bytes(partition, goal.shape()),
        build_peak_mb(partition, goal)
    ));
    check_memory(partition, goal, available)?;
    let db = build(partition, goal, threads, log)?;
    let source = match &path {
        Some(path) => match write_atomically(&db, path) {
            Ok(()) => {
                log(&format!(
                    "{name}: saved to {} ({} bytes)",
                    path.display(),
                    PatternDb::file_len(partition, goal)
                ));
                DbSource::Saved(path.clone())
            }
            Err(e) => {
                log(&format!(
                    "warning: {name}: could not write {}: {e}; the database built in memory answers this run only",
                    path.display()
                ));
                DbSource::BuiltInMemory
            }
        },
        None => DbSource::BuiltInMemory,
    };
    Ok(Cached {
        db,
        source,
        seconds: t.elapsed().as_secs_f64(),
    })
}

/// A stated bound of the build's peak memory in MB ([`build_peak_bytes`]).
pub fn build_peak_mb(partition: &Partition, goal: &Board) -> usize {
    build_peak_bytes(partition, goal) / 1_000_000
}

/// A stated bound of the build's peak memory in bytes: the largest table's
/// marks (2 bytes a placement, or 5 when more than ten cells are free; 9
/// past 32 cells, whose blank-cell masks take 64 bits) and its two layer
/// lists (8 bytes a state, with the lists' growth), counted as 9 bytes a
/// placement (13 past 32 cells), and the tables already built. For pdb-78
/// it says 4,699 MB, the measured peak was 4,457,408 kB resident; for
/// pdb-6666 it says 1,402 MB, the measured peak was 1,121,516 kB.
pub fn build_peak_bytes(partition: &Partition, goal: &Board) -> usize {
    let n = goal.shape().cells();
    let per = if n > 32 { 13 } else { 9 };
    let largest = partition
        .groups()
        .iter()
        .map(|g| placements(g.len(), n))
        .max()
        .unwrap_or(0);
    let tables = table_bytes(partition, goal.shape());
    largest.saturating_mul(per).saturating_add(tables)
}

/// Builds the shape's pattern database of `partition` toward `goal` with one
/// thread per table (the tables of the shape's own partitions take seconds
/// at most, so they are never cached).
pub fn build_by_table(partition: &Partition, goal: &Board) -> Result<PatternDb, PatternError> {
    let tables: Vec<Result<PatternTable, PatternError>> = std::thread::scope(|s| {
        let handles: Vec<_> = partition
            .groups()
            .iter()
            .map(|g| s.spawn(move || PatternTable::try_build(g, goal)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or(Err(PatternError::BadPattern)))
            .collect()
    });
    let tables = tables.into_iter().collect::<Result<Vec<_>, _>>()?;
    PatternDb::from_tables(partition, goal, tables).ok_or(PatternError::BadPattern)
}

/// The file name of the multi-tile tables `builder` makes, e.g.
/// `multi-tile-pdb-666-4x4-1a2b3c4d5e6f7a8b.pdb`.
pub fn runs_file_name(builder: &RunsDbBuilder) -> String {
    format!(
        "{}-{}-{:016x}.pdb",
        builder.name(),
        builder.goal().shape().code(),
        checksum(builder.description().as_bytes())
    )
}

/// Multi-tile tables ready to search, where they came from, and how long
/// that took.
pub struct CachedRuns {
    /// The tables.
    pub db: RunsDb,
    /// Loaded, built and saved, or built in memory.
    pub source: DbSource,
    /// Seconds the load (checks included) or the build and write took.
    pub seconds: f64,
}

/// Builds the tables of `builder`, up to `threads` at once (one thread
/// each); `log` gets a line per finished table.
pub fn build_runs(builder: RunsDbBuilder, threads: usize, log: &mut dyn FnMut(&str)) -> RunsDb {
    let count = builder.groups().len();
    let next = AtomicUsize::new(0);
    let name = builder.name();
    let started = Instant::now();
    let (sender, receiver) = std::sync::mpsc::channel();
    let mut tables: Vec<Option<RunsTable>> = (0..count).map(|_| None).collect();
    std::thread::scope(|s| {
        for _ in 0..threads.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, builder) = (&next, &builder);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(t) = builder.build_table(i) else {
                    break;
                };
                if sender.send((i, t)).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for (i, t) in receiver {
            log(&format!(
                "{name}: table {} of {count} ({} tiles) built at {:.1} s",
                i + 1,
                builder.groups()[i].len(),
                started.elapsed().as_secs_f64()
            ));
            tables[i] = Some(t);
        }
    });
    let tables: Vec<RunsTable> = tables.into_iter().flatten().collect();
    let goal = *builder.goal();
    // Every table is built (a thread never stops early), so this is `Some`.
    builder
        .assemble(tables)
        .unwrap_or_else(|| RunsDb::build(&goal))
}

/// The command line's large multi-tile tables toward `goal`
/// ([`RunsDb::large_builder`]): read from `dir` (checked), or built on
/// `threads` threads and written there, every step said through `log`.
pub fn load_or_build_runs(
    dir: Option<&Path>,
    goal: &Board,
    threads: usize,
    log: &mut dyn FnMut(&str),
) -> CachedRuns {
    let t = Instant::now();
    let builder = RunsDb::large_builder(goal);
    let name = builder.name();
    let path = dir.map(|d| d.join(runs_file_name(&builder)));
    if let Some(path) = &path {
        match std::fs::read(path) {
            Ok(bytes) => match RunsDb::decode(&bytes, &builder) {
                Ok(db) => {
                    return CachedRuns {
                        db,
                        source: DbSource::Loaded(path.clone()),
                        seconds: t.elapsed().as_secs_f64(),
                    }
                }
                Err(e) => log(&format!(
                    "{name}: the cached tables {} cannot be used: {e}; rebuilding them",
                    path.display()
                )),
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => log(&format!(
                "{name}: no cached tables at {}; building them",
                path.display()
            )),
            Err(e) => log(&format!(
                "{name}: cannot read the cached tables {}: {e}; rebuilding them",
                path.display()
            )),
        }
    } else {
        log(&format!(
            "warning: {name}: no cache directory (neither XDG_CACHE_HOME nor HOME is set; use --cache-dir); building them in memory"
        ));
    }
    let threads = threads.clamp(1, builder.groups().len().max(1));
    log(&format!(
        "{name}: building {} bytes of tables (format version {DB_FORMAT_VERSION}, a {} byte file) on {threads} thread{}; the build holds up to about {} MB",
        thousands(builder.bytes() as u64),
        thousands(builder.file_len()),
        if threads == 1 { "" } else { "s" },
        builder.build_peak_bytes(threads) / 1_000_000
    ));
    let file_len = builder.file_len();
    let db = build_runs(builder, threads, log);
    let source = match &path {
        Some(path) => match write_file_atomically(path, |w| db.encode(w)) {
            Ok(()) => {
                log(&format!(
                    "{name}: saved to {} ({} bytes)",
                    path.display(),
                    thousands(file_len)
                ));
                DbSource::Saved(path.clone())
            }
            Err(e) => {
                log(&format!(
                    "warning: {name}: could not write {}: {e}; the tables built in memory answer this run only",
                    path.display()
                ));
                DbSource::BuiltInMemory
            }
        },
        None => DbSource::BuiltInMemory,
    };
    CachedRuns {
        db,
        source,
        seconds: t.elapsed().as_secs_f64(),
    }
}
