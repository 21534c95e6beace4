//! Parser of the spec language: tokens to [`OpSpec`]s.

use super::ast::*;
use super::lexer::{lex, lex_from, Tok, Token};
use super::SpecError;

/// Parses one spec file. `file` names it in errors.
pub fn parse_file(file: &'static str, src: &str) -> Result<Vec<OpSpec>, SpecError> {
    parse_part(file, src, 1)
}

/// Parses a part of a spec file that starts at the beginning of line
/// `first_line`, locating tokens and errors as in the whole file.
pub fn parse_part(
    file: &'static str,
    src: &str,
    first_line: u32,
) -> Result<Vec<OpSpec>, SpecError> {
    let toks = lex_from(file, src, first_line)?;
    let mut p = Parser { file, toks, pos: 0 };
    let mut ops = Vec::new();
    while !p.at_eof() {
        ops.push(p.op()?);
    }
    Ok(ops)
}

/// Parses a single expression (used by tests and tools).
pub fn parse_expr(src: &str) -> Result<Expr, SpecError> {
    let toks = lex("<expr>", src)?;
    let mut p = Parser {
        file: "<expr>",
        toks,
        pos: 0,
    };
    let e = p.expr()?;
    if !p.at_eof() {
        return Err(p.error_here("unexpected text after the expression"));
    }
    Ok(e)
}

/// `xs...` directly as a call argument or an index marks that position for
/// mapping rather than standing for the list itself.
fn unspread(e: Expr) -> (Expr, bool) {
    match e.kind {
        ExprKind::Spread(inner) => (*inner, true),
        kind => (Expr { kind, loc: e.loc }, false),
    }
}

struct Parser {
    file: &'static str,
    toks: Vec<Token>,
    pos: usize,
}

type PResult<T> = Result<T, SpecError>;

fn describe(t: &Tok) -> String {
    match t {
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Int(v) => format!("`{v}`"),
        Tok::Str(_) => "a string".into(),
        Tok::Label(l) => format!("label `({l})`"),
        Tok::Rank(r) => format!("`{r}d`"),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::Eof => "the end of the file".into(),
    }
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }

    fn peek_at(&self, n: usize) -> &Tok {
        let i = (self.pos + n).min(self.toks.len() - 1);
        &self.toks[i].tok
    }

    fn loc(&self) -> Loc {
        self.toks[self.pos].loc
    }

    fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }

    fn bump(&mut self) {
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
    }

    fn error_at(&self, loc: Loc, msg: impl Into<String>) -> SpecError {
        SpecError {
            file: self.file,
            loc,
            message: msg.into(),
        }
    }

    fn error_here(&self, msg: &str) -> SpecError {
        self.error_at(
            self.loc(),
            format!("{msg} (found {})", describe(self.peek())),
        )
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }

    fn eat_punct(&mut self, p: &str) -> bool {
        if self.is_punct(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, p: &str) -> PResult<()> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(self.error_here(&format!("expected `{p}`")))
        }
    }

    fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            Err(self.error_here(&format!("expected `{w}`")))
        }
    }

    fn ident(&mut self, what: &str) -> PResult<String> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.bump();
                Ok(s)
            }
            _ => Err(self.error_here(&format!("expected {what}"))),
        }
    }

    fn string(&mut self, what: &str) -> PResult<String> {
        match self.peek().clone() {
            Tok::Str(s) => {
                self.bump();
                Ok(s)
            }
            _ => Err(self.error_here(&format!("expected {what}"))),
        }
    }

    // ---- items ----

    fn op(&mut self) -> PResult<OpSpec> {
        let loc = self.loc();
        self.expect_word("op")?;
        let mut name = self.ident("an op name")?;
        while self.eat_punct(".") {
            name.push('.');
            name.push_str(&self.ident("an op name after `.`")?);
        }
        if !name.contains('.') {
            return Err(self.error_at(
                loc,
                format!(
                    "op name `{name}` must be qualified by its dialect, e.g. `stablehlo.{name}`"
                ),
            ));
        }
        self.expect_punct("{")?;
        let mut op = OpSpec {
            name: name.into(),
            file: self.file,
            loc,
            members: Vec::new(),
            lets: Vec::new(),
            constraints: Vec::new(),
        };
        let mut guards = Vec::new();
        self.items(&mut op, &mut guards, true)?;
        Ok(op)
    }

    /// Items up to the closing `}` of an op block or a group.
    fn items(&mut self, op: &mut OpSpec, guards: &mut Vec<Expr>, top: bool) -> PResult<()> {
        loop {
            if self.eat_punct("}") {
                return Ok(());
            }
            match self.peek().clone() {
                Tok::Eof => return Err(self.error_here("expected `}` closing the block")),
                Tok::Label(label) => {
                    let loc = self.loc();
                    // An input label before a declaration, or a constraint.
                    if matches!(self.peek_at(1), Tok::Ident(k) if MemberKind::from_keyword(k).is_some())
                        && matches!(self.peek_at(2), Tok::Ident(_))
                    {
                        if !top {
                            return Err(
                                self.error_here("declarations may not appear inside an `if` group")
                            );
                        }
                        self.bump();
                        let m = self.member(Some(label), loc)?;
                        op.members.push(m);
                    } else {
                        self.bump();
                        let c = self.constraint(label, loc, guards)?;
                        op.constraints.push(c);
                    }
                }
                Tok::Ident(w) if w == "let" => {
                    let l = self.let_def()?;
                    op.lets.push(l);
                }
                Tok::Ident(w) if w == "if" => {
                    self.bump();
                    let g = self.cond()?;
                    self.expect_punct("{")?;
                    guards.push(g);
                    self.items(op, guards, false)?;
                    guards.pop();
                }
                Tok::Ident(w) if MemberKind::from_keyword(&w).is_some() => {
                    if !top {
                        return Err(
                            self.error_here("declarations may not appear inside an `if` group")
                        );
                    }
                    let loc = self.loc();
                    let m = self.member(None, loc)?;
                    op.members.push(m);
                }
                _ => {
                    return Err(self.error_here(
                        "expected a declaration (operand, attr, region, result), `let`, a labelled constraint, `if` or `}`",
                    ))
                }
            }
        }
    }

    fn member(&mut self, label: Option<String>, loc: Loc) -> PResult<Member> {
        let kw = self.ident("a declaration keyword")?;
        let kind = MemberKind::from_keyword(&kw).expect("checked by the caller");
        let name = self.ident("a member name")?;
        let optional = self.eat_punct("?");
        self.expect_punct(":")?;
        let variadic = self.eat_word("variadic");
        let ty = self.type_desc()?;
        let default = if self.eat_punct("=") {
            Some(self.expr()?)
        } else {
            None
        };
        if label.as_deref().is_some_and(|l| !l.starts_with('I')) {
            return Err(self.error_at(
                loc,
                "a declaration's label must be an input label such as `(I1)`",
            ));
        }
        Ok(Member {
            label: label.map(Into::into),
            kind,
            name: name.into(),
            optional,
            variadic,
            ty,
            default,
            loc,
        })
    }

    fn type_desc(&mut self) -> PResult<TypeDesc> {
        let mut alts = vec![self.type_alt()?];
        while self.eat_punct("|") {
            alts.push(self.type_alt()?);
        }
        Ok(TypeDesc { alts })
    }

    /// An optional list of element types or classes: `<float | si32>`.
    fn elem_classes(&mut self) -> PResult<Vec<ElemClass>> {
        let mut classes = Vec::new();
        if self.eat_punct("<") {
            loop {
                let c = self.ident("an element type or class")?;
                classes.push(match c.as_str() {
                    "bool" => ElemClass::Bool,
                    "integer" => ElemClass::Integer,
                    "signed" => ElemClass::Signed,
                    "unsigned" => ElemClass::Unsigned,
                    "float" => ElemClass::Float,
                    "complex" => ElemClass::Complex,
                    _ if super::builtins::is_element_type_name(&c) => ElemClass::Named(c),
                    _ => {
                        return Err(self.error_at(
                            self.toks[self.pos - 1].loc,
                            format!("unknown element type or class `{c}`"),
                        ))
                    }
                });
                if !self.eat_punct("|") {
                    break;
                }
            }
            self.expect_punct(">")?;
        }
        Ok(classes)
    }

    fn type_alt(&mut self) -> PResult<TypeAlt> {
        let rank = match self.peek() {
            Tok::Rank(r) => {
                let r = *r;
                self.bump();
                Some(r)
            }
            _ => None,
        };
        let loc = self.loc();
        let word = self.ident("a type (tensor, quantized, token, ...)")?;
        let base = match word.as_str() {
            "tensor" => TypeBase::Tensor(self.elem_classes()?),
            "quantized" => TypeBase::Quantized,
            "per_tensor_quantized" => TypeBase::PerTensorQuantized,
            "per_axis_quantized" => TypeBase::PerAxisQuantized,
            "token" => TypeBase::Token,
            "tuple" => TypeBase::Tuple,
            "value" => TypeBase::Value,
            "function" => TypeBase::Function,
            "string" => TypeBase::String,
            "dict" => TypeBase::Dict,
            "type" => TypeBase::Type(self.elem_classes()?),
            "enum" => {
                self.expect_punct("(")?;
                let mut names = vec![self.ident("an enum constant")?];
                while self.eat_punct(",") {
                    names.push(self.ident("an enum constant")?);
                }
                self.expect_punct(")")?;
                TypeBase::Enum(names)
            }
            _ if super::builtins::is_element_type_name(&word) => TypeBase::Scalar(word),
            _ => return Err(self.error_at(loc, format!("unknown type `{word}`"))),
        };
        if rank.is_some()
            && !matches!(
                base,
                TypeBase::Tensor(_)
                    | TypeBase::Quantized
                    | TypeBase::PerTensorQuantized
                    | TypeBase::PerAxisQuantized
            )
        {
            return Err(self.error_at(loc, "a rank prefix (`1d`) applies only to tensor types"));
        }
        Ok(TypeAlt { rank, base })
    }

    fn let_def(&mut self) -> PResult<Let> {
        let loc = self.loc();
        self.expect_word("let")?;
        let name = self.ident("a name after `let`")?;
        let mut params = Vec::new();
        if self.eat_punct("(") {
            loop {
                params.push(self.ident("a parameter name")?);
                if !self.eat_punct(",") {
                    break;
                }
            }
            self.expect_punct(")")?;
        }
        self.expect_punct("=")?;
        let body = self.expr()?;
        Ok(Let {
            name: name.into(),
            params: params.into_iter().map(Into::into).collect(),
            body,
            loc,
        })
    }

    fn constraint(&mut self, label: String, loc: Loc, guards: &[Expr]) -> PResult<Constraint> {
        if label.starts_with('I') {
            return Err(self.error_at(
                loc,
                format!("input label `({label})` must be followed by a declaration"),
            ));
        }
        let body = if self.eat_word("not_encoded") {
            ConstraintBody::NotEncoded(self.string("the spec's sentence after `not_encoded`")?)
        } else {
            ConstraintBody::Formula(self.expr()?)
        };
        let note = if self.eat_word("note") {
            Some(self.string("a string after `note`")?)
        } else {
            None
        };
        Ok(Constraint {
            label: label.into(),
            guards: guards.to_vec(),
            body,
            note: note.map(Into::into),
            loc,
        })
    }

    // ---- expressions ----

    pub fn expr(&mut self) -> PResult<Expr> {
        let loc = self.loc();
        if self.eat_word("if") {
            let cond = self.expr()?;
            self.expect_word("then")?;
            let then = self.expr()?;
            let otherwise = if self.eat_word("else") {
                Some(Box::new(self.expr()?))
            } else {
                None
            };
            return Ok(Expr {
                kind: ExprKind::Cond {
                    cond: Box::new(cond),
                    then: Box::new(then),
                    otherwise,
                    keyword: true,
                },
                loc,
            });
        }
        if self.eat_word("forall") {
            let vars = self.binders()?;
            self.expect_word("in")?;
            let iter = self.cond()?;
            self.expect_punct(":")?;
            let body = self.expr()?;
            return Ok(Expr {
                kind: ExprKind::Forall {
                    vars: vars.into_iter().map(Into::into).collect(),
                    iter: Box::new(iter),
                    body: Box::new(body),
                },
                loc,
            });
        }
        self.cond()
    }

    fn binders(&mut self) -> PResult<Vec<String>> {
        let mut vars = vec![self.ident("a variable name")?];
        if self.eat_punct(",") {
            vars.push(self.ident("a variable name")?);
        }
        Ok(vars)
    }

    fn cond(&mut self) -> PResult<Expr> {
        let loc = self.loc();
        let c = self.or()?;
        if self.eat_punct("?") {
            let then = self.expr()?;
            self.expect_punct(":")?;
            let otherwise = self.expr()?;
            return Ok(Expr {
                kind: ExprKind::Cond {
                    cond: Box::new(c),
                    then: Box::new(then),
                    otherwise: Some(Box::new(otherwise)),
                    keyword: false,
                },
                loc,
            });
        }
        Ok(c)
    }

    fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
        let loc = a.loc;
        Expr {
            kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
            loc,
        }
    }

    fn or(&mut self) -> PResult<Expr> {
        let mut e = self.and()?;
        while self.eat_word("or") || self.eat_punct("||") {
            let r = self.and()?;
            e = Self::binary(BinOp::Or, e, r);
        }
        Ok(e)
    }

    fn and(&mut self) -> PResult<Expr> {
        let mut e = self.cmp()?;
        while self.eat_word("and") || self.eat_punct("&&") {
            let r = self.cmp()?;
            e = Self::binary(BinOp::And, e, r);
        }
        Ok(e)
    }

    fn cmp_op(&mut self) -> Option<CmpOp> {
        let op = match self.peek() {
            Tok::Punct("=") | Tok::Punct("==") => CmpOp::Eq,
            Tok::Punct("!=") => CmpOp::Ne,
            Tok::Punct("<") => CmpOp::Lt,
            Tok::Punct("<=") => CmpOp::Le,
            Tok::Punct(">") => CmpOp::Gt,
            Tok::Punct(">=") => CmpOp::Ge,
            Tok::Ident(w) if w == "in" => CmpOp::In,
            Tok::Ident(w)
                if w == "not" && matches!(self.peek_at(1), Tok::Ident(x) if x == "in") =>
            {
                self.bump();
                CmpOp::NotIn
            }
            _ => return None,
        };
        self.bump();
        Some(op)
    }

    fn cmp(&mut self) -> PResult<Expr> {
        let loc = self.loc();
        let first = self.concat()?;
        let mut rest = Vec::new();
        while let Some(op) = self.cmp_op() {
            rest.push((op, self.concat()?));
        }
        if rest.is_empty() {
            return Ok(first);
        }
        Ok(Expr {
            kind: ExprKind::Compare {
                first: Box::new(first),
                rest,
            },
            loc,
        })
    }

    fn concat(&mut self) -> PResult<Expr> {
        let mut e = self.add()?;
        while self.eat_punct("++") {
            let r = self.add()?;
            e = Self::binary(BinOp::Concat, e, r);
        }
        Ok(e)
    }

    fn add(&mut self) -> PResult<Expr> {
        let mut e = self.mul()?;
        loop {
            let op = if self.eat_punct("+") {
                BinOp::Add
            } else if self.eat_punct("-") {
                BinOp::Sub
            } else {
                return Ok(e);
            };
            let r = self.mul()?;
            e = Self::binary(op, e, r);
        }
    }

    fn mul(&mut self) -> PResult<Expr> {
        let mut e = self.unary()?;
        loop {
            let op = if self.eat_punct("*") {
                BinOp::Mul
            } else if self.eat_punct("/") {
                BinOp::Div
            } else if self.eat_punct("%") {
                BinOp::Rem
            } else {
                return Ok(e);
            };
            let r = self.unary()?;
            e = Self::binary(op, e, r);
        }
    }

    fn unary(&mut self) -> PResult<Expr> {
        let loc = self.loc();
        let op = if self.eat_punct("-") {
            UnOp::Neg
        } else if self.eat_punct("!") || self.eat_word("not") {
            UnOp::Not
        } else {
            return self.postfix();
        };
        let e = self.unary()?;
        // Fold negative literals so that `-1` prints and evaluates as one.
        if let (UnOp::Neg, ExprKind::Int(v)) = (op, &e.kind) {
            return Ok(Expr {
                kind: ExprKind::Int(-v),
                loc,
            });
        }
        Ok(Expr {
            kind: ExprKind::Unary(op, Box::new(e)),
            loc,
        })
    }

    fn postfix(&mut self) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            if self.is_punct("(") {
                let ExprKind::Name(func) = &e.kind else {
                    return Err(self.error_here("only a builtin or a `let` function can be called"));
                };
                let func = func.clone();
                self.bump();
                let mut args = Vec::new();
                if !self.eat_punct(")") {
                    loop {
                        let (expr, spread) = unspread(self.expr()?);
                        args.push(Arg { expr, spread });
                        if self.eat_punct(")") {
                            break;
                        }
                        self.expect_punct(",")?;
                    }
                }
                e = Expr {
                    kind: ExprKind::Call { func, args },
                    loc: e.loc,
                };
            } else if self.eat_punct("[") {
                let mut indices = Vec::new();
                loop {
                    indices.push(self.index()?);
                    if self.eat_punct("]") {
                        break;
                    }
                    self.expect_punct(",")?;
                }
                let loc = e.loc;
                e = Expr {
                    kind: ExprKind::Index {
                        base: Box::new(e),
                        indices,
                    },
                    loc,
                };
            } else if self.eat_punct("...") {
                let loc = e.loc;
                e = Expr {
                    kind: ExprKind::Spread(Box::new(e)),
                    loc,
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn index(&mut self) -> PResult<Index> {
        let lo = if self.is_punct(":") {
            None
        } else {
            let (expr, spread) = unspread(self.expr()?);
            if spread {
                return Ok(Index::At { expr, spread });
            }
            Some(expr)
        };
        if self.eat_punct(":") {
            let hi = if self.is_punct("]") || self.is_punct(",") {
                None
            } else {
                Some(self.expr()?)
            };
            return Ok(Index::Slice(lo, hi));
        }
        Ok(Index::At {
            expr: lo.expect("not a slice, so there is an expression"),
            spread: false,
        })
    }

    fn primary(&mut self) -> PResult<Expr> {
        let loc = self.loc();
        let kind = match self.peek().clone() {
            Tok::Int(v) => {
                self.bump();
                ExprKind::Int(v)
            }
            Tok::Str(s) => {
                self.bump();
                ExprKind::Str(s.into())
            }
            Tok::Ident(w) => {
                const RESERVED: [&str; 14] = [
                    "if",
                    "then",
                    "else",
                    "forall",
                    "in",
                    "for",
                    "and",
                    "or",
                    "not",
                    "let",
                    "op",
                    "note",
                    "not_encoded",
                    "variadic",
                ];
                if RESERVED.contains(&w.as_str()) {
                    return Err(self.error_here("expected an expression"));
                }
                self.bump();
                match w.as_str() {
                    "true" => ExprKind::Bool(true),
                    "false" => ExprKind::Bool(false),
                    "tensor" | "complex" if self.is_punct("<") => {
                        self.bump();
                        let inner = self.add()?;
                        self.expect_punct(">")?;
                        if w == "tensor" {
                            ExprKind::TensorOf(Box::new(inner))
                        } else {
                            ExprKind::ComplexOf(Box::new(inner))
                        }
                    }
                    _ => ExprKind::Name(w.into()),
                }
            }
            Tok::Punct("(") => {
                self.bump();
                let e = self.expr()?;
                self.expect_punct(")")?;
                return Ok(e);
            }
            Tok::Punct("[") => {
                self.bump();
                if self.eat_punct("]") {
                    ExprKind::List(Vec::new())
                } else {
                    let first = self.expr()?;
                    if self.eat_word("for") {
                        let vars = self.binders()?;
                        self.expect_word("in")?;
                        let iter = self.cond()?;
                        let filter = if self.eat_word("if") {
                            Some(Box::new(self.expr()?))
                        } else {
                            None
                        };
                        self.expect_punct("]")?;
                        ExprKind::Comprehension {
                            body: Box::new(first),
                            vars: vars.into_iter().map(Into::into).collect(),
                            iter: Box::new(iter),
                            filter,
                        }
                    } else {
                        let mut items = vec![first];
                        while self.eat_punct(",") {
                            items.push(self.expr()?);
                        }
                        self.expect_punct("]")?;
                        ExprKind::List(items)
                    }
                }
            }
            _ => return Err(self.error_here("expected an expression")),
        };
        Ok(Expr { kind, loc })
    }
}
