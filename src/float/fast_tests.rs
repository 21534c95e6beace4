//! Sweeps of the narrow fast path against the generic soft-float path.

use super::Narrow;
use crate::float::decimal::from_f64_rounded;
use crate::float::{arith, FloatKind, Format, Rounding};

const RNE: Rounding = Rounding::NearestEven;

fn narrow_kinds() -> Vec<(FloatKind, Narrow)> {
    FloatKind::ALL
        .iter()
        .filter_map(|&k| Narrow::new(k.format()).map(|n| (k, n)))
        .collect()
}

/// Every pattern of a format that is not NaN.
fn values(f: &Format, n: &Narrow) -> Vec<(u64, f64)> {
    (0..1u64 << f.bits())
        .filter(|&b| !f.is_nan(b))
        .map(|b| (b, n.value(b)))
        .collect()
}

/// The fast rounding of `x` gives the generic rounding's pattern.
fn check_round(k: FloatKind, n: &Narrow, x: f64) {
    let f = k.format();
    let want = from_f64_rounded(f, x, RNE).bits;
    let got = n.round(x);
    if got.is_nan() {
        // Formats without NaN turn a NaN into +0; callers of the fast
        // path recompute any NaN in soft-float.
        assert!(
            f.is_nan(want) || x.is_nan(),
            "{}: {x:e} gave NaN, generic {want:#x}",
            k.name()
        );
    } else {
        assert_eq!(n.bits(got), want, "{}: {x:e} gave {got:e}", k.name());
        assert_eq!(
            n.value(want).to_bits(),
            got.to_bits(),
            "{}: {x:e}",
            k.name()
        );
    }
}

#[test]
fn the_covered_formats() {
    let names: Vec<&str> = narrow_kinds().iter().map(|(k, _)| k.name()).collect();
    for k in [
        "bf16",
        "f16",
        "f8E4M3FN",
        "f8E5M2FNUZ",
        "f6E2M3FN",
        "f4E2M1FN",
        "tf32",
    ] {
        assert!(names.contains(&k), "{k} has no fast path");
    }
    for k in [FloatKind::F64, FloatKind::F8E8M0FNU] {
        assert!(Narrow::new(k.format()).is_none(), "{}", k.name());
    }
}

/// Every value, every midpoint between neighbours (the ties), the f64
/// neighbours of both, and the same beyond the largest finite value.
#[test]
fn rounding_matches_the_generic_path_at_every_tie() {
    for (k, n) in narrow_kinds() {
        if k.bits() > 16 {
            continue; // tf32 and f32: covered by the sampled test below
        }
        let f = k.format();
        let mut mags: Vec<f64> = values(f, &n)
            .into_iter()
            .map(|(_, v)| v)
            .filter(|v| v.is_finite() && *v >= 0.0)
            .collect();
        mags.sort_by(f64::total_cmp);
        mags.dedup();
        // Past the largest finite value: its would-be neighbour (one ulp up).
        let max = *mags.last().unwrap();
        let ulp = max - mags[mags.len() - 2];
        mags.extend([max + ulp, max + 2.0 * ulp, max * 4.0]);
        for w in mags.windows(2) {
            let (lo, hi) = (w[0], w[1]);
            let mid = (lo + hi) / 2.0;
            for x in [
                lo,
                lo.next_up(),
                mid.next_down(),
                mid,
                mid.next_up(),
                hi.next_down(),
            ] {
                check_round(k, &n, x);
                check_round(k, &n, -x);
            }
        }
        for x in [
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            0.0,
            -0.0,
            1e-300,
            -1e-300,
        ] {
            check_round(k, &n, x);
        }
    }
}

#[test]
fn rounding_matches_the_generic_path_on_sampled_values() {
    let mut s = 0x9E37_79B9_7F4A_7C15u64;
    for (k, n) in narrow_kinds() {
        for _ in 0..200_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            // f64s within the format's range and a little beyond.
            let e = (s >> 52) as i64 % 300 - 150;
            let x = f64::from_bits((s & ((1 << 52) - 1)) | (((e + 1023) as u64) << 52));
            let x = if s >> 63 == 1 { -x } else { x };
            check_round(k, &n, x);
        }
    }
}

/// `+ − × ÷` of every pair of values of every format of at most 8 bits,
/// and the dot product's multiply-add with sampled accumulators.
#[test]
fn binary_ops_of_every_8_bit_pair() {
    for (k, n) in narrow_kinds() {
        let f = k.format();
        if f.bits() > 8 {
            continue;
        }
        let vals = values(f, &n);
        for &(a, x) in &vals {
            for &(b, y) in &vals {
                for (name, fast, slow) in [
                    ("+", x + y, arith::add_slow(f, a, b, RNE)),
                    ("-", x - y, arith::sub_slow(f, a, b, RNE)),
                    ("*", x * y, arith::mul_slow(f, a, b, RNE)),
                    ("/", x / y, arith::div_slow(f, a, b, RNE)),
                ] {
                    let r = n.round(fast);
                    if r.is_nan() {
                        assert!(f.is_nan(slow) || f.nan == crate::float::NanEncoding::None);
                    } else {
                        assert_eq!(n.bits(r), slow, "{} {a:#x} {name} {b:#x}", k.name());
                    }
                }
            }
            let r = n.round(x.sqrt());
            if !r.is_nan() {
                assert_eq!(
                    n.bits(r),
                    arith::sqrt_slow(f, a, RNE),
                    "{} sqrt {a:#x}",
                    k.name()
                );
            }
        }
        for (i, &(c, acc)) in vals.iter().enumerate().step_by(7) {
            for &(a, x) in vals.iter().skip(i % 5).step_by(3) {
                for &(b, y) in &vals {
                    let r = n.round(acc + n.round(x * y));
                    let slow = arith::add(f, c, arith::mul(f, a, b, RNE), RNE);
                    if !r.is_nan() {
                        assert_eq!(n.bits(r), slow, "{} {c:#x} + {a:#x}*{b:#x}", k.name());
                    }
                }
            }
        }
    }
}

/// Every value of bf16 and f16 against sampled second operands, through
/// the generic integer path.
#[test]
fn binary_ops_of_every_16_bit_value() {
    for k in [FloatKind::BF16, FloatKind::F16] {
        let f = k.format();
        let n = Narrow::new(f).unwrap();
        let vals = values(f, &n);
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        for &(a, x) in &vals {
            let r = n.round(x.sqrt());
            if !r.is_nan() {
                assert_eq!(
                    n.bits(r),
                    arith::sqrt_slow(f, a, RNE),
                    "{} sqrt {a:#x}",
                    k.name()
                );
            }
            for _ in 0..24 {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                let (b, y) = vals[(s % vals.len() as u64) as usize];
                for (name, fast, slow) in [
                    ("+", x + y, arith::add_slow(f, a, b, RNE)),
                    ("-", x - y, arith::sub_slow(f, a, b, RNE)),
                    ("*", x * y, arith::mul_slow(f, a, b, RNE)),
                    ("/", x / y, arith::div_slow(f, a, b, RNE)),
                ] {
                    let r = n.round(fast);
                    if r.is_nan() {
                        assert!(f.is_nan(slow), "{} {a:#x} {name} {b:#x}", k.name());
                    } else {
                        assert_eq!(n.bits(r), slow, "{} {a:#x} {name} {b:#x}", k.name());
                    }
                }
            }
        }
    }
}

/// `value` and `bits` against the generic decoding on every pattern of
/// every format of at most 16 bits (tf32 sampled).
#[test]
fn value_and_bits_of_every_pattern() {
    for (k, n) in narrow_kinds() {
        let f = k.format();
        let step = if f.bits() > 16 { 97 } else { 1 };
        for b in (0..1u64 << f.bits()).step_by(step) {
            let v = n.value(b);
            match super::value_of(f, b) {
                None => assert!(v.is_nan(), "{} {b:#x}", k.name()),
                Some(w) => {
                    assert_eq!(v.to_bits(), w.to_bits(), "{} {b:#x}", k.name());
                    assert_eq!(n.bits(v), b, "{} {b:#x}", k.name());
                }
            }
        }
    }
}

/// `unary_slice` through its tables gives `unary`'s bits on every pattern
/// of every format of at most 16 bits (the tables are built from `unary`;
/// this checks the indexing and the masking of the lanes).
#[test]
fn unary_tables_give_the_generic_results() {
    use crate::float::elementary::{unary, unary_slice, Unary};
    for &k in FloatKind::ALL {
        let f = k.format();
        if f.bits() > 16 {
            continue;
        }
        let funcs: &[Unary] = if f.bits() > 8 {
            &[Unary::Exp, Unary::Tanh, Unary::Logistic]
        } else {
            &[
                Unary::Exp,
                Unary::Tanh,
                Unary::Logistic,
                Unary::Log,
                Unary::Rsqrt,
            ]
        };
        // Every pattern, also with bits set above the format's width.
        let xs: Vec<u64> = (0..1u64 << f.bits())
            .chain((0..1u64 << f.bits()).step_by(13).map(|x| x | !f.all_mask()))
            .collect();
        for &g in funcs {
            let mut out = vec![0; xs.len()];
            unary_slice(k, g, &xs, &mut out);
            for (&x, &o) in xs.iter().zip(&out) {
                assert_eq!(o, unary(k, g, x), "{} {g:?} {x:#x}", k.name());
            }
        }
    }
}
