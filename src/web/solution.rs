//! Renders the inputs' errors, the verdict summary, the replay controls and
//! the Solution tab.

use super::dom::Dom;
use super::ids::Id;
use crate::view::{ControlsView, InputsView, SolutionView, VerdictView, LEDGER_HEADINGS};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::Element;

pub fn inputs(dom: &Dom, v: &InputsView) -> Result<(), JsValue> {
    for (field, error_id, error, text) in [
        (Id::Start, Id::StartError, &v.start_error, &v.start),
        (Id::Goal, Id::GoalError, &v.goal_error, &v.goal),
        (Id::Budget, Id::BudgetError, &v.budget_error, &v.budget),
    ] {
        dom.set_value(field, text);
        dom.optional_text(error_id, error.as_deref())?;
        dom.attr(
            field,
            "aria-invalid",
            if error.is_some() { "true" } else { "false" },
        )?;
    }
    // A field that does not apply is disabled, its reason beside it (and
    // its accessible description, through aria-describedby).
    dom.optional_text(Id::BudgetReason, v.budget_reason.as_deref())?;
    if v.budget_reason.is_some() {
        dom.attr(Id::Budget, "disabled", "")?;
    } else {
        dom.el(Id::Budget).remove_attribute("disabled")?;
    }
    dom.text(Id::GoalNoteText, v.goal_note.as_deref().unwrap_or(""));
    dom.set_hidden(Id::GoalNote, v.goal_note.is_none())
}

pub fn verdict(dom: &Dom, v: &VerdictView) -> Result<(), JsValue> {
    dom.text(Id::Status, &v.status);
    dom.attr(Id::Status, "data-status", v.kind.word())?;
    dom.text(Id::Cost, &v.cost);
    dom.text(Id::InitialH, &v.initial_h);
    dom.text(Id::InitialHLabel, &v.h_label);
    dom.text(Id::Expansions, &v.expansions);
    dom.text(Id::Summary, &v.summary);
    dom.text(Id::Explanation, &v.explanation);
    Ok(())
}

pub fn controls(dom: &Dom, v: &ControlsView) -> Result<(), JsValue> {
    for id in [Id::First, Id::Previous, Id::Next, Id::Last, Id::Play] {
        if v.replay_enabled {
            dom.el(id).remove_attribute("disabled")?;
        } else {
            dom.attr(id, "disabled", "")?;
        }
    }
    dom.text(Id::ReplayStatus, &v.replay_status);
    dom.optional_text(Id::ReplayNote, v.disabled_reason.as_deref())?;
    dom.optional_text(Id::Guard, v.guard.as_deref())?;
    dom.text(Id::Play, v.play_button);
    dom.set_value(Id::Speed, &v.speed_ms.to_string());
    dom.text(Id::SpeedValue, &format!("{} ms per move", v.speed_ms));
    Ok(())
}

/// The ledger's headings, written once at mount (the replay's follow the
/// metric: [`render`]).
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.heading_row(Id::LedgerHead, &LEDGER_HEADINGS)
}

/// Redraws the parts of the tab that differ from `last`: a replay step
/// changes the table's current row, not the witness or the ledger.
pub fn render(dom: &Dom, v: &SolutionView, last: Option<&SolutionView>) -> Result<(), JsValue> {
    if last.is_none_or(|l| (&l.witness, &l.witness_note) != (&v.witness, &v.witness_note)) {
        dom.fill_list(Id::Witness, &v.witness)?;
        dom.optional_text(Id::WitnessEmpty, v.witness_note.as_deref())?;
    }
    dom.optional_text(Id::Check, Some(&v.check))?;
    dom.optional_text(Id::Parity, v.parity.as_deref())?;
    dom.optional_text(Id::Counters, Some(&v.counters))?;
    dom.optional_text(Id::Paths, v.paths.as_deref())?;
    dom.optional_text(Id::LedgerNote, v.ledger_note.as_deref())?;
    if last.is_none_or(|l| l.replay_headings != v.replay_headings) {
        let headings: Vec<&str> = v.replay_headings.iter().map(String::as_str).collect();
        dom.heading_row(Id::ReplayHead, &headings)?;
    }
    match last {
        Some(l) if l.replay_headings == v.replay_headings && same_but_current(l, v) => {
            current_rows(dom, l, v)?;
        }
        _ => replay_rows(dom, v)?,
    }
    if last.is_none_or(|l| (&l.ledger, &l.ledger_total) != (&v.ledger, &v.ledger_total)) {
        ledger(dom, v)?;
    }
    Ok(())
}

/// Whether the two tables differ at most in which step is current.
fn same_but_current(last: &SolutionView, v: &SolutionView) -> bool {
    last.replay.len() == v.replay.len()
        && last.replay.iter().zip(&v.replay).all(|(a, b)| {
            (a.step, &a.mv, &a.board, a.g, a.h, a.f) == (b.step, &b.mv, &b.board, b.g, b.h, b.f)
        })
}

/// A replay step: only the rows whose mark changed are touched (an 8×8
/// fast path has hundreds of rows).
fn current_rows(dom: &Dom, last: &SolutionView, v: &SolutionView) -> Result<(), JsValue> {
    let rows = dom.el(Id::ReplayRows).child_nodes();
    for (i, (a, b)) in last.replay.iter().zip(&v.replay).enumerate() {
        if a.current == b.current {
            continue;
        }
        if let Some(tr) = rows
            .item(i as u32)
            .and_then(|n| n.dyn_into::<Element>().ok())
        {
            mark_current(&tr, b.current)?;
        }
    }
    Ok(())
}

fn mark_current(tr: &Element, current: bool) -> Result<(), JsValue> {
    if current {
        tr.set_attribute("aria-current", "step")?;
        tr.set_class_name("current");
    } else {
        tr.remove_attribute("aria-current")?;
        tr.set_class_name("");
    }
    Ok(())
}

fn replay_rows(dom: &Dom, v: &SolutionView) -> Result<(), JsValue> {
    let body = dom.el(Id::ReplayRows);
    body.set_text_content(None);
    for line in &v.replay {
        let tr = dom.child(body, "tr", None)?;
        if line.current {
            mark_current(&tr, true)?;
        }
        let values = [
            line.step.to_string(),
            line.mv.clone(),
            line.board.clone(),
            line.g.to_string(),
            line.h.to_string(),
            line.f.to_string(),
        ];
        for (k, (label, value)) in v.replay_headings.iter().zip(&values).enumerate() {
            // The board may break a line after any comma, never inside a
            // number (the text is unchanged: a <wbr> has none).
            let td = if k == 2 {
                let td = dom.child(&tr, "td", None)?;
                dom.text_with_breaks(&td, value, ',')?;
                td
            } else {
                dom.child(&tr, "td", Some(value))?
            };
            td.set_attribute("data-label", label)?;
        }
    }
    Ok(())
}

fn ledger(dom: &Dom, v: &SolutionView) -> Result<(), JsValue> {
    let ledger: Vec<[String; 4]> = v
        .ledger
        .iter()
        .map(|l| {
            [
                l.tile.clone(),
                l.cell.clone(),
                l.goal_cell.clone(),
                l.distance.clone(),
            ]
        })
        .collect();
    dom.fill_rows(Id::LedgerRows, &LEDGER_HEADINGS, &ledger)?;
    dom.text(Id::LedgerTotal, &v.ledger_total);
    Ok(())
}
