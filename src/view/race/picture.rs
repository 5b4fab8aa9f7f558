//! The race as a picture to take away: its file name and a self-contained
//! SVG drawn from the view's figures (the page draws the sides as HTML).

use super::RaceView;
use crate::view::common::SmallBoard;
use crate::view::picture::{esc, tiles, wrap, Picture, TILE};

impl Picture {
    /// The race after its steps so far, drawn from the view's figures (the
    /// page draws the sides as HTML); `None` before the first step.
    pub fn race(v: &RaceView) -> Option<Picture> {
        let [left, right] = &v.sides[..] else {
            return None;
        };
        (v.steps > 0).then(|| Picture {
            what: "the race",
            file: format!(
                "race-3x3-{}-vs-{}-step-{}",
                left.choice.file_part(),
                right.choice.file_part(),
                v.steps
            ),
            svg: Some(race_svg(v)),
        })
    }
}

/// The race as a self-contained SVG for a white slide: the status, both
/// sides side by side (name, figures, how it stands, the next boards with
/// their captions), then the finish line across the width.
fn race_svg(v: &RaceView) -> String {
    const W: usize = 1200;
    const PAD: usize = 24;
    const COL: usize = (W - 3 * PAD) / 2;
    const LINE: usize = 22;
    const CELL: usize = 28;
    const GAP: usize = 3;
    const BOARD: usize = 3 * CELL + 2 * GAP;
    // Text in lines of 16 px below `y`, cut at `max` characters (about 9
    // units a character).
    fn text(body: &mut String, x: usize, y: &mut usize, t: &str, max: usize, weight: u16) {
        for line in wrap(t, max) {
            *y += LINE;
            body.push_str(&format!(
                "<text x=\"{x}\" y=\"{y}\" font-weight=\"{weight}\">{}</text>",
                esc(&line)
            ));
        }
    }
    let mut body = String::new();
    let mut y = PAD;
    text(&mut body, PAD, &mut y, &v.status, (W - 2 * PAD) / 9, 700);
    let top = y + LINE / 2;
    let mut bottom = top;
    for (i, side) in v.sides.iter().enumerate() {
        let x = PAD + i * (COL + PAD);
        let mut y = top;
        text(&mut body, x, &mut y, &side.title, COL / 10, 700);
        for t in [&side.frontier, &side.expansions, &side.best, &side.status] {
            text(&mut body, x, &mut y, t, COL / 9, 400);
        }
        y += LINE / 2;
        text(&mut body, x, &mut y, &side.boards_caption, COL / 9, 700);
        for SmallBoard {
            cells,
            caption,
            pushed,
        } in &side.boards
        {
            let at = y + 10;
            body.push_str("<g font-size=\"16\" font-weight=\"700\">");
            tiles(
                &mut body,
                cells,
                3,
                (x, at),
                CELL,
                GAP,
                if *pushed { TILE } else { "#6b7280" },
            );
            body.push_str("</g>");
            let mut ty = at;
            text(
                &mut body,
                x + BOARD + 12,
                &mut ty,
                caption,
                (COL - BOARD - 12) / 9,
                400,
            );
            y = (at + BOARD).max(ty);
        }
        bottom = bottom.max(y);
    }
    // Each side's frame.
    for i in 0..v.sides.len() {
        body.push_str(&format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"6\" fill=\"none\" stroke=\"#6b7280\" stroke-width=\"1\"/>",
            PAD + i * (COL + PAD) - 10,
            top - 4,
            COL + 20,
            bottom + 18 - top
        ));
    }
    // The finish line: a chequered band, then its sentences.
    let mut y = bottom + 34;
    for k in 0..(W - 2 * PAD) / 12 {
        for row in 0..2 {
            if (k + row) % 2 == 0 {
                body.push_str(&format!(
                    "<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"6\" fill=\"#111827\"/>",
                    PAD + 12 * k,
                    y + 6 * row
                ));
            }
        }
    }
    y += 12;
    text(&mut body, PAD, &mut y, "Finish line", 40, 700);
    for line in &v.finish {
        text(&mut body, PAD, &mut y, line, (W - 2 * PAD) / 9, 400);
    }
    let h = y + PAD;
    let names: Vec<&str> = v.sides.iter().map(|s| s.title.as_str()).collect();
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{h}\" viewBox=\"0 0 {W} {h}\" role=\"img\" font-family=\"system-ui, sans-serif\" font-size=\"16\" fill=\"#111827\"><title>Race after {}: {}. {}</title><rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>{body}</svg>",
        if v.steps == 1 { "1 step".to_string() } else { format!("{} steps", v.steps) },
        esc(&names.join("; ")),
        esc(&v.finish.join(" "))
    )
}
