//! Kernels charge their work and their temporaries before they run: one op
//! whose element operations exceed `--max-work`, or whose temporaries would
//! pass `--max-memory`, stops at the op with the limit's message instead of
//! running (or allocating) first. Each program is one heavy op on constants;
//! its limit lies between what the op reads and writes and what the kernel
//! does, so only the kernel's own charge can stop it.

use hlocheck::cli::run::verifier_error;
use hlocheck::interp::{Interp, Limits};
use hlocheck::ir::parse::parse_program;

fn run_with(src: &str, limits: Limits) -> Result<usize, String> {
    let prog = parse_program("limits.mlir", src).map_err(|d| d.to_string())?;
    if let Some(e) = verifier_error("limits.mlir", src, &prog) {
        panic!("the test program should verify: {e}");
    }
    let mut interp = Interp::new(&prog, limits);
    interp.call("main", vec![]).map(|r| r.len())
}

/// `@main` returning one op's result, with `consts` defining its operands.
fn program(consts: &str, op: &str, result: &str) -> String {
    format!("func.func @main() -> {result} {{\n{consts}\n  %r = {op}\n  return %r : {result}\n}}\n")
}

fn add_body(ty: &str) -> String {
    format!(
        "^bb0(%x: {ty}, %y: {ty}):\n    %s = stablehlo.add %x, %y : {ty}\n    stablehlo.return %s : {ty}"
    )
}

/// (the op's name, the program, a work limit the op's reads and writes stay
/// under but its element operations exceed).
fn heavy_ops() -> Vec<(&'static str, String, u64)> {
    let f = "tensor<f32>";
    let m64 = "  %a = stablehlo.constant dense<1.0> : tensor<64x64xf32>\n  %b = stablehlo.constant dense<2.0> : tensor<64x64xf32>";
    vec![
        (
            // 64·64·64 multiply-adds; 20,480 elements read and written.
            "stablehlo.dot_general",
            program(
                m64,
                "stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>",
                "tensor<64x64xf32>",
            ),
            100_000,
        ),
        (
            // 1·25·25·8 outputs × 8 features × 64 window positions.
            "stablehlo.convolution",
            program(
                "  %a = stablehlo.constant dense<1.0> : tensor<1x32x32x8xf32>\n  %b = stablehlo.constant dense<1.0> : tensor<8x8x8x8xf32>",
                "stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x32x32x8xf32>, tensor<8x8x8x8xf32>) -> tensor<1x25x25x8xf32>",
                "tensor<1x25x25x8xf32>",
            ),
            100_000,
        ),
        (
            // 4,096·(12 + 4) comparisons of a two-op comparator.
            "stablehlo.sort",
            program(
                "  %a = stablehlo.iota dim = 0 : tensor<4096xf32>",
                "\"stablehlo.sort\"(%a) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %c = stablehlo.compare GT, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>\n  }) {dimension = 0 : i64, is_stable = true} : (tensor<4096xf32>) -> tensor<4096xf32>",
                "tensor<4096xf32>",
            ),
            50_000,
        ),
        (
            // 49·49 windows of 16·16.
            "stablehlo.reduce_window",
            program(
                "  %a = stablehlo.constant dense<1.0> : tensor<64x64xf32>\n  %i = stablehlo.constant dense<0.0> : tensor<f32>",
                &format!(
                    "\"stablehlo.reduce_window\"(%a, %i) ({{\n  {}\n  }}) {{window_dimensions = array<i64: 16, 16>}} : (tensor<64x64xf32>, tensor<f32>) -> tensor<49x49xf32>",
                    add_body(f)
                ),
                "tensor<49x49xf32>",
            ),
            100_000,
        ),
        (
            "stablehlo.select_and_scatter",
            program(
                "  %a = stablehlo.constant dense<1.0> : tensor<64x64xf32>\n  %s = stablehlo.constant dense<1.0> : tensor<49x49xf32>\n  %i = stablehlo.constant dense<0.0> : tensor<f32>",
                &format!(
                    "\"stablehlo.select_and_scatter\"(%a, %s, %i) ({{\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %c = stablehlo.compare GE, %x, %y : (tensor<f32>, tensor<f32>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>\n  }}, {{\n  {}\n  }}) {{window_dimensions = array<i64: 16, 16>, window_strides = array<i64: 1, 1>}} : (tensor<64x64xf32>, tensor<49x49xf32>, tensor<f32>) -> tensor<64x64xf32>",
                    add_body(f)
                ),
                "tensor<64x64xf32>",
            ),
            100_000,
        ),
        (
            // A direct DFT of length 1,000: 10⁶ terms.
            "stablehlo.fft",
            program(
                "  %a = stablehlo.constant dense<(1.0, 0.0)> : tensor<1000xcomplex<f32>>",
                "stablehlo.fft %a, type = FFT, length = [1000] : (tensor<1000xcomplex<f32>>) -> tensor<1000xcomplex<f32>>",
                "tensor<1000xcomplex<f32>>",
            ),
            100_000,
        ),
        (
            // 64³/3 multiply-adds; 12,288 elements read and written.
            "stablehlo.cholesky",
            program(
                "  %a = stablehlo.constant dense<1.0> : tensor<64x64xf32>",
                "stablehlo.cholesky %a, lower = true : tensor<64x64xf32>",
                "tensor<64x64xf32>",
            ),
            50_000,
        ),
        (
            "stablehlo.triangular_solve",
            program(
                m64,
                "\"stablehlo.triangular_solve\"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>",
                "tensor<64x64xf32>",
            ),
            50_000,
        ),
        (
            // 10,000 updates into 10 elements, three ops per update.
            "stablehlo.scatter",
            program(
                "  %a = stablehlo.constant dense<1.0> : tensor<10xf32>\n  %i = stablehlo.constant dense<3> : tensor<10000x1xi32>\n  %u = stablehlo.constant dense<1.0> : tensor<10000xf32>",
                "\"stablehlo.scatter\"(%a, %i, %u) ({\n  ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    %s = stablehlo.add %x, %y : tensor<f32>\n    %t = stablehlo.multiply %s, %s : tensor<f32>\n    stablehlo.return %t : tensor<f32>\n  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<10xf32>, tensor<10000x1xi32>, tensor<10000xf32>) -> tensor<10xf32>",
                "tensor<10xf32>",
            ),
            50_000,
        ),
        (
            // Each of 10,000 elements folded by a four-op body.
            "stablehlo.reduce",
            program(
                "  %a = stablehlo.constant dense<1.0> : tensor<10000xf32>\n  %i = stablehlo.constant dense<0.0> : tensor<f32>",
                "stablehlo.reduce(%a init: %i) across dimensions = [0] : (tensor<10000xf32>, tensor<f32>) -> tensor<f32>\n   reducer(%x: tensor<f32>, %y: tensor<f32>) {\n    %s = stablehlo.subtract %x, %y : tensor<f32>\n    %t = stablehlo.multiply %s, %s : tensor<f32>\n    %u = stablehlo.add %t, %y : tensor<f32>\n    stablehlo.return %u : tensor<f32>\n  }",
                "tensor<f32>",
            ),
            30_000,
        ),
    ]
}

#[test]
fn one_heavy_op_is_stopped_by_the_work_limit_before_its_kernel_runs() {
    for (name, src, limit) in heavy_ops() {
        // Within the default limits the program runs.
        if let Err(e) = run_with(&src, Limits::default()) {
            panic!("{name} should run within the default limits: {e}\n{src}");
        }
        let limits = Limits {
            max_work: limit,
            ..Limits::default()
        };
        let err = run_with(&src, limits).expect_err(name);
        let line = src.lines().position(|l| l.contains("%r = ")).unwrap_or(0) + 1;
        assert!(
            err.contains("--max-work")
                && err.contains(name)
                && err.starts_with(&format!("{line}:")),
            "{name}: {err}"
        );
    }
}

#[test]
fn kernels_temporaries_are_charged_against_the_memory_limit_before_allocation() {
    // Without the binary's allocator nothing else is counted: only the
    // temporaries a kernel declares before it allocates them can exceed the
    // limit. Each op's temporaries are above 3 MB; its result is below.
    let cases = [
        (
            "stablehlo.dot_general",
            program(
                "  %a = stablehlo.constant dense<1.0> : tensor<8x16384xf32>\n  %b = stablehlo.constant dense<1.0> : tensor<16384x8xf32>",
                "stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x16384xf32>, tensor<16384x8xf32>) -> tensor<8x8xf32>",
                "tensor<8x8xf32>",
            ),
        ),
        (
            "stablehlo.sort",
            program(
                "  %a = stablehlo.iota dim = 0 : tensor<200000xi32>",
                "\"stablehlo.sort\"(%a) ({\n  ^bb0(%x: tensor<i32>, %y: tensor<i32>):\n    %c = stablehlo.compare LT, %x, %y : (tensor<i32>, tensor<i32>) -> tensor<i1>\n    stablehlo.return %c : tensor<i1>\n  }) {dimension = 0 : i64} : (tensor<200000xi32>) -> tensor<200000xi32>",
                "tensor<200000xi32>",
            ),
        ),
        (
            "stablehlo.fft",
            program(
                "  %a = stablehlo.constant dense<(1.0, 0.0)> : tensor<65536xcomplex<f32>>",
                "stablehlo.fft %a, type = FFT, length = [65536] : (tensor<65536xcomplex<f32>>) -> tensor<65536xcomplex<f32>>",
                "tensor<65536xcomplex<f32>>",
            ),
        ),
    ];
    for (name, src) in cases {
        if let Err(e) = run_with(&src, Limits::default()) {
            panic!("{name} should run within the default limits: {e}\n{src}");
        }
        let limits = Limits {
            max_memory: 3 << 20,
            ..Limits::default()
        };
        let err = run_with(&src, limits).expect_err(name);
        assert!(
            err.contains("temporaries") && err.contains("--max-memory") && err.contains(name),
            "{name}: {err}"
        );
    }
}
