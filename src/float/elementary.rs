//! Elementary and special functions of the executor, for every
//! [`FloatKind`]: [`unary`], [`binary`], [`next_after`], and their complex
//! versions [`complex_unary`], [`complex_binary`], [`complex_abs`], and CHLO's
//! [`asin_acos_kernel`].
//!
//! # Which results are correctly rounded
//!
//! | function | f64 | f32 | narrower (tf32, f16, bf16, f8, f6, f4) |
//! |---|---|---|---|
//! | exp expm1 log log1p sin cos tan tanh sinh cosh asin acos atan asinh acosh atanh cbrt rsqrt erf erfc lgamma | correctly rounded (CORE-MATH) | correctly rounded (CORE-MATH) | correctly rounded |
//! | sqrt | correctly rounded ([`arith::sqrt`]) | same | same |
//! | pow atan2 (and hypot, [`complex_abs`]) | correctly rounded (CORE-MATH) | same | correctly rounded |
//! | logistic, erf_inv, digamma, bessel_i1e, polygamma, zeta | correctly rounded ([`ziv`]) | correctly rounded ([`ziv`]) | correctly rounded ([`ziv`], decided against the target format: no double rounding) |
//! | next_after | exact | exact | exact |
//!
//! The functions of the [`ziv`] module are evaluated in ball arithmetic
//! (f64 balls for formats narrower than f64, then double-double balls,
//! then big-integer balls of 128 to 1024 bits), each series with a proven
//! remainder bound, and the ball is rounded directly into the target
//! format once all its points round alike; the module documents the
//! method, the cap, the exact cases and each function's poles and limits.
//! Their tests (`ziv_tests.rs`) check 10,000 values of
//! `elementary_reference.txt` (written by `elementary_reference.py` with
//! mpmath: each function's correctly rounded value in f64, f32, f16 and
//! bf16, hard cases included) and every input of the 8- and 16-bit
//! formats against the multi-precision path alone. CHLO's
//! `_asin_acos_kernel` and the complex asin, acos, asinh and acosh keep
//! measured bounds: `asin_acos_kernel_reference.txt` and `.py` with
//! `asin_acos_kernel_errors_are_within_documented_bounds` and the bounds
//! [`ASIN_ACOS_KERNEL_F64_ULP`] and [`ASIN_ACOS_KERNEL_F32_ULP`];
//! `complex_inverse_reference.txt` and `.py` with
//! `complex_inverse_function_errors_are_within_documented_bounds` and
//! [`COMPLEX_INVERSE_F64_ULP`] and [`COMPLEX_INVERSE_F32_ULP`]:
//!
//! | function | samples, domain | measured max | asserted bound |
//! |---|---|---|---|
//! | `_asin_acos_kernel` (CHLO, complex; [`asin_acos_kernel`]), each part in ulps of that part | 2520 complex<f64> and 1020 complex<f32>; \|z\| from the smallest subnormal to the largest finite value, z near ±1, small \|Im z\| with \|Re z\| below and above 1, the axes | complex<f64>: real 0.49990, imaginary 0.99825; complex<f32>: 0.49999999, 0.49999566 | complex<f64>: 0.501, 1.001; complex<f32>: 0.501 |
//! | complex asin, acos, asinh, acosh ([`complex_unary`]), each part in ulps of that part | 1734 per function (1242 `complex<f64>`, 492 `complex<f32>`); the same regions, also z near ±i, both signs of zero on the axes | `complex<f64>`: 0.96164 (acosh real part; the others 0.843 to 0.945); `complex<f32>`: 0.49976 | `complex<f64>`: 1.001; `complex<f32>`: 0.501 |
//!
//! erf, erfc and lgamma come from CORE-MATH in f64 and f32; in narrower
//! formats the correctly rounded f64 value is rounded once more, which is
//! correct except at a rounding boundary of the narrow format, where the
//! side is found exactly (next section): so they too are decided against
//! the target format.
//!
//! # Narrow formats: why rounding the f64 result is correct
//!
//! For a format of precision `p ≤ 24` (every format here but f64 and f32,
//! which call CORE-MATH in their own precision), let `y = RN₅₃(f(x))`, the
//! correctly rounded f64 value. Every rounding boundary of the narrow
//! format (a midpoint between two neighbours, including the one between
//! the largest finite value and the next power, where overflow starts, and
//! the one between 0 and the smallest subnormal) has at most `p + 1 ≤ 25`
//! significant bits and lies far inside f64's normal range, so it is an f64
//! number. If a boundary `m` lay strictly between `f(x)` and `y`, then `m`
//! would be an f64 number closer to `f(x)` than `y`, contradicting
//! `y = RN₅₃(f(x))`. So `f(x)` and `y` are on the same side of every
//! boundary, and round the same way, unless `y` *is* a boundary. That case
//! is detected (the rounding reports a tie) and resolved exactly: CORE-MATH
//! is correctly rounded in every IEEE rounding direction, so the function
//! is evaluated once more rounding down and once rounding up (see
//! [`directed`]). If both agree, `f(x) = y` exactly and the tie rule
//! applies; otherwise `f(x)` lies strictly between them and `y` is one of
//! them, which tells on which side of the boundary `f(x)` lies.
//!
//! CORE-MATH is built without `-frounding-math`, so the C compiler folds
//! its constant-only expressions in round-to-nearest; those are the
//! special-case returns (overflow, underflow, ±1, π/2 − tiny, …), whose
//! values are never boundaries of a narrow format (they are 0, ±tiny,
//! ±huge, or constants with full 53-bit significands). The directed
//! evaluations happen only at boundaries, in the main paths, where the
//! rounding is done by run-time operations.
//!
//! One more place where the f64 value loses information: an f64 underflow
//! to 0 of a positive result, in f8E8M0FNU (no zero; a positive value
//! below 2^-127 gives 2^-127). Its inputs are the powers of two from
//! 2^-127 to 2^127; of the functions here only erfc (of a large argument)
//! and pow underflow there, and both are positive; every other zero there
//! is exact (log(1), lgamma(1), acos(1), …) and gives NaN.
//!
//! # Special values and conventions
//!
//! * A NaN operand gives that NaN, quieted (the first NaN operand for the
//!   binary functions), as in [`arith`]; exceptions are IEEE's: pow(x, ±0)
//!   = 1 and pow(1, y) = 1 for every x, y, NaN included.
//! * A domain error (log of a negative number, asin(2), …) gives the
//!   canonical NaN, or +0 in formats without NaN ([`arith::invalid`]).
//! * Infinite results (log(0) = −∞, overflow) in formats without ∞ give NaN
//!   with the sign of the infinity where the format has NaN, else ±max
//!   finite ([`round_value`](super::round_value)); −0 becomes +0 in FNUZ
//!   formats; in f8E8M0FNU zero and negative results are NaN and positive
//!   results below 2^-127 are 2^-127.
//! * Pole values follow IEEE-754 §9.2: log(±0) = −∞, rsqrt(±0) = ±∞,
//!   atanh(±1) = ±∞, lgamma at non-positive integers = +∞.

use super::arith::{self, invalid, quiet};
use super::decimal::{from_f64_rounded, to_f64};
use super::round::Rounding;
use super::{FloatKind, Format};
use std::cmp::Ordering;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

pub use super::complex::{
    asin_acos_kernel, complex_abs, complex_binary, complex_unary, ASIN_ACOS_KERNEL_F32_ULP,
    ASIN_ACOS_KERNEL_F64_ULP, COMPLEX_ATANH_F32_ULP, COMPLEX_ATANH_F64_ULP,
    COMPLEX_INVERSE_F32_ULP, COMPLEX_INVERSE_F64_ULP,
};
use super::ziv;

/// A function of one real argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unary {
    /// e^x (`stablehlo.exponential`).
    Exp,
    /// e^x − 1 (`stablehlo.exponential_minus_one`).
    Expm1,
    /// Natural logarithm (`stablehlo.log`).
    Log,
    /// ln(1 + x) (`stablehlo.log_plus_one`).
    Log1p,
    /// 1 / (1 + e^−x) (`stablehlo.logistic`).
    Logistic,
    /// Sine (`stablehlo.sine`).
    Sin,
    /// Cosine (`stablehlo.cosine`).
    Cos,
    /// Tangent (`stablehlo.tan`, `chlo.tan`).
    Tan,
    /// Hyperbolic tangent (`stablehlo.tanh`).
    Tanh,
    /// Cube root, IEEE rootn(x, 3) (`stablehlo.cbrt`).
    Cbrt,
    /// 1/√x, IEEE rSqrt (`stablehlo.rsqrt`).
    Rsqrt,
    /// √x, IEEE squareRoot (`stablehlo.sqrt`).
    Sqrt,
    /// Arc cosine (`chlo.acos`).
    Acos,
    /// Inverse hyperbolic cosine (`chlo.acosh`).
    Acosh,
    /// Arc sine (`chlo.asin`).
    Asin,
    /// Inverse hyperbolic sine (`chlo.asinh`).
    Asinh,
    /// Arc tangent (`chlo.atan`).
    Atan,
    /// Inverse hyperbolic tangent (`chlo.atanh`).
    Atanh,
    /// Hyperbolic cosine (`chlo.cosh`).
    Cosh,
    /// Hyperbolic sine (`chlo.sinh`).
    Sinh,
    /// Error function (`chlo.erf`).
    Erf,
    /// Complementary error function (`chlo.erfc`).
    Erfc,
    /// Inverse error function (`chlo.erf_inv`).
    ErfInv,
    /// ln|Γ(x)| (`chlo.lgamma`).
    Lgamma,
    /// ψ(x) = Γ'(x)/Γ(x) (`chlo.digamma`).
    Digamma,
    /// e^−|x| I₁(x) (`chlo.bessel_i1e`).
    BesselI1e,
}

impl Unary {
    /// Every unary function.
    pub const ALL: &'static [Unary] = &[
        Unary::Exp,
        Unary::Expm1,
        Unary::Log,
        Unary::Log1p,
        Unary::Logistic,
        Unary::Sin,
        Unary::Cos,
        Unary::Tan,
        Unary::Tanh,
        Unary::Cbrt,
        Unary::Rsqrt,
        Unary::Sqrt,
        Unary::Acos,
        Unary::Acosh,
        Unary::Asin,
        Unary::Asinh,
        Unary::Atan,
        Unary::Atanh,
        Unary::Cosh,
        Unary::Sinh,
        Unary::Erf,
        Unary::Erfc,
        Unary::ErfInv,
        Unary::Lgamma,
        Unary::Digamma,
        Unary::BesselI1e,
    ];

    /// Whether the result is correctly rounded in every format: every
    /// function here is (see the module table).
    pub const fn correctly_rounded(self) -> bool {
        true
    }
}

/// A function of two real arguments.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binary {
    /// atan2(a, b): the angle of the point (b, a) (`stablehlo.atan2`, lhs = y).
    Atan2,
    /// IEEE pow(a, b) (`stablehlo.power` on floats).
    Pow,
    /// ψ⁽ⁿ⁾(x) with n = a (a non-negative integer) and x = b (`chlo.polygamma`).
    Polygamma,
    /// Hurwitz ζ(a, b) = Σₖ (k + b)^−a (`chlo.zeta`, x = a, q = b).
    Zeta,
    /// The neighbour of a in the direction of b (`chlo.next_after`).
    NextAfter,
    /// √(a² + b²), IEEE hypot (used by complex abs).
    Hypot,
}

impl Binary {
    /// Every binary function.
    pub const ALL: &'static [Binary] = &[
        Binary::Atan2,
        Binary::Pow,
        Binary::Polygamma,
        Binary::Zeta,
        Binary::NextAfter,
        Binary::Hypot,
    ];
}

// ---------------------------------------------------------------------------
// Rounding direction of the host, for the directed evaluations
// ---------------------------------------------------------------------------

#[cfg(all(target_arch = "x86_64", unix))]
mod fenv {
    pub const DOWNWARD: i32 = 0x400;
    pub const UPWARD: i32 = 0x800;
}
#[cfg(all(target_arch = "aarch64", unix))]
mod fenv {
    pub const DOWNWARD: i32 = 0x800000;
    pub const UPWARD: i32 = 0x400000;
}

#[cfg(not(all(any(target_arch = "x86_64", target_arch = "aarch64"), unix)))]
compile_error!("elementary.rs knows the <fenv.h> rounding constants of x86_64 and aarch64 Unix targets only; add this target's FE_UPWARD and FE_DOWNWARD");

extern "C" {
    fn fesetround(mode: std::ffi::c_int) -> std::ffi::c_int;
    fn fegetround() -> std::ffi::c_int;
}

/// Evaluates `g(x)` with the host's rounding direction set toward +∞
/// (`up`) or −∞, and restores the previous direction. `g` must be a call
/// into CORE-MATH (C code, correctly rounded in every direction) and
/// nothing else: Rust code itself assumes round-to-nearest, so no Rust
/// floating-point operation happens while the direction is changed (the
/// arguments and result cross `black_box`, and the function is never
/// inlined).
#[inline(never)]
pub(crate) fn directed<A: Copy>(up: bool, g: impl Fn(A) -> f64, x: A) -> f64 {
    let x = std::hint::black_box(x);
    // SAFETY: fesetround/fegetround only change the floating-point control
    // register; the direction is restored before returning.
    unsafe {
        let old = fegetround();
        fesetround(if up { fenv::UPWARD } else { fenv::DOWNWARD });
        let r = std::hint::black_box(g(x));
        fesetround(old);
        r
    }
}

/// Where the exact value `f(x)` lies relative to `y = RN₅₃(f(x))`, found by
/// evaluating `f` rounding down and rounding up.
pub(crate) fn side<A: Copy>(g: impl Fn(A) -> f64 + Copy, x: A, y: f64) -> Ordering {
    let lo = directed(false, g, x);
    let hi = directed(true, g, x);
    if lo == hi {
        Ordering::Equal
    } else if y == lo {
        Ordering::Greater
    } else {
        Ordering::Less
    }
}

/// Rounds into `f` the exact value of a function whose correctly rounded
/// f64 value is `y`; `g` recomputes it in a directed rounding (see the
/// module documentation for why this is the correct rounding).
/// `positive` says the exact value is known to be positive (so an f64
/// underflow to zero stands for a tiny positive value).
pub(crate) fn round_cr<A: Copy>(
    f: &Format,
    y: f64,
    g: impl Fn(A) -> f64 + Copy,
    x: A,
    positive: bool,
) -> u64 {
    if y.is_nan() {
        return invalid(f);
    }
    if y == 0.0 && !f.has_zero {
        // f8E8M0FNU: zero is NaN, a tiny positive value is 2^-127.
        return if positive {
            f.min_positive()
        } else {
            invalid(f)
        };
    }
    let r = from_f64_rounded(f, y, Rounding::NearestEven);
    if !r.tie {
        return r.bits;
    }
    match side(g, x, y) {
        Ordering::Equal => r.bits,
        Ordering::Greater => from_f64_rounded(f, y, Rounding::TowardPositive).bits,
        Ordering::Less => from_f64_rounded(f, y, Rounding::TowardNegative).bits,
    }
}

// ---------------------------------------------------------------------------
// The CORE-MATH kernels
// ---------------------------------------------------------------------------

/// The correctly rounded f64 kernel of `f`, if CORE-MATH has one.
fn cr64(f: Unary) -> Option<fn(f64) -> f64> {
    use core_math as cm;
    Some(match f {
        Unary::Exp => cm::exp,
        Unary::Expm1 => cm::expm1,
        Unary::Log => cm::log,
        Unary::Log1p => cm::log1p,
        Unary::Sin => cm::sin,
        Unary::Cos => cm::cos,
        Unary::Tan => cm::tan,
        Unary::Tanh => cm::tanh,
        Unary::Cbrt => cm::cbrt,
        Unary::Rsqrt => cm::rsqrt,
        Unary::Acos => cm::acos,
        Unary::Acosh => cm::acosh,
        Unary::Asin => cm::asin,
        Unary::Asinh => cm::asinh,
        Unary::Atan => cm::atan,
        Unary::Atanh => cm::atanh,
        Unary::Cosh => cm::cosh,
        Unary::Sinh => cm::sinh,
        Unary::Erf => cm::erf,
        Unary::Erfc => cm::erfc,
        Unary::Lgamma => cm::lgamma,
        Unary::Logistic | Unary::Sqrt | Unary::ErfInv | Unary::Digamma | Unary::BesselI1e => {
            return None
        }
    })
}

/// The correctly rounded f32 kernel of `f`, if CORE-MATH has one.
pub(crate) fn cr32(f: Unary) -> Option<fn(f32) -> f32> {
    use core_math as cm;
    Some(match f {
        Unary::Exp => cm::expf,
        Unary::Expm1 => cm::expm1f,
        Unary::Log => cm::logf,
        Unary::Log1p => cm::log1pf,
        Unary::Sin => cm::sinf,
        Unary::Cos => cm::cosf,
        Unary::Tan => cm::tanf,
        Unary::Tanh => cm::tanhf,
        Unary::Cbrt => cm::cbrtf,
        Unary::Rsqrt => cm::rsqrtf,
        Unary::Acos => cm::acosf,
        Unary::Acosh => cm::acoshf,
        Unary::Asin => cm::asinf,
        Unary::Asinh => cm::asinhf,
        Unary::Atan => cm::atanf,
        Unary::Atanh => cm::atanhf,
        Unary::Cosh => cm::coshf,
        Unary::Sinh => cm::sinhf,
        Unary::Erf => cm::erff,
        Unary::Erfc => cm::erfcf,
        Unary::Lgamma => cm::lgammaf,
        Unary::Logistic | Unary::Sqrt | Unary::ErfInv | Unary::Digamma | Unary::BesselI1e => {
            return None
        }
    })
}

/// The result bits of an f64 computation in f64: NaN results become the
/// quieted NaN operand or the canonical NaN.
#[inline]
fn finish64(r: f64, x: u64) -> u64 {
    if r.is_nan() {
        if f64::from_bits(x).is_nan() {
            quiet(FloatKind::F64.format(), x)
        } else {
            invalid(FloatKind::F64.format())
        }
    } else {
        r.to_bits()
    }
}

#[inline]
fn finish32(r: f32, x: u64) -> u64 {
    if r.is_nan() {
        if f32::from_bits(x as u32).is_nan() {
            quiet(FloatKind::F32.format(), x)
        } else {
            invalid(FloatKind::F32.format())
        }
    } else {
        r.to_bits() as u64
    }
}

/// `f(x)` correctly rounded (or as the module table says) in `kind`; `x`
/// and the result are bit patterns of `kind` (bits above its width are
/// ignored).
///
/// ```
/// use hlocheck::float::{elementary::{unary, Unary}, FloatKind};
/// // exp(1) in f32 is 0x402DF854 (2.7182817).
/// assert_eq!(unary(FloatKind::F32, Unary::Exp, 0x3F80_0000), 0x402D_F854);
/// ```
#[inline]
pub fn unary(kind: FloatKind, f: Unary, x: u64) -> u64 {
    match kind {
        FloatKind::F64 => {
            if let Some(g) = cr64(f) {
                return finish64(g(f64::from_bits(x)), x);
            }
        }
        FloatKind::F32 => {
            let x = x & 0xFFFF_FFFF;
            if let Some(g) = cr32(f) {
                return finish32(g(f32::from_bits(x as u32)), x);
            }
        }
        _ => {}
    }
    unary_slow(kind, f, x)
}

/// [`unary`] over a slice: `out[i] = f(xs[i])` (the shorter length wins).
pub fn unary_slice(kind: FloatKind, f: Unary, xs: &[u64], out: &mut [u64]) {
    match (kind, cr32(f), cr64(f)) {
        (FloatKind::F32, Some(g), _) => {
            for (o, &x) in out.iter_mut().zip(xs) {
                let x = x & 0xFFFF_FFFF;
                *o = finish32(g(f32::from_bits(x as u32)), x);
            }
        }
        (FloatKind::F64, _, Some(g)) => {
            for (o, &x) in out.iter_mut().zip(xs) {
                *o = finish64(g(f64::from_bits(x)), x);
            }
        }
        _ => {
            let mask = kind.format().all_mask();
            if let Some(t) = unary_table(kind, f, xs.len()) {
                for (o, &x) in out.iter_mut().zip(xs) {
                    *o = t[(x & mask) as usize] as u64;
                }
                return;
            }
            if let Some(t) = unary_memo(kind, f) {
                for (o, &x) in out.iter_mut().zip(xs) {
                    let i = (x & mask) as usize;
                    *o = match t[i].load(Relaxed) {
                        NOT_YET => {
                            let r = unary(kind, f, x & mask);
                            // Every result of a format of at most 16 bits
                            // fits, and none is the marker.
                            if let Ok(v) = u32::try_from(r) {
                                t[i].store(v, Relaxed);
                            }
                            r
                        }
                        v => v as u64,
                    };
                }
                return;
            }
            for (o, &x) in out.iter_mut().zip(xs) {
                *o = unary(kind, f, x);
            }
        }
    }
}

/// Tables of [`unary`] on formats of at most 16 bits, one entry per
/// pattern, built once by [`unary`] itself (so they are correct by
/// construction) and kept for the life of the process.
type Tables = std::collections::HashMap<(FloatKind, Unary), &'static [u32]>;
static TABLES: std::sync::Mutex<Option<Tables>> = std::sync::Mutex::new(None);

/// The table of `f` on `kind` for a slice of `n` elements: formats of at
/// most 8 bits always (256 entries); 16-bit formats when the table exists
/// or `n` is large enough to pay for building it (65,536 entries).
fn unary_table(kind: FloatKind, f: Unary, n: usize) -> Option<&'static [u32]> {
    let bits = kind.format().bits();
    if bits > 16 {
        return None;
    }
    let mut guard = TABLES.lock().ok()?;
    let tables = guard.get_or_insert_with(Default::default);
    if let Some(t) = tables.get(&(kind, f)) {
        return Some(t);
    }
    if bits > 8 && n < 4096 {
        return None;
    }
    let mut t = Vec::with_capacity(1 << bits);
    for x in 0..1u64 << bits {
        let r = unary(kind, f, x);
        t.push(u32::try_from(r).ok()?);
    }
    let t: &'static [u32] = Box::leak(t.into_boxed_slice());
    tables.insert((kind, f), t);
    Some(t)
}

/// Memos of [`unary`] on the 16-bit formats until their table is built:
/// one entry per pattern, each filled with `unary`'s own result the first
/// time the pattern is met (by whichever thread: all store the same value),
/// so a tensor pays for its distinct values only. Kept for the life of the
/// process.
type Memos = std::collections::HashMap<(FloatKind, Unary), &'static [AtomicU32]>;
static MEMOS: std::sync::Mutex<Option<Memos>> = std::sync::Mutex::new(None);

/// A memo entry not filled yet (no result of a format of at most 16 bits).
const NOT_YET: u32 = u32::MAX;

/// The memo of `f` on `kind` (formats of 9 to 16 bits).
fn unary_memo(kind: FloatKind, f: Unary) -> Option<&'static [AtomicU32]> {
    let bits = kind.format().bits();
    if !(9..=16).contains(&bits) {
        return None;
    }
    let mut guard = MEMOS.lock().ok()?;
    let memos = guard.get_or_insert_with(Default::default);
    let t = memos.entry((kind, f)).or_insert_with(|| {
        let t: Vec<AtomicU32> = (0..1u32 << bits).map(|_| AtomicU32::new(NOT_YET)).collect();
        Box::leak(t.into_boxed_slice())
    });
    Some(t)
}

fn unary_slow(kind: FloatKind, f: Unary, x: u64) -> u64 {
    let fmt = kind.format();
    let x = x & fmt.all_mask();
    if f == Unary::Sqrt {
        return arith::sqrt(fmt, x, Rounding::NearestEven);
    }
    if fmt.is_nan(x) {
        return quiet(fmt, x);
    }
    let xd = to_f64(kind, x);
    match f {
        Unary::Logistic => return ziv::logistic(kind, xd),
        Unary::ErfInv => return ziv::erf_inv(kind, xd),
        Unary::Digamma => return ziv::digamma(kind, xd),
        Unary::BesselI1e => return ziv::bessel_i1e(kind, xd),
        _ => {}
    }
    match cr64(f) {
        // f32 and f64 never get here with a CORE-MATH kernel.
        Some(g) => round_cr(fmt, g(xd), g, xd, matches!(f, Unary::Exp | Unary::Erfc)),
        None => invalid(fmt),
    }
}

// ---------------------------------------------------------------------------
// Binary functions
// ---------------------------------------------------------------------------

fn cr64_binary(f: Binary) -> Option<fn(f64, f64) -> f64> {
    Some(match f {
        Binary::Atan2 => core_math::atan2,
        Binary::Pow => core_math::pow,
        Binary::Hypot => core_math::hypot,
        _ => return None,
    })
}

fn cr32_binary(f: Binary) -> Option<fn(f32, f32) -> f32> {
    Some(match f {
        Binary::Atan2 => core_math::atan2f,
        Binary::Pow => core_math::powf,
        Binary::Hypot => core_math::hypotf,
        _ => return None,
    })
}

/// The NaN result of a binary function: the first NaN operand quieted, else
/// the canonical NaN.
fn nan2(f: &Format, a: u64, b: u64) -> u64 {
    if f.is_nan(a) {
        quiet(f, a)
    } else if f.is_nan(b) {
        quiet(f, b)
    } else {
        invalid(f)
    }
}

/// `f(a, b)` in `kind` (bit patterns; bits above the width are ignored).
///
/// * `Atan2`, `Pow`, `Hypot`: correctly rounded, IEEE-754 §9.2 special
///   cases (pow(x, ±0) = 1, pow(1, y) = 1, pow(−∞, y), hypot(±∞, NaN) = +∞,
///   atan2 of signed zeros and infinities).
/// * `NextAfter`: exact, see [`next_after`].
/// * `Polygamma`, `Zeta`: correctly rounded, see [`ziv::polygamma`] and
///   [`ziv::zeta`] (conventions at poles and outside the domain).
#[inline]
pub fn binary(kind: FloatKind, f: Binary, a: u64, b: u64) -> u64 {
    match kind {
        FloatKind::F64 => {
            if let Some(g) = cr64_binary(f) {
                let r = g(f64::from_bits(a), f64::from_bits(b));
                return if r.is_nan() {
                    nan2(kind.format(), a, b)
                } else {
                    r.to_bits()
                };
            }
        }
        FloatKind::F32 => {
            if let Some(g) = cr32_binary(f) {
                let (a, b) = (a & 0xFFFF_FFFF, b & 0xFFFF_FFFF);
                let r = g(f32::from_bits(a as u32), f32::from_bits(b as u32));
                return if r.is_nan() {
                    nan2(kind.format(), a, b)
                } else {
                    r.to_bits() as u64
                };
            }
        }
        _ => {}
    }
    binary_slow(kind, f, a, b)
}

fn binary_slow(kind: FloatKind, f: Binary, a: u64, b: u64) -> u64 {
    let fmt = kind.format();
    let (a, b) = (a & fmt.all_mask(), b & fmt.all_mask());
    if f == Binary::NextAfter {
        return next_after(kind, a, b);
    }
    let (ad, bd) = (to_f64(kind, a), to_f64(kind, b));
    match cr64_binary(f) {
        Some(g) => {
            let y = g(ad, bd);
            if y.is_nan() {
                return nan2(fmt, a, b);
            }
            let positive = f == Binary::Pow && ad > 0.0;
            round_cr(fmt, y, |(p, q)| g(p, q), (ad, bd), positive)
        }
        None => {
            if fmt.is_nan(a) || fmt.is_nan(b) {
                return nan2(fmt, a, b);
            }
            match f {
                Binary::Polygamma => ziv::polygamma(kind, ad, bd),
                _ => ziv::zeta(kind, ad, bd),
            }
        }
    }
}

/// IEEE nextAfter(a, b), exact in every format: NaN operands propagate
/// (the first, quieted); if a = b (numerically, so ±0 = ∓0) the result is
/// b; otherwise the neighbour of a toward b. Stepping from a zero gives the
/// smallest subnormal of b's sign; stepping toward zero from the smallest
/// subnormal gives a zero of a's sign (+0 in FNUZ formats, which have no
/// −0); stepping up from the largest finite value gives ∞ (formats with ∞;
/// elsewhere b cannot lie beyond it). In f8E8M0FNU the values are the
/// powers of two 2^-127 … 2^127.
pub fn next_after(kind: FloatKind, a: u64, b: u64) -> u64 {
    let f = kind.format();
    let (a, b) = (a & f.all_mask(), b & f.all_mask());
    if f.is_nan(a) || f.is_nan(b) {
        return nan2(f, a, b);
    }
    let up = match arith::compare(f, a, b) {
        Some(Ordering::Equal) | None => return b,
        Some(Ordering::Less) => true,
        Some(Ordering::Greater) => false,
    };
    if f.is_zero(a) {
        let sign = if up { 0 } else { f.sign_mask() };
        return sign | 1;
    }
    let neg = f.is_negative(a);
    let mag = a & f.mag_mask();
    let sign = a & f.sign_mask();
    if up != neg {
        sign | (mag + 1).min(f.mag_mask())
    } else if mag <= 1 && f.has_zero {
        arith::zero(f, neg)
    } else {
        sign | mag.saturating_sub(1)
    }
}
