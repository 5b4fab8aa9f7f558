//! The checkpoint of `eight-puzzle space --checkpoint DIR` (native only; the
//! page never sees this module): the state of a search between two passes,
//! kept on disk so a stopped run (Ctrl-C, kill, power) goes on from its last
//! finished layer, and, once the search is complete, its result.
//!
//! - **Where**: `DIR/space.checkpoint`, one file whatever the arguments, so
//!   at most one checkpoint is kept in a directory.
//! - **Written** atomically, as `pdb_cache` writes its databases: a
//!   temporary file in DIR, flushed to disk, renamed over the old one (then
//!   the directory flushed too); a temporary file left by a run stopped
//!   mid-write is removed by the next write.
//! - **File** (integers little-endian), checked by the engine's 64-bit
//!   [`Checksum`]:
//!
//! | bytes | content |
//! |-------|---------|
//! | 8 | magic `EPUZSPC\n` |
//! | 4 | format version ([`CHECKPOINT_VERSION`]) |
//! | 4 | length h of the header |
//! | h | header: `shape 2x7; goal [[1,2],…]; metric single` (the arguments) |
//! | 1 | 0: between two passes, 1: complete |
//! | 4 | n, then n × 8: the layer sizes found, distance 0 up |
//! | between: 8 | w, then w × 8: the table's words |
//! | complete: 8 + 4 | the antipodes' count, a: how many are listed |
//! | complete: a × W·H | their cells, row-major, a byte each |
//! | 8 | checksum of every byte before it |
//!
//! - **Read**: a header for other arguments is refused with what differs
//!   ([`Opened::Other`]); a file that is not a checkpoint of this version,
//!   is truncated, or fails its checksum is named and ignored
//!   ([`Opened::Damaged`]): the run starts afresh and overwrites it.

use crate::engine::moves::Metric;
use crate::engine::solve::Checksum;
use crate::engine::space::{SpaceResult, SpaceSearch};
use crate::engine::Board;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// The file's first eight bytes.
pub const CHECKPOINT_MAGIC: [u8; 8] = *b"EPUZSPC\n";

/// The version of the format this build writes and reads.
pub const CHECKPOINT_VERSION: u32 = 1;

/// The file's name in its directory.
pub const CHECKPOINT_FILE: &str = "space.checkpoint";

/// Table words converted per chunk on reading and writing (512 KiB).
const CHUNK: usize = 1 << 16;

/// What a checkpoint is for: the arguments a run must share to use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The shape, e.g. `2x7`.
    pub shape: String,
    /// The goal, as JSON.
    pub goal: String,
    /// `single` or `multi`.
    pub metric: String,
}

impl Header {
    /// The header of a search from `goal` in `metric`.
    pub fn new(goal: &Board, metric: Metric) -> Header {
        Header {
            shape: goal.shape().code(),
            goal: goal.to_json(),
            metric: metric.name().to_string(),
        }
    }

    /// The header's text: `shape 2x7; goal […]; metric single`.
    pub fn text(&self) -> String {
        format!(
            "shape {}; goal {}; metric {}",
            self.shape, self.goal, self.metric
        )
    }

    /// The header written as [`Header::text`], or `None`.
    fn parse(text: &str) -> Option<Header> {
        let mut parts = text.split("; ");
        let mut field = |name: &str| {
            parts
                .next()
                .and_then(|p| p.strip_prefix(name))
                .and_then(|p| p.strip_prefix(' '))
                .map(str::to_string)
        };
        let h = Header {
            shape: field("shape")?,
            goal: field("goal")?,
            metric: field("metric")?,
        };
        parts.next().is_none().then_some(h)
    }

    /// The fields that differ, as "shape 2x6, metric multi" for `self` and
    /// for `other`; `None` when they are the same.
    fn differences(&self, other: &Header) -> Option<(String, String)> {
        let pairs = [
            ("shape", &self.shape, &other.shape),
            ("goal", &self.goal, &other.goal),
            ("metric", &self.metric, &other.metric),
        ];
        let differ: Vec<_> = pairs.iter().filter(|(_, a, b)| a != b).collect();
        if differ.is_empty() {
            return None;
        }
        let side = |pick: fn(&(&str, &String, &String)) -> String| {
            differ
                .iter()
                .map(|p| pick(p))
                .collect::<Vec<_>>()
                .join(", ")
        };
        Some((
            side(|(n, a, _)| format!("{n} {a}")),
            side(|(n, _, b)| format!("{n} {b}")),
        ))
    }
}

/// The checkpoint's path in `dir`.
pub fn path_in(dir: &Path) -> PathBuf {
    dir.join(CHECKPOINT_FILE)
}

/// What a checkpoint directory holds for a run.
pub enum Opened {
    /// No checkpoint: the run starts afresh.
    Missing,
    /// A checkpoint of a search between two passes, for this run's
    /// arguments: its layer sizes; the table follows in the reader
    /// ([`Opened::load_into`]).
    Between {
        /// The layer sizes, distance 0 up.
        counts: Vec<u64>,
        /// The file, positioned at the table.
        reader: Reader,
    },
    /// The search is complete: its result, read and checked.
    Complete(SpaceResult),
    /// A checkpoint for other arguments: the message says what differs.
    Other(String),
    /// Not usable (named in the message): ignored, the run starts afresh.
    Damaged(String),
}

/// A checkpoint file being read, its checksum kept as it goes.
pub struct Reader {
    path: PathBuf,
    file: BufReader<File>,
    sum: Checksum,
}

impl Reader {
    fn take(&mut self, bytes: &mut [u8]) -> io::Result<()> {
        self.file.read_exact(bytes)?;
        self.sum.update(bytes);
        Ok(())
    }

    fn u32(&mut self) -> io::Result<u32> {
        let mut b = [0u8; 4];
        self.take(&mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn u64(&mut self) -> io::Result<u64> {
        let mut b = [0u8; 8];
        self.take(&mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    /// Reads the stored checksum and the end of the file: an error unless
    /// the checksum matches and nothing follows it.
    fn finish(mut self) -> Result<(), String> {
        let want = self.sum.value();
        let mut b = [0u8; 8];
        self.file
            .read_exact(&mut b)
            .map_err(|_| "it is truncated".to_string())?;
        if u64::from_le_bytes(b) != want {
            return Err("its checksum does not match".to_string());
        }
        let mut rest = [0u8; 1];
        match self.file.read(&mut rest) {
            Ok(0) => Ok(()),
            _ => Err("it has bytes after its checksum".to_string()),
        }
    }

    /// Reads `n` layer sizes (at most `limit` of them).
    fn counts(&mut self, limit: u32) -> Result<Vec<u64>, String> {
        let n = self.u32().map_err(truncated)?;
        if n == 0 || n > limit {
            return Err(format!("it lists {n} layers"));
        }
        (0..n).map(|_| self.u64().map_err(truncated)).collect()
    }
}

fn truncated(_: io::Error) -> String {
    "it is truncated".to_string()
}

/// Opens the checkpoint in `dir` for a run from `goal` in `metric`:
/// whether there is one, whether it is this run's, and what it holds up to
/// its table.
pub fn open(dir: &Path, goal: &Board, metric: Metric) -> Opened {
    let header = &Header::new(goal, metric);
    let path = path_in(dir);
    let file = match File::open(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Opened::Missing,
        Err(e) => return Opened::Damaged(format!("{}: cannot be read ({e})", path.display())),
    };
    let mut r = Reader {
        path: path.clone(),
        file: BufReader::with_capacity(1 << 20, file),
        sum: Checksum::default(),
    };
    let damaged = |why: String| Opened::Damaged(format!("{}: {why}", path.display()));
    let mut magic = [0u8; 8];
    if r.take(&mut magic).is_err() || magic != CHECKPOINT_MAGIC {
        return damaged("it is not a space checkpoint".to_string());
    }
    match r.u32() {
        Ok(CHECKPOINT_VERSION) => {}
        Ok(v) => {
            return damaged(format!(
                "it was written in format version {v}; this build uses version {CHECKPOINT_VERSION}"
            ))
        }
        Err(_) => return damaged("it is truncated".to_string()),
    }
    let text = match r.u32() {
        Ok(len) if len <= 4096 => {
            let mut b = vec![0u8; len as usize];
            match r.take(&mut b) {
                Ok(()) => String::from_utf8(b).ok(),
                Err(_) => return damaged("it is truncated".to_string()),
            }
        }
        Ok(_) => None,
        Err(_) => return damaged("it is truncated".to_string()),
    };
    let Some(found) = text.as_deref().and_then(Header::parse) else {
        return damaged("its header cannot be read".to_string());
    };
    if let Some((theirs, ours)) = found.differences(header) {
        return Opened::Other(format!(
            "the checkpoint in {} is for {theirs}; this run is for {ours} — remove it or use another directory",
            dir.display()
        ));
    }
    let mut state = [0u8; 1];
    if r.take(&mut state).is_err() {
        return damaged("it is truncated".to_string());
    }
    // A layer count past any diameter (the 14-cell spaces' are under 200)
    // is damage, not a state.
    let counts = match r.counts(100_000) {
        Ok(c) => c,
        Err(why) => return damaged(why),
    };
    match state[0] {
        0 => Opened::Between { counts, reader: r },
        1 => match complete(r, counts, goal) {
            Ok(result) => Opened::Complete(result),
            Err(why) => damaged(why),
        },
        s => damaged(format!("its state byte is {s}")),
    }
}

/// The rest of a complete checkpoint: the antipodes, the checksum.
fn complete(mut r: Reader, counts: Vec<u64>, goal: &Board) -> Result<SpaceResult, String> {
    let antipode_count = r.u64().map_err(truncated)?;
    let listed = r.u32().map_err(truncated)?;
    if listed > 100_000 {
        return Err(format!("it lists {listed} antipodes"));
    }
    let mut cells = vec![0u8; goal.shape().cells()];
    let mut antipodes = Vec::new();
    for _ in 0..listed {
        r.take(&mut cells).map_err(truncated)?;
        antipodes.push(Board::new(goal.shape(), &cells).ok_or("an antipode is not a board")?);
    }
    r.finish()?;
    Ok(SpaceResult {
        goal: *goal,
        counts,
        antipodes,
        antipode_count,
    })
}

impl Opened {
    /// Fills `search` (just made for this run's goal and metric) from a
    /// [`Opened::Between`] checkpoint: its layer sizes, then its table, the
    /// checksum checked at the end. An error names the file and why; the
    /// search is then half-filled and must be made afresh.
    pub fn load_into(
        counts: Vec<u64>,
        mut r: Reader,
        search: &mut SpaceSearch,
    ) -> Result<(), String> {
        let path = r.path.display().to_string();
        let fail = |why: String| format!("{path}: {why}");
        if !search.restore(counts) {
            return Err(fail(
                "its layer sizes are not a state of this space".to_string(),
            ));
        }
        let words = r.u64().map_err(|e| fail(truncated(e)))?;
        if words != search.table_len() as u64 {
            return Err(fail(format!(
                "its table has {words} words; this space's has {}",
                search.table_len()
            )));
        }
        let mut bytes = vec![0u8; CHUNK * 8];
        let mut buf = vec![0u64; CHUNK];
        let mut at = 0usize;
        while at < search.table_len() {
            let n = CHUNK.min(search.table_len() - at);
            r.take(&mut bytes[..n * 8])
                .map_err(|e| fail(truncated(e)))?;
            for (w, b) in buf.iter_mut().zip(bytes.chunks_exact(8)).take(n) {
                let mut a = [0u8; 8];
                a.copy_from_slice(b);
                *w = u64::from_le_bytes(a);
            }
            search.load_words(at, &buf[..n]);
            at += n;
        }
        r.finish().map_err(fail)
    }
}

/// Writes the checkpoint into `dir` atomically: a search between two passes
/// (its layer sizes and table) or, with `result`, a complete one.
pub fn write(
    dir: &Path,
    header: &Header,
    search: Option<&SpaceSearch>,
    result: Option<&SpaceResult>,
) -> io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let path = path_in(dir);
    // A temporary file left by a run stopped mid-write (up to a whole
    // table) goes first.
    let prefix = format!(".{CHECKPOINT_FILE}.");
    for entry in std::fs::read_dir(dir)?.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(&prefix) && name.ends_with(".tmp") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    let temp = dir.join(format!("{prefix}{}.tmp", std::process::id()));
    let written = (|| {
        let file = File::create(&temp)?;
        let mut w = Summed {
            out: BufWriter::with_capacity(1 << 20, file),
            sum: Checksum::default(),
        };
        w.put(&CHECKPOINT_MAGIC)?;
        w.put(&CHECKPOINT_VERSION.to_le_bytes())?;
        let text = header.text();
        w.put(&(text.len() as u32).to_le_bytes())?;
        w.put(text.as_bytes())?;
        match (result, search) {
            (Some(r), _) => {
                w.put(&[1])?;
                w.counts(&r.counts)?;
                w.put(&r.antipode_count.to_le_bytes())?;
                w.put(&(r.antipodes.len() as u32).to_le_bytes())?;
                for b in &r.antipodes {
                    w.put(b.cells())?;
                }
            }
            (None, Some(s)) => {
                w.put(&[0])?;
                w.counts(s.counts())?;
                w.put(&(s.table_len() as u64).to_le_bytes())?;
                let mut buf = vec![0u64; CHUNK];
                let mut bytes = Vec::with_capacity(CHUNK * 8);
                let mut at = 0;
                while at < s.table_len() {
                    let n = s.table_words(at, &mut buf);
                    bytes.clear();
                    for word in &buf[..n] {
                        bytes.extend_from_slice(&word.to_le_bytes());
                    }
                    w.put(&bytes)?;
                    at += n;
                }
            }
            (None, None) => return Err(io::Error::other("nothing to write")),
        }
        let sum = w.sum.value();
        w.out.write_all(&sum.to_le_bytes())?;
        w.out.flush()?;
        w.out.get_ref().sync_all()?;
        drop(w);
        std::fs::rename(&temp, &path)?;
        // The rename itself, on disk.
        File::open(dir).and_then(|d| d.sync_all())
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// A writer that sums what goes through it.
struct Summed {
    out: BufWriter<File>,
    sum: Checksum,
}

impl Summed {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.sum.update(bytes);
        self.out.write_all(bytes)
    }

    fn counts(&mut self, counts: &[u64]) -> io::Result<()> {
        self.put(&(counts.len() as u32).to_le_bytes())?;
        for c in counts {
            self.put(&c.to_le_bytes())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_read_back_and_name_their_differences() {
        let shape = crate::engine::Shape::new(3, 2).unwrap();
        let a = Header::new(&Board::default_goal(shape), Metric::Single);
        assert_eq!(a.text(), "shape 3x2; goal [[1,2,3],[4,5,0]]; metric single");
        assert_eq!(Header::parse(&a.text()), Some(a.clone()));
        assert_eq!(Header::parse("shape 3x2; goal x"), None);
        let b = Header::new(&Board::default_goal(shape), Metric::Multi);
        assert_eq!(
            a.differences(&b),
            Some(("metric single".to_string(), "metric multi".to_string()))
        );
        let c = Header::new(&Board::DEFAULT_GOAL, Metric::Multi);
        assert_eq!(
            a.differences(&c),
            Some((
                "shape 3x2, goal [[1,2,3],[4,5,0]], metric single".to_string(),
                "shape 3x3, goal [1,2,3,4,5,6,7,8,0], metric multi".to_string()
            ))
        );
        assert_eq!(a.differences(&a), None);
    }
}
