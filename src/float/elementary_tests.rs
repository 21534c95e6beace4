//! Tests of [`super::elementary`]: exhaustive sweeps of every format of at
//! most 19 bits against an independent path (CORE-MATH's separate f32
//! code, rounded once more: the same midpoint argument holds with 24 bits
//! instead of 53), the tie resolution against a double-double evaluation,
//! next_after against a sorted list of values (the special functions of
//! `ziv` have their own tests, `ziv_tests.rs`).

use super::decimal::{from_f64_rounded, to_f64};
use super::elementary::*;
use super::round::Rounding;
use super::special;
use super::{FloatKind, NanEncoding};
use std::cmp::Ordering;

/// A CORE-MATH f32 kernel of two arguments.
type Kernel2 = fn(f32, f32) -> f32;

fn narrow_kinds() -> impl Iterator<Item = FloatKind> {
    FloatKind::ALL.iter().copied().filter(|k| k.bits() <= 19)
}

/// CORE-MATH's f32 kernels, an implementation separate from the f64 ones.
fn f32_kernel(u: Unary) -> Option<fn(f32) -> f32> {
    match u {
        Unary::Sqrt => Some(f32::sqrt),
        _ => super::elementary::cr32(u),
    }
}

/// The expected result from an f32 value `y` of the exact result, or None
/// where `y` does not decide it (a tie of the narrow format, or an f32
/// underflow to zero in f8E8M0FNU).
fn expected_from_f32(kind: FloatKind, y: f32) -> Option<u64> {
    let f = kind.format();
    if y.is_nan() {
        return Some(f.canonical_nan().unwrap_or(0));
    }
    if y == 0.0 && !f.has_zero {
        return None;
    }
    let r = from_f64_rounded(f, y as f64, Rounding::NearestEven);
    (!r.tie).then_some(r.bits)
}

#[test]
fn every_narrow_input_of_every_correctly_rounded_function_agrees_with_the_f32_path() {
    let mut ties = 0u64;
    let mut checked = 0u64;
    for kind in narrow_kinds() {
        let f = kind.format();
        for &u in Unary::ALL {
            let Some(g) = f32_kernel(u) else { continue };
            for x in 0..(1u64 << kind.bits()) {
                let r = unary(kind, u, x);
                if f.is_nan(x) {
                    assert!(f.is_nan(r), "{} {u:?} {x:#x}", kind.name());
                    continue;
                }
                let y = g(to_f64(kind, x) as f32);
                match expected_from_f32(kind, y) {
                    Some(e) => {
                        checked += 1;
                        assert_eq!(r, e, "{} {u:?}({x:#x}) f32 value {y:e}", kind.name())
                    }
                    None => ties += 1,
                }
            }
        }
    }
    assert!(checked > 5_000_000, "{checked}");
    // Ties of the f32 value are the exactly representable results
    // (exp(0), cbrt(8), ...) plus a few near misses; they are few.
    assert!(ties < 5_000, "{ties}");
}

#[test]
fn binary_functions_of_8_bit_formats_agree_with_the_f32_path_on_every_pair() {
    use core_math as cm;
    let kernels: [(Binary, Kernel2); 3] = [
        (Binary::Pow, cm::powf),
        (Binary::Atan2, cm::atan2f),
        (Binary::Hypot, cm::hypotf),
    ];
    let mut ties = 0;
    for kind in narrow_kinds().filter(|k| k.bits() <= 8) {
        let f = kind.format();
        for (b, g) in kernels {
            for x in 0..(1u64 << kind.bits()) {
                for z in 0..(1u64 << kind.bits()) {
                    let r = binary(kind, b, x, z);
                    let (xd, zd) = (to_f64(kind, x), to_f64(kind, z));
                    let y = g(xd as f32, zd as f32);
                    if y.is_nan() {
                        assert!(
                            f.is_nan(r) || (!f.has_nan() && r == 0),
                            "{} {b:?}",
                            kind.name()
                        );
                        continue;
                    }
                    match expected_from_f32(kind, y) {
                        Some(e) => assert_eq!(r, e, "{} {b:?}({xd:e}, {zd:e})", kind.name()),
                        None => ties += 1,
                    }
                }
            }
        }
    }
    assert!(ties > 0);
}

#[test]
fn binary_functions_of_16_bit_formats_agree_with_the_f32_path_on_a_sample() {
    use core_math as cm;
    let kernels: [(Binary, Kernel2); 3] = [
        (Binary::Pow, cm::powf),
        (Binary::Atan2, cm::atan2f),
        (Binary::Hypot, cm::hypotf),
    ];
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    for kind in [FloatKind::F16, FloatKind::BF16, FloatKind::TF32] {
        let f = kind.format();
        for (b, g) in kernels {
            for _ in 0..300_000 {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                let (x, z) = (s & f.all_mask(), (s >> 32) & f.all_mask());
                let r = binary(kind, b, x, z);
                let y = g(to_f64(kind, x) as f32, to_f64(kind, z) as f32);
                if y.is_nan() {
                    assert!(f.is_nan(r));
                    continue;
                }
                if let Some(e) = expected_from_f32(kind, y) {
                    assert_eq!(r, e, "{} {b:?}({x:#x}, {z:#x})", kind.name());
                }
            }
        }
    }
}

#[test]
fn a_tie_of_the_f64_value_is_resolved_by_the_side_of_the_exact_value() {
    // x near ln(m) for midpoints m of f16 and bf16: e^x is then within a
    // few f64 ulps of m, and for some x its f64 rounding is m itself. The
    // double-double exponential (relative error < 2^-100) decides the side.
    let mut resolved = [0usize; 3];
    for kind in [
        FloatKind::F16,
        FloatKind::BF16,
        FloatKind::F8E4M3,
        FloatKind::F6E2M3FN,
    ] {
        let f = kind.format();
        let p = f.man_bits as i32;
        for k in -6..6 {
            for j in 0..(1u64 << f.man_bits) {
                let m = (1.0 + (2 * j + 1) as f64 * 2f64.powi(-p - 1)) * 2f64.powi(k);
                let x0 = m.ln();
                let mut x = x0;
                for _ in 0..8 {
                    x = x.next_down();
                }
                for _ in 0..16 {
                    x = x.next_up();
                    let y = core_math::exp(x);
                    if y != m || !from_f64_rounded(f, m, Rounding::NearestEven).tie {
                        continue;
                    }
                    let (h, l) = special::dd_exp(x);
                    let d = (h - m) + l;
                    assert!(d.abs() > m * 2f64.powi(-95), "undecided {x:e}");
                    let got = round_cr(f, y, core_math::exp, x, true);
                    let mode = if d > 0.0 {
                        Rounding::TowardPositive
                    } else {
                        Rounding::TowardNegative
                    };
                    let want = from_f64_rounded(f, m, mode).bits;
                    assert_eq!(got, want, "{} exp({x:e}) near {m}", kind.name());
                    assert_eq!(
                        side(core_math::exp, x, y),
                        if d > 0.0 {
                            Ordering::Greater
                        } else {
                            Ordering::Less
                        }
                    );
                    resolved[(d > 0.0) as usize] += 1;
                }
            }
        }
    }
    assert!(resolved[0] > 10 && resolved[1] > 10, "{resolved:?}");
    // An exact tie stays a tie: log(1) = 0 is exact.
    assert_eq!(side(core_math::log, 1.0, 0.0), Ordering::Equal);
}

#[test]
fn f64_and_f32_call_core_math_directly() {
    for &u in Unary::ALL {
        for &x in &[0.5f64, -0.25, 1.5, 3.0, 1e-10, 100.0] {
            let r64 = f64::from_bits(unary(FloatKind::F64, u, x.to_bits()));
            let r32 = f32::from_bits(unary(FloatKind::F32, u, (x as f32).to_bits() as u64) as u32);
            if let Some(g) = f32_kernel(u) {
                let e = g(x as f32);
                assert!(
                    e.to_bits() == r32.to_bits() || (e.is_nan() && r32.is_nan()),
                    "{u:?}({x})"
                );
            }
            // f32 of a correctly rounded function is never further than an
            // f32 ulp from the f64 result.
            if u.correctly_rounded() && r64.is_finite() && r32.is_finite() && r64 != 0.0 {
                let d = ((r32 as f64 - r64) / r64).abs();
                assert!(d < 2f64.powi(-23), "{u:?}({x}): {r32} vs {r64}");
            }
        }
    }
    assert_eq!(unary(FloatKind::F64, Unary::Exp, 0), 1f64.to_bits());
    assert_eq!(unary(FloatKind::F32, Unary::Log, 0x3F80_0000), 0);
}

#[test]
fn special_values_follow_the_format_conventions() {
    use FloatKind::*;
    let nan32 = 0x7FC0_0000u64;
    // Domain errors give the canonical (positive) NaN.
    assert_eq!(unary(F32, Unary::Log, (-1f32).to_bits() as u64), nan32);
    assert_eq!(unary(F32, Unary::Asin, 2f32.to_bits() as u64), nan32);
    assert_eq!(
        unary(F64, Unary::Acosh, 0.5f64.to_bits()),
        0x7FF8_0000_0000_0000
    );
    // A NaN operand is returned quieted, payload and sign kept.
    assert_eq!(unary(F32, Unary::Exp, 0xFF80_0001), 0xFFC0_0001);
    assert_eq!(unary(F16, Unary::Sin, 0x7C01), 0x7E01);
    // Poles and infinities.
    assert_eq!(unary(F32, Unary::Log, 0x8000_0000), 0xFF80_0000);
    assert_eq!(unary(F16, Unary::Rsqrt, 0x8000), 0xFC00);
    assert_eq!(unary(F16, Unary::Exp, 0xFC00), 0);
    // Formats without ∞: log(0) = −∞ is NaN (FN keeps the sign, FNUZ has
    // one NaN); f4 saturates.
    assert_eq!(unary(F8E4M3FN, Unary::Log, 0), 0xFF);
    assert_eq!(unary(F8E4M3FNUZ, Unary::Log, 0), 0x80);
    assert_eq!(unary(F4E2M1FN, Unary::Log, 0), 0xF);
    // Domain error without NaN: +0.
    assert_eq!(unary(F4E2M1FN, Unary::Log, 0xA), 0);
    // FNUZ: −0 results become +0 (sin(−tiny) stays negative though).
    assert_eq!(unary(F8E4M3FNUZ, Unary::Tanh, 0x81), 0x81);
    // f8E8M0FNU: exp(2^-127) rounds to 1; log(1) = 0 is NaN; erfc of a
    // huge value underflows to 2^-127.
    assert_eq!(unary(F8E8M0FNU, Unary::Exp, 0), 127);
    assert_eq!(unary(F8E8M0FNU, Unary::Log, 127), 0xFF);
    assert_eq!(unary(F8E8M0FNU, Unary::Erfc, 0xFE), 0);
    // pow special cases of IEEE-754.
    assert_eq!(binary(F32, Binary::Pow, nan32, 0), 1f32.to_bits() as u64);
    assert_eq!(binary(F16, Binary::Pow, 0x3C00, 0x7E00), 0x3C00);
    assert_eq!(binary(F16, Binary::Pow, 0xBC00, 0x3800), 0x7E00);
    // Bits above the width are ignored.
    assert_eq!(unary(F16, Unary::Exp, 0xFFFF_0000), 0x3C00);
    assert_eq!(unary(F32, Unary::Exp, 0xFFFF_FFFF_0000_0000), 0x3F80_0000);
}

#[test]
fn next_after_steps_to_the_neighbour_in_every_8_bit_format() {
    for kind in narrow_kinds().filter(|k| k.bits() <= 8) {
        let f = kind.format();
        let pats: Vec<u64> = (0..1u64 << kind.bits()).filter(|&x| !f.is_nan(x)).collect();
        let mut vals: Vec<f64> = pats.iter().map(|&x| to_f64(kind, x)).collect();
        vals.sort_by(|a, b| a.total_cmp(b));
        vals.dedup_by(|a, b| a == b);
        for &a in &pats {
            for &b in &pats {
                let r = next_after(kind, a, b);
                let (ad, bd) = (to_f64(kind, a), to_f64(kind, b));
                let rd = to_f64(kind, r);
                if ad == bd {
                    assert_eq!(r, b);
                    continue;
                }
                let i = vals.iter().position(|&v| v == ad).unwrap();
                let want = if bd > ad { vals[i + 1] } else { vals[i - 1] };
                assert_eq!(rd, want, "{} next_after({a:#x}, {b:#x})", kind.name());
                if rd == 0.0 {
                    let neg = ad < 0.0 && f.has_neg_zero();
                    assert_eq!(rd.is_sign_negative(), neg, "{} zero sign", kind.name());
                }
            }
        }
        // NaN propagates.
        if let Some(n) = f.canonical_nan() {
            assert!(f.is_nan(next_after(kind, n, 0)));
            assert!(f.is_nan(next_after(kind, 0, n)));
        }
    }
    assert_eq!(
        next_after(FloatKind::F32, 0x7F7F_FFFF, 0x7F80_0000),
        0x7F80_0000
    );
    assert_eq!(
        next_after(FloatKind::F64, 0, (-1f64).to_bits()),
        (1u64 << 63) | 1
    );
    assert_eq!(next_after(FloatKind::F64, 0, 1u64 << 63), 1u64 << 63);
    assert_eq!(next_after(FloatKind::F16, 0x8001, 0x3C00), 0x8000);
    assert_eq!(next_after(FloatKind::F8E4M3FNUZ, 0x81, 0x01), 0);
    assert_eq!(
        binary(FloatKind::F16, Binary::NextAfter, 0x3C00, 0x4000),
        0x3C01
    );
    let _ = NanEncoding::Ieee;
}

#[test]
fn the_slice_path_agrees_with_the_element_path_on_a_million_f32_inputs() {
    let xs: Vec<u64> = (0..1_000_000u32)
        .map(|i| (i as f32 * 1e-4 - 50.0).to_bits() as u64)
        .collect();
    let mut out = vec![0u64; xs.len()];
    unary_slice(FloatKind::F32, Unary::Exp, &xs, &mut out);
    for i in (0..xs.len()).step_by(997) {
        assert_eq!(out[i], unary(FloatKind::F32, Unary::Exp, xs[i]), "{i}");
    }
}

#[test]
fn complex_functions_agree_with_real_ones_on_the_real_axis_and_with_identities() {
    use FloatKind::F64;
    let b = |x: f64| x.to_bits();
    let v = |(r, i): (u64, u64)| (f64::from_bits(r), f64::from_bits(i));
    for &x in &[0.3f64, 1.7, 2.5] {
        for &u in &[
            Unary::Exp,
            Unary::Log,
            Unary::Sin,
            Unary::Cos,
            Unary::Tanh,
            Unary::Sqrt,
            Unary::Sinh,
            Unary::Cosh,
            Unary::Atan,
            Unary::Asinh,
            Unary::Log1p,
            Unary::Expm1,
        ] {
            let (re, im) = v(complex_unary(F64, u, b(x), 0).unwrap());
            let want = f64::from_bits(unary(F64, u, b(x)));
            assert!(
                (re - want).abs() <= 4.0 * f64::EPSILON * want.abs(),
                "{u:?}({x}): {re} vs {want}"
            );
            assert!(im.abs() <= 4.0 * f64::EPSILON, "{u:?}({x}) im {im}");
        }
    }
    // e^{iπ} = −1
    let (re, im) = v(complex_unary(F64, Unary::Exp, 0, b(std::f64::consts::PI)).unwrap());
    assert!((re + 1.0).abs() < 1e-15 && im.abs() < 1e-15);
    // sqrt(−4) = 2i; log(−1) = iπ; cbrt(8i) = √3 + i
    assert_eq!(
        v(complex_unary(F64, Unary::Sqrt, b(-4.0), 0).unwrap()),
        (0.0, 2.0)
    );
    assert_eq!(
        v(complex_unary(F64, Unary::Log, b(-1.0), 0).unwrap()),
        (0.0, std::f64::consts::PI)
    );
    let (re, im) = v(complex_unary(F64, Unary::Cbrt, 0, b(8.0)).unwrap());
    assert!((re - 3f64.sqrt()).abs() < 1e-15 && (im - 1.0).abs() < 1e-15);
    // Round trips: asin(sin z), atanh(tanh z), log(exp z), acosh(cosh z).
    let z = (0.4, -0.7);
    for (f, g) in [
        (Unary::Sin, Unary::Asin),
        (Unary::Tanh, Unary::Atanh),
        (Unary::Exp, Unary::Log),
        (Unary::Cosh, Unary::Acosh),
        (Unary::Tan, Unary::Atan),
        (Unary::Sinh, Unary::Asinh),
        (Unary::Cos, Unary::Acos),
    ] {
        let w = complex_unary(F64, f, b(z.0), b(z.1)).unwrap();
        let (re, im) = v(complex_unary(F64, g, w.0, w.1).unwrap());
        let z2 = if g == Unary::Acosh || g == Unary::Acos {
            (z.0.abs(), z.1.abs())
        } else {
            z
        };
        assert!(
            (re.abs() - z2.0.abs()).abs() < 1e-14 && (im.abs() - z2.1.abs()).abs() < 1e-14,
            "{g:?}({f:?} z) = {re} {im}"
        );
    }
    // (1+i)^2 = 2i
    let (re, im) = v(complex_binary(F64, Binary::Pow, b(1.0), b(1.0), b(2.0), 0).unwrap());
    assert!(re.abs() < 1e-15 && (im - 2.0).abs() < 1e-15);
    // |3 + 4i| = 5, correctly rounded hypot in f32 too.
    assert_eq!(complex_abs(F64, b(3.0), b(4.0)), b(5.0));
    assert_eq!(
        complex_abs(FloatKind::F32, 3f32.to_bits() as u64, 4f32.to_bits() as u64),
        5f32.to_bits() as u64
    );
    assert_eq!(
        complex_abs(F64, b(f64::NAN), b(f64::INFINITY)),
        b(f64::INFINITY)
    );
    // No complex semantics for erf; no complex f16.
    assert!(complex_unary(F64, Unary::Erf, 0, 0).is_none());
    assert!(complex_unary(FloatKind::F16, Unary::Exp, 0, 0).is_none());
    // complex<f32> is rounded once from f64.
    let (re, _) = complex_unary(FloatKind::F32, Unary::Exp, 1f32.to_bits() as u64, 0).unwrap();
    assert_eq!(re, unary(FloatKind::F32, Unary::Exp, 1f32.to_bits() as u64));
}

/// The value of an `f32` or `f64` part given as its bit pattern.
fn part_value(kind: FloatKind, bits: u64) -> f64 {
    if kind == FloatKind::F32 {
        f32::from_bits(bits as u32) as f64
    } else {
        f64::from_bits(bits)
    }
}

/// Error of `v` against the exact `hi + lo`, in ulps of the `f32` or `f64`
/// part at that value (the subnormal spacing below the normal range).
fn part_ulps(kind: FloatKind, v: f64, hi: f64, lo: f64) -> f64 {
    let (min_exp, man) = if kind == FloatKind::F32 {
        (-126, 23)
    } else {
        (-1022, 52)
    };
    let e = if hi == 0.0 {
        min_exp
    } else {
        (((hi.abs().to_bits() >> 52) as i32) - 1023).max(min_exp)
    };
    // 2^(e − man) in two steps: it lies below the f64 normal range for f64.
    let ulp = 2f64.powi(e) * 2f64.powi(-man);
    ((v - hi) - lo).abs() / ulp
}

#[test]
fn asin_acos_kernel_errors_are_within_documented_bounds() {
    let text = include_str!("asin_acos_kernel_reference.txt");
    // Worst error of [f64 re, f64 im, f32 re, f32 im] and its line.
    let mut worst = [(0.0f64, ""); 4];
    let mut zeros = 0;
    let mut over = Vec::new();
    for line in text.lines() {
        let w: Vec<&str> = line.split(' ').collect();
        let hex = |s: &str| u64::from_str_radix(s, 16).unwrap();
        let num = |s: &str| f64::from_bits(hex(s));
        let (kind, slot, bounds) = match w[0] {
            "f64" => (FloatKind::F64, 0, ASIN_ACOS_KERNEL_F64_ULP),
            "f32" => (FloatKind::F32, 2, ASIN_ACOS_KERNEL_F32_ULP),
            other => panic!("unknown part type {other}"),
        };
        let value = |b: u64| part_value(kind, b);
        let (re, im) = asin_acos_kernel(kind, hex(w[1]), hex(w[2])).unwrap();
        for (part, got, hi, lo) in [
            (0, value(re), num(w[3]), num(w[4])),
            (1, value(im), num(w[5]), num(w[6])),
        ] {
            if hi == 0.0 {
                // Exact zeros: the real part off the unit segment and the
                // imaginary part on it, both on the real axis.
                zeros += 1;
                if got != 0.0 || got.is_sign_negative() {
                    over.push(format!("{line}: part {part} is {got:e}, not +0"));
                }
                continue;
            }
            let e = part_ulps(kind, got, hi, lo);
            let m = &mut worst[slot + part];
            if e > m.0 {
                *m = (e, line);
            }
            let bound = if part == 0 { bounds.0 } else { bounds.1 };
            if e > bound {
                over.push(format!("{line}: part {part} is {got:e}, {e:.3} ulp off"));
            }
        }
    }
    println!("worst errors (ulp) [f64 re, f64 im, f32 re, f32 im]: {worst:?}");
    assert!(
        over.is_empty(),
        "{} parts above the bounds, among them:\n{}",
        over.len(),
        over[..over.len().min(20)].join("\n")
    );
    assert!(zeros > 50, "{zeros}");
    assert!(text.lines().count() > 3000);
}

#[test]
fn asin_acos_kernel_special_values_give_c99_asin_and_acos_through_the_chlo_formulas() {
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};
    let (inf, nan) = (f64::INFINITY, f64::NAN);
    let w = |x: f64, y: f64| {
        let (re, im) =
            asin_acos_kernel(FloatKind::F64, x.to_bits(), y.to_bits()).expect("complex<f64>");
        (f64::from_bits(re), f64::from_bits(im))
    };
    let same = |a: f64, b: f64| a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan());
    // The kernel's own values: A = ∞ gives (|y|, ∞); other NaNs give NaN,
    // except a real part for ±0 + iNaN (A ≥ 1 whatever y is).
    let cases = [
        ((inf, 2.5), (2.5, inf)),
        ((-inf, -2.5), (2.5, inf)),
        ((-inf, 0.0), (0.0, inf)),
        ((3.0, inf), (inf, inf)),
        ((-0.0, -inf), (inf, inf)),
        ((inf, -inf), (inf, inf)),
        ((-inf, nan), (nan, inf)),
        ((nan, inf), (inf, inf)),
        ((0.0, nan), (1.0, nan)),
        ((-0.0, nan), (1.0, nan)),
        ((nan, 0.0), (nan, nan)),
        ((nan, 1.0), (nan, nan)),
        ((0.5, nan), (nan, nan)),
        ((nan, nan), (nan, nan)),
    ];
    for ((x, y), want) in cases {
        let got = w(x, y);
        assert!(
            same(got.0, want.0) && same(got.1, want.1),
            "w({x}, {y}) = {got:?}, want {want:?}"
        );
    }
    // NaN parts are the canonical NaN; f32 follows the same rules.
    let (re, im) = asin_acos_kernel(FloatKind::F64, 0.5f64.to_bits(), nan.to_bits()).unwrap();
    assert_eq!((re, im), (0x7FF8_0000_0000_0000, 0x7FF8_0000_0000_0000));
    let f = |v: f32| v.to_bits() as u64;
    assert_eq!(
        asin_acos_kernel(FloatKind::F32, f(f32::NEG_INFINITY), f(-1.5)),
        Some((f(1.5), f(f32::INFINITY)))
    );
    assert_eq!(
        asin_acos_kernel(FloatKind::F32, f(-0.0), f(f32::NAN)),
        Some((f(1.0), 0x7FC0_0000))
    );
    assert_eq!(asin_acos_kernel(FloatKind::F16, 0, 0), None);
    // asin(z) = atan2(x, w.re) + i·sign(y)·w.im and
    // acos(z) = atan2(w.re, x) − i·sign(y)·w.im against C99 Annex G.
    let sign = |v: f64| {
        if v.is_nan() {
            nan
        } else if v == 0.0 {
            v
        } else {
            v.signum()
        }
    };
    let asin = |x: f64, y: f64| {
        let (re, im) = w(x, y);
        (core_math::atan2(x, re), sign(y) * im)
    };
    let acos = |x: f64, y: f64| {
        let (re, im) = w(x, y);
        (core_math::atan2(re, x), -(sign(y) * im))
    };
    let c99_acos = [
        ((0.0, 0.0), (FRAC_PI_2, -0.0)),
        ((-0.0, 0.0), (FRAC_PI_2, -0.0)),
        ((0.0, nan), (FRAC_PI_2, nan)),
        ((2.0, inf), (FRAC_PI_2, -inf)),
        ((-inf, 2.0), (PI, -inf)),
        ((inf, 2.0), (0.0, -inf)),
        ((-inf, inf), (3.0 * FRAC_PI_4, -inf)),
        ((inf, inf), (FRAC_PI_4, -inf)),
        ((2.0, nan), (nan, nan)),
        ((nan, 2.0), (nan, nan)),
        ((nan, inf), (nan, -inf)),
        ((nan, nan), (nan, nan)),
    ];
    for ((x, y), want) in c99_acos {
        let got = acos(x, y);
        assert!(
            same(got.0, want.0) && same(got.1, want.1),
            "acos({x} + {y}i) = {got:?}, C99 {want:?}"
        );
    }
    let c99_asin = [
        ((0.0, nan), (0.0, nan)),
        ((-0.0, nan), (-0.0, nan)),
        ((2.0, inf), (0.0, inf)),
        ((-2.0, -inf), (-0.0, -inf)),
        ((inf, 2.0), (FRAC_PI_2, inf)),
        ((-inf, -2.0), (-FRAC_PI_2, -inf)),
        ((inf, inf), (FRAC_PI_4, inf)),
        ((nan, 0.0), (nan, nan)),
        ((nan, nan), (nan, nan)),
    ];
    for ((x, y), want) in c99_asin {
        let got = asin(x, y);
        assert!(
            same(got.0, want.0) && same(got.1, want.1),
            "asin({x} + {y}i) = {got:?}, C99 {want:?}"
        );
    }
}

#[test]
fn asin_acos_kernel_depends_on_the_magnitudes_of_the_parts_and_matches_complex_asin() {
    // w(±x ± iy) has the bits of w(x + iy), both parts ≥ +0; and
    // asin(z) = atan2(x, w.re) + i·sign(y)·w.im agrees with the complex
    // asin of this module (≤ 1 ulp normwise) over many binades.
    let mut s = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for _ in 0..20_000 {
        let r = next();
        // Exponents from 2^-60 to 2^60, random significands.
        let x = f64::from_bits(((r & 0x7F) + 963) << 52 | (next() >> 12));
        let y = f64::from_bits((((r >> 7) & 0x7F) + 963) << 52 | (next() >> 12));
        let base = asin_acos_kernel(FloatKind::F64, x.to_bits(), y.to_bits()).unwrap();
        let (wr, wi) = (f64::from_bits(base.0), f64::from_bits(base.1));
        assert!(wr > 0.0 && wi > 0.0, "w({x:e}, {y:e}) = ({wr:e}, {wi:e})");
        for (sx, sy) in [(-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
            let (a, b) = ((sx * x).to_bits(), (sy * y).to_bits());
            assert_eq!(asin_acos_kernel(FloatKind::F64, a, b), Some(base));
        }
        let (ar, ai) = complex_unary(FloatKind::F64, Unary::Asin, x.to_bits(), y.to_bits())
            .map(|(a, b)| (f64::from_bits(a), f64::from_bits(b)))
            .unwrap();
        let (kr, ki) = (core_math::atan2(x, wr), wi);
        let norm = ar.hypot(ai);
        let d = (kr - ar).hypot(ki - ai);
        assert!(
            d <= 4.0 * f64::EPSILON * norm,
            "asin({x:e} + {y:e}i): kernel ({kr:e}, {ki:e}), asin ({ar:e}, {ai:e})"
        );
    }
}

#[test]
fn complex_inverse_function_errors_are_within_documented_bounds() {
    // complex_inverse_reference.txt: asin, acos, asinh, acosh and atanh of
    // complex<f64> and complex<f32> over the hard regions, per part.
    let text = include_str!("complex_inverse_reference.txt");
    // Worst error per (function, part type, part) and its line.
    let mut worst: std::collections::BTreeMap<(&str, &str, usize), (f64, &str)> =
        Default::default();
    // Worst normwise error |computed − exact| / |exact| in units of the
    // part type's epsilon, per (function, part type), where no nonzero
    // part of the reference is below the normal range.
    let mut normwise: std::collections::BTreeMap<(&str, &str), f64> = Default::default();
    let mut zeros = 0;
    let mut over = Vec::new();
    for line in text.lines() {
        let w: Vec<&str> = line.split(' ').collect();
        let hex = |s: &str| u64::from_str_radix(s, 16).unwrap();
        let num = |s: &str| f64::from_bits(hex(s));
        let f = match w[0] {
            "asin" => Unary::Asin,
            "acos" => Unary::Acos,
            "asinh" => Unary::Asinh,
            "acosh" => Unary::Acosh,
            "atanh" => Unary::Atanh,
            other => panic!("unknown function {other}"),
        };
        let atanh = f == Unary::Atanh;
        let (kind, eps, min_normal, bound) = match w[1] {
            "f64" => (
                FloatKind::F64,
                f64::EPSILON,
                f64::MIN_POSITIVE,
                if atanh {
                    COMPLEX_ATANH_F64_ULP
                } else {
                    COMPLEX_INVERSE_F64_ULP
                },
            ),
            "f32" => (
                FloatKind::F32,
                f32::EPSILON as f64,
                f32::MIN_POSITIVE as f64,
                if atanh {
                    COMPLEX_ATANH_F32_ULP
                } else {
                    COMPLEX_INVERSE_F32_ULP
                },
            ),
            other => panic!("unknown part type {other}"),
        };
        let value = |b: u64| part_value(kind, b);
        let (re, im) = complex_unary(kind, f, hex(w[2]), hex(w[3])).unwrap();
        let parts = [
            (value(re), num(w[4]), num(w[5])),
            (value(im), num(w[6]), num(w[7])),
        ];
        for (part, &(got, hi, lo)) in parts.iter().enumerate() {
            if hi == 0.0 || hi.is_infinite() {
                // An exact zero or infinity of C99 (an axis; catanh(±1 ± i0)):
                // the value and its sign.
                zeros += 1;
                if got != hi || got.is_sign_negative() != hi.is_sign_negative() {
                    over.push(format!("{line}: part {part} is {got:e}, not {hi:e}"));
                }
                continue;
            }
            let e = part_ulps(kind, got, hi, lo);
            let m = worst.entry((w[0], w[1], part)).or_insert((0.0, ""));
            if e > m.0 || e.is_nan() {
                *m = (e, line);
            }
            if e.is_nan() || e > bound {
                over.push(format!(
                    "{line}: part {part} is {got:e}, {e:.3} ulp off (bound {bound})"
                ));
            }
        }
        let subnormal = parts
            .iter()
            .any(|p| (p.1 != 0.0 && p.1.abs() < min_normal) || p.1.is_infinite());
        if !subnormal {
            let m = parts[0].1.abs().max(parts[1].1.abs());
            let d = |p: &(f64, f64, f64)| ((p.0 - p.1) - p.2) / m;
            let r = d(&parts[0]).hypot(d(&parts[1])) / (parts[0].1 / m).hypot(parts[1].1 / m);
            let n = normwise.entry((w[0], w[1])).or_insert(0.0);
            *n = n.max(r / eps);
        }
    }
    for ((f, t, part), (e, line)) in &worst {
        println!("{f} {t} part {part}: worst {e:.5} ulp at {line}");
    }
    println!("normwise (epsilons): {normwise:?}");
    assert!(
        over.is_empty(),
        "{} parts above the bounds, among them:\n{}",
        over.len(),
        over[..over.len().min(30)].join("\n")
    );
    assert_eq!(worst.len(), 20, "{worst:?}");
    assert!(zeros > 300, "{zeros}");
    assert!(text.lines().count() > 6000);
}

#[test]
fn complex_inverse_functions_take_the_special_values_of_c99_annex_g() {
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};
    let (inf, nan) = (f64::INFINITY, f64::NAN);
    let eval = |f: Unary, x: f64, y: f64| {
        let (re, im) =
            complex_unary(FloatKind::F64, f, x.to_bits(), y.to_bits()).expect("complex<f64>");
        (f64::from_bits(re), f64::from_bits(im))
    };
    // Bits equal; a NaN must be the canonical one.
    let same = |a: f64, b: f64| {
        a.to_bits() == b.to_bits() || (b.is_nan() && a.to_bits() == 0x7FF8_0000_0000_0000)
    };
    // Where C99 leaves the sign of a part unspecified, `loose` marks it
    // and only its magnitude is compared.
    let check = |f: Unary, x: f64, y: f64, want: (f64, f64), loose: (bool, bool)| {
        let got = eval(f, x, y);
        let ok = |g: f64, w: f64, free: bool| {
            if free {
                g.abs().to_bits() == w.abs().to_bits()
            } else {
                same(g, w)
            }
        };
        assert!(
            ok(got.0, want.0, loose.0) && ok(got.1, want.1, loose.1),
            "{f:?}({x} + {y}i) = {got:?}, C99 {want:?}"
        );
    };
    let exact = (false, false);
    // G.6.2.2 casinh, for positive-signed y.
    for (x, y, want) in [
        (0.0, 0.0, (0.0, 0.0)),
        (2.0, inf, (inf, FRAC_PI_2)),
        (0.0, inf, (inf, FRAC_PI_2)),
        (2.0, nan, (nan, nan)),
        (0.0, nan, (nan, nan)),
        (inf, 2.0, (inf, 0.0)),
        (inf, 0.0, (inf, 0.0)),
        (inf, inf, (inf, FRAC_PI_4)),
        (inf, nan, (inf, nan)),
        (nan, 0.0, (nan, 0.0)),
        (nan, 2.0, (nan, nan)),
        (nan, nan, (nan, nan)),
    ] {
        check(Unary::Asinh, x, y, want, exact);
    }
    check(Unary::Asinh, nan, inf, (inf, nan), (true, false));
    // G.6.2.1 cacos, for positive-signed y.
    for (x, y, want) in [
        (0.0, 0.0, (FRAC_PI_2, -0.0)),
        (-0.0, 0.0, (FRAC_PI_2, -0.0)),
        (0.0, nan, (FRAC_PI_2, nan)),
        (-0.0, nan, (FRAC_PI_2, nan)),
        (2.0, inf, (FRAC_PI_2, -inf)),
        (-2.0, inf, (FRAC_PI_2, -inf)),
        (0.0, inf, (FRAC_PI_2, -inf)),
        (2.0, nan, (nan, nan)),
        (-inf, 2.0, (PI, -inf)),
        (-inf, 0.0, (PI, -inf)),
        (inf, 2.0, (0.0, -inf)),
        (inf, 0.0, (0.0, -inf)),
        (-inf, inf, (3.0 * FRAC_PI_4, -inf)),
        (inf, inf, (FRAC_PI_4, -inf)),
        (nan, 2.0, (nan, nan)),
        (nan, 0.0, (nan, nan)),
        (nan, inf, (nan, -inf)),
        (nan, nan, (nan, nan)),
    ] {
        check(Unary::Acos, x, y, want, exact);
    }
    check(Unary::Acos, inf, nan, (nan, inf), (false, true));
    check(Unary::Acos, -inf, nan, (nan, inf), (false, true));
    // G.6.2.1 cacosh, for positive-signed y.
    for (x, y, want) in [
        (0.0, 0.0, (0.0, FRAC_PI_2)),
        (-0.0, 0.0, (0.0, FRAC_PI_2)),
        (2.0, inf, (inf, FRAC_PI_2)),
        (-2.0, inf, (inf, FRAC_PI_2)),
        (0.0, inf, (inf, FRAC_PI_2)),
        (2.0, nan, (nan, nan)),
        (-inf, 2.0, (inf, PI)),
        (-inf, 0.0, (inf, PI)),
        (inf, 2.0, (inf, 0.0)),
        (inf, 0.0, (inf, 0.0)),
        (-inf, inf, (inf, 3.0 * FRAC_PI_4)),
        (inf, inf, (inf, FRAC_PI_4)),
        (inf, nan, (inf, nan)),
        (-inf, nan, (inf, nan)),
        (nan, 2.0, (nan, nan)),
        (nan, inf, (inf, nan)),
        (nan, nan, (nan, nan)),
    ] {
        check(Unary::Acosh, x, y, want, exact);
    }
    check(Unary::Acosh, 0.0, nan, (nan, FRAC_PI_2), (false, true));
    check(Unary::Acosh, -0.0, nan, (nan, FRAC_PI_2), (false, true));
    // The cuts: the side is the sign of the zero part.
    check(Unary::Acosh, -2.0, -0.0, (1.3169578969248168, -PI), exact);
    check(Unary::Acos, 2.0, -0.0, (0.0, 1.3169578969248168), exact);
    check(
        Unary::Asin,
        -2.0,
        0.0,
        (-FRAC_PI_2, 1.3169578969248168),
        exact,
    );
    check(
        Unary::Asinh,
        -0.0,
        2.0,
        (-1.3169578969248168, FRAC_PI_2),
        exact,
    );
    // Over every combination of special and ordinary parts: conj
    // symmetry of all four (C99's rule for cacos, casinh and cacosh),
    // asin and asinh odd, and casin(z) = −i casinh(iz) (G.6.2.2's
    // definition of casin) — bit for bit, NaNs canonical.
    let parts = [
        0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 3.0, -3.0, 1e300, -1e300, inf, -inf, nan, -nan,
    ];
    let agree = |a: (f64, f64), b: (f64, f64)| same(a.0, b.0) && same(a.1, b.1);
    for &x in &parts {
        for &y in &parts {
            for f in [
                Unary::Asin,
                Unary::Acos,
                Unary::Asinh,
                Unary::Acosh,
                Unary::Atanh,
                Unary::Atan,
            ] {
                let v = eval(f, x, y);
                let conj = eval(f, x, -y);
                assert!(
                    agree(conj, (v.0, -v.1)),
                    "{f:?}: conj({x} + {y}i) gives {conj:?}, {v:?}"
                );
                if matches!(f, Unary::Asin | Unary::Asinh | Unary::Atanh | Unary::Atan) {
                    let odd = eval(f, -x, -y);
                    assert!(
                        agree(odd, (-v.0, -v.1)),
                        "{f:?}: −({x} + {y}i) gives {odd:?}, {v:?}"
                    );
                }
            }
            let s = eval(Unary::Asinh, -y, x);
            let a = eval(Unary::Asin, x, y);
            assert!(
                agree(a, (s.1, -s.0)),
                "asin({x} + {y}i) = {a:?}, asinh {s:?}"
            );
        }
    }
    // G.6.2.3 catanh, for positive-signed x and y (the other signs by
    // the symmetries above); where the sign of the real part is left open
    // (NaN + i∞) it is the NaN's.
    for (x, y, want) in [
        (0.0, 0.0, (0.0, 0.0)),
        (0.0, nan, (0.0, nan)),
        (1.0, 0.0, (inf, 0.0)),
        (2.0, inf, (0.0, FRAC_PI_2)),
        (2.0, nan, (nan, nan)),
        (inf, 2.0, (0.0, FRAC_PI_2)),
        (inf, inf, (0.0, FRAC_PI_2)),
        (inf, nan, (0.0, nan)),
        (nan, 2.0, (nan, nan)),
        (nan, inf, (0.0, FRAC_PI_2)),
        (nan, nan, (nan, nan)),
    ] {
        check(Unary::Atanh, x, y, want, exact);
    }
    // On the real axis beyond ±1, the imaginary part is ±π/2 by the zero's
    // sign; atan(z) = −i·atanh(iz).
    let acoth2 = 0.5493061443340549;
    for (f, x, y, want) in [
        (Unary::Atanh, 2.0, -0.0, (acoth2, -FRAC_PI_2)),
        (Unary::Atanh, -2.0, 0.0, (-acoth2, FRAC_PI_2)),
        (Unary::Atan, 0.0, 2.0, (FRAC_PI_2, acoth2)),
    ] {
        check(f, x, y, want, exact);
    }
    // sinh and cosh where cosh(Re z) overflows but a part does not:
    // sinh(−725.2392366040576 + 7.195340020388552e−42i) = −∞ (the real
    // part overflows) + 3.3374889987556049400884e273i (mpmath), within
    // 3 ulp; sinh(800 + 0i) = ∞ + 0i.
    for (f, sign) in [(Unary::Sinh, 1.0), (Unary::Cosh, -1.0)] {
        let (re, im) = eval(f, -725.2392366040576, 7.195340020388552e-42);
        assert_eq!(re, -sign * inf, "{f:?}");
        let exact = sign * 3.337_488_998_755_605e273;
        assert!(
            ((im - exact) / exact).abs() < 3.0 * f64::EPSILON,
            "{f:?}: {im:e}"
        );
    }
    check(Unary::Sinh, 800.0, 0.0, (inf, 0.0), exact);
    // complex<f32> follows the same rules.
    let f = |v: f32| v.to_bits() as u64;
    assert_eq!(
        complex_unary(FloatKind::F32, Unary::Acosh, f(f32::NEG_INFINITY), f(-0.0)),
        Some((f(f32::INFINITY), f(-std::f32::consts::PI)))
    );
    assert_eq!(
        complex_unary(FloatKind::F32, Unary::Asin, f(f32::NAN), f(1.5)),
        Some((0x7FC0_0000, 0x7FC0_0000))
    );
}
