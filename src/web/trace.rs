//! Renders the Trace tab: the A* trace (text, small boards, the search-tree
//! picture and its text alternative, the f contours) or the IDA* trace, and
//! the homework check.

use super::board::{small_board, small_boards};
use super::chart::{bars, svg};
use super::dom::Dom;
use super::download;
use super::ids::Id;
use crate::view::{
    contour_label, CodeView, IdaView, PathView, Picture, PredictView, TraceAlgorithm, TraceTabView,
    TraceView, TreeKey, TreeNodeView, TreeView, Viewport, BOARD_CELL, BOARD_NODE, FIGURES_FIT,
    LOG_SHOWN, PICK_HINT, TREE_KEYS,
};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The IDA* iterations table's headings.
const IDA_HEADINGS: [&str; 3] = ["Iteration", "Bound on f", "Boards generated"];

/// Headings, once.
pub fn mount(dom: &Dom) -> Result<(), JsValue> {
    dom.text(Id::TreeKeys, TREE_KEYS);
    dom.heading_row(Id::IdaHead, &IDA_HEADINGS)
}

pub fn render(dom: &Dom, v: &TraceTabView, last: Option<&TraceTabView>) -> Result<(), JsValue> {
    dom.optional_text(Id::TraceMetricNote, v.metric_note.as_deref())?;
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
    // The weighted trace's controls follow the view (a link may set them).
    dom.set_value(Id::TraceWeight, &v.weight);
    dom.set_value(Id::TraceHeuristic, &v.heuristic);
    dom.set_value(Id::TraceIdaBudget, &v.ida_budget);
    dom.optional_text(Id::TraceWeightedNote, Some(&v.weighted_note))?;
    dom.text(Id::TraceBudgetNote, &v.budget_note);
    dom.optional_text(Id::CheckResult, v.check.as_deref())?;
    let status = match (&v.view, &v.ida) {
        (Some(t), _) => t.status.as_str(),
        (_, Some(i)) => i.status.as_str(),
        _ => v.note.as_str(),
    };
    dom.text(Id::TraceStatus, status);
    astar(dom, v.view.as_ref(), last.and_then(|l| l.view.as_ref()))?;
    pictures(dom, v)?;
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

/// The tree's and the contours' downloads, named after the trace's step
/// (and its heuristic and weight when weighted).
fn pictures(dom: &Dom, v: &TraceTabView) -> Result<(), JsValue> {
    let tree = v.view.as_ref().filter(|t| !t.tree.nodes.is_empty());
    let step = tree.map_or(0, |t| t.event);
    download::offer(dom, Id::Tree, tree.map(|t| Picture::tree(&t.search, step)))?;
    let reduced = tree.filter(|t| t.tree.reduced);
    for (id, axis) in [(Id::ContourF, "f"), (Id::ContourG, "g")] {
        let picture = reduced.map(|t| Picture::contours(axis, &t.search, step));
        download::offer(dom, id, picture)?;
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
    // Right and wrong differ by class (colour and border) and by the icon
    // the view gives, drawn before the sentence.
    let said = dom.el(Id::PredictSaid);
    said.set_class_name(match v.verdict {
        Some(true) => "check predict-said said-right",
        Some(false) => "check predict-said said-wrong",
        None => "check predict-said",
    });
    if v.mark.is_empty() {
        said.remove_attribute("data-mark")?;
    } else {
        said.set_attribute("data-mark", v.mark)?;
    }
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
    let picked = t.and_then(|t| t.path.as_ref());
    if picked != last.and_then(|l| l.path.as_ref()) || last.is_none() {
        path(dom, picked)?;
    }
    Ok(())
}

/// The tree picture's zoom and pan, and a drag in progress. Kept by the web
/// layer: moving the picture changes one attribute of one group, never the
/// view or the DOM of the nodes.
#[derive(Default)]
struct Camera {
    view: Viewport,
    /// The picture's size in picture units (the SVG's viewBox).
    size: (f64, f64),
    /// Whether the picture shows small boards (a switch refits it).
    boards: bool,
    /// The last pointer position of a drag.
    drag: Option<(f64, f64)>,
    /// Whether the pointer moved far enough to be a drag, not a click.
    dragged: bool,
}

thread_local! {
    static CAMERA: RefCell<Camera> = RefCell::new(Camera::default());
    /// The tree as last drawn: where an arrow key on a node leads.
    static DRAWN: RefCell<TreeView> = RefCell::new(TreeView::default());
}

/// An arrow key on node `seq`: focus moves to the node it leads to (its
/// parent, first child or row neighbour), which becomes the marks' one Tab
/// stop. Whether the key was a move between nodes (then it does not pan).
pub fn step_focus(dom: &Dom, seq: u32, key: TreeKey) -> bool {
    let Some(step) = key.step() else {
        return false;
    };
    let Some(to) = DRAWN.with(|t| t.borrow().neighbour(seq, step)) else {
        return true;
    };
    let holder = dom.el(Id::Tree);
    if let Ok(Some(el)) = holder.query_selector(&format!("[data-seq=\"{to}\"]")) {
        rove(holder, &el);
        // Focus moves once this key's handler has returned: the focus
        // event's own handler (the caption) then finds the page free.
        let task = Closure::once_into_js(move || {
            let _ = el.unchecked_ref::<web_sys::HtmlElement>().focus();
        });
        if let Some(w) = web_sys::window() {
            let _ =
                w.set_timeout_with_callback_and_timeout_and_arguments_0(task.unchecked_ref(), 0);
        }
    }
    true
}

/// Makes `el` the marks' one Tab stop (boards are each a Tab stop).
fn rove(holder: &web_sys::Element, el: &web_sys::Element) {
    if el.tag_name() != "circle" {
        return;
    }
    if let Ok(Some(old)) = holder.query_selector("circle.node[tabindex=\"0\"]") {
        let _ = old.set_attribute("tabindex", "-1");
    }
    let _ = el.set_attribute("tabindex", "0");
}

/// Writes the camera's transform on the picture's group.
fn apply(dom: &Dom) {
    let t = CAMERA.with(|c| c.borrow().view.transform());
    if let Ok(Some(g)) = dom.el(Id::Tree).query_selector("g.viewport") {
        let _ = g.set_attribute("transform", &t);
    }
}

/// The picture's scale on screen (screen pixels per picture unit, with the
/// viewport at fit) and its top-left corner, from the SVG's box.
fn screen(dom: &Dom) -> Option<(f64, f64, f64)> {
    let svg = dom.el(Id::Tree).query_selector("svg").ok().flatten()?;
    let r = svg.get_bounding_client_rect();
    let (w, h) = CAMERA.with(|c| c.borrow().size);
    if w <= 0.0 || h <= 0.0 || r.width() <= 0.0 {
        return None;
    }
    let s = (r.width() / w).min(r.height() / h);
    Some((s, r.left() + (r.width() - w * s) / 2.0, r.top()))
}

/// Zooms by `factor` around the picture's centre (buttons, keys).
pub fn zoom(dom: &Dom, factor: f64) {
    CAMERA.with(|c| {
        let mut c = c.borrow_mut();
        let at = (c.size.0 / 2.0, c.size.1 / 2.0);
        c.view.zoom(factor, at);
    });
    apply(dom);
}

/// Pans by picture units (keys).
pub fn pan(dom: &Dom, dx: f64, dy: f64) {
    CAMERA.with(|c| c.borrow_mut().view.pan(dx, dy));
    apply(dom);
}

/// Back to the whole tree.
pub fn fit(dom: &Dom) {
    CAMERA.with(|c| c.borrow_mut().view = Viewport::FIT);
    apply(dom);
}

/// Zooms by `factor` around the pointer at screen point (`x`, `y`).
pub fn wheel(dom: &Dom, factor: f64, x: f64, y: f64) {
    let Some((s, left, top)) = screen(dom) else {
        return zoom(dom, factor);
    };
    CAMERA.with(|c| {
        c.borrow_mut()
            .view
            .zoom(factor, ((x - left) / s, (y - top) / s))
    });
    apply(dom);
}

/// A pointer went down at screen point (`x`, `y`): a drag may begin.
pub fn drag_start(x: f64, y: f64) {
    CAMERA.with(|c| {
        let mut c = c.borrow_mut();
        c.drag = Some((x, y));
        c.dragged = false;
    });
}

/// The pointer moved to (`x`, `y`) with the button down: the picture follows.
pub fn drag_move(dom: &Dom, x: f64, y: f64) {
    let s = screen(dom).map_or(1.0, |(s, _, _)| s);
    let moved = CAMERA.with(|c| {
        let mut c = c.borrow_mut();
        let Some((x0, y0)) = c.drag else {
            return false;
        };
        let (dx, dy) = (x - x0, y - y0);
        if !c.dragged && dx.abs() + dy.abs() < 4.0 {
            return false;
        }
        c.dragged = true;
        c.drag = Some((x, y));
        c.view.pan(dx / s, dy / s);
        true
    });
    if moved {
        apply(dom);
    }
}

/// The pointer went up; whether it had dragged (then its click picks
/// nothing).
pub fn drag_end() -> bool {
    CAMERA.with(|c| {
        let mut c = c.borrow_mut();
        c.drag = None;
        std::mem::take(&mut c.dragged)
    })
}

/// Shows the node's accessible name as the caption under the tree (focus,
/// hover).
pub fn caption(dom: &Dom, node: Option<&web_sys::Element>) {
    if let Some(label) = node.and_then(|n| n.get_attribute("aria-label")) {
        dom.text(Id::TreeCaption, &label);
    }
}

/// The search tree as SVG: nodes where the view model's layout puts them
/// (small boards up to 40 nodes, marks past it), each joined to its
/// parent, inside one group that zoom and pan transform.
fn draw_tree(dom: &Dom, tree: Option<&TreeView>) -> Result<(), JsValue> {
    let holder = dom.el(Id::Tree);
    // The focused node (by seq) gets focus back after the redraw.
    let focused = dom
        .doc
        .active_element()
        .filter(|a| holder.contains(Some(a)))
        .and_then(|a| a.get_attribute("data-seq"));
    holder.set_text_content(None);
    let list = dom.el(Id::TreeList);
    list.set_text_content(None);
    DRAWN.with(|d| *d.borrow_mut() = tree.cloned().unwrap_or_default());
    let Some(tree) = tree.filter(|t| !t.nodes.is_empty()) else {
        dom.text(Id::TreeSummary, "");
        dom.text(Id::TreeCaption, "");
        dom.set_hidden(Id::TreeContours, true)?;
        CAMERA.with(|c| *c.borrow_mut() = Camera::default());
        return Ok(());
    };
    dom.text(Id::TreeSummary, &tree.summary);
    let (w, h) = (tree.width.max(1), tree.height.max(1));
    CAMERA.with(|c| {
        let mut c = c.borrow_mut();
        if c.boards != tree.boards {
            c.view = Viewport::FIT;
            c.boards = tree.boards;
        }
        c.size = (f64::from(w), f64::from(h));
    });
    let root = svg(
        dom,
        holder,
        "svg",
        &[
            ("viewBox", format!("0 0 {w} {h}")),
            ("preserveAspectRatio", "xMidYMin meet".into()),
            // Boards are drawn at most a quarter over their natural size, so
            // a tree of a few boards is not blown up to the column's width.
            (
                "style",
                if tree.boards {
                    format!("aspect-ratio: {w} / {h}; max-width: {}px", w * 5 / 4)
                } else {
                    format!("aspect-ratio: {w} / {h}")
                },
            ),
            ("tabindex", "0".into()),
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
    let group = svg(
        dom,
        &root,
        "g",
        &[
            ("class", "viewport".into()),
            ("transform", CAMERA.with(|c| c.borrow().view.transform())),
        ],
    )?;
    for n in &tree.nodes {
        if let Some(p) = n.parent.and_then(|i| tree.nodes.get(i)) {
            let class = if n.on_goal_path && p.on_goal_path {
                "edge goal-path"
            } else {
                "edge"
            };
            svg(
                dom,
                &group,
                "line",
                &[
                    ("class", class.into()),
                    ("x1", p.x.to_string()),
                    ("y1", p.y.to_string()),
                    ("x2", n.x.to_string()),
                    ("y2", n.y.to_string()),
                ],
            )?;
        }
    }
    // Past 40 nodes the marks share one Tab stop (the arrows move on).
    let tab_stop = tree.tab_stop();
    for n in &tree.nodes {
        let mut class = format!("node {}", n.kind.word());
        for (on, word) in [
            (n.latest, " latest"),
            (n.on_goal_path, " goal-path"),
            (n.marked, " marked"),
            (n.picked, " picked"),
        ] {
            if on {
                class.push_str(word);
            }
        }
        let label = n.label();
        let node = if tree.boards {
            board_node(dom, &group, n, class, &label)?
        } else {
            svg(
                dom,
                &group,
                "circle",
                &[
                    ("class", class),
                    ("cx", n.x.to_string()),
                    ("cy", n.y.to_string()),
                    ("r", if n.latest { "11" } else { "8" }.into()),
                    ("data-key", n.key.clone()),
                    ("data-seq", n.seq.to_string()),
                    (
                        "tabindex",
                        if Some(n.seq) == tab_stop { "0" } else { "-1" }.into(),
                    ),
                    ("role", "button".into()),
                    ("aria-label", label.clone()),
                ],
            )?
        };
        // The tooltip repeats the name: hidden from the name's visible
        // text, which is the figures line (a small board) or nothing (a mark).
        svg(dom, &node, "title", &[("aria-hidden", "true".into())])?.set_text_content(Some(&label));
        dom.child(list, "li", Some(&label))?
            .set_attribute("data-key", &n.key)?;
    }
    // The caption named a node of the old picture: it follows the focus.
    dom.text(Id::TreeCaption, "");
    if let Some(seq) = focused {
        if let Ok(Some(el)) = holder.query_selector(&format!("[data-seq=\"{seq}\"]")) {
            rove(holder, &el);
            let _ = el.unchecked_ref::<web_sys::HtmlElement>().focus();
            caption(dom, Some(&el));
        }
    }
    dom.set_hidden(Id::TreeContours, !tree.reduced)?;
    bars(
        dom,
        Id::ContourF,
        &tree.per_f,
        &contour_label("f", &tree.per_f),
        "f",
        "expansions",
    )?;
    bars(
        dom,
        Id::ContourG,
        &tree.per_g,
        &contour_label("g", &tree.per_g),
        "g",
        "expansions",
    )
}

/// One node as a small board: a frame, nine cells with their tiles, and
/// g, h, f underneath; focusable, a button that picks it.
fn board_node(
    dom: &Dom,
    parent: &web_sys::Element,
    n: &TreeNodeView,
    class: String,
    label: &str,
) -> Result<web_sys::Element, JsValue> {
    let size = BOARD_NODE;
    let (left, top) = (n.x - size.width / 2, n.y - size.height / 2);
    let node = svg(
        dom,
        parent,
        "g",
        &[
            ("class", class),
            ("transform", format!("translate({left} {top})")),
            ("data-key", n.key.clone()),
            ("data-seq", n.seq.to_string()),
            ("tabindex", "0".into()),
            ("role", "button".into()),
            ("aria-label", label.into()),
        ],
    )?;
    svg(
        dom,
        &node,
        "rect",
        &[
            ("class", "frame".into()),
            ("width", size.width.to_string()),
            ("height", size.height.to_string()),
            ("rx", "4".into()),
        ],
    )?;
    // The board centred across; above the figures line (16 units) down.
    let inset = (size.width - 3 * BOARD_CELL) / 2;
    let top = (size.height - 3 * BOARD_CELL - 16) / 2;
    for (i, &v) in n.cells.iter().enumerate() {
        let (x, y) = (
            inset + (i as u32 % 3) * BOARD_CELL,
            top + (i as u32 / 3) * BOARD_CELL,
        );
        svg(
            dom,
            &node,
            "rect",
            &[
                ("class", if v == 0 { "cell blank" } else { "cell" }.into()),
                ("x", x.to_string()),
                ("y", y.to_string()),
                ("width", BOARD_CELL.to_string()),
                ("height", BOARD_CELL.to_string()),
            ],
        )?;
        if v != 0 {
            // The tiles are in the name as the board's key: the visible
            // text read out is the figures line alone.
            svg(
                dom,
                &node,
                "text",
                &[
                    ("class", "digit".into()),
                    ("x", (x + BOARD_CELL / 2).to_string()),
                    ("y", (y + BOARD_CELL / 2).to_string()),
                    ("aria-hidden", "true".into()),
                ],
            )?
            .set_text_content(Some(&v.to_string()));
        }
    }
    let figures = n.figures();
    let mut attrs = vec![
        ("class", "figures".to_string()),
        ("x", (size.width / 2).to_string()),
        ("y", (size.height - 7).to_string()),
    ];
    // A long line (a weighted f, a written h) is narrowed to the frame,
    // clear of its outline.
    if figures.chars().count() > FIGURES_FIT {
        attrs.push(("textLength", (size.width - 10).to_string()));
        attrs.push(("lengthAdjust", "spacingAndGlyphs".to_string()));
    }
    svg(dom, &node, "text", &attrs)?.set_text_content(Some(&figures));
    Ok(node)
}

/// The picked node's path: one sentence and its boards.
fn path(dom: &Dom, p: Option<&PathView>) -> Result<(), JsValue> {
    dom.text(
        Id::TreePathSummary,
        p.map_or(PICK_HINT, |p| p.summary.as_str()),
    );
    small_boards(
        dom,
        Id::TreePathBoards,
        p.map_or(&[][..], |p| p.boards.as_slice()),
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
