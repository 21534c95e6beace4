//! Symbolic integers and booleans: the values the evaluator computes with when
//! a dimension size or a shape-tensor element is not known.
//!
//! A [`Sym`] is a polynomial with `i128` coefficients over [`Atom`]s
//! (variables and the non-polynomial operations floor division, modulo and
//! if-then-else), kept in a canonical form: so `4 * d0` and `d0 * 4` are the
//! same value, and `a = b` is decided without a solver whenever `a - b` is a
//! constant. Everything else becomes a [`SBool`] formula that `verify` hands to
//! Z3. Arithmetic is checked: an overflow is an error, never a wrap.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// A non-polynomial building block of a [`Sym`].
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Atom {
    /// An unknown integer (a dynamic dimension, a shape-tensor element).
    Var(u32),
    /// `floor(a / b)`.
    Div(Arc<Sym>, Arc<Sym>),
    /// `a mod b` (Python's: the sign of `b`).
    Mod(Arc<Sym>, Arc<Sym>),
    /// `c ? a : b`.
    Ite(Arc<SBool>, Arc<Sym>, Arc<Sym>),
}

/// A polynomial over atoms: monomial (sorted atoms) → non-zero coefficient.
///
/// Most values the evaluator meets are plain constants (static sizes), so a
/// constant is held without a map ([`Repr::Const`]): making, copying and
/// dropping one allocates nothing. The representation is canonical — a
/// polynomial is [`Repr::Poly`] exactly when it has a monomial of at least
/// one atom — so equality is that of the representations. Order, hashing
/// and `Debug` are those of the monomial map (the constant's monomial, the
/// empty one, first).
#[derive(Clone)]
pub struct Sym {
    repr: Repr,
}

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    Const(i128),
    /// At least one monomial of at least one atom (shared: a copy of a
    /// value copies no terms).
    Poly(Arc<BTreeMap<Vec<Atom>, i128>>),
}

/// The monomial of a constant term.
static NO_ATOMS: Vec<Atom> = Vec::new();

impl PartialEq for Sym {
    fn eq(&self, o: &Sym) -> bool {
        self.repr == o.repr
    }
}

impl Eq for Sym {}

impl PartialOrd for Sym {
    fn partial_cmp(&self, o: &Sym) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Sym {
    fn cmp(&self, o: &Sym) -> std::cmp::Ordering {
        match (&self.repr, &o.repr) {
            (Repr::Const(a), Repr::Const(b)) => match (*a, *b) {
                // No term sorts before any term.
                (0, 0) => std::cmp::Ordering::Equal,
                (0, _) => std::cmp::Ordering::Less,
                (_, 0) => std::cmp::Ordering::Greater,
                (a, b) => a.cmp(&b),
            },
            _ => self.terms().cmp(o.terms()),
        }
    }
}

impl std::hash::Hash for Sym {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_usize(self.len());
        for (m, c) in self.terms() {
            m.hash(h);
            c.hash(h);
        }
    }
}

impl fmt::Debug for Sym {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        struct Terms<'a>(&'a Sym);
        impl fmt::Debug for Terms<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_map().entries(self.0.terms()).finish()
            }
        }
        f.debug_struct("Sym").field("terms", &Terms(self)).finish()
    }
}

impl Default for Sym {
    fn default() -> Sym {
        Sym::constant(0)
    }
}

/// Most monomials a polynomial may have before the evaluator gives up on it.
const MAX_TERMS: usize = 256;

/// An arithmetic failure on symbolic integers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymError {
    Overflow,
    DivByZero,
    TooComplex,
}

impl fmt::Display for SymError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SymError::Overflow => "integer overflow",
            SymError::DivByZero => "division by zero",
            SymError::TooComplex => "expression too large to analyse",
        })
    }
}

pub type SymResult<T> = Result<T, SymError>;

impl Sym {
    pub fn constant(c: i128) -> Sym {
        Sym {
            repr: Repr::Const(c),
        }
    }

    /// The polynomial of a monomial map.
    fn from_terms(mut terms: BTreeMap<Vec<Atom>, i128>) -> Sym {
        terms.retain(|_, c| *c != 0);
        match terms.len() {
            0 => Sym::constant(0),
            1 if terms.contains_key(&NO_ATOMS) => {
                Sym::constant(terms.remove(&NO_ATOMS).unwrap_or(0))
            }
            _ => Sym {
                repr: Repr::Poly(Arc::new(terms)),
            },
        }
    }

    /// The monomial map, owned.
    fn to_terms(&self) -> BTreeMap<Vec<Atom>, i128> {
        match &self.repr {
            Repr::Const(0) => BTreeMap::new(),
            Repr::Const(c) => BTreeMap::from([(Vec::new(), *c)]),
            Repr::Poly(t) => (**t).clone(),
        }
    }

    /// How many monomials the polynomial has.
    fn len(&self) -> usize {
        match &self.repr {
            Repr::Const(0) => 0,
            Repr::Const(_) => 1,
            Repr::Poly(t) => t.len(),
        }
    }

    pub fn var(v: u32) -> Sym {
        Sym::atom(Atom::Var(v))
    }

    fn atom(a: Atom) -> Sym {
        Sym {
            repr: Repr::Poly(Arc::new(BTreeMap::from([(vec![a], 1)]))),
        }
    }

    /// The value, when it does not depend on any unknown.
    pub fn as_const(&self) -> Option<i128> {
        match self.repr {
            Repr::Const(c) => Some(c),
            Repr::Poly(_) => None,
        }
    }

    /// The variable, when the value is exactly one variable.
    pub fn as_var(&self) -> Option<u32> {
        let Repr::Poly(t) = &self.repr else {
            return None;
        };
        if t.len() != 1 {
            return None;
        }
        match t.iter().next() {
            Some((m, 1)) if m.len() == 1 => match &m[0] {
                Atom::Var(v) => Some(*v),
                _ => None,
            },
            _ => None,
        }
    }

    /// The monomials with their coefficients, in the map's order (the
    /// constant term first).
    pub fn terms(&self) -> impl Iterator<Item = (&Vec<Atom>, i128)> {
        let (constant, poly) = match &self.repr {
            Repr::Const(0) => (None, None),
            Repr::Const(c) => (Some((&NO_ATOMS, *c)), None),
            Repr::Poly(t) => (None, Some(t)),
        };
        constant.into_iter().chain(
            poly.into_iter()
                .flat_map(|t| t.iter().map(|(m, c)| (m, *c))),
        )
    }

    pub fn add(&self, o: &Sym) -> SymResult<Sym> {
        if let (Some(a), Some(b)) = (self.as_const(), o.as_const()) {
            return a
                .checked_add(b)
                .map(Sym::constant)
                .ok_or(SymError::Overflow);
        }
        let mut terms = self.to_terms();
        for (m, c) in o.terms() {
            let e = terms.entry(m.clone()).or_insert(0);
            *e = e.checked_add(c).ok_or(SymError::Overflow)?;
            if *e == 0 {
                terms.remove(m);
            }
        }
        if terms.len() > MAX_TERMS {
            return Err(SymError::TooComplex);
        }
        Ok(Sym::from_terms(terms))
    }

    pub fn neg(&self) -> SymResult<Sym> {
        let mut terms = BTreeMap::new();
        for (m, c) in self.terms() {
            terms.insert(m.clone(), c.checked_neg().ok_or(SymError::Overflow)?);
        }
        Ok(Sym::from_terms(terms))
    }

    pub fn sub(&self, o: &Sym) -> SymResult<Sym> {
        self.add(&o.neg()?)
    }

    pub fn mul(&self, o: &Sym) -> SymResult<Sym> {
        if let (Some(a), Some(b)) = (self.as_const(), o.as_const()) {
            return a
                .checked_mul(b)
                .map(Sym::constant)
                .ok_or(SymError::Overflow);
        }
        if self.len().saturating_mul(o.len()) > MAX_TERMS {
            return Err(SymError::TooComplex);
        }
        let mut out = Sym::default();
        for (m1, c1) in self.terms() {
            for (m2, c2) in o.terms() {
                let mut m: Vec<Atom> = m1.iter().chain(m2.iter()).cloned().collect();
                if m.len() > 16 {
                    return Err(SymError::TooComplex);
                }
                m.sort();
                let c = c1.checked_mul(c2).ok_or(SymError::Overflow)?;
                out = out.add(&Sym::from_terms(BTreeMap::from([(m, c)])))?;
            }
        }
        Ok(out)
    }

    /// `floor(self / o)`.
    pub fn floor_div(&self, o: &Sym) -> SymResult<Sym> {
        match (self.as_const(), o.as_const()) {
            (_, Some(0)) => Err(SymError::DivByZero),
            (Some(a), Some(b)) => floor_div(a, b).map(Sym::constant),
            (_, Some(1)) => Ok(self.clone()),
            _ => {
                // An exact division by a constant stays a polynomial.
                if let Some(b) = o.as_const() {
                    if self.terms().all(|(_, c)| c % b == 0) {
                        let terms = self.terms().map(|(m, c)| (m.clone(), c / b));
                        return Ok(Sym::from_terms(terms.collect()));
                    }
                }
                Ok(Sym::atom(Atom::Div(
                    Arc::new(self.clone()),
                    Arc::new(o.clone()),
                )))
            }
        }
    }

    /// `self mod o`, Python's (sign of the divisor).
    pub fn modulo(&self, o: &Sym) -> SymResult<Sym> {
        match (self.as_const(), o.as_const()) {
            (_, Some(0)) => Err(SymError::DivByZero),
            (Some(a), Some(b)) => {
                let q = floor_div(a, b)?;
                let r = q
                    .checked_mul(b)
                    .and_then(|p| a.checked_sub(p))
                    .ok_or(SymError::Overflow)?;
                Ok(Sym::constant(r))
            }
            (_, Some(1 | -1)) => Ok(Sym::constant(0)),
            _ => {
                if let Some(b) = o.as_const() {
                    if self.terms().all(|(_, c)| c % b == 0) {
                        return Ok(Sym::constant(0));
                    }
                }
                Ok(Sym::atom(Atom::Mod(
                    Arc::new(self.clone()),
                    Arc::new(o.clone()),
                )))
            }
        }
    }

    pub fn ite(c: &SBool, a: &Sym, b: &Sym) -> Sym {
        match c.as_const() {
            Some(true) => a.clone(),
            Some(false) => b.clone(),
            None if a == b => a.clone(),
            None => Sym::atom(Atom::Ite(
                Arc::new(c.clone()),
                Arc::new(a.clone()),
                Arc::new(b.clone()),
            )),
        }
    }

    pub fn smax(&self, o: &Sym) -> SymResult<Sym> {
        Ok(Sym::ite(&SBool::cmp(Rel::Ge, self, o)?, self, o))
    }

    pub fn smin(&self, o: &Sym) -> SymResult<Sym> {
        Ok(Sym::ite(&SBool::cmp(Rel::Le, self, o)?, self, o))
    }

    /// Every variable occurring in the value.
    /// Whether the value has at most `budget` nodes (monomials, their
    /// atoms, and theirs in turn), counting them off `budget`; stops at
    /// the first node past it.
    pub fn within(&self, budget: &mut usize) -> bool {
        self.terms()
            .all(|(m, _)| take(budget) && m.iter().all(|a| a.within(budget)))
    }

    pub fn vars(&self, out: &mut Vec<u32>) {
        for (m, _) in self.terms() {
            for a in m {
                a.vars(out);
            }
        }
    }

    /// Rebuilds the value with every if-then-else whose condition `decide`
    /// settles replaced by its branch (innermost first); conditions it
    /// leaves open (`None`) stay.
    pub fn resolve_ites(&self, decide: &mut dyn FnMut(&SBool) -> Option<bool>) -> SymResult<Sym> {
        let mut out = Sym::default();
        for (m, c) in self.terms() {
            let mut prod = Sym::constant(c);
            for a in m {
                prod = prod.mul(&a.resolve_ites(decide)?)?;
            }
            out = out.add(&prod)?;
        }
        Ok(out)
    }

    /// Replaces variables by values.
    pub fn subst(&self, f: &dyn Fn(u32) -> Option<Sym>) -> SymResult<Sym> {
        let mut out = Sym::default();
        for (m, c) in self.terms() {
            let mut prod = Sym::constant(c);
            for a in m {
                prod = prod.mul(&a.subst(f)?)?;
            }
            out = out.add(&prod)?;
        }
        Ok(out)
    }
}

/// Takes one node off `budget`; false when none is left.
fn take(budget: &mut usize) -> bool {
    let left = *budget > 0;
    *budget = budget.saturating_sub(1);
    left
}

impl Atom {
    /// [`Sym::within`] of an atom: itself and its operands.
    fn within(&self, budget: &mut usize) -> bool {
        take(budget)
            && match self {
                Atom::Var(_) => true,
                Atom::Div(a, b) | Atom::Mod(a, b) => a.within(budget) && b.within(budget),
                Atom::Ite(c, a, b) => c.within(budget) && a.within(budget) && b.within(budget),
            }
    }

    fn vars(&self, out: &mut Vec<u32>) {
        match self {
            Atom::Var(v) => out.push(*v),
            Atom::Div(a, b) | Atom::Mod(a, b) => {
                a.vars(out);
                b.vars(out);
            }
            Atom::Ite(c, a, b) => {
                c.vars(out);
                a.vars(out);
                b.vars(out);
            }
        }
    }

    fn resolve_ites(&self, decide: &mut dyn FnMut(&SBool) -> Option<bool>) -> SymResult<Sym> {
        match self {
            Atom::Var(v) => Ok(Sym::var(*v)),
            Atom::Div(a, b) => a.resolve_ites(decide)?.floor_div(&b.resolve_ites(decide)?),
            Atom::Mod(a, b) => a.resolve_ites(decide)?.modulo(&b.resolve_ites(decide)?),
            Atom::Ite(c, a, b) => {
                let c = c.resolve_ites(decide)?;
                let known = c.as_const().or_else(|| decide(&c));
                match known {
                    Some(true) => a.resolve_ites(decide),
                    Some(false) => b.resolve_ites(decide),
                    None => Ok(Sym::ite(
                        &c,
                        &a.resolve_ites(decide)?,
                        &b.resolve_ites(decide)?,
                    )),
                }
            }
        }
    }

    fn subst(&self, f: &dyn Fn(u32) -> Option<Sym>) -> SymResult<Sym> {
        match self {
            Atom::Var(v) => Ok(f(*v).unwrap_or_else(|| Sym::var(*v))),
            Atom::Div(a, b) => a.subst(f)?.floor_div(&b.subst(f)?),
            Atom::Mod(a, b) => a.subst(f)?.modulo(&b.subst(f)?),
            Atom::Ite(c, a, b) => Ok(Sym::ite(&c.subst(f)?, &a.subst(f)?, &b.subst(f)?)),
        }
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.min(i128::MAX as u128) as i128
}

/// Divides `p` (compared with 0 by `=` when `eq`, else by `<=`) by the gcd
/// of its non-constant coefficients: `8*a - 8*b = 0` becomes `a - b = 0`,
/// `2*a + 1 = 0` becomes false, `2*a - 3 <= 0` becomes `a - 1 <= 0`.
fn normalize(p: Sym, eq: bool) -> Sym {
    let mut g = 0;
    let mut c = 0;
    for (m, k) in p.terms() {
        if m.is_empty() {
            c = k;
        } else {
            g = gcd(g, k);
        }
    }
    if g <= 1 {
        return p;
    }
    if eq && c % g != 0 {
        return Sym::constant(1);
    }
    let mut terms = BTreeMap::new();
    for (m, k) in p.terms() {
        if !m.is_empty() {
            terms.insert(m.clone(), k / g);
        }
    }
    // p <= 0  ⇔  q*g + c <= 0  ⇔  q <= -c/g  ⇔  q + ceil(c/g) <= 0.
    let cc = if eq {
        c / g
    } else {
        -(floor_div(-c, g).unwrap_or(0))
    };
    if cc != 0 {
        terms.insert(Vec::new(), cc);
    }
    Sym::from_terms(terms)
}

/// `k*(c ? x : y) + d = 0` (with `eq`, else `<= 0`) for constants `x`, `y`:
/// the comparison decided in each branch, so `(c ? 1 : 0) != 0` is `c`.
fn constant_ite_cmp(p: &Sym, eq: bool) -> Option<SBool> {
    let mut ite = None;
    let mut d = 0;
    for (m, k) in p.terms() {
        match m.as_slice() {
            [] => d = k,
            [Atom::Ite(c, x, y)] if ite.is_none() => {
                ite = Some((c, x.as_const()?, y.as_const()?, k))
            }
            _ => return None,
        }
    }
    let (c, x, y, k) = ite?;
    let holds = |v: i128| -> Option<bool> {
        let t = k.checked_mul(v)?.checked_add(d)?;
        Some(if eq { t == 0 } else { t <= 0 })
    };
    Some(match (holds(x)?, holds(y)?) {
        (true, true) => SBool::Const(true),
        (false, false) => SBool::Const(false),
        (true, false) => (**c).clone(),
        (false, true) => (**c).clone().negate(),
    })
}

fn floor_div(a: i128, b: i128) -> SymResult<i128> {
    if b == 0 {
        return Err(SymError::DivByZero);
    }
    let q = a.checked_div(b).ok_or(SymError::Overflow)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        Ok(q - 1)
    } else {
        Ok(q)
    }
}

/// A comparison with zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rel {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// A symbolic boolean.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SBool {
    Const(bool),
    /// `p = 0`.
    EqZero(Sym),
    /// `p <= 0`.
    LeZero(Sym),
    Not(Arc<SBool>),
    And(Vec<SBool>),
    Or(Vec<SBool>),
}

impl SBool {
    pub fn as_const(&self) -> Option<bool> {
        match self {
            SBool::Const(b) => Some(*b),
            _ => None,
        }
    }

    /// `a rel b`, decided at once when `a - b` is a constant.
    pub fn cmp(rel: Rel, a: &Sym, b: &Sym) -> SymResult<SBool> {
        if let (Some(x), Some(y)) = (a.as_const(), b.as_const()) {
            return Ok(SBool::Const(match rel {
                Rel::Eq => x == y,
                Rel::Ne => x != y,
                Rel::Lt => x < y,
                Rel::Le => x <= y,
                Rel::Gt => x > y,
                Rel::Ge => x >= y,
            }));
        }
        let one = Sym::constant(1);
        let (p, eq) = match rel {
            Rel::Eq | Rel::Ne => (a.sub(b)?, true),
            Rel::Le => (a.sub(b)?, false),
            Rel::Lt => (a.sub(b)?.add(&one)?, false),
            Rel::Ge => (b.sub(a)?, false),
            Rel::Gt => (b.sub(a)?.add(&one)?, false),
        };
        let p = normalize(p, eq);
        if let Some(b) = constant_ite_cmp(&p, eq) {
            return Ok(if rel == Rel::Ne { b.negate() } else { b });
        }
        let base = match (p.as_const(), eq) {
            (Some(c), true) => SBool::Const(c == 0),
            (Some(c), false) => SBool::Const(c <= 0),
            (None, true) => SBool::EqZero(p),
            (None, false) => SBool::LeZero(p),
        };
        Ok(if rel == Rel::Ne { base.negate() } else { base })
    }

    pub fn negate(self) -> SBool {
        match self {
            SBool::Const(b) => SBool::Const(!b),
            SBool::Not(x) => Arc::unwrap_or_clone(x),
            x => SBool::Not(Arc::new(x)),
        }
    }

    pub fn and(items: Vec<SBool>) -> SBool {
        let mut out = Vec::new();
        for i in items {
            match i {
                SBool::Const(true) => {}
                SBool::Const(false) => return SBool::Const(false),
                SBool::And(xs) => out.extend(xs),
                x => {
                    if !out.contains(&x) {
                        out.push(x)
                    }
                }
            }
        }
        match out.len() {
            0 => SBool::Const(true),
            1 => out.pop().unwrap_or(SBool::Const(true)),
            _ => SBool::And(out),
        }
    }

    pub fn or(items: Vec<SBool>) -> SBool {
        let mut out = Vec::new();
        for i in items {
            match i {
                SBool::Const(false) => {}
                SBool::Const(true) => return SBool::Const(true),
                SBool::Or(xs) => out.extend(xs),
                x => {
                    if !out.contains(&x) {
                        out.push(x)
                    }
                }
            }
        }
        match out.len() {
            0 => SBool::Const(false),
            1 => out.pop().unwrap_or(SBool::Const(false)),
            _ => SBool::Or(out),
        }
    }

    /// [`Sym::within`] of a condition: its nodes and its polynomials'.
    pub fn within(&self, budget: &mut usize) -> bool {
        take(budget)
            && match self {
                SBool::Const(_) => true,
                SBool::EqZero(p) | SBool::LeZero(p) => p.within(budget),
                SBool::Not(x) => x.within(budget),
                SBool::And(xs) | SBool::Or(xs) => xs.iter().all(|x| x.within(budget)),
            }
    }

    pub fn vars(&self, out: &mut Vec<u32>) {
        match self {
            SBool::Const(_) => {}
            SBool::EqZero(p) | SBool::LeZero(p) => p.vars(out),
            SBool::Not(x) => x.vars(out),
            SBool::And(xs) | SBool::Or(xs) => xs.iter().for_each(|x| x.vars(out)),
        }
    }

    /// [`Sym::resolve_ites`] through the formula's comparisons.
    pub fn resolve_ites(&self, decide: &mut dyn FnMut(&SBool) -> Option<bool>) -> SymResult<SBool> {
        let zero = Sym::constant(0);
        Ok(match self {
            SBool::Const(b) => SBool::Const(*b),
            SBool::EqZero(p) => SBool::cmp(Rel::Eq, &p.resolve_ites(decide)?, &zero)?,
            SBool::LeZero(p) => SBool::cmp(Rel::Le, &p.resolve_ites(decide)?, &zero)?,
            SBool::Not(x) => x.resolve_ites(decide)?.negate(),
            SBool::And(xs) => SBool::and(
                xs.iter()
                    .map(|x| x.resolve_ites(decide))
                    .collect::<Result<_, _>>()?,
            ),
            SBool::Or(xs) => SBool::or(
                xs.iter()
                    .map(|x| x.resolve_ites(decide))
                    .collect::<Result<_, _>>()?,
            ),
        })
    }

    pub fn subst(&self, f: &dyn Fn(u32) -> Option<Sym>) -> SymResult<SBool> {
        let zero = Sym::constant(0);
        Ok(match self {
            SBool::Const(b) => SBool::Const(*b),
            SBool::EqZero(p) => SBool::cmp(Rel::Eq, &p.subst(f)?, &zero)?,
            SBool::LeZero(p) => SBool::cmp(Rel::Le, &p.subst(f)?, &zero)?,
            SBool::Not(x) => x.subst(f)?.negate(),
            SBool::And(xs) => SBool::and(xs.iter().map(|x| x.subst(f)).collect::<Result<_, _>>()?),
            SBool::Or(xs) => SBool::or(xs.iter().map(|x| x.subst(f)).collect::<Result<_, _>>()?),
        })
    }

    /// Renders the formula with variable names from `name`.
    pub fn render(&self, name: &dyn Fn(u32) -> String) -> String {
        match self {
            SBool::Const(b) => b.to_string(),
            SBool::EqZero(p) => render_rel(p, "=", name),
            SBool::LeZero(p) => render_rel(p, "<=", name),
            SBool::Not(x) => match &**x {
                SBool::EqZero(p) => render_rel(p, "!=", name),
                SBool::LeZero(p) => render_rel(&p.neg().unwrap_or_default(), "<", name),
                x => format!("not ({})", x.render(name)),
            },
            SBool::And(xs) => xs
                .iter()
                .map(|x| paren(x, name))
                .collect::<Vec<_>>()
                .join(" and "),
            SBool::Or(xs) => xs
                .iter()
                .map(|x| paren(x, name))
                .collect::<Vec<_>>()
                .join(" or "),
        }
    }
}

fn paren(x: &SBool, name: &dyn Fn(u32) -> String) -> String {
    match x {
        SBool::And(_) | SBool::Or(_) => format!("({})", x.render(name)),
        _ => x.render(name),
    }
}

/// `p rel 0` written readably: `P rel N - c` for `p = P - N + c` (P and N
/// with positive coefficients), or `N rel' c` when P is empty.
fn render_rel(p: &Sym, rel: &str, name: &dyn Fn(u32) -> String) -> String {
    let mut pos = BTreeMap::new();
    let mut neg = BTreeMap::new();
    let mut c: i128 = 0;
    for (m, k) in p.terms() {
        if m.is_empty() {
            c = k;
        } else if k > 0 {
            pos.insert(m.clone(), k);
        } else {
            neg.insert(m.clone(), k.saturating_neg());
        }
    }
    let (pos, neg) = (Sym::from_terms(pos), Sym::from_terms(neg));
    if pos.len() == 0 {
        let flipped = match rel {
            "<=" => ">=",
            "<" => ">",
            ">=" => "<=",
            ">" => "<",
            r => r,
        };
        return format!("{} {flipped} {c}", render_sym(&neg, name));
    }
    let rhs = neg.sub(&Sym::constant(c)).unwrap_or_default();
    format!(
        "{} {rel} {}",
        render_sym(&pos, name),
        render_sym(&rhs, name)
    )
}

/// Renders a polynomial with variable names from `name`.
pub fn render_sym(s: &Sym, name: &dyn Fn(u32) -> String) -> String {
    if s.len() == 0 {
        return "0".into();
    }
    let mut out = String::new();
    let terms: Vec<_> = s.terms().collect();
    for (i, (m, c)) in terms.into_iter().rev().enumerate() {
        let (neg, mag) = (c < 0, c.unsigned_abs());
        if i > 0 {
            out.push_str(if neg { " - " } else { " + " });
        } else if neg {
            out.push('-');
        }
        let factors: Vec<String> = m.iter().map(|a| render_atom(a, name)).collect();
        if factors.is_empty() {
            out.push_str(&mag.to_string());
        } else {
            if mag != 1 {
                out.push_str(&format!("{mag}*"));
            }
            out.push_str(&factors.join("*"));
        }
    }
    out
}

fn render_atom(a: &Atom, name: &dyn Fn(u32) -> String) -> String {
    let wrap = |s: &Sym| {
        let r = render_sym(s, name);
        if s.len() > 1 {
            format!("({r})")
        } else {
            r
        }
    };
    match a {
        Atom::Var(v) => name(*v),
        Atom::Div(x, y) => format!("floor({} / {})", wrap(x), wrap(y)),
        Atom::Mod(x, y) => format!("({} % {})", wrap(x), wrap(y)),
        Atom::Ite(c, x, y) => format!("({} ? {} : {})", c.render(name), wrap(x), wrap(y)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn polynomials_are_canonical() {
        let d = Sym::var(0);
        let four = Sym::constant(4);
        let a = d.mul(&four).unwrap();
        let b = four.mul(&d).unwrap();
        assert_eq!(a, b);
        assert_eq!(SBool::cmp(Rel::Eq, &a, &b).unwrap(), SBool::Const(true));
        let c = a.add(&Sym::constant(1)).unwrap();
        assert_eq!(SBool::cmp(Rel::Eq, &a, &c).unwrap(), SBool::Const(false));
        assert!(SBool::cmp(Rel::Eq, &d, &a).unwrap().as_const().is_none());
    }

    #[test]
    fn constant_arithmetic_is_checked_and_pythonic() {
        let m = Sym::constant(i128::MAX);
        assert_eq!(m.add(&Sym::constant(1)), Err(SymError::Overflow));
        let r = Sym::constant(-7).modulo(&Sym::constant(3)).unwrap();
        assert_eq!(r.as_const(), Some(2));
        let q = Sym::constant(-7).floor_div(&Sym::constant(2)).unwrap();
        assert_eq!(q.as_const(), Some(-4));
        assert_eq!(
            Sym::constant(1).floor_div(&Sym::constant(0)),
            Err(SymError::DivByZero)
        );
    }

    #[test]
    fn rendering_names_variables() {
        let d = Sym::var(0);
        let e = SBool::cmp(Rel::Eq, &d.mul(&Sym::constant(2)).unwrap(), &Sym::var(1)).unwrap();
        let s = e.render(&|v| format!("x{v}"));
        assert!(
            s == "2*x0 = x1" || s == "x1 = 2*x0" || s == "2*x0 - x1 = 0",
            "{s}"
        );
    }

    #[test]
    fn comparisons_of_a_constant_if_then_else_decide_in_its_branches() {
        let x = Sym::var(0);
        let c = SBool::cmp(Rel::Ge, &x, &Sym::constant(3)).unwrap();
        let b = Sym::ite(&c, &Sym::constant(1), &Sym::constant(0));
        let zero = Sym::constant(0);
        assert_eq!(SBool::cmp(Rel::Ne, &b, &zero).unwrap(), c);
        assert_eq!(SBool::cmp(Rel::Eq, &b, &zero).unwrap(), c.clone().negate());
        assert_eq!(
            SBool::cmp(Rel::Le, &b, &Sym::constant(1)).unwrap(),
            SBool::Const(true)
        );
        // Branches that are not constants stay an if-then-else.
        let y = Sym::ite(&c, &x, &Sym::constant(0));
        assert!(matches!(
            SBool::cmp(Rel::Eq, &y, &zero).unwrap(),
            SBool::EqZero(_)
        ));
    }

    #[test]
    fn resolving_if_then_elses_takes_the_decided_branch() {
        let x = Sym::var(0);
        let neg = SBool::cmp(Rel::Le, &x, &Sym::constant(-1)).unwrap();
        let abs = Sym::ite(&neg, &x.neg().unwrap(), &x);
        let f = SBool::cmp(Rel::Eq, &abs, &Sym::constant(4)).unwrap();
        // A size is never negative.
        let g = f
            .resolve_ites(&mut |c| (c == &neg).then_some(false))
            .unwrap();
        assert_eq!(g, SBool::cmp(Rel::Eq, &x, &Sym::constant(4)).unwrap());
        // Undecided conditions stay.
        assert_eq!(f.resolve_ites(&mut |_| None).unwrap(), f);
    }
}
