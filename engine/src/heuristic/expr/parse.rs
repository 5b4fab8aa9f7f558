//! The parser: tokens → a typed [`Expr`] (recursive descent, one function
//! per precedence level; every operand's type checked where it is built).

use super::error::{ExprError, ExprErrorKind};
use super::lex::{lex, Tok};
use super::{Binary, Expr, Feature, Node, TileFeature, Type, Unary, MAX_DEPTH, MAX_HEIGHT};

/// Parses `text` into a typed tree whose type is a number. The tile numbers
/// are checked later, against a shape, by [`Program::new`](super::Program::new).
pub fn parse(text: &str) -> Result<Expr, ExprError> {
    let mut p = Parser {
        toks: lex(text)?,
        i: 0,
        depth: 0,
    };
    let e = p.expr()?;
    let (tok, at) = p.peek();
    if *tok != Tok::End {
        return Err(p.expected("an operator or the end of the expression", tok.clone(), at));
    }
    want(&e, Type::Int)?;
    Ok(e)
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    i: usize,
    depth: usize,
}

/// An error unless `e` has type `ty`.
fn want(e: &Expr, ty: Type) -> Result<(), ExprError> {
    if e.ty == ty {
        Ok(())
    } else {
        Err(ExprError {
            at: e.at,
            kind: ExprErrorKind::Type {
                expected: ty,
                found: e.ty,
            },
        })
    }
}

/// The height of a node over `children`, or [`ExprErrorKind::TooLong`] at
/// `at`.
fn over(children: &[&Expr], at: usize) -> Result<u32, ExprError> {
    let height = 1 + children.iter().map(|c| c.height).max().unwrap_or(0);
    if height > MAX_HEIGHT {
        return Err(ExprError {
            at,
            kind: ExprErrorKind::TooLong,
        });
    }
    Ok(height)
}

/// `left op right`, both operands checked.
fn binary(op: Binary, op_at: usize, left: Expr, right: Expr) -> Result<Expr, ExprError> {
    let (operand, result) = op.types();
    want(&left, operand)?;
    want(&right, operand)?;
    Ok(Expr {
        at: left.at,
        ty: result,
        height: over(&[&left, &right], op_at)?,
        node: Node::Binary {
            op,
            op_at,
            left: Box::new(left),
            right: Box::new(right),
        },
    })
}

impl Parser {
    fn peek(&self) -> (&Tok, usize) {
        // The token list always ends in End, which is never consumed.
        let (t, at) = &self.toks[self.i.min(self.toks.len() - 1)];
        (t, *at)
    }

    fn bump(&mut self) -> (Tok, usize) {
        let (t, at) = self.peek();
        let out = (t.clone(), at);
        if out.0 != Tok::End {
            self.i += 1;
        }
        out
    }

    fn expected(&self, expected: &'static str, found: Tok, at: usize) -> ExprError {
        ExprError {
            at,
            kind: ExprErrorKind::Expected {
                expected,
                found: found.describe(),
            },
        }
    }

    /// Consumes `tok` or fails with "expected `what`".
    fn expect(&mut self, tok: Tok, what: &'static str) -> Result<usize, ExprError> {
        let (t, at) = self.bump();
        if t == tok {
            Ok(at)
        } else {
            Err(self.expected(what, t, at))
        }
    }

    /// One more level of nesting, or [`ExprErrorKind::TooDeep`].
    fn enter(&mut self, at: usize) -> Result<(), ExprError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(ExprError {
                at,
                kind: ExprErrorKind::TooDeep,
            });
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.and()?;
        while let (Tok::OrOr, at) = self.peek() {
            self.bump();
            let right = self.and()?;
            left = binary(Binary::Or, at, left, right)?;
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.compare()?;
        while let (Tok::AndAnd, at) = self.peek() {
            self.bump();
            let right = self.compare()?;
            left = binary(Binary::And, at, left, right)?;
        }
        Ok(left)
    }

    fn compare(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.sum()?;
        loop {
            let (tok, at) = self.peek();
            let op = match tok {
                Tok::Lt => Binary::Lt,
                Tok::Le => Binary::Le,
                Tok::Gt => Binary::Gt,
                Tok::Ge => Binary::Ge,
                Tok::EqEq => Binary::Eq,
                Tok::Ne => Binary::Ne,
                _ => return Ok(left),
            };
            self.bump();
            let right = self.sum()?;
            left = binary(op, at, left, right)?;
        }
    }

    fn sum(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.product()?;
        loop {
            let (tok, at) = self.peek();
            let op = match tok {
                Tok::Plus => Binary::Add,
                Tok::Minus => Binary::Sub,
                _ => return Ok(left),
            };
            self.bump();
            let right = self.product()?;
            left = binary(op, at, left, right)?;
        }
    }

    fn product(&mut self) -> Result<Expr, ExprError> {
        let mut left = self.unary()?;
        loop {
            let (tok, at) = self.peek();
            let op = match tok {
                Tok::Star => Binary::Mul,
                Tok::Slash => Binary::Div,
                _ => return Ok(left),
            };
            self.bump();
            let right = self.unary()?;
            left = binary(op, at, left, right)?;
        }
    }

    fn unary(&mut self) -> Result<Expr, ExprError> {
        let (tok, at) = self.peek();
        let (op, ty) = match tok {
            Tok::Minus => (Unary::Neg, Type::Int),
            Tok::Bang => (Unary::Not, Type::Bool),
            _ => return self.atom(),
        };
        self.bump();
        self.enter(at)?;
        let e = self.unary()?;
        self.depth -= 1;
        want(&e, ty)?;
        // A minus before a constant is the negative constant.
        if let (Unary::Neg, Node::Int(v)) = (op, &e.node) {
            return Ok(Expr {
                node: Node::Int(-v),
                at,
                ty,
                height: 1,
            });
        }
        Ok(Expr {
            height: over(&[&e], at)?,
            node: Node::Unary(op, Box::new(e)),
            at,
            ty,
        })
    }

    fn atom(&mut self) -> Result<Expr, ExprError> {
        let (tok, at) = self.bump();
        match tok {
            Tok::Int(v) => Ok(Expr {
                node: Node::Int(v),
                at,
                ty: Type::Int,
                height: 1,
            }),
            Tok::Open => {
                self.enter(at)?;
                let e = self.expr()?;
                self.depth -= 1;
                self.expect(Tok::Close, "`)`")?;
                Ok(e)
            }
            Tok::Name(name) => self.named(&name, at),
            other => Err(self.expected("a number, a name or `(`", other, at)),
        }
    }

    /// A feature or a function call starting with `name` at `at`.
    fn named(&mut self, name: &str, at: usize) -> Result<Expr, ExprError> {
        let called = matches!(self.peek().0, Tok::Open);
        if let Some(&(known, f)) = Feature::ALL.iter().find(|(n, _)| *n == name) {
            if called {
                return Err(ExprError {
                    at,
                    kind: ExprErrorKind::Arguments {
                        name: known,
                        expected: 0,
                        found: self.count_arguments(),
                    },
                });
            }
            return Ok(Expr {
                node: Node::Feature(f),
                at,
                ty: Type::Int,
                height: 1,
            });
        }
        let (known, arity): (&'static str, usize) = match name {
            "md" => ("md", 1),
            "row" => ("row", 1),
            "col" => ("col", 1),
            "abs" => ("abs", 1),
            "min" => ("min", 2),
            "max" => ("max", 2),
            "if" => ("if", 3),
            _ => {
                return Err(ExprError {
                    at,
                    kind: ExprErrorKind::UnknownName {
                        name: name.to_string(),
                    },
                })
            }
        };
        let tile = match known {
            "md" => Some(TileFeature::Md),
            "row" => Some(TileFeature::Row),
            "col" => Some(TileFeature::Col),
            _ => None,
        };
        self.expect(Tok::Open, "`(` after the function's name")?;
        self.enter(at)?;
        if let Some(kind) = tile {
            let (t, tile_at) = self.bump();
            let Tok::Int(tile) = t else {
                return Err(self.expected("a tile number (an integer constant)", t, tile_at));
            };
            self.close(known, arity, 1)?;
            self.depth -= 1;
            return Ok(Expr {
                node: Node::Tile {
                    kind,
                    tile,
                    tile_at,
                },
                at,
                ty: Type::Int,
                height: 1,
            });
        }
        let mut args = vec![self.expr()?];
        while args.len() < arity {
            let (t, a) = self.bump();
            match t {
                Tok::Comma => args.push(self.expr()?),
                Tok::Close => {
                    return Err(ExprError {
                        at: a,
                        kind: ExprErrorKind::Arguments {
                            name: known,
                            expected: arity,
                            found: args.len(),
                        },
                    })
                }
                other => return Err(self.expected("`,`", other, a)),
            }
        }
        self.close(known, arity, arity)?;
        self.depth -= 1;
        // `args` holds exactly `arity` expressions; a shape that does not
        // fit the name is reported as the wrong count (it cannot occur).
        let count = args.len();
        let mut args = args.into_iter().map(Box::new);
        match (known, args.next(), args.next(), args.next()) {
            ("abs", Some(a), None, None) => {
                want(&a, Type::Int)?;
                Ok(Expr {
                    height: over(&[&a], at)?,
                    node: Node::Unary(Unary::Abs, a),
                    at,
                    ty: Type::Int,
                })
            }
            ("min", Some(a), Some(b), None) => {
                binary(Binary::Min, at, *a, *b).map(|e| Expr { at, ..e })
            }
            ("max", Some(a), Some(b), None) => {
                binary(Binary::Max, at, *a, *b).map(|e| Expr { at, ..e })
            }
            ("if", Some(a), Some(b), Some(c)) => {
                want(&a, Type::Bool)?;
                want(&b, Type::Int)?;
                want(&c, Type::Int)?;
                Ok(Expr {
                    height: over(&[&a, &b, &c], at)?,
                    node: Node::If(a, b, c),
                    at,
                    ty: Type::Int,
                })
            }
            _ => Err(ExprError {
                at,
                kind: ExprErrorKind::Arguments {
                    name: known,
                    expected: arity,
                    found: count,
                },
            }),
        }
    }

    /// The `)` after `given` arguments of a function of `arity`; a `,`
    /// there is one argument too many.
    fn close(&mut self, name: &'static str, arity: usize, given: usize) -> Result<(), ExprError> {
        let (t, at) = self.bump();
        match t {
            Tok::Close => Ok(()),
            Tok::Comma => {
                let found = given + self.count_arguments_after_comma();
                Err(ExprError {
                    at,
                    kind: ExprErrorKind::Arguments {
                        name,
                        expected: arity,
                        found,
                    },
                })
            }
            other => Err(self.expected("`)`", other, at)),
        }
    }

    /// The arguments of a call starting at the `(` here, counted by the
    /// commas at its top level (for the message only).
    fn count_arguments(&self) -> usize {
        let mut depth = 0usize;
        let mut count = 0usize;
        let mut any = false;
        for (t, _) in &self.toks[self.i..] {
            match t {
                Tok::Open => {
                    depth += 1;
                    if depth > 1 {
                        any = true;
                    }
                }
                Tok::Close => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        break;
                    }
                }
                Tok::Comma if depth == 1 => count += 1,
                Tok::End => break,
                _ => any = true,
            }
        }
        if any {
            count + 1
        } else {
            count
        }
    }

    /// Arguments after a top-level comma that has just been consumed, up to
    /// the call's `)` (for the message only).
    fn count_arguments_after_comma(&self) -> usize {
        let mut depth = 1usize;
        let mut count = 1usize;
        for (t, _) in &self.toks[self.i..] {
            match t {
                Tok::Open => depth += 1,
                Tok::Close => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Tok::Comma if depth == 1 => count += 1,
                Tok::End => break,
                _ => {}
            }
        }
        count
    }
}
