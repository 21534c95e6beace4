//! hlocheck: a formally specified verifier, bit-exact executor and
//! equivalence checker for StableHLO and CHLO programs.

pub mod cli;
pub mod egraph;
pub mod float;
pub mod fuzz;
pub mod interp;
pub mod ir;
pub mod prove;
pub mod spec;
pub mod verify;
