//! Scalar code: blocks of elementwise ops on rank-0 tensors, compiled to
//! register code.
//!
//! Loops and region bodies often work on single elements: a counter compared
//! and incremented, an accumulator updated, a comparator or a reduction
//! body. Run by the interpreter, each such op builds operand and result lists
//! and a tensor. A block whose ops are all elementwise ops (or constants)
//! whose operands and results are rank-0 tensors of integers, booleans,
//! `index` or real floats is instead compiled into [`Code`]: a list of
//! instructions over a file of registers, one `u64` lane each. Each
//! instruction applies the per-element function of the op's kernel — float
//! arithmetic through `elementwise::float_lane` (the kernels' hardware paths
//! included), float conversions through `float::convert::converter`, other
//! conversions through `elementwise::convert_elem`, math functions through
//! `float::elementary`, integers through `IntKind`, `int_div`, `int_rem`,
//! `int_pow` and the shift lane rules, IEEE compares of f32, f64, bf16 and
//! f16 on the hardware (as the `compare` kernel does f32 and f64) — so
//! every bit is the same as running the ops.
//! The tests (`scalar_tests.rs`) hold compiled code to the kernels on edge
//! values of every element type, and whole programs with
//! `Interp::scalar_code` on and off to the same results, errors and step
//! counts.
//!
//! Compiling is conservative, so that compiled code cannot fail where the
//! interpreter would not, nor succeed where it fails: any other op, type or
//! shape, an attribute the kernel refuses, operand types that differ from
//! the declared result type where the kernel keeps the operands' type, a
//! quantized or complex value, a constant that is not a scalar of its
//! result type, a value used before its definition or outside its block —
//! each leaves the block to the interpreter, which runs it (and reports its
//! errors) as before. Code is compiled from declared types alone, once per
//! op or region. When it is entered, the values it reads from outside
//! (captured values) and the loop's or region's arguments must be rank-0
//! tensors of their declared types, and the limits must allow a rank-0
//! tensor (which every compiled op makes); otherwise the interpreter runs
//! the loop or region. Inside, values keep their declared types by
//! construction, so no check is needed per instruction.
//!
//! `while` runs a loop of scalar state through [`run_while`], which counts
//! every iteration against the step limit where the interpreter does
//! (after the condition holds, before the body), so `--max-steps` stops it
//! at the same iteration with the same error. [`ScalarFn`] (`region.rs`)
//! calls compiled bodies of reductions, comparators and maps. [`Lanes`]
//! (`scalar_lanes.rs`) runs a compiled block on many lanes side by side,
//! each register a row of lanes and each instruction a loop over them:
//! `reduce` advances the folds of many outputs together that way.
//! [`Segment`] runs a run of such ops inside a block the interpreter runs
//! (between tensor ops) in their place.
//!
//! [`ScalarFn`]: super::region::ScalarFn

use super::elementwise::{
    convert_elem, float_lane, Domain, FloatOp, IntCompare, ADD, DIV, MUL, SUB,
};
use super::elementwise::{
    direction, domain, int_div, int_pow, int_rem, low_bits, shift_left_lane,
    shift_right_arithmetic_lane, shift_right_logical_lane,
};
use super::tensor::{IntKind, Tensor};
use super::{is_terminator, Interp, KResult, Value};
use crate::float::arith::{self, Direction};
use crate::float::elementary::{self, Binary, Unary};
use crate::float::{convert, FloatKind, Format, Rounding};
use crate::ir::attr::Attr;
use crate::ir::{Block, ElementType, Op, Region, Type, ValueId};
use std::collections::{HashMap, HashSet};

/// A register: an index into the register file.
pub type Reg = u32;

const RNE: Rounding = Rounding::NearestEven;

/// A binary per-element rule, resolved for its element type.
#[derive(Clone, Copy)]
enum Bin {
    /// Float `add`, `subtract`, `multiply`, `divide`: the kernels' rule
    /// (`elementwise::float_lane`, hardware arithmetic where it gives the
    /// same bits).
    FArith(FloatKind, &'static FloatOp),
    FRem(&'static Format),
    FMax(&'static Format),
    FMin(&'static Format),
    /// A function of `float::elementary` (`power`, `atan2`, …).
    FMath(FloatKind, Binary),
    IAdd(IntKind),
    ISub(IntKind),
    IMul(IntKind),
    IDiv(IntKind),
    IRem(IntKind),
    IMax(IntKind),
    IMin(IntKind),
    IPow(IntKind),
    IAnd(IntKind),
    IOr(IntKind),
    IXor(IntKind),
    Shl(IntKind),
    ShrLogical(IntKind),
    ShrArithmetic(IntKind),
    /// Boolean `add`, `maximum`: `x | y`.
    BOr,
    /// Boolean `multiply`, `minimum`: `x & y`.
    BAnd,
    /// Boolean `and`, `or`, `xor`: the bitwise op, masked to one bit.
    BAnd1,
    BOr1,
    BXor1,
    /// Integer or boolean `compare`: lanes read as `k`, compared as `rk`.
    ICmp(IntCompare, Direction),
    /// Float `compare`, IEEE or totalOrder.
    FCmp(FloatKind, Direction, bool),
}

impl Bin {
    #[inline]
    fn apply(self, x: u64, y: u64) -> u64 {
        match self {
            Bin::FArith(kind, op) => float_lane(kind, *op, x, y),
            Bin::FRem(f) => arith::remainder(f, x, y),
            Bin::FMax(f) => arith::maximum(f, x, y),
            Bin::FMin(f) => arith::minimum(f, x, y),
            Bin::FMath(kind, g) => elementary::binary(kind, g, x, y),
            Bin::IAdd(k) => k.wrap(k.value(x) + k.value(y)),
            Bin::ISub(k) => k.wrap(k.value(x) - k.value(y)),
            Bin::IMul(k) => k.wrap(k.value(x).wrapping_mul(k.value(y))),
            Bin::IDiv(k) => k.wrap(int_div(k, k.value(x), k.value(y))),
            Bin::IRem(k) => k.wrap(int_rem(k, k.value(x), k.value(y))),
            Bin::IMax(k) => k.wrap(k.value(x).max(k.value(y))),
            Bin::IMin(k) => k.wrap(k.value(x).min(k.value(y))),
            Bin::IPow(k) => k.wrap(int_pow(k, k.value(x), k.value(y))),
            Bin::IAnd(k) => k.wrap((x & y) as i64 as i128),
            Bin::IOr(k) => k.wrap((x | y) as i64 as i128),
            Bin::IXor(k) => k.wrap((x ^ y) as i64 as i128),
            Bin::Shl(k) => shift_left_lane(k, x, y),
            Bin::ShrLogical(k) => shift_right_logical_lane(k, x, y),
            Bin::ShrArithmetic(k) => shift_right_arithmetic_lane(k, x, y),
            Bin::BOr => x | y,
            Bin::BAnd => x & y,
            Bin::BAnd1 => x & y & 1,
            Bin::BOr1 => (x | y) & 1,
            Bin::BXor1 => (x ^ y) & 1,
            Bin::ICmp(ic, dir) => ic.holds(dir, x, y) as u64,
            Bin::FCmp(kind, dir, total) => {
                match (total, ieee_value(kind, x), ieee_value(kind, y)) {
                    (false, Some(a), Some(b)) => dir.holds(a.partial_cmp(&b)) as u64,
                    _ => arith::compare_op(kind.format(), x, y, dir, total) as u64,
                }
            }
        }
    }
}

/// A lane of an f32, f64, bf16 or f16 as an `f64` on the hardware (exact:
/// each format's values are `f64` values, NaNs stay NaNs), for the IEEE
/// `compare`: unordered when either is NaN, ±0 equal, otherwise the order
/// of the values, which is `arith::compare`'s (as the `compare` kernel
/// does it). `None` for the other formats.
#[inline(always)]
fn ieee_value(kind: FloatKind, x: u64) -> Option<f64> {
    match kind {
        FloatKind::F32 => Some(f32::from_bits(x as u32) as f64),
        FloatKind::F64 => Some(f64::from_bits(x)),
        FloatKind::BF16 => Some(f32::from_bits((x as u32 & 0xFFFF) << 16) as f64),
        FloatKind::F16 => Some(super::gemm::f16_to_f32(x) as f64),
        _ => None,
    }
}

/// A unary per-element rule, resolved for its element types.
#[derive(Clone, Copy)]
enum Un {
    Copy,
    BNot,
    INot(IntKind),
    Popcnt(IntKind),
    Clz(IntKind),
    IAbs(IntKind),
    INeg(IntKind),
    ISign(IntKind),
    FAbs(&'static Format),
    FNeg(&'static Format),
    FSign(&'static Format),
    Sqrt(&'static Format),
    Floor(&'static Format),
    Ceil(&'static Format),
    RoundEven(&'static Format),
    RoundAfz(&'static Format),
    IsFinite(&'static Format),
    ReducePrecision(&'static Format, i32, i32),
    /// A function of `float::elementary` (`exponential`, `tanh`, …).
    FMath(FloatKind, Unary),
}

impl Un {
    #[inline]
    fn apply(self, x: u64) -> u64 {
        match self {
            Un::Copy => x,
            Un::BNot => (!x) & 1,
            Un::INot(k) => k.wrap(!x as i64 as i128),
            Un::Popcnt(k) => k.wrap(low_bits(k, x).count_ones() as i128),
            Un::Clz(k) => k.wrap((low_bits(k, x).leading_zeros() - (64 - k.bits)) as i128),
            Un::IAbs(k) => k.wrap(k.value(x).abs()),
            Un::INeg(k) => k.wrap(-k.value(x)),
            Un::ISign(k) => k.wrap(k.value(x).signum()),
            Un::FAbs(f) => arith::abs(f, x),
            Un::FNeg(f) => arith::negate(f, x),
            Un::FSign(f) => arith::sign(f, x),
            Un::Sqrt(f) => arith::sqrt(f, x, RNE),
            Un::Floor(f) => convert::floor(f, x),
            Un::Ceil(f) => convert::ceil(f, x),
            Un::RoundEven(f) => convert::round_nearest_even(f, x),
            Un::RoundAfz(f) => convert::round_nearest_afz(f, x),
            Un::IsFinite(f) => arith::is_finite(f, x) as u64,
            Un::ReducePrecision(f, e, m) => convert::reduce_precision(f, x, e, m),
            Un::FMath(kind, g) => {
                let mut out = [0u64];
                elementary::unary_slice(kind, g, &[x], &mut out);
                out[0]
            }
        }
    }
}

/// One instruction.
enum Inst {
    /// `dst = rule(a, b)`.
    Bin(Bin, Reg, Reg, Reg),
    /// `dst = rule(a)`.
    Un(Un, Reg, Reg),
    /// `dst = pred != 0 ? on_true : on_false`.
    Select(Reg, Reg, Reg, Reg),
    /// `dst = convert(a)` between two float types, by the kernel's converter.
    FloatConvert(Box<dyn Fn(u64) -> u64 + Sync>, Reg, Reg),
    /// `dst = convert(a)` between other element types.
    Convert(Box<(ElementType, ElementType)>, Reg, Reg),
}

/// Runs instructions on a register file. `scratch` holds the lanes of a
/// conversion.
fn execute(insts: &[Inst], regs: &mut [u64], scratch: &mut Vec<u64>) {
    for inst in insts {
        match inst {
            &Inst::Bin(rule, d, a, b) => {
                regs[d as usize] = rule.apply(regs[a as usize], regs[b as usize]);
            }
            &Inst::Un(rule, d, a) => regs[d as usize] = rule.apply(regs[a as usize]),
            &Inst::Select(d, p, t, f) => {
                let src = if regs[p as usize] != 0 { t } else { f };
                regs[d as usize] = regs[src as usize];
            }
            Inst::FloatConvert(f, d, a) => regs[*d as usize] = f(regs[*a as usize]),
            Inst::Convert(types, d, a) => {
                scratch.clear();
                convert_elem(&types.0, &types.1, &[regs[*a as usize]], scratch);
                regs[*d as usize] = scratch.first().copied().unwrap_or(0);
            }
        }
    }
}

/// A compiled block: its instructions, and the registers its terminator
/// returns with their element types.
struct CompiledBlock {
    insts: Vec<Inst>,
    returns: Vec<Reg>,
    return_types: Vec<ElementType>,
}

/// Blocks compiled over one register file.
pub struct Code {
    /// The register file on entry: constants in their registers, zeros elsewhere.
    init: Vec<u64>,
    /// Values read from outside the compiled blocks: id, declared element
    /// type, register.
    captures: Vec<(ValueId, ElementType, Reg)>,
    /// The inputs (block arguments) and their element types.
    inputs: Vec<(Reg, ElementType)>,
    blocks: Vec<CompiledBlock>,
}

/// The element type of a rank-0 tensor type of one lane per element that
/// scalar code can hold: integers, booleans, `index` and real floats.
fn scalar_elem(t: &Type) -> Option<&ElementType> {
    match t {
        Type::Tensor(t)
            if t.dims.as_ref().is_some_and(|d| d.is_empty())
                && matches!(
                    t.elem,
                    ElementType::Int(..) | ElementType::Index | ElementType::Float(_)
                ) =>
        {
            Some(&t.elem)
        }
        _ => None,
    }
}

/// The lane of a value that is a rank-0 tensor of element type `elem`.
fn scalar_lane(v: &Value, elem: &ElementType) -> Option<u64> {
    match v {
        Value::Tensor(t) if t.shape.is_empty() && t.elem == *elem && t.data.len() == 1 => {
            Some(t.data.get(0))
        }
        _ => None,
    }
}

/// Every value defined inside some regions (block arguments and results, nested too).
pub(super) fn defined_inside(regions: &[Region], out: &mut HashSet<ValueId>) {
    for r in regions {
        for b in &r.blocks {
            out.extend(b.args.iter().copied());
            for op in &b.ops {
                out.extend(op.results.iter().copied());
                defined_inside(&op.regions, out);
            }
        }
    }
}

/// Compiles blocks into one register file.
struct Compiler<'a, 'p> {
    interp: &'a Interp<'p>,
    /// The register and element type of each value compiled so far.
    regs: HashMap<ValueId, (Reg, ElementType)>,
    init: Vec<u64>,
    captures: Vec<(ValueId, ElementType, Reg)>,
    /// Values defined inside the compiled regions: never captured.
    inside: HashSet<ValueId>,
}

impl<'a, 'p> Compiler<'a, 'p> {
    fn new(interp: &'a Interp<'p>, regions: &[Region]) -> Option<Compiler<'a, 'p>> {
        let mut inside = HashSet::new();
        defined_inside(regions, &mut inside);
        Some(Compiler {
            interp,
            regs: HashMap::new(),
            init: Vec::new(),
            captures: Vec::new(),
            inside,
        })
    }

    /// A new register holding `value` on entry.
    fn reg(&mut self, value: u64) -> Option<Reg> {
        let r = Reg::try_from(self.init.len()).ok()?;
        self.init.push(value);
        Some(r)
    }

    /// A register for each of some block arguments of scalar type.
    fn inputs(&mut self, args: &[ValueId]) -> Option<Vec<(Reg, ElementType)>> {
        args.iter()
            .map(|&a| {
                let elem = scalar_elem(self.interp.ty(a))?.clone();
                Some((self.reg(0)?, elem))
            })
            .collect()
    }

    /// The register of an operand: a value compiled earlier, or a value
    /// from outside the regions (captured: loaded on entry).
    fn operand(&mut self, v: ValueId) -> Option<(Reg, ElementType)> {
        if let Some(r) = self.regs.get(&v) {
            return Some(r.clone());
        }
        if self.inside.contains(&v) {
            // Used before its definition: the interpreter reports it.
            return None;
        }
        let elem = scalar_elem(self.interp.ty(v))?.clone();
        let r = self.reg(0)?;
        self.captures.push((v, elem.clone(), r));
        self.regs.insert(v, (r, elem.clone()));
        Some((r, elem))
    }

    /// Compiles a block whose arguments are held in `args` (registers of
    /// the arguments' declared types); also returns the element types of
    /// the values its terminator returns. The block's own values are
    /// unbound afterwards: another block cannot read them.
    fn block(
        &mut self,
        block: &Block,
        args: &[(Reg, ElementType)],
    ) -> Option<(CompiledBlock, Vec<ElementType>)> {
        if block.args.len() != args.len() {
            return None;
        }
        for (&v, (r, elem)) in block.args.iter().zip(args) {
            if scalar_elem(self.interp.ty(v))? != elem {
                return None;
            }
            self.regs.insert(v, (*r, elem.clone()));
        }
        let compiled = self.block_body(block);
        for op in &block.ops {
            for r in &op.results {
                self.regs.remove(r);
            }
        }
        for v in &block.args {
            self.regs.remove(v);
        }
        compiled
    }

    fn block_body(&mut self, block: &Block) -> Option<(CompiledBlock, Vec<ElementType>)> {
        let mut insts = Vec::new();
        let n = block.ops.len();
        for (i, op) in block.ops.iter().enumerate() {
            if i + 1 == n && is_terminator(&op.name) {
                let (returns, types) = op
                    .operands
                    .iter()
                    .map(|&v| self.operand(v))
                    .collect::<Option<(Vec<Reg>, Vec<ElementType>)>>()?;
                let block = CompiledBlock {
                    insts,
                    returns,
                    return_types: types.clone(),
                };
                return Some((block, types));
            }
            self.op(op, &mut insts)?;
        }
        // A block without a terminator returns nothing; its callers object.
        None
    }

    /// Compiles one op into `insts`, binding its result.
    fn op(&mut self, op: &Op, insts: &mut Vec<Inst>) -> Option<()> {
        let [result] = op.results.as_slice() else {
            return None;
        };
        if !op.regions.is_empty() {
            return None;
        }
        let elem = scalar_elem(self.interp.ty(*result))?.clone();
        let name = op.name.strip_prefix("stablehlo.").unwrap_or("");
        if name == "constant" {
            let value = op.attr("value")?;
            // A constant of more than one element is not a scalar.
            let t = super::literal::tensor_from_attr(value, 1).ok()?;
            let lane = scalar_lane(&Value::tensor(t), &elem)?;
            let r = self.reg(lane)?;
            self.regs.insert(*result, (r, elem));
            return Some(());
        }
        let operands = op
            .operands
            .iter()
            .map(|&v| self.operand(v))
            .collect::<Option<Vec<_>>>()?;
        let dst = self.reg(0)?;
        let inst = match (name, operands.as_slice()) {
            ("compare", [(a, ta), (b, tb)]) if ta == tb && elem == ElementType::I1 => {
                Inst::Bin(compare_rule(op, ta)?, dst, *a, *b)
            }
            ("select", [(p, _), (t, tt), (f, tf)]) if *tt == elem && *tf == elem => {
                Inst::Select(dst, *p, *t, *f)
            }
            ("clamp", [(lo, tlo), (x, tx), (hi, thi)])
                if *tx == elem && *tlo == elem && *thi == elem =>
            {
                // min(max(x, lo), hi), as the kernel computes it.
                let d = domain(&elem).ok()?;
                let m = self.reg(0)?;
                insts.push(Inst::Bin(binary_rule("stablehlo.maximum", d)?, m, *x, *lo));
                Inst::Bin(binary_rule("stablehlo.minimum", d)?, dst, m, *hi)
            }
            ("convert", [(a, ta)]) => match (ta, &elem) {
                (from, to) if from == to => Inst::Un(Un::Copy, dst, *a),
                (ElementType::Float(from), ElementType::Float(to)) => {
                    Inst::FloatConvert(Box::new(convert::converter(*from, *to)), dst, *a)
                }
                (from, to) => Inst::Convert(Box::new((from.clone(), to.clone())), dst, *a),
            },
            ("is_finite", [(a, ta)]) if elem == ElementType::I1 => match domain(ta).ok()? {
                Domain::Float(k) => Inst::Un(Un::IsFinite(k.format()), dst, *a),
                _ => return None,
            },
            ("reduce_precision", [(a, ta)]) if *ta == elem => {
                let e = op.attr("exponent_bits").and_then(Attr::as_i64)?;
                let m = op.attr("mantissa_bits").and_then(Attr::as_i64)?;
                if !(1..=64).contains(&e) || !(0..=64).contains(&m) {
                    return None;
                }
                match domain(ta).ok()? {
                    Domain::Float(k) => {
                        Inst::Un(Un::ReducePrecision(k.format(), e as i32, m as i32), dst, *a)
                    }
                    _ => return None,
                }
            }
            (_, [(a, ta), (b, tb)]) if *ta == elem && *tb == elem => {
                Inst::Bin(binary_rule(&op.name, domain(&elem).ok()?)?, dst, *a, *b)
            }
            (_, [(a, ta)]) if *ta == elem => {
                Inst::Un(unary_rule(&op.name, domain(&elem).ok()?)?, dst, *a)
            }
            _ => return None,
        };
        insts.push(inst);
        self.regs.insert(*result, (dst, elem));
        Some(())
    }

    fn finish(self, inputs: Vec<(Reg, ElementType)>, blocks: Vec<CompiledBlock>) -> Code {
        Code {
            init: self.init,
            captures: self.captures,
            inputs,
            blocks,
        }
    }
}

/// The rule of a binary elementwise op (full name) on elements of domain
/// `d`, as its kernel computes it (`elementwise.rs`, `transcendental.rs`);
/// `None` where the kernel reports an error.
fn binary_rule(full_name: &str, d: Domain) -> Option<Bin> {
    use Domain::{Bool, Float, Int};
    let name = full_name.strip_prefix("stablehlo.").unwrap_or("");
    Some(match (name, d) {
        ("add", Bool) | ("maximum", Bool) => Bin::BOr,
        ("multiply", Bool) | ("minimum", Bool) => Bin::BAnd,
        ("and", Bool) => Bin::BAnd1,
        ("or", Bool) => Bin::BOr1,
        ("xor", Bool) => Bin::BXor1,
        ("add", Int(k)) => Bin::IAdd(k),
        ("subtract", Int(k)) => Bin::ISub(k),
        ("multiply", Int(k)) => Bin::IMul(k),
        ("divide", Int(k)) => Bin::IDiv(k),
        ("remainder", Int(k)) => Bin::IRem(k),
        ("maximum", Int(k)) => Bin::IMax(k),
        ("minimum", Int(k)) => Bin::IMin(k),
        ("power", Int(k)) => Bin::IPow(k),
        ("and", Int(k)) => Bin::IAnd(k),
        ("or", Int(k)) => Bin::IOr(k),
        ("xor", Int(k)) => Bin::IXor(k),
        ("shift_left", Int(k)) => Bin::Shl(k),
        ("shift_right_logical", Int(k)) => Bin::ShrLogical(k),
        ("shift_right_arithmetic", Int(k)) => Bin::ShrArithmetic(k),
        ("add", Float(k)) => Bin::FArith(k, &ADD),
        ("subtract", Float(k)) => Bin::FArith(k, &SUB),
        ("multiply", Float(k)) => Bin::FArith(k, &MUL),
        ("divide", Float(k)) => Bin::FArith(k, &DIV),
        ("remainder", Float(k)) => Bin::FRem(k.format()),
        ("maximum", Float(k)) => Bin::FMax(k.format()),
        ("minimum", Float(k)) => Bin::FMin(k.format()),
        ("power", Float(k)) => Bin::FMath(k, Binary::Pow),
        (_, Float(k)) => Bin::FMath(k, super::transcendental::binary_function(full_name)?),
        _ => return None,
    })
}

/// The rule of a unary elementwise op (full name) on elements of domain
/// `d` (result of the same type); `None` where the kernel reports an error.
fn unary_rule(full_name: &str, d: Domain) -> Option<Un> {
    use Domain::{Bool, Float, Int};
    let name = full_name.strip_prefix("stablehlo.").unwrap_or("");
    Some(match (name, d) {
        ("not", Bool) => Un::BNot,
        ("not", Int(k)) => Un::INot(k),
        ("popcnt", Int(k)) => Un::Popcnt(k),
        ("count_leading_zeros", Int(k)) => Un::Clz(k),
        ("abs", Int(k)) => Un::IAbs(k),
        ("negate", Int(k)) => Un::INeg(k),
        ("sign", Int(k)) => Un::ISign(k),
        ("abs", Float(k)) => Un::FAbs(k.format()),
        ("negate", Float(k)) => Un::FNeg(k.format()),
        ("sign", Float(k)) => Un::FSign(k.format()),
        ("sqrt", Float(k)) => Un::Sqrt(k.format()),
        ("floor", Float(k)) => Un::Floor(k.format()),
        ("ceil", Float(k)) => Un::Ceil(k.format()),
        ("round_nearest_even", Float(k)) => Un::RoundEven(k.format()),
        ("round_nearest_afz", Float(k)) => Un::RoundAfz(k.format()),
        (_, Float(k)) => Un::FMath(k, super::transcendental::unary_function(full_name)?),
        _ => return None,
    })
}

/// The rule of a `compare` of elements of type `elem`, as `compare_plain` reads it.
fn compare_rule(op: &Op, elem: &ElementType) -> Option<Bin> {
    let dir = direction(op).ok()?;
    let ctype = op.attr("compare_type").and_then(Attr::as_enum);
    Some(match domain(elem).ok()? {
        Domain::Bool | Domain::Int(_) => Bin::ICmp(IntCompare::new(elem, ctype), dir),
        Domain::Float(kind) => Bin::FCmp(kind, dir, ctype == Some("TOTALORDER")),
        Domain::Complex(_) => return None,
    })
}

impl Code {
    /// Compiles a region applied to scalars: its first block, whose
    /// arguments become the inputs. `None` when the region is not scalar code.
    pub fn region(interp: &Interp<'_>, region: &Region) -> Option<Code> {
        let block = region.blocks.first()?;
        let mut c = Compiler::new(interp, std::slice::from_ref(region))?;
        let inputs = c.inputs(&block.args)?;
        let (b, _) = c.block(block, &inputs)?;
        Some(c.finish(inputs, vec![b]))
    }

    /// Compiles the `cond` and `body` regions of a `while` op: one register
    /// per loop variable, shared by the arguments of both blocks (of the
    /// same types); the body must return values of the loop variables'
    /// types, the condition at least one value. `None` when the loop is not
    /// scalar code.
    pub fn while_loop(interp: &Interp<'_>, op: &Op) -> Option<Code> {
        let [cond, body] = op.regions.as_slice() else {
            return None;
        };
        let (cb, bb) = (cond.blocks.first()?, body.blocks.first()?);
        if cb.args.len() != op.operands.len() {
            return None;
        }
        let mut c = Compiler::new(interp, &op.regions)?;
        let inputs = c.inputs(&cb.args)?;
        let (cond_code, _) = c.block(cb, &inputs)?;
        let (body_code, body_types) = c.block(bb, &inputs)?;
        if cond_code.returns.is_empty()
            || !body_types.iter().eq(inputs.iter().map(|(_, elem)| elem))
        {
            return None;
        }
        Some(c.finish(inputs, vec![cond_code, body_code]))
    }

    /// The register file on entry, with the captured values loaded from the
    /// interpreter's environment; `None` when one of them is not a rank-0
    /// tensor of its declared type, or when the limits forbid a rank-0
    /// tensor (which every compiled op makes): the interpreter then runs
    /// the code's regions, and reports what it finds.
    pub fn registers(&self, interp: &Interp<'_>) -> Option<Vec<u64>> {
        interp.check_shape(&[], 1).ok()?;
        let mut regs = self.init.clone();
        for (v, elem, r) in &self.captures {
            let value = interp.env.get(*v as usize)?.as_ref()?;
            regs[*r as usize] = scalar_lane(value, elem)?;
        }
        Some(regs)
    }

    /// The number of inputs.
    pub fn arity(&self) -> usize {
        self.inputs.len()
    }

    /// The element type of input `i`.
    pub fn input_type(&self, i: usize) -> Option<&ElementType> {
        self.inputs.get(i).map(|(_, elem)| elem)
    }

    /// The element types of the values block `i` returns.
    pub fn return_types(&self, i: usize) -> &[ElementType] {
        self.blocks.get(i).map_or(&[], |b| &b.return_types)
    }

    /// Sets input `i` to a lane.
    pub fn set_input(&self, regs: &mut [u64], i: usize, lane: u64) {
        if let Some(&(r, _)) = self.inputs.get(i) {
            regs[r as usize] = lane;
        }
    }

    /// Runs block `i`; returns the registers its terminator returns.
    pub fn run(&self, i: usize, regs: &mut [u64], scratch: &mut Vec<u64>) -> &[Reg] {
        match self.blocks.get(i) {
            Some(b) => {
                execute(&b.insts, regs, scratch);
                &b.returns
            }
            None => &[],
        }
    }
}

/// `while` on scalar loop variables, run as compiled code: `Ok(None)` when
/// the loop is not scalar code or its operands are not the scalars it was
/// compiled for (the interpreter then runs it). Iterations count against
/// the step limit exactly as in the interpreter.
pub fn run_while<'p>(
    interp: &mut Interp<'p>,
    op: &'p Op,
    args: &[Value],
) -> KResult<Option<Vec<Value>>> {
    let Some(code) = interp.compiled_loop(op) else {
        return Ok(None);
    };
    let Some(mut regs) = code.registers(interp) else {
        return Ok(None);
    };
    if args.len() != code.inputs.len() {
        return Ok(None);
    }
    for (v, (r, elem)) in args.iter().zip(&code.inputs) {
        let Some(lane) = scalar_lane(v, elem) else {
            return Ok(None);
        };
        regs[*r as usize] = lane;
    }
    let [cond, body] = code.blocks.as_slice() else {
        return Ok(None);
    };
    let Some(&pred) = cond.returns.first() else {
        return Ok(None);
    };
    let pred = pred as usize;
    let mut scratch = Vec::new();
    let mut next = vec![0u64; body.returns.len()];
    loop {
        execute(&cond.insts, &mut regs, &mut scratch);
        if regs[pred] == 0 {
            break;
        }
        interp.step()?;
        execute(&body.insts, &mut regs, &mut scratch);
        for (x, &r) in next.iter_mut().zip(&body.returns) {
            *x = regs[r as usize];
        }
        for (&x, (r, _)) in next.iter().zip(&code.inputs) {
            regs[*r as usize] = x;
        }
    }
    Ok(Some(
        code.inputs
            .iter()
            .map(|(r, elem)| Value::tensor(Tensor::scalar(elem.clone(), &[regs[*r as usize]])))
            .collect(),
    ))
}

/// A run of a block's ops on rank-0 tensors, compiled to one piece of
/// scalar code (`Interp::run_block` runs it in the ops' place). Loop bodies
/// that work on tensors still compute their indices, counters and flags
/// on scalars between the tensor ops: `lax.dynamic_slice` at a loop index
/// wraps a negative index with `compare`, `add` and `select`, and `fori_loop`
/// increments its counter. Each of those ops, run by its kernel, builds
/// operand lists and a tensor; the run computes them in registers and binds
/// only the values read after it.
///
/// The run gives what the interpreter gives op by op, or is not used:
/// - its first execution goes through the interpreter, which checks each
///   op and its limits once and keeps the constants (`run_op_with` charges a
///   kept constant nothing again, and the run charges constants nothing);
/// - it is entered only when the work it is charged (each op's operands
///   read and result written, as the interpreter counts them) stays within
///   `--max-work`, when the memory held stays well within `--max-memory`,
///   and when the values it reads are rank-0 tensors of their declared
///   types (`Code::registers`); otherwise the interpreter runs the ops and
///   reports what it finds at the op that finds it;
/// - compiled ops cannot fail (see the module comment), and no op of the
///   run counts a step.
pub struct Segment {
    /// The ops `start..end` of the block.
    pub start: usize,
    pub end: usize,
    code: Code,
    /// The values of the run read after it (the code's returns, in order).
    outputs: Vec<ValueId>,
    /// The work the interpreter charges the run's ops after their first run.
    work: u64,
    /// Whether the interpreter has run the ops once.
    ran: std::cell::Cell<bool>,
    /// The tensors last bound to the outputs: bound again while their
    /// element stays the same, so that ops reading them see the same
    /// tensor (`memo.rs`) as when a kernel's result was reused.
    last: std::cell::RefCell<Vec<Option<std::sync::Arc<Tensor>>>>,
}

/// Bytes of memory a run may need at most per op (rank-0 tensors and the
/// lists around them), for entering it only well within the limit.
const SEGMENT_BYTES_PER_OP: u64 = 1 << 10;

impl Segment {
    /// The runs of a block that compile to scalar code, at their first op.
    /// `plain(i)`: op `i` runs by its own kernel (it is not part of a fused
    /// group); `last`: where each value of the block is read last (its
    /// definition when it is never read).
    pub(super) fn find(
        interp: &Interp<'_>,
        block: &Block,
        plain: impl Fn(usize) -> bool,
        last: &HashMap<ValueId, usize>,
    ) -> Vec<Option<std::rc::Rc<Segment>>> {
        let n = block.ops.len();
        let mut out = vec![None; n];
        let body = match block.ops.last() {
            Some(op) if is_terminator(&op.name) => n - 1,
            _ => n,
        };
        let alone = |op: &Op| {
            // Most ops of a block are not scalar ops: refused before a
            // compiler is made.
            let scalar = match op.results.as_slice() {
                [r] => op.regions.is_empty() && scalar_elem(interp.ty(*r)).is_some(),
                _ => false,
            };
            if !scalar {
                return false;
            }
            let Some(mut c) = Compiler::new(interp, &[]) else {
                return false;
            };
            c.inside.extend(op.results.iter().copied());
            c.op(op, &mut Vec::new()).is_some()
        };
        let mut i = 0;
        while i < body {
            let mut j = i;
            while j < body && plain(j) && alone(&block.ops[j]) {
                j += 1;
            }
            if j == i {
                i += 1;
                continue;
            }
            if let Some(seg) = Segment::compile(interp, &block.ops[i..j], i, last) {
                out[i] = Some(std::rc::Rc::new(seg));
            }
            i = j;
        }
        out
    }

    /// Compiles the ops `ops`, the block's from `start`; `None` when they
    /// do not compile together or are all constants.
    fn compile(
        interp: &Interp<'_>,
        ops: &[Op],
        start: usize,
        last: &HashMap<ValueId, usize>,
    ) -> Option<Segment> {
        let end = start + ops.len();
        let mut c = Compiler::new(interp, &[])?;
        for op in ops {
            c.inside.extend(op.results.iter().copied());
        }
        let mut insts = Vec::new();
        let mut work: u64 = 0;
        for op in ops {
            c.op(op, &mut insts)?;
            if op.name != "stablehlo.constant" {
                work += op.operands.len() as u64 + 1;
            }
        }
        if work == 0 {
            return None;
        }
        let outputs: Vec<ValueId> = ops
            .iter()
            .flat_map(|op| op.results.iter().copied())
            .filter(|r| last.get(r).is_some_and(|&at| at >= end))
            .collect();
        let (returns, return_types) = outputs
            .iter()
            .map(|v| c.regs.get(v).cloned())
            .collect::<Option<(Vec<Reg>, Vec<ElementType>)>>()?;
        let n_out = outputs.len();
        let block = CompiledBlock {
            insts,
            returns,
            return_types,
        };
        Some(Segment {
            start,
            end,
            code: c.finish(Vec::new(), vec![block]),
            outputs,
            work,
            ran: std::cell::Cell::new(false),
            last: std::cell::RefCell::new(vec![None; n_out]),
        })
    }

    /// Runs the ops in the interpreter's place and binds the values read
    /// after them; `false` (nothing done) when the interpreter must run
    /// them (see [`Segment`]).
    pub(super) fn run(&self, interp: &mut Interp<'_>) -> bool {
        if !self.ran.replace(true) {
            return false;
        }
        let ops = (self.end - self.start) as u64;
        let within = interp.work.get().saturating_add(self.work) <= interp.limits.max_work
            && super::memory::live().saturating_add(ops * SEGMENT_BYTES_PER_OP)
                <= interp.limits.max_memory;
        if !within {
            return false;
        }
        let Some(mut regs) = self.code.registers(interp) else {
            return false;
        };
        let mut scratch = Vec::new();
        let returns = self.code.run(0, &mut regs, &mut scratch);
        let types = self.code.return_types(0);
        let mut last = self.last.borrow_mut();
        for (k, (&v, &r)) in self.outputs.iter().zip(returns).enumerate() {
            let lane = regs[r as usize];
            let t = match last.get(k) {
                Some(Some(t)) if t.data.get(0) == lane => t.clone(),
                _ => {
                    let t = std::sync::Arc::new(Tensor::scalar(types[k].clone(), &[lane]));
                    last[k] = Some(t.clone());
                    t
                }
            };
            interp.env[v as usize] = Some(Value::Tensor(t));
        }
        // Within the limit, checked above.
        let _ = interp.add_work(self.work);
        interp.segments_run += 1;
        true
    }
}

#[path = "scalar_lanes.rs"]
mod lanes;
pub use lanes::Lanes;

#[cfg(test)]
#[path = "scalar_tests.rs"]
mod tests;
