//! The lexer: text → tokens, each with its character offset.

use super::error::{ExprError, ExprErrorKind};

/// One token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Int(i64),
    Name(String),
    Open,
    Close,
    Comma,
    Plus,
    Minus,
    Star,
    Slash,
    Lt,
    Le,
    Gt,
    Ge,
    EqEq,
    Ne,
    AndAnd,
    OrOr,
    Bang,
    End,
}

impl Tok {
    /// The token in words, for "expected …, found …".
    pub(super) fn describe(&self) -> String {
        let s = match self {
            Tok::Int(v) => return format!("the number {v}"),
            Tok::Name(n) => return format!("the name `{n}`"),
            Tok::End => return "the end of the expression".to_string(),
            Tok::Open => "(",
            Tok::Close => ")",
            Tok::Comma => ",",
            Tok::Plus => "+",
            Tok::Minus => "-",
            Tok::Star => "*",
            Tok::Slash => "/",
            Tok::Lt => "<",
            Tok::Le => "<=",
            Tok::Gt => ">",
            Tok::Ge => ">=",
            Tok::EqEq => "==",
            Tok::Ne => "!=",
            Tok::AndAnd => "&&",
            Tok::OrOr => "||",
            Tok::Bang => "!",
        };
        format!("`{s}`")
    }
}

/// The tokens of `text` with their character offsets, ending in
/// [`Tok::End`] at the offset just past the last character.
pub(super) fn lex(text: &str) -> Result<Vec<(Tok, usize)>, ExprError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let at = i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let mut value: Option<i64> = Some(0);
            while i < chars.len() && chars[i].is_ascii_digit() {
                let digit = i64::from(chars[i] as u8 - b'0');
                value = value
                    .and_then(|v| v.checked_mul(10))
                    .and_then(|v| v.checked_add(digit));
                i += 1;
            }
            let value = value.ok_or(ExprError {
                at,
                kind: ExprErrorKind::NumberTooLarge,
            })?;
            out.push((Tok::Int(value), at));
            continue;
        }
        if c.is_ascii_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push((Tok::Name(chars[start..i].iter().collect()), at));
            continue;
        }
        let next = chars.get(i + 1).copied();
        let (tok, len) = match (c, next) {
            ('(', _) => (Tok::Open, 1),
            (')', _) => (Tok::Close, 1),
            (',', _) => (Tok::Comma, 1),
            ('+', _) => (Tok::Plus, 1),
            ('-' | '−', _) => (Tok::Minus, 1),
            ('*' | '×', _) => (Tok::Star, 1),
            ('/', _) => (Tok::Slash, 1),
            ('<', Some('=')) => (Tok::Le, 2),
            ('<', _) => (Tok::Lt, 1),
            ('>', Some('=')) => (Tok::Ge, 2),
            ('>', _) => (Tok::Gt, 1),
            ('=', Some('=')) => (Tok::EqEq, 2),
            ('!', Some('=')) => (Tok::Ne, 2),
            ('!', _) => (Tok::Bang, 1),
            ('&', Some('&')) => (Tok::AndAnd, 2),
            ('|', Some('|')) => (Tok::OrOr, 2),
            ('=', _) => return Err(single(at, "`==`, `<=` or `>=`", c)),
            ('&', _) => return Err(single(at, "`&&`", c)),
            ('|', _) => return Err(single(at, "`||`", c)),
            _ => {
                return Err(ExprError {
                    at,
                    kind: ExprErrorKind::UnexpectedChar { found: c },
                })
            }
        };
        out.push((tok, at));
        i += len;
    }
    out.push((Tok::End, chars.len()));
    Ok(out)
}

/// An [`ExprErrorKind::Expected`] for the first character of a
/// two-character operator standing alone.
fn single(at: usize, what: &'static str, found: char) -> ExprError {
    ExprError {
        at,
        kind: ExprErrorKind::Expected {
            expected: what,
            found: format!("`{found}` alone"),
        },
    }
}
