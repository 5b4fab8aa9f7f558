use super::*;

fn err(text: &str) -> BoardError {
    parse_board_3x3(text).unwrap_err()
}

#[test]
fn accepts_flat_and_nested() {
    let flat = parse_board_3x3("[1,2,3,4,5,6,0,7,8]").unwrap();
    let nested = parse_board_3x3(" [[1,2,3],[4,5,6],[0,7,8]] ").unwrap();
    assert_eq!(flat, nested);
    assert_eq!(flat, Board::BASELINE_START);
}

#[test]
fn not_json() {
    let e = err("[1,2,3,");
    assert_eq!(e.kind(), "not_json");
    let BoardError::NotJson { line, column, .. } = &e else {
        panic!()
    };
    assert_eq!((*line, *column), (1, 7));
    assert!(e
        .to_string()
        .starts_with("not valid JSON at line 1, column 7: "));
    assert_eq!(err("").kind(), "not_json");
}

#[test]
fn not_an_array_and_nesting() {
    assert_eq!(
        err("{\"a\":1}").to_string(),
        "expected a JSON array of nine numbers, found an object"
    );
    assert_eq!(err("5").kind(), "not_an_array");
    assert_eq!(
        err("[[1,2,3],4,5,6,7,8,0]"),
        BoardError::MixedNesting { index: 1 }
    );
    assert_eq!(
        err("[[1,2,3],[4,5,6]]"),
        BoardError::WrongRowCount { rows: 2 }
    );
    assert_eq!(
        err("[[1,2,3],[4,5],[6,0,7,8]]").to_string(),
        "row 2 holds 2 values; each row needs exactly three"
    );
}

#[test]
fn element_classes() {
    assert_eq!(
        err(r#"[1,2,3,4,5,6,7,8,"0"]"#).to_string(),
        "position 8 (row 3, column 3) holds the string \"0\"; numbers must not be quoted"
    );
    assert_eq!(err(r#"[1,2,"x",4,5,6,7,8,0]"#).kind(), "text");
    assert_eq!(
        err("[1.5,2,3,4,5,6,7,8,0]").to_string(),
        "position 0 (row 1, column 1) holds 1.5, a fraction; each cell must be a whole number from 0 to 8"
    );
    assert_eq!(
        err("[1.0,2,3,4,5,6,7,8,0]"),
        BoardError::DecimalInteger {
            index: 0,
            text: "1.0".into(),
            value: 1
        }
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,true]").to_string(),
        "position 8 (row 3, column 3) holds a boolean; each cell must be a number from 0 to 8"
    );
    assert_eq!(err("[1,2,3,4,5,6,7,8,null]").kind(), "not_a_number");
    assert_eq!(err("[1,2,3,4,5,6,7,8,{}]").kind(), "not_a_number");
    assert_eq!(
        err("[[1,2,3],[4,5,6],[7,8,[0]]]"),
        BoardError::NotANumber {
            index: 8,
            found: "an array"
        }
    );
    assert_eq!(
        err("[1,2,3,4,9,6,0,7,8]").to_string(),
        "value 9 at position 4 (row 2, column 2) is outside 0–8"
    );
    assert_eq!(
        err("[-1,2,3,4,5,6,0,7,8]").to_string(),
        "value -1 at position 0 (row 1, column 1) is outside 0–8"
    );
    assert_eq!(err("[1e3,2,3,4,5,6,0,7,8]").kind(), "out_of_range");
    assert_eq!(
        err("[99999999999999999999,2,3,4,5,6,0,7,8]").kind(),
        "out_of_range"
    );
}

#[test]
fn decimal_number_grammar() {
    for yes in ["0", "-1", "+2", "1.5", ".5", "5.", "1e3", "2.5E-2"] {
        assert!(is_decimal_number(yes), "{yes}");
    }
    for no in [
        "", "-", ".", "e3", "1e", "1e+", "inf", "NaN", "1.2.3", "0x10", "1 2",
    ] {
        assert!(!is_decimal_number(no), "{no}");
    }
    assert_eq!(err(r#"[" 7 ",2,3,4,5,6,1,8,0]"#).kind(), "numeric_string");
}

#[test]
fn counts_and_duplicates() {
    assert_eq!(
        err("[1,2,3,4,5,6,0]").to_string(),
        "only 7 of nine values given; missing 7, 8"
    );
    assert_eq!(
        err("[]"),
        BoardError::TooFew {
            count: 0,
            missing: (0..9).collect()
        }
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,8,0,0]"),
        BoardError::TooMany { count: 10 }
    );
    assert_eq!(
        err("[1,2,3,4,5,6,7,7,0]").to_string(),
        "value 7 appears twice, at position 6 (row 3, column 1) and at position 7 (row 3, column 2), so 8 is missing"
    );
}
