//! Applying a region to scalars: the bodies of `reduce`, `reduce_window`,
//! `scatter`, `select_and_scatter`, `sort`, `map`, `all_reduce`, …
//!
//! A [`ScalarFn`] is a region prepared for calling on scalar elements. When
//! the body is exactly `return op(arg0, arg1)` for an elementwise op with a
//! per-element rule (add, multiply, maximum, minimum, and, or, xor on
//! booleans, integers and real floats), it is evaluated directly by that
//! rule — the same functions the elementwise kernels use, so the bits are
//! the same as running the region. A body of elementwise ops on scalars is
//! run as compiled scalar code (`scalar.rs`), with the same bits again. Any
//! other body is run by the interpreter on rank-0 tensors.

use super::elementwise::{domain, Domain};
use super::scalar::Code;
use super::tensor::{lanes, Tensor};
use super::{Interp, KResult, Value};
use crate::float::{arith, Rounding};
use crate::ir::{ElementType, Region, Type};
use std::cell::RefCell;
use std::rc::Rc;

/// A region prepared for calling on scalars.
pub struct ScalarFn<'p> {
    region: &'p Region,
    /// The element types of the block arguments.
    arg_types: Vec<ElementType>,
    fast: Option<Fast>,
    /// The body as scalar code, when it is.
    code: Option<Compiled>,
}

/// A body compiled to scalar code, with its register file (captured values
/// loaded) and the scratch lanes of its conversions.
struct Compiled {
    code: Rc<Code>,
    regs: RefCell<Vec<u64>>,
    scratch: RefCell<Vec<u64>>,
}

/// The ops of a one-op body evaluated directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinOp {
    Add,
    Mul,
    Max,
    Min,
    And,
    Or,
    Xor,
}

#[derive(Clone, Copy)]
struct Fast {
    op: BinOp,
    domain: Domain,
}

impl Fast {
    fn apply(self, x: u64, y: u64) -> u64 {
        const RNE: Rounding = Rounding::NearestEven;
        match self.domain {
            Domain::Float(k) => {
                let f = k.format();
                match self.op {
                    BinOp::Add => arith::add(f, x, y, RNE),
                    BinOp::Mul => arith::mul(f, x, y, RNE),
                    BinOp::Max => arith::maximum(f, x, y),
                    BinOp::Min => arith::minimum(f, x, y),
                    // Not reached: bitwise ops on floats are not made fast.
                    BinOp::And | BinOp::Or | BinOp::Xor => x,
                }
            }
            Domain::Bool => match self.op {
                BinOp::Add | BinOp::Or | BinOp::Max => (x | y) & 1,
                BinOp::Mul | BinOp::And | BinOp::Min => x & y & 1,
                BinOp::Xor => (x ^ y) & 1,
            },
            Domain::Int(k) => {
                let (a, b) = (k.value(x), k.value(y));
                match self.op {
                    BinOp::Add => k.wrap(a + b),
                    BinOp::Mul => k.wrap(a.wrapping_mul(b)),
                    BinOp::Max => k.wrap(a.max(b)),
                    BinOp::Min => k.wrap(a.min(b)),
                    BinOp::And => k.wrap((x & y) as i64 as i128),
                    BinOp::Or => k.wrap((x | y) as i64 as i128),
                    BinOp::Xor => k.wrap((x ^ y) as i64 as i128),
                }
            }
            // Not reached: complex bodies are not made fast.
            Domain::Complex(_) => x,
        }
    }
}

/// The fast rule of `op` on two lanes of the real float format `kind`:
/// what a body `return op(arg0, arg1)` gives.
pub(crate) fn fast_apply(op: BinOp, kind: crate::float::FloatKind, x: u64, y: u64) -> u64 {
    Fast {
        op,
        domain: Domain::Float(kind),
    }
    .apply(x, y)
}

/// Recognises `^bb(%a, %b): %r = op %a, %b; return %r` (either operand order
/// for these commutative ops).
fn recognise(region: &Region, arg_types: &[ElementType]) -> Option<Fast> {
    let block = region.blocks.first()?;
    let [a, b] = block.args.as_slice() else {
        return None;
    };
    let [op, ret] = block.ops.as_slice() else {
        return None;
    };
    if !matches!(ret.name.as_str(), "stablehlo.return" | "func.return")
        || ret.operands.as_slice() != op.results.as_slice()
        || op.results.len() != 1
        || !op.regions.is_empty()
    {
        return None;
    }
    if op.operands.as_slice() != [*a, *b] && op.operands.as_slice() != [*b, *a] {
        return None;
    }
    let ty = arg_types.first()?;
    if arg_types.iter().any(|t| t != ty) {
        return None;
    }
    let d = domain(ty).ok()?;
    let bin = match op.name.as_str() {
        "stablehlo.add" => BinOp::Add,
        "stablehlo.multiply" => BinOp::Mul,
        "stablehlo.maximum" => BinOp::Max,
        "stablehlo.minimum" => BinOp::Min,
        "stablehlo.and" => BinOp::And,
        "stablehlo.or" => BinOp::Or,
        "stablehlo.xor" => BinOp::Xor,
        _ => return None,
    };
    match (d, bin) {
        (Domain::Complex(_), _) => None,
        (Domain::Float(_), BinOp::And | BinOp::Or | BinOp::Xor) => None,
        _ => Some(Fast { op: bin, domain: d }),
    }
}

impl<'p> ScalarFn<'p> {
    /// Prepares a region whose block arguments are rank-0 tensors.
    pub fn new(interp: &mut Interp<'p>, region: &'p Region) -> KResult<ScalarFn<'p>> {
        let block = region.blocks.first().ok_or("the region has no block")?;
        let mut arg_types = Vec::with_capacity(block.args.len());
        for &a in &block.args {
            match interp.ty(a) {
                Type::Tensor(t) => arg_types.push(t.elem.clone()),
                other => {
                    return Err(format!("a region argument of type {other} is not a tensor").into())
                }
            }
        }
        let fast = recognise(region, &arg_types);
        let code = match fast {
            Some(_) => None,
            None => interp.compiled_region(region).and_then(|code| {
                let regs = code.registers(interp)?;
                (code.arity() == arg_types.len()).then(|| Compiled {
                    code,
                    regs: RefCell::new(regs),
                    scratch: RefCell::new(Vec::new()),
                })
            }),
        };
        Ok(ScalarFn {
            region,
            arg_types,
            fast,
            code,
        })
    }

    /// Whether the region returns its second half of arguments unchanged
    /// (`^bb(%a…, %b…): return %b…` with both halves of the same types):
    /// the update rule of a scatter that overwrites.
    pub fn returns_second_half(&self) -> bool {
        let Some(block) = self.region.blocks.first() else {
            return false;
        };
        let n = block.args.len() / 2;
        let [ret] = block.ops.as_slice() else {
            return false;
        };
        n > 0
            && block.args.len() == 2 * n
            && matches!(ret.name.as_str(), "stablehlo.return" | "func.return")
            && ret.operands.as_slice() == &block.args[n..]
            && self.arg_types[..n] == self.arg_types[n..]
    }

    /// The number of block arguments.
    pub fn arity(&self) -> usize {
        self.arg_types.len()
    }

    /// Whether this is a binary op evaluated without the interpreter.
    pub fn is_fast(&self) -> bool {
        self.fast.is_some()
    }

    /// The fast binary rule on single lanes, when there is one.
    pub fn fast_binary(&self) -> Option<impl Fn(u64, u64) -> u64> {
        self.fast.map(|f| move |x, y| f.apply(x, y))
    }

    /// The op and format of a fast binary body on real floats.
    pub(crate) fn fast_float(&self) -> Option<(BinOp, crate::float::FloatKind)> {
        match self.fast? {
            Fast {
                op,
                domain: Domain::Float(k),
            } => Some((op, k)),
            _ => None,
        }
    }

    /// Calls the region on scalar elements given as their lanes; returns the
    /// lanes of each result.
    pub fn call(&self, interp: &mut Interp<'p>, args: &[&[u64]]) -> KResult<Vec<Vec<u64>>> {
        if args.len() != self.arg_types.len() {
            return Err(format!(
                "the region takes {} arguments but {} were given",
                self.arg_types.len(),
                args.len()
            )
            .into());
        }
        if let Some(f) = self.fast {
            return Ok(vec![vec![f.apply(args[0][0], args[1][0])]]);
        }
        if let Some(c) = &self.code {
            // Compiled code holds one lane per value; anything else is left
            // to the interpreter, as it is.
            if args.iter().all(|lanes_of| lanes_of.len() == 1) {
                let (mut regs, mut scratch) = (c.regs.borrow_mut(), c.scratch.borrow_mut());
                for (i, lanes_of) in args.iter().enumerate() {
                    c.code.set_input(&mut regs, i, lanes_of[0]);
                }
                let returns = c.code.run(0, &mut regs, &mut scratch);
                return Ok(returns.iter().map(|&r| vec![regs[r as usize]]).collect());
            }
        }
        let values = args
            .iter()
            .zip(&self.arg_types)
            .map(|(lanes_of, ty)| Value::tensor(Tensor::scalar(ty.clone(), lanes_of)))
            .collect();
        let out = interp.run_region(self.region, values)?;
        out.into_iter()
            .map(|v| {
                let t = v.as_tensor()?;
                if t.len() != 1 {
                    return Err("a region applied to scalars must return scalars".into());
                }
                Ok(t.lanes_vec())
            })
            .collect()
    }

    /// Lanes per element of argument `i`.
    pub fn arg_lanes(&self, i: usize) -> usize {
        self.arg_types.get(i).map_or(1, lanes)
    }

    /// The element type of argument `i`.
    pub fn arg_type(&self, i: usize) -> Option<&ElementType> {
        self.arg_types.get(i)
    }
}
