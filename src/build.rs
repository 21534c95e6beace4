//! Links the `hlocheck` binary statically (a static PIE) where the system's C
//! library can be linked statically; `hlocheck-z3`, which loads libz3, and
//! the tests stay dynamic.
//!
//! `hlocheck` runs one program per process, so its start is part of every
//! run's time. A dynamic start maps and relocates libc, libm and libgcc_s
//! and sets up their CPU-feature tables; a static one does none of that, and
//! calls into libc go straight to the code. On the machines this project is
//! measured on, a static `hlocheck` starts about 0.5 ms sooner.
//!
//! rustc links a binary for the `gnu` targets with `-lgcc_s -lutil -lrt
//! -lpthread -lm -ldl -lc` (and `-lz3 -lstdc++` from z3-sys, which
//! `hlocheck` never calls) unless the whole build is `crt-static`, and Cargo
//! cannot make one binary `crt-static` and not the others. So the binary is
//! linked `-static-pie` by the system's GNU linker through a wrapper that
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

fn main() {
    println!("cargo:rerun-if-changed=src/build.rs");
    println!("cargo:rerun-if-env-changed=HLOCHECK_DYNAMIC");
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    let native = var("TARGET") == var("HOST");
    let linux_gnu = var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    if !native || !linux_gnu || std::env::var_os("HLOCHECK_DYNAMIC").is_some() {
        return;
    }
    let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
        return;
    };
    match stand_ins(&out.join("static-libs")) {
        Ok(dir) => {
            // gcc looks for `ld.bfd` in the `-B` folders in order; rustc's
            // own folder holds only `ld.lld`, so the wrapper in `dir` is found.
            for arg in [
                "-static-pie",
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
