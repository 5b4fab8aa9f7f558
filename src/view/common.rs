//! Small types every panel and the workbench share: the tabs, where focus
//! is, the typed keys, the three input texts, the goal's distance table and
//! the board in the left column; and, in its own files, the helpers more
//! than one panel uses: the small boards the Trace and the Race draw
//! (`boards`), the heuristic menus' values (`choice`), the chosen metric's
//! estimate (`metric`), the solver's reports
//! in words (`reports`), link text and a board's link (`uri`) and
//! file-name words (`words`). The leaf of `view`:
//! it imports only the engine and the task module's clock, and no panel
//! imports another panel for a helper.

mod boards;
mod choice;
mod metric;
mod reports;
mod uri;
mod words;

pub(crate) use boards::{entry_board, entry_boards, ida_path_boards};
pub use boards::{EntryLine, SmallBoard};
pub use choice::{
    choice_code, choice_of, from_link_value, link_value, page_heuristic, PAGE_OFFER, WRITTEN,
    WRITTEN_LABEL, WRITTEN_NOTE,
};
pub use metric::{estimate, replay_estimate};
pub use reports::{build_words, hint_answer_words, hint_words};
pub use uri::{board_link, decode_component, encode_component, BoardLink};
pub use words::{
    heuristic_part, millis_text, optimal_refusal, search_name, single_tile_note, slug,
    LAB_SINGLE_TILE, RACE_SINGLE_TILE, SPACE_SINGLE_TILE, TRACE_SINGLE_TILE,
};

use crate::engine::{moves::Metric, teaching::DistanceTable, Board};

/// The workbench's panels, one tab each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tab {
    /// The witness, the replay table, the ledger and the independent check.
    Solution,
    /// The A* search one pop at a time.
    Trace,
    /// The user moves the blank.
    Play,
    /// Other searches on the same boards, and the blog experiment.
    Lab,
    /// Two searches side by side, stepped in lockstep.
    Race,
    /// The whole state space and the heuristic sweep.
    Space,
}

impl Tab {
    /// Every tab, in the order of the tab list.
    pub const ALL: [Tab; 6] = [
        Tab::Solution,
        Tab::Trace,
        Tab::Play,
        Tab::Lab,
        Tab::Race,
        Tab::Space,
    ];

    /// The tab's label.
    pub fn label(self) -> &'static str {
        match self {
            Tab::Solution => "Solution",
            Tab::Trace => "Trace",
            Tab::Play => "Play",
            Tab::Lab => "Lab",
            Tab::Race => "Race",
            Tab::Space => "State space",
        }
    }

    /// The tab's name in a link (`tab=…`).
    pub fn key(self) -> &'static str {
        match self {
            Tab::Solution => "solution",
            Tab::Trace => "trace",
            Tab::Play => "play",
            Tab::Lab => "lab",
            Tab::Race => "race",
            Tab::Space => "space",
        }
    }

    /// The tab a link names, if any.
    pub fn from_key(key: &str) -> Option<Tab> {
        Tab::ALL.into_iter().find(|t| t.key() == key)
    }

    /// The tab `delta` places away in the list, wrapping (arrow keys).
    pub fn offset(self, delta: isize) -> Tab {
        let n = Tab::ALL.len() as isize;
        let here = Tab::ALL.iter().position(|&t| t == self).unwrap_or(0) as isize;
        Tab::ALL[(here + delta).rem_euclid(n) as usize]
    }
}

/// Where keyboard focus was when a key was pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    /// A text field, textarea or slider: keys belong to it.
    Field,
    /// A button: Space and Enter belong to it.
    Button,
    /// A tab of the tab list: arrows, Home and End move between tabs.
    Tab,
    /// Anywhere else.
    Page,
}

/// The three text inputs as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inputs {
    /// Start board JSON.
    pub start: String,
    /// Goal board JSON.
    pub goal: String,
    /// Budget text.
    pub budget: String,
}

impl Inputs {
    /// One field's text.
    pub fn text(&self, field: crate::engine::request::Field) -> &str {
        match field {
            crate::engine::request::Field::Start => &self.start,
            crate::engine::request::Field::Goal => &self.goal,
            crate::engine::request::Field::Budget => &self.budget,
        }
    }
}

impl Default for Inputs {
    /// The baseline of the page contract, budget 100.
    fn default() -> Self {
        Inputs {
            start: "[1,2,3,4,5,6,0,7,8]".into(),
            goal: "[1,2,3,4,5,6,7,8,0]".into(),
            budget: "100".into(),
        }
    }
}

/// The clock (milliseconds, monotonic) is the task module's: the view's
/// timings and the workers' slices read the same injected clock.
pub use crate::task::Clock;

/// A key the workbench reacts to, named by the web layer from the DOM's
/// key name ("Spacebar" and " " are both [`Key::Space`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// ←
    ArrowLeft,
    /// →
    ArrowRight,
    /// ↑
    ArrowUp,
    /// ↓
    ArrowDown,
    /// Home
    Home,
    /// End
    End,
    /// The space bar.
    Space,
    /// Any other key (the workbench leaves it to the page).
    Other,
}

impl Key {
    /// The key a DOM `KeyboardEvent.key` names.
    pub fn from_dom(name: &str) -> Key {
        match name {
            "ArrowLeft" => Key::ArrowLeft,
            "ArrowRight" => Key::ArrowRight,
            "ArrowUp" => Key::ArrowUp,
            "ArrowDown" => Key::ArrowDown,
            "Home" => Key::Home,
            "End" => Key::End,
            " " | "Spacebar" => Key::Space,
            _ => Key::Other,
        }
    }
}

/// The goal's exact distances: one breadth-first search of the whole space,
/// kept until the goal changes. Shared by the panels that need the exact
/// distance (solution, play, lab, state space).
#[derive(Default)]
pub struct GoalTable {
    table: Option<DistanceTable>,
    /// The multi-tile metric's table (Play in that metric), built apart.
    multi: Option<DistanceTable>,
}

impl GoalTable {
    /// The table for `goal`, built on first use.
    pub fn for_goal(&mut self, goal: &Board) -> &DistanceTable {
        if self.table.as_ref().map(|t| *t.goal()) != Some(*goal) {
            self.table = Some(DistanceTable::new(goal));
        }
        self.table.get_or_insert_with(|| DistanceTable::new(goal))
    }

    /// The table, if it was built for `goal`.
    pub fn built_for(&self, goal: &Board) -> Option<&DistanceTable> {
        self.table.as_ref().filter(|t| t.goal() == goal)
    }

    /// The table of `goal`'s distances in `metric`, built on first use.
    pub fn for_goal_in(&mut self, goal: &Board, metric: Metric) -> &DistanceTable {
        if metric == Metric::Single {
            return self.for_goal(goal);
        }
        if self.multi.as_ref().map(|t| *t.goal()) != Some(*goal) {
            self.multi = Some(DistanceTable::in_metric(goal, metric));
        }
        self.multi
            .get_or_insert_with(|| DistanceTable::in_metric(goal, metric))
    }

    /// The table of `metric`, if it was built for `goal`.
    pub fn built_for_in(&self, goal: &Board, metric: Metric) -> Option<&DistanceTable> {
        match metric {
            Metric::Single => self.built_for(goal),
            Metric::Multi => self.multi.as_ref().filter(|t| t.goal() == goal),
        }
    }
}

/// The board in the left column.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BoardView {
    /// The cells to draw, row-major, any shape; `None`: nothing valid to draw.
    pub cells: Option<Vec<u8>>,
    /// The board's width (columns): `cells` is `width` wide.
    pub width: usize,
    /// What the board shows, e.g. "Start (not solved yet)" or "Replay step 1 of 2".
    pub caption: String,
    /// Whether clicks on tiles move them (the Play tab).
    pub playing: bool,
}

impl BoardView {
    /// The cells to draw, row-major, and the board's width (columns), for
    /// any shape; `None` when nothing valid is drawn.
    pub fn grid(&self) -> Option<(&[u8], usize)> {
        self.cells
            .as_deref()
            .filter(|_| self.width > 0)
            .map(|c| (c, self.width))
    }

    /// Draws `board`.
    pub fn set(&mut self, board: &Board) {
        self.cells = Some(board.cells().to_vec());
        self.width = board.width();
    }
}

pub(crate) use crate::engine::text::{noun, plural};

#[cfg(test)]
mod tests {
    use super::Key;

    #[test]
    fn dom_key_names_map_to_typed_keys() {
        for (name, key) in [
            ("ArrowLeft", Key::ArrowLeft),
            ("ArrowRight", Key::ArrowRight),
            ("ArrowUp", Key::ArrowUp),
            ("ArrowDown", Key::ArrowDown),
            ("Home", Key::Home),
            ("End", Key::End),
            (" ", Key::Space),
            ("Spacebar", Key::Space),
            ("Enter", Key::Other),
            ("a", Key::Other),
        ] {
            assert_eq!(Key::from_dom(name), key, "{name:?}");
        }
    }
}
