//! Soft-float arithmetic, generic over [`Format`]: every operation computes
//! the exact result (or exact bits plus a sticky bit) with integers and
//! rounds once with [`round_value`].
//!
//! Choices the StableHLO spec leaves open (it defers to IEEE-754, which
//! leaves these to the implementation, or says "TBD"):
//!
//! * **NaN results.** An operation with a NaN operand returns the first NaN
//!   operand (in argument order), quieted (IEEE formats: the quiet bit is
//!   set; the other formats have only one NaN per sign). An invalid
//!   operation on non-NaN operands (∞ − ∞, 0 × ∞, 0/0, ∞/∞, √−x,
//!   remainder(∞, y), remainder(x, 0)) returns the canonical NaN, which is
//!   positive ([`Format::canonical_nan`]).
//! * **Formats without NaN** (f6, f4): a NaN result is represented as +0
//!   (ml_dtypes converts NaN to zero there). Formats without ∞ take a
//!   result of ±∞ (overflow, x/0) as NaN when they have one, else as ±max
//!   finite; see [`round_value`].
//! * **f8E8M0FNU** (unsigned, no zero): a result that is zero or negative
//!   is NaN; a positive result below 2^-127 is 2^-127.
//! * **remainder** is C `fmod`, as the spec's formal text describes (the
//!   sign of the dividend, magnitude below the divisor's, `lhs − d × rhs`
//!   with `d` the quotient truncated toward zero): always exact. A zero
//!   result has the dividend's sign; remainder(x, ±∞) = x for finite x.
//! * **maximum / minimum** are IEEE-754 (2019) maximum and minimum: NaN
//!   propagates, −0 < +0.
//! * **compare**: `FLOAT` uses IEEE quiet comparisons (NaN is unordered,
//!   −0 = +0). `TOTALORDER` orders by IEEE totalOrder: −NaN < −∞ < … < −0
//!   < +0 < … < +∞ < +NaN, NaNs among themselves by payload; `EQ`/`NE`
//!   under `TOTALORDER` mean "same place in that order", so −0 ≠ +0 and a
//!   NaN equals itself. The unsigned NaN of the FNUZ formats and of
//!   f8E8M0FNU sorts above everything, like a positive NaN.
//! * **abs / negate** act on the sign bit only (a NaN keeps its payload),
//!   except where that would leave the format: in FNUZ formats negate(+0)
//!   = +0 and abs/negate of NaN is NaN; in f8E8M0FNU negate of a number is
//!   NaN.
//! * **sign** returns ±1.0, ±0 as given, NaN as given (quieted); in
//!   f8E8M0FNU every number gives 1.0.
//!
//! Hardware arithmetic is a fast path only where it gives the same bits:
//! f64 operations for f64, f32 operations for f32, and for a format of
//! precision p ≤ 25 whose values and the exact results of + − × ÷ √ on
//! them lie well inside f64's normal range, the operation in f64 rounded
//! once to the format (f64 has 53 ≥ 2p + 2 bits, so the double rounding is
//! innocuous). Only round-to-nearest-even takes the fast path; NaN
//! operands are handled before it. The tests sweep it against the generic
//! path.

use super::encoding::Decoded;
use super::round::{round_value, Rounding};
use super::{FloatKind, Format, NanEncoding};
use std::cmp::Ordering;

// ---------------------------------------------------------------------------
// Special results
// ---------------------------------------------------------------------------

/// `bits` quieted: a signaling IEEE NaN gets its quiet bit; other NaNs are
/// returned as they are (masked to the format's width).
pub fn quiet(f: &Format, bits: u64) -> u64 {
    let bits = bits & f.all_mask();
    if f.nan == NanEncoding::Ieee && f.is_nan(bits) && f.man_bits > 0 {
        bits | 1 << (f.man_bits - 1)
    } else {
        bits
    }
}

/// The result of an invalid operation: the canonical NaN, or +0 in formats
/// without NaN.
pub fn invalid(f: &Format) -> u64 {
    f.canonical_nan().unwrap_or(0)
}

/// The first NaN among `a`, `b`, quieted. The caller knows one is NaN.
fn propagate(f: &Format, a: u64, b: u64) -> u64 {
    if f.is_nan(a) {
        quiet(f, a)
    } else {
        quiet(f, b)
    }
}

/// ±∞ in `f`: ∞ if the format has it, else NaN (signed where NaNs are),
/// else ±max finite. Negative values in an unsigned format are NaN.
pub fn infinity(f: &Format, neg: bool) -> u64 {
    if !f.signed && neg {
        return invalid(f);
    }
    if let Some(inf) = f.inf(neg) {
        return inf;
    }
    if let Some(nan) = f.nan_with_sign(neg) {
        return nan;
    }
    f.max_finite() | if neg { f.sign_mask() } else { 0 }
}

/// ±0 in `f`: −0 becomes +0 where there is no −0; zero is NaN in
/// f8E8M0FNU.
pub fn zero(f: &Format, neg: bool) -> u64 {
    if !f.has_zero {
        invalid(f)
    } else if neg && f.has_neg_zero() {
        f.sign_mask()
    } else {
        0
    }
}

// ---------------------------------------------------------------------------
// The fast path
// ---------------------------------------------------------------------------

/// Which hardware path may compute round-to-nearest-even results of
/// `+ − × ÷ √` for a format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hardware {
    F64,
    F32,
    ViaF64,
    None,
}

#[inline]
fn hardware(f: &Format) -> Hardware {
    if f == FloatKind::F64.format() {
        Hardware::F64
    } else if f == FloatKind::F32.format() {
        Hardware::F32
    } else if f.precision() <= 25 && f.max_exp() <= 256 && f.min_quantum_exp() >= -256 {
        // Products and quotients stay within 2^±520: normal in f64.
        Hardware::ViaF64
    } else {
        Hardware::None
    }
}

/// The exact value of a non-NaN pattern of a format with [`Hardware::ViaF64`].
fn exact_f64(f: &Format, bits: u64) -> f64 {
    if let Some(x) = super::decimal::fast_to_f64(f, bits) {
        return x;
    }
    match f.decode(bits) {
        Decoded::Nan => f64::NAN,
        Decoded::Inf { neg } => {
            if neg {
                f64::NEG_INFINITY
            } else {
                f64::INFINITY
            }
        }
        Decoded::Zero { neg } => {
            if neg {
                -0.0
            } else {
                0.0
            }
        }
        Decoded::Finite { neg, m, e } => {
            let v = m as f64 * f64::from_bits(((e + 1023) as u64) << 52);
            if neg {
                -v
            } else {
                v
            }
        }
    }
}

/// Rounds a hardware `f64` result into `f` (to nearest even).
#[inline]
fn from_hardware(f: &Format, r: f64) -> u64 {
    if r.is_nan() {
        return invalid(f);
    }
    super::decimal::from_f64_rounded(f, r, Rounding::NearestEven).bits
}

fn fast_binary(
    f: &Format,
    a: u64,
    b: u64,
    op: fn(f64, f64) -> f64,
    op32: fn(f32, f32) -> f32,
) -> u64 {
    match hardware(f) {
        Hardware::F64 => {
            let r = op(f64::from_bits(a), f64::from_bits(b));
            if r.is_nan() {
                invalid(f)
            } else {
                r.to_bits()
            }
        }
        Hardware::F32 => {
            let r = op32(f32::from_bits(a as u32), f32::from_bits(b as u32));
            if r.is_nan() {
                invalid(f)
            } else {
                r.to_bits() as u64
            }
        }
        Hardware::ViaF64 => from_hardware(f, op(exact_f64(f, a), exact_f64(f, b))),
        Hardware::None => unreachable!("fast path requested without hardware support"),
    }
}

/// The 16-bit formats with a path of their own in [`half_binary`].
#[derive(Clone, Copy)]
enum Half {
    Bf16,
    F16,
}

#[inline(always)]
fn half_of(f: &Format) -> Option<Half> {
    let is = |k: FloatKind| {
        let g = k.format();
        std::ptr::eq(f, g) || f == g
    };
    match (f.exp_bits, f.man_bits) {
        (8, 7) if is(FloatKind::BF16) => Some(Half::Bf16),
        (5, 10) if is(FloatKind::F16) => Some(Half::F16),
        _ => None,
    }
}

/// `op` to nearest even on two bf16 or f16 patterns, the format's
/// constants written out: the operands' exact values in `f64`, `op` in
/// `f64` (exact for `×` of these formats; for `+ − ÷` at most one rounding
/// to 53 bits, innocuous before a rounding to 11 or 8 bits: 53 ≥ 2p + 2,
/// as in [`fast_binary`]), and the result rounded once to the format when
/// it is zero, subnormal or normal there. `None` (the general path
/// decides) for a NaN operand, another format, and a result that
/// overflows, or is infinite or NaN: the bits are [`fast_binary`]'s
/// wherever this answers (`arith_tests.rs` compares the entry points with
/// the integer path on every 16-bit pattern and sampled partners, and
/// with the oracle on random pairs).
#[inline]
fn half_binary(f: &Format, a: u64, b: u64, op: fn(f64, f64) -> f64) -> Option<u64> {
    let half = half_of(f)?;
    let (a, b) = (a & 0xFFFF, b & 0xFFFF);
    // Field sizes of the format: its mantissa bits `man`, and the f64
    // exponent fields of its least normal magnitude and of the first
    // power of two past its largest finite value.
    let (man, least, past) = match half {
        Half::Bf16 => (7u32, 1023 - 126, 1023 + 128),
        Half::F16 => (10u32, 1023 - 14, 1023 + 16),
    };
    let exp_all = 0x7FFFu64 >> man << man;
    if a & 0x7FFF > exp_all || b & 0x7FFF > exp_all {
        return None; // NaN
    }
    let value = |h: u64| -> f64 {
        match half {
            Half::Bf16 => f32::from_bits((h as u32) << 16) as f64,
            Half::F16 => {
                let e = (h >> 10) & 0x1F;
                let m = h & 0x3FF;
                let mag = match e {
                    0 => m as f64 * f64::from_bits((1023 - 24) << 52),
                    0x1F => f64::INFINITY,
                    _ => f64::from_bits(((e + 1023 - 15) << 52) | (m << 42)),
                };
                if h & 0x8000 != 0 {
                    -mag
                } else {
                    mag
                }
            }
        }
    };
    let r = op(value(a), value(b)).to_bits();
    let sign = (r >> 48) & 0x8000;
    let mag = r & !(1u64 << 63);
    if mag == 0 {
        return Some(sign);
    }
    let shift = 52 - man;
    if mag < least << 52 {
        // Subnormal there: a multiple of the least subnormal, 2^(least -
        // 1023 - man), rounded to nearest even (the scaling by a power of
        // two is exact; |r| is an f64 normal, at least 2^-266). A count of
        // 2^man is the least normal, whose pattern it is.
        let scale = f64::from_bits((1023 + 1023 + u64::from(man) - least) << 52);
        let m = (f64::from_bits(mag) * scale).round_ties_even() as u64;
        return Some(sign | m);
    }
    // Not ∞ or NaN, whose exponent field is past.
    if mag >= past << 52 {
        return None;
    }
    // Add half an ulp less one, plus the kept parity; clear the rest. A
    // carry moves into the exponent; a carry to `past` is an overflow.
    let rn = (mag + (1u64 << (shift - 1)) - 1 + ((mag >> shift) & 1)) & !((1u64 << shift) - 1);
    if rn >= past << 52 {
        return None;
    }
    let e = (rn >> 52) - least + 1;
    Some(sign | e << man | ((rn >> shift) & ((1u64 << man) - 1)))
}

// ---------------------------------------------------------------------------
// Exact addition of two dyadic values (shared by add and fma)
// ---------------------------------------------------------------------------

/// `(−1)^neg × m × 2^e` plus a sticky bit (see [`round_value`]).
struct Sum {
    neg: bool,
    m: u128,
    e: i64,
    sticky: bool,
}

/// Adds two non-zero exact values with `m < 2^107`. A zero result has
/// `m == 0`, `sticky == false` (its sign is for the caller to decide).
fn add_exact(na: bool, ma: u128, ea: i64, nb: bool, mb: u128, eb: i64) -> Sum {
    const TOP: i64 = 125;
    let norm = |m: u128, e: i64| {
        let shift = TOP - (127 - m.leading_zeros() as i64);
        (m << shift, e - shift)
    };
    let (ma, ea) = norm(ma, ea);
    let (mb, eb) = norm(mb, eb);
    // Order so that x has the larger exponent (both have their top bit at
    // bit 125, so it is the larger magnitude unless the exponents tie).
    let ((nx, mx, ex), (ny, my, ey)) = if ea >= eb {
        ((na, ma, ea), (nb, mb, eb))
    } else {
        ((nb, mb, eb), (na, ma, ea))
    };
    let d = (ex - ey) as u64;
    // Both were shifted left by at least 18 bits, so up to 18 bits can be
    // shifted out of y exactly; beyond that x dominates and y's lost bits
    // only make a sticky bit.
    let (y, lost) = if d >= 128 {
        (0, my != 0)
    } else {
        (my >> d, my & ((1u128 << d) - 1) != 0)
    };
    if nx == ny {
        Sum {
            neg: nx,
            m: mx + y,
            e: ex,
            sticky: lost,
        }
    } else if lost {
        // x − (y + δ) = (x − y − 1) + (1 − δ), with x ≫ y here.
        Sum {
            neg: nx,
            m: mx - y - 1,
            e: ex,
            sticky: true,
        }
    } else {
        match mx.cmp(&y) {
            Ordering::Greater => Sum {
                neg: nx,
                m: mx - y,
                e: ex,
                sticky: false,
            },
            Ordering::Less => Sum {
                neg: ny,
                m: y - mx,
                e: ex,
                sticky: false,
            },
            Ordering::Equal => Sum {
                neg: false,
                m: 0,
                e: ex,
                sticky: false,
            },
        }
    }
}

/// The sign of an exact zero sum of operands that were not both zeros of
/// one sign: +0, or −0 when rounding toward −∞ (IEEE 754 §6.3).
fn cancel_sign(mode: Rounding) -> bool {
    mode == Rounding::TowardNegative
}

// ---------------------------------------------------------------------------
// + − × ÷ √ fma
// ---------------------------------------------------------------------------

/// IEEE addition `a + b`.
pub fn add(f: &Format, a: u64, b: u64, mode: Rounding) -> u64 {
    if mode == Rounding::NearestEven {
        if let Some(r) = half_binary(f, a, b, |x, y| x + y) {
            return r;
        }
    }
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    if mode == Rounding::NearestEven && hardware(f) != Hardware::None {
        return fast_binary(f, a, b, |x, y| x + y, |x, y| x + y);
    }
    add_slow(f, a, b, mode)
}

/// IEEE subtraction `a − b`.
pub fn sub(f: &Format, a: u64, b: u64, mode: Rounding) -> u64 {
    if mode == Rounding::NearestEven {
        if let Some(r) = half_binary(f, a, b, |x, y| x - y) {
            return r;
        }
    }
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    if mode == Rounding::NearestEven && hardware(f) != Hardware::None {
        return fast_binary(f, a, b, |x, y| x - y, |x, y| x - y);
    }
    sub_slow(f, a, b, mode)
}

/// IEEE multiplication `a × b`.
pub fn mul(f: &Format, a: u64, b: u64, mode: Rounding) -> u64 {
    if mode == Rounding::NearestEven {
        if let Some(r) = half_binary(f, a, b, |x, y| x * y) {
            return r;
        }
    }
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    if mode == Rounding::NearestEven && hardware(f) != Hardware::None {
        return fast_binary(f, a, b, |x, y| x * y, |x, y| x * y);
    }
    mul_slow(f, a, b, mode)
}

/// IEEE division `a / b`.
pub fn div(f: &Format, a: u64, b: u64, mode: Rounding) -> u64 {
    if mode == Rounding::NearestEven {
        if let Some(r) = half_binary(f, a, b, |x, y| x / y) {
            return r;
        }
    }
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    if mode == Rounding::NearestEven && hardware(f) != Hardware::None {
        return fast_binary(f, a, b, |x, y| x / y, |x, y| x / y);
    }
    div_slow(f, a, b, mode)
}

/// IEEE squareRoot.
pub fn sqrt(f: &Format, a: u64, mode: Rounding) -> u64 {
    if f.is_nan(a) {
        return quiet(f, a);
    }
    if mode == Rounding::NearestEven {
        match hardware(f) {
            Hardware::F64 => {
                let r = f64::from_bits(a).sqrt();
                return if r.is_nan() { invalid(f) } else { r.to_bits() };
            }
            Hardware::F32 => {
                let r = f32::from_bits(a as u32).sqrt();
                return if r.is_nan() {
                    invalid(f)
                } else {
                    r.to_bits() as u64
                };
            }
            Hardware::ViaF64 => return from_hardware(f, exact_f64(f, a).sqrt()),
            Hardware::None => {}
        }
    }
    sqrt_slow(f, a, mode)
}

/// The generic (integer) path of [`add`].
pub fn add_slow(f: &Format, a: u64, b: u64, mode: Rounding) -> u64 {
    add_signed(f, a, b, false, mode)
}

/// The generic (integer) path of [`sub`].
pub fn sub_slow(f: &Format, a: u64, b: u64, mode: Rounding) -> u64 {
    add_signed(f, a, b, true, mode)
}

/// `a + b`, or `a − b` when `negate_b`.
fn add_signed(f: &Format, a: u64, b: u64, negate_b: bool, mode: Rounding) -> u64 {
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    let da = f.decode(a);
    let db = match f.decode(b) {
        Decoded::Inf { neg } => Decoded::Inf {
            neg: neg != negate_b,
        },
        Decoded::Zero { neg } => Decoded::Zero {
            neg: neg != negate_b,
        },
        Decoded::Finite { neg, m, e } => Decoded::Finite {
            neg: neg != negate_b,
            m,
            e,
        },
        Decoded::Nan => unreachable!(),
    };
    match (da, db) {
        (Decoded::Inf { neg: x }, Decoded::Inf { neg: y }) => {
            if x == y {
                infinity(f, x)
            } else {
                invalid(f)
            }
        }
        (Decoded::Inf { neg }, _) | (_, Decoded::Inf { neg }) => infinity(f, neg),
        (Decoded::Zero { neg: x }, Decoded::Zero { neg: y }) => {
            zero(f, if x == y { x } else { cancel_sign(mode) })
        }
        (Decoded::Zero { .. }, Decoded::Finite { neg, m, e })
        | (Decoded::Finite { neg, m, e }, Decoded::Zero { .. }) => {
            round_value(f, neg, m as u128, e as i64, false, mode).bits
        }
        (
            Decoded::Finite {
                neg: na,
                m: ma,
                e: ea,
            },
            Decoded::Finite {
                neg: nb,
                m: mb,
                e: eb,
            },
        ) => {
            let s = add_exact(na, ma as u128, ea as i64, nb, mb as u128, eb as i64);
            if s.m == 0 && !s.sticky {
                zero(f, cancel_sign(mode))
            } else {
                round_value(f, s.neg, s.m, s.e, s.sticky, mode).bits
            }
        }
        (Decoded::Nan, _) | (_, Decoded::Nan) => unreachable!(),
    }
}

/// The generic (integer) path of [`mul`].
pub fn mul_slow(f: &Format, a: u64, b: u64, mode: Rounding) -> u64 {
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    let (da, db) = (f.decode(a), f.decode(b));
    let neg = f.is_negative(a) != f.is_negative(b);
    match (da, db) {
        (Decoded::Inf { .. }, Decoded::Zero { .. })
        | (Decoded::Zero { .. }, Decoded::Inf { .. }) => invalid(f),
        (Decoded::Inf { .. }, _) | (_, Decoded::Inf { .. }) => infinity(f, neg),
        (Decoded::Zero { .. }, _) | (_, Decoded::Zero { .. }) => zero(f, neg),
        (Decoded::Finite { m: ma, e: ea, .. }, Decoded::Finite { m: mb, e: eb, .. }) => {
            round_value(
                f,
                neg,
                ma as u128 * mb as u128,
                ea as i64 + eb as i64,
                false,
                mode,
            )
            .bits
        }
        _ => unreachable!(),
    }
}

/// The generic (integer) path of [`div`].
pub fn div_slow(f: &Format, a: u64, b: u64, mode: Rounding) -> u64 {
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    let (da, db) = (f.decode(a), f.decode(b));
    let neg = f.is_negative(a) != f.is_negative(b);
    match (da, db) {
        (Decoded::Inf { .. }, Decoded::Inf { .. })
        | (Decoded::Zero { .. }, Decoded::Zero { .. }) => invalid(f),
        (Decoded::Inf { .. }, _) | (_, Decoded::Zero { .. }) => infinity(f, neg),
        (Decoded::Zero { .. }, _) | (_, Decoded::Inf { .. }) => zero(f, neg),
        (Decoded::Finite { m: ma, e: ea, .. }, Decoded::Finite { m: mb, e: eb, .. }) => {
            // Normalize both significands to [2^63, 2^64); the quotient of
            // (x << 64) / y then has 64 or 65 bits.
            let (za, zb) = (ma.leading_zeros(), mb.leading_zeros());
            let x = ((ma << za) as u128) << 64;
            let y = (mb << zb) as u128;
            let q = x / y;
            let r = x % y;
            let e = (ea as i64 - za as i64) - (eb as i64 - zb as i64) - 64;
            round_value(f, neg, q, e, r != 0, mode).bits
        }
        _ => unreachable!(),
    }
}

/// ⌊√n⌋ and whether the root is inexact.
fn isqrt(n: u128) -> (u128, bool) {
    if n == 0 {
        return (0, false);
    }
    // Start above the root and descend with Newton's iteration.
    let bits = 128 - n.leading_zeros();
    let mut x: u128 = 1 << bits.div_ceil(2);
    loop {
        let y = (x + n / x) >> 1;
        if y >= x {
            break;
        }
        x = y;
    }
    (x, x * x != n)
}

/// The generic (integer) path of [`sqrt`].
pub fn sqrt_slow(f: &Format, a: u64, mode: Rounding) -> u64 {
    match f.decode(a) {
        Decoded::Nan => quiet(f, a),
        Decoded::Zero { .. } => a & f.all_mask(),
        Decoded::Inf { neg: false } => a & f.all_mask(),
        Decoded::Inf { neg: true } | Decoded::Finite { neg: true, .. } => invalid(f),
        Decoded::Finite { neg: false, m, e } => {
            // Shift m up to bit 125 or 126 with an even exponent left over.
            let lead = 63 - m.leading_zeros() as i64;
            let mut k = 125 - lead;
            if (e as i64 - k).rem_euclid(2) != 0 {
                k += 1;
            }
            let (root, inexact) = isqrt((m as u128) << k);
            round_value(f, false, root, (e as i64 - k) / 2, inexact, mode).bits
        }
    }
}

/// Fused multiply-add `a × b + c` with a single rounding. A NaN operand
/// propagates (the first in the order a, b, c), so `fma(0, ∞, NaN)` is that
/// NaN; `0 × ∞ + c` is invalid for any other `c`.
pub fn fma(f: &Format, a: u64, b: u64, c: u64, mode: Rounding) -> u64 {
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    if f.is_nan(c) {
        return quiet(f, c);
    }
    let (da, db, dc) = (f.decode(a), f.decode(b), f.decode(c));
    let np = f.is_negative(a) != f.is_negative(b);
    let prod_inf = matches!(da, Decoded::Inf { .. }) || matches!(db, Decoded::Inf { .. });
    let prod_zero = matches!(da, Decoded::Zero { .. }) || matches!(db, Decoded::Zero { .. });
    if prod_inf && prod_zero {
        return invalid(f);
    }
    if prod_inf {
        return match dc {
            Decoded::Inf { neg } if neg != np => invalid(f),
            _ => infinity(f, np),
        };
    }
    if let Decoded::Inf { neg } = dc {
        return infinity(f, neg);
    }
    match (prod_zero, dc) {
        (true, Decoded::Zero { neg }) => zero(f, if neg == np { np } else { cancel_sign(mode) }),
        (true, Decoded::Finite { .. }) => quiet(f, c),
        (false, Decoded::Zero { .. }) | (false, Decoded::Finite { .. }) => {
            let (ma, ea, mb, eb) = match (da, db) {
                (Decoded::Finite { m: ma, e: ea, .. }, Decoded::Finite { m: mb, e: eb, .. }) => {
                    (ma, ea, mb, eb)
                }
                _ => unreachable!(),
            };
            let mp = ma as u128 * mb as u128;
            let ep = ea as i64 + eb as i64;
            match dc {
                Decoded::Zero { .. } => round_value(f, np, mp, ep, false, mode).bits,
                Decoded::Finite { neg, m, e } => {
                    let s = add_exact(np, mp, ep, neg, m as u128, e as i64);
                    if s.m == 0 && !s.sticky {
                        zero(f, cancel_sign(mode))
                    } else {
                        round_value(f, s.neg, s.m, s.e, s.sticky, mode).bits
                    }
                }
                _ => unreachable!(),
            }
        }
        _ => unreachable!(),
    }
}

/// StableHLO `remainder` on floats: C `fmod`, exact (see the module doc).
pub fn remainder(f: &Format, a: u64, b: u64) -> u64 {
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    let (da, db) = (f.decode(a), f.decode(b));
    match (da, db) {
        (Decoded::Inf { .. }, _) | (_, Decoded::Zero { .. }) => invalid(f),
        (Decoded::Zero { .. }, _) | (Decoded::Finite { .. }, Decoded::Inf { .. }) => {
            a & f.all_mask()
        }
        (
            Decoded::Finite {
                neg: na,
                m: ma,
                e: ea,
            },
            Decoded::Finite { m: mb, e: eb, .. },
        ) => {
            let (ma, mb) = (ma as u128, mb as u128);
            // |a| = ma·2^ea, |b| = mb·2^eb; the remainder is a multiple of
            // 2^min(ea, eb) below |b|.
            let (r, e) = if ea >= eb {
                let mut r = ma % mb;
                let mut k = (ea - eb) as u32;
                while k > 0 && r != 0 {
                    let s = k.min(64);
                    r = (r << s) % mb;
                    k -= s;
                }
                (r, eb)
            } else {
                let shift = (eb - ea) as u32;
                if shift >= 64 || (mb << shift) > ma {
                    // |b| > |a|.
                    return a & f.all_mask();
                }
                (ma % (mb << shift), ea)
            };
            if r == 0 {
                zero(f, na)
            } else {
                round_value(f, na, r, e as i64, false, Rounding::NearestEven).bits
            }
        }
        _ => unreachable!(),
    }
}

// ---------------------------------------------------------------------------
// Comparisons, maximum, minimum
// ---------------------------------------------------------------------------

/// A key whose integer order is IEEE totalOrder on `f`'s patterns (the
/// unsigned NaN of FNUZ formats sorts above everything).
pub fn total_order_key(f: &Format, bits: u64) -> i64 {
    let bits = bits & f.all_mask();
    if f.nan == NanEncoding::NegativeZero && f.is_nan(bits) {
        return i64::MAX;
    }
    let mag = (bits & f.mag_mask()) as i64;
    if f.is_negative(bits) {
        -mag - 1
    } else {
        mag
    }
}

/// IEEE numeric comparison: `None` if either is NaN; −0 = +0.
pub fn compare(f: &Format, a: u64, b: u64) -> Option<Ordering> {
    if f.is_nan(a) || f.is_nan(b) {
        return None;
    }
    let key = |x: u64| {
        if f.is_zero(x) {
            0
        } else {
            total_order_key(f, x)
        }
    };
    Some(key(a).cmp(&key(b)))
}

/// IEEE totalOrder comparison.
pub fn compare_total(f: &Format, a: u64, b: u64) -> Ordering {
    total_order_key(f, a).cmp(&total_order_key(f, b))
}

/// A comparison direction of StableHLO `compare`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Equal.
    Eq,
    /// Not equal.
    Ne,
    /// Greater or equal.
    Ge,
    /// Greater.
    Gt,
    /// Less or equal.
    Le,
    /// Less.
    Lt,
}

impl Direction {
    /// Whether an ordering (`None`: unordered) satisfies the direction;
    /// unordered satisfies only `Ne`.
    pub fn holds(self, ord: Option<Ordering>) -> bool {
        match ord {
            None => self == Direction::Ne,
            Some(o) => match self {
                Direction::Eq => o == Ordering::Equal,
                Direction::Ne => o != Ordering::Equal,
                Direction::Ge => o != Ordering::Less,
                Direction::Gt => o == Ordering::Greater,
                Direction::Le => o != Ordering::Greater,
                Direction::Lt => o == Ordering::Less,
            },
        }
    }
}

/// StableHLO `compare` on floats: `total` selects `TOTALORDER`, otherwise
/// `FLOAT` (quiet IEEE comparisons).
pub fn compare_op(f: &Format, a: u64, b: u64, dir: Direction, total: bool) -> bool {
    let ord = if total {
        Some(compare_total(f, a, b))
    } else {
        compare(f, a, b)
    };
    dir.holds(ord)
}

/// IEEE-754 (2019) maximum: NaN propagates, −0 < +0.
pub fn maximum(f: &Format, a: u64, b: u64) -> u64 {
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    if total_order_key(f, a) >= total_order_key(f, b) {
        a & f.all_mask()
    } else {
        b & f.all_mask()
    }
}

/// IEEE-754 (2019) minimum: NaN propagates, −0 < +0.
pub fn minimum(f: &Format, a: u64, b: u64) -> u64 {
    if f.is_nan(a) || f.is_nan(b) {
        return propagate(f, a, b);
    }
    if total_order_key(f, a) <= total_order_key(f, b) {
        a & f.all_mask()
    } else {
        b & f.all_mask()
    }
}

// ---------------------------------------------------------------------------
// Sign manipulation
// ---------------------------------------------------------------------------

/// Absolute value (sign bit cleared; see the module doc for NaN).
pub fn abs(f: &Format, a: u64) -> u64 {
    if f.nan == NanEncoding::NegativeZero && f.is_nan(a) {
        return a & f.all_mask();
    }
    a & f.mag_mask()
}

/// Negation (sign bit flipped; see the module doc for FNUZ and f8E8M0FNU).
pub fn negate(f: &Format, a: u64) -> u64 {
    let a = a & f.all_mask();
    if f.is_nan(a) && f.nan != NanEncoding::Ieee && f.nan != NanEncoding::AllOnes {
        return a;
    }
    if !f.signed {
        return invalid(f);
    }
    if f.nan == NanEncoding::NegativeZero && a == 0 {
        return 0;
    }
    a ^ f.sign_mask()
}

/// StableHLO `sign`: NaN (quieted) for NaN, ±0 for ±0, else ±1.0.
pub fn sign(f: &Format, a: u64) -> u64 {
    match f.decode(a) {
        Decoded::Nan => quiet(f, a),
        Decoded::Zero { .. } => a & f.all_mask(),
        Decoded::Inf { neg } | Decoded::Finite { neg, .. } => {
            round_value(f, neg, 1, 0, false, Rounding::NearestEven).bits
        }
    }
}

/// IEEE isFinite.
pub fn is_finite(f: &Format, a: u64) -> bool {
    f.is_finite(a)
}

#[cfg(test)]
#[path = "arith_tests.rs"]
mod tests;
