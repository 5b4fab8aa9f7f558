//! The tree's geometry, node states, the picked node's path, the board
//! threshold and the viewport, on pinned traces.

use super::*;
use crate::engine::contract::parse_request;

fn trace(start: &str) -> Trace {
    let r = parse_request(start, "[1,2,3,4,5,6,7,8,0]", "10000").unwrap();
    Trace::new(r.start, r.goal, r.budget)
}

/// A node as placed: key, seq, state, centre x and y, parent index.
type Placed<'a> = (&'a str, u32, &'a str, u32, u32, Option<usize>);

fn baseline() -> Trace {
    trace("[1,2,3,4,5,6,0,7,8]")
}

#[test]
fn the_baseline_tree_is_laid_out_children_under_parents() {
    let mut t = baseline();
    t.run_to_end();
    let tree = t.view().tree;
    let placed: Vec<Placed> = tree
        .nodes
        .iter()
        .map(|n| (n.key.as_str(), n.seq, n.kind.word(), n.x, n.y, n.parent))
        .collect();
    assert_eq!(
        placed,
        [
            ("123456078", 0, "expanded", 125, 60, None),
            ("123056478", 1, "frontier", 50, 180, Some(0)),
            ("123456708", 2, "expanded", 200, 180, Some(0)),
            ("123406758", 3, "frontier", 150, 300, Some(2)),
            ("123456780", 4, "goal", 250, 300, Some(2)),
        ]
    );
    assert!(tree.boards);
    assert_eq!((tree.width, tree.height), (300, 360));
    assert_eq!(tree.nodes[0].cells, [1, 2, 3, 4, 5, 6, 0, 7, 8]);
    assert_eq!(tree.nodes[4].cells, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!(tree.nodes[0].figures(), "g 0 h 2 f 2");
    assert_eq!(tree.nodes[3].figures(), "g 2 h 2 f 4");
    assert_eq!(
        BOARD_NODE,
        NodeSize {
            width: 84,
            height: 80,
            pitch: 100,
            row: 120
        }
    );
}

#[test]
fn tidy_layout_centres_parents_over_their_children() {
    // 0 ─┬ 1 ─┬ 3
    //    │    └ 4
    //    └ 2
    let (centres, w, h) = tidy_layout(
        &[None, Some(0), Some(0), Some(1), Some(1)],
        &[0, 1, 1, 2, 2],
        MARK_NODE,
    );
    assert_eq!(
        centres,
        [(42, 28), (24, 84), (60, 84), (12, 140), (36, 140)]
    );
    assert_eq!((w, h), (72, 168));
    assert_eq!(tidy_layout(&[], &[], MARK_NODE), (Vec::new(), 0, 0));
}

#[test]
fn boards_up_to_forty_nodes_compact_marks_from_forty_one() {
    let mut t = trace("[0,1,3,2,7,4,6,8,5]");
    t.seek(21);
    let tree = t.view().tree;
    assert_eq!(tree.nodes.len(), 40);
    assert!(tree.boards);
    assert_eq!(node_size(40), BOARD_NODE);
    let mut t = trace("[0,1,2,3,4,5,6,7,8]");
    t.seek(23);
    let tree = t.view().tree;
    assert_eq!(tree.nodes.len(), 41);
    assert!(!tree.boards);
    assert_eq!(node_size(41), MARK_NODE);
    // Every centre lies inside the picture, on its row.
    for n in &tree.nodes {
        assert!(n.x < tree.width, "{} at x {}", n.key, n.x);
        assert_eq!(n.y, n.g * MARK_NODE.row + MARK_NODE.row / 2);
    }
    assert_eq!(tree.height, tree.depth * MARK_NODE.row);
}

#[test]
fn node_states_expanded_stale_frontier_goal_and_superseded() {
    let mut t = trace("[1,4,2,3,7,8,5,6,0]");
    t.seek(253);
    let tree = t.view().tree;
    assert!(tree.reduced);
    let states: Vec<(u32, &str, bool)> = tree
        .nodes
        .iter()
        .filter(|n| n.kind != NodeKind::Expanded)
        .map(|n| (n.seq, n.kind.word(), n.superseded))
        .collect();
    assert_eq!(states, [(168, "stale", false), (169, "frontier", true)]);
    assert_eq!(
        tree.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Expanded)
            .count(),
        22
    );
    let leaf = tree.nodes.iter().find(|n| n.seq == 169).unwrap();
    assert_eq!(
        leaf.label(),
        "g 11, h 9, f 20: board 312460587, seq 169, frontier (superseded by a smaller g: it will pop stale)"
    );
    let mut t = baseline();
    t.run_to_end();
    let words: Vec<&str> = t.view().tree.nodes.iter().map(|n| n.kind.word()).collect();
    assert_eq!(
        words,
        ["expanded", "frontier", "expanded", "frontier", "goal"]
    );
}

#[test]
fn a_picked_node_shows_its_path_from_the_start() {
    let mut t = baseline();
    t.run_to_end();
    t.pick(4);
    let v = t.view();
    let path = v.path.unwrap();
    assert_eq!(
        path.summary,
        "Board 123456780 (seq 4) is 2 moves from the start: Right, Right."
    );
    let steps: Vec<(&str, [u8; 9])> = path
        .boards
        .iter()
        .map(|b| (b.caption.as_str(), b.cells))
        .collect();
    assert_eq!(
        steps,
        [
            (
                "Start: (f 2, h 2, key 123456078, seq 0), g 0",
                [1, 2, 3, 4, 5, 6, 0, 7, 8]
            ),
            (
                "Right: (f 2, h 1, key 123456708, seq 2), g 1",
                [1, 2, 3, 4, 5, 6, 7, 0, 8]
            ),
            (
                "Right: (f 2, h 0, key 123456780, seq 4), g 2",
                [1, 2, 3, 4, 5, 6, 7, 8, 0]
            ),
        ]
    );
    let picked: Vec<u32> = v
        .tree
        .nodes
        .iter()
        .filter(|n| n.picked)
        .map(|n| n.seq)
        .collect();
    assert_eq!(picked, [4]);
    // A frontier leaf: the parent chain runs through the expanded node.
    t.pick(3);
    assert_eq!(
        t.view().path.unwrap().summary,
        "Board 123406758 (seq 3) is 2 moves from the start: Right, Up."
    );
    t.pick(0);
    assert_eq!(
        t.view().path.unwrap().summary,
        "Board 123456078 (seq 0) is the start: no moves."
    );
    // Going back before seq 3 was pushed: the pick stays, the path says so.
    t.pick(3);
    t.seek(1);
    let p = t.view().path.unwrap();
    assert_eq!(
        p.summary,
        "The picked board (seq 3) is not in the tree at event 1."
    );
    assert!(p.boards.is_empty());
    t.seek(2);
    assert_eq!(t.view().path.unwrap().boards.len(), 3);
}

#[test]
fn the_viewport_zooms_about_a_point_pans_and_writes_its_transform() {
    let mut v = Viewport::default();
    assert_eq!(v.transform(), "translate(0 0) scale(1)");
    v.zoom(Viewport::STEP, (100.0, 60.0));
    assert_eq!(v.transform(), "translate(-25 -15) scale(1.25)");
    v.pan(10.0, -5.5);
    assert_eq!(v.transform(), "translate(-15 -20.5) scale(1.25)");
    for _ in 0..40 {
        v.zoom(Viewport::STEP, (0.0, 0.0));
    }
    assert_eq!(v.scale, Viewport::MAX_SCALE);
    for _ in 0..80 {
        v.zoom(1.0 / Viewport::STEP, (0.0, 0.0));
    }
    assert_eq!(v.scale, Viewport::MIN_SCALE);
    assert_eq!(decimal(-0.0004), "0");
    assert_eq!(decimal(2.0 / 3.0), "0.667");
    assert_eq!(decimal(-12.5), "-12.5");
    assert_eq!(tree_key("+"), Some(TreeKey::Zoom(1.25)));
    assert_eq!(tree_key("-"), Some(TreeKey::Zoom(0.8)));
    assert_eq!(tree_key("ArrowRight"), Some(TreeKey::Pan(-40.0, 0.0)));
    assert_eq!(tree_key("ArrowUp"), Some(TreeKey::Pan(0.0, 40.0)));
    assert_eq!(tree_key("0"), Some(TreeKey::Fit));
    assert_eq!(tree_key("Enter"), Some(TreeKey::Pick));
    assert_eq!(tree_key("a"), None);
}

#[test]
fn arrows_on_a_node_move_to_its_parent_first_child_and_row_neighbours() {
    use super::tree::NodeStep;
    let mut t = baseline();
    t.run_to_end();
    let tree = t.view().tree;
    // Rows: seq 0; seq 1, 2; seq 3, 4 (children of 2).
    assert_eq!(tree.neighbour(0, NodeStep::Parent), None);
    assert_eq!(tree.neighbour(0, NodeStep::FirstChild), Some(1));
    assert_eq!(tree.neighbour(1, NodeStep::Right), Some(2));
    assert_eq!(tree.neighbour(2, NodeStep::Left), Some(1));
    assert_eq!(tree.neighbour(2, NodeStep::Right), None);
    assert_eq!(tree.neighbour(2, NodeStep::FirstChild), Some(3));
    assert_eq!(tree.neighbour(1, NodeStep::FirstChild), None);
    assert_eq!(tree.neighbour(4, NodeStep::Parent), Some(2));
    assert_eq!(tree.neighbour(3, NodeStep::Right), Some(4));
    assert_eq!(tree.neighbour(99, NodeStep::Parent), None);
    // The arrows pan the picture, and on a node they step instead.
    assert_eq!(
        [
            "ArrowUp",
            "ArrowDown",
            "ArrowLeft",
            "ArrowRight",
            "+",
            "Enter"
        ]
        .map(|k| tree_key(k).and_then(TreeKey::step)),
        [
            Some(NodeStep::Parent),
            Some(NodeStep::FirstChild),
            Some(NodeStep::Left),
            Some(NodeStep::Right),
            None,
            None
        ]
    );
    // The marks' one Tab stop: the latest pop, then the picked node.
    assert_eq!(tree.tab_stop(), Some(4));
    t.pick(3);
    assert_eq!(t.view().tree.tab_stop(), Some(3));
    assert_eq!(TreeView::default().tab_stop(), None);
}

#[test]
fn past_forty_nodes_every_mark_has_neighbours_to_reach_it() {
    let mut t = trace("[0,1,2,3,4,5,6,7,8]");
    t.seek(23);
    let tree = t.view().tree;
    assert!(!tree.boards);
    // From the root, ↓ then → along each row reaches every node.
    use super::tree::NodeStep;
    let mut reached = std::collections::HashSet::new();
    let mut row_start = tree.tab_stop().map(|_| tree.nodes[0].seq);
    while let Some(first) = row_start {
        let mut at = Some(first);
        while let Some(s) = at {
            reached.insert(s);
            at = tree.neighbour(s, NodeStep::Right);
        }
        // The next row: the first child of the leftmost node that has one.
        let mut next = None;
        let mut at = Some(first);
        while let (None, Some(s)) = (next, at) {
            next = tree.neighbour(s, NodeStep::FirstChild);
            at = tree.neighbour(s, NodeStep::Right);
        }
        row_start = next.map(|c| {
            // Back to the row's leftmost node.
            let mut c = c;
            while let Some(l) = tree.neighbour(c, NodeStep::Left) {
                c = l;
            }
            c
        });
    }
    assert_eq!(reached.len(), 41);
}

#[test]
fn the_search_is_named_for_the_pictures_files() {
    use crate::engine::{heuristic::BuiltIn, teaching::parse_weight};
    assert_eq!(baseline().view().search, "astar");
    let r = parse_request("[1,2,3,4,5,6,0,7,8]", "[1,2,3,4,5,6,7,8,0]", "10000").unwrap();
    let w = parse_weight("2.5").unwrap();
    let mut t = Trace::weighted(r.start, r.goal, r.budget, BuiltIn::LinearConflict, w);
    assert_eq!(t.view().search, "astar-linear-conflict-w2.5");
}
