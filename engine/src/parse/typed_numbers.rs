use super::*;

#[test]
fn numbers_are_quoted_as_typed() {
    let e = parse_board_3x3("[1,2,3,4,5,6,0,7,-0]").unwrap_err();
    assert_eq!(e.kind(), "signed_zero");
    assert_eq!(
        e.to_string(),
        "position 8 (row 3, column 3) holds -0, zero written with a minus sign; write 0"
    );
    let e = parse_board_3x3("[99999999999999999999999,2,3,4,5,6,0,7,8]").unwrap_err();
    assert_eq!(e.kind(), "out_of_range");
    assert_eq!(
        e.to_string(),
        "value 99999999999999999999999 at position 0 (row 1, column 1) is outside 0–8"
    );
    let e = parse_board_3x3("[[1.0e0,2,3],[4,5,6],[0,7,8]]").unwrap_err();
    assert_eq!(
        e.to_string(),
        "position 0 (row 1, column 1) holds 1.0e0, written with a decimal point or exponent; write the integer 1"
    );
    let e = parse_board("[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,-0]").unwrap_err();
    assert_eq!(e.shape, Some(Shape::FOUR));
    assert_eq!(e.error.kind(), "signed_zero");
    let e = parse_board_3x3("[1,2,3,4,5,6,0,7,-0.0]").unwrap_err();
    assert_eq!(e.kind(), "decimal_integer");
}
