//! Methods 3 and 4 of [`super::decide`]: exhaustive execution and sampling,
//! both on hlocheck's executor.
//!
//! An **elementwise** function (every op elementwise, every value of the
//! arguments' one shape, constants splats, `broadcast_in_dim` only as an
//! identity) computes each result element
//! from the same-index argument elements by one scalar function. Such a
//! function is run once on a batch: the program is retyped so that every
//! value is a rank-1 tensor of N elements, and element i of each argument
//! holds the i-th input. Any other function is run once per input.
//!
//! Inputs: exhaustive enumeration when the inputs of one run (per element,
//! for elementwise functions) have at most `log2(max_exhaustive)` bits in
//! all; otherwise samples: the edge values of each element type first (±0,
//! the smallest and largest subnormals, the smallest normal, ±1, the
//! largest finite values and their neighbours, ±∞, NaN; 0, ±1, min and max
//! for integers) and then uniformly random bit patterns, which are spread
//! evenly over the exponents (so equally over ULP-sized steps), from a
//! SplitMix64 stream seeded by `--seed`.

use super::accuracy::Stats;
pub use super::lane_float;
use super::ulp::group;
use super::{static_tensor, Counterexample, Method, Options, Outcome, ResultStats, Side, Verdict};
use crate::float::FloatKind;
use crate::interp::tensor::{int_kind, lanes, Tensor};
use crate::interp::{Interp, Value};
use crate::ir::attr::Attr;
use crate::ir::types::TensorType;
use crate::ir::{ElementType, Op, Program, Type, ValueId};

/// Elementwise ops (besides `constant`, `func.return`).
fn is_elementwise_op(name: &str) -> bool {
    const CHLO: &[&str] = &[
        "chlo.is_inf",
        "chlo.is_neg_inf",
        "chlo.is_pos_inf",
        "chlo.conj",
        "chlo.square",
        "chlo.mulhi",
        "chlo.constant_like",
    ];
    crate::interp::elementwise::KERNELS
        .iter()
        .chain(crate::interp::transcendental::KERNELS)
        .any(|(n, _)| *n == name)
        || CHLO.contains(&name)
        || (name.starts_with("chlo.broadcast_"))
}

fn splat_constant(op: &Op) -> bool {
    matches!(op.attr("value"), Some(Attr::Dense(d)) if d.splat)
}

/// Whether a `broadcast_in_dim` of a rank-`rank` value maps operand
/// dimension `k` to result dimension `k` for every `k` (with equal operand
/// and result shapes, checked by the caller, it is the identity).
fn identity_broadcast(op: &Op, rank: usize) -> bool {
    op.operands.len() == 1
        && op.results.len() == 1
        && op
            .attr("broadcast_dimensions")
            .and_then(|a| a.as_i64_list())
            .is_some_and(|d| d.len() == rank && d.iter().enumerate().all(|(i, &x)| x == i as i64))
}

/// The common shape of an elementwise function (see the module doc);
/// `broadcast_in_dim` ops that are identities count as elementwise.
pub fn elementwise_shape(side: &Side) -> Option<Vec<usize>> {
    let block = side.func.regions.first()?.blocks.first()?;
    let shape = match side.args.first() {
        Some(t) => static_tensor(t)?.0,
        None => return None,
    };
    let same = |v: ValueId| {
        static_tensor(side.prog.ty(v))
            .map(|(s, _)| s == shape)
            .unwrap_or(false)
    };
    if !block.args.iter().all(|&a| same(a)) {
        return None;
    }
    for op in &block.ops {
        if !op.regions.is_empty() {
            return None;
        }
        match op.name.as_str() {
            "func.return" | "stablehlo.return" => {}
            "stablehlo.constant" | "chlo.constant" => {
                if !splat_constant(op) {
                    return None;
                }
            }
            // A broadcast of a value to its own shape along the identity
            // dimensions copies it: element i of the result is element i of
            // the operand (the shapes are checked below).
            "stablehlo.broadcast_in_dim" => {
                if !identity_broadcast(op, shape.len()) {
                    return None;
                }
            }
            n if is_elementwise_op(n) => {
                if op.name.starts_with("chlo.broadcast_") {
                    if let Some(dims) = op
                        .attr("broadcast_dimensions")
                        .and_then(|a| a.as_i64_list())
                    {
                        if dims.iter().enumerate().any(|(i, &d)| d != i as i64) {
                            return None;
                        }
                    }
                }
            }
            _ => return None,
        }
        if !op.operands.iter().chain(&op.results).all(|&v| same(v)) {
            return None;
        }
    }
    Some(shape)
}

/// `side`'s program with every value of its function retyped to `[n]`
/// elements (the function must be elementwise).
pub fn batched(side: &Side, n: usize) -> Program {
    let mut prog: Program = side.prog.clone();
    let retype = |t: &Type| -> Type {
        match t {
            Type::Tensor(tt) => {
                Type::Tensor(TensorType::ranked(vec![Some(n as u64)], tt.elem.clone()))
            }
            other => other.clone(),
        }
    };
    fn find_mut<'a>(ops: &'a mut [Op], name: &str) -> Option<&'a mut Op> {
        for op in ops {
            if op.name == "func.func"
                && op.attr("sym_name").and_then(|a| a.as_str()) == Some(name.as_bytes())
            {
                return Some(op);
            }
            for r in &mut op.regions {
                for b in &mut r.blocks {
                    if let Some(f) = find_mut(&mut b.ops, name) {
                        return Some(f);
                    }
                }
            }
        }
        None
    }
    let mut ids: Vec<ValueId> = Vec::new();
    if let Some(func) = find_mut(&mut prog.ops, &side.name) {
        for (k, a) in func.attrs.iter_mut() {
            if k == "function_type" {
                if let Attr::Type(Type::Function(ft)) = a {
                    ft.inputs = ft.inputs.iter().map(retype).collect();
                    ft.results = ft.results.iter().map(retype).collect();
                }
            }
        }
        if let Some(block) = func.regions.first_mut().and_then(|r| r.blocks.first_mut()) {
            ids.extend(&block.args);
            for op in &mut block.ops {
                ids.extend(&op.results);
                let identity = op.name == "stablehlo.broadcast_in_dim";
                for (k, a) in op.attrs.iter_mut() {
                    if identity && k == "broadcast_dimensions" {
                        // An identity broadcast (elementwise_shape) of the
                        // rank-1 batch.
                        *a = Attr::DenseArray(crate::ir::attr::DenseArray::I64(vec![0]));
                    }
                    if k == "value" {
                        if let Attr::Dense(d) = a {
                            d.ty = TensorType::ranked(vec![Some(n as u64)], d.ty.elem.clone());
                        }
                    }
                }
            }
        }
    }
    for id in ids {
        if let Some(t) = prog.value_types.get_mut(id as usize) {
            *t = retype(t);
        }
    }
    prog
}

/// Bits of one element of `e` (the lanes' bits in all).
pub fn elem_bits(e: &ElementType) -> u32 {
    match e {
        ElementType::Int(_, w) => *w,
        ElementType::Index => 64,
        ElementType::Float(k) => k.bits(),
        ElementType::Complex(k) => 2 * k.bits(),
        ElementType::Quant(q) => q.storage_bits,
    }
}

/// The canonical lane of raw `bits` of lane width `w` of `e`.
pub fn lane_of(e: &ElementType, bits: u64) -> u64 {
    match lane_float(e) {
        Some(k) => bits & k.format().all_mask(),
        None => match int_kind(e) {
            Some(k) => k.wrap(bits as i128),
            None => bits,
        },
    }
}

pub fn lane_bits(e: &ElementType) -> u32 {
    match lane_float(e) {
        Some(k) => k.bits(),
        None => elem_bits(e),
    }
}

/// Edge values of one lane of `e`.
pub fn edge_lanes(e: &ElementType) -> Vec<u64> {
    if let Some(k) = lane_float(e) {
        let f = k.format();
        let s = f.sign_mask();
        let mut v = vec![
            0,
            1,
            f.min_normal(),
            f.min_normal().wrapping_sub(1),
            f.max_finite(),
        ];
        v.push(f.max_finite().wrapping_sub(1));
        let one = crate::float::convert::from_int(f, 1, crate::float::Rounding::NearestEven);
        v.extend([one, one + 1, one.wrapping_sub(1)]);
        if let Some(i) = f.inf(false) {
            v.push(i);
        }
        if let Some(n) = f.canonical_nan() {
            v.push(n);
        }
        let neg: Vec<u64> = v.iter().map(|x| x | s).collect();
        v.extend(neg);
        let mut out: Vec<u64> = v.into_iter().map(|x| x & f.all_mask()).collect();
        out.sort_unstable();
        out.dedup();
        out
    } else if let Some(k) = int_kind(e) {
        let mut v: Vec<u64> = [0i128, 1, -1, 2, k.min(), k.max(), k.min() + 1, k.max() - 1]
            .iter()
            .map(|&x| k.wrap(x))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    } else {
        vec![0]
    }
}

/// SplitMix64.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// How inputs are made.
#[derive(Clone, Copy)]
enum Inputs {
    /// Input i is the bits of i, split over the lanes.
    All,
    /// Edge values first, then random.
    Sampled { seed: u64 },
}

/// The argument lanes for inputs `start..start+n`, one `Vec<u64>` per
/// argument (`per_input` lanes each per input).
fn make_inputs(elems: &[(usize, ElementType)], how: Inputs, start: u64, n: usize) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = elems
        .iter()
        .map(|(count, e)| Vec::with_capacity(n * count * lanes(e)))
        .collect();
    // Lane slots across all arguments, in order.
    let slots: Vec<(usize, ElementType)> = elems
        .iter()
        .enumerate()
        .flat_map(|(a, (count, e))| std::iter::repeat_n((a, e.clone()), count * lanes(e)))
        .collect();
    let edges: Vec<Vec<u64>> = slots.iter().map(|(_, e)| edge_lanes(e)).collect();
    // Number of edge-value combinations enumerated before random inputs
    // (all combinations when few, else each slot's edges against zeros).
    let combos: u64 = edges
        .iter()
        .try_fold(1u64, |acc, e| acc.checked_mul(e.len() as u64))
        .unwrap_or(u64::MAX);
    for i in start..start + n as u64 {
        match how {
            Inputs::All => {
                let mut rest = i;
                for (slot, (a, e)) in slots.iter().enumerate() {
                    let _ = slot;
                    let w = lane_bits(e);
                    let bits = if w >= 64 {
                        rest
                    } else {
                        rest & ((1u64 << w) - 1)
                    };
                    rest = if w >= 64 { 0 } else { rest >> w };
                    out[*a].push(lane_of(e, bits));
                }
            }
            Inputs::Sampled { seed } => {
                let mut rng = Rng(seed ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03));
                if i < combos.min(1 << 16) {
                    let mut rest = i;
                    for (slot, (a, e)) in slots.iter().enumerate() {
                        let len = edges[slot].len() as u64;
                        out[*a].push(lane_of(e, edges[slot][(rest % len) as usize]));
                        rest /= len;
                    }
                } else {
                    for (slot, (a, e)) in slots.iter().enumerate() {
                        let r = rng.next_u64();
                        let bits = if r.is_multiple_of(16) {
                            edges[slot][((r >> 8) % edges[slot].len() as u64) as usize]
                        } else {
                            rng.next_u64()
                        };
                        out[*a].push(lane_of(e, bits));
                    }
                }
            }
        }
    }
    out
}

/// One lane's value as text: `1.5e+00`, `inf`, `nan (0x7e00)`, `-3`.
pub fn lane_text(e: &ElementType, lane: u64) -> String {
    if let Some(k) = lane_float(e) {
        float_text(k, lane)
    } else if let Some(k) = int_kind(e) {
        if k.bits == 1 {
            (if lane & 1 == 1 { "true" } else { "false" }).into()
        } else {
            k.value(lane).to_string()
        }
    } else {
        format!("{lane:#x}")
    }
}

pub fn float_text(k: FloatKind, bits: u64) -> String {
    let f = k.format();
    let hex = format!("{:#0w$x}", bits, w = 2 + (k.bits() as usize).div_ceil(4));
    if f.is_nan(bits) {
        format!("nan ({hex})")
    } else if f.is_inf(bits) {
        format!("{}inf", if f.is_negative(bits) { "-" } else { "" })
    } else {
        let d = crate::float::format_decimal(k, bits).unwrap_or_else(|| "?".into());
        format!("{d} ({hex})")
    }
}

pub fn elem_text(e: &ElementType, ls: &[u64]) -> String {
    if ls.len() == 2 {
        format!("({}, {})", lane_text(e, ls[0]), lane_text(e, ls[1]))
    } else {
        ls.first().map(|&l| lane_text(e, l)).unwrap_or_default()
    }
}

/// Runs a function on arguments; the results as tensors.
fn run(interp: &mut Interp, name: &str, args: Vec<Value>) -> Result<Vec<Tensor>, String> {
    interp.checks.clear();
    let r = interp.call(name, args)?;
    r.into_iter().map(|v| v.into_tensor()).collect()
}

/// The inputs of one run: the arguments' static shapes and element types,
/// the common shape when both functions are elementwise, the elements per
/// argument in one input, and the number of distinct inputs (`None` past
/// 2^63).
struct Plan {
    arg_elems: Vec<(Vec<usize>, ElementType)>,
    elementwise: Option<Vec<usize>>,
    per_arg: Vec<(usize, ElementType)>,
    space: Option<u64>,
}

fn plan(a: &Side, b: &Side) -> Plan {
    let arg_elems: Vec<(Vec<usize>, ElementType)> = a
        .args
        .iter()
        .filter_map(|t| static_tensor(t).map(|(s, e)| (s, e.clone())))
        .collect();
    let elementwise = match (elementwise_shape(a), elementwise_shape(b)) {
        (Some(s), Some(t)) if s == t => Some(s),
        _ => None,
    };
    // Elements per argument in one input.
    let per_arg: Vec<(usize, ElementType)> = arg_elems
        .iter()
        .map(|(s, e)| {
            let count = if elementwise.is_some() {
                1
            } else {
                s.iter().product()
            };
            (count, e.clone())
        })
        .collect();
    let bits: u64 = per_arg
        .iter()
        .map(|(c, e)| *c as u64 * elem_bits(e) as u64)
        .sum();
    let space: Option<u64> = if bits < 64 { Some(1u64 << bits) } else { None };
    Plan {
        arg_elems,
        elementwise,
        per_arg,
        space,
    }
}

/// Ops in a function's body, nested regions included.
fn op_count(side: &Side) -> u64 {
    fn count(ops: &[Op]) -> u64 {
        ops.iter()
            .map(|o| {
                1 + o
                    .regions
                    .iter()
                    .flat_map(|r| &r.blocks)
                    .map(|b| count(&b.ops))
                    .sum::<u64>()
            })
            .sum()
    }
    side.func
        .regions
        .iter()
        .flat_map(|r| &r.blocks)
        .map(|b| count(&b.ops))
        .sum()
}

/// Whether exhaustive execution is complete (every input within
/// `max_exhaustive`) and cheap: an elementwise function, run as batches of
/// 65,536 elements, or a function run once per input with at most 2^16 op
/// executions in all. [`super::decide`] then runs it before SMT: it decides
/// as completely, and its cost is known in advance where Z3's is not.
pub fn cheap_and_complete(a: &Side, b: &Side, opts: &Options) -> bool {
    let p = plan(a, b);
    let Some(space) = p.space.filter(|&s| s <= opts.max_exhaustive.max(1)) else {
        return false;
    };
    p.elementwise.is_some() || space.saturating_mul(op_count(a) + op_count(b)) <= 1 << 16
}

/// Method 3, else method 4.
pub fn decide(a: &Side, b: &Side, opts: &Options) -> Verdict {
    let Plan {
        arg_elems,
        elementwise,
        per_arg,
        space,
    } = plan(a, b);
    let exhaustive = space.is_some_and(|s| s <= opts.max_exhaustive.max(1));
    let (total, how, method) = if exhaustive {
        (space.unwrap_or(1), Inputs::All, Method::Exhaustive)
    } else {
        (
            opts.samples.max(1),
            Inputs::Sampled { seed: opts.seed },
            Method::Sampling,
        )
    };
    let mut accs: Vec<Stats> = a
        .results
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let e = static_tensor(t)
                .map(|(_, e)| e.clone())
                .unwrap_or(ElementType::I1);
            Stats::new(i, &e)
        })
        .collect();
    let undecided =
        |why: String| Verdict::new(Outcome::Undecided, None, format!("undecided: {why}"));
    // Elementwise functions: a batch per chunk; others: one run per input.
    let chunk: u64 = if elementwise.is_some() { 1 << 16 } else { 1 };
    let full = total.min(chunk) as usize;
    let full_progs = elementwise
        .as_ref()
        .map(|_| (batched(a, full), batched(b, full)));
    let mut done = 0u64;
    while done < total {
        let n = (total - done).min(chunk) as usize;
        let owned;
        let (prog_a, prog_b): (&Program, &Program) = match &full_progs {
            Some((p, q)) if n == full => (p, q),
            Some(_) => {
                owned = (batched(a, n), batched(b, n));
                (&owned.0, &owned.1)
            }
            None => (a.prog, b.prog),
        };
        let inputs = make_inputs(&per_arg, how, done, n);
        let args: Vec<Value> = inputs
            .into_iter()
            .zip(&arg_elems)
            .map(|(data, (shape, e))| {
                let shape = if elementwise.is_some() {
                    vec![n]
                } else {
                    shape.clone()
                };
                Value::tensor(Tensor::new(e.clone(), shape, &data))
            })
            .collect();
        let ra = run(&mut Interp::new(prog_a, opts.limits), &a.name, args.clone());
        let rb = run(&mut Interp::new(prog_b, opts.limits), &b.name, args);
        let (ra, rb) = match (ra, rb) {
            (Ok(x), Ok(y)) => (x, y),
            (Err(e), _) => return undecided(format!("A fails to run: {e}")),
            (_, Err(e)) => return undecided(format!("B fails to run: {e}")),
        };
        for ((acc, ta), tb) in accs.iter_mut().zip(&ra).zip(&rb) {
            let per = if elementwise.is_some() {
                1
            } else {
                ta.data.len() / lanes(&ta.elem).max(1)
            };
            acc.compare(
                &ta.elem,
                &ta.lanes_vec(),
                &tb.lanes_vec(),
                done as u128,
                per,
            );
        }
        done += n as u64;
    }
    // Describe the worst input of each result; the overall worst becomes
    // the counterexample.
    let input_text = |idx: u64| -> Vec<String> {
        let inputs = make_inputs(&per_arg, how, idx, 1);
        inputs
            .iter()
            .zip(&per_arg)
            .enumerate()
            .map(|(i, (data, (count, e)))| {
                let text = if *count == 1 && elementwise.is_some() {
                    elem_text(e, data)
                } else {
                    let shape = arg_elems[i].0.clone();
                    crate::interp::literal::format_value(&Value::tensor(Tensor::new(
                        e.clone(),
                        shape,
                        &data.clone(),
                    )))
                };
                format!("%arg{i} = {text}")
            })
            .collect()
    };
    let results: Vec<ResultStats> = accs
        .into_iter()
        .map(|mut acc| {
            acc.worst = acc.worst_at.map(|(inp, el)| {
                let mut t = input_text(inp as u64).join(", ");
                if elementwise.is_none() {
                    t.push_str(&format!(" (result element {el})"));
                }
                t
            });
            acc
        })
        .collect();
    let covered = group(total as u128);
    let what = if elementwise
        .as_ref()
        .is_some_and(|s| s.iter().product::<usize>() != 1)
    {
        format!(
            " (elementwise: each element of {})",
            super::describe_types(&a.args)
        )
    } else {
        String::new()
    };
    let worst = results
        .iter()
        .filter(|r| r.differing > 0)
        .max_by_key(|r| r.max_ulp)
        .cloned();
    let mut v = match (&worst, method) {
        (None, Method::Exhaustive) => Verdict::new(
            Outcome::Equivalent,
            Some(method),
            format!("equal on all {covered} inputs{what}"),
        ),
        (None, _) => Verdict::new(
            Outcome::NoDifferenceFound,
            Some(method),
            format!("no difference on {covered} samples{what} (not a proof)"),
        ),
        (Some(r), _) => {
            let (x, y) = r.worst_values.clone().unwrap_or_default();
            let at = r.worst.clone().unwrap_or_default();
            let count: u64 = results.iter().map(|r| r.differing).max().unwrap_or(0);
            // "max 3 ulp", or "max NaN vs number" (a NaN against a number
            // has no ULP distance).
            let largest = if r.max_ulp == super::Ulp::NAN_VS_NUMBER {
                r.max_ulp.to_string()
            } else {
                format!("{} ulp", r.max_ulp)
            };
            let head = if method == Method::Exhaustive {
                format!(
                    "not equivalent: max {largest} on all {covered} inputs{what}, {} differ",
                    group(count as u128)
                )
            } else {
                format!(
                    "differ: max {largest} on {covered} samples{what}, {} differ",
                    group(count as u128)
                )
            };
            let mut v = Verdict::new(
                Outcome::Differ,
                Some(method),
                format!("{head}; worst at {at} gives {x} vs {y}"),
            );
            if let Some((inp, _)) = r.worst_at {
                let inp = inp as u64;
                v.counterexample = Some(counterexample(
                    a,
                    b,
                    opts,
                    &input_text(inp),
                    &per_arg,
                    how,
                    inp,
                    elementwise.as_deref(),
                    &arg_elems,
                ));
            }
            v
        }
    };
    v.inputs_covered = total as u128;
    v.results = results;
    v.unary_elementwise = elementwise.is_some() && a.args.len() == 1;
    v
}

/// Re-runs the unbatched functions on one input and records both results.
#[allow(clippy::too_many_arguments)]
fn counterexample(
    a: &Side,
    b: &Side,
    opts: &Options,
    inputs_text: &[String],
    per_arg: &[(usize, ElementType)],
    how: Inputs,
    idx: u64,
    elementwise: Option<&[usize]>,
    arg_elems: &[(Vec<usize>, ElementType)],
) -> Counterexample {
    let lanes_in = make_inputs(per_arg, how, idx, 1);
    let args: Vec<Value> = lanes_in
        .iter()
        .zip(arg_elems)
        .map(|(data, (shape, e))| {
            let n: usize = shape.iter().product();
            let data = if elementwise.is_some() {
                // The scalar input, repeated over the declared shape.
                data.iter().cloned().cycle().take(n * lanes(e)).collect()
            } else {
                data.clone()
            };
            Value::tensor(Tensor::new(e.clone(), shape.clone(), &data))
        })
        .collect();
    let show = |prog: &Program, name: &str| -> Vec<String> {
        let mut it = Interp::new(prog, opts.limits);
        match it.call(name, args.clone()) {
            Ok(rs) => rs
                .iter()
                .map(crate::interp::literal::format_value)
                .collect(),
            Err(e) => vec![format!("error: {e}")],
        }
    };
    Counterexample {
        inputs: inputs_text.to_vec(),
        a: show(a.prog, &a.name),
        b: show(b.prog, &b.name),
    }
}
