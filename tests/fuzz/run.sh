#!/bin/sh
# Builds the fuzz target with coverage instrumentation (nightly Rust, as
# cargo-fuzz does) and runs it: ./run.sh CORPUS_DIR [libFuzzer options...].
# Seed the corpus with the conformance suites' .mlir files; keep the corpus
# and crash artifacts outside the repository.
set -e
# An explicit --target keeps the instrumentation out of build scripts.
triple=$(rustc +nightly -vV | sed -n 's/^host: //p')
here=$(cd "$(dirname "$0")" && pwd)
corpus=${1:?usage: run.sh CORPUS_DIR [libFuzzer options...]}
shift
RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
-Cllvm-args=-sanitizer-coverage-pc-table -Cllvm-args=-sanitizer-coverage-trace-compares \
--cfg fuzzing -Cdebug-assertions -Coverflow-checks=off" \
  cargo +nightly build --release --manifest-path "$here/Cargo.toml" \
  --target "$triple" --target-dir "${FUZZ_TARGET_DIR:-$here/target}"
mkdir -p "$corpus"
exec "${FUZZ_TARGET_DIR:-$here/target}/$triple/release/parse_verify_run" "$corpus" \
  -rss_limit_mb=4096 -timeout=20 -max_len=65536 "$@"
