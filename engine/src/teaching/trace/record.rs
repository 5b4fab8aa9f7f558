//! The A* pop records and the recorder that builds them from the engine's
//! events.

use crate::board::Board;
use crate::contract::{rank_packed, STATES};
use crate::contract::{Entry, Event};
use crate::moves::Move;

/// What a pop did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PopKind {
    /// Expanded: its neighbours were generated.
    Expanded,
    /// Stale: a better g had since been found for its board; skipped.
    Stale,
    /// The goal, accepted: the search is over.
    Goal,
    /// Expansions had reached the budget: not expanded, the search stopped
    /// (`Unknown (BudgetExceeded)`).
    Cutoff,
}

impl PopKind {
    /// `expanded`, `stale`, `goal` or `cutoff` (the export's `kind`).
    pub fn name(self) -> &'static str {
        match self {
            PopKind::Expanded => "expanded",
            PopKind::Stale => "stale",
            PopKind::Goal => "goal",
            PopKind::Cutoff => "cutoff",
        }
    }
}

/// One pop of the contract A*.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PopRecord {
    /// Event number, from 1.
    pub event: u32,
    /// What the pop did.
    pub kind: PopKind,
    /// The popped entry (key, g, h, seq; f = g + h).
    pub entry: Entry,
    /// The parent entry's seq and key (`None` for the start).
    pub parent: Option<(u32, u64)>,
    /// The entries pushed by this pop, in push order (expansions only).
    pub pushed: Vec<Entry>,
    /// Every neighbour this pop generated, pushed or not, in [`Move::ALL`]
    /// order (expansions only).
    pub neighbours: Vec<NeighbourRecord>,
}

/// One generated neighbour of an expansion, with why it was not pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NeighbourRecord {
    /// The direction the blank travelled to produce it.
    pub mv: Move,
    /// Tiles slid (1 in the single-tile metric).
    pub count: u8,
    /// The neighbour with its candidate g, its h, and (if pushed) its seq.
    pub entry: Entry,
    /// Pushed because its g strictly improved.
    pub pushed: bool,
    /// When not pushed: the best g already known for that board, which the
    /// candidate g does not beat.
    pub best_g: Option<u32>,
}

/// Feeds engine events into records, keeping the seq → (key, parent) links
/// the events reveal.
#[derive(Clone, Debug, Default)]
pub(super) struct Recorder {
    /// Indexed by seq: (key, parent seq; `u32::MAX` for the start).
    arena: Vec<(u64, u32)>,
    /// The best g pushed so far per board, by rank (the engine's rule: a
    /// push is a strict improvement, so the latest push is the best).
    best: BestG,
    pub(super) records: Vec<PopRecord>,
}

const NO_PARENT: u32 = u32::MAX;

/// The best g known per board, indexed by rank (a flat table, no hashing).
#[derive(Clone, Debug)]
pub(super) struct BestG(Vec<u8>);

impl BestG {
    const UNSET: u8 = u8::MAX;

    pub(super) fn new() -> BestG {
        BestG(vec![Self::UNSET; STATES])
    }

    pub(super) fn get(&self, key: u64) -> Option<u32> {
        let g = self.0[rank_packed(key) as usize];
        (g != Self::UNSET).then_some(u32::from(g))
    }

    /// Keeps the smaller of the known g and `g`.
    pub(super) fn lower(&mut self, key: u64, g: u32) {
        let slot = &mut self.0[rank_packed(key) as usize];
        *slot = (*slot).min(g as u8);
    }
}

impl Default for BestG {
    fn default() -> BestG {
        BestG::new()
    }
}

impl Recorder {
    pub(super) fn new(start: &Board) -> Recorder {
        let mut best = BestG::new();
        best.lower(start.packed(), 0);
        Recorder {
            arena: vec![(start.packed(), NO_PARENT)],
            best,
            records: Vec::new(),
        }
    }

    pub(super) fn parent_of(&self, seq: u32) -> Option<(u32, u64)> {
        let (_, p) = *self.arena.get(seq as usize)?;
        let (key, _) = *self.arena.get(p as usize)?;
        Some((p, key))
    }

    /// Records one event; `false` for [`Event::Finished`].
    pub(super) fn feed(&mut self, event: Event) -> bool {
        let (kind, entry, pushed, generated) = match event {
            Event::Finished => return false,
            Event::Stale(e) => (PopKind::Stale, e, Vec::new(), Vec::new()),
            Event::GoalAccepted(e) => (PopKind::Goal, e, Vec::new(), Vec::new()),
            Event::BudgetExceeded(e) => (PopKind::Cutoff, e, Vec::new(), Vec::new()),
            Event::Expanded { entry, neighbours } => {
                let mut pushed = Vec::with_capacity(4);
                let mut generated = Vec::with_capacity(4);
                for n in neighbours.iter() {
                    let best_g = if n.pushed {
                        None
                    } else {
                        self.best.get(n.entry.key)
                    };
                    generated.push(NeighbourRecord {
                        mv: n.mv,
                        count: n.count,
                        entry: n.entry,
                        pushed: n.pushed,
                        best_g,
                    });
                    if !n.pushed {
                        continue;
                    }
                    let p = n.entry;
                    pushed.push(p);
                    self.best.lower(p.key, p.g);
                    let slot = p.seq as usize;
                    if self.arena.len() <= slot {
                        self.arena.resize(slot + 1, (0, NO_PARENT));
                    }
                    self.arena[slot] = (p.key, entry.seq);
                }
                (PopKind::Expanded, entry, pushed, generated)
            }
        };
        self.records.push(PopRecord {
            event: self.records.len() as u32 + 1,
            kind,
            entry,
            parent: self.parent_of(entry.seq),
            pushed,
            neighbours: generated,
        });
        true
    }
}
