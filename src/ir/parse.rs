//! The parser: MLIR's generic op form, the pretty forms registered in
//! [`crate::ir::syntax`], types, attributes, regions, aliases and locations.
//!
//! Errors carry a byte offset and become [`Diagnostic`]s with file, line,
//! column and the source line. Nesting is limited (see [`MAX_DEPTH`]) so no
//! input can exhaust the stack, and no allocation is sized by a number in the
//! input, so no input can exhaust memory.

use crate::float::FloatKind;
use crate::ir::attr::{Attr, ConvDims, DenseArray, DenseElements, EnumDef, FieldKind, StructDef};
use crate::ir::diag::Diagnostic;
use crate::ir::lexer::{lex, skip_trivia, Tok};
use crate::ir::types::{ElementType, FunctionType, QuantType, Signedness, TensorType, Type};
use crate::ir::{split_cases, Block, Op, Pos, Program, Region, ValueId};
use foldhash::{HashMap, HashMapExt};

/// Deepest nesting accepted: of regions, and of the brackets, types and
/// attributes within one region.
pub const MAX_DEPTH: u32 = 100;

/// A parse error: a message at a byte offset.
#[derive(Debug, Clone)]
pub struct PErr {
    pub offset: usize,
    pub msg: String,
}

pub type PResult<T> = Result<T, PErr>;

/// Parses every `// -----` case of a file. Each case gives its program or
/// its first error.
pub fn parse_file(file: &str, text: &str) -> Vec<Result<Program, Diagnostic>> {
    split_cases(text)
        .into_iter()
        .map(|c| parse_range(file, text, c.start, c.end, c.line))
        .collect()
}

/// Parses one case of `text` (an entry of `split_cases(text)`), so that a
/// caller can handle the cases of a large file one at a time.
pub fn parse_case(file: &str, text: &str, case: &crate::ir::Case) -> Result<Program, Diagnostic> {
    parse_range(file, text, case.start, case.end, case.line)
}

/// Parses a whole text as one program.
pub fn parse_program(file: &str, text: &str) -> Result<Program, Diagnostic> {
    parse_range(file, text, 0, text.len(), 1)
}

/// Parses the case of `text` that starts at offset `start`, the beginning of
/// line `line`, and ends at `end`. Lines are counted from the case's start,
/// so a file of many cases is read in time linear in its length.
fn parse_range(
    file: &str,
    text: &str,
    start: usize,
    end: usize,
    line: u32,
) -> Result<Program, Diagnostic> {
    let mut p = Parser::new_at(&text[..end], start, line);
    p.parse_top_level()
        .map(|()| std::mem::take(&mut p.prog))
        .map_err(|e| Diagnostic::at_from(file, text, start, line, e.offset, e.msg))
}

/// The bytes of text that all alias uses of one case may stand for
/// together (`Parser::use_alias`).
pub const MAX_ALIAS_EXPANSION: u64 = 1 << 22;

/// What an op's syntax is building: the parts of an [`Op`] before its results
/// are bound.
#[derive(Debug, Default)]
pub struct OpState {
    pub name: String,
    pub operands: Vec<ValueId>,
    pub attrs: Vec<(String, Attr)>,
    pub regions: Vec<Region>,
    /// Result types, once the syntax has determined them.
    pub result_types: Option<Vec<Type>>,
    /// How many results the text binds (`%a, %b = ...` or `%0:2 = ...`).
    pub num_results: usize,
    /// Offset of the op name, for errors.
    pub offset: usize,
}

impl OpState {
    /// Adds an attribute; a second attribute of the same name is an error.
    pub fn add_attr(&mut self, name: &str, value: Attr, offset: usize) -> PResult<()> {
        match self.attrs.binary_search_by(|(n, _)| n.as_str().cmp(name)) {
            Ok(_) => Err(PErr {
                offset,
                msg: format!("attribute '{name}' is given twice"),
            }),
            Err(i) => {
                self.attrs.insert(i, (name.to_string(), value));
                Ok(())
            }
        }
    }
    pub fn has_attr(&self, name: &str) -> bool {
        self.attrs.iter().any(|(n, _)| n == name)
    }
}

/// A dense literal before its type is known.
enum DLit<'a> {
    List(Vec<DLit<'a>>, usize),
    /// A number: whether negative, its text, whether written as a float, offset.
    Num(bool, &'a str, bool, usize),
    Bool(bool, usize),
    Complex(Box<DLit<'a>>, Box<DLit<'a>>, usize),
    Str(Vec<u8>, usize),
}

/// The parser state over one case of a source text.
pub struct Parser<'a> {
    src: &'a [u8],
    text: &'a str,
    /// Position after the last consumed token.
    pos: usize,
    peeked: Option<(Tok<'a>, usize, usize)>,
    pub prog: Program,
    scopes: Vec<HashMap<&'a str, Vec<ValueId>>>,
    /// Indices in `scopes` of the scopes that open a function's body: a
    /// `func.func` is isolated from above, so a use inside it sees no scope
    /// below the innermost of these.
    isolated: Vec<usize>,
    /// Aliases with their expanded size (`Parser::use_alias`).
    type_aliases: HashMap<&'a str, (Type, u64)>,
    attr_aliases: HashMap<&'a str, (Attr, u64)>,
    /// Bytes of text the alias uses so far stand for.
    expanded: u64,
    depth: u32,
    /// Regions open around the current position.
    region_depth: u32,
    /// Line-counting cache: (offset, line, column) of the last position
    /// asked for, moving forward; `line_base` is where counting restarts.
    line_cache: std::cell::Cell<(usize, u32, u32)>,
    line_base: (usize, u32),
}

impl<'a> Parser<'a> {
    pub fn new(text: &'a str, start: usize) -> Parser<'a> {
        Parser::new_at(
            text,
            start,
            1 + text.as_bytes()[..start.min(text.len())]
                .iter()
                .filter(|&&b| b == b'\n')
                .count() as u32,
        )
    }

    /// A parser from offset `start`, which begins line `line` of the text.
    pub fn new_at(text: &'a str, start: usize, line: u32) -> Parser<'a> {
        let start = start.min(text.len());
        Parser {
            src: text.as_bytes(),
            text,
            pos: start,
            peeked: None,
            prog: Program::default(),
            scopes: vec![HashMap::new()],
            isolated: Vec::new(),
            type_aliases: HashMap::new(),
            attr_aliases: HashMap::new(),
            expanded: 0,
            depth: 0,
            region_depth: 0,
            line_cache: std::cell::Cell::new((start, line, 1)),
            line_base: (start, line),
        }
    }

    // ----- tokens -------------------------------------------------------

    fn fill(&mut self) -> PResult<()> {
        if self.peeked.is_none() {
            let start = skip_trivia(self.src, self.pos);
            let (tok, end) = lex(self.text, start).map_err(|msg| PErr { offset: start, msg })?;
            self.peeked = Some((tok, start, end));
        }
        Ok(())
    }

    /// The next token, not consumed.
    pub fn peek(&mut self) -> PResult<&Tok<'a>> {
        self.fill()?;
        Ok(&self.peeked.as_ref().expect("filled").0)
    }

    /// Offset where the next token starts.
    pub fn offset(&mut self) -> usize {
        match self.fill() {
            Ok(()) => self.peeked.as_ref().map_or(self.pos, |p| p.1),
            Err(e) => e.offset,
        }
    }

    /// Consumes and returns the next token.
    pub fn bump(&mut self) -> PResult<Tok<'a>> {
        self.fill()?;
        let (tok, _, end) = self.peeked.take().expect("filled");
        self.pos = end;
        Ok(tok)
    }

    pub fn err<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        let offset = self.offset();
        Err(PErr {
            offset,
            msg: msg.into(),
        })
    }

    pub fn err_at<T>(&self, offset: usize, msg: impl Into<String>) -> PResult<T> {
        Err(PErr {
            offset,
            msg: msg.into(),
        })
    }

    /// An "expected X, found Y" error at the next token.
    pub fn expected<T>(&mut self, what: &str) -> PResult<T> {
        let found = self.peek()?.describe();
        self.err(format!("expected {what}, found {found}"))
    }

    /// Whether only trivia (spaces, comments) is left.
    pub fn at_end(&mut self) -> bool {
        matches!(self.peek(), Ok(Tok::Eof))
    }

    pub fn is_punct(&mut self, c: u8) -> PResult<bool> {
        Ok(*self.peek()? == Tok::Punct(c))
    }

    pub fn eat_punct(&mut self, c: u8) -> PResult<bool> {
        if self.is_punct(c)? {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    pub fn expect_punct(&mut self, c: u8) -> PResult<()> {
        if self.eat_punct(c)? {
            Ok(())
        } else {
            self.expected(&format!("'{}'", c as char))
        }
    }

    pub fn is_keyword(&mut self, kw: &str) -> PResult<bool> {
        Ok(matches!(self.peek()?, Tok::Ident(s) if *s == kw))
    }

    pub fn eat_keyword(&mut self, kw: &str) -> PResult<bool> {
        if self.is_keyword(kw)? {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    pub fn expect_keyword(&mut self, kw: &str) -> PResult<()> {
        if self.eat_keyword(kw)? {
            Ok(())
        } else {
            self.expected(&format!("'{kw}'"))
        }
    }

    pub fn eat_arrow(&mut self) -> PResult<bool> {
        if *self.peek()? == Tok::Arrow {
            self.bump()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    pub fn expect_arrow(&mut self) -> PResult<()> {
        if self.eat_arrow()? {
            Ok(())
        } else {
            self.expected("'->'")
        }
    }

    /// Consumes a bare identifier.
    pub fn ident(&mut self, what: &str) -> PResult<&'a str> {
        match self.peek()? {
            Tok::Ident(s) => {
                let s = *s;
                self.bump()?;
                Ok(s)
            }
            _ => self.expected(what),
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parses `f` between `open` and `close`, comma separated, possibly empty.
    pub fn comma_list(
        &mut self,
        open: u8,
        close: u8,
        mut f: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        self.expect_punct(open)?;
        self.enter()?;
        if !self.eat_punct(close)? {
            loop {
                f(self)?;
                if self.eat_punct(close)? {
                    break;
                }
                if !self.eat_punct(b',')? {
                    return self.expected(&format!("',' or '{}'", close as char));
                }
            }
        }
        self.leave();
        Ok(())
    }

    /// A saved position, to look ahead and come back.
    pub fn save(&self) -> (usize, Option<(Tok<'a>, usize, usize)>) {
        (self.pos, self.peeked.clone())
    }

    pub fn restore(&mut self, s: (usize, Option<(Tok<'a>, usize, usize)>)) {
        self.pos = s.0;
        self.peeked = s.1;
    }

    /// `%name` being defined (not a use); returns the name.
    pub fn value_name(&mut self) -> PResult<&'a str> {
        match self.peek()?.clone() {
            Tok::Value(name, None) => {
                self.bump()?;
                Ok(name)
            }
            _ => self.expected("a value name ('%name')"),
        }
    }

    /// Binds `name` to a value in the innermost scope.
    pub fn define_value(&mut self, name: &'a str, id: ValueId, off: usize) -> PResult<()> {
        self.define(name, vec![id], off)
    }

    /// The fields of a struct attribute after its opening `<`.
    pub fn struct_after_open(&mut self, def: &'static StructDef, off: usize) -> PResult<Attr> {
        self.struct_body(def, off)
    }

    // ----- numbers -------------------------------------------------------

    /// An integer literal with optional `-`.
    pub fn int(&mut self) -> PResult<i128> {
        let neg = self.eat_punct(b'-')?;
        let off = self.offset();
        match self.peek()? {
            Tok::Int(s) => {
                let s = *s;
                self.bump()?;
                let v = parse_int_text(s).ok_or_else(|| PErr {
                    offset: off,
                    msg: format!("integer literal '{s}' is too large"),
                })?;
                Ok(if neg { -v } else { v })
            }
            _ => self.expected("an integer"),
        }
    }

    /// An integer that fits in i64.
    pub fn i64(&mut self) -> PResult<i64> {
        let off = self.offset();
        let v = self.int()?;
        i64::try_from(v).map_err(|_| PErr {
            offset: off,
            msg: format!("{v} does not fit in 64 bits"),
        })
    }

    /// `[1, 2, 3]`: a list of i64.
    pub fn i64_list(&mut self) -> PResult<Vec<i64>> {
        let mut v = Vec::new();
        self.comma_list(b'[', b']', |p| {
            v.push(p.i64()?);
            Ok(())
        })?;
        Ok(v)
    }

    /// A float literal of `kind` (decimal, or hex bits), with optional sign.
    pub fn float(&mut self, kind: FloatKind) -> PResult<u64> {
        let neg_off = self.offset();
        let neg = self.eat_punct(b'-')?;
        let off = self.offset();
        let (text, is_float) = match self.peek()? {
            Tok::Int(s) => (*s, false),
            Tok::Float(s) => (*s, true),
            _ => return self.expected("a float"),
        };
        self.bump()?;
        let lit = DLit::Num(neg, text, is_float, if neg { neg_off } else { off });
        self.float_bits(&lit, kind)
    }

    fn float_bits(&self, lit: &DLit<'a>, kind: FloatKind) -> PResult<u64> {
        let DLit::Num(neg, text, _, off) = *lit else {
            return self.err_at(lit_offset(lit), "expected a float");
        };
        if let Some(hex) = text.strip_prefix("0x") {
            let bits = u64::from_str_radix(hex, 16).ok();
            return match bits {
                Some(b) if !neg && (kind.bits() >= 64 || b < (1u64 << kind.bits())) => Ok(b),
                _ => self.err_at(
                    off,
                    format!("hexadecimal float literal does not fit in {}", kind.name()),
                ),
            };
        }
        let bits = if neg {
            let mut s = String::with_capacity(text.len() + 1);
            s.push('-');
            s.push_str(text);
            crate::float::parse_decimal(kind, &s)
        } else {
            crate::float::parse_decimal(kind, text)
        };
        bits.ok_or_else(|| PErr {
            offset: off,
            msg: format!("'{text}' is not a valid {} literal", kind.name()),
        })
    }

    // ----- types -------------------------------------------------------

    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.enter()?;
        let t = self.parse_type_inner();
        self.leave();
        t
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let off = self.offset();
        match self.peek()?.clone() {
            Tok::Punct(b'(') => {
                let mut inputs = Vec::new();
                self.comma_list(b'(', b')', |p| {
                    inputs.push(p.parse_type()?);
                    Ok(())
                })?;
                self.expect_arrow()?;
                let results = self.result_types()?;
                Ok(Type::Function(Box::new(FunctionType { inputs, results })))
            }
            Tok::Ident(name) => {
                self.bump()?;
                match name {
                    "tensor" => self.tensor_type_body().map(Type::Tensor),
                    "tuple" => {
                        let mut ts = Vec::new();
                        self.expect_punct(b'<')?;
                        if !self.eat_punct(b'>')? {
                            loop {
                                ts.push(self.parse_type()?);
                                if self.eat_punct(b'>')? {
                                    break;
                                }
                                if !self.eat_punct(b',')? {
                                    return self.expected("',' or '>'");
                                }
                            }
                        }
                        Ok(Type::Tuple(ts))
                    }
                    "none" => Ok(Type::None),
                    _ => {
                        if let Some(e) = self.element_type_named(name, off)? {
                            return Ok(Type::Element(e));
                        }
                        // memref<...>, vector<...> and other builtin types: kept as written.
                        if self.is_punct(b'<')? {
                            let body = self.raw_angle_body()?;
                            return Ok(Type::Opaque(format!("{name}<{body}>")));
                        }
                        self.err_at(off, format!("unknown type '{name}'"))
                    }
                }
            }
            Tok::Bang(name) => {
                self.bump()?;
                match name {
                    "stablehlo.token" => Ok(Type::Token),
                    "quant.uniform" => Ok(Type::Element(ElementType::Quant(Box::new(
                        self.quant_body(off)?,
                    )))),
                    _ if !name.contains('.') => match self.type_aliases.get(name).cloned() {
                        Some((t, size)) => {
                            self.use_alias(size, off)?;
                            Ok(t)
                        }
                        None => self.err_at(off, format!("undefined type alias '!{name}'")),
                    },
                    _ => {
                        if self.is_punct(b'<')? && self.pos == self.offset() {
                            let body = self.raw_angle_body()?;
                            Ok(Type::Opaque(format!("!{name}<{body}>")))
                        } else {
                            Ok(Type::Opaque(format!("!{name}")))
                        }
                    }
                }
            }
            _ => self.expected("a type"),
        }
    }

    /// After `->`: one type, or a parenthesized list.
    pub fn result_types(&mut self) -> PResult<Vec<Type>> {
        self.enter()?;
        let r = self.result_types_inner();
        self.leave();
        r
    }

    fn result_types_inner(&mut self) -> PResult<Vec<Type>> {
        if self.is_punct(b'(')? {
            // `(A) -> B` as a single result would be a function type; MLIR
            // reads a parenthesized list here.
            let mut ts = Vec::new();
            self.comma_list(b'(', b')', |p| {
                ts.push(p.parse_type()?);
                Ok(())
            })?;
            if self.is_arrow()? {
                // It was a function type after all: `-> (A) -> B`.
                self.bump()?;
                let results = self.result_types()?;
                return Ok(vec![Type::Function(Box::new(FunctionType {
                    inputs: ts,
                    results,
                }))]);
            }
            Ok(ts)
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    fn is_arrow(&mut self) -> PResult<bool> {
        Ok(*self.peek()? == Tok::Arrow)
    }

    /// Parses an element type (as used inside `tensor<...>`).
    pub fn element_type(&mut self) -> PResult<ElementType> {
        let off = self.offset();
        match self.peek()?.clone() {
            Tok::Ident(name) => {
                self.bump()?;
                match self.element_type_named(name, off)? {
                    Some(e) => Ok(e),
                    None => self.err_at(off, format!("unknown element type '{name}'")),
                }
            }
            Tok::Bang("quant.uniform") => {
                self.bump()?;
                Ok(ElementType::Quant(Box::new(self.quant_body(off)?)))
            }
            Tok::Bang(name) if !name.contains('.') => {
                self.bump()?;
                match self.type_aliases.get(name).cloned() {
                    Some((Type::Element(e), size)) => {
                        self.use_alias(size, off)?;
                        Ok(e)
                    }
                    Some(_) => {
                        self.err_at(off, format!("type alias '!{name}' is not an element type"))
                    }
                    None => self.err_at(off, format!("undefined type alias '!{name}'")),
                }
            }
            _ => self.expected("an element type"),
        }
    }

    fn element_type_named(&mut self, name: &str, off: usize) -> PResult<Option<ElementType>> {
        if let Some(k) = FloatKind::from_name(name) {
            return Ok(Some(ElementType::Float(k)));
        }
        if name == "index" {
            return Ok(Some(ElementType::Index));
        }
        if name == "complex" {
            self.expect_punct(b'<')?;
            let koff = self.offset();
            let part = self.ident("a float type")?;
            let k = match FloatKind::from_name(part) {
                Some(k @ (FloatKind::F32 | FloatKind::F64 | FloatKind::F16 | FloatKind::BF16)) => k,
                _ => {
                    return self.err_at(
                        koff,
                        format!(
                        "complex<{part}> is not supported: the part must be f16, bf16, f32 or f64"
                    ),
                    )
                }
            };
            self.expect_punct(b'>')?;
            return Ok(Some(ElementType::Complex(k)));
        }
        let (sign, digits) = if let Some(d) = name.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = name.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else if let Some(d) = name.strip_prefix('i') {
            (Signedness::Signless, d)
        } else {
            return Ok(None);
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(None);
        }
        match digits.parse::<u32>() {
            Ok(w @ 1..=64) => Ok(Some(ElementType::Int(sign, w))),
            _ => self.err_at(
                off,
                format!("integer type '{name}' is not supported: widths are 1 to 64"),
            ),
        }
    }

    /// The body of `tensor<...>` after the keyword.
    fn tensor_type_body(&mut self) -> PResult<TensorType> {
        self.expect_punct(b'<')?;
        // Dimensions are scanned from the raw text: `2x?x3xf32` is not token-based.
        let mut p = skip_trivia(self.src, self.pos);
        let mut dims = Some(Vec::new());
        if self.src.get(p) == Some(&b'*') {
            p = skip_trivia(self.src, p + 1);
            if self.src.get(p) != Some(&b'x') {
                return self.err_at(p, "expected 'x' after '*' in an unranked tensor type");
            }
            p += 1;
            dims = None;
        } else {
            let list = dims.as_mut().expect("ranked");
            loop {
                let q = skip_trivia(self.src, p);
                let Some(&c) = self.src.get(q) else { break };
                let (dim, after) = if c == b'?' {
                    (None, q + 1)
                } else if c.is_ascii_digit() {
                    let mut e = q;
                    while e < self.src.len() && self.src[e].is_ascii_digit() {
                        e += 1;
                    }
                    let n: u64 = match self.text[q..e].parse() {
                        Ok(n) if n <= i64::MAX as u64 => n,
                        _ => return self.err_at(q, "dimension size is too large"),
                    };
                    (Some(n), e)
                } else {
                    break;
                };
                let x = skip_trivia(self.src, after);
                if self.src.get(x) != Some(&b'x') {
                    return self.err_at(x, "expected 'x' after a dimension size");
                }
                list.push(dim);
                if list.len() > 1 << 16 {
                    return self.err_at(q, "tensor rank is too large");
                }
                p = x + 1;
            }
        }
        self.pos = p;
        self.peeked = None;
        let elem = self.element_type()?;
        let mut encoding = None;
        if self.eat_punct(b',')? {
            encoding = Some(Box::new(self.parse_attr()?));
        }
        self.expect_punct(b'>')?;
        Ok(TensorType {
            dims,
            elem,
            encoding,
        })
    }

    /// `<i8<-127:127>:f32:1, {0.1:-30, 0.5}>` after `!quant.uniform`.
    fn quant_body(&mut self, off: usize) -> PResult<QuantType> {
        self.expect_punct(b'<')?;
        let soff = self.offset();
        let storage = self.ident("a storage type")?;
        let (signed, explicit_sign, bits_text) = if let Some(d) = storage.strip_prefix("si") {
            (true, true, d)
        } else if let Some(d) = storage.strip_prefix("ui") {
            (false, true, d)
        } else if let Some(d) = storage.strip_prefix('i') {
            (true, false, d)
        } else if let Some(d) = storage.strip_prefix('u') {
            (false, false, d)
        } else {
            return self.err_at(soff, format!("'{storage}' is not a quantized storage type"));
        };
        let bits = match bits_text.parse::<u32>() {
            Ok(b @ 2..=64) => b,
            _ => return self.err_at(soff, format!("'{storage}' is not a quantized storage type")),
        };
        let (mut smin, mut smax) = QuantType::full_range(signed, bits);
        let full = (smin, smax);
        if self.eat_punct(b'<')? {
            smin = self.i64()?;
            self.expect_punct(b':')?;
            smax = self.i64()?;
            self.expect_punct(b'>')?;
        }
        // A range equal to the storage type's full range is the same type as no range.
        let explicit_range = (smin, smax) != full;
        self.expect_punct(b':')?;
        let eoff = self.offset();
        let expressed = self.ident("an expressed type")?;
        let Some(expressed) = FloatKind::from_name(expressed) else {
            return self.err_at(eoff, format!("'{expressed}' is not a float type"));
        };
        let mut axis = None;
        if self.eat_punct(b':')? {
            axis = Some(self.i64()?);
        }
        self.expect_punct(b',')?;
        let mut scales = Vec::new();
        let mut zero_points = Vec::new();
        let mut pair = |p: &mut Self| -> PResult<()> {
            let bits = p.float(FloatKind::F64)?;
            scales.push(f64::from_bits(bits));
            zero_points.push(if p.eat_punct(b':')? { p.i64()? } else { 0 });
            Ok(())
        };
        if axis.is_some() {
            self.comma_list(b'{', b'}', &mut pair)?;
        } else {
            pair(self)?;
        }
        self.expect_punct(b'>')?;
        if scales.is_empty() {
            return self.err_at(off, "a quantized type needs at least one scale");
        }
        Ok(QuantType {
            storage_signed: signed,
            storage_explicit_sign: explicit_sign,
            storage_bits: bits,
            storage_min: smin,
            storage_max: smax,
            explicit_range,
            expressed,
            axis,
            scales,
            zero_points,
        })
    }

    /// The raw text between balanced `<` and `>` (the brackets consumed),
    /// with white space runs folded to one space. `->` does not close.
    fn raw_angle_body(&mut self) -> PResult<String> {
        let start_off = self.offset();
        self.expect_punct(b'<')?;
        let mut p = self.pos;
        let mut stack: Vec<u8> = vec![b'>'];
        let mut out = String::new();
        let mut space = false;
        while let Some(&c) = self.src.get(p) {
            match c {
                b'"' => {
                    let start = p;
                    p += 1;
                    while p < self.src.len() && self.src[p] != b'"' {
                        if self.src[p] == b'\\' {
                            p += 1;
                        }
                        p += 1;
                    }
                    p = (p + 1).min(self.src.len());
                    if space && !out.is_empty() {
                        out.push(' ');
                    }
                    space = false;
                    out.push_str(&self.text[start..p]);
                    continue;
                }
                b'<' | b'(' | b'[' | b'{' => stack.push(match c {
                    b'<' => b'>',
                    b'(' => b')',
                    b'[' => b']',
                    _ => b'}',
                }),
                b'>' if p > 0 && self.src[p - 1] == b'-' => {}
                b'>' | b')' | b']' | b'}' => {
                    if stack.pop() != Some(c) {
                        return self.err_at(p, format!("unbalanced '{}'", c as char));
                    }
                    if stack.is_empty() {
                        self.pos = p + 1;
                        self.peeked = None;
                        return Ok(out);
                    }
                }
                _ => {}
            }
            if stack.len() > MAX_DEPTH as usize {
                return self.err_at(p, format!("nesting deeper than {MAX_DEPTH} levels"));
            }
            if c.is_ascii_whitespace() {
                space = true;
            } else {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                let ch_len = utf8_len(c);
                out.push_str(self.text.get(p..p + ch_len).unwrap_or("?"));
                p += ch_len - 1;
            }
            p += 1;
        }
        self.err_at(start_off, "unterminated '<'")
    }

    // ----- attributes -------------------------------------------------------

    /// Parses an attribute value.
    pub fn parse_attr(&mut self) -> PResult<Attr> {
        self.enter()?;
        let a = self.parse_attr_inner();
        self.leave();
        a
    }

    fn parse_attr_inner(&mut self) -> PResult<Attr> {
        let off = self.offset();
        match self.peek()?.clone() {
            Tok::Ident("true") => {
                self.bump()?;
                Ok(Attr::Bool(true))
            }
            Tok::Ident("false") => {
                self.bump()?;
                Ok(Attr::Bool(false))
            }
            Tok::Ident("unit") => {
                self.bump()?;
                Ok(Attr::Unit)
            }
            Tok::Ident("dense") => {
                self.bump()?;
                self.dense_body(off)
            }
            Tok::Ident("array") => {
                self.bump()?;
                self.dense_array_body()
            }
            Tok::Ident(name)
                if matches!(
                    name,
                    "affine_map"
                        | "affine_set"
                        | "dense_resource"
                        | "sparse"
                        | "opaque"
                        | "distinct"
                ) =>
            {
                self.bump()?;
                let mut s = name.to_string();
                if self.eat_punct(b'[')? {
                    let n = self.int()?;
                    self.expect_punct(b']')?;
                    s.push_str(&format!("[{n}]"));
                }
                let body = self.raw_angle_body()?;
                s.push('<');
                s.push_str(&body);
                s.push('>');
                if name == "dense_resource" || name == "sparse" {
                    self.expect_punct(b':')?;
                    let t = self.parse_type()?;
                    s.push_str(&format!(" : {t}"));
                }
                Ok(Attr::Opaque(s))
            }
            Tok::Int(_) | Tok::Float(_) | Tok::Punct(b'-') => self.number_attr(),
            Tok::Str(s) => {
                self.bump()?;
                if self.is_punct(b':')? {
                    // A typed string (`"x" : !dialect.type`): keep as written.
                    self.bump()?;
                    let t = self.parse_type()?;
                    let mut out = String::new();
                    crate::ir::lexer::write_string(&mut out, &s);
                    return Ok(Attr::Opaque(format!("{out} : {t}")));
                }
                Ok(Attr::Str(s))
            }
            Tok::Punct(b'[') => {
                let mut v = Vec::new();
                self.comma_list(b'[', b']', |p| {
                    v.push(p.parse_attr()?);
                    Ok(())
                })?;
                Ok(Attr::Array(v))
            }
            Tok::Punct(b'{') => Ok(Attr::Dict(self.attr_dict()?)),
            Tok::Symbol(s) => {
                self.bump()?;
                let mut path = vec![s];
                while *self.peek()? == Tok::ColonColon {
                    self.bump()?;
                    match self.bump()? {
                        Tok::Symbol(s) => path.push(s),
                        _ => return self.err_at(self.pos, "expected a symbol after '::'"),
                    }
                }
                Ok(Attr::SymbolRef(path))
            }
            Tok::Hash(name) => {
                self.bump()?;
                self.hash_attr(name, off)
            }
            Tok::Ident(_) | Tok::Bang(_) | Tok::Punct(b'(') => Ok(Attr::Type(self.parse_type()?)),
            _ => self.expected("an attribute"),
        }
    }

    /// `1`, `-2 : i32`, `1.5 : f32`, `0x7FC00000 : f32`.
    fn number_attr(&mut self) -> PResult<Attr> {
        let off = self.offset();
        let neg = self.eat_punct(b'-')?;
        let (text, is_float) = match self.bump()? {
            Tok::Int(s) => (s, false),
            Tok::Float(s) => (s, true),
            _ => return self.err_at(off, "expected a number"),
        };
        let lit = DLit::Num(neg, text, is_float, off);
        let ty = if self.is_punct(b':')? {
            self.bump()?;
            let toff = self.offset();
            match self.parse_type()? {
                Type::Element(e) => Some(e),
                t => return self.err_at(toff, format!("a number cannot have type {t}")),
            }
        } else {
            None
        };
        match ty {
            None if is_float => Ok(Attr::Float(
                self.float_bits(&lit, FloatKind::F64)?,
                FloatKind::F64,
            )),
            None => {
                let v = self.int_value(&lit, &ElementType::I64)?;
                Ok(Attr::Int(v, ElementType::I64))
            }
            Some(ElementType::Float(k)) => Ok(Attr::Float(self.float_bits(&lit, k)?, k)),
            Some(e @ (ElementType::Int(..) | ElementType::Index)) => {
                if is_float {
                    return self.err_at(off, format!("a float literal cannot have type {e}"));
                }
                if e == ElementType::I1 {
                    // MLIR writes i1 attributes as `true`/`false`.
                    let v = self.int_value(&lit, &e)?;
                    return Ok(Attr::Bool(v != 0));
                }
                let v = self.int_value(&lit, &e)?;
                Ok(Attr::Int(v, e))
            }
            Some(e) => self.err_at(off, format!("a number cannot have type {e}")),
        }
    }

    /// The value of an integer literal, checked against the type's range.
    fn int_value(&self, lit: &DLit<'a>, ty: &ElementType) -> PResult<i128> {
        let (neg, text, off) = match *lit {
            DLit::Num(neg, text, false, off) => (neg, text, off),
            DLit::Bool(b, _) if *ty == ElementType::I1 => return Ok(b as i128),
            _ => return self.err_at(lit_offset(lit), format!("expected an integer of type {ty}")),
        };
        let Some(mag) = parse_int_text(text) else {
            return self.err_at(off, format!("integer literal '{text}' is too large"));
        };
        let v = if neg { -mag } else { mag };
        let (lo, hi): (i128, i128) = match ty {
            ElementType::Int(s, w) => {
                let w = *w;
                match s {
                    Signedness::Signed => (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1),
                    Signedness::Unsigned => (0, (1i128 << w) - 1),
                    Signedness::Signless => (-(1i128 << (w - 1)), (1i128 << w) - 1),
                }
            }
            ElementType::Index => (i64::MIN as i128, u64::MAX as i128),
            ElementType::Quant(q) => {
                let w = q.storage_bits;
                if q.storage_signed {
                    (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
                } else {
                    (0, (1i128 << w) - 1)
                }
            }
            _ => return self.err_at(off, format!("expected a value of type {ty}")),
        };
        if v < lo || v > hi {
            return self.err_at(off, format!("{v} is out of range for {ty}"));
        }
        Ok(v)
    }

    /// `{name = attr, flag, "quoted" = attr}`.
    pub fn attr_dict(&mut self) -> PResult<Vec<(String, Attr)>> {
        let mut out: Vec<(String, Attr)> = Vec::new();
        self.comma_list(b'{', b'}', |p| {
            let off = p.offset();
            let name = match p.bump()? {
                Tok::Ident(s) => s.to_string(),
                Tok::Str(s) => String::from_utf8_lossy(&s).into_owned(),
                _ => return p.err_at(off, "expected an attribute name"),
            };
            let value = if p.eat_punct(b'=')? {
                p.parse_attr()?
            } else {
                Attr::Unit
            };
            match out.binary_search_by(|(n, _)| n.as_str().cmp(&name)) {
                Ok(_) => p.err_at(off, format!("attribute '{name}' is given twice")),
                Err(i) => {
                    out.insert(i, (name, value));
                    Ok(())
                }
            }
        })?;
        Ok(out)
    }

    /// An attribute introduced by `#name`.
    fn hash_attr(&mut self, name: &'a str, off: usize) -> PResult<Attr> {
        let (dialect, mnemonic) = match name.split_once('.') {
            Some((d, m)) => (d, Some(m)),
            None => (name, None),
        };
        let has_body = self.is_punct(b'<')? && self.offset() == self.pos;
        if !has_body {
            return match self.attr_aliases.get(name).cloned() {
                Some((a, size)) => {
                    self.use_alias(size, off)?;
                    Ok(a)
                }
                None => self.err_at(off, format!("undefined attribute alias '#{name}'")),
            };
        }
        if dialect == "stablehlo" || dialect == "chlo" {
            let body_off = self.offset();
            self.expect_punct(b'<')?;
            let mnemonic = match mnemonic {
                Some(m) => m,
                None => self.ident("an attribute name")?,
            };
            if let Some(def) = EnumDef::find(dialect, mnemonic) {
                let a = self.enum_value(def)?;
                self.expect_punct(b'>')?;
                return Ok(a);
            }
            if let Some(def) = StructDef::find(dialect, mnemonic) {
                return self.struct_body(def, body_off);
            }
            match (dialect, mnemonic) {
                ("stablehlo", "conv") => {
                    let d = if self.eat_keyword("raw")? {
                        self.conv_raw()?
                    } else {
                        self.conv_dims()?
                    };
                    self.expect_punct(b'>')?;
                    return Ok(Attr::Conv(Box::new(d)));
                }
                ("stablehlo", "bounds") => {
                    let mut values = Vec::new();
                    if !self.eat_punct(b'>')? {
                        loop {
                            values.push(self.bound()?);
                            if self.eat_punct(b'>')? {
                                break;
                            }
                            self.expect_punct(b',')?;
                        }
                    }
                    return Ok(Attr::Bounds(values));
                }
                ("stablehlo", "type_extensions") => {
                    self.expect_keyword("bounds")?;
                    self.expect_punct(b'=')?;
                    let mut values = Vec::new();
                    self.comma_list(b'[', b']', |p| {
                        values.push(p.bound()?);
                        Ok(())
                    })?;
                    self.expect_punct(b'>')?;
                    return Ok(Attr::Bounds(values));
                }
                _ => {}
            }
            // Another attribute of these dialects: keep it as written.
            self.pos = body_off;
            self.peeked = None;
            let body = self.raw_angle_body()?;
            let prefix = match name.contains('.') {
                true => name.to_string(),
                false => format!("{name}<{mnemonic} "),
            };
            return Ok(Attr::Opaque(if name.contains('.') {
                format!("#{prefix}<{body}>")
            } else {
                let rest = body.strip_prefix(mnemonic).unwrap_or(&body).trim_start();
                format!("#{prefix}{rest}>")
            }));
        }
        let body = self.raw_angle_body()?;
        Ok(Attr::Opaque(format!("#{name}<{body}>")))
    }

    fn bound(&mut self) -> PResult<Option<i64>> {
        if self.eat_punct(b'?')? {
            Ok(None)
        } else {
            Ok(Some(self.i64()?))
        }
    }

    /// A bare enum value (`LT`) of the given family.
    pub fn enum_value(&mut self, def: &'static EnumDef) -> PResult<Attr> {
        let off = self.offset();
        let v = self.ident(&format!("a {} value", def.mnemonic))?;
        match def.index_of(v) {
            Some(i) => Ok(Attr::Enum(def, i)),
            None => self.err_at(
                off,
                format!(
                    "'{v}' is not a {} (expected one of {})",
                    def.mnemonic,
                    def.values.join(", ")
                ),
            ),
        }
    }

    /// `field = value, ...>` of a struct attribute (after its `<`).
    fn struct_body(&mut self, def: &'static StructDef, off: usize) -> PResult<Attr> {
        let mut vals: Vec<Option<Attr>> = vec![None; def.fields.len()];
        if !self.eat_punct(b'>')? {
            loop {
                let foff = self.offset();
                let fname = self.ident("a field name")?;
                let Some(i) = def.fields.iter().position(|(n, _)| *n == fname) else {
                    let names: Vec<_> = def.fields.iter().map(|(n, _)| *n).collect();
                    return self.err_at(
                        foff,
                        format!(
                            "#{}.{} has no field '{fname}' (fields: {})",
                            def.dialect,
                            def.mnemonic,
                            names.join(", ")
                        ),
                    );
                };
                if vals[i].is_some() {
                    return self.err_at(foff, format!("field '{fname}' is given twice"));
                }
                self.expect_punct(b'=')?;
                vals[i] = Some(self.field_value(def.fields[i].1)?);
                if self.eat_punct(b'>')? {
                    break;
                }
                self.expect_punct(b',')?;
                // A trailing comma is allowed.
                if self.eat_punct(b'>')? {
                    break;
                }
            }
        }
        let mut out = Vec::with_capacity(vals.len());
        for (v, (fname, kind)) in vals.into_iter().zip(def.fields) {
            match v.or_else(|| StructDef::default_value(*kind)) {
                Some(v) => out.push(v),
                None => {
                    return self.err_at(
                        off,
                        format!("#{}.{} needs field '{fname}'", def.dialect, def.mnemonic),
                    )
                }
            }
        }
        Ok(Attr::Struct(def, out))
    }

    fn field_value(&mut self, kind: FieldKind) -> PResult<Attr> {
        Ok(match kind {
            FieldKind::I64List => Attr::DenseArray(DenseArray::I64(self.i64_list()?)),
            FieldKind::I64 | FieldKind::OptI64 => Attr::Int(self.i64()? as i128, ElementType::I64),
            FieldKind::Bool => match self.ident("'true' or 'false'")? {
                "true" => Attr::Bool(true),
                "false" => Attr::Bool(false),
                _ => return self.err_at(self.pos, "expected 'true' or 'false'"),
            },
            FieldKind::Ty => Attr::Type(self.parse_type()?),
            FieldKind::OptF64 => Attr::Float(self.float(FloatKind::F64)?, FloatKind::F64),
            FieldKind::Enum(def) => {
                let off = self.offset();
                match self.parse_attr()? {
                    a @ Attr::Enum(d, _) if std::ptr::eq(d, def) => a,
                    _ => {
                        return self
                            .err_at(off, format!("expected a #{}.{}", def.dialect, def.mnemonic))
                    }
                }
            }
        })
    }

    /// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`.
    pub fn conv_dims(&mut self) -> PResult<ConvDims> {
        let mut d = ConvDims::default();
        let (b, f, s) = self.conv_list(b'b', b'f')?;
        d.input_batch_dimension = b;
        d.input_feature_dimension = f;
        d.input_spatial_dimensions = s;
        self.expect_keyword("x")?;
        let (i, o, s) = self.conv_list(b'i', b'o')?;
        d.kernel_input_feature_dimension = i;
        d.kernel_output_feature_dimension = o;
        d.kernel_spatial_dimensions = s;
        self.expect_arrow()?;
        let (b, f, s) = self.conv_list(b'b', b'f')?;
        d.output_batch_dimension = b;
        d.output_feature_dimension = f;
        d.output_spatial_dimensions = s;
        Ok(d)
    }

    /// One bracketed layout: positions of the two named dims and of each spatial dim.
    fn conv_list(&mut self, first: u8, second: u8) -> PResult<(i64, i64, Vec<i64>)> {
        let off = self.offset();
        let mut a = None;
        let mut b = None;
        let mut spatial: Vec<Option<i64>> = Vec::new();
        let mut pos = 0i64;
        self.comma_list(b'[', b']', |p| {
            let eoff = p.offset();
            match p.bump()? {
                Tok::Ident(s)
                    if s.len() == 1 && (s.as_bytes()[0] == first || s.as_bytes()[0] == second) =>
                {
                    let slot = if s.as_bytes()[0] == first {
                        &mut a
                    } else {
                        &mut b
                    };
                    if slot.replace(pos).is_some() {
                        return p.err_at(eoff, format!("'{s}' appears twice"));
                    }
                }
                Tok::Int(s) => {
                    let Some(k) = parse_int_text(s)
                        .and_then(|k| usize::try_from(k).ok())
                        .filter(|k| *k < 1 << 16)
                    else {
                        return p.err_at(eoff, "spatial dimension number is too large");
                    };
                    if spatial.len() <= k {
                        spatial.resize(k + 1, None);
                    }
                    if spatial[k].replace(pos).is_some() {
                        return p.err_at(eoff, format!("spatial dimension {k} appears twice"));
                    }
                }
                t => {
                    return p.err_at(
                        eoff,
                        format!(
                            "expected '{}', '{}' or a spatial dimension number, found {}",
                            first as char,
                            second as char,
                            t.describe()
                        ),
                    )
                }
            }
            pos += 1;
            Ok(())
        })?;
        let (Some(a), Some(b)) = (a, b) else {
            return self.err_at(
                off,
                format!(
                    "the layout needs both '{}' and '{}'",
                    first as char, second as char
                ),
            );
        };
        let mut s = Vec::with_capacity(spatial.len());
        for (k, v) in spatial.into_iter().enumerate() {
            match v {
                Some(v) => s.push(v),
                None => return self.err_at(off, format!("spatial dimension {k} is missing")),
            }
        }
        Ok((a, b, s))
    }

    /// `raw input_batch_dimension = 0, ...` form of conv dimension numbers.
    fn conv_raw(&mut self) -> PResult<ConvDims> {
        let mut d = ConvDims::default();
        loop {
            let off = self.offset();
            let name = self.ident("a field name")?;
            self.expect_punct(b'=')?;
            match name {
                "input_batch_dimension" => d.input_batch_dimension = self.i64()?,
                "input_feature_dimension" => d.input_feature_dimension = self.i64()?,
                "input_spatial_dimensions" => d.input_spatial_dimensions = self.i64_list()?,
                "kernel_input_feature_dimension" => {
                    d.kernel_input_feature_dimension = self.i64()?
                }
                "kernel_output_feature_dimension" => {
                    d.kernel_output_feature_dimension = self.i64()?
                }
                "kernel_spatial_dimensions" => d.kernel_spatial_dimensions = self.i64_list()?,
                "output_batch_dimension" => d.output_batch_dimension = self.i64()?,
                "output_feature_dimension" => d.output_feature_dimension = self.i64()?,
                "output_spatial_dimensions" => d.output_spatial_dimensions = self.i64_list()?,
                _ => return self.err_at(off, format!("#stablehlo.conv has no field '{name}'")),
            }
            if !self.eat_punct(b',')? {
                return Ok(d);
            }
        }
    }

    /// `array<i64: 1, 2>` after `array`.
    fn dense_array_body(&mut self) -> PResult<Attr> {
        self.expect_punct(b'<')?;
        let off = self.offset();
        let e = self.element_type()?;
        let has_values = self.eat_punct(b':')?;
        let next = |p: &mut Self, f: &mut dyn FnMut(&mut Self) -> PResult<()>| -> PResult<()> {
            if has_values {
                loop {
                    f(p)?;
                    if !p.eat_punct(b',')? {
                        break;
                    }
                }
            }
            p.expect_punct(b'>')
        };
        Ok(Attr::DenseArray(match e {
            ElementType::Int(Signedness::Signless, 1) => {
                let mut v = Vec::new();
                next(self, &mut |p| {
                    v.push(match p.ident("'true' or 'false'")? {
                        "true" => true,
                        "false" => false,
                        _ => return p.err_at(p.pos, "expected 'true' or 'false'"),
                    });
                    Ok(())
                })?;
                DenseArray::Bool(v)
            }
            ElementType::Int(Signedness::Signless, w @ (8 | 16 | 32 | 64)) => {
                let mut v = Vec::new();
                next(self, &mut |p| {
                    let voff = p.offset();
                    let x = p.int()?;
                    let lit_ok = x >= -(1i128 << (w - 1)) && x < (1i128 << (w - 1));
                    if !lit_ok {
                        return p.err_at(voff, format!("{x} is out of range for i{w}"));
                    }
                    v.push(x as i64);
                    Ok(())
                })?;
                if w == 64 {
                    DenseArray::I64(v)
                } else {
                    DenseArray::Int(w, v)
                }
            }
            ElementType::Float(k @ (FloatKind::F32 | FloatKind::F64)) => {
                let mut v = Vec::new();
                next(self, &mut |p| {
                    v.push(p.float(k)?);
                    Ok(())
                })?;
                DenseArray::Float(k, v)
            }
            e => {
                return self.err_at(
                    off,
                    format!(
                        "array<{e}> is not a dense array type (i1, i8, i16, i32, i64, f32, f64)"
                    ),
                )
            }
        }))
    }

    /// `dense<...> : type` after `dense`.
    fn dense_body(&mut self, off: usize) -> PResult<Attr> {
        self.expect_punct(b'<')?;
        let lit = if self.is_punct(b'>')? {
            None
        } else {
            Some(self.dense_lit()?)
        };
        self.expect_punct(b'>')?;
        self.expect_punct(b':')?;
        let toff = self.offset();
        let ty = match self.parse_type()? {
            Type::Tensor(t) => t,
            t => return self.err_at(toff, format!("dense elements need a tensor type, not {t}")),
        };
        let d = self.dense_elements(lit, ty, off)?;
        Ok(Attr::Dense(Box::new(d)))
    }

    fn dense_lit(&mut self) -> PResult<DLit<'a>> {
        self.enter()?;
        let off = self.offset();
        let r = match self.peek()?.clone() {
            Tok::Punct(b'[') => {
                let mut v = Vec::new();
                self.comma_list(b'[', b']', |p| {
                    v.push(p.dense_lit()?);
                    Ok(())
                })?;
                Ok(DLit::List(v, off))
            }
            Tok::Punct(b'(') => {
                self.bump()?;
                let re = self.dense_lit()?;
                self.expect_punct(b',')?;
                let im = self.dense_lit()?;
                self.expect_punct(b')')?;
                Ok(DLit::Complex(Box::new(re), Box::new(im), off))
            }
            Tok::Ident("true") => {
                self.bump()?;
                Ok(DLit::Bool(true, off))
            }
            Tok::Ident("false") => {
                self.bump()?;
                Ok(DLit::Bool(false, off))
            }
            Tok::Str(s) => {
                self.bump()?;
                Ok(DLit::Str(s, off))
            }
            _ => {
                let neg = self.eat_punct(b'-')?;
                match self.peek()?.clone() {
                    Tok::Int(s) => {
                        self.bump()?;
                        Ok(DLit::Num(neg, s, false, off))
                    }
                    Tok::Float(s) => {
                        self.bump()?;
                        Ok(DLit::Num(neg, s, true, off))
                    }
                    _ => self.expected("a dense element"),
                }
            }
        };
        self.leave();
        r
    }

    fn dense_elements(
        &self,
        lit: Option<DLit<'a>>,
        ty: TensorType,
        off: usize,
    ) -> PResult<DenseElements> {
        let Some(count) = ty.num_elements() else {
            return self.err_at(off, format!("dense elements need a static shape, not {ty}"));
        };
        let w = ty.elem.storage_bytes();
        let mut data = Vec::new();
        let splat;
        match lit {
            None => {
                if count != 0 {
                    return self
                        .err_at(off, format!("dense<> has no elements but {ty} has {count}"));
                }
                splat = false;
            }
            Some(DLit::Str(s, soff)) => {
                let Some(hex) = s.strip_prefix(b"0x") else {
                    return self.err_at(
                        soff,
                        "a string inside dense<> must be a hexadecimal blob \"0x...\"",
                    );
                };
                if hex.len() % 2 != 0 {
                    return self.err_at(soff, "hexadecimal blob has an odd number of digits");
                }
                let nbytes = hex.len() / 2;
                let full = (count as u128) * (w as u128);
                if nbytes as u128 == full && !(count == 1 && nbytes == w) {
                    splat = false;
                } else if nbytes == w {
                    splat = true;
                } else {
                    return self.err_at(
                        soff,
                        format!("hexadecimal blob holds {nbytes} bytes but {ty} needs {full}"),
                    );
                }
                data.reserve(nbytes);
                for pair in hex.chunks(2) {
                    let h = (pair[0] as char).to_digit(16);
                    let l = (pair[1] as char).to_digit(16);
                    match (h, l) {
                        (Some(h), Some(l)) => data.push((h * 16 + l) as u8),
                        _ => {
                            return self.err_at(
                                soff,
                                "hexadecimal blob has a character that is not a hex digit",
                            )
                        }
                    }
                }
                for chunk in data.chunks_mut(w) {
                    canonicalize_element(&ty.elem, chunk);
                }
            }
            Some(lit) => match &lit {
                DLit::List(..) => {
                    let dims: Vec<u64> = ty.dims.iter().flatten().map(|d| d.unwrap_or(0)).collect();
                    let mut flat = Vec::new();
                    self.flatten(&lit, &dims, 0, &mut flat)?;
                    data.reserve(flat.len() * w);
                    for e in &flat {
                        self.encode_element(e, &ty.elem, &mut data)?;
                    }
                    splat = false;
                }
                _ => {
                    self.encode_element(&lit, &ty.elem, &mut data)?;
                    splat = true;
                }
            },
        }
        let mut d = DenseElements { ty, splat, data };
        // Canonical form: one stored element stands for all when all are equal.
        if !d.splat && count > 1 && d.data.chunks(w).all(|c| c == &d.data[..w]) {
            d.data.truncate(w);
            d.splat = true;
        }
        if d.splat && count == 0 {
            d.splat = false;
            d.data.clear();
        }
        Ok(d)
    }

    fn flatten<'l>(
        &self,
        lit: &'l DLit<'a>,
        dims: &[u64],
        level: usize,
        out: &mut Vec<&'l DLit<'a>>,
    ) -> PResult<()> {
        match lit {
            DLit::List(items, off) => {
                let Some(&n) = dims.get(level) else {
                    return self.err_at(
                        *off,
                        format!(
                            "dense literal is nested deeper than the tensor's rank {}",
                            dims.len()
                        ),
                    );
                };
                if items.len() as u64 != n {
                    return self.err_at(*off, format!("dense literal has {} elements in dimension {level} but the type says {n}", items.len()));
                }
                for i in items {
                    self.flatten(i, dims, level + 1, out)?;
                }
                Ok(())
            }
            _ if level == dims.len() => {
                out.push(lit);
                Ok(())
            }
            _ => self.err_at(
                lit_offset(lit),
                format!(
                    "dense literal is not nested as deep as the tensor's rank {}",
                    dims.len()
                ),
            ),
        }
    }

    fn encode_element(&self, lit: &DLit<'a>, e: &ElementType, out: &mut Vec<u8>) -> PResult<()> {
        let w = e.storage_bytes();
        match e {
            ElementType::Float(k) => {
                let bits = match lit {
                    DLit::Num(..) => self.float_bits(lit, *k)?,
                    _ => {
                        return self
                            .err_at(lit_offset(lit), format!("expected a {} literal", k.name()))
                    }
                };
                out.extend_from_slice(&bits.to_le_bytes()[..w]);
            }
            ElementType::Complex(k) => {
                let DLit::Complex(re, im, _) = lit else {
                    return self.err_at(lit_offset(lit), "expected a complex literal '(re, im)'");
                };
                let half = w / 2;
                out.extend_from_slice(&self.float_bits(re, *k)?.to_le_bytes()[..half]);
                out.extend_from_slice(&self.float_bits(im, *k)?.to_le_bytes()[..half]);
            }
            _ => {
                let v = self.int_value(lit, e)?;
                let start = out.len();
                out.extend_from_slice(&(v as u64).to_le_bytes()[..w]);
                canonicalize_element(e, &mut out[start..]);
            }
        }
        Ok(())
    }

    // ----- values, ops, regions -----------------------------------------------

    fn define(&mut self, name: &'a str, ids: Vec<ValueId>, off: usize) -> PResult<()> {
        let scope = self.scopes.last_mut().expect("a scope");
        if scope.insert(name, ids).is_some() {
            return self.err_at(off, format!("value '%{name}' is defined twice"));
        }
        Ok(())
    }

    /// Creates a value of type `t`.
    pub fn new_value(&mut self, t: Type) -> PResult<ValueId> {
        let id = self.prog.value_types.len();
        if id >= u32::MAX as usize {
            return self.err("too many values");
        }
        self.prog.value_types.push(t);
        Ok(id as ValueId)
    }

    /// `%name` or `%name#N`, a use of a defined value.
    pub fn value_use(&mut self) -> PResult<ValueId> {
        let off = self.offset();
        let Tok::Value(name, idx) = self.peek()?.clone() else {
            return self.expected("a value ('%name')");
        };
        self.bump()?;
        let barrier = self.isolated.last().copied().unwrap_or(0);
        for (depth, scope) in self.scopes.iter().enumerate().rev() {
            if let Some(ids) = scope.get(name) {
                if depth < barrier {
                    return self.err_at(
                        off,
                        format!(
                            "'%{name}' is defined outside the function that uses it: a func.func sees only its arguments and its own values"
                        ),
                    );
                }
                let i = idx.unwrap_or(0) as usize;
                // `%name` alone stands for the first result of a group, as in MLIR.
                return match ids.get(i) {
                    Some(id) => Ok(*id),
                    None => self.err_at(off, format!("'%{name}' has only {} results", ids.len())),
                };
            }
        }
        self.err_at(off, format!("use of undefined value '%{name}'"))
    }

    pub fn is_value(&mut self) -> PResult<bool> {
        Ok(matches!(self.peek()?, Tok::Value(..)))
    }

    /// `%a, %b, ...` (possibly none); stops at anything that is not a value.
    pub fn operand_list(&mut self) -> PResult<Vec<ValueId>> {
        let mut v = Vec::new();
        if self.is_value()? {
            v.push(self.value_use()?);
            while self.is_punct(b',')? {
                // Only consume the comma when a value follows it.
                let save = (self.pos, self.peeked.clone());
                self.bump()?;
                if !self.is_value()? {
                    self.pos = save.0;
                    self.peeked = save.1;
                    break;
                }
                v.push(self.value_use()?);
            }
        }
        Ok(v)
    }

    /// `%a: type` — a block argument definition (with optional `loc(...)`).
    pub fn block_arg(&mut self) -> PResult<(ValueId, &'a str)> {
        let off = self.offset();
        let Tok::Value(name, None) = self.peek()?.clone() else {
            return self.expected("a block argument ('%name: type')");
        };
        self.bump()?;
        self.expect_punct(b':')?;
        let t = self.parse_type()?;
        self.skip_loc()?;
        let id = self.new_value(t)?;
        self.define(name, vec![id], off)?;
        Ok((id, name))
    }

    /// Skips an optional `loc(...)`.
    pub fn skip_loc(&mut self) -> PResult<()> {
        if self.is_keyword("loc")? {
            self.bump()?;
            let off = self.offset();
            self.expect_punct(b'(')?;
            let mut depth = 1u32;
            loop {
                match self.bump()? {
                    Tok::Punct(b'(') => depth += 1,
                    Tok::Punct(b')') => {
                        depth -= 1;
                        if depth == 0 {
                            return Ok(());
                        }
                    }
                    Tok::Eof => return self.err_at(off, "unterminated 'loc('"),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// Opens a value scope (for a region).
    pub fn push_scope(&mut self) {
        self.scopes.push(HashMap::new());
    }

    /// Opens the value scope of a function's body, which sees no value
    /// defined outside it.
    pub fn push_isolated_scope(&mut self) {
        self.isolated.push(self.scopes.len());
        self.scopes.push(HashMap::new());
    }

    pub fn pop_scope(&mut self) {
        self.scopes.pop();
        if self.isolated.last() == Some(&self.scopes.len()) {
            self.isolated.pop();
        }
    }

    /// `{ ops }` or `{ ^bb0(args): ops ^bb1: ... }`. `entry_args` are values
    /// already defined (in a scope the caller pushed) for the entry block.
    /// Regions nest up to [`MAX_DEPTH`] deep, counted apart from the
    /// brackets, types and attributes of the ops around them (which count
    /// afresh inside each region): an op's generic and pretty forms then
    /// nest equally deep, so whatever is printed parses again.
    pub fn region(&mut self, entry_args: Vec<ValueId>) -> PResult<Region> {
        if self.region_depth >= MAX_DEPTH {
            return self.err(format!("regions nest deeper than {MAX_DEPTH} levels"));
        }
        self.region_depth += 1;
        let outer = std::mem::replace(&mut self.depth, 0);
        let r = self.region_body(entry_args);
        self.depth = outer;
        self.region_depth -= 1;
        r
    }

    fn region_body(&mut self, entry_args: Vec<ValueId>) -> PResult<Region> {
        self.expect_punct(b'{')?;
        let mut blocks = vec![Block {
            args: entry_args,
            ops: Vec::new(),
        }];
        let mut first = true;
        loop {
            match self.peek()?.clone() {
                Tok::Punct(b'}') => {
                    self.bump()?;
                    break;
                }
                Tok::Block(_) => {
                    self.bump()?;
                    let mut args = Vec::new();
                    if self.is_punct(b'(')? {
                        self.comma_list(b'(', b')', |p| {
                            args.push(p.block_arg()?.0);
                            Ok(())
                        })?;
                    }
                    self.expect_punct(b':')?;
                    let only_entry = first
                        && blocks.len() == 1
                        && blocks[0].ops.is_empty()
                        && blocks[0].args.is_empty();
                    if only_entry {
                        blocks[0].args = args;
                    } else {
                        blocks.push(Block {
                            args,
                            ops: Vec::new(),
                        });
                    }
                }
                Tok::Eof => return self.expected("'}'"),
                _ => {
                    let op = self.parse_op()?;
                    blocks.last_mut().expect("a block").ops.push(op);
                }
            }
            first = false;
        }
        if blocks.len() == 1 && blocks[0].args.is_empty() && blocks[0].ops.is_empty() {
            blocks.clear();
        }
        Ok(Region { blocks })
    }

    /// A region whose entry block arguments are written `^bb0(...)` or come
    /// from `args` (already defined); pushes and pops its own scope.
    pub fn scoped_region(&mut self) -> PResult<Region> {
        self.push_scope();
        let r = self.region(Vec::new());
        self.pop_scope();
        r
    }

    /// Parses one op, with its result bindings.
    pub fn parse_op(&mut self) -> PResult<Op> {
        let start = self.offset();
        let pos = self.pos_of(start);
        let mut names: Vec<(&'a str, usize, usize)> = Vec::new();
        if self.is_value()? {
            loop {
                let off = self.offset();
                let Tok::Value(name, None) = self.bump()? else {
                    return self.err_at(off, "expected a result name");
                };
                let mut count = 1usize;
                if self.eat_punct(b':')? {
                    let coff = self.offset();
                    let n = self.int()?;
                    if !(1..=1 << 20).contains(&n) {
                        return self.err_at(coff, "result count must be between 1 and 2^20");
                    }
                    count = n as usize;
                }
                names.push((name, count, off));
                if !self.eat_punct(b',')? {
                    break;
                }
            }
            self.expect_punct(b'=')?;
        }
        let num_results: usize = names.iter().map(|n| n.1).sum();
        let name_off = self.offset();
        let mut st = OpState {
            num_results,
            offset: name_off,
            ..OpState::default()
        };
        match self.peek()?.clone() {
            Tok::Str(name) => {
                self.bump()?;
                if name.is_empty() {
                    return self.err_at(name_off, "an op name must not be empty");
                }
                st.name = String::from_utf8_lossy(&name).into_owned();
                self.generic_op_body(&mut st)?;
            }
            Tok::Ident(name) => {
                self.bump()?;
                let full = if name.contains('.') {
                    name.to_string()
                } else {
                    format!("func.{name}")
                };
                let Some(syntax) = crate::ir::syntax::lookup(&full) else {
                    return self.err_at(
                        name_off,
                        format!("unknown op '{name}' in pretty form: hlocheck reads ops of unknown dialects only in generic form (\"{full}\"(...) : (...) -> ...)"),
                    );
                };
                st.name = full;
                crate::ir::syntax::parse_op_syntax(self, &mut st, syntax)?;
            }
            _ => return self.expected("an op"),
        }
        self.skip_loc()?;
        let Some(result_types) = st.result_types.take() else {
            return self.err_at(name_off, "internal: op syntax did not set result types");
        };
        if result_types.len() != num_results {
            return self.err_at(
                start,
                format!(
                    "'{}' has {} results but {} are bound",
                    st.name,
                    result_types.len(),
                    num_results
                ),
            );
        }
        let mut results = Vec::with_capacity(num_results);
        for t in result_types {
            results.push(self.new_value(t)?);
        }
        let mut i = 0;
        for (name, count, off) in names {
            self.define(name, results[i..i + count].to_vec(), off)?;
            i += count;
        }
        Ok(Op {
            name: st.name,
            operands: st.operands,
            results,
            attrs: st.attrs,
            regions: st.regions,
            pos,
        })
    }

    /// Line and column of an offset.
    pub fn pos_of(&self, offset: usize) -> Pos {
        // Ops are met in text order, so lines and columns are counted
        // forward from the last position asked for (from the case's start
        // when asked for an earlier one): reading a case costs time linear
        // in its length, however long its lines.
        let offset = offset.min(self.src.len());
        let (mut at, mut line, mut col) = self.line_cache.get();
        if offset < at {
            let (base, base_line) = self.line_base;
            (at, line, col) = (base.min(offset), base_line, 1);
            if offset < base {
                // Before the case (never asked by the parser): count afresh.
                (at, line) = (0, 1);
            }
        }
        for &b in &self.src[at..offset] {
            if b == b'\n' {
                line += 1;
                col = 1;
            } else if b & 0xC0 != 0x80 {
                // Columns count characters: skip UTF-8 continuation bytes.
                col += 1;
            }
        }
        self.line_cache.set((offset, line, col));
        Pos { line, col }
    }

    /// `(operands) [successors]? <{props}>? (regions)? {attrs}? : (types) -> types`
    fn generic_op_body(&mut self, st: &mut OpState) -> PResult<()> {
        self.expect_punct(b'(')?;
        st.operands = self.operand_list()?;
        self.expect_punct(b')')?;
        if self.is_punct(b'[')? {
            return self.err("block successors are not supported (StableHLO has no branches)");
        }
        if self.is_punct(b'<')? {
            self.bump()?;
            let off = self.offset();
            for (n, a) in self.attr_dict()? {
                st.add_attr(&n, a, off)?;
            }
            self.expect_punct(b'>')?;
        }
        if self.is_punct(b'(')? {
            let isolated = st.name == "func.func";
            self.comma_list(b'(', b')', |p| {
                let r = if isolated {
                    p.push_isolated_scope();
                    let r = p.region(Vec::new());
                    p.pop_scope();
                    r?
                } else {
                    p.scoped_region()?
                };
                st.regions.push(r);
                Ok(())
            })?;
        }
        if self.is_punct(b'{')? {
            let off = self.offset();
            for (n, a) in self.attr_dict()? {
                st.add_attr(&n, a, off)?;
            }
        }
        self.expect_punct(b':')?;
        let off = self.offset();
        match self.parse_type()? {
            Type::Function(ft) => {
                self.check_operand_types(&st.operands, &ft.inputs, off)?;
                st.result_types = Some(ft.results);
                Ok(())
            }
            t => self.err_at(
                off,
                format!("expected a function type '(inputs) -> results', found {t}"),
            ),
        }
    }

    /// Checks that operand `i` has type `types[i]`.
    pub fn check_operand_types(
        &self,
        operands: &[ValueId],
        types: &[Type],
        off: usize,
    ) -> PResult<()> {
        if operands.len() != types.len() {
            return self.err_at(
                off,
                format!(
                    "{} operands but {} operand types",
                    operands.len(),
                    types.len()
                ),
            );
        }
        for (i, (v, t)) in operands.iter().zip(types).enumerate() {
            let actual = self.prog.ty(*v);
            if actual != t {
                return self.err_at(
                    off,
                    format!("operand #{i} has type {actual} but the signature says {t}"),
                );
            }
        }
        Ok(())
    }

    /// The size of an alias just defined: the bytes of its text, plus what
    /// the aliases it uses stand for (`before`: `expanded` at its start).
    fn alias_size(&self, before: u64, start: usize) -> u64 {
        (self.pos.saturating_sub(start) as u64)
            .max(1)
            .saturating_add(self.expanded - before)
    }

    /// Counts one use of an alias of the given size. Aliases may use
    /// aliases, so their expansion can grow exponentially with the number
    /// of lines: the text all uses stand for together is limited.
    fn use_alias(&mut self, size: u64, off: usize) -> PResult<()> {
        self.expanded = self.expanded.saturating_add(size);
        if self.expanded > MAX_ALIAS_EXPANSION {
            return self.err_at(
                off,
                format!(
                    "aliases expand to more than {MAX_ALIAS_EXPANSION} bytes of text; \
                     the program is too large"
                ),
            );
        }
        Ok(())
    }

    /// Parses the top level of a case: aliases and ops until the end.
    fn parse_top_level(&mut self) -> PResult<()> {
        loop {
            match self.peek()?.clone() {
                Tok::Eof => return Ok(()),
                Tok::Hash(name) if !name.contains('.') => {
                    let off = self.offset();
                    self.bump()?;
                    self.expect_punct(b'=')?;
                    if self.is_keyword("loc")? {
                        self.skip_loc()?;
                        continue;
                    }
                    let (before, start) = (self.expanded, self.pos);
                    let a = self.parse_attr()?;
                    let size = self.alias_size(before, start);
                    if self.attr_aliases.insert(name, (a, size)).is_some() {
                        return self
                            .err_at(off, format!("attribute alias '#{name}' is defined twice"));
                    }
                }
                Tok::Bang(name) if !name.contains('.') => {
                    let off = self.offset();
                    self.bump()?;
                    self.expect_punct(b'=')?;
                    let (before, start) = (self.expanded, self.pos);
                    let t = self.parse_type()?;
                    let size = self.alias_size(before, start);
                    if self.type_aliases.insert(name, (t, size)).is_some() {
                        return self.err_at(off, format!("type alias '!{name}' is defined twice"));
                    }
                }
                _ => {
                    let op = self.parse_op()?;
                    self.prog.ops.push(op);
                }
            }
        }
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF7 => 4,
        _ => 1,
    }
}

fn lit_offset(lit: &DLit<'_>) -> usize {
    match lit {
        DLit::List(_, o)
        | DLit::Num(_, _, _, o)
        | DLit::Bool(_, o)
        | DLit::Complex(_, _, o)
        | DLit::Str(_, o) => *o,
    }
}

/// The value of an unsigned integer literal (decimal or `0x` hex).
pub fn parse_int_text(s: &str) -> Option<i128> {
    if let Some(h) = s.strip_prefix("0x") {
        u128::from_str_radix(h, 16)
            .ok()
            .and_then(|v| i128::try_from(v).ok())
    } else {
        s.parse::<i128>().ok()
    }
}

/// Brings a stored element to canonical bits: integers sign-extended (signless,
/// signed) or zero-extended (unsigned) from their width to their storage
/// width, i1 to 0 or 1; floats narrower than their storage with the unused
/// high bits cleared.
pub fn canonicalize_element(e: &ElementType, bytes: &mut [u8]) {
    let mut buf = [0u8; 8];
    let n = bytes.len().min(8);
    buf[..n].copy_from_slice(&bytes[..n]);
    let raw = u64::from_le_bytes(buf);
    let (width, signed) = match e {
        ElementType::Int(Signedness::Signless, 1) => (1, false),
        ElementType::Int(s, w) => (*w, *s != Signedness::Unsigned),
        ElementType::Quant(q) => (q.storage_bits, q.storage_signed),
        ElementType::Float(k) => (k.bits(), false),
        ElementType::Complex(_) | ElementType::Index => return,
    };
    if width >= (n as u32) * 8 {
        return;
    }
    let shift = 64 - width;
    let v = if signed {
        (((raw << shift) as i64) >> shift) as u64
    } else {
        (raw << shift) >> shift
    };
    bytes[..n].copy_from_slice(&v.to_le_bytes()[..n]);
}
