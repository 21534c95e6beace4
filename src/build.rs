//! The build script. It prepares the embedded spec, and links the
//! `hlocheck` binary statically where it can.
//!
//! **The spec.** The files of `spec/` are parsed and checked here, with the
//! library's own parser and checker (the modules of `src/spec` that hold
//! them are compiled into this script too), and every op is written as Rust
//! code that builds its syntax tree (`src/spec/emit.rs`), found at run time
//! by name (`src/spec/built.rs`). A process that verifies a program then
//! builds the ops it uses and never lexes, parses or checks spec text. A
//! spec file that does not parse or check fails the build with the spec's
//! own error (file, line, column).
//!
//! **The static link.** `hlocheck` is linked as a static executable at a
//! fixed address where the system's C library can be linked statically;
//! `hlocheck-z3`, which loads libz3, and the tests stay dynamic.
//!
//! `hlocheck` runs one program per process, so its start is part of every
//! run's time. A dynamic start maps and relocates libc, libm and libgcc_s
//! and sets up their CPU-feature tables; a static one does none of that, and
//! calls into libc go straight to the code. On the machines this project is
//! measured on, a static `hlocheck` starts about 0.5 ms sooner. Not being
//! position-independent, it has no relocations to apply at start either (a
//! static PIE rewrote some 40 pages of pointers, about 0.1 ms); its code
//! and data are at the same address in every run, while its stack, heap
//! and mappings stay randomized.
//!
//! rustc links a binary for the `gnu` targets with `-lgcc_s -lutil -lrt
//! -lpthread -lm -ldl -lc` (and `-lz3 -lstdc++` from z3-sys, which
//! `hlocheck` never calls) unless the whole build is `crt-static`, and Cargo
//! cannot make one binary `crt-static` and not the others. So the binary is
//! linked `-no-pie -static` by the system's GNU linker through a wrapper that
//! puts a folder of static stand-ins first in the library search: each of
//! those names is a linker script naming the static library (glibc's `.a`
//! files; `libgcc_s` standing for libgcc's static unwinder and support
//! library, which libc needs too), and `libz3` and `libstdc++` are empty
//! archives (a call into Z3 from `hlocheck` would fail to link, never link
//! dynamically). Where a static library or the GNU linker is missing, or the
//! target is not Linux with glibc, or `HLOCHECK_DYNAMIC` is set, nothing
//! changes.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The spec language's parser and checker, as the library has them.
#[allow(dead_code)]
mod spec {
    #[path = "ast.rs"]
    pub mod ast;
    #[path = "builtins.rs"]
    pub mod builtins;
    #[path = "check.rs"]
    pub mod check;
    #[path = "emit.rs"]
    pub mod emit;
    #[path = "error.rs"]
    mod error;
    #[path = "lexer.rs"]
    pub mod lexer;
    #[path = "parse.rs"]
    pub mod parse;
    pub use error::SpecError;
}

/// The spec files embedded in the binary, in the order they are read (the
/// order of ops in the whole spec, and of its errors).
const SPEC_FILES: [&str; 10] = [
    "elementwise.hlospec",
    "data_movement.hlospec",
    "dynamic.hlospec",
    "reductions.hlospec",
    "linalg.hlospec",
    "control_flow.hlospec",
    "collectives.hlospec",
    "quantization.hlospec",
    "chlo.hlospec",
    "dialect.hlospec",
];

fn main() {
    println!("cargo:rerun-if-changed=src/build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    if let Err(why) = prepare_spec(&out) {
        // Cargo shows a failing script's standard error.
        eprintln!("error: {why}");
        std::process::exit(1);
    }
    link_statically(&out);
}

/// Writes `spec_files.rs` (the embedded files: name and text) and
/// `spec_ops.rs` (`COUNT`, and `OPS`: each op's name and the function that
/// builds it, sorted by name) into `out`.
fn prepare_spec(out: &Path) -> Result<(), String> {
    for f in SPEC_FILES {
        println!("cargo:rerun-if-changed=spec/{f}");
    }
    for m in [
        "ast", "builtins", "check", "emit", "error", "lexer", "parse",
    ] {
        println!("cargo:rerun-if-changed=src/spec/{m}.rs");
    }
    let root =
        PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").ok_or("no CARGO_MANIFEST_DIR")?);
    let mut files = String::from("&[\n");
    let mut ops: Vec<spec::ast::OpSpec> = Vec::new();
    for file in SPEC_FILES {
        files.push_str(&format!(
            "({file:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), \"/spec/{file}\"))),\n"
        ));
        let path = root.join("spec").join(file);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("spec/{file}: {e}"))?;
        for op in spec::parse::parse_file(file, &text).map_err(|e| e.to_string())? {
            spec::check::check_op(&op).map_err(|e| e.to_string())?;
            if let Some(first) = ops.iter().find(|o| o.name == op.name) {
                return Err(format!(
                    "spec/{file}:{}: op `{}` is already defined at spec/{}:{}",
                    op.loc, op.name, first.file, first.loc
                ));
            }
            ops.push(op);
        }
    }
    files.push_str("]\n");
    ops.sort_by(|a, b| a.name.cmp(&b.name));
    let mut code = format!(
        "pub const COUNT: usize = {};\nstatic OPS: [(&str, Builder); COUNT] = [\n",
        ops.len()
    );
    for (i, op) in ops.iter().enumerate() {
        code.push_str(&format!("({:?}, op{i}),\n", op.name));
    }
    code.push_str("];\n");
    for (i, op) in ops.iter().enumerate() {
        code.push_str(&format!("fn op{i}() -> OpSpec {{\n"));
        code.push_str(&spec::emit::code_of(op));
        code.push_str("\n}\n");
    }
    let write = |name: &str, text: &str| {
        std::fs::write(out.join(name), text).map_err(|e| format!("{name}: {e}"))
    };
    write("spec_files.rs", &files)?;
    write("spec_ops.rs", &code)
}

/// Links `hlocheck` statically (see the top of this file), unless the
/// target is not this Linux-with-glibc machine or `HLOCHECK_DYNAMIC` is set.
fn link_statically(out: &Path) {
    println!("cargo:rerun-if-env-changed=HLOCHECK_DYNAMIC");
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    let native = var("TARGET") == var("HOST");
    let linux_gnu = var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    if !native || !linux_gnu || std::env::var_os("HLOCHECK_DYNAMIC").is_some() {
        return;
    }
    match stand_ins(&out.join("static-libs")) {
        Ok(dir) => {
            // gcc looks for `ld.bfd` in the `-B` folders in order; rustc's
            // own folder holds only `ld.lld`, so the wrapper in `dir` is found.
            for arg in [
                "-no-pie",
                "-static",
                "-fuse-ld=bfd",
                &format!("-B{}", dir.display()),
            ] {
                println!("cargo:rustc-link-arg-bin=hlocheck={arg}");
            }
        }
        Err(why) => println!("cargo:warning=hlocheck is linked dynamically: {why}"),
    }
}

/// The C compiler rustc links with.
fn cc() -> String {
    std::env::var("CC").unwrap_or_else(|_| "cc".into())
}

/// The path of a file of the C compiler's libraries (`cc
/// -print-file-name=NAME`), if it has one.
fn system_file(name: &str) -> Option<PathBuf> {
    let out = Command::new(cc())
        .arg(format!("-print-file-name={name}"))
        .output()
        .ok()?;
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    // The compiler prints the bare name back when it has no such file.
    (path.is_absolute() && path.is_file()).then_some(path)
}

/// Writes the folder of static stand-ins and the linker wrapper, or says
/// what is missing.
fn stand_ins(dir: &Path) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes).map_err(|e| format!("{name}: {e}"))
    };
    let archive = |name: &str| system_file(name).ok_or(format!("no static {name}"));
    let support = format!(
        "{} {}",
        archive("libgcc_eh.a")?.display(),
        archive("libgcc.a")?.display()
    );
    for lib in ["m", "pthread", "dl", "rt", "util"] {
        let name = format!("lib{lib}.a");
        write(
            &name,
            format!("INPUT({})\n", archive(&name)?.display()).as_bytes(),
        )?;
    }
    // libc and the support library call each other: one group.
    let libc = archive("libc.a")?;
    write(
        "libc.a",
        format!("GROUP({} {support})\n", libc.display()).as_bytes(),
    )?;
    write("libgcc_s.a", format!("INPUT({support})\n").as_bytes())?;
    for empty in ["libz3.a", "libstdc++.a"] {
        write(empty, b"!<arch>\n")?;
    }
    let linker_runs = Command::new("ld.bfd")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !linker_runs {
        return Err("no GNU linker (ld.bfd)".into());
    }
    let wrapper = dir.join("ld.bfd");
    let script = format!("#!/bin/sh\nexec ld.bfd -L'{}' \"$@\"\n", dir.display());
    std::fs::write(&wrapper, script).map_err(|e| format!("ld.bfd: {e}"))?;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("ld.bfd: {e}"))?;
    Ok(dir.to_path_buf())
}
