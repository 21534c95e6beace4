//! Binding an IR op to the members of its spec: operands and results by
//! position (variadic runs split as described below), attributes by name
//! (also when MLIR packs them into a struct attribute such as
//! `#stablehlo.gather<...>` or `#stablehlo.conv<...>`), regions by position.

use crate::ir::attr::{Attr, DenseArray, DenseElements};
use crate::ir::types::{ElementType, Signedness, Type};
use crate::ir::{Op, Region, ValueId};
use crate::spec::ast::{Member, MemberKind, OpSpec, TypeBase};
use crate::spec::eval::{tyv_of, Bindings, FuncSig, TensorVal, TyV, Value};
use crate::spec::sym::Sym;
use std::rc::Rc;

/// Largest constant whose elements are turned into values.
pub const MAX_CONST_ELEMS: usize = 4096;

/// A binding problem that makes the op ill-formed whatever its constraints say.
#[derive(Clone, Debug)]
pub struct BindError {
    pub label: String,
    pub message: String,
}

/// How many values each member of one kind takes, given `n` values.
///
/// MLIR's `operandSegmentSizes`/`resultSegmentSizes` decide when present.
/// Otherwise every non-variadic member takes one value (an optional one only
/// while values remain beyond those the required members need), and the
/// remaining values are split equally between the variadic members (as
/// `reduce`'s inputs and init values, or `scatter`'s inputs and updates); a
/// remainder goes to the first.
fn split(members: &[&Member], n: usize, segments: Option<&[i64]>) -> Result<Vec<usize>, String> {
    if let Some(seg) = segments {
        if seg.len() == members.len() && seg.iter().all(|&s| s >= 0) {
            let total: i64 = seg.iter().sum();
            if total as usize == n {
                return Ok(seg.iter().map(|&s| s as usize).collect());
            }
            return Err(format!(
                "segment sizes add up to {total}, but there are {n} values"
            ));
        }
    }
    let required = members
        .iter()
        .filter(|m| !m.variadic && !m.optional)
        .count();
    let variadic = members.iter().filter(|m| m.variadic).count();
    if n < required {
        return Err(format!("expects at least {required} values, has {n}"));
    }
    let mut spare = n - required;
    let mut counts = Vec::with_capacity(members.len());
    for m in members {
        if m.variadic {
            counts.push(0);
        } else if m.optional {
            let take = usize::from(spare > 0 && variadic == 0);
            spare -= take;
            counts.push(take);
        } else {
            counts.push(1);
        }
    }
    if variadic == 0 {
        if spare > 0 {
            return Err(format!("expects {} values, has {n}", n - spare));
        }
        return Ok(counts);
    }
    let each = spare / variadic;
    let mut rem = spare % variadic;
    for (c, m) in counts.iter_mut().zip(members) {
        if m.variadic {
            *c = each + rem;
            rem = 0;
        }
    }
    Ok(counts)
}

/// Binds `op` to `spec`. `val` gives each value's tracked form.
pub fn bind(
    op: &Op,
    spec: &OpSpec,
    val: &dyn Fn(ValueId) -> Rc<TensorVal>,
) -> Result<Bindings, BindError> {
    let mut b = Bindings::default();
    for (kind, values, seg_name) in [
        (MemberKind::Operand, &op.operands, "operandSegmentSizes"),
        (MemberKind::Result, &op.results, "resultSegmentSizes"),
    ] {
        let members: Vec<&Member> = spec.members_of(kind).collect();
        let seg = op.attr(seg_name).and_then(|a| a.as_i64_list());
        let counts = split(&members, values.len(), seg).map_err(|m| BindError {
            label: kind.keyword().to_string(),
            message: format!("{} {}s: {m}", op.name, kind.keyword()),
        })?;
        let mut at = 0;
        for (m, c) in members.iter().zip(counts) {
            let vs: Vec<Value> = values[at..at + c]
                .iter()
                .map(|v| Value::Tensor(val(*v)))
                .collect();
            at += c;
            let v = if m.variadic {
                Value::List(vs)
            } else {
                vs.into_iter().next().unwrap_or(Value::Absent)
            };
            b.insert(m.name.clone(), v);
        }
    }
    // Regions.
    let regions: Vec<&Member> = spec.members_of(MemberKind::Region).collect();
    let mut rs = op.regions.iter();
    for m in &regions {
        if m.variadic {
            let all: Vec<Value> = rs.by_ref().map(|r| region_value(r, val)).collect();
            b.insert(m.name.clone(), Value::List(all));
        } else {
            let v = rs.next().map_or(Value::Absent, |r| region_value(r, val));
            b.insert(m.name.clone(), v);
        }
    }
    // Attributes.
    for m in spec.members_of(MemberKind::Attr) {
        let v = match find_attr(op, &m.name) {
            Some(a) => attr_value(&a, m),
            None => Value::Absent,
        };
        b.insert(m.name.clone(), v);
    }
    // MLIR writes the elements of a quantized constant in its storage type
    // (`dense<[1, 2]> : tensor<2xi8>` for a `tensor<2x!quant.uniform<i8:...>>`
    // result): such a value has the result's type, as the spec's
    // `type(value) = type(output)` presumes.
    if op.name == "stablehlo.constant" {
        if let (Some(Value::Tensor(v)), Some(&r)) = (b.get("value"), op.results.first()) {
            let rt = val(r);
            if let (Type::Tensor(vt), Type::Tensor(qt)) = (&v.ty, &rt.ty) {
                if let (ElementType::Int(s, w), ElementType::Quant(q)) = (&vt.elem, &qt.elem) {
                    if *w == q.storage_bits
                        && (*s == Signedness::Unsigned) != q.storage_signed
                        && vt.dims == qt.dims
                    {
                        let mut nv = (**v).clone();
                        nv.ty = rt.ty.clone();
                        b.insert("value".into(), Value::Tensor(Rc::new(nv)));
                    }
                }
            }
        }
    }
    Ok(b)
}

/// Fills in defaults of absent attributes, in declaration order; defaults
/// may refer to other members.
pub fn apply_defaults(spec: &OpSpec, b: &mut Bindings, ctx: &dyn crate::spec::eval::Context) {
    for m in spec.members.iter() {
        if b.get(&m.name) != Some(&Value::Absent) {
            continue;
        }
        let Some(d) = &m.default else { continue };
        let v = {
            let ev = crate::spec::eval::Evaluator::new(spec, b, ctx);
            ev.value(d)
        };
        if let Ok(v) = v {
            b.insert(m.name.clone(), v);
        }
    }
}

fn region_value(r: &Region, val: &dyn Fn(ValueId) -> Rc<TensorVal>) -> Value {
    let Some(block) = r.blocks.first() else {
        return Value::Func(Rc::new(FuncSig {
            inputs: Vec::new(),
            outputs: Vec::new(),
        }));
    };
    let inputs = block.args.iter().map(|a| tyv_of(&val(*a))).collect();
    let outputs = block
        .ops
        .last()
        .map(|t| t.operands.iter().map(|o| tyv_of(&val(*o))).collect())
        .unwrap_or_default();
    Value::Func(Rc::new(FuncSig { inputs, outputs }))
}

/// Finds the attribute the spec calls `name`: the op's own attribute, or a
/// field of a struct attribute (`#stablehlo.gather<...>`, `#stablehlo.dot<...>`,
/// `#stablehlo.conv<...>`, `#stablehlo.dot_algorithm<...>`,
/// `#stablehlo.channel_handle<...>`).
pub fn find_attr(op: &Op, name: &str) -> Option<Attr> {
    if let Some(a) = op.attr(name) {
        return Some(a.clone());
    }
    for (_, a) in &op.attrs {
        match a {
            Attr::Struct(..) => {
                if let Some(f) = a.field(name) {
                    return Some(f.clone());
                }
                // channel_handle<handle, type> holds channel_id and channel_type.
                if name == "channel_id" {
                    if let Some(h) = a.field("handle") {
                        return Some(h.clone());
                    }
                }
                if name == "channel_type" {
                    if let Some(t) = a.field("type").and_then(|t| t.as_i64()) {
                        // StableHLO's ChannelType: 0 invalid, 1 device to
                        // device, 2 device to host, 3 host to device.
                        let s = match t {
                            1 => "DEVICE_TO_DEVICE",
                            2 => "DEVICE_TO_HOST",
                            3 => "HOST_TO_DEVICE",
                            _ => "CHANNEL_TYPE_INVALID",
                        };
                        return Some(Attr::Opaque(format!("enum:{s}")));
                    }
                }
            }
            Attr::Conv(c) => {
                let int = |v: i64| Some(Attr::Int(v as i128, ElementType::I64));
                let list = |v: &Vec<i64>| Some(Attr::DenseArray(DenseArray::I64(v.clone())));
                let r = match name {
                    "input_batch_dimension" => int(c.input_batch_dimension),
                    "input_feature_dimension" => int(c.input_feature_dimension),
                    "input_spatial_dimensions" => list(&c.input_spatial_dimensions),
                    "kernel_input_feature_dimension" => int(c.kernel_input_feature_dimension),
                    "kernel_output_feature_dimension" => int(c.kernel_output_feature_dimension),
                    "kernel_spatial_dimensions" => list(&c.kernel_spatial_dimensions),
                    "output_batch_dimension" => int(c.output_batch_dimension),
                    "output_feature_dimension" => int(c.output_feature_dimension),
                    "output_spatial_dimensions" => list(&c.output_spatial_dimensions),
                    _ => None,
                };
                if r.is_some() {
                    return r;
                }
            }
            _ => {}
        }
    }
    None
}

/// The integers of a dense constant (integers, booleans and index), row-major.
pub fn dense_ints(d: &DenseElements) -> Option<Vec<i128>> {
    let n = d.ty.num_elements()? as usize;
    if n > MAX_CONST_ELEMS {
        return None;
    }
    let (signed, bits) = match &d.ty.elem {
        ElementType::Int(s, w) => (*s != Signedness::Unsigned && *w != 1, *w),
        ElementType::Index => (true, 64),
        _ => return None,
    };
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        if !d.splat && (i + 1) * d.ty.elem.storage_bytes() > d.data.len() {
            return None;
        }
        let bytes = d.element(i);
        let mut v: u128 = 0;
        for (k, byte) in bytes.iter().enumerate() {
            v |= (*byte as u128) << (8 * k);
        }
        let w = (bytes.len() * 8) as u32;
        let x = if signed && w < 128 && (v >> (w - 1)) & 1 == 1 {
            (v as i128) - (1i128 << w)
        } else {
            v as i128
        };
        let _ = bits;
        out.push(x);
    }
    Some(out)
}

/// A dense constant as a tensor value (elements known when integers).
pub fn dense_value(d: &DenseElements) -> Rc<TensorVal> {
    let dims = d.ty.dims.as_ref().map(|ds| {
        ds.iter()
            .map(|x| Sym::constant(x.unwrap_or(0) as i128))
            .collect()
    });
    Rc::new(TensorVal {
        ty: Type::Tensor(d.ty.clone()),
        dims,
        contents: dense_ints(d).map(|v| v.into_iter().map(Sym::constant).collect()),
        exact_if: Vec::new(),
    })
}

fn f64_of(bits: u64, kind: crate::float::FloatKind) -> f64 {
    match kind {
        crate::float::FloatKind::F64 => f64::from_bits(bits),
        crate::float::FloatKind::F32 => f32::from_bits(bits as u32) as f64,
        _ => f64::NAN,
    }
}

/// Converts an attribute to the value the spec member expects.
pub fn attr_value(a: &Attr, m: &Member) -> Value {
    let wants_enum =
        m.ty.alts
            .iter()
            .any(|t| matches!(t.base, TypeBase::Enum(_)));
    let wants_value = m.ty.alts.iter().any(|t| t.base == TypeBase::Value);
    match a {
        Attr::Unit => Value::bool(true),
        Attr::Bool(b) => Value::bool(*b),
        // A scalar attribute given where the spec expects a value (CHLO's
        // `constant_like`) is a 0-d tensor of its type.
        Attr::Int(v, t) if wants_value => Value::Tensor(Rc::new(TensorVal {
            ty: Type::Tensor(crate::ir::types::TensorType::ranked(Vec::new(), t.clone())),
            dims: Some(Vec::new()),
            contents: Some(vec![Sym::constant(*v)]),
            exact_if: Vec::new(),
        })),
        Attr::Float(_, k) if wants_value => Value::Tensor(Rc::new(TensorVal {
            ty: Type::Tensor(crate::ir::types::TensorType::ranked(
                Vec::new(),
                ElementType::Float(*k),
            )),
            dims: Some(Vec::new()),
            contents: None,
            exact_if: Vec::new(),
        })),
        Attr::Int(v, _) => Value::int(*v),
        Attr::Float(bits, k) => Value::Float(f64_of(*bits, *k)),
        Attr::Str(s) => {
            let s = String::from_utf8_lossy(s).into_owned();
            if wants_enum {
                Value::Enum(s)
            } else {
                Value::Str(s)
            }
        }
        Attr::Type(Type::Element(e)) => Value::Elem(e.clone()),
        Attr::Type(t) => Value::Ty(TyV::Other(t.clone())),
        Attr::Array(xs) => Value::List(xs.iter().map(|x| attr_value(x, m)).collect()),
        Attr::DenseArray(d) => match d {
            DenseArray::I64(v) | DenseArray::Int(_, v) => {
                Value::List(v.iter().map(|x| Value::int(*x as i128)).collect())
            }
            DenseArray::Bool(v) => Value::List(v.iter().map(|x| Value::bool(*x)).collect()),
            DenseArray::Float(k, v) => {
                Value::List(v.iter().map(|x| Value::Float(f64_of(*x, *k))).collect())
            }
        },
        Attr::Dense(d) => {
            let t = dense_value(d);
            if m.ty
                .alts
                .iter()
                .any(|a| matches!(a.base, TypeBase::Scalar(_)))
            {
                if let Some(c) = t.contents.as_ref().and_then(|c| c.first()) {
                    return Value::Int(c.clone());
                }
            }
            Value::Tensor(t)
        }
        Attr::Dict(_) => Value::Dict,
        Attr::SymbolRef(parts) => Value::Str(parts.join("::")),
        Attr::Enum(..) => Value::Enum(a.as_enum().unwrap_or("").to_string()),
        Attr::Opaque(s) => match s.strip_prefix("enum:") {
            Some(e) => Value::Enum(e.to_string()),
            None => Value::Str(s.clone()),
        },
        Attr::Struct(..) | Attr::Conv(_) | Attr::Bounds(_) => Value::Dict,
    }
}
