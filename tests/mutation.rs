//! Fuzzing the parser with mutated conformance files.
//!
//! A deterministic sample of conformance cases is mutated at random (bytes
//! and tokens deleted, duplicated, swapped; punctuation, huge numbers, deep
//! nesting and bytes that are not UTF-8 inserted; the text truncated). For
//! every mutant:
//!
//! - parsing does not panic;
//! - every error is a located diagnostic (file name, line >= 1 within the
//!   text, col >= 1, a message);
//! - every case that parses prints (pretty and generic) to text that parses
//!   back to the same program.
//!
//! `HLOCHECK_MUTANTS` sets the number of mutants (default 100000) and
//! `HLOCHECK_SEED` the seed (default fixed, so failures reproduce). Failing
//! mutants, shrunk, are written to the target's temporary folder.

mod common;

use hlocheck::cli::{parallel_map, roundtrip_error};
use hlocheck::ir::parse::parse_file;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

const DEFAULT_SEED: u64 = 0x5EED_1234_ABCD_0001;
const DEFAULT_MUTANTS: usize = 100_000;
/// Seeds (cases of conformance files) larger than this are not used.
const MAX_SEED_BYTES: usize = 12 * 1024;
/// How many seeds the sample holds.
const SAMPLE_SIZE: usize = 160;

/// SplitMix64: small, fast and good enough to pick mutations.
#[derive(Clone)]
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => {
            let v = v.trim();
            let parsed = match v.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16)
                    .ok()
                    .and_then(|n| n.to_string().parse().ok()),
                None => v.parse().ok(),
            };
            parsed.unwrap_or_else(|| panic!("{name}={v} is not a number"))
        }
        Err(_) => default,
    }
}

// ----- the sample ------------------------------------------------------------

/// A text to mutate: one case of a conformance file, or a few consecutive
/// cases with their `// -----` separators.
struct Seed {
    origin: String,
    text: Vec<u8>,
}

/// A deterministic sample of cases across testdata/ (with its subfolders),
/// interpret/ and verify/: files taken at even steps through each suite's
/// sorted list, cases at even steps through each file.
fn sample_seeds(base: &std::path::Path) -> Vec<Seed> {
    let mut seeds = Vec::new();
    let suites: [(&str, usize); 5] = [
        ("testdata", 50),
        ("testdata/dynamic", 20),
        ("testdata/quantized", 20),
        ("interpret", 35),
        ("verify", 35),
    ];
    for (sub, want) in suites {
        let mut files = common::mlir_files(&base.join(sub));
        if sub == "testdata" {
            // The subfolders have their own share.
            files.retain(|f| f.parent() == Some(&base.join(sub)));
        }
        let mut texts: Vec<(String, String)> = Vec::new();
        for f in &files {
            let text = common::read_text(f);
            let name = common::rel(base, f);
            let cases = hlocheck::ir::split_cases(&text);
            if cases.len() == 1 {
                texts.push((name, text));
                continue;
            }
            // Several cases: single cases and, every fourth, a run of three.
            for (i, c) in cases.iter().enumerate() {
                let end = if i % 4 == 0 {
                    cases[(i + 2).min(cases.len() - 1)].end
                } else {
                    c.end
                };
                texts.push((format!("{name}:{}", c.line), text[c.start..end].to_string()));
            }
        }
        texts.retain(|(_, t)| t.len() <= MAX_SEED_BYTES && t.contains('%'));
        assert!(!texts.is_empty(), "no usable seed in {sub}/");
        let step = (texts.len() as f64 / want as f64).max(1.0);
        let mut k = 0.0;
        while (k as usize) < texts.len() && seeds.len() < SAMPLE_SIZE {
            let (origin, text) = &texts[k as usize];
            seeds.push(Seed {
                origin: origin.clone(),
                text: text.clone().into_bytes(),
            });
            k += step;
        }
    }
    seeds
}

// ----- mutations ---------------------------------------------------------------

const PUNCT: &[u8] = b"<>()[]{},:=%#!@\"";

const HUGE_NUMBERS: &[&str] = &[
    "99999999999999999999",
    "18446744073709551616",
    "9223372036854775808",
    "-9223372036854775809",
    "4294967296",
    "2147483648",
    "340282366920938463463374607431768211456",
    "0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
    "1.0e99999",
    "-1.0e-99999",
    "0x",
    "0",
    "-0",
    "1e",
    "00000000000000000000000000001",
];

const WORDS: &[&str] = &[
    "tensor<",
    "tensor<*x",
    "tensor<?x",
    "complex<",
    "tuple<",
    "dense<",
    "dense<[",
    "array<i64:",
    "!quant.uniform<i8:f32, 1.0>",
    "!quant.uniform<",
    "#stablehlo.bounds<",
    "#stablehlo.conv<raw ",
    "#stablehlo.gather<",
    "loc(",
    "loc(#loc1)",
    "#loc1",
    "#loc1 = loc(\"x\":1:2)\n",
    "!alias = tensor<f32>\n",
    "#alias = 1 : i32\n",
    "^bb0(",
    "^bb1:",
    "%0:2",
    "%0#5",
    "%",
    "%arg0",
    "@",
    "@a::@b",
    "\"stablehlo.add\"",
    "stablehlo.add",
    "stablehlo.reduce",
    "stablehlo.while",
    "func.func",
    "module",
    "->",
    "::",
    "...",
    "\n// -----\n",
    "//",
    "\"\\",
    "\"\\xyz\"",
    "\"\\FF\"",
    "?",
    "x",
    "i0",
    "i65",
    "si4",
    "ui64",
    "f8E4M3FN",
    "bf16",
    "index",
    "none",
    "true",
    "unit",
    "\t",
    "\r\n",
];

/// Units repeated to nest deeply.
const NESTING: &[&str] = &[
    "(",
    "[",
    "{",
    "<",
    "tensor<",
    "tuple<",
    "complex<",
    "dense<[",
    "[[",
    "{^bb0:",
    "\"x\"(){",
    "(tensor<f32>) -> ",
    "#stablehlo.bounds<",
    "loc(",
];

/// Spans of the approximate tokens of a text: words, quoted strings and
/// single punctuation characters.
fn tokens(text: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c == b'"' {
            i += 1;
            while i < text.len() && text[i] != b'"' {
                i += if text[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(text.len());
        } else if c.is_ascii_alphanumeric() || b"_.$%#!@^-".contains(&c) {
            while i < text.len()
                && (text[i].is_ascii_alphanumeric() || b"_.$%#!@^".contains(&text[i]))
            {
                i += 1;
            }
            i = i.max(start + 1);
        } else {
            i += 1;
        }
        out.push((start, i));
    }
    out
}

/// A random span of `text` of at most `max` bytes (may be empty).
fn span(rng: &mut Rng, len: usize, max: usize) -> (usize, usize) {
    let start = rng.below(len + 1);
    let n = rng.below(max.min(len - start) + 1);
    (start, start + n)
}

/// Applies one random mutation; returns its name.
fn mutate(rng: &mut Rng, t: &mut Vec<u8>) -> &'static str {
    let len = t.len();
    let kind = rng.below(16);
    match kind {
        0 => {
            let (a, b) = span(rng, len, 40);
            t.drain(a..b);
            "delete bytes"
        }
        1 => {
            let (a, b) = span(rng, len, 40);
            let copy = t[a..b].to_vec();
            let at = rng.below(t.len() + 1);
            t.splice(at..at, copy);
            "duplicate bytes"
        }
        2 => {
            let (a, b) = span(rng, len, 24);
            let (c, d) = span(rng, len, 24);
            if b <= c || d <= a {
                let (first, second) = if b <= c {
                    ((a, b), (c, d))
                } else {
                    ((c, d), (a, b))
                };
                let x = t[first.0..first.1].to_vec();
                let y = t[second.0..second.1].to_vec();
                t.splice(second.0..second.1, x);
                t.splice(first.0..first.1, y);
            }
            "swap bytes"
        }
        3 => {
            let at = rng.below(len + 1);
            let n = 1 + rng.below(4);
            let ins: Vec<u8> = (0..n).map(|_| *rng.pick(PUNCT)).collect();
            t.splice(at..at, ins);
            "insert punctuation"
        }
        4 => {
            // Replace a run of digits (or, without digits, any spot) by a huge number.
            let digits: Vec<usize> = (0..len).filter(|&i| t[i].is_ascii_digit()).collect();
            let huge = rng.pick(HUGE_NUMBERS).as_bytes().to_vec();
            if digits.is_empty() {
                let at = rng.below(len + 1);
                t.splice(at..at, huge);
            } else {
                let s = *rng.pick(&digits);
                let mut e = s;
                while e < len && t[e].is_ascii_digit() {
                    e += 1;
                }
                t.splice(s..e, huge);
            }
            "huge number"
        }
        5 => {
            let at = rng.below(len + 1);
            let unit = rng.pick(NESTING).as_bytes();
            let n = if rng.chance(50) {
                500
            } else {
                90 + rng.below(30)
            };
            let mut ins = unit.repeat(n);
            if rng.chance(50) {
                // Sometimes close what was opened.
                let close: Vec<u8> = unit
                    .iter()
                    .rev()
                    .filter_map(|c| match c {
                        b'(' => Some(b')'),
                        b'[' => Some(b']'),
                        b'{' => Some(b'}'),
                        b'<' => Some(b'>'),
                        _ => None,
                    })
                    .collect();
                ins.extend(close.repeat(n));
            }
            t.splice(at..at, ins);
            "deep nesting"
        }
        6 => {
            let at = rng.below(len + 1);
            t.truncate(at);
            "truncate"
        }
        7 => {
            let at = rng.below(len + 1);
            let n = 1 + rng.below(4);
            let ins: Vec<u8> = (0..n)
                .map(|_| *rng.pick(&[0x80u8, 0xC0, 0xC3, 0xE2, 0xF0, 0xFF, 0xFE, 0x00, 0x1B]))
                .collect();
            t.splice(at..at, ins);
            "non-UTF-8 bytes"
        }
        8..=13 => {
            let toks = tokens(t);
            if toks.is_empty() {
                t.extend_from_slice(rng.pick(WORDS).as_bytes());
                return "insert word";
            }
            let (a, b) = *rng.pick(&toks);
            match kind {
                8 => {
                    t.drain(a..b);
                    "delete token"
                }
                9 => {
                    let copy = t[a..b].to_vec();
                    t.splice(b..b, copy);
                    "duplicate token"
                }
                10 => {
                    let (c, d) = *rng.pick(&toks);
                    if b <= c {
                        let x = t[a..b].to_vec();
                        let y = t[c..d].to_vec();
                        t.splice(c..d, x);
                        t.splice(a..b, y);
                    }
                    "swap tokens"
                }
                11 => {
                    let (c, d) = *rng.pick(&toks);
                    let y = t[c..d].to_vec();
                    t.splice(a..b, y);
                    "replace token by another"
                }
                12 => {
                    t.splice(a..b, rng.pick(WORDS).bytes());
                    "replace token by a word"
                }
                _ => {
                    t.splice(b..b, rng.pick(WORDS).bytes());
                    "insert word"
                }
            }
        }
        14 => {
            // Delete a whole line.
            let starts: Vec<usize> = std::iter::once(0)
                .chain((0..len).filter(|&i| t[i] == b'\n').map(|i| i + 1))
                .filter(|&i| i < len)
                .collect();
            if let Some(&s) = starts.get(rng.below(starts.len().max(1))) {
                let e = t[s..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(len, |p| s + p + 1);
                t.drain(s..e);
            }
            "delete line"
        }
        _ => {
            // Flip one byte to a random ASCII character.
            if len > 0 {
                let at = rng.below(len);
                t[at] = 0x20 + (rng.next() % 95) as u8;
            }
            "replace byte"
        }
    }
}

// ----- checking one mutant ----------------------------------------------------

/// What went wrong with a mutant.
#[derive(Clone, Debug)]
struct Failure {
    /// The kind of failure, used to group and to shrink.
    kind: String,
    detail: String,
}

/// Parses `text` as a file and checks the properties; `None` when they hold.
fn check(text: &str) -> Option<Failure> {
    check_counting(text, &mut 0, &mut 0)
}

/// [`check`], counting the cases that parse and the cases rejected.
fn check_counting(text: &str, ok: &mut usize, rejected: &mut usize) -> Option<Failure> {
    let name = "mutant.mlir";
    let lines = 1 + text.matches('\n').count() as u32;
    CHECKING.with(|c| c.set(true));
    let failure = check_inner(name, lines, text, ok, rejected);
    CHECKING.with(|c| c.set(false));
    failure
}

fn check_inner(
    name: &str,
    lines: u32,
    text: &str,
    ok: &mut usize,
    rejected: &mut usize,
) -> Option<Failure> {
    let results = match catch_unwind(AssertUnwindSafe(|| parse_file(name, text))) {
        Ok(r) => r,
        Err(e) => {
            let msg = panic_message(&*e);
            return Some(Failure {
                kind: format!("parse_file panics: {msg}"),
                detail: msg,
            });
        }
    };
    for r in results {
        match r {
            Err(d) => {
                *rejected += 1;
                if d.file != name
                    || d.line < 1
                    || d.line > lines
                    || d.col < 1
                    || d.message.is_empty()
                {
                    return Some(Failure {
                        kind: "badly located diagnostic".into(),
                        detail: format!("{d:?} (the text has {lines} lines)"),
                    });
                }
            }
            Ok(prog) => match catch_unwind(AssertUnwindSafe(|| {
                // Every eighth program that parses is also verified (all of
                // them would triple the test's time): the verifier must not
                // panic either.
                if (*ok).is_multiple_of(8) {
                    let opts = hlocheck::verify::Options {
                        assumptions: Vec::new(),
                        timeout_ms: 200,
                        ..hlocheck::verify::Options::default()
                    };
                    hlocheck::verify::verify_program(&prog, &opts);
                }
                // Every eighth one after that is also run, under small limits:
                // ill-typed or enormous programs must give errors, not panics.
                if (*ok % 8) == 4 {
                    let limits = hlocheck::interp::Limits {
                        max_elements: 1 << 16,
                        max_steps: 10_000,
                        max_bytes: 8 << 20,
                        max_work: 1 << 24,
                        max_memory: 1 << 30,
                    };
                    let mut interp = hlocheck::interp::Interp::new(&prog, limits);
                    if let Some(entry) = interp.default_entry() {
                        let _ = interp.call(entry, Vec::new());
                    }
                }
                roundtrip_error(&prog)
            })) {
                Ok(None) => *ok += 1,
                Ok(Some(msg)) => {
                    let first = msg.lines().next().unwrap_or("").to_string();
                    return Some(Failure {
                        kind: format!("round trip fails: {first}"),
                        detail: msg,
                    });
                }
                Err(e) => {
                    let msg = panic_message(&*e);
                    return Some(Failure {
                        kind: format!("printing, reparsing, verifying or running panics: {msg}"),
                        detail: msg,
                    });
                }
            },
        }
    }
    None
}

thread_local! {
    /// The message and location of the last panic on this thread.
    static LAST_PANIC: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    /// Whether this thread is checking a mutant (its panics are recorded, not printed).
    static CHECKING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Installs a panic hook that records the panics of mutant checks quietly
/// (they are checked by the thousand; the report says what failed) and
/// leaves other panics to the previous hook.
fn record_panics_quietly() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !CHECKING.with(|c| c.get()) {
                return previous(info);
            }
            let msg = payload_text(info.payload());
            let at = info
                .location()
                .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
            LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{msg}{at}")));
        }));
    });
}

fn payload_text(e: &(dyn std::any::Any + Send)) -> String {
    e.downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with a non-string payload".into())
}

/// The recorded message of the panic just caught (with its location).
fn panic_message(e: &(dyn std::any::Any + Send)) -> String {
    LAST_PANIC
        .with(|p| p.borrow_mut().take())
        .unwrap_or_else(|| payload_text(e))
}

/// Shrinks a failing text while it keeps failing with the same kind: drops
/// lines, then chunks of bytes of falling size (a simple delta debugging).
fn shrink(text: &[u8], kind: &str) -> Vec<u8> {
    let same = |t: &[u8]| check(&String::from_utf8_lossy(t)).is_some_and(|f| f.kind == kind);
    let mut cur = text.to_vec();
    let mut budget = 3000usize;
    let mut chunk = cur.len().div_ceil(2).max(1);
    while chunk >= 1 && budget > 0 {
        let mut i = 0;
        let mut progress = false;
        while i < cur.len() && budget > 0 {
            let end = (i + chunk).min(cur.len());
            let mut cand = cur[..i].to_vec();
            cand.extend_from_slice(&cur[end..]);
            budget -= 1;
            if same(&cand) {
                cur = cand;
                progress = true;
            } else {
                i += chunk;
            }
        }
        if !progress {
            if chunk == 1 {
                break;
            }
            chunk /= 2;
        }
    }
    cur
}

// ----- the test -----------------------------------------------------------------

/// The outcome of one batch of mutants.
#[derive(Default)]
struct Tally {
    mutants: usize,
    cases_ok: usize,
    cases_err: usize,
    failures: Vec<(usize, String, Vec<u8>, Failure)>,
    slowest: (Duration, usize),
}

#[test]
fn mutated_conformance_files_never_panic_and_errors_are_located() {
    let Some(base) = common::conformance_dir() else {
        return;
    };
    record_panics_quietly();
    let seed: u64 = env_or("HLOCHECK_SEED", DEFAULT_SEED);
    let count: usize = env_or("HLOCHECK_MUTANTS", DEFAULT_MUTANTS);
    let started = Instant::now();
    let seeds = sample_seeds(&base);
    println!(
        "mutation: seed {seed:#x} (HLOCHECK_SEED), {count} mutants (HLOCHECK_MUTANTS), \
         {} seed cases",
        seeds.len()
    );

    // Mutant i depends only on (seed, i): the batches may run in any order.
    let batches: Vec<std::ops::Range<usize>> = {
        let size = 250;
        (0..count.div_ceil(size))
            .map(|b| b * size..((b + 1) * size).min(count))
            .collect()
    };
    let tallies = common::on_big_stack(move || {
        let seeds = &seeds;
        parallel_map(&batches, |range| {
            let mut tally = Tally::default();
            for i in range.clone() {
                let mut rng = Rng(seed ^ (i as u64).wrapping_mul(0xA24B_AED4_963E_E407));
                rng.next();
                let s = &seeds[rng.below(seeds.len())];
                let mut bytes = s.text.clone();
                let n = 1 + rng.below(3);
                let mut applied = Vec::new();
                for _ in 0..n {
                    applied.push(mutate(&mut rng, &mut bytes));
                }
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let t0 = Instant::now();
                let failure = check_counting(&text, &mut tally.cases_ok, &mut tally.cases_err);
                let dt = t0.elapsed();
                if dt > tally.slowest.0 {
                    tally.slowest = (dt, i);
                }
                tally.mutants += 1;
                if let Some(f) = failure {
                    let what = format!("{} ({})", s.origin, applied.join(", "));
                    tally.failures.push((i, what, bytes, f));
                }
            }
            tally
        })
    });

    let mut total = Tally::default();
    for t in tallies {
        total.mutants += t.mutants;
        total.cases_ok += t.cases_ok;
        total.cases_err += t.cases_err;
        total.failures.extend(t.failures);
        if t.slowest.0 > total.slowest.0 {
            total.slowest = t.slowest;
        }
    }
    total.failures.sort_by_key(|f| f.0);
    println!(
        "mutation: {} mutants, {} cases parsed and round-tripped, {} cases rejected with a \
         located diagnostic, {} mutants failed; slowest mutant #{} took {:?}; {:.1?} in all",
        total.mutants,
        total.cases_ok,
        total.cases_err,
        total.failures.len(),
        total.slowest.1,
        total.slowest.0,
        started.elapsed()
    );
    assert_eq!(total.mutants, count);
    if total.failures.is_empty() {
        return;
    }

    // Group by kind; shrink and save the first mutant of each kind.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutation-failures");
    let _ = std::fs::create_dir_all(&dir);
    let mut kinds: Vec<(String, usize)> = Vec::new();
    let mut report = Vec::new();
    for (i, what, bytes, f) in &total.failures {
        if let Some(k) = kinds.iter_mut().find(|k| k.0 == f.kind) {
            k.1 += 1;
            continue;
        }
        kinds.push((f.kind.clone(), 1));
        let small = common::on_big_stack({
            let bytes = bytes.clone();
            let kind = f.kind.clone();
            move || shrink(&bytes, &kind)
        });
        let file = dir.join(format!("mutant-{i}.mlir"));
        let _ = std::fs::write(&file, &small);
        report.push(format!(
            "mutant #{i} from {what}: {}\n{}\nshrunk to {} bytes (saved as {}):\n{}\n",
            f.kind,
            f.detail,
            small.len(),
            file.display(),
            String::from_utf8_lossy(&small)
        ));
    }
    let summary: Vec<String> = kinds.iter().map(|(k, n)| format!("{n} x {k}")).collect();
    panic!(
        "{} of {} mutants failed (seed {seed:#x}):\n{}\n\n{}",
        total.failures.len(),
        total.mutants,
        summary.join("\n"),
        report.join("\n")
    );
}
