//! Element types and types: everything that can stand after a `:`.

use crate::float::FloatKind;
use crate::ir::attr::Attr;
use std::fmt;

/// Signedness of an integer type: MLIR's signless `iN`, `siN` or `uiN`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// A quantized element type, `!quant.uniform<storage:expressed, params>`.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantType {
    /// Storage integer type (`i8`, `u8`, `i4`, ...): signed or not, and width.
    pub storage_signed: bool,
    /// Written `si8`/`ui8` rather than `i8`/`u8` (a distinct type in MLIR).
    pub storage_explicit_sign: bool,
    pub storage_bits: u32,
    /// Storage range `storage<min:max>`; when absent, the full range of the storage type.
    pub storage_min: i64,
    pub storage_max: i64,
    /// Whether the range was written explicitly (kept so printing is faithful).
    pub explicit_range: bool,
    /// The expressed (float) type.
    pub expressed: FloatKind,
    /// The quantization axis, for per-axis quantization.
    pub axis: Option<i64>,
    /// Scales and zero points: one pair per-tensor, one per slice along `axis` per-axis.
    pub scales: Vec<f64>,
    pub zero_points: Vec<i64>,
}

impl QuantType {
    /// The default storage range of a `bits`-wide integer.
    pub fn full_range(signed: bool, bits: u32) -> (i64, i64) {
        let bits = bits.clamp(1, 64);
        let clamp = |v: i128| v.clamp(i64::MIN as i128, i64::MAX as i128) as i64;
        if signed {
            (
                clamp(-(1i128 << (bits - 1))),
                clamp((1i128 << (bits - 1)) - 1),
            )
        } else {
            (0, clamp((1i128 << bits) - 1))
        }
    }
}

/// The element type of a tensor.
#[derive(Clone, Debug, PartialEq)]
pub enum ElementType {
    /// `iN`, `siN`, `uiN` (i1 is the boolean type).
    Int(Signedness, u32),
    /// `index`.
    Index,
    /// Any of the float formats.
    Float(FloatKind),
    /// `complex<f32>` or `complex<f64>`.
    Complex(FloatKind),
    /// `!quant.uniform<...>`.
    Quant(Box<QuantType>),
}

impl ElementType {
    pub const I1: ElementType = ElementType::Int(Signedness::Signless, 1);
    pub const I32: ElementType = ElementType::Int(Signedness::Signless, 32);
    pub const I64: ElementType = ElementType::Int(Signedness::Signless, 64);

    /// Bytes one element takes in dense storage: integers round up to 1, 2, 4
    /// or 8 bytes (i1 takes one byte), floats to their storage width, complex
    /// numbers twice their part's, quantized types their storage type's.
    pub fn storage_bytes(&self) -> usize {
        fn round(bits: u32) -> usize {
            match bits {
                0..=8 => 1,
                9..=16 => 2,
                17..=32 => 4,
                _ => 8,
            }
        }
        match self {
            ElementType::Int(_, w) => round(*w),
            ElementType::Index => 8,
            ElementType::Float(k) => round(k.bits()),
            ElementType::Complex(k) => 2 * round(k.bits()),
            ElementType::Quant(q) => round(q.storage_bits),
        }
    }

    pub fn is_float(&self) -> bool {
        matches!(self, ElementType::Float(_))
    }
}

/// One dimension of a ranked tensor type: a size or `?`.
pub type Dim = Option<u64>;

/// A ranked or unranked tensor type.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorType {
    /// `None` for an unranked tensor `tensor<*xT>`.
    pub dims: Option<Vec<Dim>>,
    pub elem: ElementType,
    /// The encoding attribute (`#stablehlo.bounds<...>`, sparse encodings, ...).
    pub encoding: Option<Box<Attr>>,
}

impl TensorType {
    pub fn ranked(dims: Vec<Dim>, elem: ElementType) -> TensorType {
        TensorType {
            dims: Some(dims),
            elem,
            encoding: None,
        }
    }

    /// The number of elements, when every dimension is static (saturating).
    pub fn num_elements(&self) -> Option<u64> {
        let dims = self.dims.as_ref()?;
        let mut n: u64 = 1;
        for d in dims {
            n = n.saturating_mul((*d)?);
        }
        Some(n)
    }

    /// The bounds of the dynamic dimensions, from a `#stablehlo.bounds<...>`
    /// or `#stablehlo.type_extensions<bounds = ...>` encoding.
    pub fn bounds(&self) -> Option<&[Option<i64>]> {
        match self.encoding.as_deref()? {
            Attr::Bounds(values) => Some(values),
            _ => None,
        }
    }
}

/// A function type `(inputs) -> results`.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionType {
    pub inputs: Vec<Type>,
    pub results: Vec<Type>,
}

/// Any type.
#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Tensor(TensorType),
    /// A scalar element type used as a type on its own (`i32`, `f32`, `index`).
    Element(ElementType),
    Token,
    Tuple(Vec<Type>),
    Function(Box<FunctionType>),
    /// `none`.
    None,
    /// A type hlocheck does not interpret (`memref<...>`, `!foo.bar<...>`), kept as written.
    Opaque(String),
}

impl Type {
    pub fn as_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            _ => None,
        }
    }
}

impl fmt::Display for Signedness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Signedness::Signless => "i",
            Signedness::Signed => "si",
            Signedness::Unsigned => "ui",
        })
    }
}

impl fmt::Display for QuantType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let prefix = match (self.storage_signed, self.storage_explicit_sign) {
            (true, false) => "i",
            (false, false) => "u",
            (true, true) => "si",
            (false, true) => "ui",
        };
        write!(f, "!quant.uniform<{prefix}{}", self.storage_bits)?;
        if self.explicit_range {
            write!(f, "<{}:{}>", self.storage_min, self.storage_max)?;
        }
        write!(f, ":{}", self.expressed.name())?;
        let pair = |f: &mut fmt::Formatter<'_>, i: usize| -> fmt::Result {
            write!(f, "{}", crate::ir::print::F64(self.scales[i]))?;
            if self.zero_points[i] != 0 || self.axis.is_some() {
                write!(f, ":{}", self.zero_points[i])?;
            }
            Ok(())
        };
        match self.axis {
            Some(axis) => {
                write!(f, ":{axis}, {{")?;
                for i in 0..self.scales.len() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    pair(f, i)?;
                }
                f.write_str("}>")
            }
            None => {
                f.write_str(", ")?;
                pair(f, 0)?;
                f.write_str(">")
            }
        }
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ElementType::Int(s, w) => write!(f, "{s}{w}"),
            ElementType::Index => f.write_str("index"),
            ElementType::Float(k) => f.write_str(k.name()),
            ElementType::Complex(k) => write!(f, "complex<{}>", k.name()),
            ElementType::Quant(q) => write!(f, "{q}"),
        }
    }
}

impl fmt::Display for TensorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("tensor<")?;
        match &self.dims {
            None => f.write_str("*x")?,
            Some(dims) => {
                for d in dims {
                    match d {
                        Some(n) => write!(f, "{n}x")?,
                        None => f.write_str("?x")?,
                    }
                }
            }
        }
        write!(f, "{}", self.elem)?;
        if let Some(enc) = &self.encoding {
            write!(f, ", {enc}")?;
        }
        f.write_str(">")
    }
}

/// Writes types separated by `, `.
pub fn write_type_list(f: &mut impl fmt::Write, types: &[Type]) -> fmt::Result {
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

impl fmt::Display for FunctionType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        write_type_list(f, &self.inputs)?;
        f.write_str(") -> ")?;
        if self.results.len() == 1 && !matches!(self.results[0], Type::Function(_)) {
            write!(f, "{}", self.results[0])
        } else {
            f.write_str("(")?;
            write_type_list(f, &self.results)?;
            f.write_str(")")
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Tensor(t) => write!(f, "{t}"),
            Type::Element(e) => write!(f, "{e}"),
            Type::Token => f.write_str("!stablehlo.token"),
            Type::Tuple(ts) => {
                f.write_str("tuple<")?;
                write_type_list(f, ts)?;
                f.write_str(">")
            }
            Type::Function(ft) => write!(f, "{ft}"),
            Type::None => f.write_str("none"),
            Type::Opaque(s) => f.write_str(s),
        }
    }
}
