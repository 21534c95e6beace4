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

/// Writes a value as [`format_value`] does, in pieces: a large tensor is
/// written as hex digits a block at a time, never held as one string.
pub fn write_value(w: &mut dyn std::io::Write, v: &Value) -> std::io::Result<()> {
    match v {
        Value::Tensor(t) if t.data.len() > STREAM_ABOVE => {
            let ty = TensorType::ranked(
                t.shape.iter().map(|&d| Some(d as u64)).collect(),
                t.elem.clone(),
            );
            w.write_all(b"dense<\"0x")?;
            // A block of lanes at a time, read from the tensor's words: the
            // text is never held whole, nor the tensor widened.
            const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
            let n = t.data.len();
            let mut lanes = vec![0u64; n.min(1 << 13)];
            let (mut bytes, mut hex) = (Vec::new(), Vec::new());
            let mut off = 0;
            while off < n {
                let block = &mut lanes[..(n - off).min(1 << 13)];
                t.data.read(off, block);
                off += block.len();
                bytes.clear();
                hex.clear();
                t.write_lanes(block, &mut bytes);
                for b in &bytes {
                    hex.push(DIGITS[usize::from(b >> 4)]);
                    hex.push(DIGITS[usize::from(b & 15)]);
                }
                w.write_all(&hex)?;
            }
            write!(w, "\"> : {ty}")
        }
        Value::Tuple(items) => {
            w.write_all(b"(")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    w.write_all(b", ")?;
                }
                write_value(w, item)?;
            }
            w.write_all(b")")
        }
        _ => w.write_all(format_value(v).as_bytes()),
    }
}

/// Tensors of more lanes than this are written in pieces (they are printed
/// in hex by then).
const STREAM_ABOVE: usize = 1 << 12;

/// Parses an argument written as an MLIR dense literal, `dense<...> : tensor<...>`;
/// nothing may follow it.
pub fn parse_literal(text: &str, limit: u64) -> Result<Tensor, String> {
    let mut p = Parser::new(text, 0);
    let attr = p.parse_attr().map_err(|e| e.msg)?;
    if !p.at_end() {
        return Err(format!(
            "unexpected text after the literal: '{}'",
            text[p.offset().min(text.len())..].trim()
        ));
    }
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
    let mut out = Vec::with_capacity(128 + t.data.bytes());
    // Writing into a vector cannot fail.
    let _ = write_npy(&mut out, t);
    out
}

/// Writes the `.npy` file of [`to_npy`] to `w`: the header, then the
/// elements a piece at a time (the file is never built in memory).
pub fn write_npy(w: &mut dyn std::io::Write, t: &Tensor) -> std::io::Result<()> {
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
    let mut head = Vec::with_capacity(10 + header.len());
    head.extend_from_slice(b"\x93NUMPY\x01\x00");
    head.extend_from_slice(&(header.len() as u16).to_le_bytes());
    head.extend_from_slice(header.as_bytes());
    w.write_all(&head)?;
    t.write_bytes_to(w)
}

/// The fields of a `.npy` header: a Python dict literal with `descr`,
/// `fortran_order` and `shape`, then spaces and a newline.
struct NpyHeader {
    descr: String,
    fortran_order: bool,
    shape: Vec<usize>,
}

/// Parses a `.npy` header dict; any other key, value or trailing text is an error.
fn parse_npy_header(h: &str) -> Result<NpyHeader, String> {
    let bad = |what: &str| format!("the .npy header is malformed: {what}");
    let mut rest = h.trim_end_matches(['\n', ' ', '\0']).trim_start();
    rest = rest
        .strip_prefix('{')
        .ok_or_else(|| bad("it does not start with '{'"))?;
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    loop {
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix('}') {
            if !r.trim().is_empty() {
                return Err(bad("text after the dict"));
            }
            break;
        }
        let q = rest
            .chars()
            .next()
            .filter(|c| *c == '\'' || *c == '"')
            .ok_or_else(|| bad("expected a quoted key"))?;
        let end = rest[1..].find(q).ok_or_else(|| bad("unterminated key"))?;
        let key = &rest[1..1 + end];
        rest = rest[2 + end..].trim_start();
        rest = rest
            .strip_prefix(':')
            .ok_or_else(|| bad("expected ':'"))?
            .trim_start();
        match key {
            "descr" => {
                let q = rest
                    .chars()
                    .next()
                    .filter(|c| *c == '\'' || *c == '"')
                    .ok_or_else(|| bad("descr is not a string"))?;
                let end = rest[1..].find(q).ok_or_else(|| bad("unterminated descr"))?;
                descr = Some(rest[1..1 + end].to_string());
                rest = &rest[2 + end..];
            }
            "fortran_order" => {
                if let Some(r) = rest.strip_prefix("True") {
                    fortran = Some(true);
                    rest = r;
                } else if let Some(r) = rest.strip_prefix("False") {
                    fortran = Some(false);
                    rest = r;
                } else {
                    return Err(bad("fortran_order is not True or False"));
                }
            }
            "shape" => {
                let r = rest
                    .strip_prefix('(')
                    .ok_or_else(|| bad("shape is not a tuple"))?;
                let end = r.find(')').ok_or_else(|| bad("unterminated shape"))?;
                let mut dims = Vec::new();
                let parts: Vec<&str> = r[..end].split(',').map(str::trim).collect();
                for (i, part) in parts.iter().enumerate() {
                    if part.is_empty() && i + 1 == parts.len() && i > 0 {
                        continue;
                    }
                    if part.is_empty() && parts.len() == 1 {
                        continue;
                    }
                    dims.push(
                        part.parse::<usize>()
                            .map_err(|_| bad(&format!("shape entry '{part}'")))?,
                    );
                }
                shape = Some(dims);
                rest = &r[end + 1..];
            }
            other => return Err(bad(&format!("unknown key '{other}'"))),
        }
        rest = rest.trim_start();
        if let Some(r) = rest.strip_prefix(',') {
            rest = r;
        } else if !rest.starts_with('}') {
            return Err(bad("expected ',' or '}'"));
        }
    }
    Ok(NpyHeader {
        descr: descr.ok_or_else(|| bad("no descr"))?,
        fortran_order: fortran.ok_or_else(|| bad("no fortran_order"))?,
        shape: shape.ok_or_else(|| bad("no shape"))?,
    })
}

/// Whether a `.npy` dtype holds elements of `elem`: NumPy's own dtype for
/// the type, or (for types NumPy lacks) signed or unsigned integers of the
/// storage width ([`to_npy`] writes unsigned). Byte order `<`, `=` or `|`.
fn npy_dtype_fits(descr: &str, elem: &ElementType) -> bool {
    let body = descr.get(1..).unwrap_or("");
    if !descr.starts_with(['<', '=', '|']) {
        return false;
    }
    let matches = |d: &str| d.get(1..) == Some(body);
    match npy_dtype(elem) {
        Some(d) => matches(d),
        // Types NumPy lacks travel as their storage integers; the bytes are
        // the same whether a writer calls them signed or unsigned (a
        // quantized type's signed storage is naturally `|i1`).
        None => {
            body == format!("u{}", elem.storage_bytes())
                || body == format!("i{}", elem.storage_bytes())
        }
    }
}

/// Reads a `.npy` file as a tensor of the given element type: the file's
/// dtype must be that type's (see [`npy_dtype_fits`]), C order, and its
/// data exactly what its shape needs.
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
    let h = parse_npy_header(header)?;
    if h.fortran_order {
        return Err("Fortran-order .npy files are not supported".into());
    }
    if !npy_dtype_fits(&h.descr, elem) {
        let want = npy_dtype(elem)
            .map(str::to_string)
            .unwrap_or_else(|| format!("<u{}", elem.storage_bytes()));
        return Err(format!(
            "the .npy dtype '{}' does not hold {elem} elements (expected '{want}')",
            h.descr
        ));
    }
    let width = elem.storage_bytes();
    let shape = h.shape;
    let mut n: u64 = 1;
    for &d in &shape {
        n = n.saturating_mul(d as u64);
    }
    if n > limit {
        return Err(format!(
            "the .npy array of {n} elements exceeds the element limit ({limit}); raise it with --max-elements"
        ));
    }
    let n = n as usize;
    let data = &bytes[hstart + hlen..];
    if data.len() != n.saturating_mul(width) {
        return Err(format!(
            "the .npy data has {} bytes, the shape needs {}",
            data.len(),
            n.saturating_mul(width)
        ));
    }
    if let Some(t) = Tensor::from_raw_floats(elem, &shape, data) {
        return Ok(t);
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
            "a random argument of {n} elements exceeds the element limit ({limit}); raise it with --max-elements"
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
    Ok(Tensor::new(tt.elem.clone(), shape, &data))
}
