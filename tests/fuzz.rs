//! The fuzzer: generated programs verify, the planted-defect target is
//! found and shrunk, and a campaign against hlocheck itself finds nothing.

use hlocheck::fuzz::gen::{generate_with, weighted_ops, GenOptions};
use hlocheck::fuzz::program::verify_errors;
use std::collections::BTreeSet;

#[test]
fn generated_programs_all_verify() {
    let opts = GenOptions {
        dynamic: true,
        ..GenOptions::default()
    };
    let ops = weighted_ops(&opts);
    let (mut discarded, mut candidates, mut n_ops) = (0, 0, 0);
    let mut drawn = BTreeSet::new();
    let n = 2000;
    for seed in 0..n {
        let g = generate_with(&opts, &ops, seed);
        let errors = verify_errors(&g.program);
        assert!(
            errors.is_empty(),
            "seed {seed}: {errors:?}\n{}",
            g.program.text()
        );
        assert_eq!(g.inputs.len(), g.program.args.len());
        discarded += g.discarded;
        candidates += g.candidates;
        n_ops += g.program.ops.len();
        for o in &g.program.ops {
            drawn.insert(o.name.clone());
        }
    }
    eprintln!(
        "{n} programs, {n_ops} ops, {discarded} of {candidates} candidate ops discarded, {} of {} drawable ops drawn",
        drawn.len(),
        ops.len()
    );
    let missing: Vec<_> = ops.iter().filter(|(o, _)| !drawn.contains(o)).collect();
    eprintln!("never drawn: {missing:?}");
    assert!(drawn.len() * 10 >= ops.len() * 9);
}
