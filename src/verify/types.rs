//! Well-formedness of types and of attributes that MLIR checks when it builds
//! them: the spec's constraints on quantized element types ("Types" →
//! quantized element types, (C1)–(C11)) and quantized tensor types
//! ((C12), (C13)), bounds of dynamic dimensions, types of the `stablehlo`
//! dialect that do not exist, and `#stablehlo.result_accuracy` tolerances.

use crate::float::{max_finite, min_positive_subnormal, to_f64};
use crate::ir::attr::{Attr, RESULT_ACCURACY};
use crate::ir::types::{ElementType, QuantType, Signedness, TensorType, Type};

/// A problem with a type: the spec label and an explanation.
pub struct TypeProblem {
    pub label: &'static str,
    pub message: String,
}

fn quant_problems(q: &QuantType, out: &mut Vec<TypeProblem>) {
    let full = QuantType::full_range(q.storage_signed, q.storage_bits);
    // (C3) min_value(storage_type) <= storage_min < storage_max <= max_value(storage_type)
    if !(full.0 <= q.storage_min && q.storage_min < q.storage_max && q.storage_max <= full.1) {
        out.push(TypeProblem {
            label: "quantized type C3",
            message: format!(
                "storage range [{}, {}] is not within [{}, {}] or is empty",
                q.storage_min, q.storage_max, full.0, full.1
            ),
        });
    }
    // (C4)-(C6): scales are positive finite values of the expressed type. A
    // scale that rounds to zero or overflows in the expressed type is not a
    // value of it; the smallest positive subnormal is the lower limit.
    let hi = to_f64(q.expressed, max_finite(q.expressed));
    let lo = to_f64(q.expressed, min_positive_subnormal(q.expressed));
    for s in &q.scales {
        if s.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
            out.push(TypeProblem {
                label: "quantized type C5",
                message: format!("scale {s} is not positive"),
            });
        } else if !s.is_finite() || *s > hi || *s < lo {
            out.push(TypeProblem {
                label: "quantized type C6",
                message: format!(
                    "scale {s:e} is out of the range of the expressed type {}",
                    q.expressed.name()
                ),
            });
        }
    }
    // (C7) storage_min <= zero_points <= storage_max
    for z in &q.zero_points {
        if *z < q.storage_min || *z > q.storage_max {
            out.push(TypeProblem {
                label: "quantized type C7",
                message: format!(
                    "zero point {z} is outside the storage range [{}, {}]",
                    q.storage_min, q.storage_max
                ),
            });
        }
    }
    // (C9), (C10)
    if q.scales.len() != q.zero_points.len() || (q.axis.is_none() && q.scales.len() != 1) {
        out.push(TypeProblem {
            label: "quantized type C9",
            message: format!(
                "{} scales and {} zero points",
                q.scales.len(),
                q.zero_points.len()
            ),
        });
    }
    // (C11) 0 <= quantization_dimension
    if let Some(a) = q.axis {
        if a < 0 {
            out.push(TypeProblem {
                label: "quantized type C11",
                message: format!("quantization dimension {a} is negative"),
            });
        }
    }
}

fn tensor_problems(t: &TensorType, out: &mut Vec<TypeProblem>) {
    if let ElementType::Quant(q) = &t.elem {
        quant_problems(q, out);
        if let (Some(a), Some(dims)) = (q.axis, &t.dims) {
            // (C12) quantization_dimension < rank(self)
            if a >= 0 && a as usize >= dims.len() {
                out.push(TypeProblem {
                    label: "quantized tensor type C12",
                    message: format!(
                        "quantization dimension {a} is not below the rank {}",
                        dims.len()
                    ),
                });
            } else if a >= 0 {
                // (C13) dim(self, quantization_dimension) = size(scales)
                if let Some(d) = dims[a as usize] {
                    if d as usize != q.scales.len() {
                        out.push(TypeProblem {
                            label: "quantized tensor type C13",
                            message: format!(
                                "dimension {a} has size {d} but there are {} scales",
                                q.scales.len()
                            ),
                        });
                    }
                }
            }
        }
    }
    if let (Some(b), Some(dims)) = (t.bounds(), &t.dims) {
        if b.len() != dims.len() {
            out.push(TypeProblem {
                label: "bounds",
                message: format!("{} bounds for a tensor of rank {}", b.len(), dims.len()),
            });
        } else {
            for (i, (bd, d)) in b.iter().zip(dims).enumerate() {
                match (bd, d) {
                    (Some(_), Some(_)) => out.push(TypeProblem {
                        label: "bounds",
                        message: format!("dimension {i} is static but has a bound"),
                    }),
                    (Some(v), None) if *v < 0 => out.push(TypeProblem {
                        label: "bounds",
                        message: format!("dimension {i} has a negative bound {v}"),
                    }),
                    _ => {}
                }
            }
        }
    }
}

/// The problems of a type (recursing into tuples and function types).
/// The problem of an explicitly signed integer element type (`si8`) in an
/// op's operand or result: the spec's signed integers si2 … si64 are the
/// dialect's signless i2 … i64, and MLIR's `siN` is no StableHLO type
/// (function signatures may hold it; ops may not).
pub fn signedness_problems(t: &Type, out: &mut Vec<TypeProblem>) {
    let Type::Tensor(t) = t else { return };
    let explicit_signed = match &t.elem {
        ElementType::Int(Signedness::Signed, w) => Some(format!("si{w}")),
        ElementType::Quant(q) if q.storage_signed && q.storage_explicit_sign => {
            Some(format!("si{} (as a storage type)", q.storage_bits))
        }
        _ => None,
    };
    if let Some(name) = explicit_signed {
        out.push(TypeProblem {
            label: "type",
            message: format!(
                "element type {name} is not a StableHLO type: signed integers are \
                 written iN (signless), unsigned ones uiN"
            ),
        });
    }
}

pub fn type_problems(t: &Type, out: &mut Vec<TypeProblem>) {
    match t {
        Type::Tensor(tt) => tensor_problems(tt, out),
        Type::Element(ElementType::Quant(q)) => quant_problems(q, out),
        Type::Tuple(ts) => ts.iter().for_each(|t| type_problems(t, out)),
        Type::Function(f) => f
            .inputs
            .iter()
            .chain(&f.results)
            .for_each(|t| type_problems(t, out)),
        // The dialect's types are `!stablehlo.token` and `!stablehlo.future<...>`.
        Type::Opaque(s) if s.starts_with("!stablehlo.") && !s.starts_with("!stablehlo.future<") => {
            out.push(TypeProblem {
                label: "type",
                message: format!("unknown stablehlo type {s}"),
            })
        }
        _ => {}
    }
}

/// Problems of an op's attributes: `#stablehlo.result_accuracy` tolerances
/// must be zero unless the mode is TOLERANCE (the StableHLO dialect's rule;
/// the spec text does not describe this attribute).
pub fn attr_problems(attrs: &[(String, Attr)], out: &mut Vec<TypeProblem>) {
    for (_, a) in attrs {
        if let Attr::Struct(def, _) = a {
            if std::ptr::eq(*def, &RESULT_ACCURACY) {
                let mode = a
                    .field("mode")
                    .and_then(|m| m.as_enum())
                    .unwrap_or("DEFAULT");
                let nonzero = |n: &str| match a.field(n) {
                    Some(Attr::Float(bits, k)) => to_f64(*k, *bits) != 0.0,
                    Some(Attr::Int(v, _)) => *v != 0,
                    _ => false,
                };
                let any = nonzero("atol") || nonzero("rtol") || nonzero("ulps");
                if mode != "TOLERANCE" && any {
                    out.push(TypeProblem {
                        label: "result_accuracy",
                        message: format!("tolerances must be zero in mode {mode}"),
                    });
                }
                for n in ["atol", "rtol"] {
                    if let Some(Attr::Float(bits, k)) = a.field(n) {
                        let v = to_f64(*k, *bits);
                        if v.is_nan() || v < 0.0 {
                            out.push(TypeProblem {
                                label: "result_accuracy",
                                message: format!("{n} must not be negative"),
                            });
                        }
                    }
                }
                if let Some(u) = a.field("ulps").and_then(|u| u.as_i64()) {
                    if u < 0 {
                        out.push(TypeProblem {
                            label: "result_accuracy",
                            message: "ulps must not be negative".into(),
                        });
                    }
                }
            }
        }
    }
}

fn ints_of(a: &Attr) -> Option<Vec<i128>> {
    match a {
        Attr::Dense(d) => crate::verify::bind::dense_ints(d),
        Attr::DenseArray(_) => a
            .as_i64_list()
            .map(|v| v.iter().map(|x| *x as i128).collect()),
        Attr::Array(xs) => xs
            .iter()
            .map(|x| match x {
                Attr::Int(v, _) => Some(*v),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The StableHLO dialect's rules for `custom_call` attributes that the spec
/// leaves to the implementation (its (C1) says "implementation-defined"):
/// operand and result layouts, output-operand aliases and the form of
/// `backend_config` per API version.
pub fn custom_call_problems(
    attrs: &crate::ir::Op,
    operands: &[&Type],
    results: &[&Type],
    out: &mut Vec<TypeProblem>,
) {
    let op = attrs;
    let mut push = |m: String| {
        out.push(TypeProblem {
            label: "custom_call",
            message: m,
        })
    };
    let ol = op.attr("operand_layouts");
    let rl = op.attr("result_layouts");
    // A single tuple result stands for its elements.
    let flat_results: Vec<&Type> = match results {
        [Type::Tuple(ts)] => ts.iter().collect(),
        rs => rs.to_vec(),
    };
    match (ol, rl) {
        (Some(_), None) | (None, Some(_)) => {
            push("layouts must be given for both operands and results, or for neither".into())
        }
        (Some(Attr::Array(ols)), Some(Attr::Array(rls))) => {
            if operands.iter().any(|t| matches!(t, Type::Tuple(_))) {
                push("tuple operands cannot have layout constraints".into());
            } else if ols.len() != operands.len() {
                push(format!(
                    "{} operands but {} operand layouts",
                    operands.len(),
                    ols.len()
                ));
            } else if rls.len() != flat_results.len() {
                push(format!(
                    "{} results but {} result layouts",
                    flat_results.len(),
                    rls.len()
                ));
            } else {
                let pairs = operands
                    .iter()
                    .zip(ols)
                    .map(|(t, l)| ("operand", *t, l))
                    .chain(flat_results.iter().zip(rls).map(|(t, l)| ("result", *t, l)));
                for (i, (what, t, l)) in pairs.enumerate() {
                    let Some(layout) = ints_of(l) else {
                        push(format!(
                            "the layout of {what} #{i} is not a list of integers"
                        ));
                        continue;
                    };
                    match t {
                        Type::Tensor(tt) => {
                            if let Some(d) = &tt.dims {
                                let mut sorted = layout.clone();
                                sorted.sort();
                                if sorted != (0..d.len() as i128).collect::<Vec<_>>() {
                                    push(format!(
                                        "the layout {layout:?} of {what} #{i} is not a permutation of [0, {})",
                                        d.len()
                                    ));
                                }
                            }
                        }
                        _ if !layout.is_empty() => push(format!(
                            "only tensors can have a non-empty layout, but {what} #{i} of type {t} has {layout:?}"
                        )),
                        _ => {}
                    }
                }
            }
        }
        _ => {}
    }
    if let Some(Attr::Array(aliases)) = op.attr("output_operand_aliases") {
        let output: Type = match results {
            [t] => (*t).clone(),
            ts => Type::Tuple(ts.iter().map(|t| (*t).clone()).collect()),
        };
        for a in aliases {
            let Some(idx) = a.field("operand_index").and_then(|x| x.as_i64()) else {
                continue;
            };
            if idx < 0 || idx as usize >= operands.len() {
                push(format!(
                    "output_operand_alias: operand_index {idx} is not in [0, {})",
                    operands.len()
                ));
                continue;
            }
            let walk = |mut t: &Type, path: &[i64]| -> Option<Type> {
                for &i in path {
                    match t {
                        Type::Tuple(ts) if i >= 0 && (i as usize) < ts.len() => t = &ts[i as usize],
                        _ => return None,
                    }
                }
                Some(t.clone())
            };
            let path = |n: &str| {
                a.field(n)
                    .and_then(|x| x.as_i64_list())
                    .map(|v| v.to_vec())
                    .unwrap_or_default()
            };
            let operand_part = walk(operands[idx as usize], &path("operand_tuple_indices"));
            let output_part = walk(&output, &path("output_tuple_indices"));
            match (operand_part, output_part) {
                (None, _) => {
                    push("output_operand_alias: operand_tuple_indices out of bounds".into())
                }
                (_, None) => {
                    push("output_operand_alias: output_tuple_indices out of bounds".into())
                }
                (Some(p), Some(q)) if p != q => push(format!(
                    "output_operand_alias: the operand part has type {p} and the output part {q}"
                )),
                _ => {}
            }
        }
    }
    // backend_config: a dictionary for API_VERSION_TYPED_FFI (4), a string
    // for the older versions.
    let version = op.attr("api_version").and_then(|v| v.as_i64()).unwrap_or(1);
    match (version, op.attr("backend_config")) {
        (4, Some(a)) if !matches!(a, Attr::Dict(_)) => {
            push("backend_config must be a dictionary for API_VERSION_TYPED_FFI".into())
        }
        (1..=3, Some(a)) if !matches!(a, Attr::Str(_)) => push(format!(
            "backend_config must be a string for api_version {version}"
        )),
        _ => {}
    }
}

/// The StableHLO dialect's rule for `infeed`'s `layout` attribute: one
/// list of integers per result but the token.
pub fn infeed_problems(op: &crate::ir::Op, out: &mut Vec<TypeProblem>) {
    let Some(layout) = op.attr("layout") else {
        return;
    };
    let mut push = |m: String| {
        out.push(TypeProblem {
            label: "infeed layout",
            message: m,
        })
    };
    let Attr::Array(items) = layout else {
        push("layout must be an array".into());
        return;
    };
    let want = op.results.len().saturating_sub(1);
    if items.len() != want {
        push(format!(
            "layout has {} entries, but there are {want} results besides the token",
            items.len()
        ));
        return;
    }
    for it in items {
        match it {
            Attr::Array(xs) if xs.iter().all(|x| matches!(x, Attr::Int(..))) => {}
            Attr::Array(_) => push("layout entries must be lists of integers".into()),
            _ => push("layout entries must be arrays".into()),
        }
    }
}

/// The ops `async_start` may wrap: collectives and slices.
const ASYNC_WRAPPABLE: &[&str] = &[
    "stablehlo.all_reduce",
    "stablehlo.all_gather",
    "stablehlo.reduce_scatter",
    "stablehlo.all_to_all",
    "stablehlo.collective_permute",
    "stablehlo.collective_broadcast",
    "stablehlo.collective_reduce",
    "stablehlo.slice",
    "stablehlo.dynamic_slice",
];

fn squeeze(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

fn future_of(types: &[&Type]) -> String {
    let inner: Vec<String> = types.iter().map(|t| t.to_string()).collect();
    squeeze(&format!("!stablehlo.future<{}>", inner.join(",")))
}

/// The StableHLO dialect's rules for `async_start` and `async_done` (ops the
/// spec does not describe): `async_start` has one region holding one
/// collective or slice op and a return, takes the region's argument types,
/// and yields a `!stablehlo.future` of the region's results; `async_done`
/// yields the types inside the future.
pub fn async_problems(op: &crate::ir::Op, ty: &dyn Fn(u32) -> Type, out: &mut Vec<TypeProblem>) {
    let mut push = |m: String| {
        out.push(TypeProblem {
            label: "async",
            message: m,
        })
    };
    match op.name.as_str() {
        "stablehlo.async_start" => {
            if op.regions.len() != 1 {
                push(format!(
                    "async_start needs one region, has {}",
                    op.regions.len()
                ));
                return;
            }
            let Some(block) = op.regions[0].blocks.first() else {
                push("the region is empty".into());
                return;
            };
            if block.ops.len() != 2 {
                push("the region must hold exactly one op and a return".into());
                return;
            }
            if !ASYNC_WRAPPABLE.contains(&block.ops[0].name.as_str()) {
                push(format!(
                    "the region must hold a collective or slice op, not {}",
                    block.ops[0].name
                ));
                return;
            }
            if block.args.len() != op.operands.len() {
                push(format!(
                    "{} operands but {} region arguments",
                    op.operands.len(),
                    block.args.len()
                ));
                return;
            }
            for (i, (o, a)) in op.operands.iter().zip(&block.args).enumerate() {
                let (to, ta) = (ty(*o), ty(*a));
                if to != ta {
                    push(format!(
                        "operand #{i} has type {to} but the region's argument has {ta}"
                    ));
                    return;
                }
            }
            let returned: Vec<Type> = block.ops[1].operands.iter().map(|v| ty(*v)).collect();
            let refs: Vec<&Type> = returned.iter().collect();
            let want = future_of(&refs);
            if let Some(&r) = op.results.first() {
                let got = squeeze(&ty(r).to_string());
                if got != want {
                    push(format!("the result is {got}, but the region yields {want}"));
                }
            }
        }
        "stablehlo.async_done" => {
            let Some(&f) = op.operands.first() else {
                push("async_done needs a future operand".into());
                return;
            };
            let results: Vec<Type> = op.results.iter().map(|v| ty(*v)).collect();
            let refs: Vec<&Type> = results.iter().collect();
            let want = future_of(&refs);
            let got = squeeze(&ty(f).to_string());
            if got != want {
                push(format!("the results make {want}, but the operand is {got}"));
            }
        }
        _ => {}
    }
}
