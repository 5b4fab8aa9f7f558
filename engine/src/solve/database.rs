//! A whole additive database: the tables of a [`Partition`] for one goal,
//! built in one go or in bounded slices ([`PdbBuilder`]), with progress;
//! and its file format ([`PatternDb::encode`], [`PatternDb::decode`]), so
//! a front end with a disk can keep a large database (`pdb-78`) between
//! runs. The engine writes to any `io::Write` and reads bytes; it opens no
//! file.
//!
//! **File format** (integers little-endian):
//!
//! | bytes | content |
//! |-------|---------|
//! | 8 | magic `EPUZPDB\n` |
//! | 4 | format version ([`DB_FORMAT_VERSION`]) |
//! | 4 | length d of the description |
//! | d | description: `name;W×H;goal key;tiles of each group` (see [`PatternDb::description`]) |
//! | 8 | length p of the payload |
//! | p | per table: its largest value (1 byte), then its entries (two a byte) |
//! | 8 | checksum of every byte before it ([`checksum`]) |

use super::partition::{max_groups, Partition};
use super::pdb::{placements, PatternBuilder, PatternTable};
use crate::engine::{
    shape::{MAX_CELLS, NO_CELL},
    Board, Shape,
};
use std::fmt;
use std::io::{self, Write};

/// The first eight bytes of a database file.
pub const DB_MAGIC: [u8; 8] = *b"EPUZPDB\n";

/// The version of the file format (and of the tables' meaning) this build
/// writes and reads; a file of another version is rebuilt.
pub const DB_FORMAT_VERSION: u32 = 1;

/// Where a database in hand came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbSource {
    /// Built for this goal in this run.
    Built,
    /// Read from this file of the cache and checked.
    Loaded(std::path::PathBuf),
    /// Built and written to this file of the cache.
    Saved(std::path::PathBuf),
    /// Built, but kept in memory only: the cache could not be written (or
    /// there is no cache directory).
    BuiltInMemory,
}

impl DbSource {
    /// `loaded`, `built` or `built-in-memory` for a database of the cache
    /// (the JSON field `database`); `None` for one built for the run.
    pub fn cache_name(&self) -> Option<&'static str> {
        match self {
            DbSource::Loaded(_) => Some("loaded"),
            DbSource::Saved(_) => Some("built"),
            DbSource::BuiltInMemory => Some("built-in-memory"),
            DbSource::Built => None,
        }
    }
}

/// Why stored bytes are not the database asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbFileError {
    /// Occurs when the bytes do not start with [`DB_MAGIC`] (or are too short
    /// to hold it).
    NotADatabase,
    /// Occurs when the file was written by another format version.
    OtherVersion {
        /// The version in the file.
        found: u32,
    },
    /// Occurs when the file describes another partition or goal.
    OtherDatabase {
        /// The description in the file.
        found: String,
    },
    /// Occurs when the file is shorter or longer than its tables need.
    WrongLength {
        /// Bytes expected.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// Occurs when the checksum does not match the bytes.
    BadChecksum,
}

impl DbFileError {
    /// The error class.
    pub fn kind(&self) -> &'static str {
        match self {
            DbFileError::NotADatabase => "not_a_database",
            DbFileError::OtherVersion { .. } => "other_version",
            DbFileError::OtherDatabase { .. } => "other_database",
            DbFileError::WrongLength { .. } => "wrong_length",
            DbFileError::BadChecksum => "bad_checksum",
        }
    }
}

impl fmt::Display for DbFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbFileError::NotADatabase => write!(f, "it is not a pattern database file"),
            DbFileError::OtherVersion { found } => write!(
                f,
                "it was written in format version {found}; this build uses version {DB_FORMAT_VERSION}"
            ),
            DbFileError::OtherDatabase { found } => {
                write!(f, "it holds another database ({found})")
            }
            DbFileError::WrongLength { expected, found } => write!(
                f,
                "it has {found} bytes where {expected} were expected (truncated or damaged)"
            ),
            DbFileError::BadChecksum => write!(f, "its checksum does not match (damaged)"),
        }
    }
}

impl std::error::Error for DbFileError {}

/// The file's 64-bit checksum: FNV-1a run over 64-bit little-endian words
/// (the last word zero-padded) instead of bytes, then the length mixed in;
/// eight times fewer multiplications than byte-wise FNV-1a, and any one
/// flipped byte changes it.
#[derive(Clone, Copy, Debug)]
pub struct Checksum {
    hash: u64,
    length: u64,
    tail: [u8; 8],
    tail_len: usize,
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

impl Default for Checksum {
    fn default() -> Checksum {
        Checksum {
            hash: FNV_OFFSET,
            length: 0,
            tail: [0; 8],
            tail_len: 0,
        }
    }
}

impl Checksum {
    fn word(&mut self, w: u64) {
        self.hash = (self.hash ^ w).wrapping_mul(FNV_PRIME);
    }

    /// Feeds bytes.
    pub fn update(&mut self, mut bytes: &[u8]) {
        self.length += bytes.len() as u64;
        if self.tail_len > 0 {
            let take = (8 - self.tail_len).min(bytes.len());
            self.tail[self.tail_len..self.tail_len + take].copy_from_slice(&bytes[..take]);
            self.tail_len += take;
            bytes = &bytes[take..];
            if self.tail_len < 8 {
                return;
            }
            self.word(u64::from_le_bytes(self.tail));
            self.tail_len = 0;
        }
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            let mut a = [0u8; 8];
            a.copy_from_slice(w);
            self.word(u64::from_le_bytes(a));
        }
        let rest = words.remainder();
        self.tail[..rest.len()].copy_from_slice(rest);
        self.tail_len = rest.len();
    }

    /// The checksum of everything fed.
    pub fn value(&self) -> u64 {
        let mut c = *self;
        if c.tail_len > 0 {
            c.tail[c.tail_len..].fill(0);
            c.word(u64::from_le_bytes(c.tail));
        }
        c.word(c.length);
        c.hash
    }
}

/// The checksum of `bytes` (see [`Checksum`]).
pub fn checksum(bytes: &[u8]) -> u64 {
    let mut c = Checksum::default();
    c.update(bytes);
    c.value()
}

/// Writes through to `out` and feeds a [`Checksum`].
struct Summed<'a, W: Write> {
    out: &'a mut W,
    sum: Checksum,
}

impl<W: Write> Summed<'_, W> {
    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.sum.update(bytes);
        self.out.write_all(bytes)
    }
}

/// An additive disjoint pattern database: one table per group of a
/// [`Partition`], for one goal. h(board) = Σ tables.
#[derive(Clone, Debug)]
pub struct PatternDb {
    name: String,
    goal: Board,
    tables: Vec<PatternTable>,
    /// Pattern index of each tile (the blank: none).
    pub(crate) pattern_of: [u8; MAX_CELLS],
}

impl PatternDb {
    /// Builds every table of `partition` toward `goal` (native convenience;
    /// the page drives a [`PdbBuilder`] in slices instead).
    pub fn build(partition: &Partition, goal: &Board) -> Option<PatternDb> {
        let mut b = PdbBuilder::new(partition, goal);
        while !b.step(1 << 20) {}
        b.finish()
    }

    /// Assembles a database from tables built separately (e.g. on several
    /// threads); `None` unless their tiles are exactly the partition's
    /// groups in order, for `goal`'s shape.
    pub fn from_tables(
        partition: &Partition,
        goal: &Board,
        tables: Vec<PatternTable>,
    ) -> Option<PatternDb> {
        if tables.len() != partition.groups().len()
            || tables.len() > max_groups(goal.shape().cells())
            || tables.iter().zip(partition.groups()).any(|(t, g)| {
                t.tiles() != g.as_slice()
                    || t.shape != goal.shape()
                    || t.home
                        .iter()
                        .zip(&t.tiles)
                        .any(|(&h, &x)| goal.cells()[h as usize] != x)
            })
        {
            return None;
        }
        let mut pattern_of = [NO_CELL; MAX_CELLS];
        for (p, g) in partition.groups().iter().enumerate() {
            for &t in g {
                pattern_of[t as usize] = p as u8;
            }
        }
        Some(PatternDb {
            name: partition.name().to_string(),
            goal: *goal,
            tables,
            pattern_of,
        })
    }

    /// The partition's name, e.g. `pdb-663`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The goal the tables lead to.
    pub fn goal(&self) -> &Board {
        &self.goal
    }

    /// The tables, one per pattern.
    pub fn tables(&self) -> &[PatternTable] {
        &self.tables
    }

    /// Bytes held by the tables' entries.
    pub fn bytes(&self) -> usize {
        self.tables.iter().map(PatternTable::bytes).sum()
    }

    /// What a database file of `partition` toward `goal` says it holds:
    /// `name;W×H;goal key;tiles of group 1|tiles of group 2|…`, e.g.
    /// `pdb-78;4x4;0,1,2,…,15;1,2,3,4,5,6,7|8,9,…,15`.
    pub fn description(partition: &Partition, goal: &Board) -> String {
        let list = |v: &[u8]| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        let groups: Vec<String> = partition.groups().iter().map(|g| list(g)).collect();
        format!(
            "{};{};{};{}",
            partition.name(),
            goal.shape().code(),
            list(goal.cells()),
            groups.join("|")
        )
    }

    /// The file's length for `partition` toward `goal`.
    pub fn file_len(partition: &Partition, goal: &Board) -> u64 {
        let d = PatternDb::description(partition, goal).len() as u64;
        let payload: u64 =
            partition.groups().len() as u64 + table_bytes(partition, goal.shape()) as u64;
        8 + 4 + 4 + d + 8 + payload + 8
    }

    /// The partition the database was built for.
    pub fn partition(&self) -> Option<Partition> {
        let groups = self.tables.iter().map(|t| t.tiles().to_vec()).collect();
        Partition::from_groups(self.goal.shape(), &self.name, groups)
    }

    /// Writes the database in the file format of the module docs.
    pub fn encode<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let partition = self
            .partition()
            .ok_or_else(|| io::Error::other("the database's tables are not a partition"))?;
        let description = PatternDb::description(&partition, &self.goal);
        let mut w = Summed {
            out,
            sum: Checksum::default(),
        };
        w.put(&DB_MAGIC)?;
        w.put(&DB_FORMAT_VERSION.to_le_bytes())?;
        w.put(&(description.len() as u32).to_le_bytes())?;
        w.put(description.as_bytes())?;
        let payload: u64 = self.tables.iter().map(|t| 1 + t.bytes() as u64).sum();
        w.put(&payload.to_le_bytes())?;
        for t in &self.tables {
            w.put(&[t.max_value()])?;
            for chunk in t.nibbles().chunks(1 << 20) {
                w.put(chunk)?;
            }
        }
        let sum = w.sum.value();
        w.out.write_all(&sum.to_le_bytes())
    }

    /// Reads a database of `partition` toward `goal` from the bytes of a
    /// file (consumed: the last table reuses their buffer, so a load holds
    /// about one copy of the tables). Every check of the module docs is made
    /// before any table is kept: magic, version, description, length,
    /// checksum.
    pub fn decode(
        mut bytes: Vec<u8>,
        partition: &Partition,
        goal: &Board,
    ) -> Result<PatternDb, DbFileError> {
        if bytes.len() < 8 || bytes[..8] != DB_MAGIC {
            return Err(DbFileError::NotADatabase);
        }
        let u32_at = |b: &[u8], at: usize| -> Option<u32> {
            b.get(at..at + 4)
                .map(|s| u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        };
        let version = u32_at(&bytes, 8).ok_or(DbFileError::WrongLength {
            expected: PatternDb::file_len(partition, goal),
            found: bytes.len() as u64,
        })?;
        if version != DB_FORMAT_VERSION {
            return Err(DbFileError::OtherVersion { found: version });
        }
        let expected = PatternDb::description(partition, goal);
        let wrong_length = DbFileError::WrongLength {
            expected: PatternDb::file_len(partition, goal),
            found: bytes.len() as u64,
        };
        let d = u32_at(&bytes, 12).ok_or(wrong_length.clone())? as usize;
        let found = bytes.get(16..16 + d).ok_or(wrong_length.clone())?;
        if found != expected.as_bytes() {
            return Err(DbFileError::OtherDatabase {
                found: String::from_utf8_lossy(found).into_owned(),
            });
        }
        if bytes.len() as u64 != PatternDb::file_len(partition, goal) {
            return Err(wrong_length);
        }
        let body = bytes.len() - 8;
        let mut stored = [0u8; 8];
        stored.copy_from_slice(&bytes[body..]);
        if checksum(&bytes[..body]) != u64::from_le_bytes(stored) {
            return Err(DbFileError::BadChecksum);
        }
        // Table offsets (the length check above makes them all in range).
        let n = goal.shape().cells();
        let mut at = 16 + d + 8;
        let mut spans = Vec::new();
        for g in partition.groups() {
            let len = placements(g.len(), n).div_ceil(2);
            spans.push((bytes[at], at + 1, len));
            at += 1 + len;
        }
        let mut tables = Vec::new();
        let last = spans.len().saturating_sub(1);
        for (i, (g, &(max, from, len))) in partition.groups().iter().zip(&spans).enumerate() {
            let nibbles = if i == last {
                bytes.truncate(from + len);
                bytes.drain(..from);
                std::mem::take(&mut bytes)
            } else {
                bytes[from..from + len].to_vec()
            };
            tables.push(PatternTable::from_nibbles(g, goal, nibbles, max).ok_or(
                DbFileError::WrongLength {
                    expected: len as u64,
                    found: 0,
                },
            )?);
        }
        PatternDb::from_tables(partition, goal, tables)
            .ok_or(DbFileError::OtherDatabase { found: expected })
    }

    /// Each pattern's value for `board` (of the goal's shape).
    pub fn parts(&self, board: &Board) -> Vec<u8> {
        let mut pos = [0u8; MAX_CELLS];
        for (cell, &t) in board.cells().iter().enumerate() {
            pos[t as usize] = cell as u8;
        }
        self.tables
            .iter()
            .map(|t| {
                let cells: Vec<u8> = t.tiles().iter().map(|&x| pos[x as usize]).collect();
                t.value(&cells)
            })
            .collect()
    }

    /// The additive estimate for `board`: the sum of [`PatternDb::parts`].
    pub fn estimate(&self, board: &Board) -> u32 {
        self.parts(board).iter().map(|&v| u32::from(v)).sum()
    }
}

/// Progress of a [`PdbBuilder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Index of the pattern being built (= patterns when done).
    pub pattern: usize,
    /// Number of patterns.
    pub patterns: usize,
    /// Breadth-first depth of the pattern being built.
    pub depth: u8,
    /// Entries filled so far, over all patterns.
    pub filled: usize,
    /// Entries in all patterns.
    pub entries: usize,
}

/// A whole database under construction, in slices of bounded work: call
/// [`PdbBuilder::step`] until it returns `true`, then [`PdbBuilder::finish`].
#[derive(Debug)]
pub struct PdbBuilder {
    partition: Partition,
    goal: Board,
    done: Vec<PatternTable>,
    current: Option<PatternBuilder>,
    filled_before: usize,
    entries: usize,
}

impl PdbBuilder {
    /// Starts building `partition`'s tables toward `goal`.
    pub fn new(partition: &Partition, goal: &Board) -> PdbBuilder {
        let n = goal.shape().cells();
        let entries = partition
            .groups()
            .iter()
            .map(|g| placements(g.len(), n))
            .sum();
        PdbBuilder {
            partition: partition.clone(),
            goal: *goal,
            done: Vec::new(),
            current: None,
            filled_before: 0,
            entries,
        }
    }

    /// Does up to `work` placement expansions; `true` when every table is
    /// built (or a group cannot be built: then [`PdbBuilder::finish`] says
    /// `None`).
    pub fn step(&mut self, work: usize) -> bool {
        loop {
            let index = self.done.len();
            if index == self.partition.groups().len() {
                return true;
            }
            if self.current.is_none() {
                self.current = PatternBuilder::new(&self.partition.groups()[index], &self.goal);
            }
            let Some(builder) = self.current.as_mut() else {
                return true;
            };
            if !builder.step(work) {
                return false;
            }
            match self.current.take().and_then(PatternBuilder::finish) {
                Some(table) => {
                    self.filled_before += table.len();
                    self.done.push(table);
                }
                None => return true,
            }
        }
    }

    /// How far the build has come.
    pub fn progress(&self) -> BuildProgress {
        let (depth, filled) = self
            .current
            .as_ref()
            .map_or((0, 0), |b| (b.progress().0, b.progress().1));
        BuildProgress {
            pattern: self.done.len(),
            patterns: self.partition.groups().len(),
            depth,
            filled: self.filled_before + filled,
            entries: self.entries,
        }
    }

    /// The database; `None` if the build is not done.
    pub fn finish(self) -> Option<PatternDb> {
        PatternDb::from_tables(&self.partition, &self.goal, self.done)
    }
}

/// The bytes `partition`'s finished tables take on `shape` (two entries a
/// byte).
pub fn table_bytes(partition: &Partition, shape: Shape) -> usize {
    partition
        .groups()
        .iter()
        .map(|g| placements(g.len(), shape.cells()).div_ceil(2))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small two-table database: 2×4, tiles {1,2,3} and {4,…,7}.
    fn small() -> (Partition, Board, PatternDb) {
        let shape = Shape::new(4, 2).unwrap();
        let goal = Board::default_goal(shape);
        let p =
            Partition::from_groups(shape, "pdb-34", vec![vec![1, 2, 3], vec![4, 5, 6, 7]]).unwrap();
        let db = PatternDb::build(&p, &goal).unwrap();
        (p, goal, db)
    }

    fn bytes_of(db: &PatternDb) -> Vec<u8> {
        let mut v = Vec::new();
        db.encode(&mut v).unwrap();
        v
    }

    #[test]
    fn checksum_is_word_wise_fnv_1a_with_the_length() {
        // Values computed independently (Python, the same definition).
        assert_eq!(checksum(b""), 0xaf63_bd4c_8601_b7df);
        assert_eq!(checksum(b"abc"), 0xc88f_e561_8dda_c4fd);
        assert_eq!(checksum(b"0123456789abcdefXYZ"), 0xd73c_3fff_b7d2_888c);
        // Fed in pieces of any size, the same value.
        let mut c = Checksum::default();
        for piece in [&b"012"[..], b"3456789a", b"", b"bcdefXY", b"Z"] {
            c.update(piece);
        }
        assert_eq!(c.value(), 0xd73c_3fff_b7d2_888c);
    }

    #[test]
    fn a_database_survives_encode_and_decode() {
        let (p, goal, db) = small();
        let bytes = bytes_of(&db);
        assert_eq!(bytes.len() as u64, PatternDb::file_len(&p, &goal));
        // 8 magic + 4 version + 4 + description + 8 + (1 + 168) + (1 + 840) + 8.
        let d = PatternDb::description(&p, &goal);
        assert_eq!(d, "pdb-34;4x2;1,2,3,4,5,6,7,0;1,2,3|4,5,6,7");
        assert_eq!(bytes.len(), 8 + 4 + 4 + d.len() + 8 + 169 + 841 + 8);
        assert_eq!(&bytes[..8], b"EPUZPDB\n");
        let back = PatternDb::decode(bytes, &p, &goal).unwrap();
        assert_eq!(back.name(), "pdb-34");
        for (a, b) in db.tables().iter().zip(back.tables()) {
            assert_eq!(a.tiles(), b.tiles());
            assert_eq!(a.nibbles(), b.nibbles());
            assert_eq!(a.max_value(), b.max_value());
        }
        let start = Board::new(Shape::new(4, 2).unwrap(), &[7, 6, 5, 4, 3, 2, 1, 0]).unwrap();
        assert_eq!(back.parts(&start), db.parts(&start));
    }

    #[test]
    fn every_damage_is_named() {
        let (p, goal, db) = small();
        let good = bytes_of(&db);
        let len = good.len() as u64;
        // A flipped byte in the tables.
        let mut flipped = good.clone();
        flipped[100] ^= 0x10;
        assert_eq!(
            PatternDb::decode(flipped, &p, &goal).unwrap_err(),
            DbFileError::BadChecksum
        );
        // A flipped byte in the checksum itself.
        let mut flipped = good.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert_eq!(
            PatternDb::decode(flipped, &p, &goal).unwrap_err().kind(),
            "bad_checksum"
        );
        // Truncated.
        let cut = good[..good.len() - 10].to_vec();
        let e = PatternDb::decode(cut, &p, &goal).unwrap_err();
        assert_eq!(
            e,
            DbFileError::WrongLength {
                expected: len,
                found: len - 10
            }
        );
        assert_eq!(
            e.to_string(),
            format!(
                "it has {} bytes where {len} were expected (truncated or damaged)",
                len - 10
            )
        );
        // Cut inside the header.
        assert_eq!(
            PatternDb::decode(good[..10].to_vec(), &p, &goal)
                .unwrap_err()
                .kind(),
            "wrong_length"
        );
        // Another version.
        let mut other = good.clone();
        other[8..12].copy_from_slice(&7u32.to_le_bytes());
        let e = PatternDb::decode(other, &p, &goal).unwrap_err();
        assert_eq!(e, DbFileError::OtherVersion { found: 7 });
        assert_eq!(
            e.to_string(),
            "it was written in format version 7; this build uses version 1"
        );
        // Not a database at all.
        assert_eq!(
            PatternDb::decode(b"hello".to_vec(), &p, &goal).unwrap_err(),
            DbFileError::NotADatabase
        );
        // Another goal's database.
        let shape = Shape::new(4, 2).unwrap();
        let goal2 = Board::new(shape, &[0, 1, 2, 3, 4, 5, 6, 7]).unwrap();
        let e = PatternDb::decode(good, &p, &goal2).unwrap_err();
        assert_eq!(
            e,
            DbFileError::OtherDatabase {
                found: "pdb-34;4x2;1,2,3,4,5,6,7,0;1,2,3|4,5,6,7".to_string()
            }
        );
    }
}
