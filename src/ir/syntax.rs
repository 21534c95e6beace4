//! Pretty (custom) syntax of every op, in one table keyed by op name.
//!
//! Most ops are described by a short list of [`Piece`]s, read by one parser
//! and one printer, in the spirit of MLIR's declarative assembly formats.
//! Ops whose syntax does not fit (functions, modules, `reduce`, `while`,
//! `custom_call`, convolutions, ...) have a parse and a print function of
//! their own. Ops absent from the table are written in generic form only,
//! exactly as MLIR prints them.
//!
//! Parsing is lenient where MLIR's printers differ between ops (a type
//! signature may always be written `: T` when every operand and result has
//! type `T`, or as a function type); printing is canonical.

use crate::float::FloatKind;
use crate::ir::attr::{
    DenseArray, EnumDef, COMPARISON_DIRECTION, COMPARISON_TYPE, FFT_TYPE, PRECISION, RNG_ALGORITHM,
    RNG_DISTRIBUTION,
};
use crate::ir::lexer::Tok;
use crate::ir::parse::{OpState, PResult, Parser};
use crate::ir::print::{
    conv_layout, write_attr, write_float, write_i64_list, write_symbol, Printer,
};
use crate::ir::types::{ElementType, FunctionType, Type};
use crate::ir::{Op, Region, ValueId};
use std::collections::HashMap;
use std::sync::OnceLock;

/// How an attribute is written inside a pretty form.
#[derive(Clone, Copy, Debug)]
pub enum Syn {
    /// `3` for an `i64` attribute.
    I64,
    /// `3` for an `i32` attribute.
    I32,
    /// `[1, 2]` for `array<i64: 1, 2>`.
    I64Array,
    /// A bare enum value: `LT`.
    Enum(&'static EnumDef),
    /// `"text"`.
    Str,
    /// `true` / `false`.
    Bool,
    /// `1.5` for an f64 attribute.
    F64,
    /// `[DEFAULT, HIGH]` for a list of precision enums.
    Precision,
    /// Any attribute in full syntax (`dense<...> : tensor<...>`).
    Any,
}

/// How the type signature after `:` is written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sig {
    /// `: T` when every operand and result has type `T`, else `: (A, B) -> R`.
    Same,
    /// Always `: (A, B) -> R` when printed.
    Fn,
    /// `: R1, R2`: the result types (operand types are known from their definitions).
    Results,
    /// `: Tpred, T` for select.
    Select,
    /// `: A, B`: the operand types; no results. Omitted when there are no operands.
    Operands,
    /// `: T` for all operands, no results.
    SameOperands,
    /// `: A, B`: operand types, and results of the same types.
    Passthrough,
    /// CHLO style `: A, B -> R` (no parentheses).
    Arrow,
    /// `: R` for `complex`: the result type; the operands have its real part type.
    Complex,
}

/// One element of a declarative pretty form.
#[derive(Clone, Copy, Debug)]
pub enum Piece {
    /// A keyword.
    Kw(&'static str),
    /// A punctuation character.
    P(u8),
    /// Zero or more operands, comma separated.
    Operands,
    /// An attribute, by name and written syntax.
    Attr(&'static str, Syn),
    /// An optional group: parsed when its first piece is next in the text,
    /// printed when every attribute in it is present.
    Opt(&'static [Piece]),
    /// `{...}`: the attributes no other piece prints.
    Dict,
    /// `:` and the type signature.
    Sig(Sig),
}

/// Parser and printer of a custom form.
pub type ParseFn = fn(&mut Parser<'_>, &mut OpState) -> PResult<()>;
pub type PrintFn = fn(&mut Printer<'_>, &Op) -> bool;

/// The syntax of one op.
pub enum OpSyntax {
    Format(&'static [Piece]),
    Custom(ParseFn, PrintFn),
}

use Piece::*;

const UNARY: &[Piece] = &[Operands, Dict, Sig(Sig::Same)];
const FN: &[Piece] = &[Operands, Dict, Sig(Sig::Fn)];
const CHLO_ARROW: &[Piece] = &[Operands, Dict, Sig(Sig::Arrow)];
const RESULTS: &[Piece] = &[Operands, Dict, Sig(Sig::Results)];
const RETURN: &[Piece] = &[Operands, Dict, Sig(Sig::Operands)];

static RNG_BIT_GENERATOR: &[Piece] = &[
    Operands,
    P(b','),
    Kw("algorithm"),
    P(b'='),
    Attr("rng_algorithm", Syn::Enum(&RNG_ALGORITHM)),
    Dict,
    Sig(Sig::Fn),
];

static RNG: &[Piece] = &[
    Operands,
    P(b','),
    Kw("distribution"),
    P(b'='),
    Attr("rng_distribution", Syn::Enum(&RNG_DISTRIBUTION)),
    Dict,
    Sig(Sig::Fn),
];

static FFT: &[Piece] = &[
    Operands,
    P(b','),
    Kw("type"),
    P(b'='),
    Attr("fft_type", Syn::Enum(&FFT_TYPE)),
    P(b','),
    Kw("length"),
    P(b'='),
    Attr("fft_length", Syn::I64Array),
    Dict,
    Sig(Sig::Fn),
];

static COMPARE: &[Piece] = &[
    Attr("comparison_direction", Syn::Enum(&COMPARISON_DIRECTION)),
    P(b','),
    Operands,
    Opt(&[P(b','), Attr("compare_type", Syn::Enum(&COMPARISON_TYPE))]),
    Dict,
    Sig(Sig::Fn),
];

static DOT: &[Piece] = &[
    Operands,
    Opt(&[
        P(b','),
        Kw("precision"),
        P(b'='),
        Attr("precision_config", Syn::Precision),
    ]),
    Dict,
    Sig(Sig::Fn),
];

/// Every op with a pretty form.
fn table() -> Vec<(&'static str, OpSyntax)> {
    use OpSyntax::{Custom, Format};
    let mut t: Vec<(&'static str, OpSyntax)> = Vec::new();
    for name in [
        "abs",
        "cbrt",
        "ceil",
        "count_leading_zeros",
        "cosine",
        "exponential",
        "exponential_minus_one",
        "floor",
        "imag",
        "is_finite",
        "log",
        "log_plus_one",
        "logistic",
        "negate",
        "not",
        "popcnt",
        "real",
        "round_nearest_afz",
        "round_nearest_even",
        "rsqrt",
        "sign",
        "sine",
        "sqrt",
        "tan",
        "tanh",
        "convert",
        "uniform_quantize",
        "uniform_dequantize",
        "add",
        "and",
        "atan2",
        "divide",
        "maximum",
        "minimum",
        "multiply",
        "or",
        "power",
        "remainder",
        "shift_left",
        "shift_right_arithmetic",
        "shift_right_logical",
        "subtract",
        "xor",
        "clamp",
    ] {
        t.push((leak(format!("stablehlo.{name}")), Format(UNARY)));
    }
    t.push((
        "stablehlo.complex",
        Format(&[Operands, Dict, Sig(Sig::Complex)]),
    ));
    for name in [
        "reshape",
        "bitcast_convert",
        "dynamic_reshape",
        "real_dynamic_slice",
        "dynamic_pad",
        "dynamic_update_slice",
    ] {
        t.push((leak(format!("stablehlo.{name}")), Format(FN)));
    }
    for name in [
        "replica_id",
        "partition_id",
        "create_token",
        "after_all",
        "tuple",
    ] {
        t.push((leak(format!("stablehlo.{name}")), Format(RESULTS)));
    }
    t.push(("stablehlo.return", Format(RETURN)));
    t.push(("func.return", Format(RETURN)));
    t.push((
        "stablehlo.select",
        Format(&[Operands, Dict, Sig(Sig::Select)]),
    ));
    t.push((
        "stablehlo.iota",
        Format(&[
            Kw("dim"),
            P(b'='),
            Attr("iota_dimension", Syn::I64),
            Dict,
            Sig(Sig::Results),
        ]),
    ));
    let dims = |attr| -> &'static [Piece] {
        Box::leak(Box::new([
            Operands,
            P(b','),
            Kw("dims"),
            P(b'='),
            Attr(attr, Syn::I64Array),
            Dict,
            Sig(Sig::Fn),
        ]))
    };
    t.push((
        "stablehlo.broadcast_in_dim",
        Format(dims("broadcast_dimensions")),
    ));
    t.push(("stablehlo.transpose", Format(dims("permutation"))));
    t.push((
        "stablehlo.reverse",
        Format(&[
            Operands,
            P(b','),
            Kw("dims"),
            P(b'='),
            Attr("dimensions", Syn::I64Array),
            Dict,
            Sig(Sig::Same),
        ]),
    ));
    t.push((
        "stablehlo.broadcast",
        Format(&[
            Operands,
            P(b','),
            Kw("sizes"),
            P(b'='),
            Attr("broadcast_sizes", Syn::I64Array),
            Dict,
            Sig(Sig::Fn),
        ]),
    ));
    let dim = |attr| -> &'static [Piece] {
        Box::leak(Box::new([
            Operands,
            P(b','),
            Kw("dim"),
            P(b'='),
            Attr(attr, Syn::I64),
            Dict,
            Sig(Sig::Fn),
        ]))
    };
    t.push(("stablehlo.concatenate", Format(dim("dimension"))));
    t.push(("stablehlo.dynamic_iota", Format(dim("iota_dimension"))));
    t.push(("stablehlo.get_dimension_size", Format(dim("dimension"))));
    t.push(("stablehlo.set_dimension_size", Format(dim("dimension"))));
    t.push((
        "stablehlo.dynamic_slice",
        Format(&[
            Operands,
            P(b','),
            Kw("sizes"),
            P(b'='),
            Attr("slice_sizes", Syn::I64Array),
            Dict,
            Sig(Sig::Fn),
        ]),
    ));
    t.push((
        "stablehlo.pad",
        Format(&[
            Operands,
            P(b','),
            Kw("low"),
            P(b'='),
            Attr("edge_padding_low", Syn::I64Array),
            P(b','),
            Kw("high"),
            P(b'='),
            Attr("edge_padding_high", Syn::I64Array),
            P(b','),
            Kw("interior"),
            P(b'='),
            Attr("interior_padding", Syn::I64Array),
            Dict,
            Sig(Sig::Fn),
        ]),
    ));
    t.push(("stablehlo.rng_bit_generator", Format(RNG_BIT_GENERATOR)));
    t.push(("stablehlo.rng", Format(RNG)));
    t.push(("stablehlo.fft", Format(FFT)));
    t.push((
        "stablehlo.einsum",
        Format(&[
            Operands,
            P(b','),
            Kw("config"),
            P(b'='),
            Attr("einsum_config", Syn::Str),
            Dict,
            Sig(Sig::Fn),
        ]),
    ));
    t.push((
        "stablehlo.unary_einsum",
        Format(&[
            Operands,
            P(b','),
            Kw("config"),
            P(b'='),
            Attr("einsum_config", Syn::Str),
            Dict,
            Sig(Sig::Fn),
        ]),
    ));
    t.push((
        "stablehlo.cholesky",
        Format(&[
            Operands,
            Opt(&[P(b','), Kw("lower"), P(b'='), Attr("lower", Syn::Bool)]),
            Dict,
            Sig(Sig::Same),
        ]),
    ));
    t.push(("stablehlo.compare", Format(COMPARE)));
    t.push(("stablehlo.dot", Format(DOT)));
    t.push((
        "stablehlo.dynamic_broadcast_in_dim",
        Format(&[
            Operands,
            P(b','),
            Kw("dims"),
            P(b'='),
            Attr("broadcast_dimensions", Syn::I64Array),
            Opt(&[
                P(b','),
                Kw("known_expanding_dimensions"),
                P(b'='),
                Attr("known_expanding_dimensions", Syn::I64Array),
            ]),
            Opt(&[
                P(b','),
                Kw("known_nonexpanding_dimensions"),
                P(b'='),
                Attr("known_nonexpanding_dimensions", Syn::I64Array),
            ]),
            Dict,
            Sig(Sig::Fn),
        ]),
    ));
    t.push((
        "stablehlo.reduce_precision",
        Custom(parse_reduce_precision, print_reduce_precision),
    ));
    t.push((
        "stablehlo.get_tuple_element",
        Custom(parse_get_tuple_element, print_get_tuple_element),
    ));
    t.push((
        "stablehlo.optimization_barrier",
        Custom(parse_optimization_barrier, print_optimization_barrier),
    ));
    t.push(("stablehlo.slice", Custom(parse_slice, print_slice)));
    t.push(("stablehlo.constant", Custom(parse_constant, print_constant)));
    t.push(("chlo.constant", Custom(parse_constant, print_constant)));
    t.push(("arith.constant", Custom(parse_constant, print_constant)));
    t.push((
        "stablehlo.custom_call",
        Custom(parse_custom_call, print_custom_call),
    ));
    t.push((
        "stablehlo.composite",
        Custom(parse_composite, print_composite),
    ));
    t.push((
        "stablehlo.dot_general",
        Custom(parse_dot_general, print_dot_general),
    ));
    t.push((
        "stablehlo.convolution",
        Custom(parse_convolution, print_convolution),
    ));
    t.push(("stablehlo.reduce", Custom(parse_reduce, print_reduce)));
    t.push(("stablehlo.while", Custom(parse_while, print_while)));
    t.push(("func.func", Custom(parse_func, print_func)));
    t.push(("func.call", Custom(parse_call, print_call)));
    t.push(("func.module", Custom(parse_module, print_module)));
    t.push(("builtin.module", Custom(parse_module, print_module)));
    t.push(("chlo.top_k", Custom(parse_top_k, print_top_k)));
    t.push(("chlo.scan", Custom(parse_scan, print_scan)));
    for name in [
        "acos",
        "acosh",
        "asin",
        "asinh",
        "atan",
        "atanh",
        "bessel_i1e",
        "conj",
        "cosh",
        "digamma",
        "erf",
        "erf_inv",
        "erfc",
        "is_inf",
        "is_neg_inf",
        "is_pos_inf",
        "lgamma",
        "sinh",
        "tan",
        "square",
        "next_after",
        "polygamma",
        "zeta",
        "mulhi",
    ] {
        t.push((leak(format!("chlo.{name}")), Format(CHLO_ARROW)));
    }
    for name in [
        "add",
        "and",
        "atan2",
        "complex",
        "compare",
        "divide",
        "maximum",
        "minimum",
        "multiply",
        "next_after",
        "or",
        "polygamma",
        "power",
        "remainder",
        "select",
        "shift_left",
        "shift_right_arithmetic",
        "shift_right_logical",
        "subtract",
        "xor",
        "zeta",
    ] {
        t.push((leak(format!("chlo.broadcast_{name}")), Format(FN)));
    }
    // The reference interpreter's check and interpreter dialects.
    t.push((
        "check.expect_eq_const",
        Format(&[Operands, P(b','), Attr("value", Syn::Any), Dict]),
    ));
    t.push((
        "check.expect_almost_eq_const",
        Format(&[Operands, P(b','), Attr("value", Syn::Any), Dict]),
    ));
    t.push((
        "check.expect_eq",
        Format(&[Operands, Dict, Sig(Sig::SameOperands)]),
    ));
    t.push((
        "check.expect_almost_eq",
        Format(&[
            Operands,
            Opt(&[
                P(b','),
                Kw("tolerance"),
                P(b'='),
                Attr("tolerance", Syn::F64),
            ]),
            Dict,
            Sig(Sig::SameOperands),
        ]),
    ));
    t.push((
        "check.expect_close",
        Format(&[
            Operands,
            P(b','),
            Kw("max_ulp_difference"),
            P(b'='),
            Attr("max_ulp_difference", Syn::I64),
            Dict,
            Sig(Sig::Operands),
        ]),
    ));
    t.push((
        "check.expect_serialized_eq",
        Format(&[
            Operands,
            P(b','),
            Kw("probe_id"),
            P(b'='),
            Attr("probe_id", Syn::Str),
            Opt(&[P(b','), Kw("iter"), P(b'='), Attr("iteration", Syn::I64)]),
            Dict,
            Sig(Sig::Operands),
        ]),
    ));
    t.push((
        "interpreter.probe",
        Format(&[
            Operands,
            P(b','),
            Kw("probe_id"),
            P(b'='),
            Attr("probe_id", Syn::Str),
            Dict,
            Sig(Sig::Passthrough),
        ]),
    ));
    t.push((
        "interpreter.print",
        Format(&[Operands, Dict, Sig(Sig::Operands)]),
    ));
    t.push(("tensor.cast", Custom(parse_cast, print_cast)));
    for name in [
        "addi", "subi", "muli", "divsi", "divui", "remsi", "andi", "ori", "xori", "maxsi", "minsi",
        "addf", "subf", "mulf", "divf",
    ] {
        t.push((leak(format!("arith.{name}")), Format(UNARY)));
    }
    t
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The pretty syntax of an op, if it has one.
pub fn lookup(name: &str) -> Option<&'static OpSyntax> {
    static TABLE: OnceLock<HashMap<&'static str, OpSyntax>> = OnceLock::new();
    TABLE
        .get_or_init(|| table().into_iter().collect())
        .get(name)
}

/// Parses the rest of an op in its pretty syntax.
pub fn parse_op_syntax(p: &mut Parser<'_>, st: &mut OpState, s: &OpSyntax) -> PResult<()> {
    match s {
        OpSyntax::Format(pieces) => {
            parse_pieces(p, st, pieces)?;
            if st.result_types.is_none() {
                st.result_types = Some(Vec::new());
            }
            Ok(())
        }
        OpSyntax::Custom(parse, _) => parse(p, st),
    }
}

/// Prints an op in its pretty syntax; false when the op cannot be written in
/// it (then the caller prints the generic form).
pub fn print_op_syntax(pr: &mut Printer<'_>, op: &Op, s: &OpSyntax) -> bool {
    match s {
        OpSyntax::Format(pieces) => {
            if !op.regions.is_empty() || !printable(pr, op, pieces) {
                return false;
            }
            pr.out.push_str(&op.name);
            let mut used = Vec::new();
            print_pieces(pr, op, pieces, &mut used);
            true
        }
        OpSyntax::Custom(_, print) => print(pr, op),
    }
}

// ----- declarative pieces ---------------------------------------------------

fn parse_pieces(p: &mut Parser<'_>, st: &mut OpState, pieces: &[Piece]) -> PResult<()> {
    for piece in pieces {
        match *piece {
            Kw(k) => p.expect_keyword(k)?,
            P(c) => p.expect_punct(c)?,
            Operands => {
                let ops = p.operand_list()?;
                st.operands.extend(ops);
            }
            Attr(name, syn) => {
                let off = p.offset();
                let a = parse_syn(p, syn)?;
                st.add_attr(name, a, off)?;
            }
            Opt(inner) => {
                let present = match inner.first() {
                    Some(Kw(k)) => p.is_keyword(k)?,
                    // A leading comma only starts the group if the keyword after it matches.
                    Some(P(c)) if p.is_punct(*c)? => match inner.get(1) {
                        Some(Kw(k)) => peek_after_punct_is_keyword(p, k)?,
                        _ => true,
                    },
                    _ => false,
                };
                if present {
                    parse_pieces(p, st, inner)?;
                }
            }
            Dict => dict_into(p, st)?,
            Sig(sig) => parse_sig(p, st, sig)?,
        }
    }
    Ok(())
}

/// Whether the token after the next punctuation is keyword `k`.
fn peek_after_punct_is_keyword(p: &mut Parser<'_>, k: &str) -> PResult<bool> {
    let save = p.save();
    p.bump()?;
    let r = p.is_keyword(k)?;
    p.restore(save);
    Ok(r)
}

/// An optional `{...}` merged into the op's attributes.
fn dict_into(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    if p.is_punct(b'{')? {
        let off = p.offset();
        for (n, a) in p.attr_dict()? {
            st.add_attr(&n, a, off)?;
        }
    }
    Ok(())
}

fn parse_syn(p: &mut Parser<'_>, syn: Syn) -> PResult<crate::ir::Attr> {
    Ok(match syn {
        Syn::I64 => crate::ir::Attr::Int(p.i64()? as i128, ElementType::I64),
        Syn::I32 => {
            let off = p.offset();
            let v = p.i64()?;
            if i32::try_from(v).is_err() {
                return p.err_at(off, format!("{v} does not fit in i32"));
            }
            crate::ir::Attr::Int(v as i128, ElementType::I32)
        }
        Syn::I64Array => crate::ir::Attr::DenseArray(DenseArray::I64(p.i64_list()?)),
        Syn::Enum(def) => p.enum_value(def)?,
        Syn::Str => match p.bump()? {
            Tok::Str(s) => crate::ir::Attr::Str(s),
            t => return p.err(format!("expected a string, found {}", t.describe())),
        },
        Syn::Bool => match p.ident("'true' or 'false'")? {
            "true" => crate::ir::Attr::Bool(true),
            "false" => crate::ir::Attr::Bool(false),
            other => return p.err(format!("expected 'true' or 'false', found '{other}'")),
        },
        Syn::F64 => crate::ir::Attr::Float(p.float(FloatKind::F64)?, FloatKind::F64),
        Syn::Precision => {
            let mut v = Vec::new();
            p.comma_list(b'[', b']', |p| {
                v.push(p.enum_value(&PRECISION)?);
                Ok(())
            })?;
            crate::ir::Attr::Array(v)
        }
        Syn::Any => p.parse_attr()?,
    })
}

/// Whether `a` can be written with `syn`.
fn syn_fits(a: &crate::ir::Attr, syn: Syn) -> bool {
    use crate::ir::Attr as A;
    match syn {
        Syn::I64 => matches!(a, A::Int(_, t) if *t == ElementType::I64),
        Syn::I32 => matches!(a, A::Int(_, t) if *t == ElementType::I32),
        Syn::I64Array => matches!(a, A::DenseArray(DenseArray::I64(_))),
        Syn::Enum(def) => matches!(a, A::Enum(d, _) if std::ptr::eq(*d, def)),
        Syn::Str => matches!(a, A::Str(_)),
        Syn::Bool => matches!(a, A::Bool(_)),
        Syn::F64 => matches!(a, A::Float(_, FloatKind::F64)),
        Syn::Precision => {
            matches!(a, A::Array(v) if v.iter().all(|x| matches!(x, A::Enum(d, _) if std::ptr::eq(*d, &PRECISION))))
        }
        Syn::Any => true,
    }
}

fn write_syn(pr: &mut Printer<'_>, a: &crate::ir::Attr, syn: Syn) {
    use crate::ir::Attr as A;
    match (syn, a) {
        (Syn::I64 | Syn::I32, A::Int(v, _)) => pr.write(v),
        (Syn::I64Array, A::DenseArray(DenseArray::I64(l))) => write_i64_list(&mut pr.out, l),
        (Syn::Enum(_), a) => pr.out.push_str(a.as_enum().unwrap_or("?")),
        (Syn::F64, A::Float(bits, k)) => write_float(&mut pr.out, *k, *bits),
        (Syn::Precision, A::Array(v)) => {
            pr.out.push('[');
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    pr.out.push_str(", ");
                }
                pr.out.push_str(x.as_enum().unwrap_or("?"));
            }
            pr.out.push(']');
        }
        (_, a) => write_attr(&mut pr.out, a),
    }
}

fn printable(pr: &Printer<'_>, op: &Op, pieces: &[Piece]) -> bool {
    for piece in pieces {
        match *piece {
            Attr(name, syn) => match op.attr(name) {
                Some(a) if syn_fits(a, syn) => {}
                _ => return false,
            },
            Opt(inner) => {
                let attrs: Vec<_> = inner
                    .iter()
                    .filter_map(|p| match p {
                        Attr(n, s) => Some((*n, *s)),
                        _ => None,
                    })
                    .collect();
                if attrs
                    .iter()
                    .any(|(n, s)| op.attr(n).is_some_and(|a| !syn_fits(a, *s)))
                {
                    return false;
                }
            }
            Sig(sig) if !sig_printable(pr, op, sig) => return false,
            _ => {}
        }
    }
    true
}

fn print_pieces<'o>(pr: &mut Printer<'_>, op: &'o Op, pieces: &[Piece], used: &mut Vec<&'o str>) {
    for piece in pieces {
        match *piece {
            Kw(k) => {
                pr.out.push(' ');
                pr.out.push_str(k);
            }
            P(b',') => pr.out.push(','),
            P(c) => {
                pr.out.push(' ');
                pr.out.push(c as char);
            }
            Operands => {
                if !op.operands.is_empty() {
                    pr.out.push(' ');
                    pr.values(&op.operands);
                }
            }
            Attr(name, syn) => {
                if let Some((n, a)) = op.attrs.iter().find(|(n, _)| n == name) {
                    used.push(n.as_str());
                    pr.out.push(' ');
                    write_syn(pr, a, syn);
                }
            }
            Opt(inner) => {
                let present = inner.iter().all(|p| match p {
                    Attr(n, _) => op.attr(n).is_some(),
                    _ => true,
                });
                if present {
                    print_pieces(pr, op, inner, used);
                }
            }
            Dict => {
                let mut s = std::mem::take(&mut pr.out);
                s.push(' ');
                let mark = s.len();
                pr.out = s;
                if !pr.attr_dict(&op.attrs, used) {
                    pr.out.truncate(mark - 1);
                }
            }
            Sig(sig) => print_sig(pr, op, sig),
        }
    }
}

// ----- type signatures --------------------------------------------------------

/// Parses a list of types: `(A, B)` or `A, B` (at least one).
fn type_list(p: &mut Parser<'_>) -> PResult<Vec<Type>> {
    if p.is_punct(b'(')? {
        // The inputs of `(A, B) -> R`, or a parenthesized list.
        let mut ts = Vec::new();
        p.comma_list(b'(', b')', |p| {
            ts.push(p.parse_type()?);
            Ok(())
        })?;
        return Ok(ts);
    }
    let mut ts = vec![p.parse_type()?];
    while p.eat_punct(b',')? {
        ts.push(p.parse_type()?);
    }
    Ok(ts)
}

fn parse_sig(p: &mut Parser<'_>, st: &mut OpState, sig: Sig) -> PResult<()> {
    let operand_types: Vec<Type> = st.operands.iter().map(|v| p.prog.ty(*v).clone()).collect();
    if matches!(sig, Sig::Operands) && st.operands.is_empty() && !p.is_punct(b':')? {
        st.result_types = Some(Vec::new());
        return Ok(());
    }
    p.expect_punct(b':')?;
    let off = p.offset();
    let first = type_list(p)?;
    if p.eat_arrow()? {
        let results = if sig == Sig::Arrow && !p.is_punct(b'(')? {
            vec![p.parse_type()?]
        } else {
            p.result_types()?
        };
        p.check_operand_types(&st.operands, &first, off)?;
        st.result_types = Some(results);
        return Ok(());
    }
    let n = st.num_results;
    let all_same = |t: &Type| -> PResult<()> {
        for (i, ot) in operand_types.iter().enumerate() {
            if ot != t {
                return p.err_at(
                    off,
                    format!("operand #{i} has type {ot} but the signature says {t}"),
                );
            }
        }
        Ok(())
    };
    let results = match sig {
        Sig::Same | Sig::Fn | Sig::Arrow => {
            if first.len() != 1 {
                return p.err_at(
                    off,
                    "expected one type, or a function type '(operands) -> results'",
                );
            }
            all_same(&first[0])?;
            vec![first[0].clone(); n.max(1)]
        }
        Sig::SameOperands => {
            if first.len() == 1 {
                all_same(&first[0])?;
            } else {
                p.check_operand_types(&st.operands, &first, off)?;
            }
            Vec::new()
        }
        Sig::Results => first,
        Sig::Complex => {
            if first.len() != 1 {
                return p.err_at(off, "expected the result type, or a function type");
            }
            match real_part_type(&first[0]) {
                Some(part) => all_same(&part)?,
                None => {
                    return p.err_at(
                        off,
                        format!(
                            "the result of '{}' must be a complex tensor, not {}",
                            st.name, first[0]
                        ),
                    )
                }
            }
            first
        }
        Sig::Select => {
            if first.len() == 1 {
                all_same(&first[0])?;
                vec![first[0].clone()]
            } else if first.len() == 2 && !operand_types.is_empty() {
                let expect: Vec<Type> = std::iter::once(first[0].clone())
                    .chain(std::iter::repeat_n(
                        first[1].clone(),
                        operand_types.len() - 1,
                    ))
                    .collect();
                p.check_operand_types(&st.operands, &expect, off)?;
                vec![first[1].clone()]
            } else {
                return p.err_at(
                    off,
                    "expected 'predicate type, value type' or a function type",
                );
            }
        }
        Sig::Operands => {
            p.check_operand_types(&st.operands, &first, off)?;
            Vec::new()
        }
        Sig::Passthrough => {
            p.check_operand_types(&st.operands, &first, off)?;
            first
        }
    };
    st.result_types = Some(results);
    Ok(())
}

/// `tensor<...xf32>` for `tensor<...xcomplex<f32>>`.
fn real_part_type(t: &Type) -> Option<Type> {
    match t {
        Type::Tensor(tt) => match tt.elem {
            ElementType::Complex(k) => {
                let mut r = tt.clone();
                r.elem = ElementType::Float(k);
                Some(Type::Tensor(r))
            }
            _ => None,
        },
        _ => None,
    }
}

fn all_types_equal(pr: &Printer<'_>, op: &Op) -> bool {
    let mut it = op.operands.iter().chain(&op.results).map(|v| pr.ty(*v));
    match it.next() {
        Some(first) => it.all(|t| t == first),
        None => false,
    }
}

fn sig_printable(pr: &Printer<'_>, op: &Op, sig: Sig) -> bool {
    let ops: Vec<&Type> = op.operands.iter().map(|v| pr.ty(*v)).collect();
    let res: Vec<&Type> = op.results.iter().map(|v| pr.ty(*v)).collect();
    match sig {
        Sig::Same | Sig::Fn | Sig::Arrow | Sig::Select | Sig::Complex => true,
        Sig::Results => true,
        Sig::SameOperands | Sig::Operands => {
            res.is_empty() && (sig == Sig::Operands || !ops.is_empty())
        }
        Sig::Passthrough => ops == res,
    }
}

fn print_sig(pr: &mut Printer<'_>, op: &Op, sig: Sig) {
    let functional = |pr: &mut Printer<'_>, parens: bool| {
        pr.out.push_str(" : ");
        if parens {
            pr.out.push('(');
        }
        pr.types_of(&op.operands);
        if parens {
            pr.out.push(')');
        }
        pr.out.push_str(" -> ");
        pr.result_types(&op.results);
    };
    match sig {
        Sig::Same => {
            if all_types_equal(pr, op) && op.results.len() == 1 {
                pr.out.push_str(" : ");
                let t = pr.ty(op.results[0]);
                pr.write(t);
            } else {
                functional(pr, true);
            }
        }
        Sig::Fn => functional(pr, true),
        Sig::Arrow => {
            if op.results.len() == 1 && !op.operands.is_empty() {
                functional(pr, false);
            } else {
                functional(pr, true);
            }
        }
        Sig::Select => {
            let same_rest = op.results.len() == 1
                && op.operands.len() == 3
                && op.operands[1..]
                    .iter()
                    .all(|v| pr.ty(*v) == pr.ty(op.results[0]));
            if same_rest {
                pr.out.push_str(" : ");
                let (a, b) = (pr.ty(op.operands[0]), pr.ty(op.results[0]));
                pr.write(a);
                pr.out.push_str(", ");
                pr.write(b);
            } else {
                functional(pr, true);
            }
        }
        Sig::Results => {
            pr.out.push_str(" : ");
            pr.types_of(&op.results);
        }
        Sig::Complex => {
            let short = op.results.len() == 1
                && real_part_type(pr.ty(op.results[0]))
                    .is_some_and(|part| op.operands.iter().all(|v| *pr.ty(*v) == part));
            if short {
                pr.out.push_str(" : ");
                pr.types_of(&op.results);
            } else {
                functional(pr, true);
            }
        }
        Sig::Operands | Sig::Passthrough => {
            if !op.operands.is_empty() {
                pr.out.push_str(" : ");
                pr.types_of(&op.operands);
            }
        }
        Sig::SameOperands => {
            pr.out.push_str(" : ");
            let first = pr.ty(op.operands[0]);
            if op.operands.iter().all(|v| pr.ty(*v) == first) {
                pr.write(first);
            } else {
                pr.types_of(&op.operands);
            }
        }
    }
}

/// `: (A, B) -> R` at the end of a custom form; checks operand types.
fn parse_fn_sig(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    parse_sig(p, st, Sig::Fn)
}

fn print_fn_sig(pr: &mut Printer<'_>, op: &Op) {
    print_sig(pr, op, Sig::Fn)
}

/// Prints the attributes not in `skip` as ` {...}`.
fn print_rest_attrs(pr: &mut Printer<'_>, op: &Op, skip: &[&str]) {
    let mark = pr.out.len();
    pr.out.push(' ');
    if !pr.attr_dict(&op.attrs, skip) {
        pr.out.truncate(mark);
    }
}

fn attr_i64_list<'o>(op: &'o Op, name: &str) -> Option<&'o [i64]> {
    match op.attr(name)? {
        crate::ir::Attr::DenseArray(DenseArray::I64(v)) => Some(v),
        _ => None,
    }
}

// ----- custom forms -------------------------------------------------------------

/// `stablehlo.reduce_precision %x, format = e5m10 : T`.
fn parse_reduce_precision(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    st.operands = p.operand_list()?;
    p.expect_punct(b',')?;
    p.expect_keyword("format")?;
    p.expect_punct(b'=')?;
    let off = p.offset();
    let f = p.ident("a format such as e5m10")?;
    let parsed = f
        .strip_prefix('e')
        .and_then(|r| r.split_once('m'))
        .and_then(|(e, m)| Some((e.parse::<i32>().ok()?, m.parse::<i32>().ok()?)));
    let Some((e, m)) = parsed else {
        return p.err_at(off, format!("'{f}' is not a format 'eXmY'"));
    };
    st.add_attr(
        "exponent_bits",
        crate::ir::Attr::Int(e as i128, ElementType::I32),
        off,
    )?;
    st.add_attr(
        "mantissa_bits",
        crate::ir::Attr::Int(m as i128, ElementType::I32),
        off,
    )?;
    dict_into(p, st)?;
    parse_sig(p, st, Sig::Same)
}

fn print_reduce_precision(pr: &mut Printer<'_>, op: &Op) -> bool {
    let get = |n| match op.attr(n) {
        Some(crate::ir::Attr::Int(v, t)) if *t == ElementType::I32 && *v >= 0 => Some(*v),
        _ => None,
    };
    let (Some(e), Some(m)) = (get("exponent_bits"), get("mantissa_bits")) else {
        return false;
    };
    if !op.regions.is_empty() || op.operands.len() != 1 {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push(' ');
    pr.values(&op.operands);
    pr.write(format_args!(", format = e{e}m{m}"));
    print_rest_attrs(pr, op, &["exponent_bits", "mantissa_bits"]);
    print_sig(pr, op, Sig::Same);
    true
}

/// `stablehlo.get_tuple_element %t[0] : (tuple<...>) -> T`.
fn parse_get_tuple_element(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    st.operands = vec![p.value_use()?];
    p.expect_punct(b'[')?;
    let off = p.offset();
    let a = parse_syn(p, Syn::I32)?;
    st.add_attr("index", a, off)?;
    p.expect_punct(b']')?;
    dict_into(p, st)?;
    parse_fn_sig(p, st)
}

fn print_get_tuple_element(pr: &mut Printer<'_>, op: &Op) -> bool {
    let Some(a @ crate::ir::Attr::Int(_, t)) = op.attr("index") else {
        return false;
    };
    if *t != ElementType::I32 || op.operands.len() != 1 || !op.regions.is_empty() {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push(' ');
    pr.value(op.operands[0]);
    pr.out.push('[');
    write_syn(pr, a, Syn::I32);
    pr.out.push(']');
    print_rest_attrs(pr, op, &["index"]);
    print_fn_sig(pr, op);
    true
}

/// `stablehlo.optimization_barrier %a, %b : A, B` or `stablehlo.optimization_barrier()`.
fn parse_optimization_barrier(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    dict_into(p, st)?;
    if p.eat_punct(b'(')? {
        p.expect_punct(b')')?;
        st.result_types = Some(Vec::new());
        return Ok(());
    }
    st.operands = p.operand_list()?;
    parse_sig(p, st, Sig::Passthrough)
}

fn print_optimization_barrier(pr: &mut Printer<'_>, op: &Op) -> bool {
    if !op.regions.is_empty() || !sig_printable(pr, op, Sig::Passthrough) {
        return false;
    }
    pr.out.push_str(&op.name);
    print_rest_attrs(pr, op, &[]);
    if op.operands.is_empty() {
        pr.out.push_str("()");
    } else {
        pr.out.push(' ');
        pr.values(&op.operands);
        print_sig(pr, op, Sig::Passthrough);
    }
    true
}

/// `stablehlo.slice %x [0:2, 1:4:2] : (A) -> R`.
fn parse_slice(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    st.operands = vec![p.value_use()?];
    let off = p.offset();
    let (mut starts, mut limits, mut strides) = (Vec::new(), Vec::new(), Vec::new());
    p.comma_list(b'[', b']', |p| {
        starts.push(p.i64()?);
        p.expect_punct(b':')?;
        limits.push(p.i64()?);
        strides.push(if p.eat_punct(b':')? { p.i64()? } else { 1 });
        Ok(())
    })?;
    let arr = |v| crate::ir::Attr::DenseArray(DenseArray::I64(v));
    st.add_attr("start_indices", arr(starts), off)?;
    st.add_attr("limit_indices", arr(limits), off)?;
    st.add_attr("strides", arr(strides), off)?;
    dict_into(p, st)?;
    parse_fn_sig(p, st)
}

fn print_slice(pr: &mut Printer<'_>, op: &Op) -> bool {
    let (Some(s), Some(l), Some(k)) = (
        attr_i64_list(op, "start_indices"),
        attr_i64_list(op, "limit_indices"),
        attr_i64_list(op, "strides"),
    ) else {
        return false;
    };
    if s.len() != l.len() || s.len() != k.len() || op.operands.len() != 1 || !op.regions.is_empty()
    {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push(' ');
    pr.value(op.operands[0]);
    pr.out.push_str(" [");
    for i in 0..s.len() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        pr.write(format_args!("{}:{}", s[i], l[i]));
        if k[i] != 1 {
            pr.write(format_args!(":{}", k[i]));
        }
    }
    pr.out.push(']');
    print_rest_attrs(pr, op, &["start_indices", "limit_indices", "strides"]);
    print_fn_sig(pr, op);
    true
}

/// `stablehlo.constant {attrs}? dense<...> : T`, or the generic-like
/// `stablehlo.constant() <{value = ...}> : () -> T` used when the value's
/// type differs from the result type (quantized constants).
fn parse_constant(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    if p.is_punct(b'(')? {
        p.expect_punct(b'(')?;
        p.expect_punct(b')')?;
        if p.eat_punct(b'<')? {
            dict_into(p, st)?;
            p.expect_punct(b'>')?;
        }
        dict_into(p, st)?;
        p.expect_punct(b':')?;
        let off = p.offset();
        match p.parse_type()? {
            Type::Function(ft) if ft.inputs.is_empty() => {
                st.result_types = Some(ft.results);
                Ok(())
            }
            t => p.err_at(off, format!("expected '() -> type', found {t}")),
        }
    } else {
        dict_into(p, st)?;
        let off = p.offset();
        let value = p.parse_attr()?;
        let ty = match &value {
            crate::ir::Attr::Dense(d) => Type::Tensor(d.ty.clone()),
            crate::ir::Attr::Int(_, t) => Type::Element(t.clone()),
            crate::ir::Attr::Float(_, k) => Type::Element(ElementType::Float(*k)),
            crate::ir::Attr::Bool(_) => Type::Element(ElementType::I1),
            _ => {
                return p.err_at(
                    off,
                    "expected a typed constant such as dense<...> : tensor<...>",
                )
            }
        };
        st.add_attr("value", value, off)?;
        st.result_types = Some(vec![ty]);
        Ok(())
    }
}

fn print_constant(pr: &mut Printer<'_>, op: &Op) -> bool {
    if !op.operands.is_empty() || op.results.len() != 1 || !op.regions.is_empty() {
        return false;
    }
    let Some(value) = op.attr("value") else {
        return false;
    };
    let natural = match value {
        crate::ir::Attr::Dense(d) => Some(Type::Tensor(d.ty.clone())),
        crate::ir::Attr::Int(_, t) if *t != ElementType::I64 => Some(Type::Element(t.clone())),
        crate::ir::Attr::Float(_, k) if *k != FloatKind::F64 => {
            Some(Type::Element(ElementType::Float(*k)))
        }
        _ => None,
    };
    pr.out.push_str(&op.name);
    if natural.as_ref() == Some(pr.ty(op.results[0])) {
        print_rest_attrs(pr, op, &["value"]);
        pr.out.push(' ');
        write_attr(&mut pr.out, value);
    } else {
        pr.out.push_str("() <{value = ");
        write_attr(&mut pr.out, value);
        pr.out.push_str("}>");
        print_rest_attrs(pr, op, &["value"]);
        pr.out.push_str(" : () -> ");
        pr.result_types(&op.results);
    }
    true
}

/// `stablehlo.custom_call @target(%a, %b) {attrs} : (A, B) -> R`.
fn parse_custom_call(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let off = p.offset();
    let target = match p.bump()? {
        Tok::Symbol(s) => s,
        t => {
            return p.err_at(
                off,
                format!("expected the call target '@name', found {}", t.describe()),
            )
        }
    };
    st.add_attr(
        "call_target_name",
        crate::ir::Attr::Str(target.into_bytes()),
        off,
    )?;
    p.expect_punct(b'(')?;
    st.operands = p.operand_list()?;
    p.expect_punct(b')')?;
    dict_into(p, st)?;
    parse_fn_sig(p, st)
}

fn print_custom_call(pr: &mut Printer<'_>, op: &Op) -> bool {
    let Some(crate::ir::Attr::Str(target)) = op.attr("call_target_name") else {
        return false;
    };
    let Ok(target) = std::str::from_utf8(target) else {
        return false;
    };
    if !op.regions.is_empty() {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push(' ');
    write_symbol(&mut pr.out, target);
    pr.out.push('(');
    pr.values(&op.operands);
    pr.out.push(')');
    print_rest_attrs(pr, op, &["call_target_name"]);
    print_fn_sig(pr, op);
    true
}

/// `stablehlo.composite "name" %a, %b {attrs} : (A, B) -> R`.
fn parse_composite(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let off = p.offset();
    let name = match p.bump()? {
        Tok::Str(s) => s,
        t => {
            return p.err_at(
                off,
                format!(
                    "expected the composite's name as a string, found {}",
                    t.describe()
                ),
            )
        }
    };
    st.add_attr("name", crate::ir::Attr::Str(name), off)?;
    st.operands = p.operand_list()?;
    dict_into(p, st)?;
    parse_fn_sig(p, st)
}

fn print_composite(pr: &mut Printer<'_>, op: &Op) -> bool {
    let Some(name @ crate::ir::Attr::Str(_)) = op.attr("name") else {
        return false;
    };
    if !op.regions.is_empty() {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push(' ');
    write_attr(&mut pr.out, name);
    if !op.operands.is_empty() {
        pr.out.push(' ');
        pr.values(&op.operands);
    }
    print_rest_attrs(pr, op, &["name"]);
    print_fn_sig(pr, op);
    true
}

/// `stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1],
/// precision = [DEFAULT, DEFAULT], algorithm = <...> : (A, B) -> R`.
fn parse_dot_general(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    st.operands = p.operand_list()?;
    let off = p.offset();
    let (mut lb, mut rb, mut lc, mut rc) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    while p.eat_punct(b',')? {
        let koff = p.offset();
        let key = p.ident("'batching_dims', 'contracting_dims', 'precision' or 'algorithm'")?;
        p.expect_punct(b'=')?;
        match key {
            "batching_dims" => {
                lb = p.i64_list()?;
                p.expect_keyword("x")?;
                rb = p.i64_list()?;
            }
            "contracting_dims" => {
                lc = p.i64_list()?;
                p.expect_keyword("x")?;
                rc = p.i64_list()?;
            }
            "precision" => {
                let a = parse_syn(p, Syn::Precision)?;
                st.add_attr("precision_config", a, koff)?;
            }
            "algorithm" => {
                // `algorithm = <lhs_precision_type = ...>`: the struct body without its prefix.
                p.expect_punct(b'<')?;
                let a = p.struct_after_open(&crate::ir::attr::DOT_ALGORITHM, koff)?;
                st.add_attr("algorithm", a, koff)?;
            }
            other => return p.err_at(koff, format!("unknown dot_general field '{other}'")),
        }
    }
    let list = |v| crate::ir::Attr::DenseArray(DenseArray::I64(v));
    st.add_attr(
        "dot_dimension_numbers",
        crate::ir::Attr::Struct(
            &crate::ir::attr::DOT,
            vec![list(lb), list(rb), list(lc), list(rc)],
        ),
        off,
    )?;
    dict_into(p, st)?;
    parse_fn_sig(p, st)
}

fn print_dot_general(pr: &mut Printer<'_>, op: &Op) -> bool {
    let Some(crate::ir::Attr::Struct(def, vals)) = op.attr("dot_dimension_numbers") else {
        return false;
    };
    if !std::ptr::eq(*def, &crate::ir::attr::DOT) || !op.regions.is_empty() {
        return false;
    }
    let l = |i: usize| vals[i].as_i64_list().unwrap_or(&[]);
    let precision = op.attr("precision_config");
    if precision.is_some_and(|a| !syn_fits(a, Syn::Precision)) {
        return false;
    }
    let algorithm = op.attr("algorithm");
    if algorithm.is_some_and(|a| !matches!(a, crate::ir::Attr::Struct(d, _) if std::ptr::eq(*d, &crate::ir::attr::DOT_ALGORITHM))) {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push(' ');
    pr.values(&op.operands);
    if !l(0).is_empty() || !l(1).is_empty() {
        pr.out.push_str(", batching_dims = ");
        write_i64_list(&mut pr.out, l(0));
        pr.out.push_str(" x ");
        write_i64_list(&mut pr.out, l(1));
    }
    if !l(2).is_empty() || !l(3).is_empty() {
        pr.out.push_str(", contracting_dims = ");
        write_i64_list(&mut pr.out, l(2));
        pr.out.push_str(" x ");
        write_i64_list(&mut pr.out, l(3));
    }
    if let Some(a) = precision {
        pr.out.push_str(", precision = ");
        write_syn(pr, a, Syn::Precision);
    }
    if let Some(a) = algorithm {
        pr.out.push_str(", algorithm = ");
        let mut s = String::new();
        write_attr(&mut s, a);
        pr.out
            .push_str(s.strip_prefix("#stablehlo.dot_algorithm").unwrap_or(&s));
    }
    print_rest_attrs(
        pr,
        op,
        &["dot_dimension_numbers", "precision_config", "algorithm"],
    );
    print_fn_sig(pr, op);
    true
}

/// `stablehlo.convolution(%a, %b) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f],
/// window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1],
/// reverse = [false]} {attrs} : (A, B) -> R`.
fn parse_convolution(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    p.expect_punct(b'(')?;
    st.operands = p.operand_list()?;
    p.expect_punct(b')')?;
    p.expect_keyword("dim_numbers")?;
    p.expect_punct(b'=')?;
    let off = p.offset();
    let d = p.conv_dims()?;
    st.add_attr("dimension_numbers", crate::ir::Attr::Conv(Box::new(d)), off)?;
    p.expect_punct(b',')?;
    p.expect_keyword("window")?;
    p.expect_punct(b'=')?;
    p.expect_punct(b'{')?;
    let list = |v| crate::ir::Attr::DenseArray(DenseArray::I64(v));
    while !p.eat_punct(b'}')? {
        let koff = p.offset();
        let key = p.ident("a window field")?;
        p.expect_punct(b'=')?;
        let (name, value) = match key {
            "stride" => ("window_strides", list(p.i64_list()?)),
            "lhs_dilate" => ("lhs_dilation", list(p.i64_list()?)),
            "rhs_dilate" => ("rhs_dilation", list(p.i64_list()?)),
            "pad" => {
                let mut rows: Vec<i64> = Vec::new();
                let mut n = 0u64;
                p.comma_list(b'[', b']', |p| {
                    let pair = p.i64_list()?;
                    if pair.len() != 2 {
                        return p.err("each padding entry is a pair [low, high]");
                    }
                    rows.extend(pair);
                    n += 1;
                    Ok(())
                })?;
                (
                    "padding",
                    crate::ir::Attr::Dense(Box::new(crate::ir::attr::DenseElements {
                        ty: crate::ir::TensorType::ranked(vec![Some(n), Some(2)], ElementType::I64),
                        splat: false,
                        data: rows.iter().flat_map(|v| v.to_le_bytes()).collect(),
                    })),
                )
            }
            "reverse" => {
                let mut v = Vec::new();
                p.comma_list(b'[', b']', |p| {
                    let b = match p.peek()? {
                        Tok::Int(_) => p.int()? != 0,
                        _ => match p.ident("'true' or 'false'")? {
                            "true" => true,
                            "false" => false,
                            o => return p.err(format!("expected 'true' or 'false', found '{o}'")),
                        },
                    };
                    v.push(b);
                    Ok(())
                })?;
                (
                    "window_reversal",
                    crate::ir::Attr::DenseArray(DenseArray::Bool(v)),
                )
            }
            other => return p.err_at(koff, format!("unknown window field '{other}'")),
        };
        st.add_attr(name, value, koff)?;
        p.eat_punct(b',')?;
    }
    canonical_padding(st);
    dict_into(p, st)?;
    parse_fn_sig(p, st)
}

/// Padding is stored as MLIR stores it: a splat when all entries are equal.
fn canonical_padding(st: &mut OpState) {
    if let Some((_, crate::ir::Attr::Dense(d))) = st.attrs.iter_mut().find(|(n, _)| n == "padding")
    {
        let w = 8;
        if d.data.len() > w && d.data.chunks(w).all(|c| c == &d.data[..w]) {
            d.data.truncate(w);
            d.splat = true;
        }
    }
}

fn print_convolution(pr: &mut Printer<'_>, op: &Op) -> bool {
    let Some(crate::ir::Attr::Conv(d)) = op.attr("dimension_numbers") else {
        return false;
    };
    // Dimension numbers that are not layouts have no pretty form: the op is
    // printed generically, with the `#stablehlo.conv<raw …>` attribute.
    let Some(layout) = conv_layout(d) else {
        return false;
    };
    if !op.regions.is_empty() {
        return false;
    }
    let padding = match op.attr("padding") {
        None => None,
        Some(crate::ir::Attr::Dense(pd))
            if pd.ty.elem == ElementType::I64
                && pd
                    .ty
                    .dims
                    .as_ref()
                    .is_some_and(|x| x.len() == 2 && x[1] == Some(2)) =>
        {
            Some(pd)
        }
        Some(_) => return false,
    };
    for n in ["window_strides", "lhs_dilation", "rhs_dilation"] {
        if op
            .attr(n)
            .is_some_and(|a| !matches!(a, crate::ir::Attr::DenseArray(DenseArray::I64(_))))
        {
            return false;
        }
    }
    if op
        .attr("window_reversal")
        .is_some_and(|a| !matches!(a, crate::ir::Attr::DenseArray(DenseArray::Bool(_))))
    {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push('(');
    pr.values(&op.operands);
    pr.out.push_str(") dim_numbers = ");
    pr.out.push_str(&layout);
    pr.out.push_str(", window = {");
    let mut first = true;
    let mut sep = |out: &mut String| {
        if !first {
            out.push_str(", ");
        }
        first = false;
    };
    if let Some(l) = attr_i64_list(op, "window_strides") {
        sep(&mut pr.out);
        pr.out.push_str("stride = ");
        write_i64_list(&mut pr.out, l);
    }
    if let Some(pd) = padding {
        sep(&mut pr.out);
        pr.out.push_str("pad = [");
        let rows = pd.ty.dims.as_ref().and_then(|x| x[0]).unwrap_or(0) as usize;
        for r in 0..rows {
            if r > 0 {
                pr.out.push_str(", ");
            }
            let lo = i64::from_le_bytes(pd.element(2 * r).try_into().unwrap_or([0; 8]));
            let hi = i64::from_le_bytes(pd.element(2 * r + 1).try_into().unwrap_or([0; 8]));
            pr.write(format_args!("[{lo}, {hi}]"));
        }
        pr.out.push(']');
    }
    for (n, k) in [
        ("lhs_dilation", "lhs_dilate"),
        ("rhs_dilation", "rhs_dilate"),
    ] {
        if let Some(l) = attr_i64_list(op, n) {
            sep(&mut pr.out);
            pr.write(format_args!("{k} = "));
            write_i64_list(&mut pr.out, l);
        }
    }
    if let Some(crate::ir::Attr::DenseArray(DenseArray::Bool(v))) = op.attr("window_reversal") {
        sep(&mut pr.out);
        pr.out.push_str("reverse = [");
        for (i, b) in v.iter().enumerate() {
            if i > 0 {
                pr.out.push_str(", ");
            }
            pr.out.push_str(if *b { "true" } else { "false" });
        }
        pr.out.push(']');
    }
    pr.out.push('}');
    print_rest_attrs(
        pr,
        op,
        &[
            "dimension_numbers",
            "window_strides",
            "padding",
            "lhs_dilation",
            "rhs_dilation",
            "window_reversal",
        ],
    );
    print_fn_sig(pr, op);
    true
}

/// Defines block arguments for a region body from `(name, type)` pairs.
fn define_args<'a>(p: &mut Parser<'a>, args: &[(&'a str, Type, usize)]) -> PResult<Vec<ValueId>> {
    let mut ids = Vec::new();
    for (name, t, off) in args {
        let id = p.new_value(t.clone())?;
        p.define_value(name, id, *off)?;
        ids.push(id);
    }
    Ok(ids)
}

/// `stablehlo.reduce(%x init: %i) applies stablehlo.add across dimensions = [0] : sig`
/// or `stablehlo.reduce(%x init: %i) across dimensions = [0] : sig reducer(%a: T, %b: T) { ... }`.
fn parse_reduce(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    // `(%x init: %i), (%y init: %j)`: one group per input.
    loop {
        p.expect_punct(b'(')?;
        inputs.push(p.value_use()?);
        p.expect_keyword("init")?;
        p.expect_punct(b':')?;
        inits.push(p.value_use()?);
        p.expect_punct(b')')?;
        if !p.eat_punct(b',')? {
            break;
        }
    }
    st.operands = inputs.iter().chain(&inits).copied().collect();
    let body_op = if p.eat_keyword("applies")? {
        let off = p.offset();
        let name = p.ident("an op name")?;
        Some((name.to_string(), off))
    } else {
        None
    };
    p.expect_keyword("across")?;
    p.expect_keyword("dimensions")?;
    p.expect_punct(b'=')?;
    let off = p.offset();
    let dims = p.i64_list()?;
    st.add_attr(
        "dimensions",
        crate::ir::Attr::DenseArray(DenseArray::I64(dims)),
        off,
    )?;
    dict_into(p, st)?;
    parse_fn_sig(p, st)?;
    let pos = p.pos_of(st.offset);
    match body_op {
        Some((name, off)) => {
            if inits.len() != 1 {
                return p.err_at(off, "the 'applies' form needs exactly one input");
            }
            // The short form stands for a body of one commutative binary
            // op of the dialect, without regions, with one result.
            if !COMMUTATIVE.contains(&name.as_str()) {
                return p.err_at(
                    off,
                    format!(
                        "`applies {name}`: the short form takes a commutative binary op of \
                         stablehlo without regions and with one result ({})",
                        COMMUTATIVE.join(", ")
                    ),
                );
            }
            // The region applies one binary op elementwise to scalars of the inits' element types.
            let n = inits.len();
            let scalar: Vec<Type> = inits
                .iter()
                .map(|v| match p.prog.ty(*v) {
                    Type::Tensor(t) => {
                        Type::Tensor(crate::ir::TensorType::ranked(Vec::new(), t.elem.clone()))
                    }
                    t => t.clone(),
                })
                .collect();
            let mut args = Vec::new();
            for t in scalar.iter().chain(&scalar) {
                args.push(p.new_value(t.clone())?);
            }
            let mut ops = Vec::new();
            let mut results = Vec::new();
            for i in 0..n {
                let r = p.new_value(scalar[i].clone())?;
                ops.push(Op {
                    name: name.clone(),
                    operands: vec![args[i], args[n + i]],
                    results: vec![r],
                    attrs: Vec::new(),
                    regions: Vec::new(),
                    pos,
                });
                results.push(r);
            }
            ops.push(Op {
                name: "stablehlo.return".to_string(),
                operands: results,
                results: Vec::new(),
                attrs: Vec::new(),
                regions: Vec::new(),
                pos,
            });
            st.regions.push(Region {
                blocks: vec![crate::ir::Block { args, ops }],
            });
        }
        None => {
            p.expect_keyword("reducer")?;
            p.push_scope();
            // One group `(%lhs_i: T, %rhs_i: T)` per input; the block takes all
            // left-hand arguments, then all right-hand ones.
            let mut groups: Vec<Vec<(&str, Type, usize)>> = Vec::new();
            let mut failed = None;
            while p.is_punct(b'(')? && failed.is_none() {
                let mut g = Vec::new();
                if let Err(e) = p.comma_list(b'(', b')', |p| {
                    let off = p.offset();
                    let name = p.value_name()?;
                    p.expect_punct(b':')?;
                    let t = p.parse_type()?;
                    p.skip_loc()?;
                    g.push((name, t, off));
                    Ok(())
                }) {
                    failed = Some(e);
                }
                groups.push(g);
            }
            if let Some(e) = failed {
                p.pop_scope();
                return Err(e);
            }
            let mut named: Vec<(&str, Type, usize)> = Vec::new();
            if groups.len() == 1 {
                named = groups.pop().unwrap_or_default();
            } else {
                for side in 0..2 {
                    for g in &groups {
                        if let Some(a) = g.get(side) {
                            named.push(a.clone());
                        }
                    }
                }
            }
            let r = define_args(p, &named).and_then(|args| p.region(args));
            p.pop_scope();
            st.regions.push(r?);
        }
    }
    Ok(())
}

/// Whether the reduce body is one elementwise op on its arguments followed by a return.
fn compact_reduce_body(op: &Op) -> Option<&str> {
    let [r] = op.regions.as_slice() else {
        return None;
    };
    let [b] = r.blocks.as_slice() else {
        return None;
    };
    let [body, ret] = b.ops.as_slice() else {
        return None;
    };
    let ok = b.args.len() == 2
        && body.operands == b.args
        && body.attrs.is_empty()
        && body.regions.is_empty()
        && body.results.len() == 1
        && ret.name == "stablehlo.return"
        && ret.operands == body.results
        && ret.attrs.is_empty()
        && lookup(&body.name)
            .is_some_and(|s| matches!(s, OpSyntax::Format(f) if std::ptr::eq(*f, UNARY)));
    ok.then_some(body.name.as_str())
}

/// The ops the short form `applies OP` of reduce may name (the printer
/// writes any other body in full, so what it prints parses back).
const COMMUTATIVE: [&str; 7] = [
    "stablehlo.add",
    "stablehlo.and",
    "stablehlo.maximum",
    "stablehlo.minimum",
    "stablehlo.multiply",
    "stablehlo.or",
    "stablehlo.xor",
];

fn print_reduce(pr: &mut Printer<'_>, op: &Op) -> bool {
    let n = op.operands.len() / 2;
    if !op.operands.len().is_multiple_of(2)
        || n == 0
        || op.regions.len() != 1
        || attr_i64_list(op, "dimensions").is_none()
    {
        return false;
    }
    let Some(block) = op.regions[0].blocks.first() else {
        return false;
    };
    if op.regions[0].blocks.len() != 1 || block.args.len() != 2 * n {
        return false;
    }
    // The compact form is only exact when the block's types are the scalars the parser would make.
    let compact = compact_reduce_body(op).filter(|name| {
        if !COMMUTATIVE.contains(name) {
            return false;
        }
        let init_t = pr.ty(op.operands[1]);
        let scalar = match init_t {
            Type::Tensor(t) => {
                Type::Tensor(crate::ir::TensorType::ranked(Vec::new(), t.elem.clone()))
            }
            t => t.clone(),
        };
        block.args.iter().all(|a| *pr.ty(*a) == scalar) && *pr.ty(block.ops[0].results[0]) == scalar
    });
    pr.out.push_str(&op.name);
    for i in 0..n {
        pr.out.push_str(if i > 0 { ", (" } else { "(" });
        pr.value(op.operands[i]);
        pr.out.push_str(" init: ");
        pr.value(op.operands[n + i]);
        pr.out.push(')');
    }
    if let Some(name) = compact {
        pr.write(format_args!(" applies {name}"));
    }
    pr.out.push_str(" across dimensions = ");
    write_i64_list(&mut pr.out, attr_i64_list(op, "dimensions").unwrap_or(&[]));
    print_rest_attrs(pr, op, &["dimensions"]);
    print_fn_sig(pr, op);
    if compact.is_some() {
        // The parser rebuilds the body; its values are numbered in the same order.
        return true;
    }
    pr.newline();
    pr.out.push_str("  reducer");
    for a in &block.args {
        pr.define_arg(*a);
    }
    for i in 0..n {
        pr.out.push_str(if i == 0 { "(" } else { " (" });
        for (k, a) in [block.args[i], block.args[n + i]].into_iter().enumerate() {
            if k > 0 {
                pr.out.push_str(", ");
            }
            pr.value(a);
            pr.out.push_str(": ");
            let t = pr.ty(a);
            pr.write(t);
        }
        pr.out.push(')');
    }
    pr.out.push(' ');
    pr.region_without_header(&op.regions[0]);
    true
}

/// `stablehlo.while(%a = %x, %b = %y) : A, B {attrs}? cond { ... } do { ... }`.
fn parse_while(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let mut names: Vec<(&str, usize)> = Vec::new();
    p.comma_list(b'(', b')', |p| {
        let off = p.offset();
        let name = p.value_name()?;
        p.expect_punct(b'=')?;
        let v = p.value_use()?;
        names.push((name, off));
        st.operands.push(v);
        Ok(())
    })?;
    let types: Vec<Type> = if p.eat_punct(b':')? {
        let off = p.offset();
        let ts = type_list(p)?;
        p.check_operand_types(&st.operands, &ts, off)?;
        ts
    } else {
        Vec::new()
    };
    if p.eat_keyword("attributes")? {
        dict_into(p, st)?;
    }
    for kw in ["cond", "do"] {
        p.expect_keyword(kw)?;
        p.push_scope();
        let named: Vec<(&str, Type, usize)> = names
            .iter()
            .zip(&types)
            .map(|((n, off), t)| (*n, t.clone(), *off))
            .collect();
        let args = define_args(p, &named);
        let r = args.and_then(|a| p.region(a));
        p.pop_scope();
        st.regions.push(r?);
    }
    st.result_types = Some(types);
    Ok(())
}

fn print_while(pr: &mut Printer<'_>, op: &Op) -> bool {
    let types: Vec<&Type> = op.operands.iter().map(|v| pr.ty(*v)).collect();
    let result_types: Vec<&Type> = op.results.iter().map(|v| pr.ty(*v)).collect();
    let ok = op.regions.len() == 2
        && types == result_types
        && op.regions.iter().all(|r| {
            r.blocks.len() == 1
                && r.blocks[0].args.len() == op.operands.len()
                && r.blocks[0]
                    .args
                    .iter()
                    .zip(&types)
                    .all(|(a, t)| pr.ty(*a) == *t)
        });
    if !ok {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push('(');
    // Both regions share the iteration argument names.
    let base = pr.peek_arg_number();
    for (i, v) in op.operands.iter().enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        pr.write(format_args!("%arg{} = ", base + i as u32));
        pr.value(*v);
    }
    pr.out.push(')');
    if !op.operands.is_empty() {
        pr.out.push_str(" : ");
        pr.types_of(&op.operands);
    }
    let mark = pr.out.len();
    pr.out.push_str(" attributes ");
    if !pr.attr_dict(&op.attrs, &[]) {
        pr.out.truncate(mark);
    }
    for (kw, r) in ["cond", "do"].iter().zip(&op.regions) {
        pr.newline();
        pr.write(format_args!("  {kw} "));
        for (i, a) in r.blocks[0].args.iter().enumerate() {
            pr.define_named_arg(*a, base + i as u32);
        }
        pr.region_without_header(r);
    }
    pr.skip_args(op.operands.len() as u32);
    true
}

/// `func.func private @f(%a: T {attrs}, ...) -> (R {attrs}) attributes {...} { body }`.
fn parse_func(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let off = p.offset();
    if let Tok::Ident(vis @ ("public" | "private" | "nested")) = p.peek()?.clone() {
        p.bump()?;
        st.add_attr(
            "sym_visibility",
            crate::ir::Attr::Str(vis.as_bytes().to_vec()),
            off,
        )?;
    }
    let noff = p.offset();
    let name = match p.bump()? {
        Tok::Symbol(s) => s,
        t => {
            return p.err_at(
                noff,
                format!("expected the function name '@name', found {}", t.describe()),
            )
        }
    };
    st.add_attr("sym_name", crate::ir::Attr::Str(name.into_bytes()), noff)?;
    let mut named: Vec<(&str, Type, usize)> = Vec::new();
    let mut inputs = Vec::new();
    let mut arg_attrs = Vec::new();
    let mut declaration_style = false;
    p.comma_list(b'(', b')', |p| {
        let off = p.offset();
        if p.is_value()? {
            let name = p.value_name()?;
            p.expect_punct(b':')?;
            let t = p.parse_type()?;
            named.push((name, t.clone(), off));
            inputs.push(t);
        } else {
            declaration_style = true;
            inputs.push(p.parse_type()?);
        }
        arg_attrs.push(if p.is_punct(b'{')? {
            p.attr_dict()?
        } else {
            Vec::new()
        });
        p.skip_loc()?;
        Ok(())
    })?;
    if declaration_style && !named.is_empty() {
        return p.err_at(
            noff,
            "function arguments must all be named or all be unnamed",
        );
    }
    let mut results = Vec::new();
    let mut res_attrs = Vec::new();
    if p.eat_arrow()? {
        if p.is_punct(b'(')? {
            p.comma_list(b'(', b')', |p| {
                results.push(p.parse_type()?);
                res_attrs.push(if p.is_punct(b'{')? {
                    p.attr_dict()?
                } else {
                    Vec::new()
                });
                Ok(())
            })?;
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(Vec::new());
        }
    }
    let aoff = p.offset();
    if p.eat_keyword("attributes")? {
        dict_into(p, st)?;
    }
    let dicts = |v: Vec<Vec<(String, crate::ir::Attr)>>| {
        crate::ir::Attr::Array(v.into_iter().map(crate::ir::Attr::Dict).collect())
    };
    if arg_attrs.iter().any(|d| !d.is_empty()) {
        st.add_attr("arg_attrs", dicts(arg_attrs), aoff)?;
    }
    if res_attrs.iter().any(|d| !d.is_empty()) {
        st.add_attr("res_attrs", dicts(res_attrs), aoff)?;
    }
    st.add_attr(
        "function_type",
        crate::ir::Attr::Type(Type::Function(Box::new(FunctionType { inputs, results }))),
        off,
    )?;
    if p.is_punct(b'{')? {
        if declaration_style {
            return p.err_at(
                noff,
                "a function with a body needs named arguments ('%arg0: type')",
            );
        }
        p.push_isolated_scope();
        let args = define_args(p, &named);
        let r = args.and_then(|a| p.region(a));
        p.pop_scope();
        st.regions.push(r?);
    } else {
        if !named.is_empty() {
            return p.err_at(
                noff,
                "a function declaration takes argument types, not named arguments",
            );
        }
        st.regions.push(Region::default());
    }
    st.result_types = Some(Vec::new());
    Ok(())
}

fn print_func(pr: &mut Printer<'_>, op: &Op) -> bool {
    let (Some(crate::ir::Attr::Str(name)), Some(crate::ir::Attr::Type(Type::Function(ft)))) =
        (op.attr("sym_name"), op.attr("function_type"))
    else {
        return false;
    };
    let Ok(name) = std::str::from_utf8(name) else {
        return false;
    };
    let vis = match op.attr("sym_visibility") {
        None => None,
        Some(crate::ir::Attr::Str(v))
            if matches!(v.as_slice(), b"public" | b"private" | b"nested") =>
        {
            Some(std::str::from_utf8(v).unwrap_or(""))
        }
        Some(_) => return false,
    };
    let dict_list = |n: &str, len: usize| -> Option<Option<&Vec<crate::ir::Attr>>> {
        match op.attr(n) {
            None => Some(None),
            Some(crate::ir::Attr::Array(v))
                if v.len() == len
                    && v.iter().all(|d| matches!(d, crate::ir::Attr::Dict(_)))
                    && v.iter()
                        .any(|d| !matches!(d, crate::ir::Attr::Dict(e) if e.is_empty())) =>
            {
                Some(Some(v))
            }
            Some(_) => None,
        }
    };
    let (Some(arg_attrs), Some(res_attrs)) = (
        dict_list("arg_attrs", ft.inputs.len()),
        dict_list("res_attrs", ft.results.len()),
    ) else {
        return false;
    };
    let [region] = op.regions.as_slice() else {
        return false;
    };
    let body = match region.blocks.first() {
        None => None,
        Some(b) => {
            let types_ok = b.args.len() == ft.inputs.len()
                && b.args.iter().zip(&ft.inputs).all(|(a, t)| pr.ty(*a) == t);
            if !types_ok {
                return false;
            }
            Some(b)
        }
    };
    if !op.operands.is_empty() || !op.results.is_empty() {
        return false;
    }
    // A function numbers its values afresh; the enclosing numbering resumes after it.
    let saved = pr.numbering();
    pr.reset_numbering();
    pr.out.push_str(&op.name);
    if let Some(v) = vis {
        pr.write(format_args!(" {v}"));
    }
    pr.out.push(' ');
    write_symbol(&mut pr.out, name);
    pr.out.push('(');
    for (i, t) in ft.inputs.iter().enumerate() {
        if i > 0 {
            pr.out.push_str(", ");
        }
        if let Some(b) = body {
            pr.define_arg(b.args[i]);
            pr.value(b.args[i]);
            pr.out.push_str(": ");
        }
        pr.write(t);
        if let Some(crate::ir::Attr::Dict(d)) = arg_attrs.map(|v| &v[i]) {
            if !d.is_empty() {
                pr.out.push(' ');
                pr.attr_dict(d, &[]);
            }
        }
    }
    pr.out.push(')');
    if !ft.results.is_empty() {
        pr.out.push_str(" -> ");
        let parens = ft.results.len() != 1
            || res_attrs.is_some()
            || matches!(ft.results[0], Type::Function(_));
        if parens {
            pr.out.push('(');
        }
        for (i, t) in ft.results.iter().enumerate() {
            if i > 0 {
                pr.out.push_str(", ");
            }
            pr.write(t);
            if let Some(crate::ir::Attr::Dict(d)) = res_attrs.map(|v| &v[i]) {
                if !d.is_empty() {
                    pr.out.push(' ');
                    pr.attr_dict(d, &[]);
                }
            }
        }
        if parens {
            pr.out.push(')');
        }
    }
    let skip = [
        "sym_name",
        "function_type",
        "sym_visibility",
        "arg_attrs",
        "res_attrs",
    ];
    if op.attrs.iter().any(|(n, _)| !skip.contains(&n.as_str())) {
        pr.out.push_str(" attributes");
        print_rest_attrs(pr, op, &skip);
    }
    if body.is_some() {
        pr.out.push(' ');
        pr.region_without_header(region);
    }
    pr.set_numbering(saved);
    true
}

/// `func.call @f(%a, %b) : (A, B) -> R` (also written `call`).
fn parse_call(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let off = p.offset();
    let callee = match p.bump()? {
        Tok::Symbol(s) => s,
        t => {
            return p.err_at(
                off,
                format!("expected the callee '@name', found {}", t.describe()),
            )
        }
    };
    let mut path = vec![callee];
    while *p.peek()? == Tok::ColonColon {
        p.bump()?;
        match p.bump()? {
            Tok::Symbol(s) => path.push(s),
            t => return p.err_at(off, format!("expected a symbol, found {}", t.describe())),
        }
    }
    st.add_attr("callee", crate::ir::Attr::SymbolRef(path), off)?;
    p.expect_punct(b'(')?;
    st.operands = p.operand_list()?;
    p.expect_punct(b')')?;
    dict_into(p, st)?;
    parse_fn_sig(p, st)
}

fn print_call(pr: &mut Printer<'_>, op: &Op) -> bool {
    let Some(callee @ crate::ir::Attr::SymbolRef(_)) = op.attr("callee") else {
        return false;
    };
    if !op.regions.is_empty() {
        return false;
    }
    pr.out.push_str("call ");
    write_attr(&mut pr.out, callee);
    pr.out.push('(');
    pr.values(&op.operands);
    pr.out.push(')');
    print_rest_attrs(pr, op, &["callee"]);
    print_fn_sig(pr, op);
    true
}

/// `module @name attributes {...} { ops }`.
fn parse_module(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    st.name = "builtin.module".to_string();
    if let Tok::Symbol(s) = p.peek()?.clone() {
        let off = p.offset();
        p.bump()?;
        st.add_attr("sym_name", crate::ir::Attr::Str(s.into_bytes()), off)?;
    }
    if p.eat_keyword("attributes")? {
        dict_into(p, st)?;
    }
    p.push_scope();
    let r = p.region(Vec::new());
    p.pop_scope();
    st.regions.push(r?);
    st.result_types = Some(Vec::new());
    Ok(())
}

fn print_module(pr: &mut Printer<'_>, op: &Op) -> bool {
    let name = match op.attr("sym_name") {
        None => None,
        Some(crate::ir::Attr::Str(s)) => match std::str::from_utf8(s) {
            Ok(s) => Some(s),
            Err(_) => return false,
        },
        Some(_) => return false,
    };
    let ok = op.operands.is_empty()
        && op.results.is_empty()
        && op.regions.len() == 1
        && op.regions[0].blocks.len() <= 1
        && op.regions[0].blocks.iter().all(|b| b.args.is_empty());
    if !ok {
        return false;
    }
    pr.out.push_str("module");
    if let Some(n) = name {
        pr.out.push(' ');
        write_symbol(&mut pr.out, n);
    }
    if op.attrs.iter().any(|(n, _)| n != "sym_name") {
        pr.out.push_str(" attributes");
        print_rest_attrs(pr, op, &["sym_name"]);
    }
    pr.out.push(' ');
    pr.region_without_header(&op.regions[0]);
    true
}

/// `chlo.top_k(%x, k = 8) : A -> (B, C)`.
fn parse_top_k(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    p.expect_punct(b'(')?;
    st.operands = vec![p.value_use()?];
    p.expect_punct(b',')?;
    p.expect_keyword("k")?;
    p.expect_punct(b'=')?;
    let off = p.offset();
    let k = parse_syn(p, Syn::I64)?;
    st.add_attr("k", k, off)?;
    p.expect_punct(b')')?;
    dict_into(p, st)?;
    parse_sig(p, st, Sig::Arrow)
}

fn print_top_k(pr: &mut Printer<'_>, op: &Op) -> bool {
    let Some(k @ crate::ir::Attr::Int(_, t)) = op.attr("k") else {
        return false;
    };
    if *t != ElementType::I64 || op.operands.len() != 1 || !op.regions.is_empty() {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push('(');
    pr.value(op.operands[0]);
    pr.out.push_str(", k = ");
    write_syn(pr, k, Syn::I64);
    pr.out.push(')');
    print_rest_attrs(pr, op, &["k"]);
    pr.out.push_str(" : ");
    pr.types_of(&op.operands);
    pr.out.push_str(" -> ");
    pr.result_types(&op.results);
    true
}

/// `chlo.scan(%inputs) inits(%inits) dimension = 0 attributes {...}? { region } : (A) -> (B)`.
fn parse_scan(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    let mut inputs = Vec::new();
    p.comma_list(b'(', b')', |p| {
        inputs.push(p.value_use()?);
        Ok(())
    })?;
    p.expect_keyword("inits")?;
    let mut inits = Vec::new();
    p.comma_list(b'(', b')', |p| {
        inits.push(p.value_use()?);
        Ok(())
    })?;
    p.expect_keyword("dimension")?;
    p.expect_punct(b'=')?;
    let off = p.offset();
    let d = parse_syn(p, Syn::I64)?;
    st.add_attr("dimension", d, off)?;
    st.add_attr(
        "operandSegmentSizes",
        crate::ir::Attr::DenseArray(DenseArray::Int(
            32,
            vec![inputs.len() as i64, inits.len() as i64],
        )),
        off,
    )?;
    if p.eat_keyword("attributes")? {
        dict_into(p, st)?;
    }
    st.operands = inputs.into_iter().chain(inits).collect();
    let r = p.scoped_region()?;
    st.regions.push(r);
    parse_fn_sig(p, st)
}

fn print_scan(pr: &mut Printer<'_>, op: &Op) -> bool {
    let Some(crate::ir::Attr::DenseArray(DenseArray::Int(32, seg))) =
        op.attr("operandSegmentSizes")
    else {
        return false;
    };
    let ok = seg.len() == 2
        && seg.iter().all(|n| *n >= 0)
        && (seg[0] + seg[1]) as usize == op.operands.len()
        && op.regions.len() == 1
        && op.attr("dimension").is_some_and(|a| syn_fits(a, Syn::I64));
    if !ok {
        return false;
    }
    let n = seg[0] as usize;
    pr.out.push_str(&op.name);
    pr.out.push('(');
    pr.values(&op.operands[..n]);
    pr.out.push_str(") inits(");
    pr.values(&op.operands[n..]);
    pr.out.push_str(") dimension = ");
    if let Some(d) = op.attr("dimension") {
        write_syn(pr, d, Syn::I64);
    }
    let skip = ["dimension", "operandSegmentSizes"];
    if op.attrs.iter().any(|(n, _)| !skip.contains(&n.as_str())) {
        pr.out.push_str(" attributes");
        print_rest_attrs(pr, op, &skip);
    }
    pr.out.push(' ');
    pr.region(&op.regions[0], true);
    print_fn_sig(pr, op);
    true
}

/// `tensor.cast %x : A to B`.
fn parse_cast(p: &mut Parser<'_>, st: &mut OpState) -> PResult<()> {
    st.operands = vec![p.value_use()?];
    dict_into(p, st)?;
    p.expect_punct(b':')?;
    let off = p.offset();
    let from = p.parse_type()?;
    p.check_operand_types(&st.operands, &[from], off)?;
    p.expect_keyword("to")?;
    st.result_types = Some(vec![p.parse_type()?]);
    Ok(())
}

fn print_cast(pr: &mut Printer<'_>, op: &Op) -> bool {
    if op.operands.len() != 1 || op.results.len() != 1 || !op.regions.is_empty() {
        return false;
    }
    pr.out.push_str(&op.name);
    pr.out.push(' ');
    pr.value(op.operands[0]);
    print_rest_attrs(pr, op, &[]);
    pr.out.push_str(" : ");
    pr.types_of(&op.operands);
    pr.out.push_str(" to ");
    pr.types_of(&op.results);
    true
}
