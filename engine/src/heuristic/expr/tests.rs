//! The language's unit tests: precedence, associativity, every error kind
//! at its position, and evaluation against the engine's own heuristics.

use super::*;
use crate::engine::contract::estimate::{Estimate, LinearConflict, Manhattan, Misplaced};
use crate::engine::contract::Goal;
use crate::engine::solve::{linear_conflict, manhattan};
use crate::engine::{Board, Shape};

fn three() -> Board {
    Board::default_goal(Shape::THREE)
}

/// The value of `text` on `board` against the default goal of its shape.
fn value(text: &str, board: &Board) -> Result<i64, EvalError> {
    let goal = Board::default_goal(board.shape());
    Program::compile(text, &goal)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .eval(board)
}

/// The error of `text` compiled for 3×3: (offset, code, message).
fn error(text: &str) -> (usize, &'static str, String) {
    let e = Program::compile(text, &three()).unwrap_err();
    (e.at, e.kind.code(), e.to_string())
}

/// A 3×3 board: 1 2 3 / 4 5 6 / _ 7 8 (Manhattan 2, two misplaced).
fn near() -> Board {
    Board::square(&[1, 2, 3, 4, 5, 6, 0, 7, 8]).unwrap()
}

#[test]
fn precedence_and_associativity() {
    let goal = three();
    for (text, want) in [
        ("1 + 2 * 3", 7),
        ("(1 + 2) * 3", 9),
        ("10 - 3 - 2", 5),
        ("100 / 10 / 5", 2),
        ("7 / 2", 3),
        ("-7 / 2 + 10", 7),
        ("2 * -3 + 10", 4),
        ("- - 4", 4),
        ("if(1 + 1 == 2 && 3 < 4 || 1 > 2, 10, 20)", 10),
        ("if(!(1 < 2), 10, 20)", 20),
        ("if(1 < 2 == 1 < 2, 1, 0) ", 0), // see below: a type error instead
        ("max(1, min(5, 3)) * 2", 6),
        ("abs(3 - 10)", 7),
        ("width * height − 1", 8),
        ("2 × 3", 6),
        ("if(1 >= 1 && 2 <= 2 && 3 != 4, 1, 0)", 1),
    ] {
        if text.starts_with("if(1 < 2 ==") {
            // Comparisons do not chain: `1 < 2` is a condition, not a number.
            assert_eq!(error(text).1, "type");
            continue;
        }
        let p = Program::compile(text, &goal).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.eval(&goal), Ok(want), "{text}");
    }
    // The tree itself: `a - b - c` is `(a - b) - c`.
    let e = parse("1 - 2 - 3").unwrap();
    let Node::Binary {
        op, left, op_at, ..
    } = e.node
    else {
        panic!("not a binary node")
    };
    assert_eq!((op, op_at), (Binary::Sub, 6));
    assert!(matches!(
        left.node,
        Node::Binary {
            op: Binary::Sub,
            op_at: 2,
            ..
        }
    ));
    // `a || b && c` is `a || (b && c)`.
    let e = parse("if(1 < 2 || 1 < 2 && 1 > 2, 1, 0)").unwrap();
    let Node::If(c, ..) = e.node else {
        panic!("not an if")
    };
    assert!(matches!(c.node, Node::Binary { op: Binary::Or, .. }));
}

#[test]
fn every_error_kind_at_its_position() {
    let cases: [(&str, usize, &str, &str); 22] = [
        ("", 0, "expected", "at character 1: expected a number, a name or `(`, found the end of the expression"),
        ("manhattan +", 11, "expected", "at character 12: expected a number, a name or `(`, found the end of the expression"),
        ("(manhattan", 10, "expected", "at character 11: expected `)`, found the end of the expression"),
        ("manhattan misplaced", 10, "expected", "at character 11: expected an operator or the end of the expression, found the name `misplaced`"),
        ("max(1 2)", 6, "expected", "at character 7: expected `,`, found the number 2"),
        ("md(x)", 3, "expected", "at character 4: expected a tile number (an integer constant), found the name `x`"),
        ("max", 3, "expected", "at character 4: expected `(` after the function's name, found the end of the expression"),
        ("1 = 2", 2, "expected", "at character 3: expected `==`, `<=` or `>=`, found `=` alone"),
        ("1 & 2", 2, "expected", "at character 3: expected `&&`, found `&` alone"),
        ("1 | 2", 2, "expected", "at character 3: expected `||`, found `|` alone"),
        ("2 $ 3", 2, "unexpected_char", "at character 3: unexpected character '$'; expected a number, a name, an operator or a parenthesis"),
        ("é + 1", 0, "unexpected_char", "at character 1: unexpected character 'é'; expected a number, a name, an operator or a parenthesis"),
        ("manhatan", 0, "unknown_name", "at character 1: unknown name `manhatan`; the known names are manhattan, misplaced, linear_conflict, out_of_row, out_of_col, blank_row, blank_col, width, height, md(t), row(t), col(t), abs(x), min(a, b), max(a, b), if(c, a, b)"),
        ("1 + manhattan(2)", 4, "arguments", "at character 5: `manhattan` takes no arguments (write it without parentheses)"),
        ("max(1)", 5, "arguments", "at character 6: `max` takes 2 arguments, found 1"),
        ("abs(1, 2)", 5, "arguments", "at character 6: `abs` takes 1 argument, found 2"),
        ("if(1 < 2, 3, 4, 5, 6)", 14, "arguments", "at character 15: `if` takes 3 arguments, found 5"),
        ("99999999999999999999", 0, "number_too_large", "at character 1: the number is too large (at most 9223372036854775807)"),
        ("1 + (2 < 3)", 5, "type", "at character 6: expected a number, found a condition (true or false)"),
        ("if(manhattan, 1, 2)", 3, "type", "at character 4: expected a condition (true or false), found a number"),
        ("md(9) + row(0)", 3, "tile_out_of_range", "at character 4: there is no tile 9 on this board: the tiles are 1 to 8"),
        ("1 < 2", 0, "type", "at character 1: expected a number, found a condition (true or false)"),
    ];
    for (text, at, code, message) in cases {
        assert_eq!(error(text), (at, code, message.to_string()), "{text:?}");
    }
    // Positions count characters, not bytes.
    assert_eq!(error("−1 − x").0, 5);
    assert_eq!(error("row(0)").1, "tile_out_of_range");
    let deep = format!("{}1{}", "(".repeat(40), ")".repeat(40));
    assert_eq!(
        error(&deep),
        (
            32,
            "too_deep",
            "at character 33: parentheses and calls are nested more than 32 deep".to_string()
        )
    );
    assert_eq!(error(&"-".repeat(100_000)).1, "too_deep");
    // A long chain is bounded too (the evaluator walks the tree): 200
    // operators make 201 levels.
    let chain = |n: usize| format!("1{}", " + 1".repeat(n));
    assert_eq!(
        error(&chain(200)),
        (
            798,
            "too_long",
            "at character 799: the expression is more than 200 operations deep; group a long chain with parentheses".to_string()
        )
    );
    assert_eq!(error(&chain(100_000)).1, "too_long");
    let p = Program::compile(&chain(199), &three()).unwrap();
    assert_eq!(p.eval(&three()), Ok(200));
    // 32 levels are fine.
    let ok = format!("{}1{}", "(".repeat(32), ")".repeat(32));
    assert_eq!(
        Program::compile(&ok, &three()).unwrap().eval(&three()),
        Ok(1)
    );
}

#[test]
fn runtime_errors() {
    let b = near();
    assert_eq!(
        value("manhattan / (misplaced - 2)", &b),
        Err(EvalError::DivisionByZero { at: 10 })
    );
    assert_eq!(
        value("9223372036854775807 + manhattan", &b),
        Err(EvalError::Overflow { at: 20 })
    );
    assert_eq!(
        value("-9223372036854775807 - manhattan + 10", &b),
        Err(EvalError::Overflow { at: 21 })
    );
    assert_eq!(
        value("manhattan * 4611686018427387904", &b),
        Err(EvalError::Overflow { at: 10 })
    );
    assert_eq!(
        value("manhattan - 3", &b),
        Err(EvalError::Negative { h: -1 })
    );
    // Only the branch taken is evaluated, and && and || stop early.
    assert_eq!(value("if(misplaced == 2, 5, 1 / 0)", &b), Ok(5));
    assert_eq!(value("if(misplaced == 3 && 1 / 0 == 1, 5, 6)", &b), Ok(6));
    assert_eq!(value("if(misplaced == 2 || 1 / 0 == 1, 5, 6)", &b), Ok(5));
    let two = Board::default_goal(Shape::new(3, 2).unwrap());
    let p = Program::compile("manhattan", &three()).unwrap();
    assert_eq!(p.eval(&two), Err(EvalError::Shape));
    assert_eq!(
        EvalError::DivisionByZero { at: 10 }.to_string(),
        "division by zero (the `/` at character 11)"
    );
}

#[test]
fn the_issue_example_and_the_features_on_one_board() {
    // 1 2 3 / 4 5 6 / _ 7 8: tiles 7 and 8 one column right of home.
    let b = near();
    for (text, want) in [
        ("max(manhattan, 2 * misplaced - 1)", 3),
        ("manhattan", 2),
        ("misplaced", 2),
        ("linear_conflict", 2),
        ("out_of_row", 0),
        ("out_of_col", 2),
        ("blank_row", 2),
        ("blank_col", 0),
        ("md(7) + md(8) * 10", 11),
        ("row(7) * 10 + col(7)", 21),
        ("width * 10 + height", 33),
    ] {
        assert_eq!(value(text, &b), Ok(want), "{text}");
    }
    // 2 1 3 / ...: a conflict in the top row.
    let c = Board::square(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    assert_eq!(value("linear_conflict", &c), Ok(4));
    assert_eq!(value("linear_conflict - manhattan", &c), Ok(2));
}

/// Every permutation of 0..n, by Heap's algorithm.
fn permutations(n: usize, mut visit: impl FnMut(&[u8])) {
    let mut a: Vec<u8> = (0..n as u8).collect();
    let mut c = vec![0usize; n];
    visit(&a);
    let mut i = 0;
    while i < n {
        if c[i] < i {
            let j = if i % 2 == 0 { 0 } else { c[i] };
            a.swap(j, i);
            visit(&a);
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// Features by plain loops, independent of the evaluator.
fn naive(board: &Board, goal: &Board) -> [i64; 5] {
    let shape = board.shape();
    let (mut misplaced, mut rows, mut cols) = (0, 0, 0);
    for (cell, &t) in board.cells().iter().enumerate() {
        if t == 0 {
            continue;
        }
        let home = goal.cell_of(t);
        misplaced += i64::from(cell != home);
        rows += i64::from(shape.row_of(cell) != shape.row_of(home));
        cols += i64::from(shape.col_of(cell) != shape.col_of(home));
    }
    let b = board.blank();
    [
        misplaced,
        rows,
        cols,
        shape.row_of(b) as i64,
        shape.col_of(b) as i64,
    ]
}

const FEATURES: &str = "manhattan * 1000000000000 + linear_conflict * 10000000000 + misplaced * 100000000 + out_of_row * 1000000 + out_of_col * 10000 + blank_row * 100 + blank_col";

fn check_board(p: &Program, goal: &Board, board: &Board) {
    let [mis, rows, cols, br, bc] = naive(board, goal);
    let want = i64::from(manhattan(board, goal)) * 1_000_000_000_000
        + i64::from(linear_conflict(board, goal)) * 10_000_000_000
        + mis * 100_000_000
        + rows * 1_000_000
        + cols * 10_000
        + br * 100
        + bc;
    assert_eq!(p.eval(board), Ok(want), "{board}");
}

/// Every 3×3 board (both parity classes) against the contract's own
/// misplaced, Manhattan and linear conflict, and every feature against
/// plain loops, for two goals.
#[test]
fn every_3x3_board_against_the_engine() {
    let goals = [
        three(),
        Board::square(&[1, 2, 3, 8, 0, 4, 7, 6, 5]).unwrap(),
    ];
    for goal in goals {
        let g = Goal::new(goal);
        let all = Program::compile(FEATURES, &goal).unwrap();
        let mis = Program::compile("misplaced", &goal).unwrap();
        let man = Program::compile("manhattan", &goal).unwrap();
        let lc = Program::compile("linear_conflict", &goal).unwrap();
        let tiles = Program::compile(
            "md(1) + md(2) + md(3) + md(4) + md(5) + md(6) + md(7) + md(8)",
            &goal,
        )
        .unwrap();
        let rc = Program::compile("row(5) * 10 + col(5)", &goal).unwrap();
        let (m, mh, l) = (
            Misplaced::new(&g),
            Manhattan::new(&g),
            LinearConflict::new(&g),
        );
        let mut n = 0;
        permutations(9, |cells| {
            let board = Board::square(cells).unwrap();
            // The contract A*'s own estimates on packed keys: separate code.
            let est = |e: &dyn Fn(u64) -> u32| Ok(i64::from(e(board.packed())));
            assert_eq!(mis.eval(&board), est(&|k| m.estimate(k)), "{board}");
            assert_eq!(man.eval(&board), est(&|k| mh.estimate(k)), "{board}");
            assert_eq!(lc.eval(&board), est(&|k| l.estimate(k)), "{board}");
            assert_eq!(tiles.eval(&board), man.eval(&board), "{board}");
            let five = board.cell_of(5);
            assert_eq!(rc.eval(&board), Ok((five / 3 * 10 + five % 3) as i64));
            check_board(&all, &goal, &board);
            n += 1;
        });
        assert_eq!(n, 362_880);
    }
}

/// Random boards of several shapes against the engine's Manhattan and
/// linear conflict and the plain loops.
#[test]
fn random_boards_of_several_shapes() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for (w, h) in [(2, 2), (3, 2), (2, 5), (4, 3), (4, 4), (5, 4), (5, 5)] {
        let shape = Shape::new(w, h).unwrap();
        let goal = Board::default_goal(shape);
        let all = Program::compile(FEATURES, &goal).unwrap();
        for _ in 0..2_000 {
            let mut cells: Vec<u8> = (0..shape.cells() as u8).collect();
            for i in (1..cells.len()).rev() {
                cells.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let board = Board::new(shape, &cells).unwrap();
            check_board(&all, &goal, &board);
        }
        let top = shape.cells() - 1;
        assert!(Program::compile(&format!("md({top})"), &goal).is_ok());
        assert_eq!(
            Program::compile(&format!("md({})", top + 1), &goal)
                .unwrap_err()
                .kind,
            ExprErrorKind::TileOutOfRange {
                tile: top as i64 + 1,
                tiles: top
            }
        );
    }
}

#[test]
fn a_goal_past_25_cells_is_refused_not_a_panic() {
    // The compiled tables stop at 5×5; a 6×6 goal indexed past them.
    let goal = Board::default_goal(Shape::new(6, 6).unwrap());
    let e = Program::compile("manhattan + misplaced", &goal).unwrap_err();
    assert_eq!(e.kind.code(), "goal_too_large");
    assert_eq!(
        e.to_string(),
        "at character 1: a written h takes boards of at most 25 cells (5×5); the goal is 6×6 (36 cells)"
    );
    let five = Board::default_goal(Shape::new(5, 5).unwrap());
    assert!(Program::compile("manhattan + misplaced", &five).is_ok());
}
