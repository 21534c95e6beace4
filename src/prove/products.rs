//! Products abstracted for the SMT method ([`super::smt`]).
//!
//! Bit-blasting does not settle a query that compares a 64 × 64-bit
//! multiplier (the 128-bit product of `chlo.mulhi` on 64-bit integers)
//! with 32 × 32-bit limb products taken in 64 bits and their carries
//! (`mulhi_u64`, `mulhi_i64` of `spec/rules/chlo.rules`). Split into
//! lemmas it does. When the plain query is not settled, [`super::smt`]
//! encodes the two functions again with the products abstracted:
//!
//! * a 64-bit `multiply` of two values whose high 32 bits are zero (the
//!   fact `a = zext(a[31:0])` of each operand is an obligation Z3 must
//!   refute, [`Products::obligations`]) is the narrow product
//!   `np(a', b') = zext64(a')·zext64(b')` of their low halves, and each
//!   distinct pair `(a', b')` (terms after Z3's simplifier, compared as
//!   Z3 terms) is one fresh 64-bit variable `p`, constrained by
//!   `p ≤ (2^32 − 1)^2` (lemma `bound`);
//! * the 128-bit product of two zero-extended 64-bit values `x`, `y`
//!   (unsigned `mulhi`) is rewritten, with `K = 2^32`, `A = zext(x[63:32])`,
//!   `B = zext(x[31:0])`, `C`, `D` those of `y`:
//!   `zext(x)·zext(y)` = `(A·K + B)·(C·K + D)` (lemma `split`) =
//!   `A·C·K·K + (A·D + B·C)·K + B·D` (lemma `ring`), and each of `A·C`, …
//!   (a 128-bit product of zero-extended 32-bit values) is
//!   `zext(np(x[63:32], y[63:32]))`, … (lemma `width`), whose narrow
//!   products are the variables above;
//! * the 128-bit product of two sign-extended 64-bit values (signed
//!   `mulhi`): `sext(x)` = `zext(x) − zext(x[63])·K·K` (lemma
//!   `sign split`), `(X − U·K·K)·(Y − V·K·K)` = `X·Y − (U·Y + V·X)·K·K`
//!   (lemma `sign ring`), `zext(b)·Y` = `ite(b = 1, Y, 0)` for a bit `b`
//!   (lemma `sign select`), and the high half of `P − Q·K·K` is
//!   `P[127:64] − Q[63:0]` (lemma `high difference`); `X·Y` as above;
//!   and `u − Q[63:0]` = `(u − ite(x <s 0, y, 0)) − ite(y <s 0, x, 0)`
//!   in 64 bits (lemma `sign correction`). Written so, the corrections
//!   are the terms of a program that subtracts `select(x < 0, y, 0)` and
//!   `select(y < 0, x, 0)` from the unsigned high word (`mulhi_i64`):
//!   Z3's simplifier cancels them from both sides of the comparison, and
//!   what is left is the unsigned query. Left as `Q[63:0]`, the query is
//!   not settled within the resource limit.
//!
//! Each lemma is stated over fresh constants by the same functions that
//! build the rewritten terms, so the terms the query uses are instances of
//! the lemmas as proven; each is proven by Z3 as a separate query (the
//! ring identities with Z3's sum-of-monomials simplifier) under the same
//! resource limit as the query, and the abstracted query counts only when
//! every lemma and every obligation is refuted. Replacing a term by a
//! variable constrained by facts true of the term keeps every proof
//! sound: the variable may take the term's value. A model of the
//! abstracted query may be spurious (the variable need not take it), so
//! it counts only when the executor confirms it.

use std::collections::BTreeSet;
use z3::ast::{Ast, Bool, BV};
use z3::{Params, SatResult, Solver, Tactic};

/// The largest product of two 32-bit values, (2^32 − 1)^2.
const BOUND: u64 = 0xFFFF_FFFE_0000_0001;

/// A lemma the abstraction rests on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lemma {
    Split,
    Ring,
    Width,
    Bound,
    SignSplit,
    SignRing,
    SignSelect,
    HighDifference,
    SignCorrection,
}

/// `2^e` in 128 bits.
fn pow2(e: u32) -> BV {
    BV::from_u64(1, 128).bvshl(BV::from_u64(e as u64, 128))
}

/// `K = 2^32` in 128 bits.
fn k() -> BV {
    pow2(32)
}

/// `K·K` in 128 bits.
fn kk() -> BV {
    k().bvmul(k())
}

/// `x` zero-extended to `to` bits.
fn zx(x: &BV, to: u32) -> BV {
    let w = x.get_size();
    if w >= to {
        x.clone()
    } else {
        x.zero_ext(to - w)
    }
}

/// A 64-bit value's 32-bit halves (high, low), simplified.
fn halves(x: &BV) -> (BV, BV) {
    (x.extract(63, 32).simplify(), x.extract(31, 0).simplify())
}

/// `A·K + B` (128 bits).
fn join(a: &BV, b: &BV) -> BV {
    a.bvmul(k()).bvadd(b)
}

/// `AC·K·K + (AD + BC)·K + BD` (128 bits).
fn limb_sum(ac: &BV, ad: &BV, bc: &BV, bd: &BV) -> BV {
    ac.bvmul(kk()).bvadd(ad.bvadd(bc).bvmul(k())).bvadd(bd)
}

/// The narrow product of two 32-bit values: `zext64(a)·zext64(b)`.
fn narrow_product(a: &BV, b: &BV) -> BV {
    zx(a, 64).bvmul(zx(b, 64))
}

/// `X − S·K·K` (128 bits): `sext(x)` as `zext(x)` and its sign bit `S`.
fn sign_split(x: &BV, s: &BV) -> BV {
    x.bvsub(s.bvmul(kk()))
}

/// `ite(b = 1, y, 0)` for a 1-bit `b`.
fn select_bit(b: &BV, y: &BV) -> BV {
    b.eq(BV::from_u64(1, 1))
        .ite(y, &BV::from_u64(0, y.get_size()))
}

/// `P[127:64] − Q[63:0]`: the high half of `P − Q·K·K`.
fn high_difference(p: &BV, q: &BV) -> BV {
    p.extract(127, 64).bvsub(q.extract(63, 0))
}

/// The sign corrections of signed 64-bit `x`, `y` in 128 bits:
/// `zext(x[63])·zext(y) + zext(y[63])·zext(x)` with each product a
/// selection (lemma `sign select`), the `Q` of `sext(x)·sext(y) =
/// zext(x)·zext(y) − Q·K·K` (lemmas `sign split`, `sign ring`).
fn corrections(x: &BV, y: &BV) -> BV {
    select_bit(&sign_bit(x), &zx(y, 128)).bvadd(select_bit(&sign_bit(y), &zx(x, 128)))
}

/// The sign bit of a 64-bit value.
fn sign_bit(x: &BV) -> BV {
    x.extract(63, 63)
}

/// `(u − ite(x < 0, y, 0)) − ite(y < 0, x, 0)` in 64 bits (signed
/// comparisons): the unsigned high word `u` with the sign corrections
/// taken in the word itself, as a program writes them (lemma `sign
/// correction`).
fn corrected(u: &BV, x: &BV, y: &BV) -> BV {
    let zero = BV::from_u64(0, 64);
    let neg = |v: &BV| v.bvslt(&zero);
    u.bvsub(neg(x).ite(y, &zero)).bvsub(neg(y).ite(x, &zero))
}

impl Lemma {
    pub fn name(self) -> &'static str {
        match self {
            Lemma::Split => "split",
            Lemma::Ring => "ring",
            Lemma::Width => "width",
            Lemma::Bound => "bound",
            Lemma::SignSplit => "sign split",
            Lemma::SignRing => "sign ring",
            Lemma::SignSelect => "sign select",
            Lemma::HighDifference => "high difference",
            Lemma::SignCorrection => "sign correction",
        }
    }

    /// The lemma's negation over fresh constants, and whether Z3 is to
    /// normalize it as sums of monomials first (the ring identities).
    fn violation(self) -> (Bool, bool) {
        let c = |n: &str, w: u32| BV::new_const(format!("lemma_{n}"), w);
        match self {
            Lemma::Split => {
                let x = c("x", 64);
                let (h, l) = halves(&x);
                (
                    zx(&x, 128).eq(join(&zx(&h, 128), &zx(&l, 128))).not(),
                    false,
                )
            }
            Lemma::Ring => {
                let [a, b, cc, d] = ["a", "b", "c", "d"].map(|n| c(n, 128));
                let lhs = join(&a, &b).bvmul(join(&cc, &d));
                let rhs = limb_sum(&a.bvmul(&cc), &a.bvmul(&d), &b.bvmul(&cc), &b.bvmul(&d));
                (lhs.eq(rhs).not(), true)
            }
            Lemma::Width => {
                let (a, b) = (c("a", 32), c("b", 32));
                let lhs = zx(&a, 128).bvmul(zx(&b, 128));
                (lhs.eq(zx(&narrow_product(&a, &b), 128)).not(), false)
            }
            Lemma::Bound => {
                let (a, b) = (c("a", 32), c("b", 32));
                (
                    narrow_product(&a, &b).bvule(BV::from_u64(BOUND, 64)).not(),
                    false,
                )
            }
            Lemma::SignSplit => {
                let x = c("x", 64);
                let s = zx(&x.extract(63, 63), 128);
                (x.sign_ext(64).eq(sign_split(&zx(&x, 128), &s)).not(), false)
            }
            Lemma::SignRing => {
                let [x, y, u, v] = ["x", "y", "u", "v"].map(|n| c(n, 128));
                let lhs = sign_split(&x, &u).bvmul(sign_split(&y, &v));
                let rhs = sign_split(&x.bvmul(&y), &u.bvmul(&y).bvadd(v.bvmul(&x)));
                (lhs.eq(rhs).not(), true)
            }
            Lemma::SignSelect => {
                let (b, y) = (c("b", 1), c("y", 128));
                (zx(&b, 128).bvmul(&y).eq(select_bit(&b, &y)).not(), false)
            }
            Lemma::HighDifference => {
                let (p, q) = (c("p", 128), c("q", 128));
                let lhs = sign_split(&p, &q).extract(127, 64);
                (lhs.eq(high_difference(&p, &q)).not(), false)
            }
            Lemma::SignCorrection => {
                let (u, x, y) = (c("u", 64), c("x", 64), c("y", 64));
                let lhs = u.bvsub(corrections(&x, &y).extract(63, 0));
                (lhs.eq(corrected(&u, &x, &y)).not(), false)
            }
        }
    }

    /// Proves the lemma under the limits: `Err` with what Z3 said when it
    /// does not refute the negation.
    fn prove(self, rlimit: u64, timeout_ms: u64) -> Result<(), String> {
        let (f, som) = self.violation();
        let solver = if som {
            let mut p = Params::new();
            p.set_bool("som", true);
            Tactic::new("simplify")
                .with(&p)
                .and_then(&Tactic::new("smt"))
                .solver()
        } else {
            Solver::new()
        };
        let mut params = Params::new();
        params.set_u32("timeout", timeout_ms.min(u32::MAX as u64) as u32);
        if rlimit > 0 {
            params.set_u32("rlimit", rlimit.min(u32::MAX as u64) as u32);
        }
        solver.set_params(&params);
        solver.assert(&f);
        match solver.check() {
            SatResult::Unsat => Ok(()),
            SatResult::Sat => Err(format!("lemma {} is false (Z3 found a model)", self.name())),
            SatResult::Unknown => Err(format!(
                "lemma {} not proven (Z3 gave no answer: {})",
                self.name(),
                solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown reason".into())
            )),
        }
    }
}

/// The products of one query (both functions) abstracted.
#[derive(Default)]
pub struct Products {
    /// Each narrow product's operands (32-bit terms) and its variable.
    vars: Vec<(BV, BV, BV)>,
    /// The lemmas the rewritten terms rest on.
    lemmas: BTreeSet<Lemma>,
    /// Conditions of the abstraction, to be refuted (what each says, the
    /// formula of its violation).
    obligations: Vec<(String, Bool)>,
}

impl Products {
    /// The variable of the narrow product of `a` and `b` (32-bit terms).
    fn var(&mut self, a: &BV, b: &BV) -> BV {
        for (x, y, p) in &self.vars {
            if x == a && y == b {
                return p.clone();
            }
        }
        let p = BV::new_const(format!("product{}", self.vars.len()), 64);
        self.vars.push((a.clone(), b.clone(), p.clone()));
        self.lemmas.insert(Lemma::Bound);
        p
    }

    /// A 64-bit integer product `a·b`: its variable when both operands'
    /// high halves simplify to zero (the operand's equality to its
    /// zero-extended low half becomes an obligation), else `None`.
    pub fn multiply64(&mut self, a: &BV, b: &BV) -> Option<BV> {
        if a.get_size() != 64 || b.get_size() != 64 {
            return None;
        }
        let (ah, al) = halves(a);
        let (bh, bl) = halves(b);
        if ah.as_u64() != Some(0) || bh.as_u64() != Some(0) {
            return None;
        }
        for (x, l) in [(a, &al), (b, &bl)] {
            self.obligations.push((
                "a 64-bit factor is its zero-extended low half".into(),
                x.eq(zx(l, 64)).not(),
            ));
        }
        Some(self.var(&al, &bl))
    }

    /// `zext(x)·zext(y)` in 128 bits for 64-bit `x`, `y`, as the limb sum of
    /// the variables of its narrow products.
    fn wide_unsigned(&mut self, x: &BV, y: &BV) -> BV {
        let (xh, xl) = halves(x);
        let (yh, yl) = halves(y);
        self.lemmas
            .extend([Lemma::Split, Lemma::Ring, Lemma::Width]);
        let ac = zx(&self.var(&xh, &yh), 128);
        let ad = zx(&self.var(&xh, &yl), 128);
        let bc = zx(&self.var(&xl, &yh), 128);
        let bd = zx(&self.var(&xl, &yl), 128);
        limb_sum(&ac, &ad, &bc, &bd)
    }

    /// `chlo.mulhi` of 64-bit `x`, `y`: the high half of their 128-bit
    /// product (operands sign-extended when `signed`), rewritten by the
    /// lemmas.
    pub fn mulhi64(&mut self, signed: bool, x: &BV, y: &BV) -> BV {
        let p = self.wide_unsigned(x, y);
        if !signed {
            return p.extract(127, 64);
        }
        self.lemmas.extend([
            Lemma::SignSplit,
            Lemma::SignRing,
            Lemma::SignSelect,
            Lemma::HighDifference,
            Lemma::SignCorrection,
        ]);
        // `high_difference(P, Q)` by the sign lemmas, then the corrections
        // taken in 64 bits (lemma `sign correction`): written so, they are
        // the terms a program's `select(x < 0, y, 0)` becomes, which Z3's
        // simplifier cancels from both sides of the comparison, leaving
        // the unsigned query.
        corrected(&p.extract(127, 64), x, y)
    }

    /// Whether nothing was abstracted.
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// The facts of the variables: each at most `(2^32 − 1)^2`.
    pub fn facts(&self) -> Vec<Bool> {
        self.vars
            .iter()
            .map(|(_, _, p)| p.bvule(BV::from_u64(BOUND, 64)))
            .collect()
    }

    /// The abstraction's obligations (to be refuted).
    pub fn obligations(&self) -> &[(String, Bool)] {
        &self.obligations
    }

    /// The lemmas' names, in order.
    pub fn lemma_names(&self) -> Vec<&'static str> {
        self.lemmas.iter().map(|l| l.name()).collect()
    }

    /// Proves every lemma used, each as its own query; the first failure.
    pub fn prove_lemmas(&self, rlimit: u64, timeout_ms: u64) -> Result<(), String> {
        for l in &self.lemmas {
            l.prove(rlimit, timeout_ms)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every lemma is proven, each within the certificates' resource
    /// limit.
    #[test]
    fn lemmas_hold() {
        for l in [
            Lemma::Split,
            Lemma::Ring,
            Lemma::Width,
            Lemma::Bound,
            Lemma::SignSplit,
            Lemma::SignRing,
            Lemma::SignSelect,
            Lemma::HighDifference,
            Lemma::SignCorrection,
        ] {
            let r = z3::with_z3_config(&z3::Config::new(), || {
                l.prove(super::super::certificate::SMT_RLIMIT, 300_000)
            });
            assert_eq!(r, Ok(()), "{}", l.name());
        }
    }

    /// A false variant of `sign correction` is not proven: the correction
    /// of a negative `y` dropped, or the comparisons unsigned.
    #[test]
    fn a_false_sign_correction_is_refuted() {
        let r = z3::with_z3_config(&z3::Config::new(), || {
            let [u, x, y] = ["u", "x", "y"].map(|n| BV::new_const(n, 64));
            let zero = BV::from_u64(0, 64);
            let lhs = u.bvsub(corrections(&x, &y).extract(63, 0));
            let dropped = u.bvsub(x.bvslt(&zero).ite(&y, &zero));
            let unsigned = u
                .bvsub(x.bvult(&zero).ite(&y, &zero))
                .bvsub(y.bvult(&zero).ite(&x, &zero));
            [dropped, unsigned].map(|wrong| {
                let s = Solver::new();
                s.assert(lhs.eq(wrong).not());
                s.check()
            })
        });
        assert_eq!(r, [SatResult::Sat, SatResult::Sat]);
    }

    /// A false variant of a lemma is not proven: the bound one less than
    /// the largest product.
    #[test]
    fn a_false_bound_is_refuted() {
        let r = z3::with_z3_config(&z3::Config::new(), || {
            let (a, b) = (BV::new_const("a", 32), BV::new_const("b", 32));
            let s = Solver::new();
            s.assert(
                narrow_product(&a, &b)
                    .bvule(BV::from_u64(BOUND - 1, 64))
                    .not(),
            );
            s.check()
        });
        assert_eq!(r, SatResult::Sat);
    }
}
