//! What a side runs: the kind of search, its h and w, as the pickers offer
//! them, in words, in a link and in a file name.

use crate::engine::heuristic::{BuiltIn, Heuristic};
use crate::engine::moves::Metric;
use crate::engine::teaching::{parse_weight, RaceSearch, Weight};
use crate::view::common::{from_link_value, heuristic_part, link_value, slug, WRITTEN};

/// The kind of search a side runs, as its picker offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RacePick {
    /// A* (weighted when w > 1), with a heuristic.
    AStar,
    /// Greedy best-first, with a heuristic.
    Greedy,
    /// Breadth-first.
    Breadth,
    /// IDA* with Manhattan.
    Ida,
}

impl RacePick {
    /// Every pick, in the picker's order.
    pub const ALL: [RacePick; 4] = [
        RacePick::AStar,
        RacePick::Greedy,
        RacePick::Breadth,
        RacePick::Ida,
    ];

    /// The picker's value (and the link's).
    pub fn key(self) -> &'static str {
        match self {
            RacePick::AStar => "astar",
            RacePick::Greedy => "greedy",
            RacePick::Breadth => "bfs",
            RacePick::Ida => "idastar",
        }
    }

    /// The pick a value names.
    pub fn from_key(key: &str) -> Option<RacePick> {
        RacePick::ALL.into_iter().find(|p| p.key() == key)
    }

    /// The picker's label.
    pub fn label(self) -> &'static str {
        match self {
            RacePick::AStar => "A* (weight w)",
            RacePick::Greedy => "greedy best-first",
            RacePick::Breadth => "breadth-first (BFS)",
            RacePick::Ida => "IDA* (Manhattan)",
        }
    }

    /// Whether the heuristic picker applies.
    pub fn uses_heuristic(self) -> bool {
        matches!(self, RacePick::AStar | RacePick::Greedy)
    }
}

/// The left or the right side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RaceLane {
    /// The first side (drawn left, or on top at 360 px).
    Left,
    /// The second side.
    Right,
}

impl RaceLane {
    /// Both, left first.
    pub const ALL: [RaceLane; 2] = [RaceLane::Left, RaceLane::Right];

    /// "Left" or "Right".
    pub fn name(self) -> &'static str {
        match self {
            RaceLane::Left => "Left",
            RaceLane::Right => "Right",
        }
    }

    pub(super) fn index(self) -> usize {
        match self {
            RaceLane::Left => 0,
            RaceLane::Right => 1,
        }
    }
}

/// How fast Play steps: steps per tick and the tick's length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum RaceSpeed {
    /// One step every half second.
    Slow,
    /// Ten steps a second.
    #[default]
    Medium,
    /// 20 steps every 50 ms.
    Fast,
    /// 500 steps every 50 ms.
    Fastest,
}

impl RaceSpeed {
    /// Every speed, slowest first.
    pub const ALL: [RaceSpeed; 4] = [
        RaceSpeed::Slow,
        RaceSpeed::Medium,
        RaceSpeed::Fast,
        RaceSpeed::Fastest,
    ];

    /// The picker's value (and the link's).
    pub fn key(self) -> &'static str {
        match self {
            RaceSpeed::Slow => "slow",
            RaceSpeed::Medium => "medium",
            RaceSpeed::Fast => "fast",
            RaceSpeed::Fastest => "fastest",
        }
    }

    /// The speed a value names.
    pub fn from_key(key: &str) -> Option<RaceSpeed> {
        RaceSpeed::ALL.into_iter().find(|s| s.key() == key)
    }

    /// The picker's label: what a tick asks for (a busy machine may run
    /// ticks later than asked, never more steps).
    pub fn label(self) -> &'static str {
        match self {
            RaceSpeed::Slow => "1 step every 500 ms",
            RaceSpeed::Medium => "1 step every 100 ms",
            RaceSpeed::Fast => "20 steps every 50 ms",
            RaceSpeed::Fastest => "500 steps every 50 ms",
        }
    }

    /// Steps per tick.
    pub fn steps(self) -> u32 {
        match self {
            RaceSpeed::Slow | RaceSpeed::Medium => 1,
            RaceSpeed::Fast => 20,
            RaceSpeed::Fastest => 500,
        }
    }

    /// The tick's length in milliseconds.
    pub fn ms(self) -> u32 {
        match self {
            RaceSpeed::Slow => 500,
            RaceSpeed::Medium => 100,
            RaceSpeed::Fast | RaceSpeed::Fastest => 50,
        }
    }
}

/// What one side is set to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceChoice {
    /// The kind of search.
    pub pick: RacePick,
    /// A*'s and greedy's h: built-in or written (the workshop's text), or
    /// why a written one is not used.
    pub heuristic: Result<Heuristic, String>,
    /// A*'s w.
    pub weight: Weight,
}

impl RaceChoice {
    /// The engine's search, or why the written h is not used.
    pub fn search(&self) -> Result<RaceSearch, String> {
        let h = || self.heuristic.clone();
        Ok(match self.pick {
            RacePick::AStar => RaceSearch::AStar {
                heuristic: h()?,
                weight: self.weight,
            },
            RacePick::Greedy => RaceSearch::Greedy(h()?),
            RacePick::Breadth => RaceSearch::Breadth,
            RacePick::Ida => RaceSearch::Ida,
        })
    }

    /// How the side's name says its h: the built-in's name, `your h =
    /// <text>`, or `your h` when it does not parse.
    fn h_name(&self) -> String {
        match &self.heuristic {
            Ok(h) => h.name(),
            Err(_) => "your h".to_string(),
        }
    }

    /// The search in words, e.g. `A* (Manhattan, w = 1)`.
    pub fn name(&self) -> String {
        match self.pick {
            RacePick::AStar if self.weight == Weight::ONE => format!("A* ({})", self.h_name()),
            RacePick::AStar => format!("weighted A* ({}, w = {})", self.h_name(), self.weight),
            RacePick::Greedy => format!("greedy best-first ({})", self.h_name()),
            RacePick::Breadth => "breadth-first search".to_string(),
            RacePick::Ida => "IDA* (Manhattan)".to_string(),
        }
    }

    /// The link's text: `astar_manhattan_1.5`, `greedy_misplaced`,
    /// `astar_h:3*manhattan_1` (a written h as `heuristic=` writes it),
    /// `bfs`, `idastar`; `None` for a written h that does not parse (the
    /// link cannot carry it).
    pub fn to_link(&self) -> Option<String> {
        let h = || self.heuristic.as_ref().ok().map(link_value);
        Some(match self.pick {
            RacePick::AStar => format!("astar_{}_{}", h()?, self.weight),
            RacePick::Greedy => format!("greedy_{}", h()?),
            RacePick::Breadth | RacePick::Ida => self.pick.key().to_string(),
        })
    }

    /// The choice a link's text names (exactly as [`RaceChoice::to_link`]
    /// writes it). The weight is last and has no `_`, so an expression may
    /// hold one (`linear_conflict`).
    pub fn from_link(text: &str) -> Option<RaceChoice> {
        let (key, rest) = text.split_once('_').unwrap_or((text, ""));
        let pick = RacePick::from_key(key)?;
        let mut c = RaceChoice {
            pick,
            ..RaceChoice::default()
        };
        let h = match pick {
            RacePick::AStar => {
                let (h, w) = rest.rsplit_once('_')?;
                c.weight = parse_weight(w).ok()?;
                Some(h)
            }
            RacePick::Greedy => Some(rest),
            RacePick::Breadth | RacePick::Ida => None,
        };
        if let Some(h) = h {
            c.heuristic = Ok(from_link_value(h)?);
        }
        (c.to_link().as_deref() == Some(text)).then_some(c)
    }

    /// The search as a file-name part: `astar-manhattan`,
    /// `astar-manhattan-w1.5`, `greedy-misplaced`, `astar-written`
    /// (a written h, whatever its text), `bfs`, `idastar`.
    pub fn file_part(&self) -> String {
        let h = self
            .heuristic
            .as_ref()
            .map_or(WRITTEN.to_string(), heuristic_part);
        match self.pick {
            RacePick::AStar if self.weight == Weight::ONE => format!("astar-{h}"),
            RacePick::AStar => format!("astar-{h}-w{}", slug(&self.weight.text())),
            RacePick::Greedy => format!("greedy-{h}"),
            RacePick::Breadth | RacePick::Ida => self.pick.key().to_string(),
        }
    }

    /// Whether the side's heuristic is a lower bound of `metric`'s
    /// distances (`None`: no heuristic, or a written h, not taken on trust).
    pub(super) fn lower_bound(&self, metric: Metric) -> Option<bool> {
        match (self.pick.uses_heuristic(), &self.heuristic) {
            (true, Ok(h)) => h.lower_bound_in(metric),
            _ => None,
        }
    }

    /// Whether the search's paths are shortest by construction in `metric`
    /// (an admissible built-in h at w = 1, BFS, IDA* with Manhattan; a
    /// written h is not taken on trust).
    pub(super) fn optimal(&self, metric: Metric) -> bool {
        match self.pick {
            RacePick::AStar => {
                self.weight == Weight::ONE
                    && matches!(&self.heuristic, Ok(Heuristic::BuiltIn(h)) if h.lower_bound_in(metric))
            }
            RacePick::Greedy => false,
            RacePick::Breadth | RacePick::Ida => true,
        }
    }
}

impl Default for RaceChoice {
    fn default() -> Self {
        RaceChoice {
            pick: RacePick::AStar,
            heuristic: Ok(BuiltIn::Manhattan.into()),
            weight: Weight::ONE,
        }
    }
}
