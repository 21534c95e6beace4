//! Well-formedness of types and of attributes that MLIR checks when it builds
//! them: the spec's constraints on quantized element types ("Types" →
//! quantized element types, (C1)–(C11)) and quantized tensor types
//! ((C12), (C13)), bounds of dynamic dimensions, types of the `stablehlo`
//! dialect that do not exist, and `#stablehlo.result_accuracy` tolerances.

use crate::float::{max_finite, min_positive_subnormal, to_f64};
use crate::ir::attr::{Attr, RESULT_ACCURACY};
use crate::ir::types::{ElementType, QuantType, TensorType, Type};

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
