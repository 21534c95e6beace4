// Constraint cases for the ops of spec/dynamic.hlospec: see tests/constraints.rs.
