//! `hlocheck fuzz`: differential fuzzing of other StableHLO implementations
//! against hlocheck's executor.
//!
//! | file | holds |
//! |---|---|
//! | `gen.rs` | the spec-guided generator of random well-typed programs |
//! | `values.rs` | random inputs mixed with edge values; the seeded random stream |
//! | `program.rs` | the fuzzer's straight-line program form, printing, sub-programs |
//! | `fused.rs` | `--fused`: programs re-run with only their own results returned; which results the spec pins down |

pub mod campaign;
pub mod fused;
pub mod gen;
pub mod oracle;
pub mod program;
pub mod serve;
pub mod target;
pub mod values;
