//! The builtins of the spec language: names, arities and what they are.
//! `spec/README.md` defines their meaning.

/// How many arguments a builtin function takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arity {
    Exactly(usize),
    Between(usize, usize),
}

impl Arity {
    pub fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Exactly(k) => n == k,
            Arity::Between(lo, hi) => (lo..=hi).contains(&n),
        }
    }
}

/// Builtin functions and their arities.
pub const FUNCTIONS: &[(&str, Arity)] = &[
    // types and shapes
    ("type", Arity::Exactly(1)),
    ("element_type", Arity::Exactly(1)),
    ("shape", Arity::Exactly(1)),
    ("rank", Arity::Exactly(1)),
    ("dim", Arity::Exactly(2)),
    ("dims", Arity::Exactly(2)),
    ("size", Arity::Exactly(1)),
    ("axes", Arity::Exactly(1)),
    ("baseline_type", Arity::Exactly(1)),
    ("baseline_element_type", Arity::Exactly(1)),
    ("storage_type", Arity::Exactly(1)),
    ("expressed_type", Arity::Exactly(1)),
    ("storage_min", Arity::Exactly(1)),
    ("storage_max", Arity::Exactly(1)),
    ("quantization_dimension", Arity::Exactly(1)),
    ("scales", Arity::Exactly(1)),
    ("zero_points", Arity::Exactly(1)),
    ("complex_element_type", Arity::Exactly(1)),
    ("num_bits", Arity::Exactly(1)),
    ("tuple_element_types", Arity::Exactly(1)),
    ("input_types", Arity::Exactly(1)),
    ("output_types", Arity::Exactly(1)),
    ("is_quantized", Arity::Exactly(1)),
    ("is_per_tensor_quantized", Arity::Exactly(1)),
    ("is_per_axis_quantized", Arity::Exactly(1)),
    ("is_float", Arity::Exactly(1)),
    ("is_complex", Arity::Exactly(1)),
    ("is_integer", Arity::Exactly(1)),
    ("is_signed_integer", Arity::Exactly(1)),
    ("is_unsigned_integer", Arity::Exactly(1)),
    ("is_boolean", Arity::Exactly(1)),
    ("is_tensor", Arity::Exactly(1)),
    ("is_token", Arity::Exactly(1)),
    ("is_tuple", Arity::Exactly(1)),
    ("is_promotable", Arity::Exactly(2)),
    // lists and integers
    ("range", Arity::Exactly(1)),
    ("sum", Arity::Exactly(1)),
    ("product", Arity::Exactly(1)),
    ("max", Arity::Exactly(2)),
    ("min", Arity::Exactly(2)),
    ("floor", Arity::Exactly(1)),
    ("ceil", Arity::Exactly(1)),
    ("is_unique", Arity::Exactly(1)),
    ("is_sorted", Arity::Exactly(1)),
    ("is_permutation", Arity::Exactly(1)),
    ("same", Arity::Exactly(1)),
    ("is_empty", Arity::Exactly(1)),
    ("drop", Arity::Exactly(2)),
    ("replace_at", Arity::Exactly(3)),
    ("combine", Arity::Exactly(3)),
    ("present", Arity::Exactly(1)),
    // program context
    ("is_namespaced_op_name", Arity::Exactly(1)),
    ("is_defined_in_parent_scope", Arity::Exactly(1)),
];

/// Builtin constants that are not element types.
pub const CONSTANTS: &[&str] = &["num_replicas", "num_partitions", "num_processes"];

/// Element type names of the spec (usable as constants and in type
/// descriptors), plus `tf32` for dot algorithms.
pub const ELEMENT_TYPES: &[&str] = &[
    "i1",
    "si2",
    "si4",
    "si8",
    "si16",
    "si32",
    "si64",
    "ui2",
    "ui4",
    "ui8",
    "ui16",
    "ui32",
    "ui64",
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E3M4",
    "f8E4M3",
    "f8E4M3FN",
    "f8E4M3FNUZ",
    "f8E4M3B11FNUZ",
    "f8E5M2",
    "f8E5M2FNUZ",
    "f8E8M0FNU",
    "bf16",
    "f16",
    "f32",
    "f64",
    "tf32",
];

pub fn function_arity(name: &str) -> Option<Arity> {
    FUNCTIONS.iter().find(|(n, _)| *n == name).map(|(_, a)| *a)
}

pub fn is_element_type_name(name: &str) -> bool {
    ELEMENT_TYPES.contains(&name)
}

pub fn is_constant(name: &str) -> bool {
    CONSTANTS.contains(&name) || is_element_type_name(name)
}
