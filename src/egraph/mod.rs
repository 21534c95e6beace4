//! The equivalence engine's rewriting half: the rule language
//! (`spec/rules/*.rules`), one matcher for rules over the IR and over the
//! e-graph, CHLO → StableHLO legalization, and an e-graph (on `egg`) whose
//! e-nodes are the IR's ops, for proving two functions equal by rewriting.

pub mod equal;
pub mod instances;
pub mod lang;
pub mod legalize;
pub mod matcher;
pub mod rules;

pub use equal::{rewrite_equal, Limits, Proof};
pub use legalize::{legalize, Legalized, Unlegalized};
