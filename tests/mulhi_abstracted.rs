//! The SMT method with products abstracted (`prove::products`): the 64-bit
//! `mulhi_u64` and `mulhi_i64` rules of spec/rules/chlo.rules, which Z3
//! does not settle asked directly, are proven with their products
//! abstracted and the lemmas named; the same rules with a carry dropped
//! and with a sign correction dropped (tests/programs/prove/wrong_mulhi.rules)
//! are not proven.

use hlocheck::egraph::instances::instances_with;
use hlocheck::egraph::rules;
use hlocheck::ir::Program;
use hlocheck::prove::certificate::SMT_RLIMIT;
use hlocheck::prove::smt::{decide, SmtResult};
use hlocheck::prove::{Options, Outcome, Side};

/// The instances on element type `elem` of rule `name` of the file at
/// `path` (from the crate's root).
fn instances(path: &str, name: &str, elem: &str) -> Vec<(Program, Program, String)> {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).expect("rules file");
    let parsed = rules::parse_rules(path, &text).expect("rules parse");
    let rule = parsed
        .iter()
        .find(|r| r.name == name)
        .expect("the rule is in the file");
    let out: Vec<_> = instances_with(rule, 2)
        .into_iter()
        .filter(|(_, _, what)| what.contains(&format!(" on {elem}:")))
        .collect();
    assert!(!out.is_empty(), "{name}: no {elem} instance");
    out
}

/// The SMT method on one instance, under the certificates' resource limit
/// and in a fresh Z3 context.
fn smt(lhs: &Program, rhs: &Program) -> SmtResult {
    let (a, b) = (
        Side::new(lhs, "main").expect("side"),
        Side::new(rhs, "main").expect("side"),
    );
    let opts = Options {
        timeout_ms: 300_000,
        rlimit: SMT_RLIMIT,
        ..Options::default()
    };
    z3::with_z3_config(&z3::Config::new(), || decide(&a, &b, &opts))
}

#[test]
fn mulhi_u64_is_proven_with_its_products_abstracted() {
    for (lhs, rhs, what) in instances("spec/rules/chlo.rules", "mulhi_u64", "ui64") {
        match smt(&lhs, &rhs) {
            SmtResult::Decided(v) => {
                assert_eq!(v.outcome, Outcome::Equivalent, "{what}: {}", v.summary);
                assert_eq!(
                    v.lemmas,
                    vec!["split", "ring", "width", "bound"],
                    "{what}: {}",
                    v.summary
                );
                assert!(v.summary.contains("products abstracted"), "{}", v.summary);
            }
            SmtResult::StepAside(r) => panic!("{what}: stepped aside: {r}"),
        }
    }
}

#[test]
fn mulhi_u64_with_a_carry_dropped_is_not_proven() {
    for (lhs, rhs, what) in instances(
        "tests/programs/prove/wrong_mulhi.rules",
        "mulhi_u64_carry_dropped",
        "ui64",
    ) {
        match smt(&lhs, &rhs) {
            SmtResult::Decided(v) => {
                assert_ne!(v.outcome, Outcome::Equivalent, "{what}: {}", v.summary)
            }
            SmtResult::StepAside(r) => assert!(
                r.contains("products abstracted"),
                "{what}: stepped aside before abstracting the products: {r}"
            ),
        }
    }
}

#[test]
fn mulhi_i64_is_proven_with_its_products_abstracted() {
    for (lhs, rhs, what) in instances("spec/rules/chlo.rules", "mulhi_i64", "i64") {
        match smt(&lhs, &rhs) {
            SmtResult::Decided(v) => {
                assert_eq!(v.outcome, Outcome::Equivalent, "{what}: {}", v.summary);
                assert_eq!(
                    v.lemmas,
                    vec![
                        "split",
                        "ring",
                        "width",
                        "bound",
                        "sign split",
                        "sign ring",
                        "sign select",
                        "high difference",
                        "sign correction"
                    ],
                    "{what}: {}",
                    v.summary
                );
                assert!(v.summary.contains("products abstracted"), "{}", v.summary);
            }
            SmtResult::StepAside(r) => panic!("{what}: stepped aside: {r}"),
        }
    }
}

#[test]
fn mulhi_i64_with_a_sign_correction_dropped_is_not_proven() {
    for (lhs, rhs, what) in instances(
        "tests/programs/prove/wrong_mulhi.rules",
        "mulhi_i64_correction_dropped",
        "i64",
    ) {
        match smt(&lhs, &rhs) {
            SmtResult::Decided(v) => {
                assert_ne!(v.outcome, Outcome::Equivalent, "{what}: {}", v.summary)
            }
            SmtResult::StepAside(r) => assert!(
                r.contains("products abstracted"),
                "{what}: stepped aside before abstracting the products: {r}"
            ),
        }
    }
}
