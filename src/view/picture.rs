//! Pictures to take away: what each drawn picture is called, the file
//! names of its downloads (named after what it shows), the download
//! buttons' words, and the board as SVG (the page draws the board as HTML
//! cells, so its download is drawn here from the view's cells).

#[cfg(test)]
use super::common::{heuristic_part, search_name};
use super::common::{slug, WRITTEN};
#[cfg(test)]
use crate::engine::heuristic::Heuristic;
use crate::engine::moves::Metric;
use crate::engine::Shape;

/// The download buttons' visible words, SVG first.
pub const PICTURE_BUTTONS: [&str; 2] = ["Download SVG", "Download PNG"];

/// The two formats of a download, in [`PICTURE_BUTTONS`] order.
pub const PICTURE_FORMATS: [&str; 2] = ["svg", "png"];

/// A drawn picture offered for download.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// What it shows, for the buttons' accessible names ("the search tree").
    pub what: &'static str,
    /// The file name without its extension, e.g. `astar-tree-3x3-step-12`.
    pub file: String,
    /// The picture as SVG text when the page draws it as HTML (the board);
    /// `None`: the SVG drawn in the page is exported.
    pub svg: Option<String>,
}

impl Picture {
    /// The accessible name of the button for `format` (`svg` or `png`):
    /// the visible words first, then the picture.
    pub fn label(&self, format: &str) -> String {
        format!("Download {} of {}", format.to_ascii_uppercase(), self.what)
    }

    /// The file name for `format`.
    pub fn file_name(&self, format: &str) -> String {
        format!("{}.{format}", self.file)
    }

    /// The board of `width` columns, named by its shape and its tiles
    /// (digits run together up to ten cells, joined by `-` past them).
    pub fn board(cells: &[u8], width: usize) -> Option<Picture> {
        let height = cells.len().checked_div(width)?;
        if cells.is_empty() || width * height != cells.len() {
            return None;
        }
        let tiles: Vec<String> = cells.iter().map(u8::to_string).collect();
        let key = tiles.join(if cells.len() <= 10 { "" } else { "-" });
        Some(Picture {
            what: "the board",
            file: format!("board-{width}x{height}-{key}"),
            svg: Some(board_svg(cells, width)),
        })
    }

    /// The A* trace's search tree after `step` pops; `search` is the
    /// trace's [`search_name`].
    pub fn tree(search: &str, step: u32) -> Picture {
        Picture {
            what: "the search tree",
            file: format!("{search}-tree-3x3-step-{step}"),
            svg: None,
        }
    }

    /// The A* trace's expansions per f (`axis` "f") or per depth g ("g").
    pub fn contours(axis: &'static str, search: &str, step: u32) -> Picture {
        Picture {
            what: if axis == "f" {
                "the chart of expansions per f"
            } else {
                "the chart of expansions per depth g"
            },
            file: format!("{search}-expansions-per-{axis}-3x3-step-{step}"),
            svg: None,
        }
    }

    /// The state space's histogram of distances from a goal of `shape` in
    /// `metric`, on a linear or log scale.
    pub fn histogram(shape: Shape, metric: Metric, log: bool) -> Picture {
        Picture {
            what: "the histogram of distances",
            file: format!(
                "state-space-{}{}-histogram{}",
                shape.code(),
                if metric == Metric::Multi {
                    "-multi-tile"
                } else {
                    ""
                },
                if log { "-log" } else { "" }
            ),
            svg: None,
        }
    }

    /// The depth table's chart (3×3).
    pub fn depth() -> Picture {
        Picture {
            what: "the depth table's chart",
            file: "depth-table-3x3-mean-nodes".into(),
            svg: None,
        }
    }

    /// The workshop's heat map of the written h `expr` against the true
    /// distance on `shape` (`written` and the text: `manhattan` written is
    /// not taken for the built-in).
    pub fn heat(expr: &str, shape: Shape) -> Picture {
        Picture {
            what: "the heat map",
            file: format!("heat-map-{WRITTEN}-{}-{}", slug(expr), shape.code()),
            svg: None,
        }
    }
}

/// The accessible name of the trace's contour chart along `axis` (`f`,
/// or `g` for depth): what it shows and every non-zero bar, so the
/// numbers are there without the tooltips.
pub fn contour_label(axis: &str, values: &[u32]) -> String {
    let what = if axis == "f" { "f value" } else { "depth g" };
    let bars: Vec<String> = values
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(x, n)| format!("{n} at {axis} {x}"))
        .collect();
    format!(
        "Bar chart of expansions at each {what}: {}.",
        bars.join(", ")
    )
}

/// The title of a downloaded picture: its accessible name on the page
/// without the clause that points to the table or list beside it (the
/// file has none).
pub fn standalone_title(label: &str) -> String {
    let cut = ["; the table", ". The table", "; the list", ". The list"]
        .iter()
        .filter_map(|c| label.find(c))
        .min();
    match cut {
        Some(at) => format!("{}.", &label[..at]),
        None => label.to_string(),
    }
}

/// The board as a self-contained SVG (white background, the page's light
/// colours, fonts inline): 60-unit cells, tiles numbered, the blank dashed.
pub fn board_svg(cells: &[u8], width: usize) -> String {
    const CELL: usize = 60;
    const GAP: usize = 6;
    const PAD: usize = 10;
    let width = width.max(1);
    let height = cells.len().div_ceil(width);
    let w = 2 * PAD + width * CELL + (width - 1) * GAP;
    let h = 2 * PAD + height * CELL + height.saturating_sub(1) * GAP;
    let rows: Vec<String> = cells
        .chunks(width)
        .map(|r| {
            r.iter()
                .map(|&c| {
                    if c == 0 {
                        "blank".into()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" font-family=\"system-ui, sans-serif\" font-size=\"29\" font-weight=\"700\"><title>Board {width}×{height}, rows: {}</title><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
        rows.join(" / ")
    );
    tiles(&mut s, cells, width, (PAD, PAD), CELL, GAP, TILE);
    s.push_str("</svg>");
    s
}

/// The tiles' colour (the page's light theme).
pub(super) const TILE: &str = "#0b4f9c";

/// Draws `cells` (`width` columns) at `at`, cells of `cell` units `gap`
/// apart: numbered tiles in `fill`, the blank dashed.
pub(super) fn tiles(
    s: &mut String,
    cells: &[u8],
    width: usize,
    at: (usize, usize),
    cell: usize,
    gap: usize,
    fill: &str,
) {
    for (i, &c) in cells.iter().enumerate() {
        let x = at.0 + (i % width) * (cell + gap);
        let y = at.1 + (i / width) * (cell + gap);
        if c == 0 {
            s.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" fill=\"#ffffff\" stroke=\"#6b7280\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>",
                x + 1,
                y + 1,
                cell - 2,
                cell - 2,
                cell * 2 / 15
            ));
        } else {
            s.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" rx=\"{}\" fill=\"{fill}\"/><text x=\"{}\" y=\"{}\" fill=\"#ffffff\" text-anchor=\"middle\" dominant-baseline=\"central\">{c}</text>",
                cell * 2 / 15,
                x + cell / 2,
                y + cell / 2
            ));
        }
    }
}

/// `text` with `&`, `<` and `>` escaped for SVG.
pub(super) fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `text` in lines of at most `max` characters, broken at spaces (a
/// longer word is cut).
pub(super) fn wrap(text: &str, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = line.chars().count();
            let room = if used == 0 { max } else { max - used - 1 };
            if word.len() <= room {
                if used > 0 {
                    line.push(' ');
                }
                line.extend(word);
                break;
            }
            if used > 0 {
                lines.push(std::mem::take(&mut line));
            } else {
                let rest = word.split_off(max);
                lines.push(word.into_iter().collect());
                word = rest;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(w: usize, h: usize) -> Shape {
        Shape::new(w, h).unwrap()
    }

    #[test]
    fn files_are_named_after_what_they_show() {
        let b = Picture::board(&[8, 6, 7, 2, 5, 4, 3, 0, 1], 3).unwrap();
        assert_eq!(b.file_name("svg"), "board-3x3-867254301.svg");
        assert_eq!(b.label("png"), "Download PNG of the board");
        let wide: Vec<u8> = (1..=11).chain([0]).collect();
        assert_eq!(
            Picture::board(&wide, 4).unwrap().file,
            "board-4x3-1-2-3-4-5-6-7-8-9-10-11-0"
        );
        assert_eq!(Picture::board(&[1, 2, 3], 2), None);
        assert_eq!(Picture::board(&[], 0), None);
        assert_eq!(
            Picture::tree(&search_name(None), 12).file_name("svg"),
            "astar-tree-3x3-step-12.svg"
        );
        assert_eq!(
            Picture::tree(&search_name(Some(("linear-conflict", "2.5"))), 3).file,
            "astar-linear-conflict-w2.5-tree-3x3-step-3"
        );
        assert_eq!(
            Picture::contours("g", "astar", 40).file,
            "astar-expansions-per-g-3x3-step-40"
        );
        assert_eq!(
            Picture::contours("f", "astar", 40).label("svg"),
            "Download SVG of the chart of expansions per f"
        );
        assert_eq!(
            Picture::histogram(shape(2, 5), Metric::Single, false).file_name("png"),
            "state-space-2x5-histogram.png"
        );
        assert_eq!(
            Picture::histogram(shape(3, 3), Metric::Multi, true).file,
            "state-space-3x3-multi-tile-histogram-log"
        );
        assert_eq!(
            Picture::heat("manhattan", shape(3, 3)).file_name("svg"),
            "heat-map-written-manhattan-3x3.svg"
        );
        assert_eq!(
            Picture::heat("max(manhattan, 2 * misplaced - 1)", shape(2, 4)).file,
            "heat-map-written-max-manhattan-2-misplaced-1-2x4"
        );
        assert_eq!(Picture::depth().file, "depth-table-3x3-mean-nodes");
    }

    #[test]
    fn a_written_h_is_filed_as_written() {
        use crate::engine::heuristic::BuiltIn;
        use crate::view::{Inputs, LabAction, RaceAction, RaceLane, Tab, TraceAction, Workbench};
        let written =
            Heuristic::written("linear_conflict", &crate::engine::Board::DEFAULT_GOAL).unwrap();
        assert_eq!(heuristic_part(&written), "written");
        assert_eq!(
            heuristic_part(&BuiltIn::LinearConflict.into()),
            "linear-conflict"
        );
        // The Trace's tree and contours, and the Race, with the workshop's
        // `manhattan`: `written`, never the built-in's code.
        let mut w = Workbench::new(Inputs::default());
        w.apply(LabAction::Expr("manhattan".into()));
        w.apply(TraceAction::Heuristic(WRITTEN.into()));
        w.apply(TraceAction::Step);
        let t = w.view().trace.view.unwrap();
        assert_eq!(
            Picture::tree(&t.search, t.event).file,
            "astar-written-w1-tree-3x3-step-1"
        );
        assert_eq!(
            Picture::contours("f", &t.search, t.event).file,
            "astar-written-w1-expansions-per-f-3x3-step-1"
        );
        w.select_tab(Tab::Race);
        w.apply(RaceAction::Written(RaceLane::Left));
        w.apply(RaceAction::Step);
        let v = w.view().race;
        assert_eq!(
            Picture::race(&v).unwrap().file,
            "race-3x3-astar-written-vs-bfs-step-1"
        );
    }

    #[test]
    fn contour_labels_list_every_bar() {
        assert_eq!(
            contour_label("f", &[0, 0, 3, 0, 41]),
            "Bar chart of expansions at each f value: 3 at f 2, 41 at f 4."
        );
        assert_eq!(
            contour_label("g", &[1, 2]),
            "Bar chart of expansions at each depth g: 1 at g 0, 2 at g 1."
        );
    }

    #[test]
    fn titles_leave_out_the_table_beside() {
        assert_eq!(
            standalone_title("Bar chart of the number of boards at each distance from the goal; the table beside it lists the same numbers."),
            "Bar chart of the number of boards at each distance from the goal."
        );
        assert_eq!(
            standalone_title("Search tree: 13 popped boards. The list beside it says the same."),
            "Search tree: 13 popped boards."
        );
        assert_eq!(
            standalone_title("Heat map of h: cells above h = d are overestimates. The table below lists the same counts."),
            "Heat map of h: cells above h = d are overestimates."
        );
        assert_eq!(
            standalone_title("Bar chart of expansions at each f value"),
            "Bar chart of expansions at each f value"
        );
    }

    #[test]
    fn slugs_keep_letters_digits_and_dots() {
        assert_eq!(slug("  Manhattan + 1 "), "manhattan-1");
        assert_eq!(slug("((()))"), "h");
        assert_eq!(slug("é"), "h");
        assert_eq!(slug(&"a".repeat(50)), "a".repeat(40));
        assert_eq!(slug("abc/../x"), "abc-..-x");
    }

    #[test]
    fn the_board_svg_is_self_contained() {
        let s = board_svg(&[1, 2, 3, 0], 2);
        assert!(s.starts_with(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"146\" height=\"146\" viewBox=\"0 0 146 146\""
        ));
        assert!(s.contains("<title>Board 2×2, rows: 1 2 / 3 blank</title>"));
        assert!(s.contains("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"));
        assert_eq!(s.matches("<text ").count(), 3);
        assert_eq!(s.matches("stroke-dasharray").count(), 1);
        assert!(!s.contains("var("));
        assert!(s.ends_with("</svg>"));
    }
}
