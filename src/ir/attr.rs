//! Attributes: the compile-time constants attached to ops.
//!
//! The StableHLO and CHLO enums and structs are decoded into [`Attr::Enum`],
//! [`Attr::Struct`], [`Attr::Conv`] and [`Attr::Bounds`] through the tables
//! below, so every consumer sees one canonical value whatever syntax it was
//! written in (`#stablehlo<precision HIGH>` and `#stablehlo.precision<HIGH>`
//! are the same attribute). Attributes of other dialects are kept as written.

use crate::float::FloatKind;
use crate::ir::types::{ElementType, TensorType, Type};

/// An enum attribute family of a dialect.
#[derive(Debug, PartialEq, Eq)]
pub struct EnumDef {
    pub dialect: &'static str,
    pub mnemonic: &'static str,
    pub values: &'static [&'static str],
    /// Printed as `#dialect.mnemonic<V>` rather than `#dialect<mnemonic V>`.
    pub dotted: bool,
}

macro_rules! enum_defs {
    ($($id:ident = $dialect:literal $mn:literal $dotted:literal [$($v:literal)*];)*) => {
        $(pub static $id: EnumDef = EnumDef { dialect: $dialect, mnemonic: $mn, values: &[$($v),*], dotted: $dotted };)*
        /// Every enum family.
        pub static ENUMS: &[&EnumDef] = &[$(&$id),*];
    };
}

enum_defs! {
    COMPARISON_DIRECTION = "stablehlo" "comparison_direction" false ["EQ" "NE" "GE" "GT" "LE" "LT"];
    COMPARISON_TYPE = "stablehlo" "comparison_type" false ["NOTYPE" "FLOAT" "TOTALORDER" "SIGNED" "UNSIGNED"];
    PRECISION = "stablehlo" "precision" false ["DEFAULT" "HIGH" "HIGHEST"];
    FFT_TYPE = "stablehlo" "fft_type" false ["FFT" "IFFT" "RFFT" "IRFFT"];
    RNG_ALGORITHM = "stablehlo" "rng_algorithm" false ["DEFAULT" "THREE_FRY" "PHILOX"];
    RNG_DISTRIBUTION = "stablehlo" "rng_distribution" false ["UNIFORM" "NORMAL"];
    TRANSPOSE = "stablehlo" "transpose" false ["TRANSPOSE_INVALID" "NO_TRANSPOSE" "TRANSPOSE" "ADJOINT"];
    RESULT_ACCURACY_MODE = "stablehlo" "result_accuracy_mode" true ["DEFAULT" "HIGHEST" "TOLERANCE"];
    CHLO_COMPARISON_DIRECTION = "chlo" "comparison_direction" false ["EQ" "NE" "GE" "GT" "LE" "LT"];
    CHLO_COMPARISON_TYPE = "chlo" "comparison_type" false ["NOTYPE" "FLOAT" "TOTALORDER" "SIGNED" "UNSIGNED"];
    CHLO_PRECISION = "chlo" "precision" false ["DEFAULT" "HIGH" "HIGHEST"];
}

impl EnumDef {
    pub fn find(dialect: &str, mnemonic: &str) -> Option<&'static EnumDef> {
        ENUMS
            .iter()
            .copied()
            .find(|e| e.dialect == dialect && e.mnemonic == mnemonic)
    }
    pub fn index_of(&self, value: &str) -> Option<u8> {
        self.values
            .iter()
            .position(|v| *v == value)
            .map(|i| i as u8)
    }
}

/// How a field of a struct attribute is written.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum FieldKind {
    /// `[1, 2]`, default empty (omitted when empty).
    I64List,
    /// `3`; required.
    I64,
    /// `3`; default 0, omitted when 0.
    OptI64,
    /// `true`/`false`; required.
    Bool,
    /// A type; required.
    Ty,
    /// A float, default 0.0, omitted when zero.
    OptF64,
    /// A nested enum attribute in full syntax (`#stablehlo.result_accuracy_mode<DEFAULT>`).
    Enum(&'static EnumDef),
}

/// A struct attribute family: `#dialect.mnemonic<field = value, ...>`.
#[derive(Debug, PartialEq, Eq)]
pub struct StructDef {
    pub dialect: &'static str,
    pub mnemonic: &'static str,
    pub fields: &'static [(&'static str, FieldKind)],
}

use FieldKind::*;

pub static DOT: StructDef = StructDef {
    dialect: "stablehlo",
    mnemonic: "dot",
    fields: &[
        ("lhs_batching_dimensions", I64List),
        ("rhs_batching_dimensions", I64List),
        ("lhs_contracting_dimensions", I64List),
        ("rhs_contracting_dimensions", I64List),
    ],
};
pub static GATHER: StructDef = StructDef {
    dialect: "stablehlo",
    mnemonic: "gather",
    fields: &[
        ("offset_dims", I64List),
        ("collapsed_slice_dims", I64List),
        ("operand_batching_dims", I64List),
        ("start_indices_batching_dims", I64List),
        ("start_index_map", I64List),
        ("index_vector_dim", OptI64),
    ],
};
pub static SCATTER: StructDef = StructDef {
    dialect: "stablehlo",
    mnemonic: "scatter",
    fields: &[
        ("update_window_dims", I64List),
        ("inserted_window_dims", I64List),
        ("input_batching_dims", I64List),
        ("scatter_indices_batching_dims", I64List),
        ("scatter_dims_to_operand_dims", I64List),
        ("index_vector_dim", OptI64),
    ],
};
pub static CHANNEL_HANDLE: StructDef = StructDef {
    dialect: "stablehlo",
    mnemonic: "channel_handle",
    fields: &[("handle", I64), ("type", I64)],
};
pub static OUTPUT_OPERAND_ALIAS: StructDef = StructDef {
    dialect: "stablehlo",
    mnemonic: "output_operand_alias",
    fields: &[
        ("output_tuple_indices", I64List),
        ("operand_index", I64),
        ("operand_tuple_indices", I64List),
    ],
};
pub static DOT_ALGORITHM: StructDef = StructDef {
    dialect: "stablehlo",
    mnemonic: "dot_algorithm",
    fields: &[
        ("lhs_precision_type", Ty),
        ("rhs_precision_type", Ty),
        ("accumulation_type", Ty),
        ("lhs_component_count", I64),
        ("rhs_component_count", I64),
        ("num_primitive_operations", I64),
        ("allow_imprecise_accumulation", Bool),
    ],
};
pub static RESULT_ACCURACY: StructDef = StructDef {
    dialect: "stablehlo",
    mnemonic: "result_accuracy",
    fields: &[
        ("atol", OptF64),
        ("rtol", OptF64),
        ("ulps", OptI64),
        ("mode", Enum(&RESULT_ACCURACY_MODE)),
    ],
};
pub static RAGGED_DOT: StructDef = StructDef {
    dialect: "chlo",
    mnemonic: "ragged_dot",
    fields: &[
        ("lhs_batching_dimensions", I64List),
        ("rhs_batching_dimensions", I64List),
        ("lhs_contracting_dimensions", I64List),
        ("rhs_contracting_dimensions", I64List),
        ("lhs_ragged_dimensions", I64List),
        ("rhs_group_dimensions", I64List),
    ],
};

/// Every struct family.
pub static STRUCTS: &[&StructDef] = &[
    &DOT,
    &GATHER,
    &SCATTER,
    &CHANNEL_HANDLE,
    &OUTPUT_OPERAND_ALIAS,
    &DOT_ALGORITHM,
    &RESULT_ACCURACY,
    &RAGGED_DOT,
];

impl StructDef {
    pub fn find(dialect: &str, mnemonic: &str) -> Option<&'static StructDef> {
        STRUCTS
            .iter()
            .copied()
            .find(|s| s.dialect == dialect && s.mnemonic == mnemonic)
    }
    /// The value a field has when it is not written.
    pub fn default_value(kind: FieldKind) -> Option<Attr> {
        match kind {
            I64List => Some(Attr::DenseArray(DenseArray::I64(Vec::new()))),
            OptI64 => Some(Attr::Int(0, ElementType::I64)),
            OptF64 => Some(Attr::Float(0, FloatKind::F64)),
            Enum(def) => Some(Attr::Enum(def, 0)),
            I64 | Bool | Ty => None,
        }
    }
}

/// Convolution dimension numbers (`#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>`).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ConvDims {
    pub input_batch_dimension: i64,
    pub input_feature_dimension: i64,
    pub input_spatial_dimensions: Vec<i64>,
    pub kernel_input_feature_dimension: i64,
    pub kernel_output_feature_dimension: i64,
    pub kernel_spatial_dimensions: Vec<i64>,
    pub output_batch_dimension: i64,
    pub output_feature_dimension: i64,
    pub output_spatial_dimensions: Vec<i64>,
}

/// `array<T: ...>`.
#[derive(Clone, Debug, PartialEq)]
pub enum DenseArray {
    /// `array<i64: ...>` (also i8, i16, i32 with their widths kept).
    I64(Vec<i64>),
    Int(u32, Vec<i64>),
    Bool(Vec<bool>),
    /// `array<f32: ...>` / `array<f64: ...>`: raw bits.
    Float(FloatKind, Vec<u64>),
}

/// `dense<...> : tensor<...>`: elements in row-major order, each stored
/// little-endian in [`ElementType::storage_bytes`] bytes.
#[derive(Clone, Debug, PartialEq)]
pub struct DenseElements {
    pub ty: TensorType,
    /// True when one element stands for all (and `data` holds just that one).
    pub splat: bool,
    pub data: Vec<u8>,
}

impl DenseElements {
    /// Raw bytes of element `i` (the splat element for every `i` when splat).
    pub fn element(&self, i: usize) -> &[u8] {
        let w = self.ty.elem.storage_bytes();
        let i = if self.splat { 0 } else { i };
        &self.data[i * w..(i + 1) * w]
    }
    /// Number of elements stored.
    pub fn stored_len(&self) -> usize {
        self.data.len() / self.ty.elem.storage_bytes().max(1)
    }
}

/// An attribute value.
#[derive(Clone, Debug, PartialEq)]
pub enum Attr {
    Unit,
    Bool(bool),
    /// An integer with its type (`i64` when written bare); `index` allowed.
    Int(i128, ElementType),
    /// A float as raw bits of its kind (`f64` when written bare).
    Float(u64, FloatKind),
    /// A string; may hold any bytes.
    Str(Vec<u8>),
    Type(Type),
    Array(Vec<Attr>),
    DenseArray(DenseArray),
    Dense(Box<DenseElements>),
    Dict(Vec<(String, Attr)>),
    /// `@a` or `@a::@b`.
    SymbolRef(Vec<String>),
    Enum(&'static EnumDef, u8),
    /// A struct attribute: one value per field of its definition, in order.
    Struct(&'static StructDef, Vec<Attr>),
    Conv(Box<ConvDims>),
    /// `#stablehlo.bounds<?, 3>` (also written `#stablehlo.type_extensions<bounds = [?, 3]>`):
    /// the bound of each dimension, `None` for `?`.
    Bounds(Vec<Option<i64>>),
    /// An attribute of another dialect or form, kept as written.
    Opaque(String),
}

impl Attr {
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Attr::Int(v, _) => i64::try_from(*v).ok(),
            _ => None,
        }
    }
    /// The values of an `array<i64: ...>` (or of any integer dense array).
    pub fn as_i64_list(&self) -> Option<&[i64]> {
        match self {
            Attr::DenseArray(DenseArray::I64(v)) | Attr::DenseArray(DenseArray::Int(_, v)) => {
                Some(v)
            }
            _ => None,
        }
    }
    pub fn as_enum(&self) -> Option<&'static str> {
        match self {
            Attr::Enum(def, i) => def.values.get(*i as usize).copied(),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&[u8]> {
        match self {
            Attr::Str(s) => Some(s),
            _ => None,
        }
    }
    /// A field of a struct attribute by name.
    pub fn field(&self, name: &str) -> Option<&Attr> {
        match self {
            Attr::Struct(def, vals) => def
                .fields
                .iter()
                .position(|(n, _)| *n == name)
                .and_then(|i| vals.get(i)),
            _ => None,
        }
    }
}
