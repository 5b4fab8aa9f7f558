//! The one board drawing helper: a 3×3 grid of cells with `data-cell`
//! indices, the blank labelled, and a one-move change animated by sliding
//! the moved tile from where it was (a CSS animation, none under reduced
//! motion).

use super::dom::Dom;
use super::ids::Id;
use crate::view::{slide, BoardView};
use wasm_bindgen::prelude::*;

pub fn render(dom: &Dom, v: &BoardView, before: Option<[u8; 9]>) -> Result<(), JsValue> {
    let board = dom.el(Id::Board);
    board.set_text_content(None);
    board.set_class_name(if v.playing { "board playing" } else { "board" });
    let moved = match (before, v.cells) {
        (Some(b), Some(a)) => slide(&b, &a),
        _ => None,
    };
    if let Some(cells) = v.cells {
        for r in 0..3 {
            let row = dom.child(board, "div", None)?;
            row.set_attribute("role", "row")?;
            row.set_class_name("board-row");
            for c in 0..3 {
                let index = r * 3 + c;
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
                    let dx = (from % 3) as i32 - (to % 3) as i32;
                    let dy = (from / 3) as i32 - (to / 3) as i32;
                    cell.set_attribute("style", &format!("--dx: {dx}; --dy: {dy}"))?;
                }
            }
        }
    }
    dom.text(Id::BoardCaption, &v.caption);
    Ok(())
}
