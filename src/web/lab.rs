//! Renders the Lab tab.

use super::dom::Dom;
use super::ids::Id;
use super::workshop;
use crate::engine::teaching::lab::LAB_BUDGET;
use crate::view::{LabView, COMPARE_HEADINGS, EXPERIMENT_HEADINGS, EXPERIMENT_NOTES};
use wasm_bindgen::prelude::*;

/// Headings, the default lab budget and the experiment's notes, once.
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.heading_row(Id::CompareHead, &COMPARE_HEADINGS)?;
    dom.heading_row(Id::ExperimentHead, &EXPERIMENT_HEADINGS)?;
    dom.set_value(Id::LabBudget, &LAB_BUDGET.to_string());
    dom.fill_list(Id::ExperimentNotes, EXPERIMENT_NOTES)?;
    workshop::mount(dom)
}

pub fn render(dom: &Dom, lab: &LabView) -> Result<(), JsValue> {
    workshop::render(dom, &lab.workshop)?;
    workshop::render_exercise(dom, &lab.exercise)?;
    dom.optional_text(Id::LabBudgetError, lab.budget_error.as_deref())?;
    dom.text(Id::CompareSummary, &lab.compare_summary);
    dom.optional_text(Id::CompareNote, Some(&lab.compare_note))?;
    dom.optional_text(Id::CompareMetricNote, lab.compare_metric_note.as_deref())?;
    dom.optional_text(Id::ExperimentNote, Some(&lab.experiment_note))?;
    let rows: Vec<[String; 8]> = lab.compare_rows.iter().map(|r| r.cells()).collect();
    dom.fill_rows(Id::CompareRows, &COMPARE_HEADINGS, &rows)?;
    dom.text(Id::ExperimentStatus, &lab.experiment_status);
    let wv = &lab.weighted;
    dom.set_value(Id::WeightedWeight, &wv.weight);
    dom.set_value(Id::WeightedHeuristic, &wv.heuristic);
    dom.text(Id::WeightedSummary, &wv.summary);
    dom.fill_list(Id::WeightedLines, wv.lines.iter())?;
    dom.text(Id::WeightedVerdict, &wv.verdict);
    let rows: Vec<[String; 7]> = lab.experiment_rows.iter().map(|r| r.cells()).collect();
    dom.fill_rows(Id::ExperimentRows, &EXPERIMENT_HEADINGS, &rows)
}
