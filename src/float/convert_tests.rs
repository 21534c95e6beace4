//! Tests of conversions, rounding to integral values and reduce_precision.

use super::*;
use crate::float::oracle::{Dy, Exact, Oracle, Rng, Val};
use crate::float::{FloatKind, NanEncoding, Rounding};

const MODES: [Rounding; 5] = [
    Rounding::NearestEven,
    Rounding::NearestAway,
    Rounding::TowardZero,
    Rounding::TowardPositive,
    Rounding::TowardNegative,
];

fn small_kinds() -> Vec<FloatKind> {
    FloatKind::ALL
        .iter()
        .copied()
        .filter(|k| k.bits() <= 16)
        .collect()
}

/// Exact dyadic value of a finite f64, decoded by hand.
fn dy_of_f64(x: f64) -> Dy {
    let b = x.to_bits();
    let neg = b >> 63 == 1;
    let field = (b >> 52 & 0x7FF) as i64;
    let frac = (b & ((1 << 52) - 1)) as u128;
    if field == 0 {
        Dy::new(neg, frac, -1074)
    } else {
        Dy::new(neg, frac | 1 << 52, field - 1075)
    }
}

/// The f64 value of a dyadic with few bits (exact).
fn f64_of_dy(d: Dy) -> f64 {
    let mut v = d.n as f64;
    let mut k = d.k;
    while k > 0 {
        v *= 2.0;
        k -= 1;
    }
    while k < 0 {
        v *= 0.5;
        k += 1;
    }
    if d.neg {
        -v
    } else {
        v
    }
}

/// Hardware decoding of the wide formats into f64.
fn wide_value(kind: FloatKind, bits: u64) -> f64 {
    match kind {
        FloatKind::F64 => f64::from_bits(bits),
        FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        FloatKind::TF32 => f32::from_bits((bits as u32) << 13) as f64,
        _ => unreachable!(),
    }
}

#[test]
fn every_small_value_converts_to_every_format_correctly_rounded() {
    let oracles: Vec<Oracle> = small_kinds().into_iter().map(Oracle::new).collect();
    for src in &oracles {
        let from = src.kind.format();
        for a in 0..1u64 << src.kind.bits() {
            let val = src.decode(a);
            for &to_kind in FloatKind::ALL {
                let to = to_kind.format();
                let target = oracles.iter().find(|o| o.kind == to_kind);
                // The many-element converter gives the same bits.
                let many = converter(src.kind, to_kind)(a);
                assert_eq!(many, convert(from, to, a, Rounding::NearestEven));
                for mode in MODES {
                    let got = convert(from, to, a, mode);
                    let ctx =
                        || format!("{} {a:#x} -> {} {mode:?}", src.kind.name(), to_kind.name());
                    match (val, target) {
                        (Val::Nan, _) => {
                            if to.has_nan() {
                                assert!(to.is_nan(got), "{}", ctx());
                            } else {
                                assert_eq!(got, 0, "{}", ctx());
                            }
                        }
                        (Val::Inf(neg), Some(t)) => assert_eq!(got, t.inf(neg), "{}", ctx()),
                        (Val::Inf(neg), None) => assert_eq!(got, to.inf(neg).unwrap(), "{}", ctx()),
                        (Val::Fin(d), Some(t)) => {
                            let want = t.round_exact(Exact { v: d, eps: 0 }, d.neg, mode);
                            assert_eq!(got, want, "{}", ctx());
                        }
                        (Val::Fin(d), None) => {
                            // Every value of at most 16 bits is exact in tf32, f32, f64.
                            let v = wide_value(to_kind, got);
                            assert_eq!(v, f64_of_dy(d), "{}", ctx());
                            assert_eq!(v.is_sign_negative(), d.neg, "{}", ctx());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn f32_and_f64_values_convert_to_narrow_formats_correctly_rounded() {
    let mut rng = Rng::new(17);
    let mut targets: Vec<Oracle> = small_kinds().into_iter().map(Oracle::new).collect();
    targets.push(Oracle::new(FloatKind::TF32));
    let mut xs: Vec<f64> = Vec::new();
    for _ in 0..3000 {
        let r = rng.next();
        xs.push(f32::from_bits(r as u32) as f64);
        xs.push(f64::from_bits(r));
        xs.push((r as i64 as f64) * 1e-12);
    }
    for t in &targets {
        let to = t.kind.format();
        // Values, midpoints and their f64 neighbours.
        let mut local = xs.clone();
        for _ in 0..2000 {
            let mag = rng.next() % (t.max_mag + 1);
            let lo = match t.decode(mag) {
                Val::Fin(d) => f64_of_dy(d),
                _ => continue,
            };
            let hi = match t.decode(mag + 1) {
                Val::Fin(d) => f64_of_dy(d),
                _ => lo * 2.0,
            };
            let mid = (lo + hi) / 2.0;
            local.extend([lo, mid, mid.next_up(), mid.next_down(), hi.next_down()]);
        }
        for &x in &local {
            if !x.is_finite() {
                continue;
            }
            for x in [x, -x] {
                let d = dy_of_f64(x);
                for mode in MODES {
                    let want = t.round_exact(Exact { v: d, eps: 0 }, d.neg, mode);
                    let f64f = FloatKind::F64.format();
                    assert_eq!(
                        convert(f64f, to, x.to_bits(), mode),
                        want,
                        "{x:e} -> {} {mode:?}",
                        t.kind.name()
                    );
                    if mode == Rounding::NearestEven {
                        assert_eq!(converter(FloatKind::F64, t.kind)(x.to_bits()), want);
                    }
                    if x as f32 as f64 == x {
                        let b32 = (x as f32).to_bits() as u64;
                        assert_eq!(convert(FloatKind::F32.format(), to, b32, mode), want);
                        if mode == Rounding::NearestEven {
                            assert_eq!(converter(FloatKind::F32, t.kind)(b32), want);
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn f64_to_f32_matches_hardware_and_a_bracketing_oracle() {
    let mut rng = Rng::new(19);
    let (f32f, f64f) = (FloatKind::F32.format(), FloatKind::F64.format());
    for i in 0..300_000 {
        let r = rng.next();
        // Mix arbitrary patterns with values in f32's range and subnormals.
        let x = match i % 3 {
            0 => f64::from_bits(r),
            1 => f64::from_bits((r & 0x800F_FFFF_FFFF_FFFF) | ((0x380 + (r >> 52) % 0x100) << 52)),
            _ => f64::from_bits((r & 0x800F_FFFF_FFFF_FFFF) | ((0x360 + (r >> 52) % 0x30) << 52)),
        };
        let got = convert(f64f, f32f, x.to_bits(), Rounding::NearestEven);
        let hw = x as f32;
        if x.is_nan() {
            assert_eq!(got, hw.to_bits() as u64 | 0x0040_0000, "{:#x}", x.to_bits());
            continue;
        }
        assert_eq!(got, hw.to_bits() as u64, "{x:e}");
        if !x.is_finite() || hw.is_infinite() {
            continue;
        }
        let (lo, hi) = if hw as f64 <= x {
            (hw, hw.next_up())
        } else {
            (hw.next_down(), hw)
        };
        let exact = lo as f64 == x;
        for (mode, want) in [
            (Rounding::TowardPositive, if exact { lo } else { hi }),
            (Rounding::TowardNegative, lo),
            (Rounding::TowardZero, if exact || x > 0.0 { lo } else { hi }),
        ] {
            assert_eq!(
                f32::from_bits(convert(f64f, f32f, x.to_bits(), mode) as u32).to_bits(),
                want.to_bits(),
                "{x:e} {mode:?}"
            );
        }
        // Widening back is exact.
        assert_eq!(
            convert(f32f, f64f, got, Rounding::NearestEven),
            (hw as f64).to_bits()
        );
    }
}

#[test]
fn nan_payloads_survive_conversion_between_ieee_formats_like_hardware() {
    let mut rng = Rng::new(23);
    let (f32f, f64f) = (FloatKind::F32.format(), FloatKind::F64.format());
    for _ in 0..10_000 {
        let r = rng.next();
        let n32 = 0x7F80_0000 | (r as u32 & 0x807F_FFFF) | 1;
        let got = convert(f32f, f64f, n32 as u64, Rounding::NearestEven);
        let hw = (f32::from_bits(n32) as f64).to_bits();
        assert_eq!(got, hw | 0x0008_0000_0000_0000, "{n32:#x}");
    }
    use FloatKind::*;
    assert_eq!(convert_kind(F32, F8E4M3FN, 0xFFC0_0000), 0xFF);
    assert_eq!(convert_kind(F32, F8E4M3FNUZ, 0xFFC0_0000), 0x80);
    assert_eq!(convert_kind(F32, F4E2M1FN, 0x7FC0_0000), 0);
    assert_eq!(convert_kind(F8E4M3FNUZ, F32, 0x80), 0x7FC0_0000);
    assert_eq!(convert_kind(F8E4M3FN, BF16, 0xFF), 0xFFC0);
    assert_eq!(convert_kind(F8E8M0FNU, F16, 0xFF), 0x7E00);
    assert_eq!(convert_kind(F16, F8E8M0FNU, 0xFE00), 0xFF);
}

// ---------------------------------------------------------------------------
// Integers
// ---------------------------------------------------------------------------

const WIDTHS: [u32; 7] = [2, 3, 4, 8, 16, 32, 64];

/// Truncation toward zero of a dyadic, saturated to 2^100.
fn trunc(d: Dy) -> i128 {
    if d.n == 0 {
        return 0;
    }
    let lead = 127 - d.n.leading_zeros() as i64 + d.k;
    let mag: i128 = if lead >= 100 {
        1 << 100
    } else if d.k >= 0 {
        (d.n << d.k) as i128
    } else if -d.k >= 128 {
        0
    } else {
        (d.n >> -d.k) as i128
    };
    if d.neg {
        -mag
    } else {
        mag
    }
}

#[test]
fn float_to_int_truncates_and_saturates_for_every_small_value() {
    for kind in small_kinds() {
        let o = Oracle::new(kind);
        let f = kind.format();
        for a in 0..1u64 << kind.bits() {
            for w in WIDTHS {
                for signed in [false, true] {
                    let (lo, hi) = if signed {
                        (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
                    } else {
                        (0, (1i128 << w) - 1)
                    };
                    let want = match o.decode(a) {
                        Val::Nan => 0,
                        Val::Inf(n) => {
                            if n {
                                lo
                            } else {
                                hi
                            }
                        }
                        Val::Fin(d) => trunc(d).clamp(lo, hi),
                    };
                    let got = to_int(f, a, w, signed);
                    assert_eq!(got, want, "{} {a:#x} i{w} signed={signed}", kind.name());
                    let mask = if w == 64 { u64::MAX } else { (1 << w) - 1 };
                    assert_eq!(to_int_bits(f, a, w, signed), want as u64 & mask);
                }
            }
        }
    }
}

#[test]
fn f32_and_f64_to_int_match_rust_saturating_casts() {
    let mut rng = Rng::new(29);
    let (f32f, f64f) = (FloatKind::F32.format(), FloatKind::F64.format());
    for i in 0..200_000 {
        let r = rng.next();
        let x = if i % 2 == 0 {
            f64::from_bits(r)
        } else {
            f64::from_bits((r & 0x800F_FFFF_FFFF_FFFF) | ((0x3F0 + (r >> 52) % 0x50) << 52))
        };
        let b = x.to_bits();
        assert_eq!(to_int(f64f, b, 64, true), x as i64 as i128, "{x:e}");
        assert_eq!(to_int(f64f, b, 64, false), x as u64 as i128, "{x:e}");
        assert_eq!(to_int(f64f, b, 32, true), x as i32 as i128, "{x:e}");
        assert_eq!(to_int(f64f, b, 8, false), x as u8 as i128, "{x:e}");
        let y = x as f32;
        let b = y.to_bits() as u64;
        assert_eq!(to_int(f32f, b, 64, true), y as i64 as i128, "{y:e}");
        assert_eq!(to_int(f32f, b, 16, true), y as i16 as i128, "{y:e}");
        assert_eq!(to_int(f32f, b, 32, false), y as u32 as i128, "{y:e}");
    }
}

#[test]
fn int_to_float_is_correctly_rounded() {
    for kind in small_kinds() {
        let o = Oracle::new(kind);
        let f = kind.format();
        for v in -70_000i128..=70_000 {
            for mode in MODES {
                let d = Dy::new(v < 0, v.unsigned_abs(), 0);
                let want = o.round_exact(Exact { v: d, eps: 0 }, false, mode);
                assert_eq!(from_int(f, v, mode), want, "{} {v} {mode:?}", kind.name());
            }
        }
    }
    let mut rng = Rng::new(31);
    let (f32f, f64f) = (FloatKind::F32.format(), FloatKind::F64.format());
    let ne = Rounding::NearestEven;
    for _ in 0..200_000 {
        let r = rng.next() >> (rng.next() % 64);
        assert_eq!(
            from_int(f64f, r as i64 as i128, ne),
            (r as i64 as f64).to_bits()
        );
        assert_eq!(from_int(f64f, r as i128, ne), (r as f64).to_bits());
        assert_eq!(
            from_int(f32f, r as i64 as i128, ne),
            (r as i64 as f32).to_bits() as u64
        );
        assert_eq!(
            from_int_bits(f64f, r, 64, true, ne),
            (r as i64 as f64).to_bits()
        );
        assert_eq!(
            from_int_bits(f32f, r, 64, false, ne),
            (r as f32).to_bits() as u64
        );
        assert_eq!(
            from_int_bits(f32f, r, 8, true, ne),
            (r as i8 as f32).to_bits() as u64
        );
        assert_eq!(
            from_int_bits(f32f, r, 16, false, ne),
            (r as u16 as f32).to_bits() as u64
        );
    }
    assert_eq!(
        from_int_bits(f32f, 0b10, 2, true, ne),
        (-2.0f32).to_bits() as u64
    );
    assert_eq!(
        from_int_bits(f32f, 0b10, 2, false, ne),
        2.0f32.to_bits() as u64
    );
}

// ---------------------------------------------------------------------------
// Rounding to integral values
// ---------------------------------------------------------------------------

fn integral_f64(x: f64, mode: Rounding) -> f64 {
    match mode {
        Rounding::NearestEven => x.round_ties_even(),
        Rounding::NearestAway => x.round(),
        Rounding::TowardZero => x.trunc(),
        Rounding::TowardPositive => x.ceil(),
        Rounding::TowardNegative => x.floor(),
    }
}

#[test]
fn round_to_integral_matches_the_libm_functions() {
    for kind in small_kinds() {
        let o = Oracle::new(kind);
        let f = kind.format();
        for a in 0..1u64 << kind.bits() {
            for mode in MODES {
                let got = round_to_integral(f, a, mode);
                let want = match o.decode(a) {
                    Val::Nan => o.quieted(a),
                    Val::Inf(_) => a,
                    Val::Fin(d) => {
                        let r = integral_f64(f64_of_dy(d), mode);
                        if r == 0.0 {
                            o.zero(d.neg)
                        } else {
                            o.round_exact(
                                Exact {
                                    v: dy_of_f64(r),
                                    eps: 0,
                                },
                                false,
                                Rounding::NearestEven,
                            )
                        }
                    }
                };
                assert_eq!(got, want, "{} {a:#x} {mode:?}", kind.name());
            }
        }
    }
    let mut rng = Rng::new(37);
    let (f32f, f64f) = (FloatKind::F32.format(), FloatKind::F64.format());
    for i in 0..100_000 {
        let r = rng.next();
        let x = if i % 2 == 0 {
            f64::from_bits(r)
        } else {
            f64::from_bits((r & 0x800F_FFFF_FFFF_FFFF) | ((0x3F0 + (r >> 52) % 0x50) << 52))
        };
        for mode in MODES {
            let got = round_to_integral(f64f, x.to_bits(), mode);
            let want = integral_f64(x, mode);
            if x.is_nan() {
                assert_eq!(got, x.to_bits() | 0x0008_0000_0000_0000);
            } else {
                assert_eq!(got, want.to_bits(), "{x:e} {mode:?}");
            }
            let y = x as f32;
            let got = round_to_integral(f32f, y.to_bits() as u64, mode);
            let want = integral_f64(y as f64, mode) as f32;
            if !y.is_nan() {
                assert_eq!(got, want.to_bits() as u64, "{y:e} {mode:?}");
            }
        }
    }
    // The spec's examples.
    let ex = |mode, x: f64| f64::from_bits(round_to_integral(f64f, x.to_bits(), mode));
    let xs = [-2.5, 0.4, 0.5, 0.6, 2.5];
    assert_eq!(
        xs.map(|x| ex(Rounding::NearestAway, x)),
        [-3.0, 0.0, 1.0, 1.0, 3.0]
    );
    assert_eq!(
        xs.map(|x| ex(Rounding::NearestEven, x)),
        [-2.0, 0.0, 0.0, 1.0, 2.0]
    );
    let ys = [-0.8166, -0.2530, 0.2530, 0.8166, 2.0];
    assert_eq!(
        ys.map(|x| ex(Rounding::TowardNegative, x)),
        [-1.0, -1.0, 0.0, 0.0, 2.0]
    );
    let c = ys.map(|x| ex(Rounding::TowardPositive, x).to_bits());
    assert_eq!(c, [-0.0f64, -0.0, 1.0, 1.0, 2.0].map(f64::to_bits));
}

// ---------------------------------------------------------------------------
// reduce_precision
// ---------------------------------------------------------------------------

/// XLA's bit-level reduce_precision on an IEEE-layout format (NaN kept
/// unless no mantissa bit is left).
fn xla_reduce_precision(kind: FloatKind, x: u64, eb: u32, mb: u32) -> u64 {
    let f = kind.format();
    let (se, sm) = (f.exp_bits, f.man_bits);
    let sign_mask = 1u64 << (se + sm);
    let exp_mask = ((1u64 << se) - 1) << sm;
    let is_nan = x & exp_mask == exp_mask && x & ((1 << sm) - 1) != 0;
    if is_nan {
        // A format with no mantissa bit has no NaN: the value becomes the
        // infinity of its sign (the spec's "conversion to another type").
        return if mb == 0 {
            (x & sign_mask) | exp_mask
        } else {
            x
        };
    }
    let mut x = x;
    if mb < sm {
        let last = 1u64 << (sm - mb);
        let base_bias = (last >> 1) - 1;
        let bias = ((x & last) >> (sm - mb)) + base_bias;
        x = (x + bias) & !(last - 1);
    }
    if eb < se {
        let reduced_bias = (1u64 << (eb - 1)) - 1;
        let src_bias = f.bias as u64;
        let max_e = src_bias + reduced_bias;
        let min_e = src_bias - reduced_bias;
        let xe = x & exp_mask;
        let sign = x & sign_mask;
        if xe > max_e << sm {
            x = sign | exp_mask;
        } else if xe <= min_e << sm {
            x = sign;
        }
    }
    x
}

#[test]
fn reduce_precision_matches_xla_on_ieee_formats() {
    use FloatKind::*;
    for kind in [F16, BF16, F8E5M2, F8E4M3, F8E3M4] {
        let f = kind.format();
        for a in 0..1u64 << kind.bits() {
            for eb in 1..=f.exp_bits + 1 {
                for mb in 0..=f.man_bits + 1 {
                    assert_eq!(
                        reduce_precision(f, a, eb as i32, mb as i32),
                        xla_reduce_precision(kind, a, eb, mb),
                        "{} {a:#x} e{eb} m{mb}",
                        kind.name()
                    );
                }
            }
        }
    }
    let mut rng = Rng::new(41);
    for kind in [F32, F64] {
        let f = kind.format();
        for _ in 0..50_000 {
            let a = rng.next() & f.all_mask();
            for (eb, mb) in [
                (5, 10),
                (8, 7),
                (8, 23),
                (11, 52),
                (4, 3),
                (5, 2),
                (1, 0),
                (2, 1),
                (8, 0),
                (6, 30),
            ] {
                assert_eq!(
                    reduce_precision(f, a, eb, mb),
                    xla_reduce_precision(kind, a, eb as u32, mb as u32),
                    "{} {a:#x} e{eb} m{mb}",
                    kind.name()
                );
            }
        }
    }
    // The spec's example.
    let d = F64.format();
    let ins = [
        0x7FF0_0000_0000_0000,
        0x7FFF_FFFF_FFFF_FFFF,
        1,
        0,
        65519f64.to_bits(),
        65520f64.to_bits(),
    ];
    let outs = ins.map(|x| reduce_precision(d, x, 5, 10));
    assert_eq!(
        outs,
        [
            0x7FF0_0000_0000_0000,
            0x7FFF_FFFF_FFFF_FFFF,
            0,
            0,
            65504f64.to_bits(),
            0x7FF0_0000_0000_0000
        ]
    );
    // Non-IEEE formats store the result with their own conventions.
    assert_eq!(reduce_precision(F8E4M3FN.format(), 0x7E, 4, 1), 0x7F); // 448 -> 512: NaN
    assert_eq!(reduce_precision(F8E4M3FN.format(), 0x7D, 4, 2), 0x7C); // 416 -> 384 (tie, even)
    assert_eq!(reduce_precision(F4E2M1FN.format(), 0x7, 2, 0), 0x7); // 6 -> 8: saturates
    assert_eq!(reduce_precision(F8E4M3FNUZ.format(), 0x7F, 2, 3), 0x80); // 240 -> ∞: NaN
    assert_eq!(reduce_precision(F8E4M3FNUZ.format(), 0x81, 2, 3), 0x00); // -0 -> +0
}

#[test]
fn formats_without_nan_are_never_given_nan_patterns() {
    // Sanity of the encoding helpers the conversions rely on.
    for kind in small_kinds() {
        let f = kind.format();
        if f.nan == NanEncoding::None {
            assert_eq!(f.canonical_nan(), None);
            for a in 0..1u64 << kind.bits() {
                assert!(!f.is_nan(a));
            }
        }
    }
}
