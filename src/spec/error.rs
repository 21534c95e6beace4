//! The error of a spec file that does not parse or check.

use super::ast::Loc;
use std::fmt;

/// A syntax or load error in a spec file, with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError {
    pub file: &'static str,
    pub loc: Loc,
    pub message: String,
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "spec/{}:{}: {}", self.file, self.loc, self.message)
    }
}

impl std::error::Error for SpecError {}
