//! The rule language (`spec/rules/*.rules`, defined in `spec/rules/README.md`):
//! its parser and the evaluation of its type, attribute and condition
//! expressions. Matching and instantiating patterns is in `matcher.rs`.

use crate::float::{self, FloatKind};
use crate::ir::attr::{Attr, DenseArray, DenseElements};
use crate::ir::parse::Parser;
use crate::ir::types::Signedness;
use crate::ir::{ElementType, TensorType, Type};
use std::collections::HashMap;

/// The embedded rule files: (name, text).
pub const FILES: &[(&str, &str)] = &[
    (
        "spec/rules/chlo.rules",
        include_str!("../../spec/rules/chlo.rules"),
    ),
    (
        "spec/rules/algebra.rules",
        include_str!("../../spec/rules/algebra.rules"),
    ),
    (
        "spec/rules/elementary.rules",
        include_str!("../../spec/rules/elementary.rules"),
    ),
    (
        "spec/rules/special.rules",
        include_str!("../../spec/rules/special.rules"),
    ),
];

/// What a rule promises.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// The same bits on every input (NaN payloads and signs included).
    Exact,
    /// Within a stated bound, in ULP, per float format.
    Approx(Vec<(String, u64)>),
}

/// An expression: an operand, attribute or type variable, a literal, or a
/// builtin applied to expressions.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `%x`: a value.
    Val(String),
    /// `$k`: an attribute.
    AttrVar(String),
    /// `T`: a type (an identifier starting with an upper-case letter).
    TypeVar(String),
    /// A builtin: `with_elem(T, i1)`, `float(T)`, ...
    Call(String, Vec<Expr>),
    /// An MLIR attribute literal.
    Attr(Attr),
    /// An MLIR type literal (element types included: `i1`, `f32`).
    Type(Type),
    /// An integer.
    Int(i64),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

/// One attribute of a pattern op.
#[derive(Clone, Debug, PartialEq)]
pub struct AttrPat {
    pub name: String,
    pub value: Expr,
    /// `name = $v?`: the attribute may be absent (then `$v` is unbound).
    pub optional: bool,
}

/// A region of a right-hand side: block arguments, ops, returned values.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionPat {
    pub args: Vec<(String, Expr)>,
    pub ops: Vec<OpPat>,
    pub ret: Vec<String>,
}

/// One line of a pattern: `%r, %s = name(%a, %b) {attrs} region {...} : types`,
/// or an alias `%r = %a` (right-hand sides only).
#[derive(Clone, Debug, PartialEq)]
pub struct OpPat {
    pub results: Vec<String>,
    /// Empty for an alias.
    pub name: String,
    pub operands: Vec<String>,
    pub attrs: Vec<AttrPat>,
    /// `..` in the braces: other attributes may be present (left-hand sides).
    pub other_attrs: bool,
    pub regions: Vec<RegionPat>,
    pub types: Vec<Expr>,
    /// 1-based line in the rule file.
    pub line: u32,
}

/// A rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub name: String,
    pub kind: Kind,
    /// The left-hand side; its last op is the root.
    pub lhs: Vec<OpPat>,
    pub cond: Option<Expr>,
    /// The right-hand side; it defines the root's results.
    pub rhs: Vec<OpPat>,
    pub file: String,
    pub line: u32,
}

impl Rule {
    /// The root op of the left-hand side.
    pub fn root(&self) -> &OpPat {
        self.lhs.last().expect("a rule has a left-hand side")
    }
}

/// A rule file error: file, line, message.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleError {
    pub file: String,
    pub line: u32,
    pub message: String,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// Every rule of the embedded files, parsed once.
pub fn all() -> &'static [Rule] {
    static RULES: std::sync::OnceLock<Vec<Rule>> = std::sync::OnceLock::new();
    RULES.get_or_init(|| {
        let mut out = Vec::new();
        for (name, text) in FILES {
            match parse_rules(name, text) {
                Ok(mut r) => out.append(&mut r),
                // The embedded files are tested to parse; a broken file
                // contributes no rules rather than aborting.
                Err(e) => eprintln!("hlocheck: {e}"),
            }
        }
        out
    })
}

/// The rules by the name of their root op.
pub fn by_root() -> &'static HashMap<String, Vec<&'static Rule>> {
    static MAP: std::sync::OnceLock<HashMap<String, Vec<&'static Rule>>> =
        std::sync::OnceLock::new();
    MAP.get_or_init(|| {
        let mut m: HashMap<String, Vec<&'static Rule>> = HashMap::new();
        for r in all() {
            m.entry(r.root().name.clone()).or_default().push(r);
        }
        m
    })
}

// ---------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------

/// Parses a rule file. `rule ... end` blocks with `for X in a b c` are
/// expanded once per word, `{X}` replaced by the word.
pub fn parse_rules(file: &str, text: &str) -> Result<Vec<Rule>, RuleError> {
    let mut rules = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let l = strip_comment(lines[i]).trim();
        if l.is_empty() {
            i += 1;
            continue;
        }
        if !l.starts_with("rule ") {
            return Err(RuleError {
                file: file.into(),
                line: i as u32 + 1,
                message: format!("expected `rule`, found `{l}`"),
            });
        }
        let start = i;
        while i < lines.len() && strip_comment(lines[i]).trim() != "end" {
            i += 1;
        }
        if i == lines.len() {
            return Err(RuleError {
                file: file.into(),
                line: start as u32 + 1,
                message: "rule without `end`".into(),
            });
        }
        let block: Vec<&str> = lines[start..i].iter().map(|l| strip_comment(l)).collect();
        i += 1;
        let header = block[0].trim();
        let (header, instances): (String, Vec<(String, String)>) = match header.find(" for ") {
            Some(p) => {
                let spec = &header[p + 5..];
                let mut words = spec.split_whitespace();
                let var = words.next().unwrap_or("");
                if words.next() != Some("in") || var.is_empty() {
                    return Err(RuleError {
                        file: file.into(),
                        line: start as u32 + 1,
                        message: "expected `for NAME in WORD...`".into(),
                    });
                }
                (
                    header[..p].to_string(),
                    words
                        .map(|w| (format!("{{{var}}}"), w.to_string()))
                        .collect(),
                )
            }
            None => (header.to_string(), vec![(String::new(), String::new())]),
        };
        for (pat, word) in instances {
            let mut body = String::new();
            body.push_str(&header);
            body.push('\n');
            for l in &block[1..] {
                body.push_str(l);
                body.push('\n');
            }
            if !pat.is_empty() {
                body = body.replace(&pat, &word);
            }
            let rule = RuleParser {
                text: &body,
                pos: 0,
                file,
                line0: start as u32,
            }
            .rule()?;
            rules.push(rule);
        }
    }
    let mut seen = std::collections::HashSet::new();
    for r in &rules {
        if !seen.insert(r.name.clone()) {
            return Err(RuleError {
                file: file.into(),
                line: r.line,
                message: format!("rule `{}` is defined twice", r.name),
            });
        }
    }
    Ok(rules)
}

fn strip_comment(l: &str) -> &str {
    match l.find("//") {
        Some(p) => &l[..p],
        None => l,
    }
}

struct RuleParser<'a> {
    text: &'a str,
    pos: usize,
    file: &'a str,
    line0: u32,
}

type PRes<T> = Result<T, RuleError>;

impl<'a> RuleParser<'a> {
    fn line(&self) -> u32 {
        self.line0 + 1 + self.text[..self.pos].matches('\n').count() as u32
    }
    fn err<T>(&self, msg: impl Into<String>) -> PRes<T> {
        Err(RuleError {
            file: self.file.into(),
            line: self.line(),
            message: msg.into(),
        })
    }
    fn ws(&mut self) {
        let b = self.text.as_bytes();
        while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }
    fn peek(&mut self) -> u8 {
        self.ws();
        self.text.as_bytes().get(self.pos).copied().unwrap_or(0)
    }
    fn eat(&mut self, s: &str) -> bool {
        self.ws();
        if self.text[self.pos..].starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, s: &str) -> PRes<()> {
        if self.eat(s) {
            Ok(())
        } else {
            let found: String = self.text[self.pos..].chars().take(20).collect();
            self.err(format!("expected `{s}`, found `{found}`"))
        }
    }
    /// An identifier (letters, digits, `_`, `.`).
    fn ident(&mut self) -> PRes<&'a str> {
        self.ws();
        let b = self.text.as_bytes();
        let s = self.pos;
        while self.pos < b.len()
            && (b[self.pos].is_ascii_alphanumeric() || b[self.pos] == b'_' || b[self.pos] == b'.')
        {
            self.pos += 1;
        }
        if s == self.pos {
            return self.err("expected a name");
        }
        Ok(&self.text[s..self.pos])
    }
    fn peek_word(&mut self) -> &'a str {
        let save = self.pos;
        let w = self.ident().unwrap_or("");
        self.pos = save;
        w
    }
    fn value(&mut self) -> PRes<String> {
        self.expect("%")?;
        Ok(self.ident()?.to_string())
    }

    fn rule(mut self) -> PRes<Rule> {
        let line = self.line();
        self.expect("rule")?;
        let name = self.ident()?.to_string();
        let kind = match self.ident()? {
            "exact" => Kind::Exact,
            "approx" => {
                self.expect("(")?;
                let mut bounds = Vec::new();
                if !self.eat(")") {
                    loop {
                        let f = self.ident()?.to_string();
                        self.expect("=")?;
                        let n = self.ident()?;
                        let n: u64 = match n.parse() {
                            Ok(n) => n,
                            Err(_) => return self.err("expected a number of ulp"),
                        };
                        self.expect("ulp")?;
                        bounds.push((f, n));
                        if self.eat(")") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                Kind::Approx(bounds)
            }
            k => return self.err(format!("expected `exact` or `approx`, found `{k}`")),
        };
        self.expect("from")?;
        let mut lhs = Vec::new();
        while self.peek() == b'%' {
            lhs.push(self.op_line()?);
        }
        if lhs.is_empty() {
            return self.err("empty left-hand side");
        }
        let cond = if self.peek_word() == "where" {
            self.expect("where")?;
            Some(self.cond()?)
        } else {
            None
        };
        self.expect("to")?;
        let mut rhs = Vec::new();
        while self.peek() == b'%' {
            rhs.push(self.op_line()?);
        }
        self.ws();
        if self.pos != self.text.len() {
            return self.err("expected `%` (an op) or `end`");
        }
        if rhs.is_empty() {
            return self.err("empty right-hand side");
        }
        for r in &lhs.last().map(|o| o.results.clone()).unwrap_or_default() {
            if !rhs.iter().any(|o| o.results.contains(r)) {
                return Err(RuleError {
                    file: self.file.into(),
                    line,
                    message: format!("the right-hand side does not define %{r}"),
                });
            }
        }
        Ok(Rule {
            name,
            kind,
            lhs,
            cond,
            rhs,
            file: self.file.into(),
            line,
        })
    }

    fn op_line(&mut self) -> PRes<OpPat> {
        let line = self.line();
        let mut results = vec![self.value()?];
        while self.eat(",") {
            results.push(self.value()?);
        }
        self.expect("=")?;
        if self.peek() == b'%' {
            let v = self.value()?;
            return Ok(OpPat {
                results,
                name: String::new(),
                operands: vec![v],
                attrs: vec![],
                other_attrs: false,
                regions: vec![],
                types: vec![],
                line,
            });
        }
        let name = self.ident()?.to_string();
        self.expect("(")?;
        let mut operands = Vec::new();
        if !self.eat(")") {
            loop {
                operands.push(self.value()?);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let (mut attrs, mut other_attrs) = (Vec::new(), false);
        if self.eat("{") && !self.eat("}") {
            loop {
                if self.eat("..") {
                    other_attrs = true;
                } else {
                    let n = self.ident()?.to_string();
                    self.expect("=")?;
                    let value = self.expr()?;
                    let optional = self.eat("?");
                    attrs.push(AttrPat {
                        name: n,
                        value,
                        optional,
                    });
                }
                if self.eat("}") {
                    break;
                }
                self.expect(",")?;
            }
        }
        attrs.sort_by(|a, b| a.name.cmp(&b.name));
        let mut regions = Vec::new();
        while self.peek_word() == "region" {
            self.expect("region")?;
            regions.push(self.region()?);
        }
        self.expect(":")?;
        let types = if self.peek() == b'(' {
            self.expect("(")?;
            let mut ts = Vec::new();
            loop {
                ts.push(self.expr()?);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
            ts
        } else {
            vec![self.expr()?]
        };
        if types.len() != results.len() {
            return self.err(format!(
                "{} results but {} types",
                results.len(),
                types.len()
            ));
        }
        Ok(OpPat {
            results,
            name,
            operands,
            attrs,
            other_attrs,
            regions,
            types,
            line,
        })
    }

    fn region(&mut self) -> PRes<RegionPat> {
        self.expect("{")?;
        self.expect("^(")?;
        let mut args = Vec::new();
        if !self.eat(")") {
            loop {
                let v = self.value()?;
                self.expect(":")?;
                args.push((v, self.expr()?));
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let mut ops = Vec::new();
        while self.peek() == b'%' {
            ops.push(self.op_line()?);
        }
        self.expect("return")?;
        let mut ret = vec![self.value()?];
        while self.eat(",") {
            ret.push(self.value()?);
        }
        self.expect("}")?;
        Ok(RegionPat { args, ops, ret })
    }

    fn cond(&mut self) -> PRes<Expr> {
        let mut e = self.conj()?;
        while self.peek_word() == "or" {
            self.expect("or")?;
            e = Expr::Or(Box::new(e), Box::new(self.conj()?));
        }
        Ok(e)
    }
    fn conj(&mut self) -> PRes<Expr> {
        let mut e = self.cond_atom()?;
        while self.peek_word() == "and" {
            self.expect("and")?;
            e = Expr::And(Box::new(e), Box::new(self.cond_atom()?));
        }
        Ok(e)
    }
    fn cond_atom(&mut self) -> PRes<Expr> {
        if self.peek_word() == "not" {
            self.expect("not")?;
            return Ok(Expr::Not(Box::new(self.cond_atom()?)));
        }
        if self.eat("(") {
            let e = self.cond()?;
            self.expect(")")?;
            return Ok(e);
        }
        self.expr()
    }

    /// An expression: `%v`, `$a`, `T`, `name(args)`, an integer, or an MLIR
    /// attribute or type literal.
    fn expr(&mut self) -> PRes<Expr> {
        match self.peek() {
            b'%' => return Ok(Expr::Val(self.value()?)),
            b'$' => {
                self.pos += 1;
                return Ok(Expr::AttrVar(self.ident()?.to_string()));
            }
            b'-' | b'0'..=b'9' => {
                let save = self.pos;
                let neg = self.eat("-");
                if let Ok(w) = self.ident() {
                    if let Ok(n) = w.parse::<i64>() {
                        // `3 : i32` is an attribute literal, not an integer.
                        let after = self.pos;
                        if !self.eat(":") || self.peek() == b'(' {
                            self.pos = after;
                            return Ok(Expr::Int(if neg { -n } else { n }));
                        }
                    }
                }
                self.pos = save;
            }
            _ => {}
        }
        let w = self.peek_word();
        if w.starts_with(|c: char| c.is_ascii_uppercase()) {
            self.ident()?;
            return Ok(Expr::TypeVar(w.to_string()));
        }
        if BUILTINS.contains(&w) {
            self.ident()?;
            self.expect("(")?;
            let mut args = Vec::new();
            if !self.eat(")") {
                loop {
                    args.push(self.expr()?);
                    if self.eat(")") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            return Ok(Expr::Call(w.to_string(), args));
        }
        // A type literal (`tensor<...>`, element types), else an attribute.
        let is_type = w == "tensor"
            || w == "complex"
            || w == "index"
            || FloatKind::from_name(w).is_some()
            || w == "bf16"
            || (w.len() > 1
                && (w.starts_with('i') || w.starts_with("si") || w.starts_with("ui"))
                && w.trim_start_matches(['s', 'u'])
                    .trim_start_matches('i')
                    .parse::<u32>()
                    .is_ok());
        let mut p = Parser::new(self.text, self.pos);
        let r = if is_type {
            p.parse_type().map(Expr::Type)
        } else {
            p.parse_attr().map(Expr::Attr)
        };
        match r {
            Ok(e) => {
                let end = p.offset();
                // `offset` is the start of the next token; back up over blanks.
                self.pos = end.min(self.text.len());
                Ok(e)
            }
            Err(e) => self.err(format!("bad literal: {}", e.msg)),
        }
    }
}

/// The builtins of the expression language (README: "Builtins").
pub const BUILTINS: &[&str] = &[
    // conditions
    "float",
    "int",
    "signed",
    "unsigned",
    "bool",
    "complex",
    "quant",
    "has_inf",
    "no_inf",
    "has_nan",
    "static",
    "same",
    "present",
    "absent",
    "rank_lt",
    "bits_le",
    "bits_eq",
    "eq",
    "has_zero",
    // types
    "type",
    "elem",
    "with_elem",
    "part",
    "scalar",
    "widen",
    "complex_of",
    // attributes
    "bcast_dims",
    "compare_type",
    "sort_type",
    "stablehlo",
    "splat",
    "inf",
    "last_dim",
    "zeros",
    "ones",
    "shape",
    "bits",
    "iota_dim",
    "uint_of",
    "sign_bit",
    "tiny",
    "min_normal",
    "ulp_in",
    "sizes_type",
];

// ---------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------

/// What a left-hand side bound: values (with their types), attributes, types.
#[derive(Clone, Debug)]
pub struct Bindings<I> {
    pub vals: Vec<(String, I, Type)>,
    pub attrs: Vec<(String, Attr)>,
    pub types: Vec<(String, Type)>,
}

impl<I> Default for Bindings<I> {
    fn default() -> Self {
        Bindings {
            vals: vec![],
            attrs: vec![],
            types: vec![],
        }
    }
}

impl<I: Clone> Bindings<I> {
    pub fn val(&self, n: &str) -> Option<&(String, I, Type)> {
        self.vals.iter().find(|v| v.0 == n)
    }
    pub fn attr(&self, n: &str) -> Option<&Attr> {
        self.attrs.iter().find(|v| v.0 == n).map(|v| &v.1)
    }
    pub fn ty(&self, n: &str) -> Option<&Type> {
        self.types.iter().find(|v| v.0 == n).map(|v| &v.1)
    }
}

/// A value an expression evaluates to.
#[derive(Clone, Debug, PartialEq)]
pub enum V {
    Bool(bool),
    Int(i64),
    Type(Type),
    Elem(ElementType),
    Attr(Attr),
    /// An unbound optional attribute.
    Absent,
}

type ERes<T> = Result<T, String>;

fn elem_of(t: &Type) -> ERes<ElementType> {
    match t {
        Type::Tensor(t) => Ok(t.elem.clone()),
        Type::Element(e) => Ok(e.clone()),
        _ => Err(format!("{t} has no element type")),
    }
}

fn dims_of(t: &Type) -> ERes<Vec<Option<u64>>> {
    match t {
        Type::Tensor(TensorType { dims: Some(d), .. }) => Ok(d.clone()),
        _ => Err(format!("{t} is not a ranked tensor")),
    }
}

fn static_dims(t: &Type) -> ERes<Vec<u64>> {
    dims_of(t)?
        .into_iter()
        .map(|d| d.ok_or_else(|| format!("{t} has a dynamic dimension")))
        .collect()
}

fn i64_array(v: Vec<i64>) -> Attr {
    Attr::DenseArray(DenseArray::I64(v))
}

/// The lanes of the splat value `a` as element type `e`, little-endian bytes.
fn splat_bytes(e: &ElementType, a: &Attr) -> ERes<Vec<u8>> {
    let w = e.storage_bytes();
    let bits: u64 = match (e, a) {
        (ElementType::Float(k), Attr::Float(b, from)) => {
            float::convert::convert_kind(*from, *k, *b)
        }
        (ElementType::Float(k), Attr::Int(v, _)) => {
            float::convert::from_int(k.format(), *v, float::Rounding::NearestEven)
        }
        (ElementType::Int(..) | ElementType::Index, Attr::Int(v, _)) => *v as u64,
        (ElementType::Int(_, 1), Attr::Bool(b)) => *b as u64,
        (ElementType::Complex(k), _) => {
            let re = splat_bytes(&ElementType::Float(*k), a)?;
            let mut out = re.clone();
            out.extend(vec![0u8; re.len()]);
            return Ok(out);
        }
        (_, Attr::Dense(d)) if d.splat && &d.ty.elem == e => return Ok(d.data.clone()),
        _ => return Err(format!("cannot make a {e} splat of {a}")),
    };
    Ok(bits.to_le_bytes()[..w.min(8)].to_vec())
}

/// Evaluates an expression under the bindings of a match.
pub fn eval<I: Clone>(e: &Expr, b: &Bindings<I>) -> ERes<V> {
    Ok(match e {
        Expr::Val(v) => V::Type(
            b.val(v)
                .map(|x| x.2.clone())
                .ok_or_else(|| format!("%{v} is not bound"))?,
        ),
        Expr::AttrVar(n) => match b.attr(n) {
            Some(a) => V::Attr(a.clone()),
            None => V::Absent,
        },
        Expr::TypeVar(n) => V::Type(
            b.ty(n)
                .cloned()
                .ok_or_else(|| format!("type {n} is not bound"))?,
        ),
        Expr::Attr(a) => V::Attr(a.clone()),
        Expr::Type(Type::Element(e)) => V::Elem(e.clone()),
        Expr::Type(t) => V::Type(t.clone()),
        Expr::Int(n) => V::Int(*n),
        Expr::Not(x) => V::Bool(!as_bool(&eval(x, b)?)?),
        Expr::And(x, y) => V::Bool(as_bool(&eval(x, b)?)? && as_bool(&eval(y, b)?)?),
        Expr::Or(x, y) => V::Bool(as_bool(&eval(x, b)?)? || as_bool(&eval(y, b)?)?),
        Expr::Call(f, args) => call(f, args, b)?,
    })
}

fn as_bool(v: &V) -> ERes<bool> {
    match v {
        V::Bool(b) => Ok(*b),
        _ => Err(format!("{v:?} is not a condition")),
    }
}

/// The type an expression evaluates to.
pub fn eval_type<I: Clone>(e: &Expr, b: &Bindings<I>) -> ERes<Type> {
    match eval(e, b)? {
        V::Type(t) => Ok(t),
        V::Elem(e) => Ok(Type::Element(e)),
        v => Err(format!("{v:?} is not a type")),
    }
}

/// The attribute an expression evaluates to (`None` when absent).
pub fn eval_attr<I: Clone>(e: &Expr, b: &Bindings<I>) -> ERes<Option<Attr>> {
    match eval(e, b)? {
        V::Attr(a) => Ok(Some(a)),
        V::Absent => Ok(None),
        V::Int(n) => Ok(Some(Attr::Int(n as i128, ElementType::I64))),
        V::Bool(x) => Ok(Some(Attr::Bool(x))),
        v => Err(format!("{v:?} is not an attribute")),
    }
}

/// Evaluates a condition.
pub fn eval_cond<I: Clone>(e: &Expr, b: &Bindings<I>) -> ERes<bool> {
    as_bool(&eval(e, b)?)
}

fn elem_arg<I: Clone>(e: &Expr, b: &Bindings<I>) -> ERes<ElementType> {
    match eval(e, b)? {
        V::Type(t) => elem_of(&t),
        V::Elem(e) => Ok(e),
        v => Err(format!("{v:?} is not a type")),
    }
}

fn call<I: Clone>(f: &str, args: &[Expr], b: &Bindings<I>) -> ERes<V> {
    let arg = |i: usize| {
        args.get(i)
            .ok_or_else(|| format!("{f} needs {} arguments", i + 1))
    };
    let elem = |i: usize| elem_arg(arg(i)?, b);
    let ty = |i: usize| eval_type(arg(i)?, b);
    let is_int = |e: &ElementType| matches!(e, ElementType::Int(_, w) if *w > 1);
    Ok(match f {
        "float" => V::Bool(matches!(elem(0)?, ElementType::Float(_))),
        "int" => V::Bool(is_int(&elem(0)?)),
        "signed" => V::Bool(
            matches!(elem(0)?, ElementType::Int(s, w) if w > 1 && s != Signedness::Unsigned),
        ),
        "unsigned" => {
            V::Bool(matches!(elem(0)?, ElementType::Int(Signedness::Unsigned, w) if w > 1))
        }
        "bool" => V::Bool(elem(0)? == ElementType::I1),
        "complex" => V::Bool(matches!(elem(0)?, ElementType::Complex(_))),
        "quant" => V::Bool(matches!(elem(0)?, ElementType::Quant(_))),
        "has_inf" => V::Bool(matches!(elem(0)?, ElementType::Float(k) if k.format().has_inf)),
        "no_inf" => V::Bool(matches!(elem(0)?, ElementType::Float(k) if !k.format().has_inf)),
        "has_nan" => V::Bool(
            matches!(elem(0)?, ElementType::Float(k) if k.format().nan != float::NanEncoding::None),
        ),
        "has_zero" => V::Bool(matches!(elem(0)?, ElementType::Float(k) if k.format().has_zero)),
        "static" => V::Bool(args.iter().all(|a| {
            eval_type(a, b)
                .ok()
                .and_then(|t| t.as_tensor().and_then(|t| t.num_elements()))
                .is_some()
        })),
        "same" => V::Bool(eval(arg(0)?, b)? == eval(arg(1)?, b)?),
        "eq" => V::Bool(eval(arg(0)?, b)? == eval(arg(1)?, b)?),
        "present" => V::Bool(eval(arg(0)?, b)? != V::Absent),
        "absent" => V::Bool(eval(arg(0)?, b)? == V::Absent),
        "rank_lt" => V::Bool(
            (dims_of(&ty(0)?)?.len() as i64)
                < match eval(arg(1)?, b)? {
                    V::Int(n) => n,
                    _ => return Err("rank_lt(T, N)".into()),
                },
        ),
        "bits_le" | "bits_eq" => {
            let n = match eval(arg(1)?, b)? {
                V::Int(n) => n,
                _ => return Err(format!("{f}(T, N)")),
            };
            let w = match elem(0)? {
                ElementType::Int(_, w) => w as i64,
                ElementType::Float(k) => k.format().bits() as i64,
                _ => i64::MAX,
            };
            V::Bool(if f == "bits_le" { w <= n } else { w == n })
        }
        "type" => V::Type(ty(0)?),
        "elem" => V::Elem(elem(0)?),
        "with_elem" => {
            let t = ty(0)?;
            let e = elem(1)?;
            match t {
                Type::Tensor(mut t) => {
                    t.elem = e;
                    V::Type(Type::Tensor(t))
                }
                _ => return Err("with_elem takes a tensor type".into()),
            }
        }
        "part" => match elem(0)? {
            ElementType::Complex(k) => V::Elem(ElementType::Float(k)),
            e => V::Elem(e),
        },
        "complex_of" => match elem(0)? {
            ElementType::Float(k) => V::Elem(ElementType::Complex(k)),
            e => return Err(format!("complex_of({e})")),
        },
        "scalar" => V::Type(Type::Tensor(TensorType::ranked(vec![], elem(0)?))),
        "widen" => match elem(0)? {
            ElementType::Int(s, w) if w <= 32 => V::Elem(ElementType::Int(s, w * 2)),
            e => return Err(format!("no integer type twice as wide as {e}")),
        },
        "bits" => match elem(0)? {
            ElementType::Int(_, w) => V::Int(w as i64),
            e => return Err(format!("bits({e})")),
        },
        "sizes_type" => V::Type(Type::Tensor(TensorType::ranked(
            vec![Some(dims_of(&ty(0)?)?.len() as u64)],
            ElementType::I32,
        ))),
        "uint_of" => {
            let w = match elem(0)? {
                ElementType::Float(k) => k.format().bits(),
                ElementType::Int(_, w) => w,
                e => return Err(format!("uint_of({e})")),
            };
            if !matches!(w, 2 | 4 | 8 | 16 | 32 | 64) {
                return Err(format!("no unsigned integer type of {w} bits"));
            }
            V::Elem(ElementType::Int(Signedness::Unsigned, w))
        }
        "sign_bit" => match elem(0)? {
            // As an i64: the sign bit of a 64-bit format is i64::MIN, which
            // a ui64 splat stores as 1 << 63.
            ElementType::Float(k) => V::Int(k.format().sign_mask() as i64),
            e => return Err(format!("sign_bit({e})")),
        },
        "tiny" | "min_normal" => match elem(0)? {
            ElementType::Float(k) => {
                let bits = if f == "tiny" {
                    1
                } else {
                    1u64 << k.format().man_bits
                };
                V::Attr(Attr::Float(bits, k))
            }
            e => return Err(format!("{f}({e})")),
        },
        "ulp_in" => match (elem(0)?, elem(1)?) {
            (ElementType::Float(a), ElementType::Float(b))
                if b.format().man_bits >= a.format().man_bits =>
            {
                V::Int(1i64 << (b.format().man_bits - a.format().man_bits))
            }
            (a, b) => return Err(format!("ulp_in({a}, {b})")),
        },
        "bcast_dims" => {
            // bcast_dims(%x, %other, $broadcast_dimensions, T): how %x maps into
            // T under CHLO broadcasting (numpy alignment, or the explicit
            // dimensions for the lower-rank operand when the ranks differ).
            let x = dims_of(&ty(0)?)?.len();
            let o = dims_of(&ty(1)?)?.len();
            let r = dims_of(&ty(3)?)?.len();
            let bd = eval(arg(2)?, b)?;
            let dims: Vec<i64> = match bd {
                V::Attr(a) if x != o && x < o => a
                    .as_i64_list()
                    .ok_or("broadcast_dimensions is not an i64 array")?
                    .to_vec(),
                V::Attr(_) if x != o => (0..x as i64).collect(),
                _ => ((r - x) as i64..r as i64).collect(),
            };
            if dims.len() != x {
                return Err("broadcast_dimensions does not fit the operand".into());
            }
            V::Attr(i64_array(dims))
        }
        // A CHLO enum (`#chlo<comparison_direction LT>`) as the StableHLO
        // enum of the same name and value, for a StableHLO op's attribute;
        // other attributes unchanged, an absent one absent.
        "stablehlo" => match eval_attr(arg(0)?, b)? {
            None => V::Absent,
            Some(Attr::Enum(def, i)) if def.dialect != "stablehlo" => {
                let value = def
                    .values
                    .get(i as usize)
                    .ok_or("stablehlo: an enum value out of range")?;
                V::Attr(enum_attr(def.mnemonic, value)?)
            }
            Some(a) => V::Attr(a),
        },
        "compare_type" | "sort_type" => {
            let e = elem(0)?;
            let name = match e {
                ElementType::Float(_) | ElementType::Complex(_) if f == "sort_type" => "TOTALORDER",
                ElementType::Float(_) | ElementType::Complex(_) => "FLOAT",
                ElementType::Int(Signedness::Unsigned, _) | ElementType::Int(_, 1) => "UNSIGNED",
                _ => "SIGNED",
            };
            V::Attr(enum_attr("comparison_type", name)?)
        }
        "splat" => {
            let t = ty(0)?;
            let tt = t.as_tensor().ok_or("splat takes a tensor type")?.clone();
            let v = eval_attr(arg(1)?, b)?.ok_or("splat of an absent attribute")?;
            let v = match v {
                Attr::Dense(d) if d.splat || d.ty.num_elements() == Some(1) => {
                    if d.ty.elem != tt.elem {
                        return Err("splat: the value's element type differs".into());
                    }
                    let w = d.ty.elem.storage_bytes();
                    return Ok(V::Attr(Attr::Dense(Box::new(DenseElements {
                        ty: tt,
                        splat: true,
                        data: d.data[..w].to_vec(),
                    }))));
                }
                v => v,
            };
            let data = splat_bytes(&tt.elem, &v)?;
            V::Attr(Attr::Dense(Box::new(DenseElements {
                ty: tt,
                splat: true,
                data,
            })))
        }
        "inf" => match elem(0)? {
            ElementType::Float(k) => {
                let bits = k.format().inf(false).ok_or("the format has no infinity")?;
                V::Attr(Attr::Float(bits, k))
            }
            e => return Err(format!("inf({e})")),
        },
        "last_dim" => V::Int(dims_of(&ty(0)?)?.len() as i64 - 1),
        "iota_dim" => V::Attr(Attr::Int(
            dims_of(&ty(0)?)?.len() as i128 - 1,
            ElementType::I64,
        )),
        "zeros" => V::Attr(i64_array(vec![0; dims_of(&ty(0)?)?.len()])),
        "ones" => V::Attr(i64_array(vec![1; dims_of(&ty(0)?)?.len()])),
        "shape" => V::Attr(i64_array(
            static_dims(&ty(0)?)?
                .into_iter()
                .map(|d| d as i64)
                .collect(),
        )),
        _ => return Err(format!("unknown builtin {f}")),
    })
}

/// `#stablehlo<NAME VALUE>`.
fn enum_attr(name: &str, value: &str) -> ERes<Attr> {
    let text = format!("#stablehlo<{name} {value}>");
    Parser::new(&text, 0)
        .parse_attr()
        .map_err(|e| format!("{text}: {}", e.msg))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_rule_files_parse() {
        for (name, text) in FILES {
            if let Err(e) = parse_rules(name, text) {
                panic!("{e}");
            }
        }
        assert!(all().len() > 30);
    }

    #[test]
    fn rule_errors_name_the_line() {
        let e = parse_rules(
            "t.rules",
            "\n\nrule x exact\n from %r = a.b(%x) : T\n to %s = c.d(%x) : T\nend\n",
        )
        .unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("does not define %r"), "{e}");
    }
}
