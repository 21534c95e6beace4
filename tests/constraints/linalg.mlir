// Constraint cases for the ops of spec/linalg.hlospec: see tests/constraints.rs.
