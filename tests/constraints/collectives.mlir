// Constraint cases for the ops of spec/collectives.hlospec: see tests/constraints.rs.
