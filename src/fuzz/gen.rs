//! The spec-guided program generator.
//!
//! A program is grown op by op. Each op is drawn by weight from the ops of
//! the spec that hlocheck's executor runs; its operands are earlier values
//! (or new arguments) whose element types lie in the classes the spec's
//! operand declarations allow, and its attributes are chosen so that the
//! spec's constraints hold. Ops with a builder of their own (data movement,
//! reductions, dot_general, convolution, ...) compute their result types;
//! every other op whose spec entry has only tensor operands, optional
//! attributes and one result is built from its spec entry alone, trying the
//! result types its constraints may ask for. Every candidate op is checked
//! by the verifier (`crate::verify`) before it is kept: a candidate that
//! fails is discarded and counted, so the discard rate is measured. Same
//! seed, same options: same program, same inputs.

use super::program::{parse_tensor_type, verify_errors, GenOp, GenProgram};
use super::values::{random_tensor, Rng};
use crate::float::FloatKind;
use crate::interp::tensor::Tensor;
use crate::ir::types::{ElementType, Signedness, TensorType};
use crate::spec::ast::{ElemClass, MemberKind, OpSpec, TypeBase};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The generator's knobs.
#[derive(Clone, Debug)]
pub struct GenOptions {
    /// Ops per program (at most; at least one).
    pub max_ops: usize,
    /// Element types that may be drawn.
    pub elem_types: Vec<ElementType>,
    /// Weight of each op (absent: 1; 0 disables the op).
    pub weights: BTreeMap<String, f64>,
    /// Give some arguments dynamic dimensions (`?`).
    pub dynamic: bool,
    pub max_rank: usize,
    pub max_dim: usize,
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            max_ops: 5,
            elem_types: all_elem_types(),
            weights: BTreeMap::new(),
            dynamic: false,
            max_rank: 3,
            max_dim: 4,
        }
    }
}

/// A generated program and its inputs.
#[derive(Clone, Debug)]
pub struct Generated {
    pub program: GenProgram,
    pub inputs: Vec<Tensor>,
    /// Candidate ops the verifier rejected (discarded before use).
    pub discarded: usize,
    /// Candidate ops built.
    pub candidates: usize,
    /// Discarded candidates that verify but that the executor cannot run.
    pub unrunnable: usize,
}

/// Every element type the generator knows: 15 float formats, signless and
/// unsigned integers of every width, i1, complex, and quantized types.
pub fn all_elem_types() -> Vec<ElementType> {
    let mut v: Vec<ElementType> = FloatKind::ALL
        .iter()
        .filter(|k| **k != FloatKind::TF32)
        .map(|k| ElementType::Float(*k))
        .collect();
    v.push(ElementType::Int(Signedness::Signless, 1));
    for w in [2, 4, 8, 16, 32, 64] {
        v.push(ElementType::Int(Signedness::Signless, w));
        v.push(ElementType::Int(Signedness::Unsigned, w));
    }
    v.push(ElementType::Complex(FloatKind::F32));
    v.push(ElementType::Complex(FloatKind::F64));
    v.extend(quant_types().iter().cloned());
    v
}

/// The quantized element types drawn.
fn quant_types() -> &'static [ElementType] {
    static Q: OnceLock<Vec<ElementType>> = OnceLock::new();
    Q.get_or_init(|| {
        [
            "!quant.uniform<i8:f32, 5.000000e-01:3>",
            "!quant.uniform<i8:f32, 2.500000e-01:-2>",
            "!quant.uniform<i16:f32, 1.250000e-01>",
        ]
        .iter()
        .filter_map(|q| parse_tensor_type(&format!("tensor<{q}>")).ok())
        .map(|t| t.elem)
        .collect()
    })
}

/// Parses an element type name (`f32`, `bf16`, `i8`, `ui16`, `complex<f32>`, `i1`).
pub fn parse_elem(name: &str) -> Option<ElementType> {
    parse_tensor_type(&format!("tensor<{name}>"))
        .ok()
        .map(|t| t.elem)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Bool,
    Signed,
    Unsigned,
    Float,
    Complex,
    Quant,
}

fn class_of(e: &ElementType) -> Class {
    match e {
        ElementType::Int(_, 1) => Class::Bool,
        ElementType::Int(Signedness::Unsigned, _) => Class::Unsigned,
        ElementType::Int(_, _) | ElementType::Index => Class::Signed,
        ElementType::Float(_) => Class::Float,
        ElementType::Complex(_) => Class::Complex,
        ElementType::Quant(_) => Class::Quant,
    }
}

const NUMERIC: &[Class] = &[Class::Signed, Class::Unsigned, Class::Float, Class::Complex];
const REAL: &[Class] = &[Class::Signed, Class::Unsigned, Class::Float];
const ANY: &[Class] = &[
    Class::Bool,
    Class::Signed,
    Class::Unsigned,
    Class::Float,
    Class::Complex,
];

/// The element types a spec member admits: its classes, named types, and
/// quantized types when the member allows them.
fn member_types(spec: &OpSpec, kind: MemberKind, idx: usize) -> Option<Vec<ElementType>> {
    let m = spec.members_of(kind).nth(idx)?;
    let mut out = Vec::new();
    for alt in &m.ty.alts {
        match &alt.base {
            TypeBase::Tensor(classes) if classes.is_empty() => out.extend(
                all_elem_types()
                    .into_iter()
                    .filter(|e| class_of(e) != Class::Quant),
            ),
            TypeBase::Tensor(classes) => {
                for c in classes {
                    match c {
                        ElemClass::Named(n) => out.extend(parse_elem(n.trim_start_matches('s'))),
                        c => out.extend(all_elem_types().into_iter().filter(|e| {
                            let k = class_of(e);
                            match c {
                                ElemClass::Bool => k == Class::Bool,
                                ElemClass::Integer => k == Class::Signed || k == Class::Unsigned,
                                ElemClass::Signed => k == Class::Signed,
                                ElemClass::Unsigned => k == Class::Unsigned,
                                ElemClass::Float => k == Class::Float,
                                ElemClass::Complex => k == Class::Complex,
                                ElemClass::Named(_) => false,
                            }
                        })),
                    }
                }
            }
            TypeBase::Quantized | TypeBase::PerTensorQuantized => {
                out.extend(quant_types().iter().cloned())
            }
            _ => return None,
        }
    }
    Some(out)
}

/// Whether an op can be built from its spec entry alone: tensor operands
/// (not variadic), optional or defaulted attributes, no regions, one result.
fn generic_shape(spec: &OpSpec) -> bool {
    let mut operands = 0;
    let mut results = 0;
    for m in &spec.members {
        match m.kind {
            MemberKind::Operand if m.variadic || m.optional => return false,
            MemberKind::Operand => operands += 1,
            MemberKind::Attr if !m.optional && m.default.is_none() => return false,
            MemberKind::Attr => {}
            MemberKind::Region => return false,
            MemberKind::Result if m.variadic => return false,
            MemberKind::Result => results += 1,
        }
    }
    operands >= 1 && results == 1 && member_types(spec, MemberKind::Operand, 0).is_some()
}

/// The ops with a builder of their own.
const BUILT: &[&str] = &[
    "stablehlo.constant",
    "stablehlo.iota",
    "stablehlo.compare",
    "stablehlo.select",
    "stablehlo.clamp",
    "stablehlo.convert",
    "stablehlo.bitcast_convert",
    "stablehlo.reshape",
    "stablehlo.transpose",
    "stablehlo.broadcast_in_dim",
    "stablehlo.broadcast",
    "stablehlo.slice",
    "stablehlo.concatenate",
    "stablehlo.reverse",
    "stablehlo.pad",
    "stablehlo.reduce",
    "stablehlo.reduce_window",
    "stablehlo.dot_general",
    "stablehlo.dot",
    "stablehlo.convolution",
    "stablehlo.sort",
    "stablehlo.reduce_precision",
    "stablehlo.map",
    "stablehlo.dynamic_slice",
    "stablehlo.dynamic_update_slice",
    "stablehlo.get_dimension_size",
    "stablehlo.gather",
    "stablehlo.uniform_quantize",
    "stablehlo.uniform_dequantize",
    "stablehlo.complex",
    "chlo.broadcast_compare",
    "chlo.broadcast_select",
    "stablehlo.all_gather",
    "stablehlo.all_to_all",
    "stablehlo.collective_permute",
    "stablehlo.collective_broadcast",
    "stablehlo.all_reduce",
    "stablehlo.reduce_scatter",
    "stablehlo.collective_reduce",
    "stablehlo.replica_id",
    "stablehlo.partition_id",
    "stablehlo.optimization_barrier",
    "stablehlo.if",
    "stablehlo.case",
    "stablehlo.while",
    "stablehlo.dynamic_broadcast_in_dim",
    "stablehlo.dynamic_iota",
    "stablehlo.dynamic_pad",
    "stablehlo.dynamic_gather",
    "stablehlo.dynamic_conv",
    "stablehlo.rng",
    "stablehlo.rng_bit_generator",
    "stablehlo.scatter",
    "stablehlo.select_and_scatter",
    "stablehlo.fft",
    "stablehlo.batch_norm_inference",
    "stablehlo.batch_norm_training",
    "stablehlo.batch_norm_grad",
    "stablehlo.triangular_solve",
    "chlo.top_k",
    "chlo.constant_like",
    "chlo.constant",
    "chlo.scan",
    "chlo.ragged_dot",
    "stablehlo.dynamic_reshape",
];

/// The spec ops the generator does not draw, and why: the fuzzer's programs
/// are one function of tensor values.
pub const NOT_DRAWN: &[(&str, &str)] = &[
    ("stablehlo.tuple", "tuple values are not tensors"),
    (
        "stablehlo.get_tuple_element",
        "tuple values are not tensors",
    ),
    ("stablehlo.after_all", "token values are not tensors"),
    ("stablehlo.create_token", "token values are not tensors"),
    (
        "stablehlo.infeed",
        "host input: the target's infeed queue, not a value of the program",
    ),
    ("stablehlo.outfeed", "host output, no result to compare"),
    (
        "stablehlo.send",
        "channel to another process, no result to compare",
    ),
    ("stablehlo.recv", "channel from another process"),
    (
        "stablehlo.custom_call",
        "calls a target-specific function: no semantics in the spec",
    ),
    (
        "stablehlo.composite",
        "needs a decomposition function beside @main",
    ),
    (
        "stablehlo.set_dimension_size",
        "bounded dynamic result types (#stablehlo.bounds), which the fuzzer's types do not carry",
    ),
];

/// Default weights: the ops real compilers get wrong most often are drawn
/// more often.
fn default_weight(op: &str) -> f64 {
    match op {
        "stablehlo.dot_general" | "stablehlo.reduce" | "stablehlo.convolution" => 3.0,
        "stablehlo.add"
        | "stablehlo.multiply"
        | "stablehlo.subtract"
        | "stablehlo.divide"
        | "stablehlo.maximum"
        | "stablehlo.minimum"
        | "stablehlo.convert"
        | "stablehlo.compare"
        | "stablehlo.select"
        | "stablehlo.reshape"
        | "stablehlo.transpose"
        | "stablehlo.broadcast_in_dim"
        | "stablehlo.slice"
        | "stablehlo.concatenate"
        | "stablehlo.pad"
        | "stablehlo.reduce_window" => 2.0,
        "stablehlo.constant" => 0.5,
        // In the dialect, not in the spec text, and newer than the
        // StableHLO of the bundled targets (their parsers do not know it):
        // drawn only when asked for (`--weights collective_reduce=1`).
        "stablehlo.collective_reduce" => 0.0,
        _ => 1.0,
    }
}

/// The ops of the spec, by name.
pub fn spec_ops() -> Vec<String> {
    match crate::spec::Spec::embedded() {
        Ok(s) => s.ops().iter().map(|o| o.name.to_string()).collect(),
        Err(_) => Vec::new(),
    }
}

/// The ops the generator can draw: those with a builder, and those built
/// from their spec entry, that hlocheck's executor runs.
pub fn drawable_ops() -> Vec<String> {
    let Ok(spec) = crate::spec::Spec::embedded() else {
        return Vec::new();
    };
    let reg = crate::interp::registry();
    spec.ops()
        .iter()
        .filter(|o| reg.contains_key(&*o.name))
        .filter(|o| BUILT.contains(&&*o.name) || generic_shape(o))
        .map(|o| o.name.to_string())
        .collect()
}

/// Value ids during generation: arguments are `0..`, op results `OP_BASE + i`,
/// so adding an argument never renumbers values already chosen.
const OP_BASE: usize = 1 << 40;

struct G<'o> {
    rng: Rng,
    opts: &'o GenOptions,
    args: Vec<TensorType>,
    ops: Vec<GenOp>,
    /// The concrete shape of each argument (dynamic dimensions resolved).
    arg_shapes: Vec<Vec<usize>>,
    dyn_shapes: BTreeMap<String, Vec<usize>>,
}

fn tt(dims: &[usize], elem: &ElementType) -> TensorType {
    TensorType::ranked(dims.iter().map(|&d| Some(d as u64)).collect(), elem.clone())
}

fn static_dims(t: &TensorType) -> Option<Vec<usize>> {
    t.dims
        .as_ref()?
        .iter()
        .map(|d| d.map(|d| d as usize))
        .collect()
}

fn arr(v: &[i64]) -> String {
    if v.is_empty() {
        "array<i64>".into()
    } else {
        let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
        format!("array<i64: {}>", s.join(", "))
    }
}

fn list(v: &[i64]) -> String {
    let s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    format!("[{}]", s.join(", "))
}

fn scalar(e: &ElementType) -> TensorType {
    tt(&[], e)
}

/// A region `^bb0(%a: T, %b: T): %s = "OP"(%a, %b); return %s`.
fn binary_region(op: &str, e: &ElementType) -> String {
    let t = scalar(e);
    format!(
        " ({{\n  ^bb0(%a: {t}, %b: {t}):\n    %s = \"{op}\"(%a, %b) : ({t}, {t}) -> {t}\n    \"stablehlo.return\"(%s) : ({t}) -> ()\n  }})"
    )
}

fn compare_type(e: &ElementType, rng: &mut Rng) -> &'static str {
    match class_of(e) {
        Class::Float if rng.chance(0.25) => "TOTALORDER",
        Class::Float | Class::Complex => "FLOAT",
        Class::Signed => "SIGNED",
        _ => "UNSIGNED",
    }
}

fn float_of(e: &ElementType) -> Option<FloatKind> {
    match e {
        ElementType::Float(k) | ElementType::Complex(k) => Some(*k),
        _ => None,
    }
}

impl<'o> G<'o> {
    fn pool(&self, classes: &[Class]) -> Vec<ElementType> {
        self.opts
            .elem_types
            .iter()
            .filter(|e| classes.contains(&class_of(e)))
            .cloned()
            .collect()
    }

    fn elem(&mut self, classes: &[Class]) -> Option<ElementType> {
        let p = self.pool(classes);
        if p.is_empty() {
            None
        } else {
            Some(self.rng.pick(&p).clone())
        }
    }

    fn shape(&mut self, min_rank: usize) -> Vec<usize> {
        let max = self.opts.max_rank.max(min_rank);
        let rank = (min_rank + self.rng.below(max - min_rank + 1)).min(max);
        (0..rank)
            .map(|_| {
                if self.rng.chance(0.03) {
                    0
                } else {
                    1 + self.rng.below(self.opts.max_dim.max(1))
                }
            })
            .collect()
    }

    fn ty(&self, v: usize) -> &TensorType {
        if v >= OP_BASE {
            &self.ops[v - OP_BASE].result
        } else {
            &self.args[v]
        }
    }

    fn ids(&self) -> Vec<usize> {
        (0..self.args.len())
            .chain((0..self.ops.len()).map(|i| OP_BASE + i))
            .collect()
    }

    /// A new argument of a static type (made dynamic sometimes, unless
    /// `keep_static`).
    fn new_arg(&mut self, ty: TensorType, keep_static: bool) -> usize {
        let shape = static_dims(&ty).unwrap_or_default();
        let mut declared = ty;
        if self.opts.dynamic && !keep_static && !shape.is_empty() && self.rng.chance(0.3) {
            if let Some(dims) = declared.dims.as_mut() {
                let i = self.rng.below(dims.len());
                dims[i] = None;
            }
        }
        let key = declared.to_string();
        let concrete = self.dyn_shapes.entry(key).or_insert(shape).clone();
        self.args.push(declared);
        self.arg_shapes.push(concrete);
        self.args.len() - 1
    }

    /// An existing value of exactly this type, or a new argument.
    fn value_of_type(&mut self, ty: &TensorType) -> usize {
        let candidates: Vec<usize> = self
            .ids()
            .into_iter()
            .filter(|&v| self.ty(v) == ty)
            .collect();
        if !candidates.is_empty() && self.rng.chance(0.75) {
            *self.rng.pick(&candidates)
        } else {
            self.new_arg(ty.clone(), static_dims(ty).is_some())
        }
    }

    /// A statically shaped value (existing or a new argument) of rank at
    /// least `min_rank` with an element type of `classes`: its id, type
    /// and dimensions.
    fn static_source(
        &mut self,
        classes: &[Class],
        min_rank: usize,
    ) -> Option<(usize, TensorType, Vec<usize>)> {
        let pool = self.pool(classes);
        let x = self.source(&pool, true, min_rank)?;
        let ty = self.ty(x).clone();
        let d = static_dims(&ty)?;
        Some((x, ty, d))
    }

    /// An existing value (or a new argument) with an element type in `pool`.
    fn source(
        &mut self,
        pool: &[ElementType],
        static_only: bool,
        min_rank: usize,
    ) -> Option<usize> {
        if pool.is_empty() {
            return None;
        }
        let candidates: Vec<usize> = self
            .ids()
            .into_iter()
            .filter(|&v| {
                let t = self.ty(v);
                pool.contains(&t.elem)
                    && t.dims.as_ref().is_some_and(|d| d.len() >= min_rank)
                    && (!static_only || static_dims(t).is_some())
            })
            .collect();
        if !candidates.is_empty() && self.rng.chance(0.7) {
            // Prefer recent values, so programs chain.
            let i = candidates.len() - 1 - self.rng.below(candidates.len().min(4));
            return Some(candidates[i]);
        }
        let e = self.rng.pick(pool).clone();
        let s = self.shape(min_rank);
        let ty = tt(&s, &e);
        Some(self.new_arg(ty, static_only))
    }

    fn op(&self, name: &str, operands: Vec<usize>, tail: String, result: TensorType) -> GenOp {
        GenOp::new(name, operands, tail, result)
    }

    /// Candidate ops for `name` (several result types for spec-built ops).
    fn build(&mut self, name: &str) -> Vec<GenOp> {
        let r = match name {
            "stablehlo.constant" => self.b_constant(),
            "stablehlo.iota" => self.b_iota(),
            "stablehlo.compare" => self.b_compare(name),
            "chlo.broadcast_compare" => self.b_compare(name),
            "stablehlo.select" | "chlo.broadcast_select" => self.b_select(name),
            "stablehlo.clamp" => self.b_clamp(),
            "stablehlo.convert" => self.b_convert(),
            "stablehlo.bitcast_convert" => self.b_bitcast(),
            "stablehlo.reshape" => self.b_reshape(),
            "stablehlo.transpose" => self.b_transpose(),
            "stablehlo.broadcast_in_dim" => self.b_broadcast_in_dim(),
            "stablehlo.broadcast" => self.b_broadcast(),
            "stablehlo.slice" => self.b_slice(),
            "stablehlo.concatenate" => self.b_concatenate(),
            "stablehlo.reverse" => self.b_reverse(),
            "stablehlo.pad" => self.b_pad(),
            "stablehlo.reduce" => self.b_reduce(),
            "stablehlo.reduce_window" => self.b_reduce_window(),
            "stablehlo.dot_general" => self.b_dot_general(),
            "stablehlo.dot" => self.b_dot(),
            "stablehlo.convolution" => self.b_convolution(),
            "stablehlo.sort" => self.b_sort(),
            "stablehlo.reduce_precision" => self.b_reduce_precision(),
            "stablehlo.map" => self.b_map(),
            "stablehlo.dynamic_slice" => self.b_dynamic_slice(),
            "stablehlo.dynamic_update_slice" => self.b_dynamic_update_slice(),
            "stablehlo.get_dimension_size" => self.b_get_dimension_size(),
            "stablehlo.gather" => self.b_gather(),
            "stablehlo.uniform_quantize" => self.b_quantize(),
            "stablehlo.uniform_dequantize" => self.b_dequantize(),
            "stablehlo.complex" => self.b_complex(),
            "stablehlo.all_gather"
            | "stablehlo.all_to_all"
            | "stablehlo.collective_permute"
            | "stablehlo.collective_broadcast"
            | "stablehlo.all_reduce"
            | "stablehlo.reduce_scatter"
            | "stablehlo.collective_reduce" => self.b_collective(name),
            "stablehlo.replica_id" | "stablehlo.partition_id" => self.b_process_id(name),
            "stablehlo.optimization_barrier" => self.b_optimization_barrier(),
            "stablehlo.if" | "stablehlo.case" => self.b_branching(name),
            "stablehlo.while" => self.b_while(),
            "stablehlo.dynamic_broadcast_in_dim" => self.b_dynamic_broadcast_in_dim(),
            "stablehlo.dynamic_iota" => self.b_dynamic_iota(),
            "stablehlo.dynamic_reshape" => self.b_dynamic_reshape(),
            "stablehlo.dynamic_pad" => self.b_dynamic_pad(),
            "stablehlo.dynamic_gather" => self.b_dynamic_gather(),
            "stablehlo.dynamic_conv" => self.b_dynamic_conv(),
            "stablehlo.rng" => self.b_rng(),
            "stablehlo.rng_bit_generator" => self.b_rng_bit_generator(),
            "stablehlo.scatter" => self.b_scatter(),
            "stablehlo.select_and_scatter" => self.b_select_and_scatter(),
            "stablehlo.fft" => self.b_fft(),
            "stablehlo.batch_norm_inference"
            | "stablehlo.batch_norm_training"
            | "stablehlo.batch_norm_grad" => self.b_batch_norm(name),
            "stablehlo.triangular_solve" => self.b_triangular_solve(),
            "chlo.top_k" => self.b_top_k(),
            "chlo.constant_like" => self.b_constant_like(),
            "chlo.constant" => self.b_chlo_constant(),
            "chlo.scan" => self.b_scan(),
            "chlo.ragged_dot" => self.b_ragged_dot(),
            _ => return self.b_generic(name),
        };
        r.into_iter().collect()
    }

    fn b_generic(&mut self, name: &str) -> Vec<GenOp> {
        let Ok(spec) = crate::spec::Spec::embedded() else {
            return vec![];
        };
        let Some(os) = spec.op(name) else {
            return vec![];
        };
        // CHLO's broadcasting ops admit the element types of the op they broadcast.
        let base = name.strip_prefix("chlo.broadcast_").and_then(|b| {
            spec.op(&format!("stablehlo.{b}"))
                .or_else(|| spec.op(&format!("chlo.{b}")))
        });
        let allowed = member_types(base.unwrap_or(os), MemberKind::Operand, 0).unwrap_or_default();
        let pool: Vec<ElementType> = self
            .opts
            .elem_types
            .iter()
            .filter(|e| allowed.contains(e))
            .cloned()
            .collect();
        let Some(first) = self.source(&pool, false, 0) else {
            return vec![];
        };
        let ty = self.ty(first).clone();
        let n = os.members_of(MemberKind::Operand).count();
        let mut operands = vec![first];
        for _ in 1..n {
            // Another value than those chosen (x op x hides many defects).
            let others: Vec<usize> = self
                .ids()
                .into_iter()
                .filter(|&v| self.ty(v) == &ty && !operands.contains(&v))
                .collect();
            let v = if !others.is_empty() && self.rng.chance(0.5) {
                *self.rng.pick(&others)
            } else {
                self.new_arg(ty.clone(), static_dims(&ty).is_some())
            };
            operands.push(v);
        }
        let mut results = vec![ty.clone()];
        let mut alt = ty.clone();
        if let ElementType::Complex(k) = ty.elem {
            alt.elem = ElementType::Float(k);
            results.push(alt.clone());
        }
        if let ElementType::Float(k) = ty.elem {
            alt.elem = ElementType::Complex(k);
            results.push(alt.clone());
        }
        alt.elem = ElementType::I1;
        results.push(alt);
        results
            .into_iter()
            .map(|r| self.op(name, operands.clone(), String::new(), r))
            .collect()
    }

    fn b_constant(&mut self) -> Option<GenOp> {
        let e = self.elem(ANY)?;
        let s = self.shape(0);
        let t = random_tensor(&e, &s, &mut self.rng);
        let lit = crate::interp::literal::format_value(&crate::interp::Value::tensor(t));
        Some(self.op(
            "stablehlo.constant",
            vec![],
            format!(" {{value = {lit}}}"),
            tt(&s, &e),
        ))
    }

    fn b_iota(&mut self) -> Option<GenOp> {
        let e = self.elem(NUMERIC)?;
        let s = self.shape(1);
        let d = self.rng.below(s.len());
        Some(self.op(
            "stablehlo.iota",
            vec![],
            format!(" {{iota_dimension = {d} : i64}}"),
            tt(&s, &e),
        ))
    }

    fn b_compare(&mut self, name: &str) -> Option<GenOp> {
        let pool = self.pool(ANY);
        let a = self.source(&pool, false, 0)?;
        let ty = self.ty(a).clone();
        let b = self.value_of_type(&ty);
        let dirs: &[&str] = if class_of(&ty.elem) == Class::Complex {
            &["EQ", "NE"]
        } else {
            &["EQ", "NE", "GE", "GT", "LE", "LT"]
        };
        let dir = *self.rng.pick(dirs);
        let ct = compare_type(&ty.elem, &mut self.rng);
        let dialect = if name.starts_with("chlo") {
            "chlo"
        } else {
            "stablehlo"
        };
        let mut r = ty.clone();
        r.elem = ElementType::I1;
        Some(self.op(
            name,
            vec![a, b],
            format!(" {{compare_type = #{dialect}<comparison_type {ct}>, comparison_direction = #{dialect}<comparison_direction {dir}>}}"),
            r,
        ))
    }

    fn b_select(&mut self, name: &str) -> Option<GenOp> {
        let pool = self.pool(ANY);
        let a = self.source(&pool, false, 0)?;
        let ty = self.ty(a).clone();
        let b = self.value_of_type(&ty);
        let mut pt = ty.clone();
        pt.elem = ElementType::I1;
        if self.rng.chance(0.3) {
            pt = scalar(&ElementType::I1);
        }
        let p = self.value_of_type(&pt);
        Some(self.op(name, vec![p, a, b], String::new(), ty))
    }

    fn b_clamp(&mut self) -> Option<GenOp> {
        let pool = self.pool(REAL);
        let x = self.source(&pool, false, 0)?;
        let ty = self.ty(x).clone();
        let bt = if self.rng.chance(0.5) {
            scalar(&ty.elem)
        } else {
            ty.clone()
        };
        let lo = self.value_of_type(&bt);
        let hi = self.value_of_type(&bt);
        Some(self.op("stablehlo.clamp", vec![lo, x, hi], String::new(), ty))
    }

    fn b_convert(&mut self) -> Option<GenOp> {
        let pool = self.pool(ANY);
        let x = self.source(&pool, false, 0)?;
        let mut r = self.ty(x).clone();
        r.elem = self.elem(ANY)?;
        Some(self.op("stablehlo.convert", vec![x], String::new(), r))
    }

    fn b_complex(&mut self) -> Option<GenOp> {
        let pool: Vec<ElementType> = self
            .pool(&[Class::Float])
            .into_iter()
            .filter(|e| matches!(e, ElementType::Float(FloatKind::F32 | FloatKind::F64)))
            .collect();
        let a = self.source(&pool, false, 0)?;
        let ty = self.ty(a).clone();
        let b = self.value_of_type(&ty);
        let mut r = ty.clone();
        r.elem = ElementType::Complex(float_of(&ty.elem)?);
        Some(self.op("stablehlo.complex", vec![a, b], String::new(), r))
    }

    fn b_bitcast(&mut self) -> Option<GenOp> {
        let pool = self.pool(&[Class::Bool, Class::Signed, Class::Unsigned, Class::Float]);
        let x = self.source(&pool, false, 0)?;
        let ty = self.ty(x).clone();
        let bits = |e: &ElementType| match e {
            ElementType::Int(_, w) => *w,
            ElementType::Float(k) => k.bits(),
            _ => 0,
        };
        let w = bits(&ty.elem);
        let same: Vec<ElementType> = pool.iter().filter(|e| bits(e) == w).cloned().collect();
        let mut r = ty.clone();
        r.elem = self.rng.pick(&same).clone();
        Some(self.op("stablehlo.bitcast_convert", vec![x], String::new(), r))
    }

    fn b_reshape(&mut self) -> Option<GenOp> {
        let pool = self.pool(ANY);
        let x = self.source(&pool, true, 0)?;
        let ty = self.ty(x).clone();
        let n: usize = static_dims(&ty)?.iter().product();
        let mut dims = Vec::new();
        let mut rest = n;
        if n == 0 {
            dims = vec![0, 1 + self.rng.below(3)];
            rest = 1;
        }
        let rank = self.rng.below(self.opts.max_rank + 1);
        for _ in 0..rank {
            let divisors: Vec<usize> = (1..=rest).filter(|d| rest.is_multiple_of(*d)).collect();
            let d = *self.rng.pick(&divisors);
            dims.push(d);
            rest /= d;
        }
        if rest > 1 || dims.is_empty() && n != 1 {
            dims.push(rest);
        }
        Some(self.op(
            "stablehlo.reshape",
            vec![x],
            String::new(),
            tt(&dims, &ty.elem),
        ))
    }

    fn b_transpose(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let mut perm: Vec<usize> = (0..d.len()).collect();
        for i in (1..perm.len()).rev() {
            let j = self.rng.below(i + 1);
            perm.swap(i, j);
        }
        let rd: Vec<usize> = perm.iter().map(|&p| d[p]).collect();
        let p: Vec<i64> = perm.iter().map(|&p| p as i64).collect();
        Some(self.op(
            "stablehlo.transpose",
            vec![x],
            format!(" {{permutation = {}}}", arr(&p)),
            tt(&rd, &ty.elem),
        ))
    }

    fn b_broadcast_in_dim(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 0)?;
        let extra = self.rng.below(3);
        let rank = d.len() + extra;
        // Choose the operand's positions in the result (increasing).
        let mut pos: Vec<usize> = (0..rank).collect();
        while pos.len() > d.len() {
            let i = self.rng.below(pos.len());
            pos.remove(i);
        }
        let mut rd = vec![0usize; rank];
        for r in rd.iter_mut() {
            *r = 1 + self.rng.below(self.opts.max_dim.max(1));
        }
        for (i, &p) in pos.iter().enumerate() {
            rd[p] = if d[i] == 1 && self.rng.chance(0.5) {
                rd[p]
            } else {
                d[i]
            };
        }
        let p: Vec<i64> = pos.iter().map(|&p| p as i64).collect();
        Some(self.op(
            "stablehlo.broadcast_in_dim",
            vec![x],
            format!(" {{broadcast_dimensions = {}}}", arr(&p)),
            tt(&rd, &ty.elem),
        ))
    }

    fn b_broadcast(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 0)?;
        let sizes: Vec<usize> = (0..1 + self.rng.below(2))
            .map(|_| 1 + self.rng.below(3))
            .collect();
        let rd: Vec<usize> = sizes.iter().chain(d.iter()).cloned().collect();
        let s: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
        Some(self.op(
            "stablehlo.broadcast",
            vec![x],
            format!(" {{broadcast_sizes = {}}}", arr(&s)),
            tt(&rd, &ty.elem),
        ))
    }

    fn b_slice(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let (mut st, mut li, mut sr, mut rd) = (vec![], vec![], vec![], vec![]);
        for &n in &d {
            let s = self.rng.below(n + 1);
            let l = s + self.rng.below(n - s + 1);
            let k = 1 + self.rng.below(3);
            st.push(s as i64);
            li.push(l as i64);
            sr.push(k as i64);
            rd.push((l - s).div_ceil(k));
        }
        Some(self.op(
            "stablehlo.slice",
            vec![x],
            format!(
                " {{limit_indices = {}, start_indices = {}, strides = {}}}",
                arr(&li),
                arr(&st),
                arr(&sr)
            ),
            tt(&rd, &ty.elem),
        ))
    }

    fn b_concatenate(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let axis = self.rng.below(d.len());
        let mut ops = vec![x];
        let mut total = d[axis];
        for _ in 0..1 + self.rng.below(2) {
            let mut o = d.clone();
            o[axis] = self.rng.below(4);
            total += o[axis];
            ops.push(self.value_of_type(&tt(&o, &ty.elem)));
        }
        let mut rd = d;
        rd[axis] = total;
        Some(self.op(
            "stablehlo.concatenate",
            ops,
            format!(" {{dimension = {axis} : i64}}"),
            tt(&rd, &ty.elem),
        ))
    }

    fn b_reverse(&mut self) -> Option<GenOp> {
        let pool = self.pool(ANY);
        let x = self.source(&pool, true, 1)?;
        let ty = self.ty(x).clone();
        let r = static_dims(&ty)?.len();
        let dims: Vec<i64> = (0..r as i64).filter(|_| self.rng.chance(0.5)).collect();
        Some(self.op(
            "stablehlo.reverse",
            vec![x],
            format!(" {{dimensions = {}}}", arr(&dims)),
            ty,
        ))
    }

    fn b_pad(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let pv = self.value_of_type(&scalar(&ty.elem));
        let (mut lo, mut hi, mut it, mut rd) = (vec![], vec![], vec![], vec![]);
        for &n in &d {
            let i = self.rng.below(3) as i64;
            let base = n as i64 + (n as i64 - 1).max(0) * i;
            let l = self.rng.range(-1, 2).max(-base);
            let h = self.rng.range(-1, 2).max(-(base + l));
            lo.push(l);
            hi.push(h);
            it.push(i);
            rd.push((base + l + h) as usize);
        }
        Some(self.op(
            "stablehlo.pad",
            vec![x, pv],
            format!(
                " {{edge_padding_high = {}, edge_padding_low = {}, interior_padding = {}}}",
                arr(&hi),
                arr(&lo),
                arr(&it)
            ),
            tt(&rd, &ty.elem),
        ))
    }

    /// A reducer body for an element type: add, multiply, maximum, minimum,
    /// or a bitwise op for booleans and integers.
    fn reducer(&mut self, e: &ElementType) -> &'static str {
        let choices: &[&'static str] = match class_of(e) {
            Class::Bool => &["stablehlo.and", "stablehlo.or", "stablehlo.xor"],
            Class::Complex => &["stablehlo.add", "stablehlo.add", "stablehlo.multiply"],
            Class::Float => &[
                "stablehlo.add",
                "stablehlo.add",
                "stablehlo.add",
                "stablehlo.multiply",
                "stablehlo.maximum",
                "stablehlo.minimum",
            ],
            _ => &[
                "stablehlo.add",
                "stablehlo.multiply",
                "stablehlo.maximum",
                "stablehlo.minimum",
                "stablehlo.xor",
            ],
        };
        choices[self.rng.below(choices.len())]
    }

    /// A reduction's init value: mostly a constant holding the reducer's
    /// identity (the spec lets an implementation use the init value any
    /// number of times), sometimes any value.
    fn init_value(&mut self, e: &ElementType, reducer: &str) -> usize {
        if self.rng.chance(0.85) {
            if let Some(lanes) = super::oracle::identity(reducer, e) {
                let t = Tensor::new(e.clone(), vec![], &lanes);
                let lit = crate::interp::literal::format_value(&crate::interp::Value::tensor(t));
                self.ops.push(self.op(
                    "stablehlo.constant",
                    vec![],
                    format!(" {{value = {lit}}}"),
                    scalar(e),
                ));
                return OP_BASE + self.ops.len() - 1;
            }
        }
        self.value_of_type(&scalar(e))
    }

    fn b_reduce(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let red = self.reducer(&ty.elem);
        let init = self.init_value(&ty.elem, red);
        let mut dims: Vec<i64> = (0..d.len() as i64)
            .filter(|_| self.rng.chance(0.5))
            .collect();
        if dims.is_empty() {
            dims.push(self.rng.below(d.len()) as i64);
        }
        let rd: Vec<usize> = (0..d.len())
            .filter(|i| !dims.contains(&(*i as i64)))
            .map(|i| d[i])
            .collect();
        let body = binary_region(red, &ty.elem);
        Some(self.op(
            "stablehlo.reduce",
            vec![x, init],
            format!("{body} {{dimensions = {}}}", arr(&dims)),
            tt(&rd, &ty.elem),
        ))
    }

    fn b_reduce_window(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let red = self.reducer(&ty.elem);
        let init = self.init_value(&ty.elem, red);
        let (mut wd, mut ws, mut pads, mut rd) = (vec![], vec![], vec![], vec![]);
        for &n in &d {
            let pl = self.rng.below(2) as i64;
            let ph = self.rng.below(2) as i64;
            let padded = n as i64 + pl + ph;
            let w = 1 + self.rng.below(padded.clamp(1, 3) as usize) as i64;
            let s = 1 + self.rng.below(2) as i64;
            let out = if padded < w { 0 } else { (padded - w) / s + 1 };
            wd.push(w);
            ws.push(s);
            pads.push(format!("[{pl}, {ph}]"));
            rd.push(out as usize);
        }
        let body = binary_region(red, &ty.elem);
        Some(self.op(
            "stablehlo.reduce_window",
            vec![x, init],
            format!(
                "{body} {{padding = dense<[{}]> : tensor<{}x2xi64>, window_dimensions = {}, window_strides = {}}}",
                pads.join(", "),
                d.len(),
                arr(&wd),
                arr(&ws)
            ),
            tt(&rd, &ty.elem),
        ))
    }

    fn b_dot_general(&mut self) -> Option<GenOp> {
        let e = self.elem(NUMERIC)?;
        let m = self.opts.max_dim.max(1);
        let nb = self.rng.below(2);
        let nc = self.rng.below(3);
        let batch: Vec<usize> = (0..nb).map(|_| 1 + self.rng.below(m)).collect();
        let contract: Vec<usize> = (0..nc).map(|_| 1 + self.rng.below(m + 2)).collect();
        let lf: Vec<usize> = (0..self.rng.below(2))
            .map(|_| 1 + self.rng.below(m))
            .collect();
        let rf: Vec<usize> = (0..self.rng.below(2))
            .map(|_| 1 + self.rng.below(m))
            .collect();
        // lhs = batch ++ lhs_free ++ contract; rhs = batch ++ contract ++ rhs_free,
        // with the contracting dims of rhs in a shuffled order.
        let lhs: Vec<usize> = batch.iter().chain(&lf).chain(&contract).cloned().collect();
        let mut order: Vec<usize> = (0..nc).collect();
        if nc == 2 && self.rng.chance(0.5) {
            order.swap(0, 1);
        }
        let rhs: Vec<usize> = batch
            .iter()
            .cloned()
            .chain(order.iter().map(|&i| contract[i]))
            .chain(rf.iter().cloned())
            .collect();
        let lb: Vec<i64> = (0..nb as i64).collect();
        let lc: Vec<i64> = (0..nc).map(|i| (nb + lf.len() + i) as i64).collect();
        let rc: Vec<i64> = (0..nc)
            .map(|i| (nb + order.iter().position(|&o| o == i).unwrap_or(0)) as i64)
            .collect();
        let res: Vec<usize> = batch.iter().chain(&lf).chain(&rf).cloned().collect();
        let a = self.value_of_type(&tt(&lhs, &e));
        let b = self.value_of_type(&tt(&rhs, &e));
        Some(self.op(
            "stablehlo.dot_general",
            vec![a, b],
            format!(
                " {{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = {}, rhs_batching_dimensions = {}, lhs_contracting_dimensions = {}, rhs_contracting_dimensions = {}>}}",
                list(&lb), list(&lb), list(&lc), list(&rc)
            ),
            tt(&res, &e),
        ))
    }

    fn b_dot(&mut self) -> Option<GenOp> {
        let e = self.elem(NUMERIC)?;
        let m = self.opts.max_dim.max(1);
        let k = 1 + self.rng.below(m + 2);
        let (l, r, res) = match self.rng.below(3) {
            0 => (vec![k], vec![k], vec![]),
            1 => {
                let a = 1 + self.rng.below(m);
                (vec![a, k], vec![k], vec![a])
            }
            _ => {
                let a = 1 + self.rng.below(m);
                let b = 1 + self.rng.below(m);
                (vec![a, k], vec![k, b], vec![a, b])
            }
        };
        let a = self.value_of_type(&tt(&l, &e));
        let b = self.value_of_type(&tt(&r, &e));
        Some(self.op("stablehlo.dot", vec![a, b], String::new(), tt(&res, &e)))
    }

    fn b_convolution(&mut self) -> Option<GenOp> {
        let e = self.elem(NUMERIC)?;
        let sp = 1 + self.rng.below(2);
        let batch = 1 + self.rng.below(2);
        let groups = 1 + self.rng.below(2);
        let fin = groups * (1 + self.rng.below(2));
        let fout = groups * (1 + self.rng.below(2));
        let (mut ins, mut ks, mut outs) = (vec![], vec![], vec![]);
        let (mut strides, mut pads, mut ld, mut rdl) = (vec![], vec![], vec![], vec![]);
        for _ in 0..sp {
            let n = 1 + self.rng.below(5);
            let k = 1 + self.rng.below(3);
            let s = 1 + self.rng.below(2) as i64;
            let pl = self.rng.below(2) as i64;
            let ph = self.rng.below(2) as i64;
            let l = 1 + self.rng.below(2) as i64;
            let r = 1 + self.rng.below(2) as i64;
            let dil_in = (n as i64 - 1) * l + 1 + pl + ph;
            let dil_k = (k as i64 - 1) * r + 1;
            let out = if dil_in < dil_k {
                0
            } else {
                (dil_in - dil_k) / s + 1
            };
            ins.push(n);
            ks.push(k);
            outs.push(out as usize);
            strides.push(s);
            pads.push(format!("[{pl}, {ph}]"));
            ld.push(l);
            rdl.push(r);
        }
        // Layout [b, 0, (1,) f] x [0, (1,) i, o] -> [b, 0, (1,) f].
        let lhs: Vec<usize> = std::iter::once(batch)
            .chain(ins.clone())
            .chain([fin])
            .collect();
        let rhs: Vec<usize> = ks.iter().cloned().chain([fin / groups, fout]).collect();
        let res: Vec<usize> = std::iter::once(batch).chain(outs).chain([fout]).collect();
        let spatial = if sp == 1 { "0" } else { "0, 1" };
        let a = self.value_of_type(&tt(&lhs, &e));
        let b = self.value_of_type(&tt(&rhs, &e));
        Some(self.op(
            "stablehlo.convolution",
            vec![a, b],
            format!(
                " {{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, {spatial}, f]x[{spatial}, i, o]->[b, {spatial}, f]>, feature_group_count = {groups} : i64, lhs_dilation = {}, padding = dense<[{}]> : tensor<{sp}x2xi64>, rhs_dilation = {}, window_strides = {}}}",
                arr(&ld), pads.join(", "), arr(&rdl), arr(&strides)
            ),
            tt(&res, &e),
        ))
    }

    fn b_sort(&mut self) -> Option<GenOp> {
        let pool = self.pool(REAL);
        let x = self.source(&pool, true, 1)?;
        let ty = self.ty(x).clone();
        let r = static_dims(&ty)?.len();
        let dim = self.rng.below(r);
        let t = scalar(&ty.elem);
        let dir = *self.rng.pick(&["GT", "LT"]);
        let ct = compare_type(&ty.elem, &mut self.rng);
        let stable = self.rng.chance(0.5);
        Some(self.op(
            "stablehlo.sort",
            vec![x],
            format!(
                " ({{\n  ^bb0(%a: {t}, %b: {t}):\n    %c = \"stablehlo.compare\"(%a, %b) {{compare_type = #stablehlo<comparison_type {ct}>, comparison_direction = #stablehlo<comparison_direction {dir}>}} : ({t}, {t}) -> tensor<i1>\n    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  }}) {{dimension = {dim} : i64, is_stable = {stable}}}"
            ),
            ty,
        ))
    }

    fn b_reduce_precision(&mut self) -> Option<GenOp> {
        let pool = self.pool(&[Class::Float]);
        let x = self.source(&pool, false, 0)?;
        let ty = self.ty(x).clone();
        let eb = 1 + self.rng.below(8);
        let mb = self.rng.below(11);
        Some(self.op(
            "stablehlo.reduce_precision",
            vec![x],
            format!(" {{exponent_bits = {eb} : i32, mantissa_bits = {mb} : i32}}"),
            ty,
        ))
    }

    fn b_map(&mut self) -> Option<GenOp> {
        let pool = self.pool(&[Class::Signed, Class::Unsigned, Class::Float]);
        let x = self.source(&pool, true, 1)?;
        let ty = self.ty(x).clone();
        let y = self.value_of_type(&ty);
        let r = static_dims(&ty)?.len() as i64;
        let bodies = [
            "stablehlo.add",
            "stablehlo.multiply",
            "stablehlo.maximum",
            "stablehlo.subtract",
        ];
        let op: &str = bodies[self.rng.below(bodies.len())];
        let body = binary_region(op, &ty.elem);
        let dims: Vec<i64> = (0..r).collect();
        Some(self.op(
            "stablehlo.map",
            vec![x, y],
            format!("{body} {{dimensions = {}}}", arr(&dims)),
            ty,
        ))
    }

    fn b_dynamic_slice(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let e = if self.rng.chance(0.5) {
            ElementType::I32
        } else {
            ElementType::I64
        };
        let mut ops = vec![x];
        for _ in &d {
            ops.push(self.value_of_type(&scalar(&e)));
        }
        let sizes: Vec<usize> = d.iter().map(|&n| self.rng.below(n + 1)).collect();
        let s: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
        Some(self.op(
            "stablehlo.dynamic_slice",
            ops,
            format!(" {{slice_sizes = {}}}", arr(&s)),
            tt(&sizes, &ty.elem),
        ))
    }

    fn b_dynamic_update_slice(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let sizes: Vec<usize> = d.iter().map(|&n| self.rng.below(n + 1)).collect();
        let u = self.value_of_type(&tt(&sizes, &ty.elem));
        let e = if self.rng.chance(0.5) {
            ElementType::I32
        } else {
            ElementType::I64
        };
        let mut ops = vec![x, u];
        for _ in &d {
            ops.push(self.value_of_type(&scalar(&e)));
        }
        Some(self.op("stablehlo.dynamic_update_slice", ops, String::new(), ty))
    }

    fn b_get_dimension_size(&mut self) -> Option<GenOp> {
        let pool = self.pool(ANY);
        let x = self.source(&pool, false, 1)?;
        let r = self.ty(x).dims.as_ref()?.len();
        let d = self.rng.below(r);
        Some(self.op(
            "stablehlo.get_dimension_size",
            vec![x],
            format!(" {{dimension = {d} : i64}}"),
            scalar(&ElementType::I32),
        ))
    }

    fn b_gather(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let n = 1 + self.rng.below(3);
        let ie = if self.rng.chance(0.5) {
            ElementType::I32
        } else {
            ElementType::I64
        };
        let idx = self.value_of_type(&tt(&[n, 1], &ie));
        let mut sizes = d.clone();
        sizes[0] = 1;
        let offset: Vec<i64> = (1..d.len() as i64).collect();
        let res: Vec<usize> = std::iter::once(n).chain(d[1..].iter().cloned()).collect();
        let s: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
        Some(self.op(
            "stablehlo.gather",
            vec![x, idx],
            format!(
                " {{dimension_numbers = #stablehlo.gather<offset_dims = {}, collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = {}}}",
                list(&offset), arr(&s)
            ),
            tt(&res, &ty.elem),
        ))
    }

    fn b_quantize(&mut self) -> Option<GenOp> {
        let q = self.elem(&[Class::Quant])?;
        let pool = vec![ElementType::Float(FloatKind::F32)];
        let x = self.source(&pool, false, 0)?;
        let mut r = self.ty(x).clone();
        r.elem = q;
        Some(self.op("stablehlo.uniform_quantize", vec![x], String::new(), r))
    }

    fn b_dequantize(&mut self) -> Option<GenOp> {
        let pool = self.pool(&[Class::Quant]);
        let x = self.source(&pool, false, 0)?;
        let mut r = self.ty(x).clone();
        r.elem = ElementType::Float(FloatKind::F32);
        Some(self.op("stablehlo.uniform_dequantize", vec![x], String::new(), r))
    }
}

/// The ops drawn and their weights under the options.
pub fn weighted_ops(opts: &GenOptions) -> Vec<(String, f64)> {
    drawable_ops()
        .into_iter()
        .map(|o| {
            let w = opts
                .weights
                .get(&o)
                .copied()
                .unwrap_or_else(|| default_weight(&o));
            (o, w)
        })
        .filter(|(_, w)| *w > 0.0)
        .collect()
}

/// Generates one program and its inputs from a seed.
pub fn generate(opts: &GenOptions, seed: u64) -> Generated {
    generate_with(opts, &weighted_ops(opts), seed)
}

/// [`generate`] with the weighted op list computed once by the caller.
pub fn generate_with(opts: &GenOptions, ops: &[(String, f64)], seed: u64) -> Generated {
    let mut g = G {
        rng: Rng::new(seed),
        opts,
        args: Vec::new(),
        ops: Vec::new(),
        arg_shapes: Vec::new(),
        dyn_shapes: BTreeMap::new(),
    };
    let total: f64 = ops.iter().map(|(_, w)| w).sum();
    let (mut discarded, mut candidates, mut unrunnable) = (0, 0, 0);
    let n_ops = 1 + g.rng.below(opts.max_ops.max(1));
    let mut tries = 0;
    while g.ops.len() < n_ops && tries < n_ops * 8 && total > 0.0 {
        tries += 1;
        let mut x = (g.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        let mut name = ops[0].0.clone();
        for (o, w) in ops {
            if x < *w {
                name = o.clone();
                break;
            }
            x -= w;
        }
        let saved = (
            g.args.len(),
            g.arg_shapes.len(),
            g.dyn_shapes.clone(),
            g.ops.len(),
        );
        let cands = g.build(&name);
        let mut kept = false;
        for c in cands {
            candidates += 1;
            let alone = g.alone(&c);
            if verify_errors(&alone).is_empty() {
                if runs(&alone, seed) {
                    g.ops.push(c);
                    kept = true;
                    break;
                }
                unrunnable += 1;
            }
            discarded += 1;
        }
        if !kept {
            g.args.truncate(saved.0);
            g.arg_shapes.truncate(saved.1);
            g.dyn_shapes = saved.2;
            g.ops.truncate(saved.3);
        }
    }
    let program = g.program();
    let mut rng = Rng::new(seed ^ 0xA5A5_A5A5);
    let palette = rng.next_u64();
    let inputs = g
        .arg_shapes
        .iter()
        .zip(&program.args)
        .map(|(s, t)| super::values::random_tensor_with(&t.elem, s, &mut rng, palette))
        .collect();
    Generated {
        program,
        inputs,
        discarded,
        candidates,
        unrunnable,
    }
}

/// Whether hlocheck's executor runs a one-op program (on random inputs,
/// dynamic sizes taken as 1): verified ops it cannot run are discarded, so
/// the oracle can judge every op drawn.
fn runs(p: &GenProgram, seed: u64) -> bool {
    let mut rng = Rng::new(seed ^ 0x1234_5678);
    let inputs: Vec<Tensor> = p
        .args
        .iter()
        .map(|t| {
            let s: Vec<usize> = t
                .dims
                .iter()
                .flatten()
                .map(|d| d.unwrap_or(1) as usize)
                .collect();
            random_tensor(&t.elem, &s, &mut rng)
        })
        .collect();
    super::program::run(p, &inputs).is_ok()
}

impl G<'_> {
    /// A candidate op alone, its operands as arguments (constant shape
    /// operands kept, as [`GenProgram::single_op`] keeps them).
    fn alone(&self, op: &GenOp) -> GenProgram {
        let mut p = self.program_of(&self.ops);
        let na = self.args.len();
        p.ops.push(GenOp {
            operands: op
                .operands
                .iter()
                .map(|&v| if v >= OP_BASE { na + v - OP_BASE } else { v })
                .collect(),
            ..op.clone()
        });
        p.single_op(p.ops.len() - 1)
    }

    /// The program in [`GenProgram`] numbering, returning its leaves.
    fn program(&self) -> GenProgram {
        self.program_of(&self.ops)
    }

    fn program_of(&self, ops: &[GenOp]) -> GenProgram {
        let na = self.args.len();
        let map = |v: usize| if v >= OP_BASE { na + v - OP_BASE } else { v };
        let mut p = GenProgram {
            args: self.args.clone(),
            ops: ops
                .iter()
                .map(|o| GenOp {
                    operands: o.operands.iter().map(|&v| map(v)).collect(),
                    ..o.clone()
                })
                .collect(),
            results: vec![],
        };
        p.results = p.leaves();
        p
    }
}

/// The replica groups of a single process: `[[0]]`.
const ONE_GROUP: &str = "replica_groups = dense<0> : tensor<1x1xi64>";

fn pick_str(rng: &mut Rng, v: &[&'static str]) -> &'static str {
    v[rng.below(v.len())]
}

/// A binary op defined on every element type of `e`'s class (for region bodies).
fn binop_for(e: &ElementType, rng: &mut Rng) -> &'static str {
    match class_of(e) {
        Class::Bool => pick_str(rng, &["stablehlo.and", "stablehlo.or", "stablehlo.xor"]),
        Class::Complex => pick_str(rng, &["stablehlo.add", "stablehlo.subtract"]),
        _ => pick_str(
            rng,
            &[
                "stablehlo.add",
                "stablehlo.maximum",
                "stablehlo.minimum",
                "stablehlo.subtract",
            ],
        ),
    }
}

/// A reducer (associative, commutative) for an element type.
fn reducer_for(e: &ElementType, rng: &mut Rng) -> &'static str {
    match class_of(e) {
        Class::Bool => pick_str(rng, &["stablehlo.and", "stablehlo.or"]),
        Class::Complex => "stablehlo.add",
        _ => pick_str(
            rng,
            &["stablehlo.add", "stablehlo.maximum", "stablehlo.minimum"],
        ),
    }
}

impl G<'_> {
    /// A constant op holding `v` as a 1-D tensor of `e` (an integer type):
    /// the value id.
    fn const_ints(&mut self, v: &[i64], dims: &[usize], e: &ElementType) -> Option<usize> {
        let k = crate::interp::tensor::int_kind(e)?;
        let t = Tensor::collect(
            e.clone(),
            dims.to_vec(),
            v.iter().map(|&x| k.wrap(x as i128)),
        );
        let lit = crate::interp::literal::format_value(&crate::interp::Value::tensor(t));
        self.ops.push(self.op(
            "stablehlo.constant",
            vec![],
            format!(" {{value = {lit}}}"),
            tt(dims, e),
        ));
        Some(OP_BASE + self.ops.len() - 1)
    }

    /// A constant op holding the scalar `v` of `e` (float, integer or i1).
    fn const_scalar(&mut self, e: &ElementType, v: f64) -> Option<usize> {
        let bits = match e {
            ElementType::Float(k) => crate::float::from_f64(*k, v),
            _ => crate::interp::tensor::int_kind(e)?.wrap(v as i128),
        };
        let t = Tensor::new(e.clone(), vec![], &[bits]);
        let lit = crate::interp::literal::format_value(&crate::interp::Value::tensor(t));
        self.ops.push(self.op(
            "stablehlo.constant",
            vec![],
            format!(" {{value = {lit}}}"),
            scalar(e),
        ));
        Some(OP_BASE + self.ops.len() - 1)
    }

    fn shape_type(&mut self) -> ElementType {
        if self.rng.chance(0.5) {
            ElementType::I64
        } else {
            ElementType::I32
        }
    }

    /// all_gather, all_to_all, collective_permute, collective_broadcast,
    /// all_reduce, reduce_scatter, collective_reduce on one process.
    fn b_collective(&mut self, name: &str) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let dim = self.rng.below(d.len());
        let region = |g: &mut Self| {
            let r = reducer_for(&ty.elem, &mut g.rng);
            binary_region(r, &ty.elem)
        };
        let tail = match name {
            "stablehlo.all_gather" => {
                format!(" {{all_gather_dim = {dim} : i64, {ONE_GROUP}}}")
            }
            "stablehlo.all_to_all" => {
                let c = self.rng.below(d.len());
                format!(" {{concat_dimension = {c} : i64, {ONE_GROUP}, split_count = 1 : i64, split_dimension = {dim} : i64}}")
            }
            "stablehlo.collective_permute" => {
                " {source_target_pairs = dense<0> : tensor<1x2xi64>}".to_string()
            }
            "stablehlo.collective_broadcast" => format!(" {{{ONE_GROUP}}}"),
            "stablehlo.all_reduce" | "stablehlo.collective_reduce" => {
                format!("{} {{{ONE_GROUP}}}", region(self))
            }
            "stablehlo.reduce_scatter" => format!(
                "{} {{{ONE_GROUP}, scatter_dimension = {dim} : i64}}",
                region(self)
            ),
            _ => return None,
        };
        Some(self.op(name, vec![x], tail, ty))
    }

    fn b_process_id(&mut self, name: &str) -> Option<GenOp> {
        Some(self.op(
            name,
            vec![],
            String::new(),
            scalar(&ElementType::Int(Signedness::Unsigned, 32)),
        ))
    }

    fn b_optimization_barrier(&mut self) -> Option<GenOp> {
        let (x, ty, _) = self.static_source(ANY, 0)?;
        Some(self.op("stablehlo.optimization_barrier", vec![x], String::new(), ty))
    }

    /// Branch bodies over captures `%@{0}` (x) and `%@{1}` (y) of type `t`.
    fn branch(&mut self, t: &TensorType, j: usize) -> String {
        let op = binop_for(&t.elem, &mut self.rng);
        match j % 3 {
            0 => format!("{{\n    \"stablehlo.return\"(%@{{0}}) : ({t}) -> ()\n  }}"),
            1 => format!("{{\n    %n = \"{op}\"(%@{{0}}, %@{{1}}) : ({t}, {t}) -> {t}\n    \"stablehlo.return\"(%n) : ({t}) -> ()\n  }}"),
            _ => format!("{{\n    %n = \"{op}\"(%@{{1}}, %@{{0}}) : ({t}, {t}) -> {t}\n    \"stablehlo.return\"(%n) : ({t}) -> ()\n  }}"),
        }
    }

    /// `if` / `case` whose branches compute from two captured values.
    fn b_branching(&mut self, name: &str) -> Option<GenOp> {
        let (x, ty, _) = self.static_source(ANY, 0)?;
        let y = self.value_of_type(&ty);
        let (sel, n) = if name == "stablehlo.if" {
            (self.value_of_type(&scalar(&ElementType::I1)), 2)
        } else {
            (
                self.value_of_type(&scalar(&ElementType::I32)),
                1 + self.rng.below(3),
            )
        };
        let start = self.rng.below(3);
        let branches: Vec<String> = (0..n).map(|j| self.branch(&ty, start + j)).collect();
        let mut op = self.op(
            name,
            vec![sel, x, y],
            format!(" ({})", branches.join(", ")),
            ty,
        );
        op.captures = 2;
        Some(op)
    }

    /// A bounded `while`: (x, counter from 0) for 0..=3 iterations of
    /// x = OP(x, y), y captured.
    fn b_while(&mut self) -> Option<GenOp> {
        let (x, ty, _) = self.static_source(ANY, 0)?;
        let y = self.value_of_type(&ty);
        let i32t = scalar(&ElementType::I32);
        let k = self.const_ints(&[0], &[], &ElementType::I32)?;
        let n = self.rng.below(4);
        let op = binop_for(&ty.elem, &mut self.rng);
        let tail = format!(
            " ({{\n  ^bb0(%a: {ty}, %k: {i32t}):\n    %lim = \"stablehlo.constant\"() {{value = dense<{n}> : {i32t}}} : () -> {i32t}\n    %c = \"stablehlo.compare\"(%k, %lim) {{comparison_direction = #stablehlo<comparison_direction LT>}} : ({i32t}, {i32t}) -> tensor<i1>\n    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  }}, {{\n  ^bb0(%a: {ty}, %k: {i32t}):\n    %one = \"stablehlo.constant\"() {{value = dense<1> : {i32t}}} : () -> {i32t}\n    %k2 = \"stablehlo.add\"(%k, %one) : ({i32t}, {i32t}) -> {i32t}\n    %a2 = \"{op}\"(%a, %@{{0}}) : ({ty}, {ty}) -> {ty}\n    \"stablehlo.return\"(%a2, %k2) : ({ty}, {i32t}) -> ()\n  }})"
        );
        let mut g = self.op("stablehlo.while", vec![x, k, y], tail, ty.clone());
        g.results = vec![ty, i32t];
        g.captures = 1;
        Some(g)
    }

    fn b_dynamic_broadcast_in_dim(&mut self) -> Option<GenOp> {
        let b = self.b_broadcast_in_dim()?;
        let dims: Vec<i64> = static_dims(&b.result)?.iter().map(|&d| d as i64).collect();
        let e = self.shape_type();
        let s = self.const_ints(&dims, &[dims.len()], &e)?;
        let mut result = b.result.clone();
        if let Some(d) = result.dims.as_mut() {
            if !d.is_empty() && self.rng.chance(0.3) {
                let i = self.rng.below(d.len());
                d[i] = None;
            }
        }
        Some(self.op(
            "stablehlo.dynamic_broadcast_in_dim",
            vec![b.operands[0], s],
            b.tail,
            result,
        ))
    }

    fn b_dynamic_reshape(&mut self) -> Option<GenOp> {
        let r = self.b_reshape()?;
        let dims: Vec<i64> = static_dims(&r.result)?.iter().map(|&d| d as i64).collect();
        let e = self.shape_type();
        let s = self.const_ints(&dims, &[dims.len()], &e)?;
        Some(self.op(
            "stablehlo.dynamic_reshape",
            vec![r.operands[0], s],
            String::new(),
            r.result,
        ))
    }

    fn b_dynamic_iota(&mut self) -> Option<GenOp> {
        let e = self.elem(NUMERIC)?;
        let s = self.shape(1);
        let d = self.rng.below(s.len());
        let v: Vec<i64> = s.iter().map(|&x| x as i64).collect();
        let se = self.shape_type();
        let c = self.const_ints(&v, &[v.len()], &se)?;
        Some(self.op(
            "stablehlo.dynamic_iota",
            vec![c],
            format!(" {{iota_dimension = {d} : i64}}"),
            tt(&s, &e),
        ))
    }

    fn b_dynamic_pad(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let pv = self.value_of_type(&scalar(&ty.elem));
        let (mut lo, mut hi, mut it, mut rd) = (vec![], vec![], vec![], vec![]);
        for &n in &d {
            let i = if n > 1 { self.rng.below(2) as i64 } else { 0 };
            let base = n as i64 + (n as i64 - 1).max(0) * i;
            let mut l = self.rng.below(4) as i64 - 1;
            let mut h = self.rng.below(4) as i64 - 1;
            if base + l + h < 0 {
                l = 0;
                h = 0;
            }
            lo.push(l);
            hi.push(h);
            it.push(i);
            rd.push((base + l + h) as usize);
        }
        let e = self.shape_type();
        let r = d.len();
        let a = self.const_ints(&lo, &[r], &e)?;
        let b = self.const_ints(&hi, &[r], &e)?;
        let c = self.const_ints(&it, &[r], &e)?;
        Some(self.op(
            "stablehlo.dynamic_pad",
            vec![x, pv, a, b, c],
            String::new(),
            tt(&rd, &ty.elem),
        ))
    }

    fn b_dynamic_gather(&mut self) -> Option<GenOp> {
        let g = self.b_gather()?;
        let start = g.tail.find(", slice_sizes")?;
        let sizes: Vec<i64> = g.tail[start..]
            .split(':')
            .nth(1)?
            .trim_end_matches(['}', '>', ' '])
            .split(',')
            .filter_map(|x| x.trim().parse().ok())
            .collect();
        let e = self.shape_type();
        let s = self.const_ints(&sizes, &[sizes.len()], &e)?;
        let tail = format!("{}}}", &g.tail[..start]);
        Some(self.op(
            "stablehlo.dynamic_gather",
            vec![g.operands[0], g.operands[1], s],
            tail,
            g.result,
        ))
    }

    fn b_dynamic_conv(&mut self) -> Option<GenOp> {
        let c = self.b_convolution()?;
        // Move `padding = dense<[...]> : tensor<Nx2xi64>` into an operand.
        let p0 = c.tail.find("padding = dense<[")?;
        let p1 = p0 + c.tail[p0..].find(">, rhs_dilation")? + 1;
        let pad_text = &c.tail[p0..p1];
        let nums: Vec<i64> = pad_text
            .trim_start_matches("padding = dense<")
            .split("> :")
            .next()?
            .split(|ch: char| !ch.is_ascii_digit() && ch != '-')
            .filter_map(|x| x.parse().ok())
            .collect();
        let sp = nums.len() / 2;
        let e = self.shape_type();
        let pad = self.const_ints(&nums, &[sp, 2], &e)?;
        let tail = format!("{}{}", &c.tail[..p0], &c.tail[p1 + 2..]);
        Some(self.op(
            "stablehlo.dynamic_conv",
            vec![c.operands[0], c.operands[1], pad],
            tail,
            c.result,
        ))
    }

    fn b_rng(&mut self) -> Option<GenOp> {
        let normal = self.rng.chance(0.3);
        let classes: &[Class] = if normal {
            &[Class::Float]
        } else {
            &[Class::Signed, Class::Unsigned, Class::Float, Class::Bool]
        };
        let e = self.elem(classes)?;
        // Constant bounds: a >= b (UNIFORM) and b < 0 (NORMAL) are undefined
        // behavior in the spec.
        let (lo, hi) = match (normal, class_of(&e)) {
            (true, _) => (0.5, 1.5),
            (false, Class::Bool | Class::Unsigned) => (0.0, 1.0 + self.rng.below(3) as f64),
            (false, Class::Signed) => (-1.0, 1.0),
            (false, _) => (-1.0, 2.0),
        };
        let a = self.const_scalar(&e, lo)?;
        let b = self.const_scalar(&e, hi)?;
        let s = self.shape(0);
        let v: Vec<i64> = s.iter().map(|&x| x as i64).collect();
        let c = self.const_ints(&v, &[v.len()], &ElementType::I64)?;
        let dist = if normal { "NORMAL" } else { "UNIFORM" };
        Some(self.op(
            "stablehlo.rng",
            vec![a, b, c],
            format!(" {{rng_distribution = #stablehlo<rng_distribution {dist}>}}"),
            tt(&s, &e),
        ))
    }

    fn b_rng_bit_generator(&mut self) -> Option<GenOp> {
        let (alg, n) = *self.rng.pick(&[
            ("DEFAULT", 2usize),
            ("THREE_FRY", 2),
            ("PHILOX", 2),
            ("PHILOX", 3),
        ]);
        let u64t = ElementType::Int(Signedness::Unsigned, 64);
        let st = tt(&[n], &u64t);
        let s0 = self.value_of_type(&st);
        let e = self.elem(&[Class::Signed, Class::Unsigned, Class::Float])?;
        let s = self.shape(0);
        let out = tt(&s, &e);
        let pick = if self.rng.chance(0.8) { 1 } else { 0 };
        let mut g = self.op(
            "stablehlo.rng_bit_generator",
            vec![s0],
            format!(" {{rng_algorithm = #stablehlo<rng_algorithm {alg}>}}"),
            if pick == 1 { out.clone() } else { st.clone() },
        );
        g.results = vec![st, out];
        g.pick = pick;
        Some(g)
    }

    fn b_scatter(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(ANY, 1)?;
        let n = 1 + self.rng.below(3);
        let ie = self.shape_type();
        let idx = self.value_of_type(&tt(&[n, 1], &ie));
        let ud: Vec<usize> = std::iter::once(n).chain(d[1..].iter().cloned()).collect();
        let u = self.value_of_type(&tt(&ud, &ty.elem));
        let window: Vec<i64> = (1..d.len() as i64).collect();
        let t = scalar(&ty.elem);
        let region = if self.rng.chance(0.5) {
            format!(" ({{\n  ^bb0(%a: {t}, %b: {t}):\n    \"stablehlo.return\"(%b) : ({t}) -> ()\n  }})")
        } else {
            binary_region(reducer_for(&ty.elem, &mut self.rng), &ty.elem)
        };
        Some(self.op(
            "stablehlo.scatter",
            vec![x, idx, u],
            format!(
                "{region} {{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = {}, inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}}",
                list(&window)
            ),
            ty,
        ))
    }

    fn b_select_and_scatter(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(REAL, 1)?;
        let (mut w, mut st, mut src) = (vec![], vec![], vec![]);
        for &n in &d {
            let wi = 1 + self.rng.below(n.clamp(1, 3));
            let si = 1 + self.rng.below(2);
            w.push(wi as i64);
            st.push(si as i64);
            src.push(if n < wi { 0 } else { (n - wi) / si + 1 });
        }
        let s = self.value_of_type(&tt(&src, &ty.elem));
        let init = self.value_of_type(&scalar(&ty.elem));
        let t = scalar(&ty.elem);
        let dir = *self.rng.pick(&["GE", "LE"]);
        let ct = compare_type(&ty.elem, &mut self.rng);
        let r = d.len();
        Some(self.op(
            "stablehlo.select_and_scatter",
            vec![x, s, init],
            format!(
                " ({{\n  ^bb0(%a: {t}, %b: {t}):\n    %c = \"stablehlo.compare\"(%a, %b) {{compare_type = #stablehlo<comparison_type {ct}>, comparison_direction = #stablehlo<comparison_direction {dir}>}} : ({t}, {t}) -> tensor<i1>\n    \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  }}, {}) {{padding = dense<0> : tensor<{r}x2xi64>, window_dimensions = {}, window_strides = {}}}",
                binary_region("stablehlo.add", &ty.elem).trim_start().trim_start_matches('(').trim_end_matches(')'),
                arr(&w),
                arr(&st)
            ),
            ty,
        ))
    }

    fn b_fft(&mut self) -> Option<GenOp> {
        let ks: Vec<FloatKind> = [FloatKind::F32, FloatKind::F64]
            .into_iter()
            .filter(|k| {
                self.opts.elem_types.contains(&ElementType::Complex(*k))
                    || self.opts.elem_types.contains(&ElementType::Float(*k))
            })
            .collect();
        if ks.is_empty() {
            return None;
        }
        let k = *self.rng.pick(&ks);
        let kind = *self.rng.pick(&["FFT", "IFFT", "RFFT", "IRFFT"]);
        let s = self.shape(1);
        let l = 1 + self.rng.below(s.len().min(3));
        let fl: Vec<i64> = s[s.len() - l..].iter().map(|&x| x as i64).collect();
        let half = |n: usize| if n == 0 { 0 } else { n / 2 + 1 };
        let mut halved = s.clone();
        if let Some(last) = halved.last_mut() {
            *last = half(*last);
        }
        let (c, f) = (ElementType::Complex(k), ElementType::Float(k));
        let (ot, rt) = match kind {
            "FFT" | "IFFT" => (tt(&s, &c), tt(&s, &c)),
            "RFFT" => (tt(&s, &f), tt(&halved, &c)),
            _ => (tt(&halved, &c), tt(&s, &f)),
        };
        let x = self.value_of_type(&ot);
        Some(self.op(
            "stablehlo.fft",
            vec![x],
            format!(
                " {{fft_length = {}, fft_type = #stablehlo<fft_type {kind}>}}",
                arr(&fl)
            ),
            rt,
        ))
    }

    fn b_batch_norm(&mut self, name: &str) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(&[Class::Float], 1)?;
        let fi = self.rng.below(d.len());
        let ct = tt(&[d[fi]], &ty.elem);
        let n = match name {
            "stablehlo.batch_norm_inference" => 4,
            "stablehlo.batch_norm_training" => 2,
            _ => 3,
        };
        let mut ops = vec![x];
        for _ in 0..n {
            ops.push(self.value_of_type(&ct));
        }
        if name == "stablehlo.batch_norm_grad" {
            ops.push(self.value_of_type(&ty));
        }
        let eps = *self
            .rng
            .pick(&["1.000000e-03", "1.000000e-05", "0.000000e+00"]);
        let mut g = self.op(
            name,
            ops,
            format!(" {{epsilon = {eps} : f32, feature_index = {fi} : i64}}"),
            ty.clone(),
        );
        if name != "stablehlo.batch_norm_inference" {
            g.results = vec![ty, ct.clone(), ct];
            g.pick = self.rng.below(3);
            g.result = g.results[g.pick].clone();
        }
        Some(g)
    }

    fn b_triangular_solve(&mut self) -> Option<GenOp> {
        let e = self.elem(&[Class::Float, Class::Complex])?;
        let m = 1 + self.rng.below(self.opts.max_dim.max(1));
        let n = 1 + self.rng.below(self.opts.max_dim.max(1));
        let batch: Vec<usize> = (0..self.rng.below(2))
            .map(|_| 1 + self.rng.below(2))
            .collect();
        let left = self.rng.chance(0.5);
        let a: Vec<usize> = batch.iter().cloned().chain([m, m]).collect();
        let b: Vec<usize> = batch
            .iter()
            .cloned()
            .chain(if left { [m, n] } else { [n, m] })
            .collect();
        let av = self.value_of_type(&tt(&a, &e));
        let bv = self.value_of_type(&tt(&b, &e));
        let lower = self.rng.chance(0.5);
        let unit = self.rng.chance(0.3);
        let tr = *self.rng.pick(&["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"]);
        Some(self.op(
            "stablehlo.triangular_solve",
            vec![av, bv],
            format!(" {{left_side = {left}, lower = {lower}, transpose_a = #stablehlo<transpose {tr}>, unit_diagonal = {unit}}}"),
            tt(&b, &e),
        ))
    }

    fn b_top_k(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(REAL, 1)?;
        let last = *d.last()?;
        let k = self.rng.below(last + 1);
        let mut rd = d.clone();
        if let Some(l) = rd.last_mut() {
            *l = k;
        }
        let vals = tt(&rd, &ty.elem);
        let idx = tt(&rd, &ElementType::I32);
        let pick = self.rng.below(2);
        let mut g = self.op(
            "chlo.top_k",
            vec![x],
            format!(" {{k = {k} : i64}}"),
            if pick == 0 { vals.clone() } else { idx.clone() },
        );
        g.results = vec![vals, idx];
        g.pick = pick;
        Some(g)
    }

    fn b_constant_like(&mut self) -> Option<GenOp> {
        let (x, ty, _) = self.static_source(&[Class::Signed, Class::Unsigned, Class::Float], 0)?;
        let v = match class_of(&ty.elem) {
            Class::Float => {
                let f = *self.rng.pick(&[
                    "0.000000e+00",
                    "1.000000e+00",
                    "-2.500000e+00",
                    "5.000000e-01",
                ]);
                format!("{f} : {}", ty.elem)
            }
            Class::Unsigned => format!("{} : {}", self.rng.below(2), ty.elem),
            _ => format!("{} : {}", self.rng.below(3) as i64 - 1, ty.elem),
        };
        Some(self.op(
            "chlo.constant_like",
            vec![x],
            format!(" {{value = {v}}}"),
            ty,
        ))
    }

    fn b_chlo_constant(&mut self) -> Option<GenOp> {
        let mut c = self.b_constant()?;
        c.name = "chlo.constant".into();
        Some(c)
    }

    fn b_scan(&mut self) -> Option<GenOp> {
        let (x, ty, d) = self.static_source(REAL, 1)?;
        let dim = self.rng.below(d.len());
        let mut cd = d.clone();
        cd.remove(dim);
        let ct = tt(&cd, &ty.elem);
        let init = self.value_of_type(&ct);
        let op = reducer_for(&ty.elem, &mut self.rng);
        let reverse = self.rng.chance(0.3);
        let pick = self.rng.below(2);
        let mut g = self.op(
            "chlo.scan",
            vec![x, init],
            format!(
                " ({{\n  ^bb0(%a: {ct}, %b: {ct}):\n    %s = \"{op}\"(%a, %b) : ({ct}, {ct}) -> {ct}\n    \"stablehlo.return\"(%s, %s) : ({ct}, {ct}) -> ()\n  }}) {{dimension = {dim} : i64, is_reverse = {reverse}, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}}"
            ),
            if pick == 0 { ty.clone() } else { ct.clone() },
        );
        g.results = vec![ty, ct];
        g.pick = pick;
        Some(g)
    }

    fn b_ragged_dot(&mut self) -> Option<GenOp> {
        let e = self.elem(&[Class::Float, Class::Signed])?;
        let md = self.opts.max_dim.max(1);
        let m = 1 + self.rng.below(md + 2);
        let k = 1 + self.rng.below(md);
        let n = 1 + self.rng.below(md);
        let g = 1 + self.rng.below(3);
        // Group sizes summing to m.
        let mut sizes = vec![0i64; g];
        for _ in 0..m {
            let i = self.rng.below(g);
            sizes[i] += 1;
        }
        let a = self.value_of_type(&tt(&[m, k], &e));
        let b = self.value_of_type(&tt(&[g, k, n], &e));
        let gs = self.const_ints(&sizes, &[g], &ElementType::I64)?;
        Some(self.op(
            "chlo.ragged_dot",
            vec![a, b, gs],
            " {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}".into(),
            tt(&[m, n], &e),
        ))
    }
}
