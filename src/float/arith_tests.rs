//! Exhaustive and sampled tests of the soft-float core against the oracle.

use super::*;
use crate::float::oracle::{Dy, Exact, Oracle, Rng, Val};
use crate::float::{FloatKind, NanEncoding, Rounding};
use std::cmp::Ordering;

const MODES: [Rounding; 5] = [
    Rounding::NearestEven,
    Rounding::NearestAway,
    Rounding::TowardZero,
    Rounding::TowardPositive,
    Rounding::TowardNegative,
];

/// Every format of at most 8 bits.
fn narrow_kinds() -> Vec<FloatKind> {
    FloatKind::ALL
        .iter()
        .copied()
        .filter(|k| k.bits() <= 8)
        .collect()
}

// ---------------------------------------------------------------------------
// Oracle operations (IEEE special cases written out afresh)
// ---------------------------------------------------------------------------

fn o_add(o: &Oracle, a: u64, b: u64, negate_b: bool, mode: Rounding) -> u64 {
    if let Some(n) = o.first_nan(&[a, b]) {
        return n;
    }
    let flip = |v: Val| match v {
        Val::Inf(n) => Val::Inf(n != negate_b),
        Val::Fin(d) => Val::Fin(if negate_b { d.negated() } else { d }),
        Val::Nan => Val::Nan,
    };
    match (o.decode(a), flip(o.decode(b))) {
        (Val::Inf(x), Val::Inf(y)) if x != y => o.default_nan(),
        (Val::Inf(x), _) | (_, Val::Inf(x)) => o.inf(x),
        (Val::Fin(x), Val::Fin(y)) => {
            let zero_neg = if x.is_zero() && y.is_zero() && x.neg == y.neg {
                x.neg
            } else {
                mode == Rounding::TowardNegative
            };
            o.round_exact(x.add(y), zero_neg, mode)
        }
        _ => unreachable!(),
    }
}

fn o_mul(o: &Oracle, a: u64, b: u64, mode: Rounding) -> u64 {
    if let Some(n) = o.first_nan(&[a, b]) {
        return n;
    }
    match (o.decode(a), o.decode(b)) {
        (Val::Inf(_), Val::Fin(d)) | (Val::Fin(d), Val::Inf(_)) if d.is_zero() => o.default_nan(),
        (Val::Inf(x), Val::Inf(y)) => o.inf(x != y),
        (Val::Inf(x), Val::Fin(d)) | (Val::Fin(d), Val::Inf(x)) => o.inf(x != d.neg),
        (Val::Fin(x), Val::Fin(y)) => {
            let p = x.mul(y);
            o.round_exact(Exact { v: p, eps: 0 }, x.neg != y.neg, mode)
        }
        _ => unreachable!(),
    }
}

fn o_div(o: &Oracle, a: u64, b: u64, mode: Rounding) -> u64 {
    if let Some(n) = o.first_nan(&[a, b]) {
        return n;
    }
    match (o.decode(a), o.decode(b)) {
        (Val::Inf(_), Val::Inf(_)) => o.default_nan(),
        (Val::Inf(x), Val::Fin(d)) => o.inf(x != d.neg),
        (Val::Fin(d), Val::Inf(y)) => o.zero(d.neg != y),
        (Val::Fin(x), Val::Fin(y)) => {
            let neg = x.neg != y.neg;
            match (x.is_zero(), y.is_zero()) {
                (true, true) => o.default_nan(),
                (false, true) => o.inf(neg),
                (true, false) => o.zero(neg),
                (false, false) => {
                    // sign(x/y − d) = sign(x − d·y) · sign(y).
                    let cmp = |d: Dy| {
                        let c = x.cmp_val(d.mul(y));
                        if y.neg {
                            c.reverse()
                        } else {
                            c
                        }
                    };
                    o.round(&cmp, mode)
                }
            }
        }
        _ => unreachable!(),
    }
}

fn o_sqrt(o: &Oracle, a: u64, mode: Rounding) -> u64 {
    if let Some(n) = o.first_nan(&[a]) {
        return n;
    }
    match o.decode(a) {
        Val::Inf(false) => a,
        Val::Inf(true) => o.default_nan(),
        Val::Fin(x) if x.is_zero() => a,
        Val::Fin(x) if x.neg => o.default_nan(),
        Val::Fin(x) => {
            let cmp = |d: Dy| {
                if d.neg || d.is_zero() {
                    Ordering::Greater
                } else {
                    x.cmp_val(d.mul(d))
                }
            };
            o.round(&cmp, mode)
        }
        Val::Nan => unreachable!(),
    }
}

fn o_fma(o: &Oracle, a: u64, b: u64, c: u64, mode: Rounding) -> u64 {
    if let Some(n) = o.first_nan(&[a, b, c]) {
        return n;
    }
    let (va, vb, vc) = (o.decode(a), o.decode(b), o.decode(c));
    let is_zero = |v: Val| matches!(v, Val::Fin(d) if d.is_zero());
    let is_inf = |v: Val| matches!(v, Val::Inf(_));
    let neg_of = |v: Val| match v {
        Val::Inf(n) => n,
        Val::Fin(d) => d.neg,
        Val::Nan => false,
    };
    if (is_inf(va) && is_zero(vb)) || (is_zero(va) && is_inf(vb)) {
        return o.default_nan();
    }
    let pneg = neg_of(va) != neg_of(vb);
    if is_inf(va) || is_inf(vb) {
        if let Val::Inf(n) = vc {
            if n != pneg {
                return o.default_nan();
            }
        }
        return o.inf(pneg);
    }
    if let Val::Inf(n) = vc {
        return o.inf(n);
    }
    let (Val::Fin(x), Val::Fin(y), Val::Fin(z)) = (va, vb, vc) else {
        unreachable!()
    };
    let p = x.mul(y);
    let p = Dy { neg: pneg, ..p };
    let zero_neg = if p.is_zero() && z.is_zero() && p.neg == z.neg {
        p.neg
    } else {
        mode == Rounding::TowardNegative
    };
    o.round_exact(p.add(z), zero_neg, mode)
}

/// fmod, for formats whose values all fit in i128 once scaled (or the
/// powers of two of f8E8M0FNU).
fn o_rem(o: &Oracle, a: u64, b: u64) -> u64 {
    if let Some(n) = o.first_nan(&[a, b]) {
        return n;
    }
    match (o.decode(a), o.decode(b)) {
        (Val::Inf(_), _) => o.default_nan(),
        (Val::Fin(_), Val::Inf(_)) => a,
        (Val::Fin(x), Val::Fin(y)) => {
            if y.is_zero() {
                return o.default_nan();
            }
            if x.is_zero() {
                return a;
            }
            // Both as integers in units of the smaller exponent.
            let base = x.k.min(y.k);
            let sx = x.k - base;
            let sy = y.k - base;
            if sx > 100 || sy > 100 {
                // Only f8E8M0FNU gets here: powers of two.
                assert!(x.n == 1 && y.n == 1);
                return if x.k >= y.k { o.zero(x.neg) } else { a };
            }
            let (xa, ya) = (x.n << sx, y.n << sy);
            let r = xa % ya;
            if r == 0 {
                return o.zero(x.neg);
            }
            o.round(
                &|d| Dy::new(x.neg, r, base).cmp_val(d),
                Rounding::NearestEven,
            )
        }
        _ => unreachable!(),
    }
}

/// Numeric order with −0 < +0 (no NaN).
fn o_order(o: &Oracle, a: u64, b: u64) -> Ordering {
    let key = |v: Val| match v {
        Val::Inf(n) => (if n { 0 } else { 4 }, Dy::ZERO),
        Val::Fin(d) if d.is_zero() => (if d.neg { 2 } else { 3 }, Dy::ZERO),
        Val::Fin(d) => (if d.neg { 1 } else { 3 }, d),
        Val::Nan => unreachable!(),
    };
    let (ka, da) = key(o.decode(a));
    let (kb, db) = key(o.decode(b));
    // Classes: −∞ (0) < negatives (1) < −0 (2) < +0 and positives (3) < +∞ (4).
    ka.cmp(&kb).then_with(|| da.cmp_val(db))
}

fn o_max(o: &Oracle, a: u64, b: u64, want_max: bool) -> u64 {
    if let Some(n) = o.first_nan(&[a, b]) {
        return n;
    }
    let ord = o_order(o, a, b);
    match (ord, want_max) {
        (Ordering::Less, true) | (Ordering::Greater, false) => b,
        _ => a,
    }
}

/// IEEE totalOrder rank: class, then position within it.
fn o_total_rank(o: &Oracle, a: u64) -> (i32, Dy, i64) {
    let width_mask = (1u64 << (o.width() - o.kind.format().signed as u32)) - 1;
    let neg = o.kind.format().signed && a >> (o.width() - 1) == 1;
    match o.decode(a) {
        Val::Nan => {
            let unsigned_nan =
                matches!(o.kind.format().nan, NanEncoding::NegativeZero) || !o.kind.format().signed;
            if neg && !unsigned_nan {
                (0, Dy::ZERO, -((a & width_mask) as i64))
            } else {
                (7, Dy::ZERO, (a & width_mask) as i64)
            }
        }
        Val::Inf(true) => (1, Dy::ZERO, 0),
        Val::Fin(d) if d.is_zero() => (if d.neg { 3 } else { 4 }, Dy::ZERO, 0),
        Val::Fin(d) => (if d.neg { 2 } else { 5 }, d, 0),
        Val::Inf(false) => (6, Dy::ZERO, 0),
    }
}

fn o_total(o: &Oracle, a: u64, b: u64) -> Ordering {
    let (ca, da, pa) = o_total_rank(o, a);
    let (cb, db, pb) = o_total_rank(o, b);
    ca.cmp(&cb)
        .then_with(|| da.cmp_val(db))
        .then_with(|| pa.cmp(&pb))
}

fn o_compare(o: &Oracle, a: u64, b: u64) -> Option<Ordering> {
    if o.is_nan(a) || o.is_nan(b) {
        return None;
    }
    let v = |x: u64| match o.decode(x) {
        Val::Inf(n) => (if n { -1 } else { 1 }, Dy::ZERO),
        Val::Fin(d) => (0, d),
        Val::Nan => unreachable!(),
    };
    let ((ia, da), (ib, db)) = (v(a), v(b));
    Some(ia.cmp(&ib).then_with(|| da.cmp_val(db)))
}

// ---------------------------------------------------------------------------
// Exhaustive sweeps of every format of at most 8 bits
// ---------------------------------------------------------------------------

fn check_binary(
    name: &str,
    ours: impl Fn(&Format, u64, u64, Rounding) -> u64,
    oracle: impl Fn(&Oracle, u64, u64, Rounding) -> u64,
) {
    for kind in narrow_kinds() {
        let o = Oracle::new(kind);
        let f = kind.format();
        let n = 1u64 << kind.bits();
        for mode in MODES {
            for a in 0..n {
                for b in 0..n {
                    let got = ours(f, a, b, mode);
                    let want = oracle(&o, a, b, mode);
                    assert_eq!(got, want, "{name} {} {mode:?}: {a:#x}, {b:#x}", kind.name());
                }
            }
        }
    }
}

#[test]
fn add_is_correctly_rounded_for_every_pair_of_narrow_values() {
    check_binary("add", add_slow, |o, a, b, m| o_add(o, a, b, false, m));
    check_binary("add", add, |o, a, b, m| o_add(o, a, b, false, m));
}

#[test]
fn sub_is_correctly_rounded_for_every_pair_of_narrow_values() {
    check_binary("sub", sub_slow, |o, a, b, m| o_add(o, a, b, true, m));
    check_binary("sub", sub, |o, a, b, m| o_add(o, a, b, true, m));
}

#[test]
fn mul_is_correctly_rounded_for_every_pair_of_narrow_values() {
    check_binary("mul", mul_slow, o_mul);
    check_binary("mul", mul, o_mul);
}

#[test]
fn div_is_correctly_rounded_for_every_pair_of_narrow_values() {
    check_binary("div", div_slow, o_div);
    check_binary("div", div, o_div);
}

#[test]
fn remainder_max_min_and_compare_match_the_oracle_for_every_narrow_pair() {
    for kind in narrow_kinds() {
        let o = Oracle::new(kind);
        let f = kind.format();
        let n = 1u64 << kind.bits();
        for a in 0..n {
            for b in 0..n {
                let ctx = || format!("{} {a:#x}, {b:#x}", kind.name());
                assert_eq!(remainder(f, a, b), o_rem(&o, a, b), "rem {}", ctx());
                assert_eq!(maximum(f, a, b), o_max(&o, a, b, true), "max {}", ctx());
                assert_eq!(minimum(f, a, b), o_max(&o, a, b, false), "min {}", ctx());
                assert_eq!(compare(f, a, b), o_compare(&o, a, b), "cmp {}", ctx());
                assert_eq!(compare_total(f, a, b), o_total(&o, a, b), "total {}", ctx());
            }
        }
    }
}

#[test]
fn fma_is_correctly_rounded_for_every_triple_of_f4_and_f6_values() {
    for kind in [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
    ] {
        let o = Oracle::new(kind);
        let f = kind.format();
        let n = 1u64 << kind.bits();
        let modes: &[Rounding] = if kind.bits() == 4 {
            &MODES
        } else {
            &[Rounding::NearestEven, Rounding::TowardNegative]
        };
        for &mode in modes {
            for a in 0..n {
                for b in 0..n {
                    for c in 0..n {
                        assert_eq!(
                            fma(f, a, b, c, mode),
                            o_fma(&o, a, b, c, mode),
                            "fma {} {mode:?}: {a:#x} {b:#x} {c:#x}",
                            kind.name()
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn fma_is_correctly_rounded_for_every_8_bit_product_against_addends_that_cancel() {
    let modes = [
        Rounding::NearestEven,
        Rounding::TowardNegative,
        Rounding::TowardPositive,
    ];
    for kind in narrow_kinds().into_iter().filter(|k| k.bits() == 8) {
        let o = Oracle::new(kind);
        let f = kind.format();
        for a in 0..256u64 {
            for b in 0..256u64 {
                let minus_p = negate(f, mul(f, a, b, Rounding::NearestEven));
                let cs = [
                    0,
                    minus_p,
                    minus_p ^ 1,
                    (minus_p + 1) & 0xFF,
                    f.min_positive() | f.sign_mask(),
                    f.max_finite(),
                ];
                for c in cs {
                    for mode in modes {
                        assert_eq!(
                            fma(f, a, b, c, mode),
                            o_fma(&o, a, b, c, mode),
                            "fma {} {mode:?}: {a:#x} {b:#x} {c:#x}",
                            kind.name()
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn fma_matches_the_oracle_on_random_triples_of_8_and_16_bit_values() {
    let mut rng = Rng::new(7);
    for kind in FloatKind::ALL.iter().copied().filter(|k| k.bits() <= 16) {
        let o = Oracle::new(kind);
        let f = kind.format();
        let mask = (1u64 << kind.bits()) - 1;
        for i in 0..40_000 {
            let mode = MODES[i % 5];
            let (a, b) = (rng.next() & mask, rng.next() & mask);
            // Often pick c near −a·b to exercise cancellation.
            let c = if i % 3 == 0 {
                negate(f, mul(f, a, b, Rounding::NearestEven)) ^ (rng.next() & 3)
            } else {
                rng.next() & mask
            };
            assert_eq!(
                fma(f, a, b, c, mode),
                o_fma(&o, a, b, c, mode),
                "fma {} {mode:?}: {a:#x} {b:#x} {c:#x}",
                kind.name()
            );
        }
    }
}

#[test]
fn sqrt_is_correctly_rounded_for_every_value_up_to_16_bits() {
    for kind in FloatKind::ALL.iter().copied().filter(|k| k.bits() <= 16) {
        let o = Oracle::new(kind);
        let f = kind.format();
        for a in 0..1u64 << kind.bits() {
            for mode in MODES {
                let want = o_sqrt(&o, a, mode);
                let ctx = || format!("sqrt {} {mode:?} {a:#x}", kind.name());
                assert_eq!(sqrt_slow(f, a, mode), want, "{}", ctx());
                assert_eq!(sqrt(f, a, mode), want, "fast {}", ctx());
            }
        }
    }
}

// ---------------------------------------------------------------------------
// Wider formats
// ---------------------------------------------------------------------------

#[test]
fn binary_ops_match_the_oracle_on_random_16_bit_pairs() {
    let mut rng = Rng::new(11);
    for kind in [FloatKind::F16, FloatKind::BF16] {
        let o = Oracle::new(kind);
        let f = kind.format();
        for i in 0..100_000 {
            let mode = MODES[i % 5];
            let (a, b) = (rng.next() & 0xFFFF, rng.next() & 0xFFFF);
            let ctx = || format!("{} {mode:?}: {a:#x}, {b:#x}", kind.name());
            assert_eq!(
                add_slow(f, a, b, mode),
                o_add(&o, a, b, false, mode),
                "add {}",
                ctx()
            );
            assert_eq!(
                sub_slow(f, a, b, mode),
                o_add(&o, a, b, true, mode),
                "sub {}",
                ctx()
            );
            assert_eq!(
                mul_slow(f, a, b, mode),
                o_mul(&o, a, b, mode),
                "mul {}",
                ctx()
            );
            assert_eq!(
                div_slow(f, a, b, mode),
                o_div(&o, a, b, mode),
                "div {}",
                ctx()
            );
            // The entry points, which take the hardware path for
            // round-to-nearest-even.
            assert_eq!(
                add(f, a, b, mode),
                o_add(&o, a, b, false, mode),
                "add {}",
                ctx()
            );
            assert_eq!(
                sub(f, a, b, mode),
                o_add(&o, a, b, true, mode),
                "sub {}",
                ctx()
            );
            assert_eq!(mul(f, a, b, mode), o_mul(&o, a, b, mode), "mul {}", ctx());
            assert_eq!(div(f, a, b, mode), o_div(&o, a, b, mode), "div {}", ctx());
            if kind == FloatKind::F16 {
                assert_eq!(remainder(f, a, b), o_rem(&o, a, b), "rem {}", ctx());
            }
            assert_eq!(compare_total(f, a, b), o_total(&o, a, b), "total {}", ctx());
        }
    }
}

/// Random patterns biased toward the edges: small and huge exponents,
/// short significands, specials.
fn edgy(rng: &mut Rng, f: &Format) -> u64 {
    let r = rng.next();
    let mag = f.mag_mask();
    let base = match r % 8 {
        0 => r >> 8 & ((1 << f.man_bits) - 1), // subnormal
        1 => mag - (r >> 8 & 0xFF),            // near the top
        2 => (r >> 8 & !((1u64 << (f.man_bits - 2)) - 1)) & mag, // short significand
        _ => r >> 8 & mag,
    };
    base | ((r >> 3 & 1) * f.sign_mask())
}

#[test]
fn f32_and_f64_generic_paths_agree_with_hardware() {
    let mut rng = Rng::new(3);
    let f32f = FloatKind::F32.format();
    let f64f = FloatKind::F64.format();
    for _ in 0..200_000 {
        let (a, b) = (edgy(&mut rng, f32f), edgy(&mut rng, f32f));
        let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        let want = |r: f32| {
            if r.is_nan() {
                if x.is_nan() || y.is_nan() {
                    None
                } else {
                    Some(0x7FC0_0000)
                }
            } else {
                Some(r.to_bits() as u64)
            }
        };
        let ne = Rounding::NearestEven;
        for (got, r) in [
            (add_slow(f32f, a, b, ne), x + y),
            (sub_slow(f32f, a, b, ne), x - y),
            (mul_slow(f32f, a, b, ne), x * y),
            (div_slow(f32f, a, b, ne), x / y),
            (sqrt_slow(f32f, a, ne), x.sqrt()),
            (remainder(f32f, a, b), x % y),
        ] {
            if let Some(w) = want(r) {
                assert_eq!(got, w, "f32 {a:#x} {b:#x}");
            } else {
                assert!(f32f.is_nan(got));
            }
        }
        let (a, b) = (edgy(&mut rng, f64f), edgy(&mut rng, f64f));
        let (x, y) = (f64::from_bits(a), f64::from_bits(b));
        for (got, r) in [
            (add_slow(f64f, a, b, ne), x + y),
            (sub_slow(f64f, a, b, ne), x - y),
            (mul_slow(f64f, a, b, ne), x * y),
            (div_slow(f64f, a, b, ne), x / y),
            (sqrt_slow(f64f, a, ne), x.sqrt()),
            (remainder(f64f, a, b), x % y),
        ] {
            if r.is_nan() {
                assert!(f64f.is_nan(got), "f64 {a:#x} {b:#x}");
                if !x.is_nan() && !y.is_nan() {
                    assert_eq!(got, 0x7FF8_0000_0000_0000);
                }
            } else {
                assert_eq!(got, r.to_bits(), "f64 {a:#x} {b:#x}");
            }
        }
    }
}

#[test]
fn f32_and_f64_fma_agree_with_the_std_fused_multiply_add() {
    let mut rng = Rng::new(43);
    let ne = Rounding::NearestEven;
    let f32f = FloatKind::F32.format();
    let f64f = FloatKind::F64.format();
    for i in 0..200_000 {
        let (a, b) = (edgy(&mut rng, f64f), edgy(&mut rng, f64f));
        let (x, y) = (f64::from_bits(a), f64::from_bits(b));
        // Every other addend nearly cancels the product.
        let z = if i % 2 == 0 {
            -(x * y) * (1.0 + (rng.next() % 8) as f64 * f64::EPSILON)
        } else {
            f64::from_bits(edgy(&mut rng, f64f))
        };
        let want = x.mul_add(y, z);
        let got = fma(f64f, a, b, z.to_bits(), ne);
        if want.is_nan() {
            assert!(f64f.is_nan(got), "{x:e} {y:e} {z:e}");
        } else {
            assert_eq!(got, want.to_bits(), "fma({x:e}, {y:e}, {z:e})");
        }
        let (a, b) = (edgy(&mut rng, f32f), edgy(&mut rng, f32f));
        let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        let z = if i % 2 == 0 {
            -(x * y) * (1.0 + (rng.next() % 8) as f32 * f32::EPSILON)
        } else {
            f32::from_bits(edgy(&mut rng, f32f) as u32)
        };
        let want = x.mul_add(y, z);
        let got = fma(f32f, a, b, z.to_bits() as u64, ne);
        if want.is_nan() {
            assert!(f32f.is_nan(got), "{x:e} {y:e} {z:e}");
        } else {
            assert_eq!(got, want.to_bits() as u64, "fma({x:e}, {y:e}, {z:e})");
        }
    }
}

#[test]
fn f32_directed_products_and_fma_match_an_f64_based_oracle() {
    // A product of two f32 values is exact in f64; so is a·b + c when the
    // exponents are close, which the test checks before using it.
    let mut rng = Rng::new(5);
    let f32f = FloatKind::F32.format();
    let bracket = |x: f64| {
        let y = x as f32;
        if (y as f64) <= x {
            (y, y.next_up())
        } else {
            (y.next_down(), y)
        }
    };
    for _ in 0..200_000 {
        let (a, b) = (edgy(&mut rng, f32f), edgy(&mut rng, f32f));
        let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        if !x.is_finite() || !y.is_finite() {
            continue;
        }
        let p = x as f64 * y as f64;
        if p == 0.0 || !p.is_finite() || p.abs() > f32::MAX as f64 || p.abs() < 1e-38 {
            continue;
        }
        let (lo, hi) = bracket(p);
        for mode in [
            Rounding::TowardZero,
            Rounding::TowardPositive,
            Rounding::TowardNegative,
        ] {
            let want = if lo as f64 == p {
                lo
            } else {
                match mode {
                    Rounding::TowardPositive => hi,
                    Rounding::TowardNegative => lo,
                    _ => {
                        if p > 0.0 {
                            lo
                        } else {
                            hi
                        }
                    }
                }
            };
            assert_eq!(
                mul_slow(f32f, a, b, mode),
                want.to_bits() as u64,
                "{x:e}*{y:e} {mode:?}"
            );
            // fma(x, y, 0) rounds the same exact product.
            assert_eq!(fma(f32f, a, b, 0, mode), want.to_bits() as u64);
        }
    }
}

// ---------------------------------------------------------------------------
// The fast path against the generic path
// ---------------------------------------------------------------------------

#[test]
fn fast_path_equals_generic_path_for_every_narrow_pair() {
    let ne = Rounding::NearestEven;
    for kind in narrow_kinds() {
        let f = kind.format();
        let n = 1u64 << kind.bits();
        for a in 0..n {
            assert_eq!(
                sqrt(f, a, ne),
                sqrt_slow(f, a, ne),
                "sqrt {} {a:#x}",
                kind.name()
            );
            for b in 0..n {
                assert_eq!(add(f, a, b, ne), add_slow(f, a, b, ne), "{a:#x}+{b:#x}");
                assert_eq!(sub(f, a, b, ne), sub_slow(f, a, b, ne), "{a:#x}-{b:#x}");
                assert_eq!(mul(f, a, b, ne), mul_slow(f, a, b, ne), "{a:#x}*{b:#x}");
                assert_eq!(div(f, a, b, ne), div_slow(f, a, b, ne), "{a:#x}/{b:#x}");
            }
        }
    }
}

#[test]
fn fast_path_equals_generic_path_for_16_bit_formats() {
    let ne = Rounding::NearestEven;
    let mut rng = Rng::new(13);
    for kind in [FloatKind::F16, FloatKind::BF16] {
        let f = kind.format();
        for a in 0..1u64 << 16 {
            assert_eq!(
                sqrt(f, a, ne),
                sqrt_slow(f, a, ne),
                "sqrt {} {a:#x}",
                kind.name()
            );
        }
        for _ in 0..1_000_000 {
            let (a, b) = (rng.next() & 0xFFFF, rng.next() & 0xFFFF);
            assert_eq!(add(f, a, b, ne), add_slow(f, a, b, ne), "{a:#x}+{b:#x}");
            assert_eq!(sub(f, a, b, ne), sub_slow(f, a, b, ne), "{a:#x}-{b:#x}");
            assert_eq!(mul(f, a, b, ne), mul_slow(f, a, b, ne), "{a:#x}*{b:#x}");
            assert_eq!(div(f, a, b, ne), div_slow(f, a, b, ne), "{a:#x}/{b:#x}");
        }
    }
    // tf32 and f32 on samples.
    for kind in [FloatKind::TF32, FloatKind::F32] {
        let f = kind.format();
        for _ in 0..300_000 {
            let (a, b) = (edgy(&mut rng, f), edgy(&mut rng, f));
            assert_eq!(sqrt(f, a, ne), sqrt_slow(f, a, ne), "sqrt {a:#x}");
            assert_eq!(add(f, a, b, ne), add_slow(f, a, b, ne), "{a:#x}+{b:#x}");
            assert_eq!(mul(f, a, b, ne), mul_slow(f, a, b, ne), "{a:#x}*{b:#x}");
            assert_eq!(div(f, a, b, ne), div_slow(f, a, b, ne), "{a:#x}/{b:#x}");
        }
    }
}

// ---------------------------------------------------------------------------
// Sign operations and spot checks of the documented choices
// ---------------------------------------------------------------------------

#[test]
fn sign_abs_negate_follow_the_documented_rules() {
    use FloatKind::*;
    for kind in FloatKind::ALL.iter().copied().filter(|k| k.bits() <= 16) {
        let o = Oracle::new(kind);
        let f = kind.format();
        for a in 0..1u64 << kind.bits() {
            let (s, ab, ng) = (sign(f, a), abs(f, a), negate(f, a));
            let neg = match o.decode(a) {
                Val::Nan => {
                    assert_eq!(s, o.quieted(a));
                    assert!(f.is_nan(ab) && f.is_nan(ng));
                    continue;
                }
                Val::Fin(d) if d.is_zero() => {
                    assert_eq!(s, a);
                    assert!(f.is_zero(ng) && f.is_zero(ab));
                    continue;
                }
                Val::Fin(d) => d.neg,
                Val::Inf(n) => n,
            };
            let value = crate::float::to_f64(kind, a);
            let one = crate::float::from_f64(kind, if neg { -1.0 } else { 1.0 });
            assert_eq!(s, one, "{} {a:#x}", kind.name());
            assert!(!f.is_negative(ab));
            assert_eq!(crate::float::to_f64(kind, ab), value.abs());
            if f.signed {
                assert_eq!(crate::float::to_f64(kind, ng), -value);
            } else {
                assert!(f.is_nan(ng));
            }
        }
    }
    assert_eq!(negate(F8E4M3FNUZ.format(), 0x00), 0x00);
    assert_eq!(negate(F8E4M3FNUZ.format(), 0x80), 0x80);
    assert_eq!(negate(F32.format(), 0x7FC0_0001), 0xFFC0_0001);
    assert_eq!(abs(F32.format(), 0xFF80_0001), 0x7F80_0001);
    assert_eq!(sign(F8E8M0FNU.format(), 0x00), 0x7F);
}

#[test]
fn nan_results_propagate_the_first_nan_or_are_canonical() {
    use FloatKind::*;
    let f = F32.format();
    let ne = Rounding::NearestEven;
    let snan = 0xFF80_0001; // negative signaling NaN
    assert_eq!(add(f, snan, 0x7FC0_0002, ne), 0xFFC0_0001);
    assert_eq!(add(f, 0x3F80_0000, 0x7FC0_0002, ne), 0x7FC0_0002);
    assert_eq!(sub(f, 0x7F80_0000, 0x7F80_0000, ne), 0x7FC0_0000);
    assert_eq!(mul(f, 0, 0xFF80_0000, ne), 0x7FC0_0000);
    assert_eq!(fma(f, 0, 0x7F80_0000, 0x7FC0_0005, ne), 0x7FC0_0005);
    assert_eq!(sqrt(f, 0xBF80_0000, ne), 0x7FC0_0000);
    assert_eq!(sqrt(f, 0x8000_0000, ne), 0x8000_0000);
    assert_eq!(maximum(f, 0x8000_0000, 0), 0);
    assert_eq!(minimum(f, 0, 0x8000_0000), 0x8000_0000);
    assert_eq!(maximum(f, 0x3F80_0000, snan), 0xFFC0_0001);
    // Formats without NaN: an invalid result is +0.
    assert_eq!(div(F4E2M1FN.format(), 0, 0x8, ne), 0);
    // Formats without ∞: x/0 is NaN where there is one, else saturates.
    assert_eq!(div(F8E4M3FN.format(), 0x38, 0, ne), 0x7F);
    assert_eq!(div(F8E4M3FNUZ.format(), 0x38, 0, ne), 0x80);
    assert_eq!(div(F4E2M1FN.format(), 0x2, 0x8, ne), 0xF);
    // remainder is fmod.
    let r = |a: f32, b: f32| {
        f32::from_bits(remainder(f, a.to_bits() as u64, b.to_bits() as u64) as u32)
    };
    assert_eq!(r(17.0, 3.0), 2.0);
    assert_eq!(r(-17.0, 3.0), -2.0);
    assert_eq!(r(17.0, -3.0), 2.0);
    assert_eq!(r(-17.0, -3.0), -2.0);
    assert_eq!(r(-6.0, 3.0).to_bits(), (-0.0f32).to_bits());
    assert_eq!(r(5.5, f32::INFINITY), 5.5);
    assert!(r(f32::INFINITY, 2.0).is_nan());
    assert!(r(1.0, 0.0).is_nan());
    assert_eq!(r(1e38, 1e-38), 1e38f32 % 1e-38f32);
    let d = F64.format();
    assert_eq!(remainder(d, f64::MAX.to_bits(), 5e-324f64.to_bits()), 0);
}

#[test]
fn compare_directions_follow_ieee() {
    let f = FloatKind::F32.format();
    let nan = 0x7FC0_0000;
    let (one, two) = (0x3F80_0000, 0x4000_0000);
    use Direction::*;
    for (dir, want) in [
        (Eq, false),
        (Ne, true),
        (Lt, false),
        (Le, false),
        (Gt, false),
        (Ge, false),
    ] {
        assert_eq!(compare_op(f, nan, one, dir, false), want, "{dir:?}");
    }
    assert!(compare_op(f, one, two, Lt, false));
    assert!(compare_op(f, 0, 0x8000_0000, Eq, false));
    assert!(!compare_op(f, 0, 0x8000_0000, Eq, true));
    assert!(compare_op(f, 0x8000_0000, 0, Lt, true));
    assert!(compare_op(f, nan, nan, Eq, true));
    assert!(compare_op(f, 0x7F80_0000, nan, Lt, true));
    assert!(compare_op(f, 0xFFC0_0000, 0xFF80_0000, Lt, true));
    let fnuz = FloatKind::F8E4M3FNUZ.format();
    assert!(compare_op(fnuz, 0x7F, 0x80, Lt, true));
}

/// `+ − × ÷` to nearest even of every bf16 and f16 pattern with sampled
/// partners (itself, its neighbour, its negation, and random patterns):
/// the entry points, whose 16-bit path writes each format's constants out,
/// against the generic integer path.
#[test]
fn half_formats_take_the_generic_bits_for_every_pattern() {
    let ne = Rounding::NearestEven;
    let mut rng = Rng::new(29);
    for kind in [FloatKind::BF16, FloatKind::F16] {
        let f = kind.format();
        for a in 0..1u64 << 16 {
            let partners = [a, a ^ 1, a ^ 0x8000, a.wrapping_add(0x400) & 0xFFFF];
            let random = (0..12).map(|_| rng.next() & 0xFFFF);
            for b in partners.into_iter().chain(random) {
                let ctx = || format!("{} {a:#x}, {b:#x}", kind.name());
                assert_eq!(add(f, a, b, ne), add_slow(f, a, b, ne), "add {}", ctx());
                assert_eq!(sub(f, a, b, ne), sub_slow(f, a, b, ne), "sub {}", ctx());
                assert_eq!(mul(f, a, b, ne), mul_slow(f, a, b, ne), "mul {}", ctx());
                assert_eq!(div(f, a, b, ne), div_slow(f, a, b, ne), "div {}", ctx());
            }
        }
    }
}
