// Constraint cases for the ops of spec/control_flow.hlospec: see tests/constraints.rs.
