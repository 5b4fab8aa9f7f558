//! The trace exports' rows, written through serde: CSV with the small
//! row serializer of `csv_rows.rs` (a header row from the field names, `\n`
//! line ends, a field quoted only where it must be) and JSON on one line
//! with `serde_json`, each ending with `\n`.

use super::record::PopRecord;
use crate::teaching::ida::{IdaEvent, Iteration};
use serde::{Serialize, Serializer};
use std::fmt;

/// A board's key as exported: nine hex digits (it may start with 0, so
/// JSON has it as a string).
#[derive(Clone, Copy)]
pub(super) struct Key(pub(super) u64);

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:09x}", self.0)
    }
}

impl Serialize for Key {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The f exported, kept doubled: whole, or with `.5` (2f = 2g + 2w·h).
#[derive(Clone, Copy)]
pub(super) struct F {
    /// 2f.
    pub(super) twice: u32,
}

impl Serialize for F {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.twice.is_multiple_of(2) {
            s.serialize_u32(self.twice / 2)
        } else {
            s.serialize_f64(f64::from(self.twice) / 2.0)
        }
    }
}

/// The pushed keys in a CSV field: separated by single spaces.
pub(super) struct Spaced(pub(super) Vec<Key>);

impl Serialize for Spaced {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let words: Vec<String> = self.0.iter().map(Key::to_string).collect();
        s.serialize_str(&words.join(" "))
    }
}

/// One A* pop: `pushed` is [`Spaced`] in CSV, a list of keys in JSON.
#[derive(Serialize)]
pub(super) struct AstarRow<P> {
    event: u32,
    kind: &'static str,
    f: F,
    h: u32,
    key: Key,
    seq: u32,
    g: u32,
    parent: Option<Key>,
    pushed: P,
}

impl<P> AstarRow<P> {
    /// The row of `r` with f doubled as `twice_f`, its pushed keys as `pushed`.
    pub(super) fn of(r: &PopRecord, twice_f: u32, pushed: impl FnOnce(Vec<Key>) -> P) -> Self {
        let e = &r.entry;
        AstarRow {
            event: r.event,
            kind: r.kind.name(),
            f: F { twice: twice_f },
            h: e.h,
            key: Key(e.key),
            seq: e.seq,
            g: e.g,
            parent: r.parent.map(|(_, key)| Key(key)),
            pushed: pushed(r.pushed.iter().map(|p| Key(p.key)).collect()),
        }
    }
}

/// The A* JSON export.
#[derive(Serialize)]
pub(super) struct AstarJson {
    pub(super) events: Vec<AstarRow<Vec<Key>>>,
}

/// One board IDA* entered.
#[derive(Serialize)]
pub(super) struct IdaRow {
    event: u64,
    iteration: u32,
    bound: u32,
    kind: &'static str,
    f: u32,
    h: u32,
    key: Key,
    g: u32,
    parent: Option<Key>,
    next_bound: Option<u32>,
}

impl IdaRow {
    /// The row of `e`.
    pub(super) fn of(e: &IdaEvent) -> IdaRow {
        IdaRow {
            event: e.number,
            iteration: e.iteration,
            bound: e.bound,
            kind: e.kind.name(),
            f: e.node.f(),
            h: e.node.h,
            key: Key(e.node.key),
            g: e.node.g,
            parent: e.parent.map(Key),
            next_bound: e.next_bound,
        }
    }
}

/// One IDA* iteration in the JSON export.
#[derive(Serialize)]
pub(super) struct IterationRow {
    threshold: u32,
    generated: u64,
}

impl IterationRow {
    /// The row of `it`.
    pub(super) fn of(it: &Iteration) -> IterationRow {
        IterationRow {
            threshold: it.threshold,
            generated: it.generated,
        }
    }
}

/// The IDA* JSON export.
#[derive(Serialize)]
pub(super) struct IdaJson {
    pub(super) events: Vec<IdaRow>,
    pub(super) iterations: Vec<IterationRow>,
}

/// The JSON text of `value` on one line, ending with `\n`.
pub(super) fn json_text<T: Serialize>(value: &T) -> String {
    match serde_json::to_string(value) {
        Ok(text) => text + "\n",
        Err(e) => format!("{{\"error\":{:?}}}\n", e.to_string()),
    }
}
