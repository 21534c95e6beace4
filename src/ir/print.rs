//! The printer: canonical pretty form (per-op syntax from
//! [`crate::ir::syntax`]) or MLIR's generic form.
//!
//! Values are renamed: `%argN` for block arguments and `%N` for op results,
//! numbered per function. Every value is printed where it is defined, in the
//! order the parser numbers them, so printing then parsing gives back the
//! same [`Program`].

use crate::float::FloatKind;
use crate::ir::attr::{Attr, ConvDims, DenseArray, DenseElements, FieldKind};
use crate::ir::lexer::write_string;
use crate::ir::types::{ElementType, Signedness, Type};
use crate::ir::{Block, Op, Program, Region, ValueId};
use std::fmt::{self, Write};

/// Prints a program in canonical pretty form.
pub fn print_program(prog: &Program) -> String {
    let mut p = Printer::new(prog, false);
    for op in &prog.ops {
        p.op(op);
    }
    p.out
}

/// Prints a program with every op in generic form.
pub fn print_generic(prog: &Program) -> String {
    let mut p = Printer::new(prog, true);
    for op in &prog.ops {
        p.op(op);
    }
    p.out
}

/// Printer state.
pub struct Printer<'p> {
    pub prog: &'p Program,
    pub out: String,
    names: Vec<Option<(u32, bool, Option<u32>)>>,
    indent: usize,
    generic: bool,
    next_arg: u32,
    next_result: u32,
}

impl<'p> Printer<'p> {
    fn new(prog: &'p Program, generic: bool) -> Printer<'p> {
        Printer {
            prog,
            out: String::new(),
            names: vec![None; prog.value_types.len()],
            indent: 0,
            generic,
            next_arg: 0,
            next_result: 0,
        }
    }

    /// Writes a value's name.
    pub fn value(&mut self, v: ValueId) {
        match self.names.get(v as usize).copied().flatten() {
            Some((n, true, _)) => {
                let _ = write!(self.out, "%arg{n}");
            }
            Some((n, false, None)) => {
                let _ = write!(self.out, "%{n}");
            }
            Some((n, false, Some(i))) => {
                let _ = write!(self.out, "%{n}#{i}");
            }
            None => {
                // Not defined before its use (only in malformed IR built by hand).
                let _ = write!(self.out, "%undefined{v}");
            }
        }
    }

    /// Writes `%a, %b`.
    pub fn values(&mut self, vs: &[ValueId]) {
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.value(*v);
        }
    }

    /// Names a block argument.
    pub fn define_arg(&mut self, v: ValueId) {
        if let Some(slot) = self.names.get_mut(v as usize) {
            *slot = Some((self.next_arg, true, None));
        }
        self.next_arg += 1;
    }

    /// Names a block argument with a given number (arguments of several
    /// regions that stand for the same thing share numbers).
    pub fn define_named_arg(&mut self, v: ValueId, n: u32) {
        if let Some(slot) = self.names.get_mut(v as usize) {
            *slot = Some((n, true, None));
        }
    }

    /// The number the next block argument will get.
    pub fn peek_arg_number(&self) -> u32 {
        self.next_arg
    }

    /// Skips `n` argument numbers.
    pub fn skip_args(&mut self, n: u32) {
        self.next_arg += n;
    }

    /// The current numbering state, to resume after a nested function.
    pub fn numbering(&self) -> (u32, u32) {
        (self.next_arg, self.next_result)
    }

    pub fn set_numbering(&mut self, n: (u32, u32)) {
        (self.next_arg, self.next_result) = n;
    }

    /// Starts numbering afresh (for each function).
    pub fn reset_numbering(&mut self) {
        self.next_arg = 0;
        self.next_result = 0;
    }

    pub fn ty(&self, v: ValueId) -> &'p Type {
        self.prog.ty(v)
    }

    pub fn write<T: fmt::Display>(&mut self, t: T) {
        let _ = write!(self.out, "{t}");
    }

    pub fn newline(&mut self) {
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    /// Prints an op on its own line(s) at the current indentation.
    pub fn op(&mut self, op: &Op) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.op_inline(op);
        self.out.push('\n');
    }

    fn op_inline(&mut self, op: &Op) {
        // Results are named before the op body is printed but only used after it.
        let n = self.next_result;
        if !op.results.is_empty() {
            self.next_result += 1;
        }
        let multi = op.results.len() > 1;
        for (i, r) in op.results.iter().enumerate() {
            if let Some(slot) = self.names.get_mut(*r as usize) {
                *slot = Some((n, false, multi.then_some(i as u32)));
            }
        }
        // Names must not be visible inside the op's own regions; they are
        // only printed there in malformed IR, so defining them early is harmless.
        if !op.results.is_empty() {
            let _ = write!(self.out, "%{n}");
            if multi {
                let _ = write!(self.out, ":{}", op.results.len());
            }
            self.out.push_str(" = ");
        }
        let mark = self.out.len();
        if !self.generic {
            if let Some(s) = crate::ir::syntax::lookup(&op.name) {
                let saved = (self.next_arg, self.next_result);
                if crate::ir::syntax::print_op_syntax(self, op, s) {
                    return;
                }
                self.out.truncate(mark);
                (self.next_arg, self.next_result) = saved;
            }
        }
        self.generic_op(op);
    }

    /// `"name"(operands) ({regions}) {attrs} : (types) -> types`.
    pub fn generic_op(&mut self, op: &Op) {
        write_string(&mut self.out, op.name.as_bytes());
        self.out.push('(');
        self.values(&op.operands);
        self.out.push(')');
        if !op.regions.is_empty() {
            self.out.push_str(" (");
            for (i, r) in op.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.region(r, true);
            }
            self.out.push(')');
        }
        if !op.attrs.is_empty() {
            self.out.push(' ');
            self.attr_dict(&op.attrs, &[]);
        }
        self.out.push_str(" : (");
        for (i, v) in op.operands.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let t = self.ty(*v);
            self.write(t);
        }
        self.out.push_str(") -> ");
        self.result_types(&op.results);
    }

    /// `T` for one non-function result, else `(T, U)`.
    pub fn result_types(&mut self, results: &[ValueId]) {
        let single = results.len() == 1 && !matches!(self.ty(results[0]), Type::Function(_));
        if !single {
            self.out.push('(');
        }
        for (i, v) in results.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let t = self.ty(*v);
            self.write(t);
        }
        if !single {
            self.out.push(')');
        }
    }

    /// Writes `T1, T2` for the types of `vs`.
    pub fn types_of(&mut self, vs: &[ValueId]) {
        for (i, v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let t = self.ty(*v);
            self.write(t);
        }
    }

    /// `{a = 1, b}` without the names in `skip`; nothing if none are left.
    pub fn attr_dict(&mut self, attrs: &[(String, Attr)], skip: &[&str]) -> bool {
        let mut first = true;
        for (name, a) in attrs {
            if skip.contains(&name.as_str()) {
                continue;
            }
            self.out.push_str(if first { "{" } else { ", " });
            first = false;
            write_attr_name(&mut self.out, name);
            if *a != Attr::Unit {
                self.out.push_str(" = ");
                write_attr(&mut self.out, a);
            }
        }
        if !first {
            self.out.push('}');
        }
        !first
    }

    /// `{` blocks `}`; the entry block's header is printed when `header` is
    /// set or when it has arguments that nobody else prints.
    pub fn region(&mut self, r: &Region, header: bool) {
        self.out.push('{');
        self.indent += 1;
        for (i, b) in r.blocks.iter().enumerate() {
            // The entry block's label is needed when it has arguments, or
            // when more blocks follow (an empty entry block would vanish).
            if i > 0 || (header && (!b.args.is_empty() || r.blocks.len() > 1)) {
                self.block_header(b, i);
            }
            self.out.push('\n');
            for op in &b.ops {
                self.op(op);
            }
            // Re-strip the final newline so the closing brace lines up.
            self.out.pop();
        }
        self.indent -= 1;
        self.newline();
        self.out.push('}');
    }

    fn block_header(&mut self, b: &Block, i: usize) {
        self.out.push('\n');
        for _ in 0..self.indent.saturating_sub(1) {
            self.out.push_str("  ");
        }
        let _ = write!(self.out, "^bb{i}");
        if !b.args.is_empty() {
            self.out.push('(');
            for (k, a) in b.args.iter().enumerate() {
                if k > 0 {
                    self.out.push_str(", ");
                }
                self.define_arg(*a);
                self.value(*a);
                self.out.push_str(": ");
                let t = self.ty(*a);
                self.write(t);
            }
            self.out.push(')');
        }
        self.out.push(':');
    }

    /// A region whose entry block arguments were already printed and named by the op's syntax.
    pub fn region_without_header(&mut self, r: &Region) {
        self.region(r, false)
    }
}

/// Whether `name` lexes as one bare identifier (`extra` lists the
/// punctuation allowed after the first character besides `_$.`).
fn is_bare(name: &str, extra: &[u8]) -> bool {
    name.bytes()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && name.bytes().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.') || extra.contains(&c)
        })
}

/// Writes an attribute name: bare when it is an identifier, quoted otherwise.
pub fn write_attr_name(out: &mut String, name: &str) {
    if is_bare(name, b"") {
        out.push_str(name);
    } else {
        write_string(out, name.as_bytes());
    }
}

/// Writes `@name`, quoted when it is not a bare identifier.
pub fn write_symbol(out: &mut String, name: &str) {
    out.push('@');
    if is_bare(name, b"-") {
        out.push_str(name);
    } else {
        write_string(out, name.as_bytes());
    }
}

/// An f64 printed so that it parses back to the same bits.
pub struct F64(pub f64);

impl fmt::Display for F64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_float(&mut s, FloatKind::F64, self.0.to_bits());
        f.write_str(&s)
    }
}

/// Writes a float value: shortest round-tripping decimal when finite, the
/// bit pattern in hex otherwise.
pub fn write_float(out: &mut String, kind: FloatKind, bits: u64) {
    match crate::float::format_decimal(kind, bits) {
        Some(s) => out.push_str(&s),
        None => write_hex_bits(out, kind, bits),
    }
}

fn write_hex_bits(out: &mut String, kind: FloatKind, bits: u64) {
    let digits = kind.bits().div_ceil(4) as usize;
    let _ = write!(out, "0x{bits:0digits$X}");
}

fn is_finite(kind: FloatKind, bits: u64) -> bool {
    crate::float::format_decimal(kind, bits).is_some()
}

/// Writes an attribute in its canonical syntax.
pub fn write_attr(out: &mut String, a: &Attr) {
    match a {
        Attr::Unit => out.push_str("unit"),
        Attr::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Attr::Int(v, t) => {
            let _ = write!(out, "{v}");
            if *t != ElementType::I64 {
                let _ = write!(out, " : {t}");
            }
        }
        Attr::Float(bits, kind) => {
            let finite = is_finite(*kind, *bits);
            write_float(out, *kind, *bits);
            if *kind != FloatKind::F64 || !finite {
                let _ = write!(out, " : {}", kind.name());
            }
        }
        Attr::Str(s) => write_string(out, s),
        Attr::Type(t) => {
            let _ = write!(out, "{t}");
        }
        Attr::Array(v) => {
            out.push('[');
            for (i, a) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr(out, a);
            }
            out.push(']');
        }
        Attr::DenseArray(d) => write_dense_array(out, d),
        Attr::Dense(d) => write_dense(out, d),
        Attr::Dict(entries) => {
            out.push('{');
            for (i, (n, a)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_attr_name(out, n);
                if *a != Attr::Unit {
                    out.push_str(" = ");
                    write_attr(out, a);
                }
            }
            out.push('}');
        }
        Attr::SymbolRef(path) => {
            for (i, s) in path.iter().enumerate() {
                if i > 0 {
                    out.push_str("::");
                }
                write_symbol(out, s);
            }
        }
        Attr::Enum(def, i) => {
            let v = def.values.get(*i as usize).copied().unwrap_or("?");
            if def.dotted {
                let _ = write!(out, "#{}.{}<{v}>", def.dialect, def.mnemonic);
            } else {
                let _ = write!(out, "#{}<{} {v}>", def.dialect, def.mnemonic);
            }
        }
        Attr::Struct(def, vals) => {
            let _ = write!(out, "#{}.{}<", def.dialect, def.mnemonic);
            let mut first = true;
            for ((name, kind), v) in def.fields.iter().zip(vals) {
                let omit = match kind {
                    FieldKind::I64List => v.as_i64_list().is_some_and(|l| l.is_empty()),
                    FieldKind::OptF64 => matches!(v, Attr::Float(0, _)),
                    _ => false,
                };
                if omit {
                    continue;
                }
                if !first {
                    out.push_str(", ");
                }
                first = false;
                let _ = write!(out, "{name} = ");
                match v {
                    Attr::DenseArray(DenseArray::I64(l)) => write_i64_list(out, l),
                    Attr::Float(bits, k) => write_float(out, *k, *bits),
                    other => write_attr(out, other),
                }
            }
            out.push('>');
        }
        Attr::Conv(d) => {
            out.push_str("#stablehlo.conv<");
            write_conv(out, d);
            out.push('>');
        }
        Attr::Bounds(values) => {
            out.push_str("#stablehlo.bounds<");
            for (i, b) in values.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match b {
                    Some(n) => {
                        let _ = write!(out, "{n}");
                    }
                    None => out.push('?'),
                }
            }
            out.push('>');
        }
        Attr::Opaque(s) => out.push_str(s),
    }
}

/// `[1, 2, 3]`.
pub fn write_i64_list(out: &mut String, l: &[i64]) {
    out.push('[');
    for (i, v) in l.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{v}");
    }
    out.push(']');
}

/// Conv dimension numbers: `[b, 0, f]x[0, i, o]->[b, 0, f]` when every
/// layout is a permutation, otherwise the `raw` field form (which only the
/// `#stablehlo.conv<…>` attribute syntax accepts).
pub fn write_conv(out: &mut String, d: &ConvDims) {
    match conv_layout(d) {
        Some(s) => out.push_str(&s),
        None => {
            let _ = write!(
                out,
                "raw input_batch_dimension = {}, input_feature_dimension = {}, input_spatial_dimensions = ",
                d.input_batch_dimension, d.input_feature_dimension
            );
            write_i64_list(out, &d.input_spatial_dimensions);
            let _ = write!(
                out,
                ", kernel_input_feature_dimension = {}, kernel_output_feature_dimension = {}, kernel_spatial_dimensions = ",
                d.kernel_input_feature_dimension, d.kernel_output_feature_dimension
            );
            write_i64_list(out, &d.kernel_spatial_dimensions);
            let _ = write!(
                out,
                ", output_batch_dimension = {}, output_feature_dimension = {}, output_spatial_dimensions = ",
                d.output_batch_dimension, d.output_feature_dimension
            );
            write_i64_list(out, &d.output_spatial_dimensions);
        }
    }
}

/// Conv dimension numbers as layouts, `[b, 0, f]x[0, i, o]->[b, 0, f]`;
/// `None` when a layout is not a permutation of its operand's dimensions.
pub fn conv_layout(d: &ConvDims) -> Option<String> {
    fn layout(a: i64, b: i64, s: &[i64], na: char, nb: char) -> Option<String> {
        let n = s.len() + 2;
        let mut slots: Vec<Option<String>> = vec![None; n];
        let mut put = |pos: i64, v: String| -> Option<()> {
            let slot = slots.get_mut(usize::try_from(pos).ok()?)?;
            if slot.is_some() {
                return None;
            }
            *slot = Some(v);
            Some(())
        };
        put(a, na.to_string())?;
        put(b, nb.to_string())?;
        for (k, p) in s.iter().enumerate() {
            put(*p, k.to_string())?;
        }
        let parts: Option<Vec<String>> = slots.into_iter().collect();
        Some(format!("[{}]", parts?.join(", ")))
    }
    Some(format!(
        "{}x{}->{}",
        layout(
            d.input_batch_dimension,
            d.input_feature_dimension,
            &d.input_spatial_dimensions,
            'b',
            'f'
        )?,
        layout(
            d.kernel_input_feature_dimension,
            d.kernel_output_feature_dimension,
            &d.kernel_spatial_dimensions,
            'i',
            'o'
        )?,
        layout(
            d.output_batch_dimension,
            d.output_feature_dimension,
            &d.output_spatial_dimensions,
            'b',
            'f'
        )?,
    ))
}

fn write_dense_array(out: &mut String, d: &DenseArray) {
    let sep = |out: &mut String, i: usize| out.push_str(if i == 0 { ": " } else { ", " });
    match d {
        DenseArray::I64(v) | DenseArray::Int(_, v) => {
            let w = match d {
                DenseArray::Int(w, _) => *w,
                _ => 64,
            };
            let _ = write!(out, "array<i{w}");
            for (i, x) in v.iter().enumerate() {
                sep(out, i);
                let _ = write!(out, "{x}");
            }
        }
        DenseArray::Bool(v) => {
            out.push_str("array<i1");
            for (i, x) in v.iter().enumerate() {
                sep(out, i);
                out.push_str(if *x { "true" } else { "false" });
            }
        }
        DenseArray::Float(k, v) => {
            let _ = write!(out, "array<{}", k.name());
            for (i, x) in v.iter().enumerate() {
                sep(out, i);
                write_float(out, *k, *x);
            }
        }
    }
    out.push('>');
}

/// Elements above this count are printed as a hexadecimal blob.
const HEX_ABOVE: usize = 64;

/// `bytes` in upper-case hexadecimal, two digits each, in order (a table,
/// not the formatter: outputs of many elements are written this way).
fn write_hex(out: &mut String, bytes: &[u8]) {
    const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
    out.reserve(2 * bytes.len());
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
}

/// `dense<...> : tensor<...>`.
pub fn write_dense(out: &mut String, d: &DenseElements) {
    out.push_str("dense<");
    let count = d.ty.num_elements().unwrap_or(0) as usize;
    if d.splat {
        write_element(out, &d.ty.elem, d.element(0));
    } else if count > HEX_ABOVE {
        out.push_str("\"0x");
        write_hex(out, &d.data);
        out.push('"');
    } else if count > 0 {
        let dims: Vec<usize> =
            d.ty.dims
                .iter()
                .flatten()
                .map(|x| x.unwrap_or(0) as usize)
                .collect();
        let mut idx = 0usize;
        write_nested(out, d, &dims, &mut idx);
    }
    out.push_str("> : ");
    let _ = write!(out, "{}", d.ty);
}

fn write_nested(out: &mut String, d: &DenseElements, dims: &[usize], idx: &mut usize) {
    match dims.split_first() {
        None => {
            write_element(out, &d.ty.elem, d.element(*idx));
            *idx += 1;
        }
        Some((&n, rest)) => {
            out.push('[');
            for i in 0..n {
                if i > 0 {
                    out.push_str(", ");
                }
                write_nested(out, d, rest, idx);
            }
            out.push(']');
        }
    }
}

fn le_u64(bytes: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    let n = bytes.len().min(8);
    buf[..n].copy_from_slice(&bytes[..n]);
    u64::from_le_bytes(buf)
}

/// Writes one dense element given its stored bytes.
pub fn write_element(out: &mut String, e: &ElementType, bytes: &[u8]) {
    match e {
        ElementType::Int(Signedness::Signless, 1) => {
            out.push_str(if bytes[0] != 0 { "true" } else { "false" })
        }
        ElementType::Int(Signedness::Unsigned, _) => {
            let _ = write!(out, "{}", le_u64(bytes));
        }
        ElementType::Quant(q) if !q.storage_signed => {
            let _ = write!(out, "{}", le_u64(bytes));
        }
        ElementType::Int(..) | ElementType::Index | ElementType::Quant(_) => {
            let raw = le_u64(bytes);
            let shift = 64 - 8 * bytes.len().min(8) as u32;
            let v = ((raw << shift) as i64) >> shift;
            let _ = write!(out, "{v}");
        }
        ElementType::Float(k) => write_float(out, *k, le_u64(bytes)),
        ElementType::Complex(k) => {
            let half = bytes.len() / 2;
            out.push('(');
            write_float(out, *k, le_u64(&bytes[..half]));
            out.push_str(", ");
            write_float(out, *k, le_u64(&bytes[half..]));
            out.push(')');
        }
    }
}

impl fmt::Display for Attr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_attr(&mut s, self);
        f.write_str(&s)
    }
}
