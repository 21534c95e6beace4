//! Method 2 of [`super::decide`]: both functions encoded for Z3 over the
//! elements of their static shapes, and the question "is there an input on
//! which some result element differs (under the NaN rule of [`super::ulp`])?"
//! put to the solver.
//!
//! **Values.** Every element is a bit-vector holding exactly the bits the
//! executor would hold: an integer of its width (`i1` is one bit), a float
//! as its format's bit pattern. Integer ops are bit-vector ops with the
//! executor's conventions made explicit (division by zero, shifts past the
//! width; `interp::elementwise`).
//!
//! **Float arithmetic.** A format `F` with `e` exponent and `m` mantissa
//! bits is computed in the IEEE sort `W` of Z3 with `e + 2` exponent bits
//! and the same precision. Reading `F`'s exponent field unchanged as `W`'s
//! maps every finite value `v` of `F` to `v · 2^-s` (`s` = `W`'s bias −
//! `F`'s bias) and puts `F`'s subnormals exactly on `W`'s subnormals, so
//! one rounding in `W` of an exact result scaled by `2^-s` is `F`'s
//! rounding, with the exponent range unbounded above. Sums are computed
//! on scaled values, products and quotients as scaled × unscaled, square
//! roots unscaled in a wider sort and rounded twice (innocuously, see
//! [`Fp::sqrt`]), remainders (C's `fmod`) as Z3's `fp.rem` with one exact
//! correction ([`Fp::remainder`]).
//! The result is written back into `F` with `float::round`'s conventions:
//! beyond the largest finite value it becomes ∞, else NaN, else the
//! largest finite value (with its sign); a zero loses its sign where `F`
//! has no −0; an invalid operation gives the canonical NaN (+0 without
//! NaN). NaN operands are propagated as `float::arith` does (the first NaN,
//! quieted), so results agree with the executor bit for bit.
//!
//! Z3's own `fp.min`/`fp.max` (sign of a zero result unspecified) and
//! `to_ieee_bv` of NaN (unspecified) are never used: maximum, minimum and
//! `TOTALORDER` comparisons are computed on the bit patterns.
//!
//! **Complex numbers** (complex<f32>, complex<f64>) are one bit-vector of
//! twice the part's width, the real part low (as the executor's lanes and
//! `bitcast_convert` order them). `+ −` work part by part, `× ÷` by the
//! executor's formulas (each real operation rounded as above), maximum,
//! minimum and `compare` lexicographically by (real, imaginary) with the
//! executor's unordered cases, and `real`, `imag`, `complex`, `negate`,
//! `chlo.conj`, `chlo.square`, `convert`, `select` and the movement ops as
//! the executor does. Any other op meeting a complex value is refused
//! ([`COMPLEX_OPS`]).
//!
//! **Sorting.** `stablehlo.sort` of slices of at most [`MAX_SORT`] elements
//! is the executor's insertion sort, the comparator region encoded on every
//! pair of a slice's elements. Where the comparator is a strict weak order,
//! every stable sort gives that result (the executor also sorts by keys
//! then); the encoding adds the negation of that property, over symbolic
//! elements, as an obligation, and [`decide`] proves nothing unless Z3
//! refutes it first (otherwise only a counterexample the executor confirms
//! counts). `chlo.top_k` is the stable descending sort by the executor's
//! keys (totalOrder for floats), by ranks.
//!
//! **Uninterpreted functions.** The correctly rounded elementary and
//! special functions of real floats (every op of `interp::transcendental`
//! on real floats, `power` of floats and integers) are one Z3 function
//! each per (function, element type), from the
//! operands' bits to the result's ([`UfFun`]): the executor computes each
//! as a function of those bits alone. The functions of complex<f32> and
//! complex<f64> the executor defines (`float::elementary::complex_unary`,
//! `complex_binary`: tan, power, atan2, exp, …) are two each, one per
//! result part, from every operand part's bits (real then imaginary, per
//! operand) to that part's. Applied to constants they are
//! computed (the executor's own function). A proof holds for every
//! interpretation; a model is checked by the executor, and where it is no
//! counterexample, the functions' true values at its arguments are
//! asserted and the question asked again ([`decide`]).
//!
//! **Axioms** relating two uninterpreted functions ([`axioms`]): where a
//! query applies both, the ground instances of a fact true of the
//! executor's functions (atan2(y, 1) = atan(y) in f64) are asserted, and
//! the verdict names them.
//!
//! **Products abstracted** ([`super::products`]): a query Z3 does not
//! settle is asked again with its 64-bit products of zero-extended 32-bit
//! halves and the 128-bit products of 64-bit `chlo.mulhi` replaced by
//! bounded variables, after the lemmas justifying the rewriting are proven
//! as queries of their own.
//!
//! **f8E8M0FNU** (powers of two, no sign, no zero): its comparisons order
//! the patterns ([`pattern_ordered`]), + − × ÷, maximum, minimum,
//! remainder and `chlo.square` are exponent arithmetic on the patterns
//! ([`e8m0_binary`]), and `chlo.next_after` is one pattern up or down
//! ([`pattern_next_after`]).
//!
//! **Not encoded** (the method steps aside, naming the op): the complex
//! functions the executor does not define, the other f8E8M0FNU ops (unary
//! ones, conversions), control flow, ops with regions other
//! than `sort`, and anything not listed in [`Encoder::encode_op`]. A float
//! → float conversion of a NaN keeps the executor's payload and sign
//! (`float::convert`), so `bitcast_convert` may read it.
//!
//! A satisfying assignment is a counterexample only once the executor,
//! run on both functions with it, shows the difference; otherwise the
//! method reports the disagreement and decides nothing.

use super::products::Products;
use super::{
    describe_types, static_tensor, Counterexample, Method, Options, Outcome, Side, Verdict,
};
use crate::float::elementary::{Binary, Unary};
use crate::float::{FloatKind, Format, NanEncoding};
use crate::interp::tensor::{int_kind, IntKind, Tensor};
use crate::interp::{Interp, Value};
use crate::ir::attr::{Attr, DenseElements};
use crate::ir::{ElementType, Op, ValueId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use z3::ast::{Ast, Bool, Float, RoundingMode, BV};
use z3::{SatResult, Solver, Sort};

/// The outcome of the SMT method.
pub enum SmtResult {
    /// Proven equal, or refuted with a confirmed counterexample, or a
    /// definite reason to decide nothing further (encoding disagreement).
    Decided(Box<Verdict>),
    /// Not applicable or not decided; the reason.
    StepAside(String),
}

/// Largest number of element terms encoded per function.
const MAX_TERMS: usize = 20_000;

/// The element kind of a value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Elem {
    Int(IntKind),
    Float(FloatKind),
    /// A complex number of two parts of this format: one bit-vector of
    /// twice the part's width, the real part in the low half and the
    /// imaginary part in the high half (the executor's lane order, read as
    /// `bitcast_convert` reads it).
    Complex(FloatKind),
}

fn elem_of(e: &ElementType) -> Option<Elem> {
    match e {
        ElementType::Float(k) => Some(Elem::Float(*k)),
        ElementType::Complex(k) => Some(Elem::Complex(*k)),
        ElementType::Int(..) | ElementType::Index => int_kind(e).map(Elem::Int),
        _ => None,
    }
}

fn width(e: Elem) -> u32 {
    match e {
        Elem::Int(k) => k.bits,
        Elem::Float(k) => k.bits(),
        Elem::Complex(k) => 2 * k.bits(),
    }
}

/// The executor's lanes of an element: one, or (real, imaginary).
fn lanes_of(e: Elem, x: &BV) -> Vec<BV> {
    match e {
        Elem::Complex(k) => vec![re_part(k, x), im_part(k, x)],
        _ => vec![x.clone()],
    }
}

/// An element from the executor's lanes (`lanes_of` inverted).
fn from_lanes(e: Elem, lanes: &[u64]) -> BV {
    let lane =
        |i: usize, w: u32| BV::from_u64(lanes.get(i).copied().unwrap_or(0), 64).extract(w - 1, 0);
    match e {
        Elem::Complex(k) => mk_complex(&lane(0, k.bits()), &lane(1, k.bits())),
        e => lane(0, width(e)),
    }
}

fn re_part(k: FloatKind, x: &BV) -> BV {
    x.extract(k.bits() - 1, 0)
}

fn im_part(k: FloatKind, x: &BV) -> BV {
    x.extract(2 * k.bits() - 1, k.bits())
}

fn mk_complex(re: &BV, im: &BV) -> BV {
    im.concat(re)
}

/// A tensor value: element kind, shape, one bit-vector per element.
#[derive(Clone)]
struct Sym {
    elem: Elem,
    shape: Vec<usize>,
    xs: Vec<BV>,
}

type Res<T> = Result<T, String>;

// ---------------------------------------------------------------------------
// Floats
// ---------------------------------------------------------------------------

/// A float format and its computation sort (see the module doc).
#[derive(Clone, Copy)]
struct Fp {
    kind: FloatKind,
    f: &'static Format,
    /// Exponent bits of the computation sort `W`.
    ew: u32,
    /// `W`'s bias − `F`'s bias.
    s: i64,
    /// The sort `C` results are computed in before the one rounding into
    /// `W`: `W` itself, or, where Z3 cannot compute in `W` (fewer
    /// significand than exponent bits), a sort with two more exponent bits
    /// (so that every scaled result is normal in it) and `2p + 2`
    /// significand bits (at least its exponent width). A result rounded to
    /// `2p + 2` bits and then to `p` is rounded as if once (+ − × ÷ √ of
    /// `p`-bit operands).
    cew: u32,
    q: u32,
}

/// `2^k` in the IEEE sort with `ew` exponent bits and `sb` significand
/// bits (`k` within its normal range).
fn pow2_in(ew: u32, sb: u32, k: i64) -> Float {
    let bias = (1i64 << (ew - 1)) - 1;
    let field = BV::from_u64((k + bias) as u64, ew);
    let sign = BV::from_u64(0, 1);
    let man = BV::from_u64(0, sb - 1);
    let ctx = z3::Context::thread_local();
    unsafe {
        Float::wrap(
            &ctx,
            z3_sys::Z3_mk_fpa_fp(
                ctx.get_z3_context(),
                sign.get_z3_ast(),
                field.get_z3_ast(),
                man.get_z3_ast(),
            )
            .expect("Z3_mk_fpa_fp"),
        )
    }
}

fn rne() -> RoundingMode {
    RoundingMode::round_nearest_ties_to_even()
}

impl Fp {
    fn new(kind: FloatKind) -> Res<Fp> {
        let f = kind.format();
        if !f.signed || !f.has_zero || f.man_bits == 0 {
            return Err(format!("{} arithmetic is not encoded", kind.name()));
        }
        let ew = f.exp_bits + 2;
        let bias_w = (1i64 << (ew - 1)) - 1;
        let p = f.man_bits + 1;
        let (cew, q) = if p >= ew {
            (ew, p)
        } else {
            (ew + 2, (2 * p + 2).max(ew + 2))
        };
        Ok(Fp {
            kind,
            f,
            ew,
            s: bias_w - f.bias as i64,
            cew,
            q,
        })
    }
    fn csort(&self) -> Sort {
        Sort::float(self.cew, self.q)
    }
    /// The value of a pattern in `C` (scaled by `2^-s`; exact).
    fn in_c(&self, x: &BV) -> Float {
        let w = self.in_w(x);
        if self.q == self.f.man_bits + 1 {
            w
        } else {
            w.to_fp_with_rounding_mode(&rne(), &self.csort())
        }
    }
    /// `x · 2^k` in `C`, exactly.
    fn cscale(&self, x: &Float, k: i64) -> Float {
        x.mul_with_rounding_mode(pow2_in(self.cew, self.q, k), &rne())
    }
    /// The pattern of a (scaled) `C` result, rounded once into `F`.
    fn finish(&self, r: &Float) -> BV {
        if self.q == self.f.man_bits + 1 {
            self.encode(r)
        } else {
            self.encode(&r.to_fp_with_rounding_mode(&rne(), &self.sort()))
        }
    }
    fn bits(&self) -> u32 {
        self.f.bits()
    }
    fn sort(&self) -> Sort {
        Sort::float(self.ew, self.f.man_bits + 1)
    }
    fn c(&self, v: u64) -> BV {
        BV::from_u64(v & self.f.all_mask(), self.bits())
    }
    fn is_nan(&self, x: &BV) -> Bool {
        let f = self.f;
        match f.nan {
            NanEncoding::None => Bool::from_bool(false),
            NanEncoding::NegativeZero => x.eq(self.c(f.sign_mask())),
            NanEncoding::AllOnes => x.bvand(self.c(f.mag_mask())).eq(self.c(f.mag_mask())),
            NanEncoding::Ieee => {
                let exp = self.c(f.exp_field_max() << f.man_bits);
                let man = self.c((1u64 << f.man_bits) - 1);
                Bool::and(&[
                    x.bvand(&exp).eq(&exp),
                    x.bvand(&man).eq(BV::from_u64(0, self.bits())).not(),
                ])
            }
        }
    }
    fn is_inf(&self, x: &BV) -> Bool {
        match self.f.inf(false) {
            Some(inf) => x.bvand(self.c(self.f.mag_mask())).eq(self.c(inf)),
            None => Bool::from_bool(false),
        }
    }
    fn is_neg(&self, x: &BV) -> Bool {
        let b = self.bits();
        x.extract(b - 1, b - 1).eq(BV::from_u64(1, 1))
    }
    fn is_zero(&self, x: &BV) -> Bool {
        let z = x.bvand(self.c(self.f.mag_mask())).eq(self.c(0));
        if self.f.nan == NanEncoding::NegativeZero {
            Bool::and(&[z, self.is_neg(x).not()])
        } else {
            z
        }
    }
    /// `float::arith::quiet`.
    fn quiet(&self, x: &BV) -> BV {
        if self.f.nan == NanEncoding::Ieee && self.f.man_bits > 0 {
            x.bvor(self.c(1u64 << (self.f.man_bits - 1)))
        } else {
            x.clone()
        }
    }
    fn invalid(&self) -> BV {
        self.c(crate::float::arith::invalid(self.f))
    }
    /// The computation-sort value of a pattern (scaled by `2^-s`).
    fn in_w(&self, x: &BV) -> Float {
        let f = self.f;
        let b = self.bits();
        let sign = x.extract(b - 1, b - 1);
        let exp = x
            .extract(f.man_bits + f.exp_bits - 1, f.man_bits)
            .zero_ext(self.ew - f.exp_bits);
        let man = x.extract(f.man_bits - 1, 0);
        let ctx = z3::Context::thread_local();
        let v = unsafe {
            Float::wrap(
                &ctx,
                z3_sys::Z3_mk_fpa_fp(
                    ctx.get_z3_context(),
                    sign.get_z3_ast(),
                    exp.get_z3_ast(),
                    man.get_z3_ast(),
                )
                .expect("Z3_mk_fpa_fp"),
            )
        };
        let sort = self.sort();
        let inf = self.special(|s| unsafe {
            z3_sys::Z3_mk_fpa_inf(ctx.get_z3_context(), s, false).expect("inf")
        });
        let ninf = self.special(|s| unsafe {
            z3_sys::Z3_mk_fpa_inf(ctx.get_z3_context(), s, true).expect("inf")
        });
        let nan = Float::nan(&sort);
        let infv = self.is_neg(x).ite(&ninf, &inf);
        self.is_nan(x).ite(&nan, &self.is_inf(x).ite(&infv, &v))
    }
    fn special(&self, mk: impl Fn(z3_sys::Z3_sort) -> z3_sys::Z3_ast) -> Float {
        let ctx = z3::Context::thread_local();
        let sort = self.sort();
        unsafe { Float::wrap(&ctx, mk(sort.get_z3_sort())) }
    }
    /// The pattern of `F` for a (scaled) `W` result, with `F`'s overflow,
    /// zero and NaN conventions.
    fn encode(&self, r: &Float) -> BV {
        let f = self.f;
        let neg = r.is_negative();
        let maxv = self.in_w(&self.c(f.max_finite()));
        let over = r.clone().unary_abs().gt(&maxv);
        let inf = |n: bool| self.c(crate::float::arith::infinity(f, n));
        let zero = |n: bool| self.c(crate::float::arith::zero(f, n));
        let m = f.man_bits;
        let bv = r.to_ieee_bv();
        let total = 1 + self.ew + m;
        let sign = bv.extract(total - 1, total - 1);
        let exp = bv.extract(m + f.exp_bits - 1, m);
        let man = bv.extract(m - 1, 0);
        let fin = sign.concat(&exp).concat(&man);
        r.is_nan().ite(
            &self.invalid(),
            &over.ite(
                &neg.ite(&inf(true), &inf(false)),
                &r.is_zero().ite(&neg.ite(&zero(true), &zero(false)), &fin),
            ),
        )
    }
    /// The first NaN of `ops`, quieted, else `r`.
    fn propagate(&self, ops: &[&BV], r: BV) -> BV {
        ops.iter()
            .rev()
            .fold(r, |acc, x| self.is_nan(x).ite(&self.quiet(x), &acc))
    }
    fn binary(&self, op: &str, a: &BV, b: &BV) -> Res<BV> {
        let (wa, wb) = (self.in_c(a), self.in_c(b));
        let r = match op {
            "add" => wa.add_with_rounding_mode(&wb, &rne()),
            "subtract" => wa.sub_with_rounding_mode(&wb, &rne()),
            "multiply" => wa.mul_with_rounding_mode(self.cscale(&wb, self.s), &rne()),
            "divide" => wa.div_with_rounding_mode(self.cscale(&wb, self.s), &rne()),
            _ => return Err(format!("{op} is not encoded for floats")),
        };
        Ok(self.propagate(&[a, b], self.finish(&r)))
    }
    /// Float `remainder` as the executor computes it
    /// (`float::arith::remainder`, C's `fmod`: the quotient truncated).
    /// Z3's `fp.rem` is IEEE's remainder `r = x − n·y`, `n` the quotient
    /// rounded to nearest (ties to even), so `|r| ≤ |y|/2`; the truncated
    /// quotient `t` is `n`, or `n` minus the sign of `x/y` when rounding
    /// went away from zero, which is exactly when `r ≠ 0` has the sign
    /// opposite to `x` (then `|n·y| > |x|`). So fmod is `r` when `r = 0` or
    /// `r` has `x`'s sign, else `r + sign(x)·|y|`. Both are exact: fmod's
    /// value is a multiple of the smaller of the operands' ulps below `|y|`
    /// in magnitude, so it is a value of `F`, and of `C` scaled by `2^-s`
    /// (`fp.rem` is exact; the one addition has a representable exact
    /// result, so rounding leaves it unchanged); and scaling both operands
    /// by `2^-s` scales the remainder alike. A zero result takes `x`'s sign.
    /// NaN operands propagate (the first, quieted); otherwise `fp.rem`'s
    /// NaN (infinite dividend, zero divisor) becomes the canonical NaN; a
    /// finite dividend with an infinite divisor is returned unchanged.
    fn remainder(&self, a: &BV, b: &BV) -> BV {
        let (x, y) = (self.in_c(a), self.in_c(b));
        let r = x.rem(&y);
        let xneg = x.is_negative();
        let flipped = Bool::and(&[r.is_zero().not(), r.is_negative().xor(&xneg)]);
        let ay = y.unary_abs();
        let step = xneg.ite(&ay.unary_neg(), &ay);
        let fixed = flipped.ite(&r.add_with_rounding_mode(&step, &rne()), &r);
        let zero = |n: bool| self.c(crate::float::arith::zero(self.f, n));
        let z = xneg.ite(&zero(true), &zero(false));
        let out = r.is_zero().ite(&z, &self.finish(&fixed));
        self.propagate(&[a, b], out)
    }
    /// Square root: in a sort with two more exponent bits (every value
    /// normal) and `2p + 2` significand bits, of the unscaled operand, then
    /// scaled and rounded once more into `W` (innocuous: `q ≥ 2p + 2`).
    fn sqrt(&self, a: &BV) -> Res<BV> {
        let p = self.f.man_bits + 1;
        let (ew2, q2) = (self.ew + 2, (2 * p + 2).max(self.ew + 2));
        let wide = Sort::float(ew2, q2);
        let x = self.in_w(a).to_fp_with_rounding_mode(&rne(), &wide);
        let x = x.mul_with_rounding_mode(pow2_in(ew2, q2, self.s), &rne());
        let r = x.sqrt_with_rounding_mode(&rne());
        let r = r.mul_with_rounding_mode(pow2_in(ew2, q2, -self.s), &rne());
        let r = r.to_fp_with_rounding_mode(&rne(), &self.sort());
        Ok(self.propagate(&[a], self.encode(&r)))
    }
    fn round_integral(&self, a: &BV, rm: &RoundingMode) -> BV {
        let w = self.cscale(&self.in_c(a), self.s);
        let r = self.cscale(&w.round_to_integral_with_rounding_mode(rm), -self.s);
        self.propagate(&[a], self.finish(&r))
    }
    /// `chlo.next_after` (`float::elementary::next_after`): either NaN →
    /// the first quieted; `x = y` (FLOAT compare) → `y`; `x = ±0` → the
    /// least subnormal towards `y`; else one step of the magnitude's
    /// pattern away from zero (capped at the largest magnitude pattern) or
    /// towards it (a magnitude of 1 or 0 becomes the zero of `x`'s sign).
    fn next_after(&self, a: &BV, b: &BV) -> Res<BV> {
        let f = self.f;
        let up = self.compare("LT", false, a, b)?;
        let eq = self.compare("EQ", false, a, b)?;
        let neg = self.is_neg(a);
        let mag = a.bvand(self.c(f.mag_mask()));
        let sign = a.bvand(self.c(f.sign_mask()));
        let one = self.c(1);
        let inc = mag.bvadd(&one);
        let capped = inc
            .bvugt(self.c(f.mag_mask()))
            .ite(&self.c(f.mag_mask()), &inc);
        let away = sign.bvor(&capped);
        let zero_signed = neg.ite(
            &self.c(crate::float::arith::zero(f, true)),
            &self.c(crate::float::arith::zero(f, false)),
        );
        let dec = mag.bvule(&one).ite(&self.c(0), &mag.bvsub(&one));
        let toward = if f.has_zero {
            mag.bvule(&one).ite(&zero_signed, &sign.bvor(&dec))
        } else {
            sign.bvor(&dec)
        };
        let step = up.xor(&neg).ite(&away, &toward);
        let from_zero = up.ite(&self.c(1), &self.c(f.sign_mask() | 1));
        let r = eq.ite(b, &self.is_zero(a).ite(&from_zero, &step));
        Ok(self.propagate(&[a, b], r))
    }
    /// A key whose signed order is totalOrder (`float::arith::total_order_key`).
    fn key(&self, x: &BV) -> BV {
        let w = self.bits() + 2;
        let mag = x.bvand(self.c(self.f.mag_mask())).zero_ext(2);
        let negk = mag.bvneg().bvsub(BV::from_u64(1, w));
        let k = self.is_neg(x).ite(&negk, &mag);
        if self.f.nan == NanEncoding::NegativeZero {
            let top = BV::from_i64((1i64 << (w - 1)) - 1, w);
            self.is_nan(x).ite(&top, &k)
        } else {
            k
        }
    }
    fn max_min(&self, a: &BV, b: &BV, max: bool) -> BV {
        let (ka, kb) = (self.key(a), self.key(b));
        let pick_a = if max { ka.bvsge(&kb) } else { ka.bvsle(&kb) };
        let r = pick_a.ite(a, b);
        self.propagate(&[a, b], r)
    }
    fn abs(&self, a: &BV) -> BV {
        let m = a.bvand(self.c(self.f.mag_mask()));
        if self.f.nan == NanEncoding::NegativeZero {
            self.is_nan(a).ite(a, &m)
        } else {
            m
        }
    }
    fn negate(&self, a: &BV) -> BV {
        let flipped = a.bvxor(self.c(self.f.sign_mask()));
        if self.f.nan == NanEncoding::NegativeZero {
            let z = a.eq(self.c(0));
            self.is_nan(a).ite(a, &z.ite(a, &flipped))
        } else {
            flipped
        }
    }
    fn sign(&self, a: &BV) -> BV {
        let one = crate::float::convert::from_int(self.f, 1, crate::float::Rounding::NearestEven);
        let none = crate::float::convert::from_int(self.f, -1, crate::float::Rounding::NearestEven);
        let pm = self.is_neg(a).ite(&self.c(none), &self.c(one));
        self.is_nan(a)
            .ite(&self.quiet(a), &self.is_zero(a).ite(a, &pm))
    }
    /// `(a < b, a = b, a > b)` under `FLOAT` (all false when either is
    /// NaN) or `TOTALORDER`.
    fn order(&self, total: bool, a: &BV, b: &BV) -> Res<(Bool, Bool, Bool)> {
        Ok((
            self.compare("LT", total, a, b)?,
            self.compare("EQ", total, a, b)?,
            self.compare("GT", total, a, b)?,
        ))
    }
    /// `compare` of complex numbers (`interp::elementwise::compare_plain`):
    /// lexicographic by (real, imaginary), unordered (only `NE` holds) when
    /// the real parts are, or when they are equal and the imaginary parts
    /// are unordered.
    fn complex_compare(&self, dir: &str, total: bool, a: &BV, b: &BV) -> Res<Bool> {
        let k = self.kind;
        let (lr, er, gr) = self.order(total, &re_part(k, a), &re_part(k, b))?;
        let (li, ei, gi) = self.order(total, &im_part(k, a), &im_part(k, b))?;
        let less = Bool::or(&[lr, Bool::and(&[er.clone(), li])]);
        let equal = Bool::and(&[er.clone(), ei]);
        let greater = Bool::or(&[gr, Bool::and(&[er, gi])]);
        Ok(match dir {
            "EQ" => equal,
            "NE" => equal.not(),
            "LT" => less,
            "LE" => Bool::or(&[less, equal]),
            "GT" => greater,
            "GE" => Bool::or(&[greater, equal]),
            _ => return Err(format!("comparison {dir}")),
        })
    }
    /// Complex maximum/minimum (`interp::elementwise::complex_pick`): the
    /// lexicographic `FLOAT` order; unordered gives the invalid value in
    /// both parts.
    fn complex_pick(&self, a: &BV, b: &BV, want_greater: bool) -> Res<BV> {
        let k = self.kind;
        let (lr, er, gr) = self.order(false, &re_part(k, a), &re_part(k, b))?;
        let (li, ei, gi) = self.order(false, &im_part(k, a), &im_part(k, b))?;
        let less = Bool::or(&[lr, Bool::and(&[er.clone(), li])]);
        let equal = Bool::and(&[er.clone(), ei]);
        let greater = Bool::or(&[gr, Bool::and(&[er, gi])]);
        let ordered = Bool::or(&[less.clone(), equal, greater.clone()]);
        let take_b = if want_greater { less } else { greater };
        let nan = self.invalid();
        Ok(ordered.ite(&take_b.ite(b, a), &mk_complex(&nan, &nan)))
    }
    /// Complex `+ − × ÷` (`interp::elementwise::complex_add` … `complex_div`):
    /// the textbook formulas, each real operation rounded.
    fn complex_binary(&self, op: &str, x: &BV, y: &BV) -> Res<BV> {
        let k = self.kind;
        let (a, b, c, d) = (re_part(k, x), im_part(k, x), re_part(k, y), im_part(k, y));
        let f = |o: &str, p: &BV, q: &BV| self.binary(o, p, q);
        let (re, im) = match op {
            "add" | "subtract" => (f(op, &a, &c)?, f(op, &b, &d)?),
            "multiply" => (
                f("subtract", &f("multiply", &a, &c)?, &f("multiply", &b, &d)?)?,
                f("add", &f("multiply", &a, &d)?, &f("multiply", &b, &c)?)?,
            ),
            "divide" => {
                let den = f("add", &f("multiply", &c, &c)?, &f("multiply", &d, &d)?)?;
                let re = f("add", &f("multiply", &a, &c)?, &f("multiply", &b, &d)?)?;
                let im = f("subtract", &f("multiply", &b, &c)?, &f("multiply", &a, &d)?)?;
                (f("divide", &re, &den)?, f("divide", &im, &den)?)
            }
            _ => return Err(format!("{op} is not encoded for complex numbers")),
        };
        Ok(mk_complex(&re, &im))
    }
    /// `chlo.square` of a complex number (`interp::chlo::square`):
    /// `((re − im)(re + im), (re·im)·2)`, each operation rounded.
    fn complex_square(&self, x: &BV) -> Res<BV> {
        let k = self.kind;
        let (re, im) = (re_part(k, x), im_part(k, x));
        let two = self.c(crate::float::convert::from_int(
            self.f,
            2,
            crate::float::Rounding::NearestEven,
        ));
        let r = self.binary(
            "multiply",
            &self.binary("subtract", &re, &im)?,
            &self.binary("add", &re, &im)?,
        )?;
        let i = self.binary("multiply", &self.binary("multiply", &re, &im)?, &two)?;
        Ok(mk_complex(&r, &i))
    }
    fn compare(&self, dir: &str, total: bool, a: &BV, b: &BV) -> Res<Bool> {
        if total {
            let (ka, kb) = (self.key(a), self.key(b));
            return Ok(match dir {
                "EQ" => ka.eq(&kb),
                "NE" => ka.eq(&kb).not(),
                "LT" => ka.bvslt(&kb),
                "LE" => ka.bvsle(&kb),
                "GT" => ka.bvsgt(&kb),
                "GE" => ka.bvsge(&kb),
                _ => return Err(format!("comparison {dir}")),
            });
        }
        let (x, y) = (self.in_w(a), self.in_w(b));
        Ok(match dir {
            "EQ" => x.eq_fpa(&y),
            "NE" => x.eq_fpa(&y).not(),
            "LT" => x.lt(&y),
            "LE" => x.le(&y),
            "GT" => x.gt(&y),
            "GE" => x.ge(&y),
            _ => return Err(format!("comparison {dir}")),
        })
    }
    /// Float → float conversion; `Err` if a NaN would need its payload.
    fn convert_to(&self, to: &Fp, a: &BV) -> BV {
        // Exact in a sort wide enough for both, then one rounding into `to`.
        let (wew, wsb) = (
            self.ew.max(to.ew) + 2,
            (self.f.man_bits.max(to.f.man_bits) + 2).max(self.ew.max(to.ew) + 2),
        );
        let wide = Sort::float(wew, wsb);
        let x = self.in_w(a).to_fp_with_rounding_mode(&rne(), &wide);
        let k = self.s - to.s;
        let shifted = if k == 0 {
            x
        } else {
            let p = pow2_in(wew, wsb, k);
            x.mul_with_rounding_mode(p, &rne())
        };
        let r = shifted.to_fp_with_rounding_mode(&rne(), &to.sort());
        self.is_nan(a).ite(&self.convert_nan(to, a), &to.encode(&r))
    }
    /// A NaN converted (`float::convert`'s rule): between IEEE-style
    /// encodings the payload is kept (shifted to the new width, quieted)
    /// with the sign; otherwise the target's NaN of the sign (where the
    /// source's NaNs carry one), or its invalid value if it has no NaN.
    fn convert_nan(&self, to: &Fp, a: &BV) -> BV {
        let (from, tf) = (self.f, to.f);
        let neg = if matches!(from.nan, NanEncoding::Ieee | NanEncoding::AllOnes) {
            self.is_neg(a)
        } else {
            Bool::from_bool(false)
        };
        if from.nan == NanEncoding::Ieee && tf.nan == NanEncoding::Ieee && tf.man_bits > 0 {
            let frac = a.extract(from.man_bits - 1, 0);
            let frac = if tf.man_bits > from.man_bits {
                frac.concat(BV::from_u64(0, tf.man_bits - from.man_bits))
            } else {
                frac.extract(from.man_bits - 1, from.man_bits - tf.man_bits)
            };
            let frac = frac.zero_ext(to.bits() - tf.man_bits);
            let sign = neg.ite(&to.c(tf.sign_mask()), &to.c(0));
            let fixed = to.c((tf.exp_field_max() << tf.man_bits) | 1 << (tf.man_bits - 1));
            return sign.bvor(&fixed).bvor(&frac);
        }
        match (tf.nan_with_sign(false), tf.nan_with_sign(true)) {
            (Some(p), Some(n)) => neg.ite(&to.c(n), &to.c(p)),
            _ => to.invalid(),
        }
    }
    /// Integer → float (`float::convert::from_int`, to nearest even): the
    /// integer exactly in a sort wide enough for it, scaled, then rounded
    /// once into `W`.
    fn int_to_float(&self, k: IntKind, x: &BV) -> BV {
        let ctx = z3::Context::thread_local();
        let sb = (k.bits + 1).max(self.ew + 1);
        let (ew, sb) = (self.ew.max(8), sb.max(self.ew.max(8)));
        let sort = Sort::float(ew, sb);
        let rm = rne();
        let v = unsafe {
            let mk = if k.signed && k.bits > 1 {
                z3_sys::Z3_mk_fpa_to_fp_signed
            } else {
                z3_sys::Z3_mk_fpa_to_fp_unsigned
            };
            Float::wrap(
                &ctx,
                mk(
                    ctx.get_z3_context(),
                    rm.get_z3_ast(),
                    x.get_z3_ast(),
                    sort.get_z3_sort(),
                )
                .expect("to_fp"),
            )
        };
        let scaled = v.mul_with_rounding_mode(pow2_in(ew, sb, -self.s), &rne());
        self.encode(&scaled.to_fp_with_rounding_mode(&rne(), &self.sort()))
    }
    /// Float → integer: truncation, saturation, NaN → 0. Computed in a sort
    /// that holds every value of `F` unscaled and every `w`-bit integer.
    fn float_to_int(&self, k: IntKind, a: &BV) -> BV {
        let w = k.bits;
        let p = self.f.man_bits + 1;
        let ew2 = (self.ew + 2).max(9);
        let sb = p.max(ew2).max(w + 1);
        let sort = Sort::float(ew2, sb);
        let x = self.in_w(a).to_fp_with_rounding_mode(&rne(), &sort);
        let x = x.mul_with_rounding_mode(pow2_in(ew2, sb, self.s), &rne());
        let t = x.round_to_integral_with_rounding_mode(&RoundingMode::round_towards_zero());
        // Thresholds 2^(w-1) (signed) or 2^w (unsigned).
        let top = if k.signed { w as i64 - 1 } else { w as i64 };
        let hi = pow2_in(ew2, sb, top);
        let maxv = BV::from_u64(k.wrap(k.max()), 64).extract(w - 1, 0);
        let minv = BV::from_u64(k.wrap(k.min()), 64).extract(w - 1, 0);
        let rtz = RoundingMode::round_towards_zero();
        let conv = if k.signed {
            t.to_sbv_with_rounding_mode(&rtz, w)
        } else {
            t.to_ubv_with_rounding_mode(&rtz, w)
        };
        let low = if k.signed {
            t.lt(hi.clone().unary_neg())
        } else {
            let ctx = z3::Context::thread_local();
            let zero = unsafe {
                Float::wrap(
                    &ctx,
                    z3_sys::Z3_mk_fpa_zero(ctx.get_z3_context(), sort.get_z3_sort(), false)
                        .expect("zero"),
                )
            };
            t.lt(&zero)
        };
        self.is_nan(a).ite(
            &BV::from_u64(0, w),
            &t.ge(&hi).ite(&maxv, &low.ite(&minv, &conv)),
        )
    }
}

/// A float format whose values increase with their patterns and whose one
/// NaN is the all-ones pattern (no sign, no zero: f8E8M0FNU). Its
/// comparisons need no arithmetic: `float::arith::total_order_key` is the
/// pattern itself.
fn pattern_ordered(k: FloatKind) -> bool {
    let f = k.format();
    !f.signed && !f.has_zero && f.nan == NanEncoding::AllOnes && f.mag_mask() == f.all_mask()
}

/// `compare` in a [`pattern_ordered`] format (`float::arith::compare`,
/// `compare_total`): `FLOAT` is unordered when either is NaN (only `NE`
/// holds), otherwise both order by the pattern.
fn pattern_compare(k: FloatKind, dir: &str, total: bool, a: &BV, b: &BV) -> Res<Bool> {
    let all = BV::from_u64(k.format().all_mask(), k.bits());
    let unordered = if total {
        Bool::from_bool(false)
    } else {
        Bool::or(&[a.eq(&all), b.eq(&all)])
    };
    let r = int_compare(dir, false, a, b)?;
    Ok(if dir == "NE" {
        Bool::or(&[unordered, r])
    } else {
        Bool::and(&[unordered.not(), r])
    })
}

/// `chlo.next_after` in a [`pattern_ordered`] format
/// (`float::elementary::next_after`, f8E8M0FNU): either operand NaN → the
/// NaN; `x = y` → `y`; else one pattern towards `y` (`x < y` leaves room
/// above `x` below the NaN, `x > y` room below it; no sign, no zero).
fn pattern_next_after(k: FloatKind, a: &BV, b: &BV) -> BV {
    let w = k.bits();
    let nan = BV::from_u64(k.format().all_mask(), w);
    let one = BV::from_u64(1, w);
    let step = a.bvult(b).ite(&a.bvadd(&one), &a.bvsub(&one));
    let r = a.eq(b).ite(b, &step);
    Bool::or(&[a.eq(&nan), b.eq(&nan)]).ite(&nan, &r)
}

// ---------------------------------------------------------------------------
// Integers
// ---------------------------------------------------------------------------

/// The arithmetic of f8E8M0FNU (`float::arith` through `round_value`):
/// a pattern `e` below 0xFF is the value `2^(e − 127)`, 0xFF is the NaN, and
/// there is no sign and no zero. Exact results (products, quotients) are
/// powers of two, so only the range matters: below `2^-127` the result is
/// `2^-127`, above `2^127` (or negative, or zero) NaN. A sum
/// `2^h + 2^l` (`h ≥ l`) is `2^(h+1)` when `h − l ≤ 1` (`h = l`: exact;
/// `h = l + 1`: `1.5 · 2^h`, a tie, which goes to the larger power) and
/// `2^h` otherwise (below the tie); a difference `2^h − 2^l` (`h > l`) is
/// `2^(h−1)` when `h = l + 1` (exact) and `2^h` otherwise (at least the tie
/// `0.75 · 2^h`); `h ≤ l` gives a negative value or zero: NaN. `remainder`
/// of `a ≥ b` is zero (NaN), else `a`. Maximum and minimum order by the
/// patterns. A NaN operand gives the NaN.
fn e8m0_binary(op: &str, a: &BV, b: &BV) -> Res<BV> {
    let nan = BV::from_u64(0xFF, 8);
    let w = |x: &BV| x.zero_ext(2);
    let k = |v: i64| BV::from_i64(v, 10);
    let (ea, eb) = (w(a), w(b));
    // A 10-bit exponent field, clamped into 0 ..= 0xFF (0xFF is NaN).
    let clamp = |e: BV| -> BV {
        let low = e.bvslt(k(0)).ite(&k(0), &e);
        low.bvsgt(k(0xFF)).ite(&k(0xFF), &low).extract(7, 0)
    };
    let r = match op {
        "add" => {
            let (hi, lo) = (ea.bvuge(&eb).ite(&ea, &eb), ea.bvuge(&eb).ite(&eb, &ea));
            let near = hi.bvsub(&lo).bvule(k(1));
            clamp(near.ite(&hi.bvadd(k(1)), &hi))
        }
        "subtract" => {
            let one = ea.bvsub(&eb).eq(k(1));
            let d = one.ite(&ea.bvsub(k(1)), &ea).extract(7, 0);
            ea.bvule(&eb).ite(&nan, &d)
        }
        "multiply" => clamp(ea.bvadd(&eb).bvsub(k(127))),
        "divide" => clamp(ea.bvsub(&eb).bvadd(k(127))),
        "maximum" => a.bvuge(b).ite(a, b),
        "minimum" => a.bvule(b).ite(a, b),
        "remainder" => a.bvuge(b).ite(&nan, a),
        _ => return Err(format!("{op} is not encoded for f8E8M0FNU")),
    };
    Ok(Bool::or(&[a.eq(&nan), b.eq(&nan)]).ite(&nan, &r))
}

fn int_binary(k: IntKind, op: &str, a: &BV, b: &BV) -> Res<BV> {
    let w = k.bits;
    let zero = BV::from_u64(0, w);
    let ones = BV::from_i64(-1, w);
    Ok(match op {
        "add" => a.bvadd(b),
        "subtract" => a.bvsub(b),
        "multiply" => a.bvmul(b),
        "and" => a.bvand(b),
        "or" => a.bvor(b),
        "xor" => a.bvxor(b),
        "divide" => {
            let q = if k.signed { a.bvsdiv(b) } else { a.bvudiv(b) };
            b.eq(&zero).ite(&ones, &q)
        }
        "remainder" => {
            let r = if k.signed { a.bvsrem(b) } else { a.bvurem(b) };
            b.eq(&zero).ite(a, &r)
        }
        "maximum" | "minimum" => {
            let ge = if k.signed { a.bvsge(b) } else { a.bvuge(b) };
            let le = if k.signed { a.bvsle(b) } else { a.bvule(b) };
            if op == "maximum" {
                ge.ite(a, b)
            } else {
                le.ite(a, b)
            }
        }
        "shift_left" => a.bvshl(b),
        "shift_right_logical" => a.bvlshr(b),
        "shift_right_arithmetic" => a.bvashr(b),
        _ => return Err(format!("{op} is not encoded for integers")),
    })
}

fn int_compare(dir: &str, signed: bool, a: &BV, b: &BV) -> Res<Bool> {
    Ok(match (dir, signed) {
        ("EQ", _) => a.eq(b),
        ("NE", _) => a.eq(b).not(),
        ("LT", true) => a.bvslt(b),
        ("LT", false) => a.bvult(b),
        ("LE", true) => a.bvsle(b),
        ("LE", false) => a.bvule(b),
        ("GT", true) => a.bvsgt(b),
        ("GT", false) => a.bvugt(b),
        ("GE", true) => a.bvsge(b),
        ("GE", false) => a.bvuge(b),
        _ => return Err(format!("comparison {dir}")),
    })
}

fn bool_bv(b: &Bool) -> BV {
    b.ite(&BV::from_u64(1, 1), &BV::from_u64(0, 1))
}

fn popcnt(x: &BV, w: u32) -> BV {
    let mut acc = BV::from_u64(0, w);
    for i in 0..w {
        acc = acc.bvadd(x.extract(i, i).zero_ext(w - 1));
    }
    acc
}

fn clz(x: &BV, w: u32) -> BV {
    let mut acc = BV::from_u64(w as u64, w);
    for i in 0..w {
        // The highest set bit decides: scanning upward, each set bit overrides.
        let one = x.extract(i, i).eq(BV::from_u64(1, 1));
        acc = one.ite(&BV::from_u64((w - 1 - i) as u64, w), &acc);
    }
    acc
}

/// `chlo.mulhi`: the high half of the product in twice the width (signed
/// or unsigned as the type), as `interp::chlo` computes it.
fn mulhi(k: IntKind, a: &BV, b: &BV) -> BV {
    let w = k.bits;
    let ext = |x: &BV| {
        if k.signed {
            x.sign_ext(w)
        } else {
            x.zero_ext(w)
        }
    };
    ext(a).bvmul(ext(b)).extract(2 * w - 1, w)
}

// ---------------------------------------------------------------------------
// Encoding a function
// ---------------------------------------------------------------------------

/// `src` broadcast to `shape`, operand dimension `k` becoming dimension
/// `dims[k]` (a size of 1 stretched).
fn broadcast_in_dim(src: &Sym, dims: &[i64], shape: &[usize]) -> Vec<BV> {
    indices(shape)
        .iter()
        .map(|idx| {
            let si: Vec<usize> = dims
                .iter()
                .enumerate()
                .map(|(k, &d)| {
                    if src.shape[k] == 1 {
                        0
                    } else {
                        idx[d as usize]
                    }
                })
                .collect();
            src.xs[linear(&si, &src.shape)].clone()
        })
        .collect()
}

/// The operands of a `chlo.broadcast_*` op broadcast to the result's shape
/// by the executor's rule (`interp::chlo`): numpy alignment on the trailing
/// dimensions, or, for two operands of different ranks,
/// `broadcast_dimensions` mapping the lower-rank one. `Err` when the shape
/// the executor computes is not the result's.
fn chlo_broadcast(op: &Op, args: &[Sym], shape: &[usize]) -> Res<Vec<Sym>> {
    let explicit = op
        .attr("broadcast_dimensions")
        .and_then(Attr::as_i64_list)
        .filter(|_| args.len() == 2 && args[0].shape.len() != args[1].shape.len());
    let (common, maps): (Vec<usize>, Vec<Vec<usize>>) = match explicit {
        Some(bd) => {
            let (hi, lo) = if args[0].shape.len() > args[1].shape.len() {
                (0, 1)
            } else {
                (1, 0)
            };
            let lo_dims = bd
                .iter()
                .map(|&d| {
                    usize::try_from(d)
                        .ok()
                        .filter(|&d| d < args[hi].shape.len())
                })
                .collect::<Option<Vec<_>>>()
                .ok_or("broadcast_dimensions names a dimension out of range")?;
            if lo_dims.len() != args[lo].shape.len() {
                return Err("broadcast_dimensions does not match the operand's rank".into());
            }
            let mut common = args[hi].shape.clone();
            for (i, &d) in lo_dims.iter().enumerate() {
                let m = args[lo].shape[i];
                if common[d] == 1 {
                    common[d] = m;
                } else if m != 1 && m != common[d] {
                    return Err("the operands do not broadcast".into());
                }
            }
            let hi_dims: Vec<usize> = (0..args[hi].shape.len()).collect();
            let maps = if hi == 0 {
                vec![hi_dims, lo_dims]
            } else {
                vec![lo_dims, hi_dims]
            };
            (common, maps)
        }
        None => {
            let shapes: Vec<&[usize]> = args.iter().map(|a| a.shape.as_slice()).collect();
            let common = crate::interp::chlo::numpy_shape(&shapes)?;
            let maps = args
                .iter()
                .map(|a| (common.len() - a.shape.len()..common.len()).collect())
                .collect();
            (common, maps)
        }
    };
    if common != shape {
        return Err(format!(
            "{}: the operands broadcast to {common:?}, not to the result's {shape:?}",
            op.name
        ));
    }
    Ok(args
        .iter()
        .zip(&maps)
        .map(|(a, m)| {
            if a.shape == shape {
                return a.clone();
            }
            let dims: Vec<i64> = m.iter().map(|&d| d as i64).collect();
            Sym {
                elem: a.elem,
                shape: shape.to_vec(),
                xs: broadcast_in_dim(a, &dims, shape),
            }
        })
        .collect())
}

fn shape_of(side: &Side, v: ValueId, scalar: bool) -> Res<(Vec<usize>, Elem)> {
    let t = side.prog.ty(v);
    let (shape, e) = static_tensor(t).ok_or_else(|| format!("the type {t} is not encoded"))?;
    let shape = if scalar { vec![1] } else { shape };
    let e = elem_of(e).ok_or_else(|| format!("the element type of {t} is not encoded"))?;
    Ok((shape, e))
}

fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

/// Every index of a shape, row-major.
fn indices(shape: &[usize]) -> Vec<Vec<usize>> {
    let n: usize = shape.iter().product();
    let st = strides(shape);
    (0..n)
        .map(|i| {
            shape
                .iter()
                .enumerate()
                .map(|(d, _)| (i / st[d]) % shape[d].max(1))
                .collect()
        })
        .collect()
}

fn linear(idx: &[usize], shape: &[usize]) -> usize {
    idx.iter().zip(strides(shape)).map(|(i, s)| i * s).sum()
}

fn dense_elems(d: &DenseElements, e: Elem, n: usize) -> Res<Vec<BV>> {
    let shape = vec![n];
    let t = Tensor::from_dense(d, shape)?;
    let l = match e {
        Elem::Complex(_) => 2,
        _ => 1,
    };
    let lanes = t.lanes_vec();
    if lanes.len() != n * l {
        return Err("a dense constant does not match its element type".into());
    }
    Ok(lanes.chunks_exact(l).map(|c| from_lanes(e, c)).collect())
}

/// The ops encoded on complex elements (as operands or results); any other
/// op that meets a complex value makes the encoder refuse.
const COMPLEX_OPS: &[&str] = &[
    "constant",
    "add",
    "subtract",
    "multiply",
    "divide",
    "maximum",
    "minimum",
    "negate",
    "compare",
    "select",
    "convert",
    "bitcast_convert",
    "broadcast_in_dim",
    "dynamic_broadcast_in_dim",
    "get_dimension_size",
    "reshape",
    "transpose",
    "slice",
    "reverse",
    "concatenate",
    "real",
    "imag",
    "complex",
    "chlo.conj",
    "chlo.square",
    "chlo.constant_like",
];

struct Encoder<'s> {
    side: &'s Side<'s>,
    env: HashMap<ValueId, Sym>,
    terms: usize,
    /// Encode one element of an elementwise function.
    scalar: bool,
    /// Conditions the encoding is exact under only if they are
    /// unsatisfiable (what each stands for, the formula): that a `sort`'s
    /// comparator is not a strict weak order. [`decide`] proves nothing
    /// unless each is refuted.
    obligations: Obligations,
    /// The applications of uninterpreted functions made (see [`UfFun`]).
    apps: Vec<UfApp>,
    /// Where products are abstracted ([`super::products`]): shared by
    /// both functions' encoders.
    products: Option<Rc<RefCell<Products>>>,
}

/// Conditions of an encoding's exactness, to be refuted (what each says,
/// the formula of its violation).
type Obligations = Vec<(String, Bool)>;

/// A function's results, its obligations and its applications of
/// uninterpreted functions.
type Encoded = (Vec<Sym>, Obligations, Vec<UfApp>);

/// A function the encoding leaves uninterpreted: the executor's element
/// function of an op it cannot express exactly (the correctly rounded
/// elementary and special functions of `float::elementary`, and integer
/// `power`). The executor computes each as a deterministic function of the
/// operands' bits alone (`interp::transcendental`: the kernels read no
/// attribute; `chlo.tan` and `stablehlo.tan` share one kernel, and the
/// `chlo.broadcast_*` ops delegate to the kernel of their element op), so
/// one Z3 function per (function, element type), from the operands'
/// bit-vectors to the result's, stands for it. NaN operands are not
/// canonicalized: two NaNs of different payloads are different arguments.
///
/// A proof (unsat) holds for every interpretation, so for the executor's;
/// a model (sat) interprets the function arbitrarily, so it is a
/// counterexample only once the executor confirms it, and otherwise only
/// teaches the solver the true values at the model's arguments
/// ([`decide`]).
#[derive(Clone, Copy, Debug, PartialEq)]
enum UfFun {
    Unary(Unary, FloatKind),
    Binary(Binary, FloatKind),
    IntPow(IntKind),
    /// One part (`false`: real, `true`: imaginary) of a function of complex
    /// numbers with parts of this format, as a function of every operand
    /// part (real and imaginary of the first operand, then of the second):
    /// the executor computes both parts from those bits alone
    /// (`float::elementary::complex_unary`/`complex_binary`).
    ComplexUnary(Unary, FloatKind, bool),
    ComplexBinary(Binary, FloatKind, bool),
}

/// One application of an uninterpreted function: its arguments.
struct UfApp {
    f: UfFun,
    args: Vec<BV>,
}

impl UfFun {
    /// The function of op `full` (its full name; a `chlo.broadcast_*` op
    /// already mapped to its element op) on operands of kinds `args` with
    /// a result of kind `res`, if the encoding leaves it uninterpreted.
    /// Real floats, the complex functions the executor defines (the
    /// real-part function is returned; [`UfFun::part`] gives the other)
    /// and integer `power` (not `i1`, which the executor rejects).
    fn of(full: &str, args: &[Elem], res: Elem) -> Option<UfFun> {
        match (args, res) {
            ([Elem::Float(a)], Elem::Float(r)) if a == &r => {
                crate::interp::transcendental::unary_function(full).map(|f| UfFun::Unary(f, r))
            }
            ([Elem::Float(a), Elem::Float(b)], Elem::Float(r)) if a == &r && b == &r => {
                let f = if full == "stablehlo.power" {
                    Some(Binary::Pow)
                } else {
                    crate::interp::transcendental::binary_function(full)
                };
                f.map(|f| UfFun::Binary(f, r))
            }
            ([Elem::Int(a), Elem::Int(b)], Elem::Int(r))
                if full == "stablehlo.power" && a == &r && b == &r && r.bits > 1 =>
            {
                Some(UfFun::IntPow(r))
            }
            // Complex functions: only those the executor defines on every
            // complex operand of this part format (`complex_unary` and
            // `complex_binary` answer `None` by function and format alone,
            // never by value), so the kernel never refuses an element.
            ([Elem::Complex(a)], Elem::Complex(r)) if a == &r => {
                crate::interp::transcendental::unary_function(full)
                    .filter(|&f| crate::float::elementary::complex_unary(r, f, 0, 0).is_some())
                    .map(|f| UfFun::ComplexUnary(f, r, false))
            }
            ([Elem::Complex(a), Elem::Complex(b)], Elem::Complex(r)) if a == &r && b == &r => {
                let f = if full == "stablehlo.power" {
                    Some(Binary::Pow)
                } else {
                    crate::interp::transcendental::binary_function(full)
                };
                f.filter(|&f| crate::float::elementary::complex_binary(r, f, 0, 0, 0, 0).is_some())
                    .map(|f| UfFun::ComplexBinary(f, r, false))
            }
            _ => None,
        }
    }

    /// The function of the real (`im = false`) or imaginary part of a
    /// complex function's result; a real function itself.
    fn part(self, im: bool) -> UfFun {
        match self {
            UfFun::ComplexUnary(f, k, _) => UfFun::ComplexUnary(f, k, im),
            UfFun::ComplexBinary(f, k, _) => UfFun::ComplexBinary(f, k, im),
            f => f,
        }
    }

    fn is_complex(self) -> bool {
        matches!(self, UfFun::ComplexUnary(..) | UfFun::ComplexBinary(..))
    }

    fn width(self) -> u32 {
        match self {
            UfFun::Unary(_, k)
            | UfFun::Binary(_, k)
            | UfFun::ComplexUnary(_, k, _)
            | UfFun::ComplexBinary(_, k, _) => k.bits(),
            UfFun::IntPow(k) => k.bits,
        }
    }

    fn arity(self) -> usize {
        match self {
            UfFun::Unary(..) => 1,
            UfFun::Binary(..) | UfFun::IntPow(_) | UfFun::ComplexUnary(..) => 2,
            UfFun::ComplexBinary(..) => 4,
        }
    }

    /// Its name, for Z3 and for reports: function and element type.
    fn name(self) -> String {
        match self {
            UfFun::Unary(f, k) => format!("{f:?}.{}", k.name()),
            UfFun::Binary(f, k) => format!("{f:?}.{}", k.name()),
            UfFun::IntPow(k) => format!("Pow.{}{}", if k.signed { "i" } else { "ui" }, k.bits),
            UfFun::ComplexUnary(f, k, im) => {
                format!(
                    "{f:?}.complex<{}>.{}",
                    k.name(),
                    if im { "im" } else { "re" }
                )
            }
            UfFun::ComplexBinary(f, k, im) => {
                format!(
                    "{f:?}.complex<{}>.{}",
                    k.name(),
                    if im { "im" } else { "re" }
                )
            }
        }
    }

    fn decl(self) -> z3::FuncDecl {
        let s = Sort::bitvector(self.width());
        let dom: Vec<&Sort> = (0..self.arity()).map(|_| &s).collect();
        z3::FuncDecl::new(format!("uf.{}", self.name()), &dom, &s)
    }

    fn apply(self, xs: &[BV]) -> BV {
        let args: Vec<&dyn Ast> = xs.iter().map(|x| x as &dyn Ast).collect();
        self.decl()
            .apply(&args)
            .as_bv()
            .unwrap_or_else(|| BV::from_u64(0, self.width()))
    }

    /// The executor's value at argument bit patterns (`None` for the wrong
    /// number of arguments).
    fn eval(self, xs: &[u64]) -> Option<u64> {
        let pick = |im: bool, (re, i): (u64, u64)| if im { i } else { re };
        Some(match (self, xs) {
            (UfFun::ComplexUnary(f, k, im), [re, i]) => {
                pick(im, crate::float::elementary::complex_unary(k, f, *re, *i)?)
            }
            (UfFun::ComplexBinary(f, k, im), [ar, ai, br, bi]) => pick(
                im,
                crate::float::elementary::complex_binary(k, f, *ar, *ai, *br, *bi)?,
            ),
            (UfFun::Unary(f, k), [x]) => crate::float::elementary::unary(k, f, *x),
            (UfFun::Binary(f, k), [x, y]) => crate::float::elementary::binary(k, f, *x, *y),
            (UfFun::IntPow(k), [x, y]) => {
                let lane = |v: u64| k.value(k.wrap(v as i128));
                let r = k.wrap(crate::interp::elementwise::int_pow(k, lane(*x), lane(*y)));
                if k.bits >= 64 {
                    r
                } else {
                    r & ((1u64 << k.bits) - 1)
                }
            }
            _ => return None,
        })
    }
}

/// Longest `sort` slice encoded (the executor's merge sort is one insertion
/// sort up to 16 elements).
const MAX_SORT: usize = 16;

/// Longest `chlo.top_k` row encoded.
const MAX_TOP_K: usize = 64;

fn attr_list(op: &Op, name: &str) -> Res<Vec<i64>> {
    op.attr(name)
        .and_then(|a| a.as_i64_list())
        .map(|l| l.to_vec())
        .ok_or_else(|| format!("{} needs `{name}`", op.name))
}

impl<'s> Encoder<'s> {
    fn get(&self, v: ValueId) -> Res<&Sym> {
        self.env
            .get(&v)
            .ok_or_else(|| "a value is not encoded".to_string())
    }

    fn fp(e: Elem) -> Res<Fp> {
        match e {
            Elem::Float(k) => Fp::new(k),
            Elem::Int(_) | Elem::Complex(_) => Err("expected a real float".into()),
        }
    }

    /// Encodes a block's ops on the given argument terms; the operands of
    /// its terminator.
    fn run_block(&mut self, block: &crate::ir::Block, inputs: &[Sym]) -> Res<Vec<Sym>> {
        if block.args.len() != inputs.len() {
            return Err("a block's arguments do not match".into());
        }
        for (a, s) in block.args.iter().zip(inputs) {
            self.env.insert(*a, s.clone());
        }
        for op in &block.ops {
            if matches!(op.name.as_str(), "func.return" | "stablehlo.return") {
                return op
                    .operands
                    .iter()
                    .map(|&v| self.get(v).cloned())
                    .collect::<Res<Vec<_>>>();
            }
            if let Some(rs) = self.encode_op(op)? {
                for (r, s) in op.results.iter().zip(rs) {
                    self.env.insert(*r, s);
                }
            }
        }
        Err("a block has no return".into())
    }

    /// A comparator region applied to two elements of every operand
    /// (`lhs[k]`, `rhs[k]`: the elements of operand `k`): whether it
    /// returns true (the executor reads the low bit of its `i1` result).
    fn comparator(
        &mut self,
        block: &crate::ir::Block,
        elems: &[Elem],
        lhs: &[BV],
        rhs: &[BV],
    ) -> Res<Bool> {
        let mut inputs = Vec::with_capacity(2 * elems.len());
        for ((e, l), r) in elems.iter().zip(lhs).zip(rhs) {
            for x in [l, r] {
                inputs.push(Sym {
                    elem: *e,
                    shape: vec![],
                    xs: vec![x.clone()],
                });
            }
        }
        let out = self.run_block(block, &inputs)?;
        match &out[..] {
            [r] if r.elem
                == Elem::Int(IntKind {
                    bits: 1,
                    signed: false,
                })
                && r.xs.len() == 1 =>
            {
                Ok(r.xs[0].eq(BV::from_u64(1, 1)))
            }
            _ => Err("a sort comparator that does not return one i1 is not encoded".into()),
        }
    }

    /// `stablehlo.sort` of static tensors whose slices have at most
    /// [`MAX_SORT`] elements. Each slice is sorted by the executor's own
    /// algorithm at that length (`interp::reduce::merge_sort`: insertion
    /// sort, each element moved down while the comparator says it is less
    /// than its predecessor), the comparator region encoded once on each
    /// pair of the slice's elements and looked up by position. The executor may instead sort by keys where the
    /// comparator is a strict weak order on the slice, which gives the
    /// same result (every stable sort does); the encoding claims
    /// exactness only once the comparator is proven a strict weak order on
    /// every element (an obligation [`decide`] refutes before it proves
    /// anything).
    fn encode_sort(&mut self, op: &Op) -> Res<Vec<Sym>> {
        if self.scalar {
            return Err("sort in an elementwise function".into());
        }
        let args: Vec<Sym> = op
            .operands
            .iter()
            .map(|&v| self.get(v).cloned())
            .collect::<Res<_>>()?;
        let first = args.first().ok_or("sort without operands")?;
        let shape = first.shape.clone();
        if args.iter().any(|a| a.shape != shape) || op.results.len() != args.len() {
            return Err("sort operands and results do not match".into());
        }
        for (a, &r) in args.iter().zip(&op.results) {
            let (rs, re) = shape_of(self.side, r, false)?;
            if rs != shape || re != a.elem {
                return Err("a sort result is not of its operand's type".into());
            }
        }
        let rank = shape.len() as i64;
        let dim = op.attr("dimension").and_then(Attr::as_i64).unwrap_or(-1);
        let dim = if dim < 0 { dim + rank } else { dim };
        if rank == 0 || !(0..rank).contains(&dim) {
            return Err("sort: dimension out of range".into());
        }
        let dim = dim as usize;
        let len = shape[dim];
        if len > MAX_SORT {
            return Err(format!(
                "sort of slices longer than {MAX_SORT} elements is not encoded"
            ));
        }
        let block = op
            .regions
            .first()
            .and_then(|r| r.blocks.first())
            .ok_or("sort without a comparator")?;
        let elems: Vec<Elem> = args.iter().map(|a| a.elem).collect();
        // Strict weak order: irreflexive, transitive, and incomparability
        // transitive, for all elements a, b, c (each one value per operand).
        let id = self.obligations.len();
        let var = |t: &str| -> Vec<BV> {
            elems
                .iter()
                .enumerate()
                .map(|(k, e)| BV::new_const(format!("swo{id}_{t}{k}"), width(*e)))
                .collect()
        };
        let (a, b, c) = (var("a"), var("b"), var("c"));
        let lt_aa = self.comparator(block, &elems, &a, &a)?;
        let lt_ab = self.comparator(block, &elems, &a, &b)?;
        let lt_ba = self.comparator(block, &elems, &b, &a)?;
        let lt_bc = self.comparator(block, &elems, &b, &c)?;
        let lt_cb = self.comparator(block, &elems, &c, &b)?;
        let lt_ac = self.comparator(block, &elems, &a, &c)?;
        let lt_ca = self.comparator(block, &elems, &c, &a)?;
        let inc = |x: &Bool, y: &Bool| Bool::and(&[x.not(), y.not()]);
        let not_swo = Bool::or(&[
            lt_aa,
            Bool::and(&[lt_ab.clone(), lt_bc.clone(), lt_ac.clone().not()]),
            Bool::and(&[
                inc(&lt_ab, &lt_ba),
                inc(&lt_bc, &lt_cb),
                inc(&lt_ac, &lt_ca).not(),
            ]),
        ]);
        self.obligations.push((
            "the comparator of sort is a strict weak order".into(),
            not_swo,
        ));
        let mut outs: Vec<Vec<BV>> = args.iter().map(|a| a.xs.clone()).collect();
        let st = strides(&shape);
        for base_idx in indices(&shape).into_iter().filter(|i| i[dim] == 0) {
            let base = linear(&base_idx, &shape);
            let at = |i: usize| base + i * st[dim];
            let orig: Vec<Vec<BV>> = (0..len)
                .map(|i| args.iter().map(|a| a.xs[at(i)].clone()).collect())
                .collect();
            // The comparator on every pair of the slice's own elements, once;
            // the sort then moves positions (which original element is where),
            // so the comparator is never encoded on selected terms.
            let mut less = vec![vec![Bool::from_bool(false); len]; len];
            for (p, row) in less.iter_mut().enumerate() {
                for (q, l) in row.iter_mut().enumerate() {
                    *l = self.comparator(block, &elems, &orig[p], &orig[q])?;
                }
            }
            let pw = 8;
            let mut pos: Vec<BV> = (0..len).map(|i| BV::from_u64(i as u64, pw)).collect();
            let lookup = |a: &BV, b: &BV| -> Bool {
                let mut hits = Vec::with_capacity(len * len);
                for (p, row) in less.iter().enumerate() {
                    for (q, l) in row.iter().enumerate() {
                        hits.push(Bool::and(&[
                            a.eq(BV::from_u64(p as u64, pw)),
                            b.eq(BV::from_u64(q as u64, pw)),
                            l.clone(),
                        ]));
                    }
                }
                Bool::or(&hits)
            };
            for i in 1..len {
                let mut done = Bool::from_bool(false);
                for j in (1..=i).rev() {
                    let swap = Bool::and(&[done.not(), lookup(&pos[j], &pos[j - 1])]);
                    let (lo, hi) = (
                        swap.ite(&pos[j], &pos[j - 1]),
                        swap.ite(&pos[j - 1], &pos[j]),
                    );
                    pos[j - 1] = lo;
                    pos[j] = hi;
                    done = swap.not();
                }
            }
            for (i, p) in pos.iter().enumerate() {
                for (k, out) in outs.iter_mut().enumerate() {
                    let mut x = orig[0][k].clone();
                    for (q, o) in orig.iter().enumerate().skip(1) {
                        x = p.eq(BV::from_u64(q as u64, pw)).ite(&o[k], &x);
                    }
                    out[at(i)] = x;
                }
            }
        }
        self.terms += outs.iter().map(Vec::len).sum::<usize>();
        if self.terms > MAX_TERMS {
            return Err(format!("more than {MAX_TERMS} elements to encode"));
        }
        Ok(args
            .iter()
            .zip(outs)
            .map(|(a, xs)| Sym {
                elem: a.elem,
                shape: shape.clone(),
                xs,
            })
            .collect())
    }

    /// `chlo.top_k` (`interp::reduce::top_k`): each last-dimension row
    /// stably sorted by descending key (floats by totalOrder, integers by
    /// value), its first `k` values and their indices. The element at `p`
    /// goes to position `#{q : key q > key p} + #{q < p : key q = key p}`.
    fn encode_top_k(&mut self, op: &Op) -> Res<Vec<Sym>> {
        if self.scalar {
            return Err("top_k in an elementwise function".into());
        }
        let x = self
            .get(*op.operands.first().ok_or("top_k without operand")?)?
            .clone();
        let [rv, ri] = op.results[..] else {
            return Err("top_k with other than two results".into());
        };
        let (vshape, velem) = shape_of(self.side, rv, false)?;
        let (ishape, ielem) = shape_of(self.side, ri, false)?;
        let Elem::Int(ik) = ielem else {
            return Err("top_k indices that are not integers".into());
        };
        let k = op
            .attr("k")
            .and_then(Attr::as_i64)
            .and_then(|k| usize::try_from(k).ok())
            .ok_or("top_k without k")?;
        let n = *x.shape.last().ok_or("top_k of a scalar")?;
        let mut want = x.shape.clone();
        if let Some(l) = want.last_mut() {
            *l = k;
        }
        if k > n || vshape != want || ishape != want || velem != x.elem {
            return Err("top_k result types do not match".into());
        }
        if n > MAX_TOP_K {
            return Err(format!(
                "top_k of rows longer than {MAX_TOP_K} is not encoded"
            ));
        }
        let key = |v: &BV| -> Res<BV> {
            Ok(match x.elem {
                Elem::Float(fk) if pattern_ordered(fk) => v.zero_ext(2),
                Elem::Float(fk) => Fp::new(fk)?.key(v),
                Elem::Int(t) if t.signed && t.bits > 1 => v.sign_ext(2),
                Elem::Int(_) => v.zero_ext(2),
                Elem::Complex(_) => return Err("top_k of complex numbers is undefined".into()),
            })
        };
        let rw = 16;
        let one = BV::from_u64(1, rw);
        let zero = BV::from_u64(0, rw);
        let rows = x.xs.len().checked_div(n).unwrap_or(0);
        let (mut vals, mut idxs) = (Vec::new(), Vec::new());
        for r in 0..rows {
            let keys: Vec<BV> = (0..n).map(|i| key(&x.xs[r * n + i])).collect::<Res<_>>()?;
            let ranks: Vec<BV> = (0..n)
                .map(|p| {
                    (0..n).filter(|&q| q != p).fold(zero.clone(), |acc, q| {
                        let before = if q < p {
                            keys[q].bvsge(&keys[p])
                        } else {
                            keys[q].bvsgt(&keys[p])
                        };
                        acc.bvadd(before.ite(&one, &zero))
                    })
                })
                .collect();
            for i in 0..k {
                let pos = BV::from_u64(i as u64, rw);
                let (mut v, mut ix) = (x.xs[r * n].clone(), BV::from_u64(0, ik.bits));
                for p in (0..n).rev() {
                    let hit = ranks[p].eq(&pos);
                    v = hit.ite(&x.xs[r * n + p], &v);
                    let pi = BV::from_u64(ik.wrap(p as i128), 64).extract(ik.bits - 1, 0);
                    ix = hit.ite(&pi, &ix);
                }
                vals.push(v);
                idxs.push(ix);
            }
        }
        self.terms += 2 * vals.len();
        if self.terms > MAX_TERMS {
            return Err(format!("more than {MAX_TERMS} elements to encode"));
        }
        Ok(vec![
            Sym {
                elem: velem,
                shape: want.clone(),
                xs: vals,
            },
            Sym {
                elem: ielem,
                shape: want,
                xs: idxs,
            },
        ])
    }

    fn encode_op(&mut self, op: &Op) -> Res<Option<Vec<Sym>>> {
        let name = op.name.as_str();
        if matches!(name, "func.return" | "stablehlo.return") {
            return Ok(None);
        }
        if name == "stablehlo.sort" {
            return self.encode_sort(op).map(Some);
        }
        if name == "chlo.top_k" {
            return self.encode_top_k(op).map(Some);
        }
        if !op.regions.is_empty() {
            return Err(format!("{name} (an op with regions) is not encoded"));
        }
        let [res] = op.results[..] else {
            return Err(format!(
                "{name} with {} results is not encoded",
                op.results.len()
            ));
        };
        let (shape, elem) = shape_of(self.side, res, self.scalar)?;
        let n: usize = shape.iter().product();
        self.terms += n;
        if self.terms > MAX_TERMS {
            return Err(format!("more than {MAX_TERMS} elements to encode"));
        }
        let args: Vec<Sym> = op
            .operands
            .iter()
            .map(|&v| self.get(v).cloned())
            .collect::<Res<_>>()?;
        // A CHLO broadcasting op: its operands broadcast as the executor
        // does, then the element rule of the op it names.
        let (short, args) = match name.strip_prefix("chlo.broadcast_") {
            Some(el) => {
                let args = chlo_broadcast(op, &args, &shape)?;
                // The op whose kernel the executor delegates to
                // (`interp::chlo`): power and atan2 are StableHLO's, the
                // others CHLO's; the functions are uninterpreted below.
                let el = match el {
                    "next_after" => "chlo.next_after",
                    "power" => "stablehlo.power",
                    "atan2" => "stablehlo.atan2",
                    "zeta" => "chlo.zeta",
                    "polygamma" => "chlo.polygamma",
                    e => e,
                };
                (el, args)
            }
            None => (
                match name {
                    "chlo.constant" => "constant",
                    n => n.strip_prefix("stablehlo.").unwrap_or(n),
                },
                args,
            ),
        };
        let complex_seen = matches!(elem, Elem::Complex(_))
            || args.iter().any(|a| matches!(a.elem, Elem::Complex(_)));
        // The full name of the element op (for its uninterpreted function).
        let full = if short.contains('.') {
            short.to_string()
        } else {
            format!("stablehlo.{short}")
        };
        let elems: Vec<Elem> = args.iter().map(|a| a.elem).collect();
        if complex_seen
            && !COMPLEX_OPS.contains(&short)
            && !UfFun::of(&full, &elems, elem).is_some_and(UfFun::is_complex)
        {
            return Err(format!("{name} is not encoded for complex numbers"));
        }
        let out = |xs: Vec<BV>| Sym {
            elem,
            shape: shape.clone(),
            xs,
        };
        let map1 =
            |f: &dyn Fn(&BV) -> Res<BV>| -> Res<Vec<BV>> { args[0].xs.iter().map(f).collect() };
        let map2 = |f: &dyn Fn(&BV, &BV) -> Res<BV>| -> Res<Vec<BV>> {
            if args.len() != 2 || args[0].xs.len() != args[1].xs.len() {
                return Err(format!("{name}: operands of different sizes"));
            }
            args[0]
                .xs
                .iter()
                .zip(&args[1].xs)
                .map(|(a, b)| f(a, b))
                .collect()
        };
        let r = match short {
            "constant" => {
                let Some(Attr::Dense(d)) = op.attr("value") else {
                    return Err("constant without a dense value".into());
                };
                dense_elems(d, elem, n)?
            }
            "add"
            | "subtract"
            | "multiply"
            | "divide"
            | "remainder"
            | "maximum"
            | "minimum"
            | "and"
            | "or"
            | "xor"
            | "shift_left"
            | "shift_right_logical"
            | "shift_right_arithmetic" => match args[0].elem {
                Elem::Int(k) if short == "multiply" && k.bits == 64 && self.products.is_some() => {
                    let pr = self.products.as_ref().ok_or("no products")?;
                    map2(&|a, b| {
                        Ok(pr
                            .borrow_mut()
                            .multiply64(a, b)
                            .unwrap_or_else(|| a.bvmul(b)))
                    })?
                }
                Elem::Int(k) => map2(&|a, b| int_binary(k, short, a, b))?,
                Elem::Float(FloatKind::F8E8M0FNU) => map2(&|a, b| e8m0_binary(short, a, b))?,
                Elem::Float(fk) if short == "remainder" => {
                    let fp = Fp::new(fk)?;
                    map2(&|a, b| Ok(fp.remainder(a, b)))?
                }
                Elem::Float(fk) => {
                    let fp = Fp::new(fk)?;
                    match short {
                        "maximum" => map2(&|a, b| Ok(fp.max_min(a, b, true)))?,
                        "minimum" => map2(&|a, b| Ok(fp.max_min(a, b, false)))?,
                        _ => map2(&|a, b| fp.binary(short, a, b))?,
                    }
                }
                Elem::Complex(fk) => {
                    let fp = Fp::new(fk)?;
                    match short {
                        "maximum" => map2(&|a, b| fp.complex_pick(a, b, true))?,
                        "minimum" => map2(&|a, b| fp.complex_pick(a, b, false))?,
                        _ => map2(&|a, b| fp.complex_binary(short, a, b))?,
                    }
                }
            },
            "not" => map1(&|a| Ok(a.bvnot()))?,
            "popcnt" => {
                let w = width(elem);
                map1(&|a| Ok(popcnt(a, w)))?
            }
            "count_leading_zeros" => {
                let w = width(elem);
                map1(&|a| Ok(clz(a, w)))?
            }
            "negate" | "abs" => match args[0].elem {
                Elem::Int(k) => {
                    let zero = BV::from_u64(0, k.bits);
                    if short == "negate" {
                        map1(&|a| Ok(a.bvneg()))?
                    } else if k.signed {
                        map1(&|a| Ok(a.bvslt(&zero).ite(&a.bvneg(), a)))?
                    } else {
                        map1(&|a| Ok(a.clone()))?
                    }
                }
                Elem::Float(fk) => {
                    let fp = Fp::new(fk)?;
                    if short == "negate" {
                        map1(&|a| Ok(fp.negate(a)))?
                    } else {
                        map1(&|a| Ok(fp.abs(a)))?
                    }
                }
                Elem::Complex(fk) => {
                    let fp = Fp::new(fk)?;
                    if short != "negate" {
                        return Err(format!("{name} is not encoded for complex numbers"));
                    }
                    map1(&|a| {
                        Ok(mk_complex(
                            &fp.negate(&re_part(fk, a)),
                            &fp.negate(&im_part(fk, a)),
                        ))
                    })?
                }
            },
            "sqrt" | "sign" | "floor" | "ceil" | "round_nearest_even" | "round_nearest_afz" => {
                let fp = Self::fp(args[0].elem)?;
                match short {
                    "sqrt" => map1(&|a| fp.sqrt(a))?,
                    "sign" => map1(&|a| Ok(fp.sign(a)))?,
                    "floor" => {
                        map1(
                            &|a| Ok(fp.round_integral(a, &RoundingMode::round_towards_negative())),
                        )?
                    }
                    "ceil" => {
                        map1(
                            &|a| Ok(fp.round_integral(a, &RoundingMode::round_towards_positive())),
                        )?
                    }
                    "round_nearest_even" => map1(&|a| Ok(fp.round_integral(a, &rne())))?,
                    _ => map1(&|a| {
                        Ok(fp.round_integral(a, &RoundingMode::round_nearest_ties_to_away()))
                    })?,
                }
            }
            "is_finite" => {
                let fp = Self::fp(args[0].elem)?;
                map1(&|a| Ok(bool_bv(&Bool::or(&[fp.is_nan(a), fp.is_inf(a)]).not())))?
            }
            "compare" => {
                let dir = op
                    .attr("comparison_direction")
                    .and_then(Attr::as_enum)
                    .ok_or("compare without a direction")?;
                let ctype = op.attr("compare_type").and_then(Attr::as_enum);
                match args[0].elem {
                    Elem::Int(k) => {
                        let signed = match ctype {
                            Some("SIGNED") => true,
                            Some("UNSIGNED") => false,
                            _ => k.signed,
                        };
                        map2(&|a, b| Ok(bool_bv(&int_compare(dir, signed, a, b)?)))?
                    }
                    Elem::Float(fk) if pattern_ordered(fk) => {
                        let total = ctype == Some("TOTALORDER");
                        map2(&|a, b| Ok(bool_bv(&pattern_compare(fk, dir, total, a, b)?)))?
                    }
                    Elem::Float(fk) => {
                        let fp = Fp::new(fk)?;
                        let total = ctype == Some("TOTALORDER");
                        map2(&|a, b| Ok(bool_bv(&fp.compare(dir, total, a, b)?)))?
                    }
                    Elem::Complex(fk) => {
                        let fp = Fp::new(fk)?;
                        let total = ctype == Some("TOTALORDER");
                        map2(&|a, b| Ok(bool_bv(&fp.complex_compare(dir, total, a, b)?)))?
                    }
                }
            }
            "select" => {
                let (p, a, b) = (&args[0], &args[1], &args[2]);
                let one = BV::from_u64(1, 1);
                (0..n)
                    .map(|i| {
                        let c = if p.xs.len() == 1 { &p.xs[0] } else { &p.xs[i] };
                        c.eq(&one).ite(&a.xs[i], &b.xs[i])
                    })
                    .collect()
            }
            "clamp" => {
                let (lo, x, hi) = (&args[0], &args[1], &args[2]);
                let pick = |s: &Sym, i: usize| {
                    if s.xs.len() == 1 {
                        s.xs[0].clone()
                    } else {
                        s.xs[i].clone()
                    }
                };
                let mut v = Vec::with_capacity(n);
                for i in 0..n {
                    let (l, xv, h) = (pick(lo, i), x.xs[i].clone(), pick(hi, i));
                    let r = match x.elem {
                        Elem::Int(k) => {
                            let m = int_binary(k, "maximum", &xv, &l)?;
                            int_binary(k, "minimum", &m, &h)?
                        }
                        Elem::Float(fk) => {
                            let fp = Fp::new(fk)?;
                            fp.max_min(&fp.max_min(&xv, &l, true), &h, false)
                        }
                        Elem::Complex(_) => {
                            return Err("clamp is not encoded for complex numbers".into())
                        }
                    };
                    v.push(r);
                }
                v
            }
            "convert" => match (args[0].elem, elem) {
                (Elem::Int(a), Elem::Int(b)) => map1(&|x| {
                    Ok(if b.bits <= a.bits {
                        x.extract(b.bits - 1, 0)
                    } else if a.signed && a.bits > 1 {
                        x.sign_ext(b.bits - a.bits)
                    } else {
                        x.zero_ext(b.bits - a.bits)
                    })
                })?,
                (Elem::Int(a), Elem::Float(fk)) => {
                    let fp = Fp::new(fk)?;
                    map1(&|x| Ok(fp.int_to_float(a, x)))?
                }
                (Elem::Float(fk), Elem::Int(b)) => {
                    let fp = Fp::new(fk)?;
                    if b.bits == 1 {
                        map1(&|x| Ok(bool_bv(&Bool::or(&[fp.is_zero(x).not(), fp.is_nan(x)]))))?
                    } else {
                        map1(&|x| Ok(fp.float_to_int(b, x)))?
                    }
                }
                (Elem::Float(fa), Elem::Float(fb)) => {
                    let (pa, pb) = (Fp::new(fa)?, Fp::new(fb)?);
                    if fa == fb {
                        map1(&|x| Ok(x.clone()))?
                    } else {
                        map1(&|x| Ok(pa.convert_to(&pb, x)))?
                    }
                }
                // `interp::elementwise::convert_elem`: a real source gets
                // the imaginary part +0 of the result's format; a complex
                // source converts part by part, or gives its real part.
                (Elem::Int(a), Elem::Complex(fk)) => {
                    let fp = Fp::new(fk)?;
                    map1(&|x| Ok(mk_complex(&fp.int_to_float(a, x), &fp.c(0))))?
                }
                (Elem::Float(fa), Elem::Complex(fb)) => {
                    let (pa, pb) = (Fp::new(fa)?, Fp::new(fb)?);
                    map1(&|x| {
                        let re = if fa == fb {
                            x.clone()
                        } else {
                            pa.convert_to(&pb, x)
                        };
                        Ok(mk_complex(&re, &pb.c(0)))
                    })?
                }
                (Elem::Complex(fa), Elem::Complex(fb)) => {
                    let (pa, pb) = (Fp::new(fa)?, Fp::new(fb)?);
                    if fa == fb {
                        map1(&|x| Ok(x.clone()))?
                    } else {
                        map1(&|x| {
                            Ok(mk_complex(
                                &pa.convert_to(&pb, &re_part(fa, x)),
                                &pa.convert_to(&pb, &im_part(fa, x)),
                            ))
                        })?
                    }
                }
                (Elem::Complex(fa), Elem::Float(fb)) => {
                    let (pa, pb) = (Fp::new(fa)?, Fp::new(fb)?);
                    if fa == fb {
                        map1(&|x| Ok(re_part(fa, x)))?
                    } else {
                        map1(&|x| Ok(pa.convert_to(&pb, &re_part(fa, x))))?
                    }
                }
                (Elem::Complex(fa), Elem::Int(b)) => {
                    let fp = Fp::new(fa)?;
                    if b.bits == 1 {
                        map1(&|x| {
                            let re = re_part(fa, x);
                            Ok(bool_bv(&Bool::or(&[fp.is_zero(&re).not(), fp.is_nan(&re)])))
                        })?
                    } else {
                        map1(&|x| Ok(fp.float_to_int(b, &re_part(fa, x))))?
                    }
                }
            },
            "bitcast_convert" => {
                if width(args[0].elem) != width(elem) {
                    return Err("bitcast_convert between widths is not encoded".into());
                }
                map1(&|x| Ok(x.clone()))?
            }
            "broadcast_in_dim" => {
                if self.scalar {
                    // An elementwise function's broadcasts are identities
                    // (exec::elementwise_shape): the one element itself.
                    args[0].xs.clone()
                } else {
                    let dims = attr_list(op, "broadcast_dimensions")?;
                    broadcast_in_dim(&args[0], &dims, &shape)
                }
            }
            "dynamic_broadcast_in_dim" => {
                // Encoded only when the shape operand folds to the
                // result's static shape (as it does when computed from
                // static sizes); the executor broadcasts to it.
                let sizes: Option<Vec<u64>> =
                    args[1].xs.iter().map(|x| x.simplify().as_u64()).collect();
                let want: Vec<u64> = shape.iter().map(|&d| d as u64).collect();
                let signed_ok = match args[1].elem {
                    Elem::Int(k) => k.bits >= 8,
                    Elem::Float(_) | Elem::Complex(_) => false,
                };
                if self.scalar || !signed_ok || sizes.as_ref() != Some(&want) {
                    return Err(
                            "dynamic_broadcast_in_dim with a shape operand that is not the result's constant shape is not encoded"
                                .into(),
                        );
                }
                let dims = attr_list(op, "broadcast_dimensions")?;
                broadcast_in_dim(&args[0], &dims, &shape)
            }
            "get_dimension_size" => {
                let d = op
                    .attr("dimension")
                    .and_then(Attr::as_i64)
                    .and_then(|d| usize::try_from(d).ok())
                    .ok_or("get_dimension_size without a dimension")?;
                let t = self.side.prog.ty(op.operands[0]);
                let (real, _) = static_tensor(t)
                    .ok_or("get_dimension_size of a dynamic shape is not encoded")?;
                let size = *real.get(d).ok_or("get_dimension_size: no such dimension")?;
                vec![BV::from_u64(size as u64, width(elem)); n]
            }
            "chlo.constant_like" => {
                let t = self.side.prog.ty(res);
                let (_, e) = static_tensor(t).ok_or("constant_like of a dynamic shape")?;
                let lanes =
                    crate::interp::chlo::constant_like_lanes(op, e).map_err(|e| match e {
                        crate::interp::KernelError::Message(m) => m,
                        crate::interp::KernelError::Located(r) => r.to_string(),
                    })?;
                if lanes.len() != lanes_of(elem, &BV::from_u64(0, width(elem))).len() {
                    return Err("constant_like: lanes do not match the element type".into());
                }
                vec![from_lanes(elem, &lanes); n]
            }
            "chlo.is_inf" | "chlo.is_pos_inf" | "chlo.is_neg_inf" => {
                let fp = Self::fp(args[0].elem)?;
                map1(&|a| {
                    let inf = fp.is_inf(a);
                    Ok(bool_bv(&match name {
                        "chlo.is_inf" => inf,
                        "chlo.is_pos_inf" => Bool::and(&[inf, fp.is_neg(a).not()]),
                        _ => Bool::and(&[inf, fp.is_neg(a)]),
                    }))
                })?
            }
            "chlo.conj" => match args[0].elem {
                Elem::Float(_) => args[0].xs.clone(),
                Elem::Complex(fk) => {
                    let fp = Fp::new(fk)?;
                    map1(&|a| Ok(mk_complex(&re_part(fk, a), &fp.negate(&im_part(fk, a)))))?
                }
                Elem::Int(_) => return Err("conj of integers is undefined".into()),
            },
            "chlo.square" => match args[0].elem {
                Elem::Int(k) if k.bits == 1 => args[0].xs.clone(),
                Elem::Int(_) => map1(&|a| Ok(a.bvmul(a)))?,
                Elem::Float(FloatKind::F8E8M0FNU) => map1(&|a| e8m0_binary("multiply", a, a))?,
                Elem::Float(fk) => {
                    let fp = Fp::new(fk)?;
                    map1(&|a| fp.binary("multiply", a, a))?
                }
                Elem::Complex(fk) => {
                    let fp = Fp::new(fk)?;
                    map1(&|a| fp.complex_square(a))?
                }
            },
            "chlo.mulhi" => match args[0].elem {
                Elem::Int(k) if k.bits == 64 && self.products.is_some() => {
                    let pr = self.products.as_ref().ok_or("no products")?;
                    map2(&|a, b| Ok(pr.borrow_mut().mulhi64(k.signed, a, b)))?
                }
                Elem::Int(k) => map2(&|a, b| Ok(mulhi(k, a, b)))?,
                Elem::Float(_) | Elem::Complex(_) => {
                    return Err("mulhi of floats is undefined".into())
                }
            },
            // `interp::elementwise::part`: the parts of a complex number;
            // of a real float, the value itself and +0.
            "real" | "imag" => match args[0].elem {
                Elem::Complex(fk) => {
                    if short == "real" {
                        map1(&|a| Ok(re_part(fk, a)))?
                    } else {
                        map1(&|a| Ok(im_part(fk, a)))?
                    }
                }
                Elem::Float(fk) => {
                    if short == "real" {
                        args[0].xs.clone()
                    } else {
                        let z = Fp::new(fk)?.c(crate::float::arith::zero(fk.format(), false));
                        vec![z; n]
                    }
                }
                Elem::Int(_) => return Err(format!("{name} of integers is undefined")),
            },
            "complex" => match (args[0].elem, args.get(1).map(|a| a.elem), elem) {
                (Elem::Float(a), Some(Elem::Float(b)), Elem::Complex(c)) if a == b && b == c => {
                    map2(&|re, im| Ok(mk_complex(re, im)))?
                }
                _ => {
                    return Err(format!(
                        "{name}: operands are not two floats of the result's part type"
                    ))
                }
            },
            "chlo.next_after" => match args[0].elem {
                Elem::Float(k) if pattern_ordered(k) => {
                    map2(&|a, b| Ok(pattern_next_after(k, a, b)))?
                }
                e => {
                    let fp = Self::fp(e)?;
                    map2(&|a, b| fp.next_after(a, b))?
                }
            },
            "reshape" => args[0].xs.clone(),
            "transpose" => {
                let perm = attr_list(op, "permutation")?;
                let src = &args[0];
                indices(&shape)
                    .iter()
                    .map(|idx| {
                        let mut si = vec![0; idx.len()];
                        for (k, &p) in perm.iter().enumerate() {
                            si[p as usize] = idx[k];
                        }
                        src.xs[linear(&si, &src.shape)].clone()
                    })
                    .collect()
            }
            "slice" => {
                let start = attr_list(op, "start_indices")?;
                let strides_a = attr_list(op, "strides")?;
                let src = &args[0];
                indices(&shape)
                    .iter()
                    .map(|idx| {
                        let si: Vec<usize> = idx
                            .iter()
                            .enumerate()
                            .map(|(d, &i)| start[d] as usize + i * strides_a[d] as usize)
                            .collect();
                        src.xs[linear(&si, &src.shape)].clone()
                    })
                    .collect()
            }
            "reverse" => {
                let dims = attr_list(op, "dimensions")?;
                let src = &args[0];
                indices(&shape)
                    .iter()
                    .map(|idx| {
                        let si: Vec<usize> = idx
                            .iter()
                            .enumerate()
                            .map(|(d, &i)| {
                                if dims.contains(&(d as i64)) {
                                    shape[d] - 1 - i
                                } else {
                                    i
                                }
                            })
                            .collect();
                        src.xs[linear(&si, &src.shape)].clone()
                    })
                    .collect()
            }
            "concatenate" => {
                let dim = op
                    .attr("dimension")
                    .and_then(Attr::as_i64)
                    .ok_or("concatenate without a dimension")? as usize;
                indices(&shape)
                    .iter()
                    .map(|idx| {
                        let mut i = idx[dim];
                        for a in &args {
                            if i < a.shape[dim] {
                                let mut si = idx.clone();
                                si[dim] = i;
                                return Ok(a.xs[linear(&si, &a.shape)].clone());
                            }
                            i -= a.shape[dim];
                        }
                        Err("concatenate index out of range".to_string())
                    })
                    .collect::<Res<_>>()?
            }
            "iota" => {
                let d = op
                    .attr("iota_dimension")
                    .and_then(Attr::as_i64)
                    .ok_or("iota without a dimension")? as usize;
                let mut v = Vec::with_capacity(n);
                for idx in indices(&shape) {
                    let i = idx[d] as i128;
                    v.push(match elem {
                        Elem::Int(k) => BV::from_u64(k.wrap(i), 64).extract(k.bits - 1, 0),
                        Elem::Float(fk) => BV::from_u64(
                            crate::float::convert::from_int(
                                fk.format(),
                                i,
                                crate::float::Rounding::NearestEven,
                            ),
                            fk.bits(),
                        ),
                        Elem::Complex(_) => {
                            return Err("iota is not encoded for complex numbers".into())
                        }
                    });
                }
                v
            }
            _ => {
                let Some(f) = UfFun::of(&full, &elems, elem) else {
                    return Err(format!("{name} is not encoded"));
                };
                if args.iter().any(|a| a.xs.len() != n) {
                    return Err(format!("{name}: operands of different sizes"));
                }
                (0..n)
                    .map(|i| {
                        if f.is_complex() {
                            // Each part its own function of every operand
                            // part (the executor's lanes, real first).
                            let xs: Vec<BV> = args
                                .iter()
                                .flat_map(|a| lanes_of(a.elem, &a.xs[i]))
                                .collect();
                            let re = self.apply_uf(f.part(false), &xs);
                            let im = self.apply_uf(f.part(true), &xs);
                            mk_complex(&re, &im)
                        } else {
                            let xs: Vec<BV> = args.iter().map(|a| a.xs[i].clone()).collect();
                            self.apply_uf(f, &xs)
                        }
                    })
                    .collect()
            }
        };
        if r.len() != n {
            return Err(format!("{name}: encoded {} elements for {n}", r.len()));
        }
        Ok(Some(vec![out(r)]))
    }

    /// Encodes the function on the given argument terms; its results.
    /// Encodes the function on the given argument terms; its results and
    /// the obligations (see [`Encoder::obligations`]).
    fn run(
        side: &'s Side<'s>,
        inputs: &[Sym],
        scalar: bool,
        products: Option<Rc<RefCell<Products>>>,
    ) -> Res<Encoded> {
        let mut enc = Encoder {
            side,
            env: HashMap::new(),
            terms: 0,
            scalar,
            obligations: Vec::new(),
            apps: Vec::new(),
            products,
        };
        let block = side
            .func
            .regions
            .first()
            .and_then(|r| r.blocks.first())
            .ok_or("no body")?;
        let rs = enc.run_block(block, inputs)?;
        Ok((rs, enc.obligations, enc.apps))
    }

    /// `f` applied to `xs`: the function's value when every argument is a
    /// constant (the executor's own function, so ground terms fold and
    /// [`eval_ground`] holds these ops to the executor too), else an
    /// application of its uninterpreted function, recorded.
    fn apply_uf(&mut self, f: UfFun, xs: &[BV]) -> BV {
        let consts: Option<Vec<u64>> = xs.iter().map(|x| x.simplify().as_u64()).collect();
        if let Some(c) = consts {
            if let Some(v) = f.eval(&c) {
                return BV::from_u64(v, f.width());
            }
        }
        let out = f.apply(xs);
        self.apps.push(UfApp {
            f,
            args: xs.to_vec(),
        });
        out
    }
}

/// Whether two result elements are equal under the NaN rule (a complex
/// number part by part, as `prove::ulp` compares lanes).
fn equal(e: Elem, a: &BV, b: &BV) -> Res<Bool> {
    Ok(match e {
        Elem::Int(_) => a.eq(b),
        Elem::Complex(k) => Bool::and(&[
            equal(Elem::Float(k), &re_part(k, a), &re_part(k, b))?,
            equal(Elem::Float(k), &im_part(k, a), &im_part(k, b))?,
        ]),
        Elem::Float(k) => {
            let f = k.format();
            let nan = |x: &BV| -> Bool {
                match Fp::new(k) {
                    Ok(fp) => fp.is_nan(x),
                    // f8E8M0FNU: 0xFF is its one NaN.
                    Err(_) => x.eq(BV::from_u64(f.canonical_nan().unwrap_or(0), k.bits())),
                }
            };
            Bool::or(&[a.eq(b), Bool::and(&[nan(a), nan(b)])])
        }
    })
}

/// Evaluates the encoding of a function on concrete arguments (Z3's
/// simplifier folds the ground terms): the result lanes, one `Vec` per
/// result. This is how the tests hold the encoding to the executor, bit for
/// bit. `Err` when the function is not encoded; `Ok(None)` when a result
/// element does not fold to a constant.
pub fn eval_ground(side: &Side, args: &[Tensor]) -> Result<Option<Vec<Vec<u64>>>, String> {
    let mut inputs = Vec::new();
    for t in args {
        let elem = elem_of(&t.elem).ok_or("argument type not encoded")?;
        let lanes = t.lanes_vec();
        let xs = lanes
            .chunks_exact(t.lanes().max(1))
            .map(|c| from_lanes(elem, c))
            .collect();
        inputs.push(Sym {
            elem,
            shape: t.shape.clone(),
            xs,
        });
    }
    let (rs, _, _) = Encoder::run(side, &inputs, false, None)?;
    let mut out = Vec::new();
    for r in rs {
        let mut lanes = Vec::new();
        for x in &r.xs {
            for lane in lanes_of(r.elem, x) {
                let Some(v) = lane.simplify().as_u64() else {
                    return Ok(None);
                };
                lanes.push(match r.elem {
                    Elem::Int(k) => k.wrap(v as i128),
                    Elem::Float(_) | Elem::Complex(_) => v,
                });
            }
        }
        out.push(lanes);
    }
    Ok(Some(out))
}

/// Method 2.
pub fn decide(a: &Side, b: &Side, opts: &Options) -> SmtResult {
    let plain = decide_with(a, b, opts, false);
    match &plain {
        // Not settled: again with products abstracted, where there are
        // any ([`super::products`]).
        SmtResult::StepAside(why) if why.starts_with(NO_ANSWER) => {
            match decide_with(a, b, opts, true) {
                SmtResult::StepAside(w) if w == NOTHING_ABSTRACTED => plain,
                SmtResult::StepAside(w) => {
                    SmtResult::StepAside(format!("{why}; with products abstracted: {w}"))
                }
                d => d,
            }
        }
        _ => plain,
    }
}

/// How a query Z3 did not settle is reported.
const NO_ANSWER: &str = "Z3 gave no answer";

/// The abstraction's answer when the functions have no product it
/// abstracts.
const NOTHING_ABSTRACTED: &str = "no product to abstract";

/// [`decide`], with products abstracted or not.
fn decide_with(a: &Side, b: &Side, opts: &Options, abstracted: bool) -> SmtResult {
    let aside = SmtResult::StepAside;
    // An elementwise function applies one scalar function to every element:
    // one element decides for all.
    let scalar = matches!(
        (super::exec::elementwise_shape(a), super::exec::elementwise_shape(b)),
        (Some(s), Some(t)) if s == t
    );
    // Inputs: one bit-vector per argument element.
    let mut inputs = Vec::new();
    for (i, t) in a.args.iter().enumerate() {
        let Some((shape, e)) = static_tensor(t) else {
            return aside(format!("argument {i} is not a static tensor"));
        };
        let Some(elem) = elem_of(e) else {
            return aside(format!("argument type {t} is not encoded"));
        };
        let shape = if scalar { vec![1] } else { shape };
        let n: usize = shape.iter().product();
        if n > MAX_TERMS {
            return aside(format!("argument {i} has more than {MAX_TERMS} elements"));
        }
        let xs = (0..n)
            .map(|j| BV::new_const(format!("arg{i}_{j}"), width(elem)))
            .collect();
        inputs.push(Sym { elem, shape, xs });
    }
    let products = abstracted.then(|| Rc::new(RefCell::new(Products::default())));
    let (ra, oa, mut apps) = match Encoder::run(a, &inputs, scalar, products.clone()) {
        Ok(r) => r,
        Err(e) => return aside(format!("A: {e}")),
    };
    let (rb, ob, apps_b) = match Encoder::run(b, &inputs, scalar, products.clone()) {
        Ok(r) => r,
        Err(e) => return aside(format!("B: {e}")),
    };
    // With products abstracted: the lemmas proven first, each its own
    // query; the abstraction's obligations join the encodings'; the
    // variables' facts are asserted.
    let products = products.map(|p| p.take());
    let mut lemmas: Vec<String> = Vec::new();
    let mut extra: Obligations = Vec::new();
    let mut facts: Vec<Bool> = Vec::new();
    if let Some(p) = &products {
        if p.is_empty() {
            return aside(NOTHING_ABSTRACTED.into());
        }
        if let Err(e) = p.prove_lemmas(opts.rlimit, opts.timeout_ms) {
            return aside(e);
        }
        lemmas = p.lemma_names().iter().map(|s| s.to_string()).collect();
        extra = p.obligations().to_vec();
        facts = p.facts();
    }
    apps.extend(apps_b);
    let axioms = axioms(&apps);
    let mut uninterpreted: Vec<String> = apps.iter().map(|p| p.f.name()).collect();
    uninterpreted.sort();
    uninterpreted.dedup();
    let mut differ = Vec::new();
    for (x, y) in ra.iter().zip(&rb) {
        for (p, q) in x.xs.iter().zip(&y.xs) {
            match equal(x.elem, p, q) {
                Ok(eq) => differ.push(eq.not()),
                Err(e) => return aside(e),
            }
        }
    }
    let solver = Solver::new();
    let mut params = z3::Params::new();
    params.set_u32("timeout", opts.timeout_ms.min(u32::MAX as u64) as u32);
    if opts.rlimit > 0 {
        params.set_u32("rlimit", opts.rlimit.min(u32::MAX as u64) as u32);
    }
    solver.set_params(&params);
    // The conditions the encoding is exact under, each refuted first;
    // while one stands, only a counterexample the executor confirms counts.
    let mut unproven: Option<String> = None;
    for (what, f) in oa.iter().chain(&ob).chain(&extra) {
        solver.push();
        solver.assert(f);
        let r = solver.check();
        solver.pop(1);
        match r {
            SatResult::Unsat => {}
            SatResult::Sat => unproven = Some(format!("not proven: {what} (Z3 found a violation)")),
            SatResult::Unknown => {
                unproven = Some(format!(
                    "not proven: {what} (Z3 gave no answer: {})",
                    solver
                        .get_reason_unknown()
                        .unwrap_or_else(|| "unknown reason".into())
                ))
            }
        }
        if unproven.is_some() {
            break;
        }
    }
    for f in &facts {
        solver.assert(f);
    }
    for (_, f) in &axioms {
        solver.assert(f);
    }
    let what = describe_types(&a.args);
    let uf_text = uninterpreted.join(", ");
    let mut by = if uninterpreted.is_empty() {
        "SMT".to_string()
    } else {
        format!("SMT with functions uninterpreted ({uf_text})")
    };
    let mut axiom_names: Vec<String> = axioms.iter().map(|(n, _)| n.clone()).collect();
    axiom_names.sort();
    axiom_names.dedup();
    if !axiom_names.is_empty() {
        by.push_str(&format!(" and the axioms {}", axiom_names.join(", ")));
    }
    if !lemmas.is_empty() {
        by.push_str(&format!(
            " with products abstracted ({} lemmas proven: {})",
            lemmas.len(),
            lemmas.join(", ")
        ));
    }
    // One query per result element (each under the limits): the elements
    // are independent problems, which the solver settles one by one much
    // faster than their disjunction. All unsat: equal everywhere. A model
    // is checked by the executor: confirmed, it is a counterexample; where
    // uninterpreted functions were applied and it is not confirmed, the
    // functions' true values at the model's arguments (true facts, so
    // asserting them keeps every proof sound) are added and the element
    // asked again, at most MAX_REFINE times.
    let mut refinements = 0usize;
    let mut learned: std::collections::HashSet<(String, Vec<u64>)> = Default::default();
    for d in &differ {
        loop {
            solver.push();
            solver.assert(d);
            let r = solver.check();
            match r {
                SatResult::Unsat => {
                    solver.pop(1);
                    break;
                }
                SatResult::Unknown => {
                    let why = solver
                        .get_reason_unknown()
                        .unwrap_or_else(|| "unknown reason".into());
                    return aside(format!(
                        "{NO_ANSWER} ({why}){}",
                        if uninterpreted.is_empty() {
                            String::new()
                        } else {
                            format!(" with functions uninterpreted ({uf_text})")
                        }
                    ));
                }
                SatResult::Sat => {}
            }
            let Some(model) = solver.get_model() else {
                return aside("Z3 found a difference but gave no model".into());
            };
            let checked = check_model(a, b, &inputs, &model, opts);
            let (texts, reason, failed) = match checked {
                ModelCheck::Confirmed(texts, cx) => {
                    let mut v = Verdict::new(
                        Outcome::Differ,
                        Some(Method::Smt),
                        format!(
                            "not equivalent: {} gives {} vs {} (found by {by} for {what}, confirmed by the executor)",
                            texts.join(", "),
                            cx.a.join(", "),
                            cx.b.join(", ")
                        ),
                    );
                    v.counterexample = Some(cx);
                    return SmtResult::Decided(Box::new(v));
                }
                ModelCheck::Failed(e) => (
                    Vec::new(),
                    format!("the executor failed on Z3's counterexample: {e}"),
                    true,
                ),
                ModelCheck::Equal(texts) => (
                    texts.clone(),
                    format!(
                        "Z3's candidate {} gives equal results in the executor",
                        texts.join(", ")
                    ),
                    false,
                ),
            };
            if abstracted && !failed {
                // The products' variables need not take the products'
                // values: no counterexample, and no sign of a wrong
                // encoding either.
                return aside(format!(
                    "Z3's model of the query with products abstracted is not a real counterexample ({reason})"
                ));
            }
            if apps.is_empty() || failed {
                if let Some(u) = unproven {
                    return aside(format!("{u}; {reason}"));
                }
                if texts.is_empty() {
                    return aside(reason);
                }
                let mut v = Verdict::new(
                    Outcome::Undecided,
                    Some(Method::Smt),
                    format!(
                        "undecided: the SMT encoding is wrong: Z3's counterexample {} gives equal results in the executor",
                        texts.join(", ")
                    ),
                );
                v.notes
                    .push("please report this: the SMT model disagrees with the executor".into());
                return SmtResult::Decided(Box::new(v));
            }
            // The functions' true values at the model's arguments.
            let mut lemmas = Vec::new();
            for app in &apps {
                let vals: Option<Vec<u64>> = app
                    .args
                    .iter()
                    .map(|x| model.eval(x, true).and_then(|v| v.as_u64()))
                    .collect();
                let Some(vals) = vals else { continue };
                if !learned.insert((app.f.name(), vals.clone())) {
                    continue;
                }
                let Some(v) = app.f.eval(&vals) else { continue };
                let consts: Vec<BV> = vals
                    .iter()
                    .map(|&x| BV::from_u64(x, app.f.width()))
                    .collect();
                lemmas.push(app.f.apply(&consts).eq(BV::from_u64(v, app.f.width())));
            }
            solver.pop(1);
            let not_real = format!(
                "SMT with uninterpreted functions ({uf_text}) found no proof; its model is not a real counterexample ({reason})"
            );
            if lemmas.is_empty() {
                // Every application already had its true value: the
                // executor disagrees with the encoding itself.
                let mut v = Verdict::new(
                    Outcome::Undecided,
                    Some(Method::Smt),
                    format!("undecided: the SMT encoding is wrong: {reason}"),
                );
                v.notes
                    .push("please report this: the SMT model disagrees with the executor".into());
                return SmtResult::Decided(Box::new(v));
            }
            if refinements >= MAX_REFINE {
                return aside(format!(
                    "{not_real}; {MAX_REFINE} rounds of the functions' true values did not settle it"
                ));
            }
            refinements += 1;
            for l in &lemmas {
                solver.assert(l);
            }
        }
    }
    if let Some(u) = unproven {
        return aside(format!(
            "{u}; Z3 found no input on which the functions differ"
        ));
    }
    let mut v = Verdict::new(
        Outcome::Equivalent,
        Some(Method::Smt),
        format!("equivalent (proven by {by} for {what})"),
    );
    v.uninterpreted = uninterpreted;
    v.lemmas = lemmas;
    v.axioms = axiom_names;
    v.inputs_covered = inputs
        .iter()
        .map(|s| s.xs.len() as u128 * width(s.elem) as u128)
        .sum::<u128>()
        .checked_sub(0)
        .and_then(|bits| 1u128.checked_shl(bits as u32))
        .unwrap_or(0);
    SmtResult::Decided(Box::new(v))
}

/// The axiom of [`axioms`], by name.
pub const ATAN2_AXIOM: &str = "atan2(y, 1) = atan(y) for every f64 y";

/// Axioms relating the uninterpreted functions of a query, as ground
/// instances at its applications (what each says, the formula), each
/// added only where both of its functions occur.
///
/// **atan2(y, 1) = atan(y) in f64** ([`ATAN2_AXIOM`]): the executor's f64
/// `atan` and `atan2` are CORE-MATH's correctly rounded `atan` and `atan2`
/// (`float::elementary`), both rounded to nearest-even from the same real
/// value, atan2(y, 1) = atan(y/1) = atan(y) for every finite y; the
/// special cases agree (atan2(±0, 1) = ±0 = atan(±0), atan2(±∞, 1) =
/// ±π/2 rounded = atan(±∞)); a NaN y gives y quieted in both (`finish64`,
/// `nan2`). `tests/atan_axiom.rs` checks the identity against the executor
/// on every f16 and bf16 input and on edge values and millions of f64
/// samples (every f32 input is covered by the f32 sweep of the `atan`
/// certificate). The instance at each application atan(t) is
/// atan2(t, 1.0) = atan(t): an instance of a valid universal fact, so a
/// proof using it holds for the executor's functions.
fn axioms(apps: &[UfApp]) -> Vec<(String, Bool)> {
    let atan = UfFun::Unary(Unary::Atan, FloatKind::F64);
    let atan2 = UfFun::Binary(Binary::Atan2, FloatKind::F64);
    if !apps.iter().any(|p| p.f == atan2) {
        return Vec::new();
    }
    let one = BV::from_u64(1f64.to_bits(), 64);
    apps.iter()
        .filter(|p| p.f == atan && p.args.len() == 1)
        .map(|p| {
            let y = &p.args[0];
            (
                ATAN2_AXIOM.to_string(),
                atan2
                    .apply(&[y.clone(), one.clone()])
                    .eq(atan.apply(std::slice::from_ref(y))),
            )
        })
        .collect()
}

/// Rounds of true function values added to an unconfirmed model (see
/// [`decide`]).
const MAX_REFINE: usize = 8;

/// What the executor says of a model's input.
enum ModelCheck {
    /// The two functions differ on it: the inputs' text, the results.
    Confirmed(Vec<String>, Counterexample),
    /// Equal results (the inputs' text).
    Equal(Vec<String>),
    /// The executor failed.
    Failed(String),
}

/// The input a model assigns, run on both functions by the executor.
fn check_model(
    a: &Side,
    b: &Side,
    inputs: &[Sym],
    model: &z3::Model,
    opts: &Options,
) -> ModelCheck {
    // The input, read from the model, run on both sides.
    let mut args = Vec::new();
    let mut texts = Vec::new();
    for (i, (s, t)) in inputs.iter().zip(&a.args).enumerate() {
        let Some((declared, e)) = static_tensor(t) else {
            return ModelCheck::Failed(format!("argument {i} is not a static tensor"));
        };
        let mut data = Vec::new();
        for x in &s.xs {
            for lane in lanes_of(s.elem, x) {
                let v = model
                    .eval(&lane, true)
                    .and_then(|v| v.as_u64())
                    .unwrap_or(0);
                data.push(match s.elem {
                    Elem::Int(k) => k.wrap(v as i128),
                    Elem::Float(_) | Elem::Complex(_) => v,
                });
            }
        }
        let n: usize = declared.iter().product();
        let text_one = s.xs.len() == 1;
        // One element of an elementwise function: the same value in
        // every element.
        let data: Vec<u64> = data
            .iter()
            .cycle()
            .take(n * crate::interp::tensor::lanes(e))
            .copied()
            .collect();
        let tensor = Tensor::new(e.clone(), declared, &data);
        let text = if text_one {
            let l = crate::interp::tensor::lanes(e);
            let first: Vec<u64> = (0..l).map(|j| tensor.data.get(j)).collect();
            super::exec::elem_text(e, &first)
        } else {
            crate::interp::literal::format_value(&Value::tensor(tensor.clone()))
        };
        texts.push(format!("%arg{i} = {text}"));
        args.push(Value::tensor(tensor));
    }
    let run = |s: &Side| -> Result<Vec<Tensor>, String> {
        let mut it = Interp::new(s.prog, opts.limits);
        it.call(&s.name, args.clone())?
            .into_iter()
            .map(|v| v.into_tensor())
            .collect()
    };
    let (xa, xb) = match (run(a), run(b)) {
        (Ok(x), Ok(y)) => (x, y),
        (Err(e), _) | (_, Err(e)) => return ModelCheck::Failed(e),
    };
    let differs = xa.iter().zip(&xb).any(|(p, q)| {
        let fk = super::lane_float(&p.elem);
        p.data.iter().zip(q.data.iter()).any(|(x, y)| match fk {
            Some(k) => !super::ulp::float_equal(k, x, y),
            None => x != y,
        })
    });
    let show = |ts: &[Tensor]| -> Vec<String> {
        ts.iter()
            .map(|t| crate::interp::literal::format_value(&Value::tensor(t.clone())))
            .collect()
    };
    if !differs {
        return ModelCheck::Equal(texts);
    }
    let cx = Counterexample {
        inputs: texts.clone(),
        a: show(&xa),
        b: show(&xb),
    };
    ModelCheck::Confirmed(texts, cx)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The i64 instance of rule `name` of the rules file at `path` (from
    /// the crate's root), as two sides.
    fn i64_instance(path: &str, name: &str) -> (crate::ir::Program, crate::ir::Program) {
        let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(full).expect("rules file");
        let parsed = crate::egraph::rules::parse_rules(path, &text).expect("rules parse");
        let rule = parsed.iter().find(|r| r.name == name).expect("the rule");
        let (lhs, rhs, _) = crate::egraph::instances::instances_with(rule, 2)
            .into_iter()
            .find(|(_, _, what)| what.contains(" on i64:"))
            .expect("an i64 instance");
        (lhs, rhs)
    }

    /// With products abstracted from the start (no plain attempt),
    /// `mulhi_i64` is proven and the same rule with a sign correction
    /// dropped is not: the abstraction's sign lemmas do not hide a missing
    /// correction (Z3's model there is spurious or confirmed, either way
    /// no proof).
    #[test]
    fn abstracted_signed_mulhi_proves_the_rule_and_not_a_dropped_correction() {
        let opts = Options {
            timeout_ms: 300_000,
            rlimit: super::super::certificate::SMT_RLIMIT,
            ..Options::default()
        };
        for (path, name, proven) in [
            ("spec/rules/chlo.rules", "mulhi_i64", true),
            (
                "tests/programs/prove/wrong_mulhi.rules",
                "mulhi_i64_correction_dropped",
                false,
            ),
        ] {
            let (lhs, rhs) = i64_instance(path, name);
            let (a, b) = (
                Side::new(&lhs, "main").expect("side"),
                Side::new(&rhs, "main").expect("side"),
            );
            let r = z3::with_z3_config(&z3::Config::new(), || decide_with(&a, &b, &opts, true));
            let equivalent = match &r {
                SmtResult::Decided(v) => v.outcome == Outcome::Equivalent,
                SmtResult::StepAside(_) => false,
            };
            let text = match &r {
                SmtResult::Decided(v) => v.summary.clone(),
                SmtResult::StepAside(w) => w.clone(),
            };
            assert_eq!(equivalent, proven, "{name}: {text}");
            if !proven {
                // Refuted, not merely unsettled.
                assert!(!text.contains(NO_ANSWER), "{name}: {text}");
            }
        }
    }

    /// A mux tree over the bits of `y` (low bit first) picking `table[y]`.
    fn table_of(y: &BV, table: &[u64], w: u32, bit: u32) -> BV {
        if table.len() == 1 {
            return BV::from_u64(table[0], w);
        }
        let half = table.len() / 2;
        let (lo, hi): (Vec<u64>, Vec<u64>) = (
            table.iter().step_by(2).copied().collect(),
            table.iter().skip(1).step_by(2).copied().collect(),
        );
        debug_assert_eq!(lo.len(), half);
        let sel = y.extract(bit, bit).eq(BV::from_u64(1, 1));
        sel.ite(&table_of(y, &hi, w, bit + 1), &table_of(y, &lo, w, bit + 1))
    }

    /// The bit-blasted encoding of `remainder` (not only Z3's constant
    /// folding, which the integration tests hold to the executor on every
    /// pair of the narrow formats) equals the executor: for a dividend, Z3
    /// refutes that the encoding differs from the executor's table of
    /// every divisor. Z3's `fp.rem` circuits are large (about ten seconds
    /// a query even in f4E2M1FN), so this takes four dividends of
    /// f4E2M1FN (zero, the least subnormal, one and the largest value,
    /// negative where the pattern says so).
    #[test]
    fn remainder_bit_blasted_matches_the_executor() {
        let k = FloatKind::F4E2M1FN;
        let fp = Fp::new(k).expect("encoded");
        let f = k.format();
        let w = f.bits();
        let n = 1u64 << w;
        let solver = Solver::new();
        let y = BV::new_const("y", w);
        for x in [0x8, 0x1, 0x2, 0xf] {
            let table: Vec<u64> = (0..n)
                .map(|v| crate::float::arith::remainder(f, x, v))
                .collect();
            let want = table_of(&y, &table, w, 0);
            let got = fp.remainder(&fp.c(x), &y);
            solver.push();
            solver.assert(got.eq(&want).not());
            let r = solver.check();
            if r != SatResult::Unsat {
                let m = solver.get_model().map(|m| format!("{m}"));
                panic!("{} remainder({x:#x}, y): {r:?} {m:?}", k.name());
            }
            solver.pop(1);
        }
    }

    /// The bit-blasted f8E8M0FNU arithmetic equals the executor on every
    /// pair (as above: one dividend at a time against the executor's table).
    #[test]
    fn e8m0_bit_blasted_matches_the_executor_on_every_pair() {
        let f = FloatKind::F8E8M0FNU.format();
        let solver = Solver::new();
        let y = BV::new_const("y", 8);
        type Op = fn(&Format, u64, u64) -> u64;
        let ops: [(&str, Op); 7] = [
            ("add", |f, a, b| {
                crate::float::arith::add(f, a, b, crate::float::Rounding::NearestEven)
            }),
            ("subtract", |f, a, b| {
                crate::float::arith::sub(f, a, b, crate::float::Rounding::NearestEven)
            }),
            ("multiply", |f, a, b| {
                crate::float::arith::mul(f, a, b, crate::float::Rounding::NearestEven)
            }),
            ("divide", |f, a, b| {
                crate::float::arith::div(f, a, b, crate::float::Rounding::NearestEven)
            }),
            ("maximum", crate::float::arith::maximum),
            ("minimum", crate::float::arith::minimum),
            ("remainder", crate::float::arith::remainder),
        ];
        for (name, op) in ops {
            for x in 0..256u64 {
                let table: Vec<u64> = (0..256).map(|v| op(f, x, v)).collect();
                let want = table_of(&y, &table, 8, 0);
                let got = e8m0_binary(name, &BV::from_u64(x, 8), &y).expect("encoded");
                solver.push();
                solver.assert(got.eq(&want).not());
                let r = solver.check();
                if r != SatResult::Unsat {
                    let m = solver.get_model().map(|m| format!("{m}"));
                    panic!("f8E8M0FNU {name}({x:#x}, y): {r:?} {m:?}");
                }
                solver.pop(1);
            }
        }
    }

    /// The bit-blasted f8E8M0FNU `next_after` equals the executor's
    /// (`float::elementary::next_after`) on every pair, and so do the
    /// pattern comparisons its legalization uses (`float::arith::compare`),
    /// one first operand at a time against the executor's table of every
    /// second operand.
    #[test]
    fn e8m0_next_after_bit_blasted_matches_the_executor_on_every_pair() {
        let k = FloatKind::F8E8M0FNU;
        let f = k.format();
        let solver = Solver::new();
        let y = BV::new_const("y", 8);
        let check = |what: &str, x: u64, got: BV, table: Vec<u64>, w: u32| {
            let want = table_of(&y, &table, w, 0);
            solver.push();
            solver.assert(got.eq(&want).not());
            let r = solver.check();
            if r != SatResult::Unsat {
                let m = solver.get_model().map(|m| format!("{m}"));
                panic!("f8E8M0FNU {what}({x:#x}, y): {r:?} {m:?}");
            }
            solver.pop(1);
        };
        for x in 0..256u64 {
            let xb = BV::from_u64(x, 8);
            let table: Vec<u64> = (0..256)
                .map(|v| crate::float::elementary::next_after(k, x, v))
                .collect();
            check("next_after", x, pattern_next_after(k, &xb, &y), table, 8);
            for (dir, want) in [
                ("LT", Some(std::cmp::Ordering::Less)),
                ("EQ", Some(std::cmp::Ordering::Equal)),
            ] {
                let table: Vec<u64> = (0..256)
                    .map(|v| u64::from(crate::float::arith::compare(f, x, v) == want))
                    .collect();
                let got = bool_bv(&pattern_compare(k, dir, false, &xb, &y).expect("encoded"));
                check(dir, x, got, table, 1);
            }
        }
    }
}
