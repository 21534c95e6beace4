// Constraint cases for the ops of spec/reductions.hlospec: see tests/constraints.rs.
