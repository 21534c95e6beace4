// Constraint cases for the ops of spec/quantization.hlospec: see tests/constraints.rs.
