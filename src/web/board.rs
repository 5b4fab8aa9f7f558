//! The one board drawing helper: a grid of W columns × H rows (any shape of
//! the family, from the view's cells and width) of cells with `data-cell`
//! indices, the blank labelled, and a one-slide change animated by sliding
//! each moved tile of the run from where it was (a CSS animation, none under reduced
//! motion). The board's size class (`n3`, `n4`, `n5`: its longer side;
//! `wide`, `tall` past five cells, `dense` from eight columns) sets the cell
//! size in the style sheet.

use super::dom::Dom;
use super::download;
use super::ids::Id;
use crate::view::{slide, BoardView, Picture, SmallBoard};
use wasm_bindgen::prelude::*;
use web_sys::Element;

pub fn render(dom: &Dom, v: &BoardView, before: Option<&BoardView>) -> Result<(), JsValue> {
    let board = dom.el(Id::Board);
    let grid_now = v.grid();
    let moved = match (before.and_then(BoardView::grid), grid_now) {
        (Some((b, bw)), Some((a, aw))) if bw == aw => slide(b, a, aw),
        _ => Vec::new(),
    };
    grid(dom, board, grid_now, &moved)?;
    let size = board.class_name();
    board.set_class_name(&if v.playing {
        format!("{size} playing")
    } else {
        size
    });
    dom.text(Id::BoardCaption, &v.caption);
    let picture = grid_now.and_then(|(cells, width)| Picture::board(cells, width));
    download::offer(dom, Id::BoardView, picture)
}

/// The size class of a board `width` columns by `height` rows: its longer
/// side (`n3`, `n4`, `n5`), and `wide` or `tall` past five cells a side;
/// `dense` from eight columns (thinner gaps, so an 8×8 board's cells stay
/// about 40 px wide at 360 px).
fn size_class(width: usize, height: usize) -> &'static str {
    match (width, height) {
        (w, _) if w >= 8 => "n5 wide dense",
        (w, _) if w > 5 => "n5 wide",
        (_, h) if h > 5 => "n5 tall",
        (w, h) => match w.max(h) {
            0..=3 => "n3",
            4 => "n4",
            _ => "n5",
        },
    }
}

/// Lays out `cells` (row-major, `width` columns) in `board` (emptied
/// first), the blank labelled, each tile at a `moved` pair's first cell
/// sliding in from its second; sets the board's classes and its columns and rows.
fn grid(
    dom: &Dom,
    board: &Element,
    cells: Option<(&[u8], usize)>,
    moved: &[(usize, usize)],
) -> Result<(), JsValue> {
    board.set_text_content(None);
    let small = board.class_name().split(' ').any(|c| c == "small");
    let Some((cells, width)) = cells.filter(|(c, w)| *w > 0 && !c.is_empty()) else {
        board.set_class_name(if small { "board small" } else { "board" });
        board.remove_attribute("style")?;
        return Ok(());
    };
    let height = cells.len().div_ceil(width);
    board.set_class_name(&format!(
        "board {}{}",
        size_class(width, height),
        if small { " small" } else { "" }
    ));
    board.set_attribute("style", &format!("--cols: {width}; --rows: {height}"))?;
    for (r, row_cells) in cells.chunks(width).enumerate() {
        let row = dom.child(board, "div", None)?;
        row.set_attribute("role", "row")?;
        row.set_class_name("board-row");
        for (c, &value) in row_cells.iter().enumerate() {
            let index = r * width + c;
            let cell = dom.child(&row, "div", None)?;
            cell.set_attribute("role", "cell")?;
            cell.set_attribute("data-cell", &index.to_string())?;
            if value == 0 {
                cell.set_class_name("cell blank");
                cell.set_attribute("aria-label", "blank")?;
                continue;
            }
            cell.set_class_name("cell tile");
            cell.set_text_content(Some(&value.to_string()));
            if let Some(&(to, from)) = moved.iter().find(|&&(to, _)| to == index) {
                cell.set_class_name("cell tile slide");
                let dx = (from % width) as i32 - (to % width) as i32;
                let dy = (from / width) as i32 - (to / width) as i32;
                cell.set_attribute("style", &format!("--dx: {dx}; --dy: {dy}"))?;
            }
        }
    }
    Ok(())
}

/// Replaces the items of list `id` with small boards and their captions.
pub fn small_boards(dom: &Dom, id: Id, boards: &[SmallBoard]) -> Result<(), JsValue> {
    let list = dom.el(id);
    list.set_text_content(None);
    for b in boards {
        let li = dom.child(list, "li", None)?;
        li.set_class_name(if b.pushed { "mini" } else { "mini not-pushed" });
        let board = dom.child(&li, "div", None)?;
        small_board(dom, &board, b)?;
        dom.child(&li, "p", Some(&b.caption))?;
    }
    Ok(())
}

/// Draws `b`'s cells as a small board in the empty element `board`.
pub fn small_board(dom: &Dom, board: &Element, b: &SmallBoard) -> Result<(), JsValue> {
    board.set_class_name("board small");
    board.set_attribute("role", "table")?;
    board.set_attribute("aria-label", &format!("Board {}", key_of(&b.cells)))?;
    grid(dom, board, Some((&b.cells[..], 3)), &[])
}

fn key_of(cells: &[u8; 9]) -> String {
    cells.iter().map(|c| char::from(b'0' + c)).collect()
}
