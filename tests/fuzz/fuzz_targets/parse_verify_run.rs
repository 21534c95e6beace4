//! Any bytes as a `.mlir` file: every case is parsed, printed and parsed
//! again, verified, and (when the verifier finds no error and the entry
//! function takes no arguments) run under small limits, as `hlocheck run`
//! does. A panic, an abort, a hang or an allocation past libFuzzer's
//! `-rss_limit_mb` is a finding.
#![no_main]

use hlocheck::interp::{Interp, Limits};
use hlocheck::ir::parse::parse_file;
use hlocheck::verify::{verify_program, Kind, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for prog in parse_file("fuzz.mlir", &text).into_iter().flatten() {
        // The printer's output must parse again (an error here is reported
        // by `hlocheck parse --roundtrip`; only a panic stops the fuzzer).
        let _ = hlocheck::cli::roundtrip_error(&prog);
        let opts = Options {
            timeout_ms: 200,
            ..Options::default()
        };
        let report = verify_program(&prog, &opts);
        if report.findings.iter().any(|f| f.kind == Kind::Error) {
            continue;
        }
        let limits = Limits {
            max_elements: 1 << 16,
            max_steps: 10_000,
            max_bytes: 8 << 20,
            max_work: 1 << 24,
            max_memory: 1 << 30,
        };
        let mut interp = Interp::new(&prog, limits);
        if let Some(entry) = interp.default_entry() {
            let _ = interp.call(entry, Vec::new());
        }
    }
});
