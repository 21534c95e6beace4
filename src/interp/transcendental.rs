//! Transcendental elementwise ops: wired to `float::elementary`.

use super::elementwise::Domain;
use super::tensor::Tensor;
use crate::float::FloatKind;

pub fn power(_: Domain, _: &Tensor, _: &Tensor) -> Result<Tensor, String> {
    Err("float power needs the elementary functions".into())
}
pub fn complex_abs(_: FloatKind, _: &Tensor) -> Result<Tensor, String> {
    Err("complex abs needs the elementary functions".into())
}
pub fn complex_sign(_: FloatKind, _: &Tensor) -> Result<Tensor, String> {
    Err("complex sign needs the elementary functions".into())
}
pub fn complex_sqrt(_: Domain, _: &Tensor) -> Result<Tensor, String> {
    Err("complex sqrt needs the elementary functions".into())
}
