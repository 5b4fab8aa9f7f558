//! The one board drawing helper: a square grid (3×3 or 4×4, by the number
//! of cells) of cells with `data-cell`
//! indices, the blank labelled, and a one-move change animated by sliding
//! the moved tile from where it was (a CSS animation, none under reduced
//! motion).

use super::dom::Dom;
use super::ids::Id;
use crate::view::{slide, BoardView, SmallBoard};
use wasm_bindgen::prelude::*;
use web_sys::Element;

pub fn render(dom: &Dom, v: &BoardView, before: Option<[u8; 9]>) -> Result<(), JsValue> {
    let board = dom.el(Id::Board);
    let class = match (v.playing, v.cells16.is_some()) {
        (true, true) => "board playing wide",
        (true, false) => "board playing",
        (false, true) => "board wide",
        (false, false) => "board",
    };
    board.set_class_name(class);
    let moved = match (before, v.cells) {
        (Some(b), Some(a)) => slide(&b, &a),
        _ => None,
    };
    let cells = v
        .cells
        .as_ref()
        .map(|c| &c[..])
        .or(v.cells16.as_ref().map(|c| &c[..]));
    grid(dom, board, cells, moved)?;
    dom.text(Id::BoardCaption, &v.caption);
    Ok(())
}

/// Lays out nine cells as three rows, or sixteen as four, in `board`
/// (emptied first), the blank labelled, the tile at `moved.0` sliding in
/// from `moved.1`.
fn grid(
    dom: &Dom,
    board: &Element,
    cells: Option<&[u8]>,
    moved: Option<(usize, usize)>,
) -> Result<(), JsValue> {
    board.set_text_content(None);
    if let Some(cells) = cells {
        let width = if cells.len() == 16 { 4 } else { 3 };
        for r in 0..width {
            let row = dom.child(board, "div", None)?;
            row.set_attribute("role", "row")?;
            row.set_class_name("board-row");
            for c in 0..width {
                let index = r * width + c;
                let value = cells[index];
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
                if let Some((to, from)) = moved.filter(|&(to, _)| to == index) {
                    cell.set_class_name("cell tile slide");
                    let dx = (from % width) as i32 - (to % width) as i32;
                    let dy = (from / width) as i32 - (to / width) as i32;
                    cell.set_attribute("style", &format!("--dx: {dx}; --dy: {dy}"))?;
                }
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
        board.set_class_name("board small");
        board.set_attribute("role", "table")?;
        board.set_attribute("aria-label", &format!("Board {}", key_of(&b.cells)))?;
        grid(dom, &board, Some(&b.cells), None)?;
        dom.child(&li, "p", Some(&b.caption))?;
    }
    Ok(())
}

fn key_of(cells: &[u8; 9]) -> String {
    cells.iter().map(|c| char::from(b'0' + c)).collect()
}
