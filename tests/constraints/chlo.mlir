// Constraint cases for the ops of spec/chlo.hlospec: see tests/constraints.rs.
