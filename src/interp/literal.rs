//! Tensors in and out: dense attributes, MLIR literal text and `.npy` files.

use super::tensor::{int_kind, lanes, num_elements, Tensor};
use super::Value;
use crate::float::FloatKind;
use crate::ir::attr::{Attr, DenseElements};
use crate::ir::parse::Parser;
use crate::ir::types::{ElementType, Signedness, TensorType};
use crate::ir::Type;

/// The tensor a dense elements attribute denotes.
pub fn tensor_from_attr(a: &Attr, limit: u64) -> Result<Tensor, String> {
    let Attr::Dense(d) = a else {
        return Err(format!("expected a dense elements attribute, got {a}"));
    };
    let dims =
        d.ty.dims
            .as_ref()
            .ok_or("a dense literal of unranked type has no shape")?;
    let mut shape = Vec::with_capacity(dims.len());
    for dim in dims {
        let dim = dim.ok_or("a dense literal of dynamic type has no shape")?;
        shape.push(usize::try_from(dim).map_err(|_| "dimension too large")?);
    }
    let n = num_elements(&shape) as u64;
    if n > limit {
        return Err(format!(
            "a literal of {n} elements exceeds the element limit ({limit}); raise it with --max-elements"
        ));
    }
    Tensor::from_dense(d, shape)
}

/// The dense elements attribute of a tensor.
pub fn to_dense(t: &Tensor) -> DenseElements {
    let ty = TensorType::ranked(
        t.shape.iter().map(|&d| Some(d as u64)).collect(),
        t.elem.clone(),
    );
    DenseElements {
        ty,
        splat: false,
        data: t.to_bytes(),
    }
}

/// `dense<...> : tensor<...>` text of a value (tuples as `(a, b)`, tokens as `!stablehlo.token`).
pub fn format_value(v: &Value) -> String {
    match v {
        Value::Tensor(t) => {
            let mut s = String::new();
            crate::ir::print::write_dense(&mut s, &to_dense(t));
            s
        }
        Value::Tuple(items) => {
            let parts: Vec<String> = items.iter().map(format_value).collect();
            format!("({})", parts.join(", "))
        }
        Value::Token => "!stablehlo.token".into(),
    }
}

/// Parses an argument written as an MLIR dense literal, `dense<...> : tensor<...>`.
pub fn parse_literal(text: &str, limit: u64) -> Result<Tensor, String> {
    let mut p = Parser::new(text, 0);
    let attr = p.parse_attr().map_err(|e| e.msg)?;
    tensor_from_attr(&attr, limit)
}

/// The NumPy dtype string of an element type (`<f4`, `|b1`, ...), where NumPy has one.
fn npy_dtype(e: &ElementType) -> Option<&'static str> {
    Some(match e {
        ElementType::Int(_, 1) => "|b1",
        ElementType::Int(Signedness::Unsigned, 8) => "|u1",
        ElementType::Int(Signedness::Unsigned, 16) => "<u2",
        ElementType::Int(Signedness::Unsigned, 32) => "<u4",
        ElementType::Int(Signedness::Unsigned, 64) => "<u8",
        ElementType::Int(_, 8) => "|i1",
        ElementType::Int(_, 16) => "<i2",
        ElementType::Int(_, 32) => "<i4",
        ElementType::Int(_, 64) | ElementType::Index => "<i8",
        ElementType::Float(FloatKind::F16) => "<f2",
        ElementType::Float(FloatKind::F32) => "<f4",
        ElementType::Float(FloatKind::F64) => "<f8",
        ElementType::Complex(FloatKind::F32) => "<c8",
        ElementType::Complex(FloatKind::F64) => "<c16",
        _ => return None,
    })
}

/// A tensor as a `.npy` file (format version 1.0). Element types NumPy lacks
/// (bf16, the f8/f6/f4 formats, i2/i4, quantized) are written as raw storage
/// integers of the same width (`<u2`, `|u1`, …); the element type is not recorded.
pub fn to_npy(t: &Tensor) -> Vec<u8> {
    let dtype = npy_dtype(&t.elem).unwrap_or(match t.elem.storage_bytes() {
        1 => "|u1",
        2 => "<u2",
        4 => "<u4",
        _ => "<u8",
    });
    let shape: Vec<String> = t.shape.iter().map(|d| d.to_string()).collect();
    let shape = match shape.len() {
        1 => format!("({},)", shape[0]),
        _ => format!("({})", shape.join(", ")),
    };
    let mut header = format!("{{'descr': '{dtype}', 'fortran_order': False, 'shape': {shape}, }}");
    let unpadded = 10 + header.len() + 1;
    header.push_str(&" ".repeat((64 - unpadded % 64) % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(12 + header.len() + t.data.len() * 8);
    out.extend_from_slice(b"\x93NUMPY\x01\x00");
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    t.write_bytes(&mut out);
    out
}

/// Reads a `.npy` file as a tensor of the given element type (its storage
/// width must match the file's dtype).
pub fn from_npy(bytes: &[u8], elem: &ElementType, limit: u64) -> Result<Tensor, String> {
    if bytes.len() < 10 || &bytes[..6] != b"\x93NUMPY" {
        return Err("not a .npy file".into());
    }
    let (hlen, hstart) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10usize),
        2 | 3 if bytes.len() >= 12 => (
            u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            12,
        ),
        v => return Err(format!("unsupported .npy version {v}")),
    };
    let header = bytes
        .get(hstart..hstart.saturating_add(hlen))
        .ok_or("truncated .npy header")?;
    let header = std::str::from_utf8(header).map_err(|_| "the .npy header is not text")?;
    if header.contains("'fortran_order': True") {
        return Err("Fortran-order .npy files are not supported".into());
    }
    let descr = header
        .split("'descr':")
        .nth(1)
        .and_then(|s| s.split('\'').nth(1))
        .ok_or("the .npy header has no descr")?;
    let width: usize = descr
        .get(2..)
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| format!("unsupported .npy dtype {descr}"))?;
    if descr.starts_with('>') && width > 1 {
        return Err("big-endian .npy files are not supported".into());
    }
    if width != elem.storage_bytes() {
        return Err(format!(
            "the .npy dtype {descr} has {width} bytes per element but {elem} needs {}",
            elem.storage_bytes()
        ));
    }
    let shape_text = header
        .split("'shape':")
        .nth(1)
        .and_then(|s| s.split('(').nth(1))
        .and_then(|s| s.split(')').next())
        .ok_or("the .npy header has no shape")?;
    let mut shape = Vec::new();
    for part in shape_text.split(',') {
        let part = part.trim();
        if !part.is_empty() {
            shape.push(part.parse::<usize>().map_err(|_| "bad .npy shape")?);
        }
    }
    let n = num_elements(&shape);
    if n as u64 > limit {
        return Err(format!(
            "the .npy array of {n} elements exceeds the element limit"
        ));
    }
    let data = &bytes[hstart + hlen..];
    if data.len() != n.saturating_mul(width) {
        return Err(format!(
            "the .npy data has {} bytes, the shape needs {}",
            data.len(),
            n.saturating_mul(width)
        ));
    }
    let ty = TensorType::ranked(
        shape.iter().map(|&d| Some(d as u64)).collect(),
        elem.clone(),
    );
    Tensor::from_dense(
        &DenseElements {
            ty,
            splat: false,
            data: data.to_vec(),
        },
        shape,
    )
}

/// A reproducible pseudo-random tensor of a static type (SplitMix64 stream).
/// Integers are drawn from [-8, 8) (or [0, 16) unsigned; booleans 0/1), floats
/// are small integers divided by 4 in [-4, 4), so that results stay readable.
pub fn random_tensor(ty: &Type, seed: &mut u64, limit: u64) -> Result<Tensor, String> {
    let Type::Tensor(tt) = ty else {
        return Err(format!("cannot make a random value of type {ty}"));
    };
    let shape = super::static_shape(ty)
        .ok_or_else(|| format!("cannot make a random value of dynamic type {tt}; pass --arg"))?;
    let n = num_elements(&shape);
    if n as u64 > limit {
        return Err(format!(
            "a random argument of {n} elements exceeds the element limit"
        ));
    }
    let mut next = || {
        *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let l = lanes(&tt.elem);
    let mut data = Vec::with_capacity(n * l);
    for _ in 0..n * l {
        let r = next();
        let lane = match &tt.elem {
            ElementType::Float(k) | ElementType::Complex(k) => {
                let v = (r % 32) as i128 - 16;
                let q = crate::float::convert::from_int(
                    k.format(),
                    v,
                    crate::float::Rounding::NearestEven,
                );
                // Divide by 4 exactly (for formats that can; saturating otherwise).
                crate::float::arith::div(
                    k.format(),
                    q,
                    crate::float::convert::from_int(
                        k.format(),
                        4,
                        crate::float::Rounding::NearestEven,
                    ),
                    crate::float::Rounding::NearestEven,
                )
            }
            other => match int_kind(other) {
                Some(k) if k.bits == 1 => r & 1,
                Some(k) if k.signed => k.wrap((r % 16) as i128 - 8),
                Some(k) => k.wrap((r % 16) as i128),
                None => 0,
            },
        };
        data.push(lane);
    }
    Ok(Tensor {
        elem: tt.elem.clone(),
        shape,
        data,
    })
}
