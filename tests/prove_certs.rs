//! The certificates of proofs/ (`hlocheck prove`): every rule has one, its
//! hash is the rule's current text, every instance that takes seconds (SMT
//! and exhaustive runs of at most 2^16 inputs) recomputes to the stored
//! entry, and the Markdown says what the JSON says. The sampled f32/f64
//! entries are re-checked by `hlocheck prove --check` (proofs/README.md).
//! Also: shards merge into the unsharded certificate, and a planted wrong
//! approx rule makes `prove` fail, naming the input.

use hlocheck::egraph::rules::{self, parse_rules, Rule};
use hlocheck::prove::certificate::{
    certify, certify_some, embedded_rule_text, is_quick, legalizing_hashes, sha256, Certificate,
    F32Method, Settings, Source,
};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stored(rule: &str) -> Value {
    let p = root().join("proofs").join(format!("{rule}.json"));
    let text = std::fs::read_to_string(&p)
        .unwrap_or_else(|e| panic!("{}: {e} (run `hlocheck prove {rule}`)", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn embedded() -> Vec<(Rule, &'static str)> {
    let mut out = Vec::new();
    for (file, text) in rules::FILES {
        for r in parse_rules(file, text).expect("rule files parse") {
            out.push((r, *text));
        }
    }
    out
}

fn entry_key(e: &Value) -> String {
    format!(
        "{} {}",
        e["format"].as_str().unwrap_or(""),
        e["signature"].as_str().unwrap_or("")
    )
}

/// Rules without a committed certificate yet (each must be certified with
/// `hlocheck prove RULE` and removed from here). None at present.
const PENDING: &[&str] = &[];

#[test]
fn every_rule_has_a_certificate_that_rechecks() {
    let rules = embedded();
    assert!(rules.len() > 40);
    let mut quick = 0;
    let mut with_legalizing = 0;
    let mut failures = Vec::new();
    for (rule, text) in &rules {
        if PENDING.contains(&rule.name.as_str()) {
            let p = root().join("proofs").join(format!("{}.json", rule.name));
            assert!(
                !p.exists(),
                "{} is certified: remove it from PENDING",
                rule.name
            );
            continue;
        }
        let src = Source::new(rule, text);
        let old = stored(&rule.name);
        // The certificate is of this text of the rule.
        if old["sha256"] != sha256(&src.text) {
            failures.push(format!(
                "{}: the rule's text changed since its certificate",
                rule.name
            ));
            continue;
        }
        // So is every rule that legalized its right-hand sides.
        if let Some(l) = old.get("legalizing_sha256").and_then(Value::as_array) {
            with_legalizing += 1;
            for x in l {
                let name = x["rule"].as_str().unwrap_or("");
                let now = embedded_rule_text(name).map(|t| sha256(&t));
                if now.as_deref() != x["sha256"].as_str() {
                    failures.push(format!(
                        "{}: the text of {name}, which legalized its right-hand side, changed since its certificate",
                        rule.name
                    ));
                }
            }
        }
        let cert = Certificate::from_json(&old).expect("a certificate");
        // The Markdown is the JSON's.
        let md = root().join("proofs").join(format!("{}.md", rule.name));
        let md = std::fs::read_to_string(&md).unwrap_or_default();
        if md != cert.markdown() {
            failures.push(format!(
                "{}: {}.md is not its JSON's table",
                rule.name, rule.name
            ));
        }
        let settings = Settings::from_json(&old["settings"], 10_000).expect("settings");
        let new = certify_some(&src, &settings, None, &is_quick, &|_| {}, &|_| {})
            .unwrap_or_else(|e| panic!("{e}"));
        let new = new.to_json();
        for (k, v) in new.as_object().unwrap() {
            if k != "entries" && old.get(k) != Some(v) {
                failures.push(format!(
                    "{}: {k} stored {} recomputed {v}",
                    rule.name,
                    old[k.as_str()]
                ));
            }
        }
        let old_entries = old["entries"].as_array().cloned().unwrap_or_default();
        for e in new["entries"].as_array().unwrap() {
            quick += 1;
            match old_entries.iter().find(|o| entry_key(o) == entry_key(e)) {
                Some(o) if o == e => {}
                Some(o) => failures.push(format!(
                    "{}, {}: stored {o} recomputed {e}",
                    rule.name,
                    entry_key(e)
                )),
                None => failures.push(format!("{}, {}: not stored", rule.name, entry_key(e))),
            }
            // `holds` (exact rules) or `holds: max K ≤ B ulp` (approx rules).
            if !e["verdict"]
                .as_str()
                .is_some_and(|v| v.starts_with("holds"))
            {
                failures.push(format!("{}, {}: {}", rule.name, entry_key(e), e["verdict"]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(quick > 300, "only {quick} entries re-checked");
    assert!(
        with_legalizing >= 20,
        "only {with_legalizing} certificates name legalizing rules"
    );
}

#[test]
fn every_certificate_is_of_a_rule() {
    let names: Vec<String> = embedded().into_iter().map(|(r, _)| r.name).collect();
    for e in std::fs::read_dir(root().join("proofs")).unwrap().flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "json") {
            let stem = p.file_stem().unwrap().to_string_lossy().to_string();
            assert!(
                names.contains(&stem),
                "{}: no rule of that name",
                p.display()
            );
        }
    }
}

fn planted() -> (Vec<Rule>, String) {
    let text = std::fs::read_to_string(root().join("tests/programs/prove/planted.rules")).unwrap();
    (parse_rules("planted.rules", &text).unwrap(), text)
}

fn shards_merged(src: &Source, s: &Settings, n: u64, order: &[u64]) -> Certificate {
    let mut parts: Vec<Certificate> = (0..n)
        .map(|i| certify(src, s, Some((i, n)), &|_| {}, &|_| {}).unwrap())
        .collect();
    let mut merged = parts[order[0] as usize].clone();
    for &i in &order[1..] {
        merged.merge(&parts[i as usize]).unwrap();
    }
    merged.shard = None;
    parts.clear();
    merged
}

#[test]
fn shards_merge_into_the_unsharded_certificate() {
    let (rules, text) = planted();
    let s = Settings::default();
    for name in ["erf_f16_poly", "erf_f16_poly_off"] {
        let rule = rules.iter().find(|r| r.name == name).unwrap();
        let src = Source::new(rule, &text);
        let whole = certify(&src, &s, None, &|_| {}, &|_| {}).unwrap();
        assert_eq!(whole.entries[0].method, "exhaustive");
        for (n, order) in [
            (3u64, vec![0u64, 1, 2]),
            (3, vec![2, 0, 1]),
            (5, vec![4, 3, 2, 1, 0]),
        ] {
            let m = shards_merged(&src, &s, n, &order);
            assert_eq!(
                m.json_text(),
                whole.json_text(),
                "{name}: {n} shards in order {order:?}"
            );
        }
        // Associativity: (a + b) + c = a + (b + c).
        let p: Vec<Certificate> = (0..3)
            .map(|i| certify(&src, &s, Some((i, 3)), &|_| {}, &|_| {}).unwrap())
            .collect();
        let mut ab_c = p[0].clone();
        ab_c.merge(&p[1]).unwrap();
        ab_c.merge(&p[2]).unwrap();
        let mut bc = p[1].clone();
        bc.merge(&p[2]).unwrap();
        let mut a_bc = p[0].clone();
        a_bc.merge(&bc).unwrap();
        assert_eq!(ab_c.json_text(), a_bc.json_text());
        // A shard twice is refused; a missing shard leaves it incomplete.
        let mut twice = p[0].clone();
        assert!(twice.merge(&p[0]).is_err());
        let mut partial = p[0].clone();
        partial.merge(&p[2]).unwrap();
        assert!(!partial.complete());
    }
    // Sampled f32 (binary): the sampled inputs are numbered too.
    let rule = rules
        .iter()
        .find(|r| r.name == "next_after_f32_first")
        .unwrap();
    let src = Source::new(rule, &text);
    let s = Settings {
        f32: F32Method::Sampled(200_000),
        ..Settings::default()
    };
    let whole = certify(&src, &s, None, &|_| {}, &|_| {}).unwrap();
    assert_eq!(whole.entries[0].method, "sampled");
    assert!(whole.entries[0].results[0].differing > 190_000);
    let m = shards_merged(&src, &s, 4, &[3, 1, 0, 2]);
    assert_eq!(m.json_text(), whole.json_text());
}

fn hlocheck(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hlocheck"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("hlocheck-prove-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn a_planted_wrong_approx_rule_fails_naming_the_input() {
    let d = temp_dir("planted");
    let dir = d.to_string_lossy().to_string();
    let (code, out, err) = hlocheck(&[
        "prove",
        "--rules",
        "tests/programs/prove/planted.rules",
        "erf_f16_poly",
        "erf_f16_poly_off",
        "--dir",
        &dir,
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("VIOLATED: erf_f16_poly_off, f16")
            && err.contains("exceeds its bound of 1 ulp: 2 ulp at %arg0 = 8.11e-05 (0x0551)"),
        "{err}"
    );
    assert!(!err.contains("erf_f16_poly,"), "{err}");
    // The certificate of the right rule says so, with its table.
    let md = std::fs::read_to_string(d.join("erf_f16_poly.md")).unwrap();
    assert!(
        md.contains("| f16 | exhaustive | 65,536 | 1 | %arg0 = 1.341e-03 (0x157e) |"),
        "{md}"
    );
    assert!(md.contains("holds: max 1 ≤ 1 ulp"), "{md}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn check_reports_an_edited_certificate() {
    let d = temp_dir("check");
    let dir = d.to_string_lossy().to_string();
    for ext in ["json", "md"] {
        std::fs::copy(
            root().join(format!("proofs/not_not.{ext}")),
            d.join(format!("not_not.{ext}")),
        )
        .unwrap();
    }
    let (code, out, err) = hlocheck(&["prove", "not_not", "--check", "--dir", &dir]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("agrees with"), "{out}");
    let p = d.join("not_not.json");
    let text = std::fs::read_to_string(&p).unwrap();
    let edited = text.replacen("\"differing\": 0", "\"differing\": 1", 1);
    assert_ne!(edited, text);
    std::fs::write(&p, edited).unwrap();
    let (code, out, err) = hlocheck(&["prove", "not_not", "--check", "--dir", &dir]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("not_not: DISAGREES"), "{out}");
    // A rule without a certificate is a disagreement too.
    std::fs::remove_file(&p).unwrap();
    let (code, _, err) = hlocheck(&["prove", "not_not", "--check", "--dir", &dir]);
    assert_eq!(code, 1);
    assert!(err.contains("not_not.json"), "{err}");
    // Bad command lines exit 2.
    assert_eq!(hlocheck(&["prove", "no_such_rule"]).0, 2);
    assert_eq!(hlocheck(&["prove", "--shard", "3/3"]).0, 2);
    assert_eq!(hlocheck(&["prove", "--f32", "sometimes"]).0, 2);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn shard_files_merge_on_the_command_line() {
    let d = temp_dir("merge");
    let shards = d.join("shards");
    let (s, whole, merged) = (
        shards.to_string_lossy().to_string(),
        d.join("whole").to_string_lossy().to_string(),
        d.join("merged").to_string_lossy().to_string(),
    );
    let fixture = "tests/programs/prove/planted.rules";
    for i in 0..3 {
        let shard = format!("{i}/3");
        let (code, out, err) = hlocheck(&[
            "prove",
            "--rules",
            fixture,
            "erf_f16_poly",
            "--shard",
            &shard,
            "--out",
            &s,
        ]);
        assert_eq!(code, 0, "{out}{err}");
    }
    // The fixture's rules are not embedded: --rules names them, so the
    // merge can check the shards' text and take the rule's line.
    let merge = |dir: &str| hlocheck(&["prove", "--rules", fixture, "--merge", &s, "--dir", dir]);
    let (code, out, err) = merge(&merged);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("(merged)"), "{out}");
    let (code, _, _) = hlocheck(&["prove", "--rules", fixture, "erf_f16_poly", "--dir", &whole]);
    assert_eq!(code, 0);
    for f in ["erf_f16_poly.json", "erf_f16_poly.md"] {
        let a = std::fs::read_to_string(Path::new(&whole).join(f)).unwrap();
        let b = std::fs::read_to_string(Path::new(&merged).join(f)).unwrap();
        assert_eq!(a, b, "{f}");
    }
    // Two shards of three: refused, naming what is missing.
    std::fs::remove_file(shards.join("erf_f16_poly.shard-1-of-3.json")).unwrap();
    let (code, _, err) = merge(&merged);
    assert_eq!(code, 1);
    assert!(err.contains("do not cover every input"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

/// The composed proof (an exact rule proven by SMT before legalization, the
/// legalizing rules on their own) rests on both steps: a rule whose written
/// right-hand side is wrong (next_after's operands swapped, on f6E2M3FN,
/// where next_after_f6 legalizes it correctly) is not proven that way, and
/// its broadcasting instances, sampled, are found to differ.
#[test]
fn a_wrong_rule_is_not_proven_by_composition() {
    use hlocheck::prove::certificate::{plan, Plan};
    let text =
        std::fs::read_to_string(root().join("tests/programs/prove/wrong_composed.rules")).unwrap();
    let rules = parse_rules("wrong_composed.rules", &text).unwrap();
    let (jobs, _) = plan(&rules[0], &Settings::default()).unwrap();
    assert!(jobs.len() >= 2, "{} instances", jobs.len());
    for j in &jobs {
        assert_eq!(j.format, "f6E2M3FN");
        assert!(!j.smt_composed, "{}: composed", j.signature);
        assert_ne!(j.plan, Plan::Smt, "{}: proven", j.signature);
    }
    let dir = temp_dir("wrong_composed");
    let path = root().join("tests/programs/prove/wrong_composed.rules");
    let (code, _, err) = hlocheck(&[
        "prove",
        "--rules",
        path.to_str().unwrap(),
        "--dir",
        dir.to_str().unwrap(),
        "--jobs",
        "2",
    ]);
    assert_eq!(code, 1, "{err}");
    let cert: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("broadcast_next_after_swapped.json")).unwrap(),
    )
    .unwrap();
    let entries = cert["entries"].as_array().unwrap();
    assert!(entries.iter().any(|e| e["method"] == "sampled"));
    for e in entries {
        assert_ne!(e["max_ulp"], "0", "{e}");
    }
}

/// A certificate covers the rules that legalized its right-hand side: it
/// records the SHA-256 of each one's text, `--check` reports a stored hash
/// that is not the current text's, and shards legalized with another text
/// of a rule are not merged.
#[test]
fn the_legalizing_rules_texts_are_part_of_a_certificate() {
    let rule = "acos_narrow";
    let old = stored(rule);
    let l = old["legalizing_sha256"]
        .as_array()
        .expect("legalizing rules");
    let names: Vec<&str> = l.iter().map(|x| x["rule"].as_str().unwrap()).collect();
    assert!(names.contains(&"acos_f32"), "{names:?}");
    let now = legalizing_hashes(names.iter().copied());
    for (x, (n, h)) in l.iter().zip(&now) {
        assert_eq!(x["rule"], n.as_str());
        assert_eq!(x["sha256"], h.as_str());
    }
    // The hash is of the rule's text: another text has another hash.
    let text = embedded_rule_text("acos_f32").unwrap();
    assert_ne!(sha256(&text), sha256(&format!("{text} ")));
    // A certificate whose legalizing rule's hash is not the current one.
    let d = temp_dir("legalizing");
    let dir = d.to_string_lossy().to_string();
    for ext in ["json", "md"] {
        std::fs::copy(
            root().join(format!("proofs/{rule}.{ext}")),
            d.join(format!("{rule}.{ext}")),
        )
        .unwrap();
    }
    let (code, out, err) = hlocheck(&["prove", rule, "--check", "--dir", &dir]);
    assert_eq!(code, 0, "{out}{err}");
    let p = d.join(format!("{rule}.json"));
    let json = std::fs::read_to_string(&p).unwrap();
    let h = now.iter().find(|(n, _)| n == "acos_f32").unwrap().1.clone();
    let stale = "0".repeat(64);
    let edited = json.replacen(&h, &stale, 1);
    assert_ne!(edited, json);
    std::fs::write(&p, edited).unwrap();
    let (code, out, err) = hlocheck(&["prove", rule, "--check", "--dir", &dir]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains(&format!("{rule}: DISAGREES")) && out.contains("legalizing_sha256"),
        "{out}"
    );
    // Shards: merged as they are; refused with a legalizing rule's hash
    // that is not its current text's.
    let shards = d.join("shards");
    let s = shards.to_string_lossy().to_string();
    for i in 0..2 {
        let shard = format!("{i}/2");
        let (code, out, err) = hlocheck(&["prove", rule, "--shard", &shard, "--out", &s]);
        assert_eq!(code, 0, "{out}{err}");
    }
    let merged = d.join("merged").to_string_lossy().to_string();
    let (code, out, err) = hlocheck(&["prove", "--merge", &s, "--dir", &merged]);
    assert_eq!(code, 0, "{out}{err}");
    let m = std::fs::read_to_string(Path::new(&merged).join(format!("{rule}.json"))).unwrap();
    assert_eq!(m, json, "the merged certificate is the stored one");
    for i in 0..2 {
        let p = shards.join(format!("{rule}.shard-{i}-of-2.json"));
        let t = std::fs::read_to_string(&p).unwrap();
        let e = t.replacen(&h, &stale, 1);
        assert_ne!(e, t);
        std::fs::write(&p, e).unwrap();
    }
    let (code, _, err) = hlocheck(&["prove", "--merge", &s, "--dir", &merged]);
    assert_eq!(code, 1);
    assert!(err.contains("whose text has changed"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}
