//! Passes over blocks of lanes compiled for the machine's vector unit.
//!
//! Each pass is one loop body written once, compiled three times (for
//! AVX-512, for AVX2 and for the baseline target) and chosen at run time
//! by the features the processor reports. Every pass computes what the
//! kernels' per-lane rules compute on the lanes it can settle with plain
//! hardware arithmetic, and reports whether any lane needs the per-lane
//! rule instead (a NaN, or a result outside the range the pass rounds);
//! the callers then redo those lanes by the per-lane rule, so the bits are
//! the per-lane rule's on every lane. Nothing here is approximate: the
//! passes only let the compiler keep several lanes in one register.
//!
//! Lanes are `u64`s holding an element's bits (see `words.rs`); a lane of
//! an f32 holds the 32 bits in its low half, a bf16 its 16 low bits.

use super::elementwise::{int_formulas, int_lane, IntOp};
use super::tensor::IntKind;
use crate::float::fast::Narrow;
use crate::float::FloatKind;

/// The vector extensions found at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Isa {
    Base,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

/// The vector extensions of this machine, found once: `Avx512` needs
/// AVX-512 F, VL, DQ and BW with AVX2 and FMA, `Avx2` needs AVX2 and FMA
/// (what the passes are compiled with), each with the register state the
/// operating system saves (XCR0).
pub(super) fn isa() -> Isa {
    static FOUND: std::sync::OnceLock<Isa> = std::sync::OnceLock::new();
    *FOUND.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            detect()
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Isa::Base
        }
    })
}

/// Reads `cpuid` leaves 0, 1 and 7 and XCR0: three `cpuid`s. The standard
/// library's detection runs about a dozen, and in a virtual machine each
/// one is a trip to the hypervisor of some microseconds, a cost every run
/// of a small program paid.
#[cfg(target_arch = "x86_64")]
fn detect() -> Isa {
    use std::arch::x86_64::{__cpuid, __cpuid_count};
    let bit = |r: u32, b: u32| r & (1 << b) != 0;
    // Leaf 0 gives the highest leaf there is.
    if __cpuid(0).eax < 7 {
        return Isa::Base;
    }
    let (l1, l7) = (__cpuid(1), __cpuid_count(7, 0));
    // FMA, OSXSAVE (XGETBV usable) and AVX.
    if !(bit(l1.ecx, 12) && bit(l1.ecx, 27) && bit(l1.ecx, 28)) {
        return Isa::Base;
    }
    /// XCR0: which register state the operating system saves.
    #[target_feature(enable = "xsave")]
    fn xcr0() -> u64 {
        // SAFETY: OSXSAVE is set, so XGETBV is enabled.
        unsafe { std::arch::x86_64::_xgetbv(0) }
    }
    // SAFETY: OSXSAVE is set, so the processor has XSAVE.
    let xcr0 = unsafe { xcr0() };
    // SSE and AVX state; then opmask and both halves of the ZMM registers.
    let ymm = xcr0 & 0b110 == 0b110;
    let zmm = xcr0 & 0b1110_0000 == 0b1110_0000;
    let avx2 = bit(l7.ebx, 5);
    // AVX-512 F, DQ, BW and VL.
    let avx512 = [16, 17, 30, 31].iter().all(|&b| bit(l7.ebx, b));
    match (ymm && avx2, zmm && avx512) {
        (true, true) => Isa::Avx512,
        (true, false) => Isa::Avx2,
        _ => Isa::Base,
    }
}

/// Defines `pub(crate) fn NAME(ARGS) -> R` whose body is compiled for each
/// [`Isa`] and dispatched at run time. The body must be safe code; only the
/// instruction set it is compiled for differs.
macro_rules! multiversion {
    ($(#[$meta:meta])* fn $name:ident($($a:ident: $t:ty),*) -> $r:ty $body:block) => {
        $(#[$meta])*
        pub(crate) fn $name($($a: $t),*) -> $r {
            #[inline(always)]
            fn inner($($a: $t),*) -> $r $body
            #[cfg(target_arch = "x86_64")]
            {
                #[target_feature(enable = "avx512f,avx512vl,avx512dq,avx512bw,avx2,fma")]
                unsafe fn v512($($a: $t),*) -> $r {
                    inner($($a),*)
                }
                #[target_feature(enable = "avx2,fma")]
                unsafe fn v256($($a: $t),*) -> $r {
                    inner($($a),*)
                }
                match isa() {
                    // SAFETY: the processor reported these features.
                    Isa::Avx512 => return unsafe { v512($($a),*) },
                    // SAFETY: as above.
                    Isa::Avx2 => return unsafe { v256($($a),*) },
                    Isa::Base => {}
                }
            }
            inner($($a),*)
        }
    };
}

// ---------------------------------------------------------------------------
// Binary arithmetic
// ---------------------------------------------------------------------------

/// `o[i] = op(xs[i], ys[i])` in f32 hardware arithmetic (round to nearest
/// even); true when some result is a NaN (whose lane the caller redoes).
#[inline(always)]
fn f32_pass(xs: &[u64], ys: &[u64], o: &mut [u64], op: impl Fn(f32, f32) -> f32) -> bool {
    let n = o.len().min(xs.len()).min(ys.len());
    let (xs, ys, o) = (&xs[..n], &ys[..n], &mut o[..n]);
    let mut nan = false;
    for i in 0..n {
        let r = op(f32::from_bits(xs[i] as u32), f32::from_bits(ys[i] as u32));
        nan |= r.is_nan();
        o[i] = r.to_bits() as u64;
    }
    nan
}

/// `o[i]` = the greater (`MAX`) or lesser of `xs[i]` and `ys[i]` in IEEE
/// total order, the first on a tie: 32-bit patterns, or 16-bit ones
/// (`SHIFT` 16) compared widened to the high half, which keeps their
/// order; `INF` is the widened infinity. For operands that are not NaN this
/// is `elementwise::pick_lane`; true when some operand is a NaN (the caller
/// redoes the block by that rule).
#[inline(always)]
fn pick_pass<const MAX: bool, const SHIFT: u32, const INF: u32>(
    xs: &[u64],
    ys: &[u64],
    o: &mut [u64],
) -> bool {
    let n = o.len().min(xs.len()).min(ys.len());
    let (xs, ys, o) = (&xs[..n], &ys[..n], &mut o[..n]);
    let key = |v: u32| {
        let i = v as i32;
        i ^ (((i >> 31) as u32) >> 1) as i32
    };
    let mut nan = false;
    for i in 0..n {
        let (a, b) = ((xs[i] as u32) << SHIFT, (ys[i] as u32) << SHIFT);
        nan |= (a & 0x7FFF_FFFF > INF) | (b & 0x7FFF_FFFF > INF);
        let first = if MAX {
            key(a) >= key(b)
        } else {
            key(a) <= key(b)
        };
        o[i] = u64::from(if first { a } else { b } >> SHIFT);
    }
    nan
}

multiversion! {
    /// `maximum` (`max`) or `minimum` of a block of f32, bf16 or f16 lanes
    /// (see [`pick_pass`]): true when some operand is a NaN, or the format
    /// is another (nothing is written then).
    fn pick_floats(kind: FloatKind, max: bool, xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool {
        match (kind, max) {
            (FloatKind::F32, true) => pick_pass::<true, 0, 0x7F80_0000>(xs, ys, o),
            (FloatKind::F32, false) => pick_pass::<false, 0, 0x7F80_0000>(xs, ys, o),
            (FloatKind::BF16, true) => pick_pass::<true, 16, 0x7F80_0000>(xs, ys, o),
            (FloatKind::BF16, false) => pick_pass::<false, 16, 0x7F80_0000>(xs, ys, o),
            (FloatKind::F16, true) => pick_pass::<true, 16, 0x7C00_0000>(xs, ys, o),
            (FloatKind::F16, false) => pick_pass::<false, 16, 0x7C00_0000>(xs, ys, o),
            _ => true,
        }
    }
}

/// [`f32_pass`] in f64.
#[inline(always)]
fn f64_pass(xs: &[u64], ys: &[u64], o: &mut [u64], op: impl Fn(f64, f64) -> f64) -> bool {
    let n = o.len().min(xs.len()).min(ys.len());
    let (xs, ys, o) = (&xs[..n], &ys[..n], &mut o[..n]);
    let mut nan = false;
    for i in 0..n {
        let r = op(f64::from_bits(xs[i]), f64::from_bits(ys[i]));
        nan |= r.is_nan();
        o[i] = r.to_bits();
    }
    nan
}

/// 2^52.
const TWO_52: f64 = 4_503_599_627_370_496.0;

/// The lane of an `f64` rounded to nearest even into a 16-bit IEEE format
/// with `MAN` fraction bits, exponent bias `BIAS` and infinities (bf16:
/// 7, 127; f16: 10, 15), and whether the lane needs the per-lane rule
/// instead (a NaN).
///
/// From the format's smallest normal binade on, the `52 − MAN` low
/// fraction bits are rounded away (a carry into the exponent gives the
/// next binade) and the exponent is rebiased; a pattern past the largest
/// finite one is ∞. Below it, |r| · 2^(BIAS − 1 + MAN) is rounded to an
/// integer, which is the subnormal's pattern (2^MAN when it rounds up to
/// the smallest normal, whose pattern that is; 0 for a zero). The sign is
/// kept in every case.
#[inline(always)]
fn narrow_of_f64<const MAN: u32, const BIAS: i64>(r: f64) -> (u64, bool) {
    let bits = r.to_bits();
    let sign = (bits >> 63) << 15;
    let mag = bits & !(1u64 << 63);
    let e = (mag >> 52) as i64 - 1023;
    let shift = 52 - MAN;
    let rounded = (mag + (1u64 << (shift - 1)) - 1 + ((mag >> shift) & 1)) >> shift;
    let normal = rounded.wrapping_sub(((1023 - BIAS) as u64) << MAN);
    let inf = ((2 * BIAS + 1) as u64) << MAN;
    let scale = f64::from_bits(((1023 + BIAS - 1 + MAN as i64) as u64) << 52);
    // Adding 2^52 rounds a value in [0, 2^52) to an integer, ties to even,
    // which is then the sum's low bits (no float-to-integer conversion,
    // which would not stay in vector registers).
    let sub = ((f64::from_bits(mag) * scale) + TWO_52)
        .to_bits()
        .wrapping_sub(TWO_52.to_bits());
    let pattern = if e < 1 - BIAS {
        sub
    } else if normal >= inf {
        inf
    } else {
        normal
    };
    (pattern | sign, r.is_nan())
}

/// The `f64` value of an f16 lane (exact; NaNs stay NaNs).
#[inline(always)]
fn f16_value(v: u64) -> f64 {
    let s = (v >> 15) & 1;
    let e = (v >> 10) & 0x1F;
    let m = v & 0x3FF;
    let e64 = if e == 0x1F { 2047 } else { e + 1008 };
    let normal = f64::from_bits((s << 63) | (e64 << 52) | (m << 42));
    // m exactly, as (2^52 + m) − 2^52.
    let m64 = f64::from_bits(TWO_52.to_bits() | m) - TWO_52;
    let sub = f64::from_bits((m64 * f64::from_bits((1023 - 24) << 52)).to_bits() | (s << 63));
    if e == 0 {
        sub
    } else {
        normal
    }
}

/// The `f64` value of a bf16 lane (exact).
#[inline(always)]
fn bf16_value(v: u64) -> f64 {
    f32::from_bits(((v as u32) & 0xFFFF) << 16) as f64
}

/// `o[i] = op(xs[i], ys[i])` on lanes of a 16-bit format: both operands
/// are exact in f64 (`value`), the f64 operation rounds once, and
/// [`narrow_of_f64`] rounds that into the format (for + − × ÷ of 8- or
/// 11-bit significands, f64's 53 bits are beyond the 2p + 2 that make
/// the second rounding innocuous, subnormal results included). True when
/// some lane needs the per-lane rule.
#[inline(always)]
fn narrow_pass<const MAN: u32, const BIAS: i64>(
    xs: &[u64],
    ys: &[u64],
    o: &mut [u64],
    value: impl Fn(u64) -> f64,
    op: impl Fn(f64, f64) -> f64,
) -> bool {
    let n = o.len().min(xs.len()).min(ys.len());
    let (xs, ys, o) = (&xs[..n], &ys[..n], &mut o[..n]);
    let mut bad = false;
    for i in 0..n {
        let (lane, b) = narrow_of_f64::<MAN, BIAS>(op(value(xs[i]), value(ys[i])));
        bad |= b;
        o[i] = lane;
    }
    bad
}

#[inline(always)]
fn bf16_pass(xs: &[u64], ys: &[u64], o: &mut [u64], op: impl Fn(f64, f64) -> f64) -> bool {
    narrow_pass::<7, 127>(xs, ys, o, bf16_value, op)
}

#[inline(always)]
fn f16_pass(xs: &[u64], ys: &[u64], o: &mut [u64], op: impl Fn(f64, f64) -> f64) -> bool {
    narrow_pass::<10, 15>(xs, ys, o, f16_value, op)
}

// ---------------------------------------------------------------------------
// f32 exponential
// ---------------------------------------------------------------------------

/// Lanes a pass leaves to the per-lane rule hold this (no f32 result's
/// bits, which fit in 32, are equal to it).
pub(crate) const UNSETTLED: u64 = u64::MAX;

/// f64 constants of [`exp_f32_lane`], by their bits: ln 2 cut to 44
/// significant bits (so `k · LN2_HI` is exact for `|k| < 2^9`), the rest
/// of ln 2 rounded, 1/ln 2 rounded, and 1/n! rounded for n = 2..=13.
const LN2_HI: u64 = 0x3FE6_2E42_FEFA_3800;
const LN2_LO: u64 = 0x3D2E_F357_93C7_6730;
const INV_LN2: u64 = 0x3FF7_1547_652B_82FE;
const INV_FACT: [u64; 12] = [
    0x3FE0_0000_0000_0000,
    0x3FC5_5555_5555_5555,
    0x3FA5_5555_5555_5555,
    0x3F81_1111_1111_1111,
    0x3F56_C16C_16C1_6C17,
    0x3F2A_01A0_1A01_A01A,
    0x3EFA_01A0_1A01_A01A,
    0x3EC7_1DE3_A556_C734,
    0x3E92_7E4F_B778_9F5C,
    0x3E5A_E645_67F5_44E4,
    0x3E21_EED8_EFF8_D898,
    0x3DE6_1246_13A8_6D09,
];

/// e^x of an f32 `x`, correctly rounded to f32, or [`UNSETTLED`].
///
/// In f64: `k` = the integer nearest x/ln 2 (by adding 1.5·2^52, which
/// leaves `k` in the low bits), `r = (x − k·LN2_HI) − k·LN2_LO` with
/// |r| ≤ 0.3466 (the first difference is exact), e^r by its Taylor
/// polynomial of degree 13 (truncation below 2^-56 relative), then
/// multiplied by 2^k, exactly. The error of the f64 result `y` is below
/// 2^-50 relative (Horner's roundings below 5·2^-53 over e^r ≥ 0.707, r's
/// below 2^-54, the coefficients' below 2^-56); it is settled only where
/// even an error of 2^-47 cannot move `y` across a rounding boundary of
/// f32: more than 128 f64 ulps from an f32 midpoint (the boundaries of
/// round-to-nearest-even; rounding `y` then gives the correctly rounded
/// result) and x within [−86, 88], where e^x is a normal f32. Other lanes
/// (NaN, ±∞, under- and overflow, about 1 in 2^21 others) are left to the
/// per-lane rule.
#[inline(always)]
fn exp_f32_lane(x: u64) -> u64 {
    let x = f32::from_bits(x as u32) as f64;
    let in_range = (-86.0..=88.0).contains(&x);
    const SHIFT: f64 = 6755399441055744.0; // 1.5 · 2^52
    let shifted = x * f64::from_bits(INV_LN2) + SHIFT;
    let k = shifted - SHIFT;
    let ki = (shifted.to_bits() as i64).wrapping_sub(SHIFT.to_bits() as i64);
    let r = (x - k * f64::from_bits(LN2_HI)) - k * f64::from_bits(LN2_LO);
    let mut p = f64::from_bits(INV_FACT[11]);
    for c in INV_FACT[..11].iter().rev() {
        p = p * r + f64::from_bits(*c);
    }
    p = p * r + 1.0;
    p = p * r + 1.0;
    let scale = f64::from_bits((ki.wrapping_add(1023) as u64 & 0x7FF) << 52);
    let y = p * scale;
    settled_f32(y, in_range)
}

multiversion! {
    /// f32 `exponential` of a block ([`exp_f32_lane`]): true when some lane
    /// is [`UNSETTLED`].
    fn exp_f32(xs: &[u64], o: &mut [u64]) -> bool { settle(xs, o, exp_f32_lane) }
}

/// `o[i] = lane(xs[i])`; true when some lane is [`UNSETTLED`].
#[inline(always)]
fn settle(xs: &[u64], o: &mut [u64], lane: impl Fn(u64) -> u64) -> bool {
    let mut redo = false;
    for (o, &x) in o.iter_mut().zip(xs) {
        let v = lane(x);
        redo |= v == UNSETTLED;
        *o = v;
    }
    redo
}

/// 1/(2k+1) rounded, for k = 1..=11: the series of atanh.
const INV_ODD: [u64; 11] = [
    0x3FD5_5555_5555_5555,
    0x3FC9_9999_9999_999A,
    0x3FC2_4924_9249_2492,
    0x3FBC_71C7_1C71_C71C,
    0x3FB7_45D1_745D_1746,
    0x3FB3_B13B_13B1_3B14,
    0x3FB1_1111_1111_1111,
    0x3FAE_1E1E_1E1E_1E1E,
    0x3FAA_F286_BCA1_AF28,
    0x3FA8_6186_1861_8618,
    0x3FA6_42C8_590B_2164,
];

/// `y` rounded to f32 when `in_range` and `y` (normal) is more than 128
/// of its ulps from every f32 rounding midpoint, so that an error of 2^-47
/// relative cannot change its rounding to nearest-even; else
/// [`UNSETTLED`].
#[inline(always)]
fn settled_f32(y: f64, in_range: bool) -> u64 {
    let low = (y.to_bits() & ((1 << 29) - 1)) as i64;
    if in_range && (low - (1 << 28)).abs() > 128 {
        (y as f32).to_bits() as u64
    } else {
        UNSETTLED
    }
}

/// ln(1 + x) of an f32 `x`, correctly rounded to f32, or [`UNSETTLED`].
///
/// In f64, for |x| below 2^-28 (and at least f32's smallest normal),
/// `x − x²/2`; for 2^-28 ≤ |x| and −1 < x ≤ 2^50: `u = 1 + x` is exact;
/// `u = 2^e · m` with m in [√½, √2); `s = (m − 1)/(m + 1)` (m − 1 is
/// exact; two roundings); ln m = 2 atanh s = 2s + 2s·Σ s^2k/(2k+1) for
/// k ≤ 11, |s| ≤ 0.1716 (truncation below 2^-60 relative); the result
/// `e·LN2_HI + (e·LN2_LO + ln m)` (e·LN2_HI exact). With e ≠ 0 the result
/// is at least ln √2 in size, so the sums cancel nothing; the error is
/// below 2^-50 relative, and the lane is settled as in [`exp_f32_lane`]
/// (more than 128 f64 ulps from an f32 midpoint). The result is a normal
/// f32 on this range. Other lanes go to the per-lane rule.
#[inline(always)]
fn log1p_f32_lane(x: u64) -> u64 {
    let x = f32::from_bits(x as u32) as f64;
    let in_range = x > -1.0 && x <= (1u64 << 50) as f64 && x.abs() >= f32::MIN_POSITIVE as f64;
    let tiny = x.abs() < 1.0 / (1u64 << 28) as f64;
    let u = 1.0 + x;
    let bits = u.to_bits();
    // m0 in [1, 2); halved (and e raised) when at least √2.
    let m0 = (bits & ((1 << 52) - 1)) | (1023 << 52);
    let big = m0 >= 0x3FF6_A09E_667F_3BCD;
    let m = f64::from_bits(if big { m0 - (1 << 52) } else { m0 });
    let e = (((bits >> 52) & 0x7FF) as i64 - 1023 + big as i64) as f64;
    let s = (m - 1.0) / (m + 1.0);
    let z = s * s;
    let mut q = f64::from_bits(INV_ODD[10]);
    for c in INV_ODD[..10].iter().rev() {
        q = q * z + f64::from_bits(*c);
    }
    q *= z;
    let s2 = s + s;
    let ln_m = s2 + s2 * q;
    let y = e * f64::from_bits(LN2_HI) + (e * f64::from_bits(LN2_LO) + ln_m);
    // Below 2^-28: x − x²/2 (x² exact; the rest of the series is below
    // 2^-56 relative).
    let y = if tiny { x - x * x * 0.5 } else { y };
    settled_f32(y, in_range)
}

multiversion! {
    /// f32 `log_plus_one` of a block ([`log1p_f32_lane`]): true when some
    /// lane is [`UNSETTLED`].
    fn log1p_f32(xs: &[u64], o: &mut [u64]) -> bool { settle(xs, o, log1p_f32_lane) }
}

// ---------------------------------------------------------------------------
// f32 hyperbolic tangent and logistic
// ---------------------------------------------------------------------------

/// e^r − 1 for |r| ≤ 0.3466 by its Taylor polynomial of degree 13
/// (`INV_FACT`; truncation below 2^-56 relative, Horner's roundings below
/// 2^-52 relative: every term after `r` is below half of it).
#[inline(always)]
fn expm1_reduced(r: f64) -> f64 {
    let mut q = f64::from_bits(INV_FACT[11]);
    for c in INV_FACT[..11].iter().rev() {
        q = q * r + f64::from_bits(*c);
    }
    r + r * (r * q)
}

/// `t` = k·ln 2 + r with k the integer nearest t/ln 2 and |r| ≤ 0.3466, as
/// [`exp_f32_lane`] reduces (exact but for the last subtraction, for
/// |k| < 2^9): returns (2^k, r).
#[inline(always)]
fn reduce_ln2(t: f64) -> (f64, f64) {
    const SHIFT: f64 = 6755399441055744.0; // 1.5 · 2^52
    let shifted = t * f64::from_bits(INV_LN2) + SHIFT;
    let k = shifted - SHIFT;
    let ki = (shifted.to_bits() as i64).wrapping_sub(SHIFT.to_bits() as i64);
    let r = (t - k * f64::from_bits(LN2_HI)) - k * f64::from_bits(LN2_LO);
    let scale = f64::from_bits((ki.wrapping_add(1023) as u64 & 0x7FF) << 52);
    (scale, r)
}

/// tanh x of an f32 `x`, correctly rounded to f32, or [`UNSETTLED`].
///
/// In f64, with t = 2|x| = k·ln 2 + r ([`reduce_ln2`]): m = e^t − 1 =
/// 2^k·(e^r − 1) + (2^k − 1) ([`expm1_reduced`]; 2^k − 1 is exact for
/// k ≤ 52 and within 2^-53 relative above; with k = 1 and e^r − 1 < 0 the
/// sum is at least 0.41, so its error is at most about 3·2^-52 relative),
/// then tanh |x| = m/(m + 2), whose relative error is at most m's plus two
/// roundings: below 2^-49 in all. The sign is x's. Settled as in
/// [`exp_f32_lane`], for |x| in [2^-126, 20] (a normal f32 result; 2^k
/// normal). Other lanes (zeros, subnormals, NaN, larger arguments, and the
/// lanes near a rounding midpoint) go to the per-lane rule.
#[inline(always)]
fn tanh_f32_lane(x: u64) -> u64 {
    let x = f32::from_bits(x as u32) as f64;
    let a = x.abs();
    let in_range = a >= f32::MIN_POSITIVE as f64 && a <= 20.0;
    let (scale, r) = reduce_ln2(a + a);
    let m = scale * expm1_reduced(r) + (scale - 1.0);
    let y = (m / (m + 2.0)).copysign(x);
    settled_f32(y, in_range)
}

multiversion! {
    /// f32 `tanh` of a block ([`tanh_f32_lane`]): true when some lane is
    /// [`UNSETTLED`].
    fn tanh_f32(xs: &[u64], o: &mut [u64]) -> bool { settle(xs, o, tanh_f32_lane) }
}

/// 1/(1 + e^−x) of an f32 `x`, correctly rounded to f32, or [`UNSETTLED`].
///
/// In f64, with −x = k·ln 2 + r ([`reduce_ln2`]): e = 2^k·(1 + (e^r − 1))
/// (below 2^-51 relative error), then 1/(1 + e) (two roundings more, and
/// the sum of positive terms does not amplify e's error): below 2^-49 in
/// all. Settled as in [`exp_f32_lane`], for x in [−80, 200] (the result is
/// a normal f32, 2^k a normal f64). Other lanes go to the per-lane rule.
#[inline(always)]
fn logistic_f32_lane(x: u64) -> u64 {
    let x = f32::from_bits(x as u32) as f64;
    let in_range = (-80.0..=200.0).contains(&x);
    let (scale, r) = reduce_ln2(-x);
    let e = scale * (1.0 + expm1_reduced(r));
    settled_f32(1.0 / (1.0 + e), in_range)
}

multiversion! {
    /// f32 `logistic` of a block ([`logistic_f32_lane`]): true when some
    /// lane is [`UNSETTLED`].
    fn logistic_f32(xs: &[u64], o: &mut [u64]) -> bool { settle(xs, o, logistic_f32_lane) }
}

// ---------------------------------------------------------------------------
// f32 sine and cosine
// ---------------------------------------------------------------------------

/// f64 constants of [`trig_f32_lane`], by their bits: 2/π rounded; π/2 in
/// three parts, the first two of at most 33 significant bits (so `n · P`
/// is exact for `|n| < 2^20`), the third the rest rounded (π/2 is
/// `PIO2_1 + PIO2_2 + PIO2_3` within 2^-122); (−1)^k/(2k+1)! for
/// k = 1..=8 and (−1)^k/(2k)! for k = 1..=9, rounded.
const FRAC_2_PI: u64 = 0x3FE4_5F30_6DC9_C883;
const PIO2_1: u64 = 0x3FF9_21FB_5440_0000;
const PIO2_2: u64 = 0x3DD0_B461_1A60_0000;
const PIO2_3: u64 = 0x3BA3_198A_2E03_7073;
const NEG: u64 = 1 << 63;
const SIN_C: [u64; 8] = [
    NEG | 0x3FC5_5555_5555_5555,
    0x3F81_1111_1111_1111,
    NEG | 0x3F2A_01A0_1A01_A01A,
    0x3EC7_1DE3_A556_C734,
    NEG | 0x3E5A_E645_67F5_44E4,
    0x3DE6_1246_13A8_6D09,
    NEG | 0x3D6A_E7F3_E733_B81F,
    0x3CE9_52C7_7030_AD4A,
];
const COS_C: [u64; 9] = [
    NEG | 0x3FE0_0000_0000_0000,
    0x3FA5_5555_5555_5555,
    NEG | 0x3F56_C16C_16C1_6C17,
    0x3EFA_01A0_1A01_A01A,
    NEG | 0x3E92_7E4F_B778_9F5C,
    0x3E21_EED8_EFF8_D898,
    NEG | 0x3DA9_3974_A8C0_7C9D,
    0x3D2A_E7F3_E733_B81F,
    NEG | 0x3CA6_8278_63B9_7D97,
];

/// sin x (`quarter` 0) or cos x = sin(x + π/2) (`quarter` 1) of an f32
/// `x`, correctly rounded to f32, or [`UNSETTLED`].
///
/// In f64: `n` = the integer nearest x·2/π (by adding 1.5·2^52, as
/// [`exp_f32_lane`] finds k) and `r = ((x − n·PIO2_1) − n·PIO2_2) −
/// n·PIO2_3`, with |r| ≤ π/4 (a little more when x·2/π is rounded across a
/// half): `n·PIO2_1` and `n·PIO2_2` are exact, and so is the first
/// difference (x and n·PIO2_1 are within a factor of 2 of each other, or
/// n = 0); π/2's representation contributes below 2^-102 absolute. sin r
/// and cos r by their Taylor series to r^17 and r^18 (truncation below
/// 2^-60 relative), and the result is ±sin r or ±cos r by the quadrant
/// `n + quarter` mod 4. With |r| above 2^-40 the error of the f64 result
/// is below 2^-49 relative, and the lane is settled as in
/// [`exp_f32_lane`] (more than 128 f64 ulps from an f32 midpoint), for x in
/// [2^-126, 2^20] in size (sine; cosine from 0): there sin x and cos x are
/// normal f32s. Every other lane (NaN, ±∞, larger arguments, sine's zeros
/// and subnormals, about 1 in 2^21 others) goes to the per-lane rule. The
/// distances of f32 arguments from multiples of π/2, and the whole claim,
/// are checked by running every f32 pattern (`f32_passes_every_pattern`).
#[inline(always)]
fn trig_f32_lane(x: u64, quarter: i64) -> u64 {
    let x = f32::from_bits(x as u32) as f64;
    let size = x.abs();
    let least = if quarter == 0 {
        f32::MIN_POSITIVE as f64
    } else {
        0.0
    };
    let in_range = size >= least && size <= (1u64 << 20) as f64;
    const SHIFT: f64 = 6755399441055744.0; // 1.5 · 2^52
    let shifted = x * f64::from_bits(FRAC_2_PI) + SHIFT;
    let n = shifted - SHIFT;
    let ni = (shifted.to_bits() as i64).wrapping_sub(SHIFT.to_bits() as i64);
    let r = ((x - n * f64::from_bits(PIO2_1)) - n * f64::from_bits(PIO2_2))
        - n * f64::from_bits(PIO2_3);
    let z = r * r;
    let mut sp = f64::from_bits(SIN_C[7]);
    for c in SIN_C[..7].iter().rev() {
        sp = sp * z + f64::from_bits(*c);
    }
    let sin_r = r + r * (z * sp);
    let mut cp = f64::from_bits(COS_C[8]);
    for c in COS_C[..8].iter().rev() {
        cp = cp * z + f64::from_bits(*c);
    }
    let cos_r = 1.0 + z * cp;
    let q = ni.wrapping_add(quarter) & 3;
    let v = if q & 1 == 0 { sin_r } else { cos_r };
    let y = if q & 2 == 0 { v } else { -v };
    settled_f32(y, in_range)
}

multiversion! {
    /// f32 `sine` of a block ([`trig_f32_lane`]): true when some lane is
    /// [`UNSETTLED`].
    fn sin_f32(xs: &[u64], o: &mut [u64]) -> bool { settle(xs, o, |x| trig_f32_lane(x, 0)) }
}

multiversion! {
    /// f32 `cosine` of a block ([`trig_f32_lane`]): true when some lane is
    /// [`UNSETTLED`].
    fn cos_f32(xs: &[u64], o: &mut [u64]) -> bool { settle(xs, o, |x| trig_f32_lane(x, 1)) }
}

multiversion! {
    /// `o[k]` = the f32 bits of `start + k`, counting from 0 again at
    /// `size` (`start < size <= 2^31`): f32 `iota` along the last
    /// dimension. An `i32` converts to f32 rounding to nearest even, as
    /// `usize as f32` does.
    fn iota_f32(start: usize, size: usize, o: &mut [u64]) -> () {
        let mut v = start;
        let mut rest = o;
        while !rest.is_empty() {
            let m = (size - v).min(rest.len());
            let (run, tail) = rest.split_at_mut(m);
            let base = v as i32;
            for (k, o) in run.iter_mut().enumerate() {
                *o = ((base + k as i32) as f32).to_bits() as u64;
            }
            rest = tail;
            v = 0;
        }
    }
}

multiversion! {
    /// `o[k] = v` (a run of an iota along an outer dimension).
    fn fill(o: &mut [u64], v: u64) -> () {
        for x in o.iter_mut() {
            *x = v;
        }
    }
}

multiversion! {
    /// `op` on blocks of integer lanes of kind `k` (each lane as a tensor of
    /// the type holds it: sign-extended when signed), lane for lane what
    /// `elementwise::int_words` makes of the words (fused chains, `fuse.rs`); widths
    /// other than 8, 16, 32 and 64 bits by `elementwise::int_lane`.
    fn int_block(k: IntKind, op: IntOp, xs: &[u64], ys: &[u64], o: &mut [u64]) -> () {
        macro_rules! on {
            ($u:ty, $s:ty, $bits:expr) => {{
                // Each op's formula (`elementwise::int_formulas`, the
                // table of `int_words`) is inlined into its own loop, on
                // the lanes' low bits.
                macro_rules! go {
                    (|$a:ident, $b:ident| $e:expr) => {{
                        let each = |$a: $u, $b: $u| -> $u { $e };
                        if k.signed {
                            for ((o, &x), &y) in o.iter_mut().zip(xs).zip(ys) {
                                *o = each(x as $u, y as $u) as $s as i64 as u64;
                            }
                        } else {
                            for ((o, &x), &y) in o.iter_mut().zip(xs).zip(ys) {
                                *o = each(x as $u, y as $u) as u64;
                            }
                        }
                    }};
                }
                int_formulas!(op, k.signed, $u, $s, $bits, go)
            }};
        }
        match k.bits {
            8 => on!(u8, i8, 8),
            16 => on!(u16, i16, 16),
            32 => on!(u32, i32, 32),
            64 => on!(u64, i64, 64),
            _ => {
                for ((o, &x), &y) in o.iter_mut().zip(xs).zip(ys) {
                    *o = int_lane(k, op, x, y);
                }
            }
        }
    }
}

multiversion! {
    /// `o[k] &= mask`.
    fn and_mask(o: &mut [u64], mask: u64) -> () {
        for v in o.iter_mut() {
            *v &= mask;
        }
    }
}

multiversion! {
    /// f32 `add` of a block (see [`f32_pass`]).
    fn f32_add(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f32_pass(xs, ys, o, |x, y| x + y) }
}
multiversion! {
    /// f32 `subtract` of a block.
    fn f32_sub(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f32_pass(xs, ys, o, |x, y| x - y) }
}
multiversion! {
    /// f32 `multiply` of a block.
    fn f32_mul(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f32_pass(xs, ys, o, |x, y| x * y) }
}
multiversion! {
    /// f32 `divide` of a block.
    fn f32_div(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f32_pass(xs, ys, o, |x, y| x / y) }
}
multiversion! {
    /// f64 `add` of a block (see [`f64_pass`]).
    fn f64_add(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f64_pass(xs, ys, o, |x, y| x + y) }
}
multiversion! {
    /// f64 `subtract` of a block.
    fn f64_sub(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f64_pass(xs, ys, o, |x, y| x - y) }
}
multiversion! {
    /// f64 `multiply` of a block.
    fn f64_mul(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f64_pass(xs, ys, o, |x, y| x * y) }
}
multiversion! {
    /// f64 `divide` of a block.
    fn f64_div(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f64_pass(xs, ys, o, |x, y| x / y) }
}
multiversion! {
    /// bf16 `add` of a block (see [`bf16_pass`]).
    fn bf16_add(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { bf16_pass(xs, ys, o, |x, y| x + y) }
}
multiversion! {
    /// bf16 `subtract` of a block.
    fn bf16_sub(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { bf16_pass(xs, ys, o, |x, y| x - y) }
}
multiversion! {
    /// bf16 `multiply` of a block.
    fn bf16_mul(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { bf16_pass(xs, ys, o, |x, y| x * y) }
}
multiversion! {
    /// bf16 `divide` of a block.
    fn bf16_div(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { bf16_pass(xs, ys, o, |x, y| x / y) }
}

multiversion! {
    /// f16 `add` of a block (see [`narrow_pass`]).
    fn f16_add(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f16_pass(xs, ys, o, |x, y| x + y) }
}
multiversion! {
    /// f16 `subtract` of a block.
    fn f16_sub(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f16_pass(xs, ys, o, |x, y| x - y) }
}
multiversion! {
    /// f16 `multiply` of a block.
    fn f16_mul(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f16_pass(xs, ys, o, |x, y| x * y) }
}
multiversion! {
    /// f16 `divide` of a block.
    fn f16_div(xs: &[u64], ys: &[u64], o: &mut [u64]) -> bool { f16_pass(xs, ys, o, |x, y| x / y) }
}

// ---------------------------------------------------------------------------
// Conversions
// ---------------------------------------------------------------------------

multiversion! {
    /// f32 → bf16 of a block: the 16 low bits rounded away to nearest even
    /// (a carry into the exponent gives the next binade, or ∞ past the
    /// largest finite value; subnormals round alike). True when a lane is
    /// a NaN (its payload takes the per-lane rule).
    fn f32_to_bf16(xs: &[u64], o: &mut [u64]) -> bool {
        let n = o.len().min(xs.len());
        let (xs, o) = (&xs[..n], &mut o[..n]);
        let mut nan = false;
        for i in 0..n {
            let u = xs[i] as u32;
            nan |= (u & 0x7FFF_FFFF > 0x7F80_0000) | (xs[i] > u32::MAX as u64);
            o[i] = (u.wrapping_add(0x7FFF + ((u >> 16) & 1)) >> 16) as u64;
        }
        nan
    }
}
multiversion! {
    /// bf16 → f32 of a block (exact: the 16 bits become the high half).
    /// True when a lane is a NaN.
    fn bf16_to_f32(xs: &[u64], o: &mut [u64]) -> bool {
        let n = o.len().min(xs.len());
        let (xs, o) = (&xs[..n], &mut o[..n]);
        let mut nan = false;
        for i in 0..n {
            let v = xs[i] & 0xFFFF;
            nan |= (v & 0x7FFF > 0x7F80) | (xs[i] > 0xFFFF);
            o[i] = v << 16;
        }
        nan
    }
}
multiversion! {
    /// f32 → f64 of a block (exact). True when a lane is a NaN.
    fn f32_to_f64(xs: &[u64], o: &mut [u64]) -> bool {
        let n = o.len().min(xs.len());
        let (xs, o) = (&xs[..n], &mut o[..n]);
        let mut nan = false;
        for i in 0..n {
            let x = f32::from_bits(xs[i] as u32);
            nan |= x.is_nan() | (xs[i] > u32::MAX as u64);
            o[i] = (x as f64).to_bits();
        }
        nan
    }
}
multiversion! {
    /// f64 → f32 of a block (the hardware's rounding to nearest even).
    /// True when a lane is a NaN.
    fn f64_to_f32(xs: &[u64], o: &mut [u64]) -> bool {
        let n = o.len().min(xs.len());
        let (xs, o) = (&xs[..n], &mut o[..n]);
        let mut nan = false;
        for i in 0..n {
            let x = f64::from_bits(xs[i]);
            nan |= x.is_nan();
            o[i] = (x as f32).to_bits() as u64;
        }
        nan
    }
}

multiversion! {
    /// f16 → f32 of a block (exact). True when a lane is a NaN or wider
    /// than 16 bits.
    fn f16_to_f32(xs: &[u64], o: &mut [u64]) -> bool {
        let n = o.len().min(xs.len());
        let (xs, o) = (&xs[..n], &mut o[..n]);
        let mut bad = false;
        for i in 0..n {
            let x = f16_value(xs[i]);
            bad |= x.is_nan() | (xs[i] > 0xFFFF);
            o[i] = (x as f32).to_bits() as u64;
        }
        bad
    }
}
multiversion! {
    /// f32 → f16 of a block, rounded once from the exact value (see
    /// [`narrow_of_f64`]). True when a lane is a NaN or wider than 32 bits.
    fn f32_to_f16(xs: &[u64], o: &mut [u64]) -> bool {
        let n = o.len().min(xs.len());
        let (xs, o) = (&xs[..n], &mut o[..n]);
        let mut bad = false;
        for i in 0..n {
            let (lane, b) = narrow_of_f64::<10, 15>(f32::from_bits(xs[i] as u32) as f64);
            bad |= b | (xs[i] > u32::MAX as u64);
            o[i] = lane;
        }
        bad
    }
}

multiversion! {
    /// f32 → a narrow format of a block (`Narrow::round_bits`: the exact
    /// value rounded once). True when a lane needs the per-lane rule (NaN,
    /// ±∞, overflow, a lane wider than 32 bits).
    fn f32_to_narrow(n: &Narrow, xs: &[u64], o: &mut [u64]) -> bool {
        let len = o.len().min(xs.len());
        let (xs, o) = (&xs[..len], &mut o[..len]);
        let mut bad = false;
        for i in 0..len {
            let (lane, b) = n.round_bits(f32::from_bits(xs[i] as u32) as f64);
            bad |= b | (xs[i] > u32::MAX as u64);
            o[i] = lane;
        }
        bad
    }
}
multiversion! {
    /// f64 → a narrow format of a block (`Narrow::round_bits`). True when
    /// a lane needs the per-lane rule (NaN, ±∞, overflow).
    fn f64_to_narrow(n: &Narrow, xs: &[u64], o: &mut [u64]) -> bool {
        let len = o.len().min(xs.len());
        let (xs, o) = (&xs[..len], &mut o[..len]);
        let mut bad = false;
        for i in 0..len {
            let (lane, b) = n.round_bits(f64::from_bits(xs[i]));
            bad |= b;
            o[i] = lane;
        }
        bad
    }
}

multiversion! {
    /// `o[i] = table[xs[i]]` where every lane indexes the table; true when
    /// some lane does not (the caller redoes it).
    fn lookup16(table: &[u16], xs: &[u64], o: &mut [u64]) -> bool {
        let n = o.len().min(xs.len());
        let (xs, o) = (&xs[..n], &mut o[..n]);
        let mut outside = false;
        for i in 0..n {
            let x = xs[i] as usize;
            match table.get(x) {
                Some(&v) => o[i] = v as u64,
                None => outside = true,
            }
        }
        outside
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::float::elementary::{unary, Unary};
    use crate::float::FloatKind;

    /// The pass of `f` against the per-lane rule on the patterns
    /// `start, start + step, …` below `end`, in blocks as the executor
    /// passes them; returns how many lanes were left unsettled.
    fn sweep(f: Unary, start: u64, end: u64, step: u64) -> u64 {
        let pass = match f {
            Unary::Exp => exp_f32,
            Unary::Sin => sin_f32,
            Unary::Cos => cos_f32,
            Unary::Tanh => tanh_f32,
            Unary::Logistic => logistic_f32,
            _ => log1p_f32,
        };
        let mut unsettled = 0;
        let mut xs = Vec::with_capacity(256);
        let mut o = vec![0u64; 256];
        let mut x = start;
        while x < end {
            xs.clear();
            while xs.len() < 256 && x < end {
                xs.push(x);
                x += step;
            }
            let o = &mut o[..xs.len()];
            pass(&xs, o);
            for (&x, &v) in xs.iter().zip(o.iter()) {
                if v == UNSETTLED {
                    unsettled += 1;
                } else {
                    assert_eq!(v, unary(FloatKind::F32, f, x), "{f:?} of {x:#010x}");
                }
            }
        }
        unsettled
    }

    #[test]
    fn exp_f32_pass_settles_lanes_with_the_lane_rules_bits() {
        // About 17 million patterns spread over every binade, and every
        // pattern of [0.5, 4) and of (-4, -0.5] (50 million).
        settle_like_the_lane_rule(&[Unary::Exp], 251, (0x3F00_0000, 0x4080_0000));
        // Under- and overflow.
        for xs in [&NOT_FINITE[..], &[0xC2C8_0000, 0x42B2_0000]] {
            left_to_the_lane_rule(exp_f32, xs);
        }
    }

    #[test]
    fn log1p_f32_pass_settles_lanes_with_the_lane_rules_bits() {
        sweep(Unary::Log1p, 0, 1 << 32, 251);
        // Every pattern of [2^-3, 4) and of (-1, -2^-3] (50 million).
        let unsettled = sweep(Unary::Log1p, 0x3E00_0000, 0x4080_0000, 1)
            + sweep(Unary::Log1p, 0xBE00_0000, 0xBF80_0000, 1);
        assert!(unsettled < 500, "{unsettled}");
        let mut o = [0u64; 5];
        log1p_f32(
            &[
                0xBF80_0000,
                0x7F80_0000,
                0x7FC0_0001,
                0x0000_0001,
                0xBF80_0001,
            ],
            &mut o,
        );
        assert!(o.iter().all(|&v| v == UNSETTLED), "{o:x?}");
    }

    /// The passes of `fs` against the per-lane rule on every `step`-th
    /// pattern and on every pattern of `[lo, hi)` and of its negation
    /// (magnitudes `lo .. hi` as bits), where at most a few lanes in a
    /// million may be left to the per-lane rule.
    fn settle_like_the_lane_rule(fs: &[Unary], step: u64, (lo, hi): (u64, u64)) {
        for &f in fs {
            sweep(f, 0, 1 << 32, step);
            let sign = 0x8000_0000;
            let unsettled = sweep(f, lo, hi, 1) + sweep(f, sign | lo, sign | hi, 1);
            assert!(unsettled < 500, "{f:?}: {unsettled}");
        }
    }

    /// Every lane of `xs` is left to the per-lane rule by `pass`.
    fn left_to_the_lane_rule(pass: fn(&[u64], &mut [u64]) -> bool, xs: &[u64]) {
        let mut o = vec![0u64; xs.len()];
        pass(xs, &mut o);
        assert!(o.iter().all(|&v| v == UNSETTLED), "{o:x?}");
    }

    /// NaN and ±∞.
    const NOT_FINITE: [u64; 3] = [0x7F80_0000, 0xFF80_0000, 0x7FC0_0001];

    /// `pick_floats` against `elementwise::pick_lane`: every pair of a
    /// 16-bit pattern that is not NaN with four rotations of the list
    /// (every 16-bit pattern), and f32 patterns of every sign and exponent
    /// with the edges of the significand, both ways round; a block with one
    /// NaN operand, of any sign and payload, anywhere, must be reported.
    #[test]
    fn picks_match_the_lane_rule() {
        use super::super::elementwise::pick_lane;
        let mut f32s = Vec::new();
        for sign in [0u64, 0x8000_0000] {
            for exp in 0..=255u64 {
                for m in [0u64, 1, 0x12_3456, 0x40_0000, 0x7F_FFFF] {
                    f32s.push(sign | exp << 23 | m);
                }
            }
        }
        let all16: Vec<u64> = (0..=0xFFFF).collect();
        let cases = [
            (FloatKind::F32, f32s, 0x7F80_0000u64, 0xFFFF_FFFFu64),
            (FloatKind::BF16, all16.clone(), 0x7F80, 0xFFFF),
            (FloatKind::F16, all16, 0x7C00, 0xFFFF),
        ];
        for (kind, pats, inf, mask) in cases {
            let is_nan = |x: u64| x & (mask >> 1) > inf;
            let finite: Vec<u64> = pats.iter().copied().filter(|&x| !is_nan(x)).collect();
            let nans: Vec<u64> = pats.iter().copied().filter(|&x| is_nan(x)).collect();
            assert!(!nans.is_empty());
            let n = finite.len();
            for max in [false, true] {
                for rot in [1, 7, 4099, n / 2] {
                    let ys: Vec<u64> = (0..n).map(|i| finite[(i + rot) % n]).collect();
                    for (xs, ys) in [(&finite, &ys), (&ys, &finite)] {
                        for (k, (xb, yb)) in xs.chunks(256).zip(ys.chunks(256)).enumerate() {
                            let mut o = vec![0u64; xb.len()];
                            assert!(!pick_floats(kind, max, xb, yb, &mut o), "{kind:?}");
                            for ((&x, &y), &got) in xb.iter().zip(yb).zip(&o) {
                                assert_eq!(got, pick_lane(kind, max, x, y), "{kind:?} {x:x} {y:x}");
                            }
                            // One NaN operand in the block, in either input.
                            let nan = nans[k % nans.len()];
                            let at = k * 37 % xb.len();
                            let (mut xn, mut yn) = (xb.to_vec(), yb.to_vec());
                            if k % 2 == 0 {
                                xn[at] = nan
                            } else {
                                yn[at] = nan
                            }
                            assert!(pick_floats(kind, max, &xn, &yn, &mut o), "{kind:?} {nan:x}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn sin_and_cos_f32_passes_settle_lanes_with_the_lane_rules_bits() {
        // [0.5, 8) and (-8, -0.5]: 58 million patterns.
        settle_like_the_lane_rule(&[Unary::Sin, Unary::Cos], 251, (0x3F00_0000, 0x4100_0000));
        // Arguments past 2^20, and the sine of zeros and subnormals.
        for xs in [&NOT_FINITE[..], &[0x4980_0001, 0x8000_0000, 0x0000_0001]] {
            left_to_the_lane_rule(sin_f32, xs);
        }
        for xs in [&NOT_FINITE[..], &[0xC980_0001]] {
            left_to_the_lane_rule(cos_f32, xs);
        }
    }

    #[test]
    fn tanh_and_logistic_f32_passes_settle_lanes_with_the_lane_rules_bits() {
        // Their per-lane rules are slow: fewer patterns than the others'
        // sweeps (every pattern is run by `f32_passes_every_pattern`);
        // [0.5, 2) and (-2, -0.5]: 33 million.
        let fs = [Unary::Tanh, Unary::Logistic];
        settle_like_the_lane_rule(&fs, 1021, (0x3F00_0000, 0x4000_0000));
        // Zeros, subnormals and arguments past 20 (tanh); below -80
        // (logistic).
        for xs in [&NOT_FINITE[..], &[0x41A0_0001, 0x8000_0000, 0x0000_0001]] {
            left_to_the_lane_rule(tanh_f32, xs);
        }
        for xs in [&NOT_FINITE[..], &[0xC2A0_0001]] {
            left_to_the_lane_rule(logistic_f32, xs);
        }
    }

    /// Every one of the 2^32 patterns, for each pass (seconds each in
    /// release mode, minutes for tanh and logistic):
    /// `cargo test --release --lib f32_passes_every -- --ignored`.
    #[test]
    #[ignore]
    fn f32_passes_every_pattern() {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
        for f in [
            Unary::Exp,
            Unary::Log1p,
            Unary::Sin,
            Unary::Cos,
            Unary::Tanh,
            Unary::Logistic,
        ] {
            let unsettled: u64 = std::thread::scope(|s| {
                let hs: Vec<_> = (0..threads)
                    .map(|t| s.spawn(move || sweep(f, t, 1 << 32, threads)))
                    .collect();
                hs.into_iter().map(|h| h.join().unwrap()).sum()
            });
            eprintln!("{f:?}: unsettled {unsettled} of 2^32");
        }
    }
}

// ---------------------------------------------------------------------------
// Fourier transforms
// ---------------------------------------------------------------------------

/// Lines of a power-of-two DFT advanced together, one per lane.
pub(crate) const FFT_LINES: usize = 8;

multiversion! {
    /// The radix-2 butterflies of `linalg::dft_line` on [`FFT_LINES`]
    /// lines at once: `re[j][l]`, `im[j][l]` hold value `j` (loaded in
    /// bit-reversed order) of line `l`; `tw[k]` the twiddle `(sin, cos)`
    /// of `k / n`. Every lane goes through the very operations of the one
    /// line's loop, in the same order (products and sums of `f64`, each
    /// rounded: Rust does not contract them), so each line's bits are its
    /// own computed alone.
    fn fft_butterflies(
        re: &mut [[f64; FFT_LINES]],
        im: &mut [[f64; FFT_LINES]],
        tw: &[(f64, f64)],
        inverse: bool
    ) -> () {
        let n = re.len();
        if im.len() != n || tw.len() < n {
            return;
        }
        let mut len = 2;
        while len <= n {
            let step = n / len;
            let half = len / 2;
            for start in (0..n).step_by(len) {
                for k in 0..half {
                    let (s, c) = tw[k * step];
                    let s = if inverse { s } else { -s };
                    let (a, b) = (start + k, start + k + half);
                    let (xr, xi, ur, ui) = (re[b], im[b], re[a], im[a]);
                    let (mut ar, mut ai, mut br, mut bi) = (ur, ui, ur, ui);
                    for l in 0..FFT_LINES {
                        let tr = xr[l] * c - xi[l] * s;
                        let ti = xr[l] * s + xi[l] * c;
                        ar[l] = ur[l] + tr;
                        ai[l] = ui[l] + ti;
                        br[l] = ur[l] - tr;
                        bi[l] = ui[l] - ti;
                    }
                    re[a] = ar;
                    im[a] = ai;
                    re[b] = br;
                    im[b] = bi;
                }
            }
            len *= 2;
        }
    }
}
