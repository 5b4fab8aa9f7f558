//! Play mode: the user moves the blank; the exact distance (one whole-space
//! breadth-first search per goal) says how far the goal is and which move
//! gets closer.

use crate::engine::{cell_text, optimal_moves, DistanceTable, Goal, Move};
use crate::engine::{col_of, row_of, Board};

/// A game in progress from a start board.
pub struct Play {
    start: Board,
    board: Board,
    moves: Vec<Move>,
    message: Option<String>,
    hint: Option<String>,
}

/// What the play panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayView {
    /// The board's cells to draw (nine, or sixteen on 4×4).
    pub board: Vec<u8>,
    /// The moves made so far.
    pub moves: Vec<String>,
    /// "g = 3 moves so far; Manhattan h = 4; exact distance to the goal 4".
    pub status: String,
    /// The last move's feedback (an illegal move, or reaching the goal).
    pub message: Option<String>,
    /// The hint, once asked for.
    pub hint: Option<String>,
    /// Whether the goal has been reached.
    pub solved: bool,
}

impl Play {
    /// Starts from `start`.
    pub fn new(start: Board) -> Play {
        Play {
            start,
            board: start,
            moves: Vec::new(),
            message: None,
            hint: None,
        }
    }

    /// Moves the blank, if the move is legal and the goal not yet reached.
    pub fn apply(&mut self, mv: Move, goal: &Goal, table: &DistanceTable) {
        self.hint = None;
        if self.board == *goal.board() {
            self.message =
                Some("The goal is already reached; edit the start to play again.".into());
            return;
        }
        match mv.apply(&self.board) {
            Some(next) => {
                self.board = next;
                self.moves.push(mv);
                self.message = (self.board == *goal.board()).then(|| {
                    let optimum = table.distance(&self.start).unwrap_or(0);
                    let n = self.moves.len();
                    let verdict = if n as u32 == optimum {
                        "that is optimal".to_string()
                    } else {
                        format!("{} more than the optimum", n as u32 - optimum)
                    };
                    format!(
                        "Goal reached in {n} moves; the optimum from this start is {optimum}, so {verdict}."
                    )
                });
            }
            None => {
                self.message = Some(format!(
                    "The blank cannot move {} from {}: that would leave the board.",
                    mv.name(),
                    cell_text(self.board.blank())
                ));
            }
        }
    }

    /// A click on cell `index`: moves the tile there into the blank when it
    /// is a grid neighbour of the blank.
    pub fn click(&mut self, index: usize, goal: &Goal, table: &DistanceTable) {
        let blank = self.board.blank();
        let mv = Move::ALL
            .into_iter()
            .find(|m| m.target(blank) == Some(index));
        match mv {
            Some(m) => self.apply(m, goal, table),
            None if index == blank => {
                self.message = Some("That is the blank; click a tile next to it.".into());
            }
            None => {
                let tile = self.board.cells().get(index).copied().unwrap_or(0);
                self.message = Some(format!(
                    "Tile {tile} is not next to the blank (at {}); only a tile beside or above/below the blank can slide.",
                    cell_text(blank)
                ));
            }
        }
    }

    /// Names every move that reduces the exact distance by one.
    pub fn ask_hint(&mut self, table: &DistanceTable) {
        let moves = optimal_moves(table, &self.board);
        let names: Vec<&str> = moves.iter().map(|m| m.name()).collect();
        let ways: Vec<String> = names.iter().map(|n| n.to_ascii_lowercase()).collect();
        self.hint = Some(match (table.distance(&self.board), names.len()) {
            (Some(0), _) => "You are at the goal: no move needed.".into(),
            (Some(d), 1) => format!(
                "Hint: {} (the blank moves {}); the exact distance drops from {d} to {}.",
                names[0],
                ways[0],
                d - 1
            ),
            (Some(d), n) if n > 1 => format!(
                "Hint: {} (the blank moves {}); each of these {n} moves drops the exact distance from {d} to {}.",
                names.join(" or "),
                ways.join(" or "),
                d - 1
            ),
            _ => "No hint: this board cannot reach the goal (different inversion parity).".into(),
        });
    }

    /// The panel's contents.
    pub fn view(&self, goal: &Goal, table: &DistanceTable) -> PlayView {
        let exact = match table.distance(&self.board) {
            Some(d) => format!("exact distance to the goal {d}"),
            None => "the goal is unreachable from here (different inversion parity)".into(),
        };
        let blank = self.board.blank();
        PlayView {
            board: self.board.cells().to_vec(),
            moves: self.moves.iter().map(|m| m.name().to_string()).collect(),
            status: format!(
                "g = {} so far; Manhattan h = {}; {exact}. The blank is at {} (row {}, column {}).",
                super::plural(self.moves.len() as u32, "move"),
                goal.manhattan(&self.board),
                blank,
                row_of(blank) + 1,
                col_of(blank) + 1
            ),
            message: self.message.clone(),
            hint: self.hint.clone(),
            solved: self.board == *goal.board(),
        }
    }
}

/// The Play tab's state: the game of the current start, once begun.
#[derive(Default)]
pub struct PlayPanel {
    game: Option<Play>,
}

/// The Play tab.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayTabView {
    /// The game, when the start and goal are valid.
    pub view: Option<PlayView>,
    /// Why there is no game, when there is none.
    pub note: String,
}

impl PlayPanel {
    /// Drops the game: it was played from the old start.
    pub fn on_edit(&mut self) {
        self.game = None;
    }

    /// Begins a game from `start` when both boards are valid.
    pub fn begin(&mut self, start: Option<Board>, goal_valid: bool) {
        self.game = start.filter(|_| goal_valid).map(Play::new);
    }

    /// The game in progress.
    pub fn game_mut(&mut self) -> Option<&mut Play> {
        self.game.as_mut()
    }

    /// The tab's contents.
    pub fn view(&self, goal: Option<&Goal>, tables: &super::GoalTable) -> PlayTabView {
        let table = goal.and_then(|g| tables.built_for(g.board()));
        match (self.game.as_ref(), goal, table) {
            (Some(play), Some(goal), Some(table)) => PlayTabView {
                view: Some(play.view(goal, table)),
                note: String::new(),
            },
            _ => PlayTabView {
                view: None,
                note: "No game: the start and goal boards must be valid.".into(),
            },
        }
    }
}
