//! Renders the Trace tab: the A* trace (text, small boards, the search-tree
//! picture and its text alternative, the f contours) or the IDA* trace, and
//! the homework check.

use super::board::{small_board, small_boards};
use super::chart::{bars, pct, svg};
use super::dom::Dom;
use super::ids::Id;
use crate::view::{
    CodeView, IdaView, PredictView, TraceAlgorithm, TraceTabView, TraceView, TreeView, LOG_SHOWN,
};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The IDA* iterations table's headings.
const IDA_HEADINGS: [&str; 3] = ["Iteration", "Bound on f", "Boards generated"];

/// Headings, once.
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.set_value(Id::TraceIdaBudget, &crate::engine::IDA_BUDGET.to_string());
    dom.heading_row(Id::IdaHead, &IDA_HEADINGS)
}

pub fn render(dom: &Dom, v: &TraceTabView, last: Option<&TraceTabView>) -> Result<(), JsValue> {
    if let Some(select) = dom
        .el(Id::TraceAlgorithm)
        .dyn_ref::<web_sys::HtmlSelectElement>()
    {
        if select.value() != v.algorithm.key() {
            select.set_value(v.algorithm.key());
        }
    }
    let ida = v.algorithm == TraceAlgorithm::IdaStar;
    dom.set_hidden(Id::AstarTrace, ida)?;
    dom.set_hidden(Id::IdaTrace, !ida)?;
    dom.optional_text(Id::TraceJumpError, v.jump_error.as_deref())?;
    dom.optional_text(Id::TraceIdaBudgetError, v.ida_budget_error.as_deref())?;
    dom.text(Id::TraceBudgetNote, &v.budget_note);
    dom.optional_text(Id::CheckResult, v.check.as_deref())?;
    let status = match (&v.view, &v.ida) {
        (Some(t), _) => t.status.as_str(),
        (_, Some(i)) => i.status.as_str(),
        _ => v.note.as_str(),
    };
    dom.text(Id::TraceStatus, status);
    astar(dom, v.view.as_ref(), last.and_then(|l| l.view.as_ref()))?;
    if v.ida != last.and_then(|l| l.ida.clone()) {
        ida_view(dom, v.ida.as_ref())?;
    }
    if last.is_none_or(|l| l.predict != v.predict) {
        predict(dom, &v.predict)?;
    }
    if last.is_none_or(|l| l.code != v.code) {
        code(dom, &v.code)?;
    }
    Ok(())
}

/// Predict mode: the switch, score, question, answer buttons (each with
/// `data-answer`), the typed answer, the board shown, and the sentence for
/// the live region.
fn predict(dom: &Dom, v: &PredictView) -> Result<(), JsValue> {
    if let Some(input) = dom.el(Id::Predict).dyn_ref::<web_sys::HtmlInputElement>() {
        if input.checked() != v.on {
            input.set_checked(v.on);
        }
    }
    dom.set_hidden(Id::PredictBox, !v.on)?;
    dom.text(Id::PredictScore, &v.score);
    dom.text(Id::PredictQuestion, &v.question);
    let list = dom.el(Id::PredictChoices);
    list.set_text_content(None);
    for c in &v.choices {
        let li = dom.child(list, "li", None)?;
        match &c.board {
            Some(b) => {
                li.set_class_name("mini");
                let board = dom.child(&li, "div", None)?;
                small_board(dom, &board, b)?;
                dom.child(&li, "p", Some(&b.caption))?;
            }
            None => li.set_class_name("answer-only"),
        }
        let button = dom.child(&li, "button", Some(&c.label))?;
        button.set_attribute("type", "button")?;
        button.set_attribute("data-answer", &c.answer)?;
    }
    dom.optional_text(Id::PredictMore, Some(v.more.as_str()))?;
    dom.set_hidden(Id::PredictTyped, v.typed_label.is_empty())?;
    dom.text(Id::PredictAnswerLabel, v.typed_label);
    dom.optional_text(Id::PredictShownTitle, Some(v.shown_title.as_str()))?;
    small_boards(dom, Id::PredictShown, &v.shown)?;
    dom.text(Id::PredictSaid, &v.said);
    Ok(())
}

/// The pseudocode: one item per line, the current event's lines marked
/// with `aria-current="step"`.
fn code(dom: &Dom, v: &CodeView) -> Result<(), JsValue> {
    dom.text(Id::TraceCodeTitle, v.title);
    let list = dom.el(Id::TraceCode);
    list.set_text_content(None);
    for line in &v.lines {
        let li = dom.child(list, "li", Some(line.text))?;
        li.set_attribute("data-indent", &line.indent.to_string())?;
        li.set_attribute("data-line", &line.number.to_string())?;
        if line.current {
            li.set_attribute("aria-current", "step")?;
        }
    }
    dom.text(Id::TraceCodeNote, &v.note);
    Ok(())
}

fn astar(dom: &Dom, t: Option<&TraceView>, last: Option<&TraceView>) -> Result<(), JsValue> {
    let latest = t.and_then(|t| t.latest.as_ref());
    dom.text(Id::TraceLatest, &latest.map_or(String::new(), |l| l.text()));
    dom.fill_list(
        Id::TraceNeighbours,
        latest
            .into_iter()
            .flat_map(|l| l.neighbours.iter().map(|n| n.text())),
    )?;
    dom.text(Id::TraceExpansions, t.map_or("", |t| t.expansions.as_str()));
    dom.text(Id::TraceFrontier, t.map_or("", |t| t.frontier.as_str()));
    dom.fill_list(Id::TraceNext, t.map_or(&[][..], |t| t.next.as_slice()))?;
    dom.fill_list(Id::TraceLog, t.map_or(&[][..], |t| t.log.as_slice()))?;
    let hidden = t.map_or(0, |t| t.log_hidden);
    dom.optional_text(
        Id::TraceLogHidden,
        (hidden > 0)
            .then(|| format!("{hidden} earlier events are not shown; the newest {LOG_SHOWN} are."))
            .as_deref(),
    )?;
    let mut boards = Vec::new();
    if let Some(b) = t.and_then(|t| t.latest_boards.as_ref()) {
        boards.push(b.popped.clone());
        boards.extend(b.neighbours.iter().cloned());
    }
    small_boards(dom, Id::TraceBoards, &boards)?;
    small_boards(
        dom,
        Id::TraceNextBoards,
        t.map_or(&[][..], |t| t.next_boards.as_slice()),
    )?;
    let tree = t.map(|t| &t.tree);
    if tree != last.map(|l| &l.tree) {
        draw_tree(dom, tree)?;
    }
    Ok(())
}

const ROW: u32 = 56;

/// The search tree as SVG: one row per depth g, each node placed by its
/// slot in the row and joined to its parent.
fn draw_tree(dom: &Dom, tree: Option<&TreeView>) -> Result<(), JsValue> {
    let holder = dom.el(Id::Tree);
    holder.set_text_content(None);
    let list = dom.el(Id::TreeList);
    list.set_text_content(None);
    let Some(tree) = tree.filter(|t| !t.nodes.is_empty()) else {
        dom.text(Id::TreeSummary, "");
        dom.set_hidden(Id::TreeContours, true)?;
        return Ok(());
    };
    dom.text(Id::TreeSummary, &tree.summary);
    let height = tree.depth * ROW + 10;
    let root = svg(
        dom,
        holder,
        "svg",
        &[
            ("width", "100%".into()),
            ("height", height.to_string()),
            ("role", "group".into()),
            (
                "aria-label",
                format!(
                    "Search tree: {} The list beside it says the same.",
                    tree.summary
                ),
            ),
        ],
    )?;
    let x = |slot: (usize, usize)| (slot.0 as f64 + 0.5) / slot.1.max(1) as f64 * 100.0;
    let y = |g: u32| g * ROW + 22;
    for n in &tree.nodes {
        if let Some(p) = n.parent.and_then(|i| tree.nodes.get(i)) {
            let class = if n.on_goal_path && p.on_goal_path {
                "edge goal-path"
            } else {
                "edge"
            };
            svg(
                dom,
                &root,
                "line",
                &[
                    ("class", class.into()),
                    ("x1", pct(x(p.slot))),
                    ("y1", y(p.g).to_string()),
                    ("x2", pct(x(n.slot))),
                    ("y2", y(n.g).to_string()),
                ],
            )?;
        }
    }
    for n in &tree.nodes {
        let mut class = format!("node {}", n.kind.word());
        for (on, word) in [
            (n.latest, " latest"),
            (n.on_goal_path, " goal-path"),
            (n.marked, " marked"),
        ] {
            if on {
                class.push_str(word);
            }
        }
        let label = n.label();
        let node = svg(
            dom,
            &root,
            "circle",
            &[
                ("class", class),
                ("cx", pct(x(n.slot))),
                ("cy", y(n.g).to_string()),
                ("r", if n.latest { "11" } else { "8" }.into()),
                ("data-key", n.key.clone()),
                ("data-seq", n.seq.to_string()),
                ("role", "img".into()),
                ("aria-label", label.clone()),
            ],
        )?;
        svg(dom, &node, "title", &[])?.set_text_content(Some(&label));
        dom.child(list, "li", Some(&label))?
            .set_attribute("data-key", &n.key)?;
    }
    dom.set_hidden(Id::TreeContours, !tree.reduced)?;
    bars(
        dom,
        Id::ContourF,
        &tree.per_f,
        "Bar chart of expansions at each f value",
        "f",
        "expansions",
    )?;
    bars(
        dom,
        Id::ContourG,
        &tree.per_g,
        "Bar chart of expansions at each depth g",
        "g",
        "expansions",
    )
}

fn ida_view(dom: &Dom, v: Option<&IdaView>) -> Result<(), JsValue> {
    dom.text(Id::IdaLatest, v.map_or("", |v| v.latest.as_str()));
    dom.text(Id::IdaBounds, v.map_or("", |v| v.bounds.as_str()));
    small_boards(dom, Id::IdaPath, v.map_or(&[][..], |v| v.path.as_slice()))?;
    let rows: Vec<[String; 3]> = v.map_or_else(Vec::new, |v| {
        v.iterations
            .iter()
            .enumerate()
            .map(|(i, it)| {
                [
                    (i + 1).to_string(),
                    it.bound.to_string(),
                    it.generated.to_string(),
                ]
            })
            .collect()
    });
    dom.fill_rows(Id::IdaRows, &IDA_HEADINGS, &rows)
}
