//! Hand-written tests of the textual syntax, one per form: types,
//! attributes, pretty and generic op forms, `// -----` splitting, opaque ops
//! of unknown dialects, and located errors.
//!
//! Every program that parses here is also printed (pretty and generic) and
//! parsed again, and must give the same program (see [`parse`]).

use hlocheck::cli::roundtrip_error;
use hlocheck::float::FloatKind;
use hlocheck::ir::attr::DenseArray;
use hlocheck::ir::parse::{parse_file, parse_program};
use hlocheck::ir::types::{QuantType, Signedness};
use hlocheck::ir::{Attr, Diagnostic, ElementType, Op, Program, TensorType, Type};

// ----- helpers ------------------------------------------------------------------

/// Parses a program, failing the test with the diagnostic if it does not
/// parse, and checks that printing and parsing again gives the same program.
#[track_caller]
fn parse(text: &str) -> Program {
    let prog = parse_program("test.mlir", text)
        .unwrap_or_else(|d| panic!("does not parse:\n{d}\n--- input:\n{text}"));
    if let Some(msg) = roundtrip_error(&prog) {
        panic!(
            "round trip: {msg}\n--- input:\n{text}\n--- pretty:\n{}\n--- generic:\n{}",
            hlocheck::ir::print::print_program(&prog),
            hlocheck::ir::print::print_generic(&prog)
        );
    }
    prog
}

/// Parses a program that must be rejected; returns the diagnostic.
#[track_caller]
fn parse_err(text: &str) -> Diagnostic {
    match parse_program("test.mlir", text) {
        Ok(p) => panic!(
            "parsed, but an error was expected:\n{text}\n--- printed:\n{}",
            hlocheck::ir::print::print_program(&p)
        ),
        Err(d) => d,
    }
}

/// Asserts that `text` is rejected at `line:col` with a message containing
/// every one of `words`.
#[track_caller]
fn assert_error(text: &str, line: u32, col: u32, words: &[&str]) {
    let d = parse_err(text);
    assert_eq!(d.file, "test.mlir");
    assert_eq!(
        (d.line, d.col),
        (line, col),
        "wrong position for:\n{d}\n--- input:\n{text}"
    );
    for w in words {
        assert!(
            d.message.contains(w),
            "message does not mention '{w}':\n{d}"
        );
    }
}

/// Parses both texts and asserts they are the same program.
#[track_caller]
fn assert_same(a: &str, b: &str) {
    let pa = parse(a);
    let pb = parse(b);
    assert_eq!(pa, pb, "different programs:\n--- 1:\n{a}\n--- 2:\n{b}");
}

/// Every op of a program, depth first.
fn all_ops(prog: &Program) -> Vec<&Op> {
    fn walk<'a>(ops: &'a [Op], out: &mut Vec<&'a Op>) {
        for op in ops {
            out.push(op);
            for r in &op.regions {
                for b in &r.blocks {
                    walk(&b.ops, out);
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(&prog.ops, &mut out);
    out
}

/// The first op named `name`.
#[track_caller]
fn op<'a>(prog: &'a Program, name: &str) -> &'a Op {
    all_ops(prog)
        .into_iter()
        .find(|o| o.name == name)
        .unwrap_or_else(|| panic!("no op {name}"))
}

/// The type `t` as read in a function argument.
#[track_caller]
fn ty(t: &str) -> Type {
    let prog = parse(&format!("func.func @f(%a: {t}) {{\n  func.return\n}}\n"));
    prog.value_types[0].clone()
}

/// The attribute `a` as read in an op's attribute dictionary.
#[track_caller]
fn attr(a: &str) -> Attr {
    let prog = parse(&format!("\"test.op\"() {{a = {a}}} : () -> ()\n"));
    prog.ops[0].attr("a").expect("attribute a").clone()
}

/// The attribute `a`, which must be a dense elements attribute.
#[track_caller]
fn dense(a: &str) -> hlocheck::ir::attr::DenseElements {
    match attr(a) {
        Attr::Dense(d) => *d,
        other => panic!("not dense: {other:?}"),
    }
}

fn tensor(t: &Type) -> &TensorType {
    t.as_tensor().expect("a tensor type")
}

/// Wraps ops in a function taking `args` (`%a: T, ...`).
fn func(args: &str, body: &str) -> String {
    format!("func.func @main({args}) {{\n{body}\n  func.return\n}}\n")
}

// ----- types ----------------------------------------------------------------------

#[test]
fn integer_types_have_signedness_and_width() {
    assert_eq!(ty("i1"), Type::Element(ElementType::I1));
    assert_eq!(
        ty("si4"),
        Type::Element(ElementType::Int(Signedness::Signed, 4))
    );
    assert_eq!(
        ty("ui64"),
        Type::Element(ElementType::Int(Signedness::Unsigned, 64))
    );
    assert_eq!(
        ty("i32"),
        Type::Element(ElementType::Int(Signedness::Signless, 32))
    );
    assert_eq!(ty("index"), Type::Element(ElementType::Index));
}

#[test]
fn every_float_type_name_parses() {
    for &k in FloatKind::ALL {
        assert_eq!(
            ty(k.name()),
            Type::Element(ElementType::Float(k)),
            "{}",
            k.name()
        );
        let t = ty(&format!("tensor<2x{}>", k.name()));
        assert_eq!(tensor(&t).elem, ElementType::Float(k));
    }
}

#[test]
fn complex_type_has_a_float_part() {
    assert_eq!(
        ty("complex<f32>"),
        Type::Element(ElementType::Complex(FloatKind::F32))
    );
    assert_eq!(
        tensor(&ty("tensor<3xcomplex<f64>>")).elem,
        ElementType::Complex(FloatKind::F64)
    );
}

#[test]
fn tensor_dims_may_be_dynamic() {
    let t = ty("tensor<2x?x3xf32>");
    assert_eq!(tensor(&t).dims, Some(vec![Some(2), None, Some(3)]));
    assert_eq!(tensor(&ty("tensor<f32>")).dims, Some(vec![]));
    assert_eq!(tensor(&ty("tensor<0x5xi8>")).num_elements(), Some(0));
}

#[test]
fn unranked_tensor_has_no_dims() {
    let t = ty("tensor<*xf32>");
    assert_eq!(tensor(&t).dims, None);
    assert_eq!(tensor(&t).elem, ElementType::Float(FloatKind::F32));
}

#[test]
fn bounded_dims_are_an_encoding() {
    let t = ty("tensor<?x3xf32, #stablehlo.bounds<?, 3>>");
    let t = tensor(&t);
    assert_eq!(t.dims, Some(vec![None, Some(3)]));
    assert_eq!(t.bounds(), Some(&[None, Some(3)][..]));
    let t = ty("tensor<?xf32, #stablehlo.type_extensions<bounds = [4]>>");
    assert_eq!(tensor(&t).bounds(), Some(&[Some(4)][..]));
}

#[test]
fn token_type() {
    assert_eq!(ty("!stablehlo.token"), Type::Token);
}

#[test]
fn tuple_types_nest() {
    assert_eq!(
        ty("tuple<tensor<f32>, tuple<>, !stablehlo.token>"),
        Type::Tuple(vec![ty("tensor<f32>"), Type::Tuple(vec![]), Type::Token])
    );
}

#[test]
fn function_types_take_lists_of_inputs_and_results() {
    let Type::Function(f) = ty("(tensor<f32>, i32) -> (tensor<i1>, f64)") else {
        panic!("not a function type");
    };
    assert_eq!(f.inputs, vec![ty("tensor<f32>"), ty("i32")]);
    assert_eq!(f.results, vec![ty("tensor<i1>"), ty("f64")]);
    let Type::Function(g) = ty("() -> i1") else {
        panic!("not a function type");
    };
    assert!(g.inputs.is_empty());
    assert_eq!(g.results, vec![ty("i1")]);
}

fn quant(t: &str) -> QuantType {
    match &tensor(&ty(t)).elem {
        ElementType::Quant(q) => (**q).clone(),
        e => panic!("not quantized: {e}"),
    }
}

#[test]
fn per_tensor_quantized_type() {
    let q = quant("tensor<2x!quant.uniform<i8:f32, 2.5:-3>>");
    assert!(q.storage_signed);
    assert_eq!(q.storage_bits, 8);
    assert_eq!((q.storage_min, q.storage_max), (-128, 127));
    assert_eq!(q.expressed, FloatKind::F32);
    assert_eq!(q.axis, None);
    assert_eq!(q.scales, vec![2.5]);
    assert_eq!(q.zero_points, vec![-3]);
    // The zero point defaults to 0.
    assert_eq!(
        quant("tensor<!quant.uniform<u8:f16, 0.5>>").zero_points,
        vec![0]
    );
}

#[test]
fn per_axis_quantized_type_with_storage_range() {
    let q = quant("tensor<2x3x!quant.uniform<i8<-127:127>:f32:1, {0.1:-30, 0.5:2, 2.0}>>");
    assert_eq!((q.storage_min, q.storage_max), (-127, 127));
    assert_eq!(q.axis, Some(1));
    assert_eq!(q.scales, vec![0.1, 0.5, 2.0]);
    assert_eq!(q.zero_points, vec![-30, 2, 0]);
    let q = quant("tensor<!quant.uniform<u4<1:14>:bf16, 3.0:7>>");
    assert!(!q.storage_signed);
    assert_eq!((q.storage_bits, q.storage_min, q.storage_max), (4, 1, 14));
}

/// MLIR's quantized types are equal when their parameters are: writing the
/// full storage range explicitly gives the same type as leaving it out.
#[test]
fn quantized_type_with_explicit_full_range_equals_implicit() {
    assert_eq!(
        ty("tensor<!quant.uniform<i8<-128:127>:f32, 1.0>>"),
        ty("tensor<!quant.uniform<i8:f32, 1.0>>")
    );
    parse(&func(
        "%a: tensor<!quant.uniform<i8:f32, 1.0>>",
        "  \"test.use\"(%a) : (tensor<!quant.uniform<i8<-128:127>:f32, 1.0>>) -> ()",
    ));
}

#[test]
fn quantized_storage_types_of_every_width_parse_or_fail_cleanly() {
    // No width may crash the parser (64-bit storage used to overflow while
    // computing the default range).
    for w in [1, 2, 4, 8, 16, 32, 64] {
        for s in ["i", "u"] {
            let text = func(&format!("%a: tensor<!quant.uniform<{s}{w}:f32, 1.0>>"), "");
            if let Err(d) = parse_program("test.mlir", &text) {
                assert!(d.line == 1 && d.col > 1, "{d}");
            }
        }
    }
}

#[test]
fn type_aliases_stand_for_their_type() {
    assert_same(
        "!t = tensor<2xf32>\nfunc.func @f(%a: !t) {\n  func.return\n}\n",
        "func.func @f(%a: tensor<2xf32>) {\n  func.return\n}\n",
    );
}

// ----- attributes ----------------------------------------------------------------

#[test]
fn dense_nested_lists_are_row_major() {
    let d = dense("dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi16>");
    assert!(!d.splat);
    let values: Vec<i16> = (0..6)
        .map(|i| i16::from_le_bytes(d.element(i).try_into().unwrap()))
        .collect();
    assert_eq!(values, vec![1, 2, 3, 4, 5, 6]);
}

#[test]
fn dense_splat_stores_one_element() {
    let d = dense("dense<-1.5> : tensor<4x4xf32>");
    assert!(d.splat);
    assert_eq!(d.data, (-1.5f32).to_le_bytes().to_vec());
    assert_eq!(d.element(15), (-1.5f32).to_le_bytes());
    let b = dense("dense<true> : tensor<3xi1>");
    assert!(b.splat);
    assert_eq!(b.data, vec![1]);
}

#[test]
fn dense_hex_blob_is_raw_little_endian() {
    let d = dense("dense<\"0x0100000002000000\"> : tensor<2xi32>");
    assert!(!d.splat);
    assert_eq!(d.data, vec![1, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(
        d,
        dense("dense<[1, 2]> : tensor<2xi32>"),
        "a blob and a list give the same attribute"
    );
}

#[test]
fn hex_float_elements_inside_lists_are_bit_patterns() {
    let d = dense("dense<[0x7FC00000, 1.0, 0xFF800000]> : tensor<3xf32>");
    let bits: Vec<u32> = (0..3)
        .map(|i| u32::from_le_bytes(d.element(i).try_into().unwrap()))
        .collect();
    assert_eq!(bits, vec![0x7FC0_0000, 0x3F80_0000, 0xFF80_0000]);
    let h = dense("dense<0x7E00> : tensor<f16>");
    assert_eq!(h.data, vec![0x00, 0x7E]);
}

#[test]
fn complex_elements_are_pairs() {
    let d = dense("dense<[(1.0, 2.0), (-3.0, 0.5)]> : tensor<2xcomplex<f32>>");
    let parts: Vec<f32> = d
        .data
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(parts, vec![1.0, 2.0, -3.0, 0.5]);
}

#[test]
fn empty_dense_is_for_zero_elements() {
    let d = dense("dense<> : tensor<0xf32>");
    assert!(d.data.is_empty());
    let d = dense("dense<[]> : tensor<0x3xi8>");
    assert!(d.data.is_empty());
}

#[test]
fn dense_array_attributes() {
    assert_eq!(
        attr("array<i64: 1, -2, 3>").as_i64_list(),
        Some(&[1, -2, 3][..])
    );
    assert_eq!(attr("array<i64>").as_i64_list(), Some(&[][..]));
    assert_eq!(
        attr("array<i1: true, false>"),
        Attr::DenseArray(DenseArray::Bool(vec![true, false]))
    );
    assert_eq!(
        attr("array<f32: 1.0>"),
        Attr::DenseArray(DenseArray::Float(FloatKind::F32, vec![0x3F80_0000]))
    );
}

#[test]
fn scalar_attributes_carry_their_type() {
    assert_eq!(attr("7 : i32"), Attr::Int(7, ElementType::I32));
    assert_eq!(attr("7"), Attr::Int(7, ElementType::I64));
    assert_eq!(attr("1.5 : f32"), Attr::Float(0x3FC0_0000, FloatKind::F32));
    assert_eq!(attr("true"), Attr::Bool(true));
    assert_eq!(attr("unit"), Attr::Unit);
    assert_eq!(attr("f32"), Attr::Type(ty("f32")));
}

#[test]
fn comparison_enums_in_both_spellings() {
    let lt = attr("#stablehlo<comparison_direction LT>");
    assert_eq!(lt.as_enum(), Some("LT"));
    assert_eq!(lt, attr("#stablehlo.comparison_direction<LT>"));
    assert_eq!(
        attr("#stablehlo<comparison_type TOTALORDER>").as_enum(),
        Some("TOTALORDER")
    );
    assert_eq!(
        attr("#stablehlo<precision HIGHEST>").as_enum(),
        Some("HIGHEST")
    );
    assert_eq!(attr("#chlo<comparison_direction GE>").as_enum(), Some("GE"));
    for (family, value) in [
        ("fft_type", "RFFT"),
        ("rng_algorithm", "PHILOX"),
        ("rng_distribution", "NORMAL"),
        ("transpose", "ADJOINT"),
    ] {
        assert_eq!(
            attr(&format!("#stablehlo<{family} {value}>")).as_enum(),
            Some(value)
        );
    }
}

#[test]
fn dot_dimension_numbers_struct() {
    let a = attr(
        "#stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], \
         lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>",
    );
    assert_eq!(
        a.field("lhs_contracting_dimensions")
            .and_then(Attr::as_i64_list),
        Some(&[2][..])
    );
    // Omitted lists are empty; field order does not matter.
    assert_eq!(
        attr("#stablehlo.dot<rhs_contracting_dimensions = [0], lhs_contracting_dimensions = [1]>"),
        attr("#stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>")
    );
}

#[test]
fn gather_and_scatter_dimension_numbers_structs() {
    let g = attr(
        "#stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], \
         start_index_map = [0], index_vector_dim = 1>",
    );
    assert_eq!(g.field("index_vector_dim").and_then(Attr::as_i64), Some(1));
    assert_eq!(
        g.field("operand_batching_dims").and_then(Attr::as_i64_list),
        Some(&[][..])
    );
    let s = attr(
        "#stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], \
         scatter_dims_to_operand_dims = [0], index_vector_dim = 1>",
    );
    assert_eq!(
        s.field("update_window_dims").and_then(Attr::as_i64_list),
        Some(&[1][..])
    );
    assert_eq!(
        attr("#stablehlo.scatter<>"),
        attr("#stablehlo.scatter<index_vector_dim = 0>")
    );
}

#[test]
fn conv_dimension_numbers_pretty_and_raw_are_equal() {
    let pretty = attr("#stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 1, 0, f]>");
    let raw = attr(
        "#stablehlo.conv<raw input_batch_dimension = 0, input_feature_dimension = 3, \
         input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, \
         kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], \
         output_batch_dimension = 0, output_feature_dimension = 3, \
         output_spatial_dimensions = [2, 1]>",
    );
    assert_eq!(pretty, raw);
    let Attr::Conv(d) = pretty else {
        panic!("not conv dims")
    };
    assert_eq!(d.output_spatial_dimensions, vec![2, 1]);
}

#[test]
fn dot_algorithm_struct() {
    let a = attr(
        "#stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, \
         accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, \
         num_primitive_operations = 3, allow_imprecise_accumulation = false>",
    );
    assert_eq!(
        a.field("num_primitive_operations").and_then(Attr::as_i64),
        Some(3)
    );
    assert_eq!(a.field("accumulation_type"), Some(&Attr::Type(ty("f32"))));
    assert_eq!(
        a.field("allow_imprecise_accumulation"),
        Some(&Attr::Bool(false))
    );
}

#[test]
fn channel_handle_and_output_operand_alias_structs() {
    let c = attr("#stablehlo.channel_handle<handle = 5, type = 1>");
    assert_eq!(c.field("handle").and_then(Attr::as_i64), Some(5));
    let o = attr(
        "#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 1, \
         operand_tuple_indices = []>",
    );
    assert_eq!(o.field("operand_index").and_then(Attr::as_i64), Some(1));
}

#[test]
fn result_accuracy_struct_with_nested_enum() {
    let a = attr(
        "#stablehlo.result_accuracy<atol = 1.0e-05, ulps = 2, \
         mode = #stablehlo.result_accuracy_mode<TOLERANCE>>",
    );
    assert_eq!(a.field("ulps").and_then(Attr::as_i64), Some(2));
    assert_eq!(a.field("mode").and_then(Attr::as_enum), Some("TOLERANCE"));
    assert_eq!(
        a.field("atol"),
        Some(&Attr::Float(1.0e-5f64.to_bits(), FloatKind::F64))
    );
}

#[test]
fn bounds_and_type_extensions_are_the_same_encoding() {
    // `#stablehlo.type_extensions<bounds = ...>` is the long spelling of
    // `#stablehlo.bounds<...>` (StableHLO prints the latter for both).
    assert_eq!(
        ty("tensor<?xf32, #stablehlo.bounds<4>>"),
        ty("tensor<?xf32, #stablehlo.type_extensions<bounds = [4]>>")
    );
}

#[test]
fn strings_decode_escapes() {
    assert_eq!(
        attr(r#""a\"b\\c\n\09\FF""#).as_str(),
        Some(&b"a\"b\\c\n\x09\xff"[..])
    );
    assert_eq!(attr(r#""""#).as_str(), Some(&b""[..]));
}

#[test]
fn nested_symbol_references() {
    assert_eq!(
        attr("@a::@b::@\"c d\""),
        Attr::SymbolRef(vec!["a".into(), "b".into(), "c d".into()])
    );
}

#[test]
fn dictionaries_are_sorted_and_allow_unit_entries() {
    let Attr::Dict(d) = attr("{z = 1 : i32, a, \"q r\" = \"s\"}") else {
        panic!("not a dictionary")
    };
    let names: Vec<&str> = d.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, vec!["a", "q r", "z"]);
    assert_eq!(d[0].1, Attr::Unit);
}

#[test]
fn properties_and_attributes_merge() {
    assert_same(
        "\"test.op\"() <{p = 1 : i32}> {q = 2 : i32} : () -> ()\n",
        "\"test.op\"() {q = 2 : i32, p = 1 : i32} : () -> ()\n",
    );
}

#[test]
fn locations_after_ops_and_arguments_are_ignored() {
    assert_same(
        "#loc1 = loc(\"file.py\":3:4)\n\
         func.func @f(%a: tensor<f32> loc(\"x\":1:2)) {\n  \
         %0 = stablehlo.abs %a : tensor<f32> loc(#loc1)\n  \
         func.return loc(fused[\"a\", #loc1])\n} loc(unknown)\n\
         #loc2 = loc(callsite(#loc1 at #loc1))\n",
        "func.func @f(%a: tensor<f32>) {\n  %0 = stablehlo.abs %a : tensor<f32>\n  \
         func.return\n}\n",
    );
}

#[test]
fn attribute_aliases_stand_for_their_attribute() {
    assert_same(
        "#d = #stablehlo<comparison_direction LT>\n\
         #c = dense<1.0> : tensor<2xf32>\n\
         \"test.op\"() {x = #d, y = #c} : () -> ()\n",
        "\"test.op\"() {x = #stablehlo.comparison_direction<LT>, \
         y = dense<1.0> : tensor<2xf32>} : () -> ()\n",
    );
}

// ----- pretty and generic op forms ------------------------------------------------

#[test]
fn add_pretty_equals_generic() {
    assert_same(
        &func(
            "%a: tensor<2xf32>, %b: tensor<2xf32>",
            "  %0 = stablehlo.add %a, %b : tensor<2xf32>",
        ),
        &func(
            "%a: tensor<2xf32>, %b: tensor<2xf32>",
            "  %0 = \"stablehlo.add\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
        ),
    );
}

#[test]
fn compare_pretty_equals_generic() {
    let args = "%a: tensor<3xi32>, %b: tensor<3xi32>";
    assert_same(
        &func(
            args,
            "  %0 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>",
        ),
        &func(
            args,
            "  %0 = \"stablehlo.compare\"(%a, %b) {comparison_direction = \
             #stablehlo<comparison_direction LT>, compare_type = \
             #stablehlo<comparison_type SIGNED>} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>",
        ),
    );
    // Without a comparison type.
    let p = parse(&func(
        args,
        "  %0 = stablehlo.compare EQ, %a, %b : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>",
    ));
    let c = op(&p, "stablehlo.compare");
    assert_eq!(
        c.attr("comparison_direction").and_then(Attr::as_enum),
        Some("EQ")
    );
    assert!(c.attr("compare_type").is_none());
}

#[test]
fn broadcast_in_dim_pretty_equals_generic() {
    assert_same(
        &func(
            "%a: tensor<1x2xf32>",
            "  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x3xf32>",
        ),
        &func(
            "%a: tensor<1x2xf32>",
            "  %0 = \"stablehlo.broadcast_in_dim\"(%a) {broadcast_dimensions = array<i64: 0, 1>} \
             : (tensor<1x2xf32>) -> tensor<1x2x3xf32>",
        ),
    );
}

#[test]
fn slice_pretty_equals_generic() {
    assert_same(
        &func(
            "%a: tensor<3x8xf32>",
            "  %0 = stablehlo.slice %a [1:3, 4:8:2] : (tensor<3x8xf32>) -> tensor<2x2xf32>",
        ),
        &func(
            "%a: tensor<3x8xf32>",
            "  %0 = \"stablehlo.slice\"(%a) {start_indices = array<i64: 1, 4>, \
             limit_indices = array<i64: 3, 8>, strides = array<i64: 1, 2>} \
             : (tensor<3x8xf32>) -> tensor<2x2xf32>",
        ),
    );
}

#[test]
fn dot_general_pretty_equals_generic() {
    let args = "%a: tensor<2x2x2xi8>, %b: tensor<2x2x3xi8>";
    assert_same(
        &func(
            args,
            "  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], \
             contracting_dims = [2] x [1], precision = [DEFAULT, HIGH] \
             : (tensor<2x2x2xi8>, tensor<2x2x3xi8>) -> tensor<2x2x3xi32>",
        ),
        &func(
            args,
            "  %0 = \"stablehlo.dot_general\"(%a, %b) {dot_dimension_numbers = \
             #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], \
             lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, \
             precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGH>]} \
             : (tensor<2x2x2xi8>, tensor<2x2x3xi8>) -> tensor<2x2x3xi32>",
        ),
    );
}

#[test]
fn convolution_pretty_equals_generic() {
    let args = "%a: tensor<1x4x4x1xi64>, %b: tensor<3x3x1x1xi64>";
    assert_same(
        &func(
            args,
            "  %0 = stablehlo.convolution(%a, %b)\n    \
             dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f],\n    \
             window = {stride = [4, 4], pad = [[0, 0], [1, 1]], lhs_dilate = [2, 2], \
             rhs_dilate = [1, 1]}\n    \
             {batch_group_count = 1 : i64, feature_group_count = 1 : i64}\n    \
             : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x3x1xi64>",
        ),
        &func(
            args,
            "  %0 = \"stablehlo.convolution\"(%a, %b) {batch_group_count = 1 : i64, \
             dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, \
             feature_group_count = 1 : i64, window_strides = array<i64: 4, 4>, \
             padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, \
             lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>} \
             : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x3x1xi64>",
        ),
    );
}

const REDUCE_GENERIC: &str = "  %0 = \"stablehlo.reduce\"(%a, %z) ({\n  \
     ^bb0(%x: tensor<f32>, %y: tensor<f32>):\n    \
     %s = \"stablehlo.add\"(%x, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n    \
     \"stablehlo.return\"(%s) : (tensor<f32>) -> ()\n  \
     }) {dimensions = array<i64: 1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>";

#[test]
fn reduce_compact_form_equals_generic() {
    let args = "%a: tensor<2x3xf32>, %z: tensor<f32>";
    assert_same(
        &func(
            args,
            "  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] \
             : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>",
        ),
        &func(args, REDUCE_GENERIC),
    );
}

#[test]
fn reduce_full_form_equals_generic() {
    let args = "%a: tensor<2x3xf32>, %z: tensor<f32>";
    assert_same(
        &func(
            args,
            "  %0 = stablehlo.reduce(%a init: %z) across dimensions = [1] \
             : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n    \
             reducer(%x: tensor<f32>, %y: tensor<f32>) {\n      \
             %s = stablehlo.add %x, %y : tensor<f32>\n      \
             stablehlo.return %s : tensor<f32>\n    }",
        ),
        &func(args, REDUCE_GENERIC),
    );
}

#[test]
fn reduce_reducer_arguments_may_carry_locations() {
    // JAX writes `loc(...)` after each reducer argument when debug info is on.
    let args = "%a: tensor<2x3xf32>, %z: tensor<f32>";
    assert_same(
        &func(
            args,
            "  %0 = stablehlo.reduce(%a init: %z) across dimensions = [1] \
             : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>\n    \
             reducer(%x: tensor<f32> loc(\"reduce:\"(#loc1)), %y: tensor<f32> loc(unknown)) {\n      \
             %s = stablehlo.add %x, %y : tensor<f32>\n      \
             stablehlo.return %s : tensor<f32>\n    }",
        ),
        &func(args, REDUCE_GENERIC),
    );
}

#[test]
fn while_pretty_equals_generic() {
    let args = "%i: tensor<i64>, %n: tensor<i64>";
    assert_same(
        &func(
            args,
            "  %0:2 = stablehlo.while(%x = %i, %y = %n) : tensor<i64>, tensor<i64>\n  \
             cond {\n    \
             %c = stablehlo.compare LT, %x, %y : (tensor<i64>, tensor<i64>) -> tensor<i1>\n    \
             stablehlo.return %c : tensor<i1>\n  \
             } do {\n    \
             stablehlo.return %x, %y : tensor<i64>, tensor<i64>\n  }",
        ),
        &func(
            args,
            "  %0:2 = \"stablehlo.while\"(%i, %n) ({\n  \
             ^bb0(%x: tensor<i64>, %y: tensor<i64>):\n    \
             %c = \"stablehlo.compare\"(%x, %y) {comparison_direction = \
             #stablehlo<comparison_direction LT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>\n    \
             \"stablehlo.return\"(%c) : (tensor<i1>) -> ()\n  \
             }, {\n  \
             ^bb0(%x: tensor<i64>, %y: tensor<i64>):\n    \
             \"stablehlo.return\"(%x, %y) : (tensor<i64>, tensor<i64>) -> ()\n  \
             }) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)",
        ),
    );
}

#[test]
fn custom_call_pretty_equals_generic() {
    let args = "%a: tensor<3xf32>";
    assert_same(
        &func(
            args,
            "  %0 = stablehlo.custom_call @foo(%a) {backend_config = \"cfg\", \
             has_side_effect = true} : (tensor<3xf32>) -> tensor<3xf32>\n  \
             stablehlo.custom_call @\"not-an-id\"(%a) : (tensor<3xf32>) -> ()",
        ),
        &func(
            args,
            "  %0 = \"stablehlo.custom_call\"(%a) {call_target_name = \"foo\", \
             backend_config = \"cfg\", has_side_effect = true} : (tensor<3xf32>) -> tensor<3xf32>\n  \
             \"stablehlo.custom_call\"(%a) {call_target_name = \"not-an-id\"} \
             : (tensor<3xf32>) -> ()",
        ),
    );
}

#[test]
fn composite_pretty_equals_generic() {
    let callee = "func.func private @add_n.impl(%x: tensor<i64>) -> tensor<i64> {\n  \
                  func.return %x : tensor<i64>\n}\n";
    let pretty = format!(
        "{}{callee}",
        func(
            "%a: tensor<i64>",
            "  %0 = stablehlo.composite \"stablehlo.add_n\" %a {composite_attributes = {n = 2 : i64}, \
             decomposition = @add_n.impl} : (tensor<i64>) -> tensor<i64>",
        )
    );
    let generic = format!(
        "{}{callee}",
        func(
            "%a: tensor<i64>",
            "  %0 = \"stablehlo.composite\"(%a) {name = \"stablehlo.add_n\", \
             composite_attributes = {n = 2 : i64}, decomposition = @add_n.impl} \
             : (tensor<i64>) -> tensor<i64>",
        )
    );
    assert_same(&pretty, &generic);
}

#[test]
fn constant_pretty_equals_generic() {
    assert_same(
        &func(
            "",
            "  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi32>\n  \
             %1 = stablehlo.constant {attr = 1 : i32} dense<0.0> : tensor<f32>",
        ),
        &func(
            "",
            "  %0 = \"stablehlo.constant\"() <{value = dense<[1, 2]> : tensor<2xi32>}> \
             : () -> tensor<2xi32>\n  \
             %1 = \"stablehlo.constant\"() {value = dense<0.0> : tensor<f32>, attr = 1 : i32} \
             : () -> tensor<f32>",
        ),
    );
}

#[test]
fn quantized_constant_pretty_equals_generic() {
    assert_same(
        &func(
            "",
            "  %0 = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> \
             : () -> tensor<2x!quant.uniform<i8:f32, 2.0:15>>",
        ),
        &func(
            "",
            "  %0 = \"stablehlo.constant\"() {value = dense<[1, 2]> : tensor<2xi8>} \
             : () -> tensor<2x!quant.uniform<i8:f32, 2.0:15>>",
        ),
    );
}

#[test]
fn multiple_results_are_named_by_count_or_one_by_one() {
    let args = "%a: tensor<f32>";
    let body_generic = "\"test.two\"(%a) : (tensor<f32>) -> (tensor<f32>, tensor<i32>)";
    assert_same(
        &func(
            args,
            &format!("  %r:2 = {body_generic}\n  \"test.use\"(%r#1) : (tensor<i32>) -> ()"),
        ),
        &func(
            args,
            &format!("  %p, %q = {body_generic}\n  \"test.use\"(%q) : (tensor<i32>) -> ()"),
        ),
    );
}

#[test]
fn unknown_dialect_ops_in_generic_form_are_opaque() {
    let p = parse(&func(
        "%a: tensor<2xf32>",
        "  %0 = \"foo.bar\"(%a) <{p = 1 : i32}> ({\n  \
         ^bb0(%x: tensor<f32>):\n    \"foo.yield\"(%x) : (tensor<f32>) -> ()\n  \
         }) {q = #foo.thing<1, [2]>, r = !foo.type<x>} : (tensor<2xf32>) -> !foo.result\n  \
         %1 = \"hlo_test_infer.get_return_types\"(%0) : (!foo.result) -> tensor<2xindex>",
    ));
    let o = op(&p, "foo.bar");
    assert_eq!(o.operands.len(), 1);
    assert_eq!(o.regions.len(), 1);
    assert_eq!(
        o.attr("q"),
        Some(&Attr::Opaque("#foo.thing<1, [2]>".into()))
    );
    assert_eq!(p.ty(o.results[0]), &Type::Opaque("!foo.result".into()));
    op(&p, "hlo_test_infer.get_return_types");
}

#[test]
fn chlo_ops_parse_in_pretty_form() {
    assert_same(
        &func(
            "%a: tensor<2xf32>, %b: tensor<2xf32>",
            "  %0 = chlo.broadcast_add %a, %b : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
        ),
        &func(
            "%a: tensor<2xf32>, %b: tensor<2xf32>",
            "  %0 = \"chlo.broadcast_add\"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>",
        ),
    );
}

// ----- cases -----------------------------------------------------------------------

#[test]
fn split_cases_parse_separately_with_file_line_numbers() {
    let text = "func.func @a() {\n  func.return\n}\n\
                // -----\n\
                func.func @b() {\n  func.return\n}\n\
                // -----\n\
                \n\
                func.func @c() {\n  %0 = stablehlo.add %x, %x : tensor<f32>\n  func.return\n}\n";
    let results = parse_file("cases.mlir", text);
    assert_eq!(results.len(), 3);
    assert!(results[0].is_ok() && results[1].is_ok());
    let d = results[2]
        .as_ref()
        .expect_err("case 3 uses an undefined value");
    assert_eq!(d.file, "cases.mlir");
    assert_eq!((d.line, d.col), (11, 22), "{d}");
    assert!(d.message.contains("%x"), "{d}");
    assert!(d.source_line.contains("stablehlo.add"));
    // Names are local to a case: the same function may appear in each.
    let same = "func.func @f() {\n  func.return\n}\n// -----\nfunc.func @f() {\n  func.return\n}\n";
    assert!(parse_file("x", same).iter().all(Result::is_ok));
    // A separator needs its whole line.
    assert_eq!(parse_file("x", "// ----- not a separator\n").len(), 1);
}

// ----- errors ----------------------------------------------------------------------

#[test]
fn undefined_value_is_located_at_its_use() {
    assert_error(
        &func(
            "%a: tensor<f32>",
            "  %0 = stablehlo.add %a, %nope : tensor<f32>",
        ),
        2,
        26,
        &["undefined", "%nope"],
    );
}

#[test]
fn operand_type_must_match_the_signature() {
    assert_error(
        &func(
            "%a: tensor<f32>",
            "  %0 = \"stablehlo.abs\"(%a) : (tensor<i32>) -> tensor<i32>",
        ),
        2,
        30,
        &["tensor<f32>", "tensor<i32>"],
    );
}

#[test]
fn unterminated_string_is_an_error() {
    let d = parse_err("\"test.op\"() {s = \"abc} : () -> ()\n");
    assert_eq!((d.line, d.col), (1, 18), "{d}");
    assert!(d.message.contains("string"), "{d}");
}

#[test]
fn dense_element_count_must_match_the_shape() {
    assert_error(
        "\"test.op\"() {v = dense<[1, 2, 3]> : tensor<2xi32>} : () -> ()\n",
        1,
        24,
        &["3", "2"],
    );
    assert_error(
        "\"test.op\"() {v = dense<\"0x0102\"> : tensor<3xi32>} : () -> ()\n",
        1,
        24,
        &["bytes"],
    );
}

#[test]
fn unknown_pretty_op_asks_for_generic_form() {
    assert_error(
        &func("%a: tensor<f32>", "  %0 = foo.bar %a : tensor<f32>"),
        2,
        8,
        &["foo.bar", "generic"],
    );
}

#[test]
fn integer_literal_out_of_range_for_its_type() {
    assert_error(
        "\"test.op\"() {v = 300 : i8} : () -> ()\n",
        1,
        18,
        &["300", "i8"],
    );
    assert_error(
        "\"test.op\"() {v = dense<99999999999999999999999999999999999999999> : tensor<i64>} : () -> ()\n",
        1,
        24,
        &["too large"],
    );
}

#[test]
fn unknown_enum_value_lists_the_allowed_ones() {
    assert_error(
        "\"test.op\"() {v = #stablehlo<comparison_direction XX>} : () -> ()\n",
        1,
        50,
        &["XX", "EQ", "LT"],
    );
}

#[test]
fn result_count_must_match_the_bindings() {
    assert_error(
        &func(
            "%a: tensor<f32>",
            "  %0, %1 = \"test.op\"(%a) : (tensor<f32>) -> tensor<f32>",
        ),
        2,
        3,
        &["1 results", "2"],
    );
}

#[test]
fn value_defined_twice_is_an_error() {
    let d = parse_err(&func(
        "%a: tensor<f32>",
        "  %0 = stablehlo.abs %a : tensor<f32>\n  %0 = stablehlo.abs %a : tensor<f32>",
    ));
    assert_eq!((d.line, d.col), (3, 3), "{d}");
    assert!(d.message.contains("%0"), "{d}");
}

#[test]
fn missing_closing_brace_is_reported_at_the_end() {
    let d = parse_err("func.func @f() {\n  func.return\n");
    assert_eq!(d.line, 3, "{d}");
    assert!(d.message.contains("'}'"), "{d}");
}

#[test]
fn unknown_type_and_bad_integer_width_are_errors() {
    assert_error(&func("%a: tensor<2xf99>", ""), 1, 30, &["f99"]);
    assert_error(&func("%a: i0", ""), 1, 21, &["i0", "1 to 64"]);
}

#[test]
fn nesting_is_limited_without_overflowing_the_stack() {
    let deep = format!(
        "\"test.op\"() {{a = {}1{}}} : () -> ()\n",
        "[".repeat(500),
        "]".repeat(500)
    );
    let d = parse_err(&deep);
    assert!(d.message.contains("nesting"), "{d}");
    let deep_type = format!(
        "func.func @f(%a: {}f32{}) {{\n}}\n",
        "tuple<".repeat(500),
        ">".repeat(500)
    );
    assert!(parse_err(&deep_type).message.contains("nesting"));
}

#[test]
fn errors_count_columns_in_characters() {
    let d = parse_err("\"test.op\"() {s = \"é\", t = %x} : () -> ()\n");
    assert_eq!((d.line, d.col), (1, 27), "{d}");
}

// ----- regressions found by tests/mutation.rs -------------------------------------

/// A chain of function types `(A) -> (B) -> ... -> C` is right-nested:
/// printed back it nests parentheses, so the parser must bound the chain
/// like any other nesting (it now recurses once per arrow, so a long enough
/// chain overflows any stack, and a chain longer than the nesting limit
/// prints to text that no longer parses).
#[test]
fn long_function_type_chains_are_limited_or_round_trip() {
    let chain = format!(
        "%0 = \"test.op\"() : () -> {}f32\n",
        "(f32) -> ".repeat(150)
    );
    if let Ok(p) = parse_program("test.mlir", &chain) {
        assert_eq!(roundtrip_error(&p), None);
    }
}

/// An empty first block without arguments, followed by another block.
#[test]
fn region_with_empty_first_block_round_trips() {
    let text = "\"test.op\"() ({\n^bb0:\n^bb1(%x: tensor<f32>):\n  \
                \"test.yield\"(%x) : (tensor<f32>) -> ()\n}) : () -> ()\n";
    if let Ok(p) = parse_program("test.mlir", text) {
        assert_eq!(roundtrip_error(&p), None);
    }
}

/// A function nested in another function's body (valid generic structure)
/// must not disturb the numbering of the outer function's values.
#[test]
fn function_nested_in_a_function_body_round_trips() {
    parse(
        "func.func @outer() {\n  \
         %0 = \"test.a\"() : () -> tensor<f32>\n  \
         %1 = \"test.a\"() : () -> tensor<f32>\n  \
         func.func @inner() {\n    \
         %2 = \"test.b\"() : () -> tensor<f32>\n    \
         func.return\n  }\n  \
         %3 = \"test.c\"(%0, %1) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n  \
         func.return\n}\n",
    );
}

/// `stablehlo.complex` takes its operand types from the complex result
/// type; StableHLO's parser rejects a result type that is not complex.
#[test]
fn complex_op_needs_a_complex_result_type() {
    let d = parse_err(&func(
        "%a: tensor<1xf64>",
        "  %0 = stablehlo.complex %a, %a : tensor<1xf64>",
    ));
    assert_eq!(d.line, 2, "{d}");
    let d = parse_err(&func(
        "%a: tensor<1xf64>",
        "  %0 = stablehlo.complex %a, %a : complex<f64>",
    ));
    assert_eq!(d.line, 2, "{d}");
}

#[test]
fn bundled_programs_parse_and_round_trip() {
    // The README's main command runs on these; they must exist and stay valid.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs");
    let files = hlocheck::cli::collect_files(&[dir.display().to_string()])
        .expect("tests/programs is readable");
    assert!(!files.is_empty(), "no programs in {}", dir.display());
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable program");
        for case in hlocheck::ir::parse::parse_file(&f.display().to_string(), &text) {
            let prog = case.unwrap_or_else(|d| panic!("{d}"));
            assert_eq!(
                hlocheck::cli::roundtrip_error(&prog),
                None,
                "{}",
                f.display()
            );
        }
    }
}

#[test]
fn the_short_reduce_form_takes_only_a_commutative_binary_op() {
    let text = |op: &str| {
        format!(
            "func.func @f(%a: tensor<4x8xf32>, %z: tensor<f32>) -> tensor<4xf32> {{
  %0 = stablehlo.reduce(%a init: %z) applies {op} across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}}"
        )
    };
    for op in ["stablehlo.add", "stablehlo.maximum", "stablehlo.xor"] {
        parse_program("test.mlir", &text(op)).unwrap_or_else(|d| panic!("{op}: {d}"));
    }
    for op in ["stablehlo.divide", "stablehlo.subtract", "std.add"] {
        let d = parse_err(&text(op));
        assert_eq!((d.line, d.col), (2, 46), "{d}");
        assert!(d.message.contains("commutative"), "{d}");
    }
}

// ----- round trip of the printer's corner cases ---------------------------------

/// A small deterministic generator for the property tests below.
struct Gen(u64);

impl Gen {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// Convolutions with every kind of dimension numbers — layouts (permutations)
/// and field lists that are not (repeated, missing, out of range, negative)
/// — written in the pretty or generic form: whatever parses prints to text
/// that parses back to the same program. Dimension numbers that are not
/// layouts have no pretty form, so such an op prints generically.
#[test]
fn convolutions_with_any_dimension_numbers_round_trip() {
    let mut g = Gen(0xC0117);
    let mut raw_ops = 0;
    for _ in 0..400 {
        let dim = |g: &mut Gen| -> i64 {
            if g.below(8) == 0 {
                g.below(9) as i64 - 2
            } else {
                g.below(4) as i64
            }
        };
        let list = |g: &mut Gen| -> String {
            let n = if g.below(6) == 0 { g.below(4) } else { 2 };
            let items: Vec<String> = (0..n).map(|_| dim(g).to_string()).collect();
            format!("[{}]", items.join(", "))
        };
        let fields = format!(
            "raw input_batch_dimension = {}, input_feature_dimension = {}, input_spatial_dimensions = {}, kernel_input_feature_dimension = {}, kernel_output_feature_dimension = {}, kernel_spatial_dimensions = {}, output_batch_dimension = {}, output_feature_dimension = {}, output_spatial_dimensions = {}",
            dim(&mut g), dim(&mut g), list(&mut g), dim(&mut g), dim(&mut g), list(&mut g), dim(&mut g), dim(&mut g), list(&mut g)
        );
        let text = format!(
            "func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<2x2x2x2xf32>) -> tensor<1x3x3x2xf32> {{\n  \
             %0 = \"stablehlo.convolution\"(%a, %b) {{dimension_numbers = #stablehlo.conv<{fields}>, \
             window_strides = array<i64: 1, 1>, feature_group_count = 1 : i64, batch_group_count = 1 : i64}} \
             : (tensor<1x4x4x2xf32>, tensor<2x2x2x2xf32>) -> tensor<1x3x3x2xf32>\n  \
             return %0 : tensor<1x3x3x2xf32>\n}}\n"
        );
        let prog = parse(&text);
        let pretty = hlocheck::ir::print::print_program(&prog);
        if pretty.contains("#stablehlo.conv<raw") {
            raw_ops += 1;
            assert!(!pretty.contains("dim_numbers = raw"), "{pretty}");
        }
    }
    // Most generated dimension numbers are not layouts.
    assert!(raw_ops > 200, "{raw_ops}");
    // A layout prints in the pretty form.
    let prog = parse(
        "func.func @main(%a: tensor<1x4x4x2xf32>, %b: tensor<2x2x2x2xf32>) -> tensor<1x3x3x2xf32> {\n  \
         %0 = stablehlo.convolution(%a, %b) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} \
         {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<2x2x2x2xf32>) -> tensor<1x3x3x2xf32>\n  \
         return %0 : tensor<1x3x3x2xf32>\n}\n",
    );
    assert!(hlocheck::ir::print::print_program(&prog).contains("dim_numbers = [b, 0, 1, f]"));
}

/// Functions nested in functions, in the pretty and the generic form, some
/// using only their own values and some a value of an enclosing function. A
/// `func.func` is isolated from above: a use of an outer value is rejected at
/// the use, with a message that says so; everything else round-trips.
#[test]
fn nested_functions_round_trip_or_are_rejected_at_a_use_of_an_outer_value() {
    let mut g = Gen(0xF00D);
    let (mut accepted, mut rejected) = (0, 0);
    for case in 0..300 {
        let generic = g.below(2) == 0;
        let depth = 1 + g.below(4) as usize;
        // Which nested function (if any) reads its parent's argument.
        let outer_use = if g.below(2) == 0 {
            Some(g.below(depth as u64) as usize + 1)
        } else {
            None
        };
        // Function `level` has argument `%a{level}`; level 0 is @main.
        fn body(level: usize, depth: usize, outer_use: Option<usize>, generic: bool) -> String {
            let arg = format!("%a{level}");
            let operand = match outer_use {
                Some(l) if l == level => format!("%a{}", level - 1),
                _ => arg.clone(),
            };
            let inner = if level < depth {
                body(level + 1, depth, outer_use, generic)
            } else {
                String::new()
            };
            if generic {
                format!(
                    "\"func.func\"() ({{\n^bb0({arg}: tensor<f32>):\n{inner}  %s{level} = \"stablehlo.add\"({arg}, {operand}) : (tensor<f32>, tensor<f32>) -> tensor<f32>\n  \"func.return\"(%s{level}) : (tensor<f32>) -> ()\n}}) {{sym_name = \"f{level}\", function_type = (tensor<f32>) -> tensor<f32>}} : () -> ()\n"
                )
            } else {
                format!(
                    "func.func @f{level}({arg}: tensor<f32>) -> tensor<f32> {{\n{inner}  %s{level} = stablehlo.add {arg}, {operand} : tensor<f32>\n  return %s{level} : tensor<f32>\n}}\n"
                )
            }
        }
        let text = body(0, depth, outer_use, generic);
        match (outer_use, parse_program("test.mlir", &text)) {
            (None, Ok(_)) => {
                parse(&text);
                accepted += 1;
            }
            (Some(l), Err(d)) => {
                assert!(
                    d.message
                        .contains(&format!("'%a{}' is defined outside the function", l - 1)),
                    "case {case}: {d}\n{text}"
                );
                rejected += 1;
            }
            (None, Err(d)) => panic!("case {case}: {d}\n{text}"),
            (Some(_), Ok(p)) => panic!(
                "case {case}: a use of an outer value parsed:\n{text}\n--- printed:\n{}",
                hlocheck::ir::print::print_program(&p)
            ),
        }
    }
    assert!(accepted > 100 && rejected > 100, "{accepted} {rejected}");
}
