//! Renders the Lab's heuristic workshop: the expression's error with a
//! caret under its position, the check's status, progress and Cancel, the
//! figures, the links that open a board in the Solve tab, and the heat map
//! of h against the true distance (an SVG grid drawn like the page's other
//! charts) with the same counts as a table.

use super::chart::{pct, svg};
use super::dom::Dom;
use super::download;
use super::ids::Id;
use crate::view::{
    ExerciseView, HeatView, WorkshopView, EXERCISE_MADE, EXERCISE_NAMES, EXERCISE_OWN,
    HEAT_HEADINGS, WORKSHOP_DEFAULT, WORKSHOP_HELP,
};
use wasm_bindgen::prelude::*;

/// The help, the table's headings and the field's first text, once.
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.fill_list(Id::WorkshopHelp, WORKSHOP_HELP)?;
    dom.heading_row(Id::WorkshopHead, &HEAT_HEADINGS)?;
    dom.set_value(Id::WorkshopExpr, WORKSHOP_DEFAULT);
    let pick = dom.el(Id::ExercisePick);
    for (i, name) in EXERCISE_NAMES.iter().enumerate() {
        dom.child(pick, "option", Some(name))?
            .set_attribute("value", &i.to_string())?;
    }
    Ok(())
}

/// A job's status, note, progress bar and Cancel.
#[allow(clippy::too_many_arguments)]
fn job(
    dom: &Dom,
    ids: [Id; 5],
    status: &str,
    failed: bool,
    note: &str,
    progress: (u64, u64),
    running: bool,
) -> Result<(), JsValue> {
    let [st, nt, bar, prog, cancel] = ids;
    dom.text(st, status);
    if failed {
        dom.attr(st, "data-error", "")?;
    } else {
        dom.el(st).remove_attribute("data-error")?;
    }
    dom.optional_text(nt, Some(note))?;
    dom.set_hidden(bar, progress.1 == 0)?;
    dom.attr(prog, "max", &progress.1.max(1).to_string())?;
    dom.attr(prog, "value", &progress.0.to_string())?;
    if running {
        dom.el(cancel).remove_attribute("disabled")
    } else {
        dom.attr(cancel, "disabled", "")
    }
}

/// The search cost, the exercise, its grade and the maker.
pub fn render_exercise(dom: &Dom, v: &ExerciseView) -> Result<(), JsValue> {
    job(
        dom,
        [
            Id::CostStatus,
            Id::CostNote,
            Id::CostBar,
            Id::CostProgress,
            Id::CostCancel,
        ],
        &v.cost_status,
        v.cost_failed,
        &v.cost_note,
        v.cost_progress,
        v.cost_running,
    )?;
    dom.fill_list(Id::CostAbout, v.cost_about.iter())?;
    let heads: Vec<&str> = v.cost_headings.iter().map(String::as_str).collect();
    dom.heading_row(Id::CostHead, &heads)?;
    dom.fill_rows(Id::CostRows, &heads, &v.cost_rows)?;
    let pick = dom.el(Id::ExercisePick);
    let own = pick.query_selector("option[value=own]")?;
    match (own, v.has_own) {
        (None, true) => dom
            .child(pick, "option", Some(EXERCISE_OWN))?
            .set_attribute("value", "own")?,
        (Some(o), false) => o.remove(),
        _ => {}
    }
    dom.set_value(Id::ExercisePick, &v.choice);
    dom.text(Id::ExerciseTask, &v.task);
    // A link that names an exercise opens the section (once per link: a
    // person may close it again).
    let reveal = v.reveal.to_string();
    let section = dom.el(Id::ExerciseBox);
    if v.reveal > 0 && section.get_attribute("data-reveal").as_deref() != Some(&reveal) {
        section.set_attribute("data-reveal", &reveal)?;
        section.set_attribute("open", "")?;
    }
    job(
        dom,
        [
            Id::GradeStatus,
            Id::GradeNote,
            Id::GradeBar,
            Id::GradeProgress,
            Id::GradeCancel,
        ],
        &v.grade_status,
        v.grade_failed,
        &v.grade_note,
        v.grade_progress,
        v.grade_running,
    )?;
    dom.fill_list(Id::GradeLines, v.grade_lines.iter())?;
    match v.pass {
        Some(p) => dom.attr(Id::GradeLines, "data-pass", if p { "yes" } else { "no" })?,
        None => dom.el(Id::GradeLines).remove_attribute("data-pass")?,
    }
    let list = dom.el(Id::GradeLinks);
    list.set_text_content(None);
    for l in &v.grade_links {
        let li = dom.child(list, "li", None)?;
        let a = dom.child(&li, "a", Some(&l.label))?;
        a.set_attribute("href", &format!("#{}", l.fragment))?;
    }
    let [rule, search, nodes, boards] = &v.maker;
    dom.set_value(Id::MakerRule, rule);
    dom.set_value(Id::MakerSearch, search);
    dom.set_value(Id::MakerNodes, nodes);
    dom.set_value(Id::MakerBoards, boards);
    let (out, link) = match &v.made {
        None => ("", None),
        Some(Ok(f)) => (EXERCISE_MADE, Some(f)),
        Some(Err(e)) => (e.as_str(), None),
    };
    dom.text(Id::MakerOut, out);
    dom.set_hidden(Id::MakerLink, link.is_none())?;
    if let Some(f) = link {
        let href = format!("#{f}");
        dom.attr(Id::MakerLink, "href", &href)?;
        dom.text(Id::MakerLink, &href);
    }
    Ok(())
}

pub fn render(dom: &Dom, v: &WorkshopView) -> Result<(), JsValue> {
    dom.set_value(Id::WorkshopExpr, &v.expr);
    dom.attr(
        Id::WorkshopExpr,
        "aria-invalid",
        if v.error.is_some() { "true" } else { "false" },
    )?;
    dom.optional_text(Id::WorkshopError, v.error.as_deref())?;
    marker(dom, v.marker.as_deref())?;
    dom.text(Id::WorkshopTarget, &v.target);
    dom.text(Id::WorkshopStatus, &v.status);
    if v.failed {
        dom.attr(Id::WorkshopStatus, "data-error", "")?;
    } else {
        dom.el(Id::WorkshopStatus).remove_attribute("data-error")?;
    }
    dom.optional_text(Id::WorkshopNote, Some(&v.note))?;
    dom.set_hidden(Id::WorkshopBar, v.progress.1 == 0)?;
    dom.attr(
        Id::WorkshopProgress,
        "max",
        &v.progress.1.max(1).to_string(),
    )?;
    dom.attr(Id::WorkshopProgress, "value", &v.progress.0.to_string())?;
    if v.running {
        dom.el(Id::WorkshopCancel).remove_attribute("disabled")?;
    } else {
        dom.attr(Id::WorkshopCancel, "disabled", "")?;
    }
    dom.fill_list(Id::WorkshopFigures, v.figures.iter())?;
    let list = dom.el(Id::WorkshopLinks);
    list.set_text_content(None);
    for l in &v.links {
        let li = dom.child(list, "li", None)?;
        let a = dom.child(&li, "a", Some(&l.label))?;
        a.set_attribute("href", &format!("#{}", l.fragment))?;
    }
    heat(dom, &v.heat)?;
    let drawn = v.heat.rows.first().is_some_and(|r| !r.cells.is_empty());
    let picture = v.heat.picture.clone().filter(|_| drawn);
    download::offer(dom, Id::WorkshopHeat, picture)?;
    dom.fill_rows(Id::WorkshopRows, &HEAT_HEADINGS, &v.rows)
}

/// The expression with a caret under the error's character. The caret is
/// its own span, and the line scrolls sideways to put it in the middle, so
/// an error far along a long expression is in view.
fn marker(dom: &Dom, marker: Option<&str>) -> Result<(), JsValue> {
    dom.optional_text(Id::WorkshopMarker, marker)?;
    let Some(text) = marker.and_then(|m| m.strip_suffix('^')) else {
        return Ok(());
    };
    let pre = dom.el(Id::WorkshopMarker);
    pre.set_text_content(Some(text));
    let caret = dom.child(pre, "span", Some("^"))?;
    let left = caret.get_bounding_client_rect().left() - pre.get_bounding_client_rect().left()
        + f64::from(pre.scroll_left());
    pre.set_scroll_left((left - f64::from(pre.client_width()) / 2.0).max(0.0) as i32);
    Ok(())
}

/// The heat map: a cell per (distance, h row), shaded by its count, its
/// tooltip the exact count; empty rows clear it.
fn heat(dom: &Dom, v: &HeatView) -> Result<(), JsValue> {
    let holder = dom.el(Id::WorkshopHeat);
    holder.set_text_content(None);
    let columns = v.rows.first().map_or(0, |r| r.cells.len());
    if columns == 0 {
        return Ok(());
    }
    const CELL: usize = 9;
    const TOP: usize = 28;
    const BOTTOM: usize = 24;
    let height = TOP + BOTTOM + CELL * v.rows.len();
    let root = svg(
        dom,
        holder,
        "svg",
        &[
            ("width", "100%".into()),
            ("height", height.to_string()),
            ("role", "img".into()),
            ("class", "heat".into()),
        ],
    )?;
    root.set_attribute("aria-label", &v.label)?;
    let (left, right) = (9.0, 98.0);
    let band = (right - left) / columns as f64;
    // Labels at least two rows (18 px) apart, the last row (h = 0 or the
    // smallest h) always labelled and the one just above it dropped.
    let n = v.rows.len();
    let every = n.div_ceil(8).max(2);
    for (r, row) in v.rows.iter().enumerate() {
        let y = TOP + r * CELL;
        if r + 1 == n || (r % every == 0 && n - 1 - r >= every) {
            svg(
                dom,
                &root,
                "text",
                &[
                    ("class", "axis".into()),
                    ("x", pct(left - 0.5)),
                    ("y", (y + CELL).to_string()),
                    ("text-anchor", "end".into()),
                ],
            )?
            .set_text_content(Some(&row.label));
        }
        for (d, &(count, shade)) in row.cells.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let over = row.over.get(d).copied().unwrap_or(false);
            let class = if over {
                format!("c{shade} over")
            } else {
                format!("c{shade}")
            };
            let cell = svg(
                dom,
                &root,
                "rect",
                &[
                    ("class", class),
                    ("x", pct(left + d as f64 * band)),
                    ("y", y.to_string()),
                    ("width", pct(band)),
                    ("height", CELL.to_string()),
                ],
            )?;
            svg(dom, &cell, "title", &[])?.set_text_content(Some(&format!(
                "distance {d}, h {}: {count} boards",
                row.label
            )));
        }
    }
    for d in (0..columns).step_by(5) {
        svg(
            dom,
            &root,
            "text",
            &[
                ("class", "axis".into()),
                ("x", pct(left + (d as f64 + 0.5) * band)),
                ("y", (height - 6).to_string()),
                ("text-anchor", "middle".into()),
            ],
        )?
        .set_text_content(Some(&d.to_string()));
    }
    svg(
        dom,
        &root,
        "text",
        &[
            ("class", "axis".into()),
            ("x", pct(left)),
            ("y", "18".into()),
        ],
    )?
    .set_text_content(Some(&v.caption));
    Ok(())
}
