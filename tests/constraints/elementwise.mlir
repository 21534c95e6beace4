// Constraint cases for the ops of spec/elementwise.hlospec: see tests/constraints.rs.
