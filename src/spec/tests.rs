use super::ast::*;
use super::parse::{parse_expr, parse_file};
use super::*;

fn embedded() -> &'static Spec {
    match Spec::embedded() {
        Ok(s) => s,
        Err(e) => panic!("the embedded spec does not load: {e}"),
    }
}

#[test]
fn every_embedded_spec_file_loads() {
    let spec = embedded();
    assert!(spec.ops().len() > 100, "only {} ops", spec.ops().len());
    for (file, _) in FILES {
        assert!(
            spec.ops().iter().any(|op| op.file == *file),
            "spec/{file} defines no op"
        );
    }
}

#[test]
fn every_op_the_build_prepared_equals_the_whole_specs() {
    // `Spec::embedded_op` builds each op from the code the build script wrote
    // (`built`): it must hold every op of the whole spec, and each must be
    // the same (members, constraints and every location).
    let spec = embedded();
    assert_eq!(built::COUNT, spec.ops().len());
    for op in spec.ops() {
        assert_eq!(Spec::embedded_op(&op.name), Some(op), "{}", op.name);
    }
    assert_eq!(Spec::embedded_op("func.func"), None);
    assert_eq!(Spec::embedded_op("stablehlo.ad"), None);
}

#[test]
fn the_code_written_for_an_op_names_every_node() {
    // The build writes each op with `emit`: spot checks of its text.
    let src = "op a.b {\n  (I1) attr x?: 1d tensor<si64> = [-9223372036854775807]\n  \
               let f(t) = t ++ [\"q\\\"\"]\n  if rank(x) > 0 {\n    \
               (C1) x[0:1, i...] = -1 note \"n\"\n  }\n}\n";
    let op = &parse_file("t.hlospec", src).unwrap()[0];
    let code = emit::code_of(op);
    for piece in [
        // Text borrowed from the program (`t`), other strings owned (`s`).
        "name:t(\"a.b\")",
        "file:\"t.hlospec\"",
        "Some(t(\"I1\"))",
        "ElemClass::Named(s(\"si64\"))",
        "ExprKind::Int(-9223372036854775807)",
        "ExprKind::Int(-1)",
        "t(\"q\\\"\")",
        "BinOp::Concat",
        "Index::Slice(",
        "Index::At{",
        "spread:true",
        "Some(t(\"n\"))",
        "CmpOp::Gt",
    ] {
        assert!(code.contains(piece), "{piece} not in {code}");
    }
}

#[test]
fn syntax_errors_name_file_line_and_column() {
    let src = "op stablehlo.x {\n  operand a: tensor\n  (C1) rank(a) = = 1\n}\n";
    let e = Spec::load(&[("t.hlospec", src)]).unwrap_err();
    assert_eq!((e.file, e.loc.line, e.loc.col), ("t.hlospec", 3, 18));
    assert!(e.to_string().starts_with("spec/t.hlospec:3:18: "), "{e}");
}

#[test]
fn columns_count_characters_and_unicode_space_and_ellipsis_are_read() {
    use super::lexer::{lex, Tok};
    let toks = lex("t", "a\u{a0}b … \"é\u{2003}\n   x\" (C2) 3d\n  ¤").unwrap_err();
    // `¤` is neither white space nor punctuation: at line 3, column 3.
    assert_eq!((toks.loc.line, toks.loc.col), (3, 3), "{toks}");
    let toks = lex("t", "a\u{a0}b … \"é\u{2003}\n   x\" (C2) 3d").unwrap();
    let got: Vec<(Tok, u32, u32)> = toks
        .into_iter()
        .map(|t| (t.tok, t.loc.line, t.loc.col))
        .collect();
    assert_eq!(
        got,
        [
            (Tok::Ident("a".into()), 1, 1),
            (Tok::Ident("b".into()), 1, 3),
            (Tok::Punct("..."), 1, 5),
            (Tok::Str("é x".into()), 1, 7),
            (Tok::Label("C2".into()), 2, 7),
            (Tok::Rank(3), 2, 12),
            (Tok::Eof, 2, 14),
        ]
    );
}

#[test]
fn unknown_names_and_bad_arities_are_load_errors() {
    let cases = [
        ("(C1) rank(b) = 1", "unknown name `b`"),
        ("(C1) rank(a, a) = 1", "builtin `rank` given 2 argument(s)"),
        ("(C1) frobnicate(a)", "unknown function `frobnicate`"),
        (
            "(C1) rank(a) = 1\n(C1) rank(a) = 2",
            "label `(C1)` is used twice",
        ),
        ("let x = y\nlet y = x\n(C1) x", "refers to itself"),
        (
            "(C1) f(a) = 1\nlet f(p, q) = p",
            "`f` takes 2 argument(s), given 1",
        ),
        ("(C1) compare_type = SIGNED", "unknown name `compare_type`"),
    ];
    for (body, want) in cases {
        let src = format!("op stablehlo.x {{\n operand a: tensor\n {body}\n}}\n");
        let e = Spec::load(&[("t.hlospec", &src)]).unwrap_err();
        assert!(e.message.contains(want), "{body}: got `{e}`");
    }
}

#[test]
fn enum_constants_resolve_only_when_the_op_declares_them() {
    let src = "op stablehlo.x {\n attr d: enum(EQ, NE)\n (C1) d = EQ or d = NE\n}\n";
    assert!(Spec::load(&[("t.hlospec", src)]).is_ok());
    let bad = "op stablehlo.x {\n attr d: enum(EQ, NE)\n (C1) d = LT\n}\n";
    assert!(Spec::load(&[("t.hlospec", bad)]).is_err());
}

#[test]
fn an_op_defined_twice_is_an_error() {
    let a = "op stablehlo.x {\n}\n";
    let e = Spec::load(&[("a.hlospec", a), ("b.hlospec", a)]).unwrap_err();
    assert!(
        e.message.contains("already defined at spec/a.hlospec:1:1"),
        "{e}"
    );
}

#[test]
fn comparison_binds_tighter_than_the_conditional() {
    let e = parse_expr("dim(a, 0) = 0 ? 0 : dim(a, 0) - 1").unwrap();
    let ExprKind::Cond { cond, .. } = &e.kind else {
        panic!("{e:?}")
    };
    assert!(matches!(cond.kind, ExprKind::Compare { .. }));
}

#[test]
fn comparisons_chain() {
    let e = parse_expr("0 <= xs < rank(x)").unwrap();
    let ExprKind::Compare { rest, .. } = &e.kind else {
        panic!("{e:?}")
    };
    let ops: Vec<_> = rest.iter().map(|(o, _)| *o).collect();
    assert_eq!(ops, [CmpOp::Le, CmpOp::Lt]);
}

#[test]
fn ellipsis_marks_call_arguments_and_indices() {
    let e = parse_expr("dim(lhs, lhs_batching_dimensions...)").unwrap();
    let ExprKind::Call { args, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(
        args.iter().map(|a| a.spread).collect::<Vec<_>>(),
        [false, true]
    );
    let e = parse_expr("slice_sizes[collapsed_slice_dims…]").unwrap();
    let ExprKind::Index { indices, .. } = &e.kind else {
        panic!()
    };
    assert!(matches!(indices[0], Index::At { spread: true, .. }));
    let e = parse_expr("precision_config... = DEFAULT").unwrap();
    let ExprKind::Compare { first, .. } = &e.kind else {
        panic!()
    };
    assert!(matches!(first.kind, ExprKind::Spread(_)));
}

#[test]
fn slices_and_multi_indices_parse() {
    for src in [
        "padding[:, 0]",
        "shape(a)[:-3]",
        "shape(x)[-size(fft_length):]",
        "padding[i, 1]",
        "xs[1:2]",
    ] {
        let e = parse_expr(src).unwrap();
        assert_eq!(render_expr(&e), src);
    }
}

#[test]
fn not_in_is_one_operator() {
    let e = parse_expr("index_vector_dim not in start_indices_batching_dims").unwrap();
    let ExprKind::Compare { rest, .. } = &e.kind else {
        panic!()
    };
    assert_eq!(rest[0].0, CmpOp::NotIn);
}

#[test]
fn rendering_parenthesises_only_where_needed() {
    for src in [
        "a - (b - c)",
        "(a + b) * c",
        "a + b * c",
        "x ++ [y] ++ z",
        "if a then b = c",
        "!is_quantized(lhs) and (p or q)",
        "size(m) = (i < rank(s) ? dim(s, i) : 1)",
        "forall d in axes(operand): dim(operand, d) = 1 or dim(operand, d) = dim(result, bd[d])",
        "[drop(shape(x), [d]) for x in inputs]",
        "element_type(result) = complex<element_type(lhs)>",
        "input_types(f) = [tensor<E>, tensor<E>]",
        "floor((p - w) / s) + 1",
        "-1",
    ] {
        let e = parse_expr(src).unwrap();
        assert_eq!(render_expr(&e), src);
    }
}

/// Strips locations so that two parses of equivalent text compare equal.
fn render_all(ops: &[OpSpec]) -> String {
    ops.iter().map(render).collect()
}

#[test]
fn rendered_ops_parse_back_to_the_same_rendering() {
    for op in embedded().ops() {
        let text = render(op);
        let again = parse_file("rendered.hlospec", &text)
            .unwrap_or_else(|e| panic!("{}: rendering does not parse: {e}\n{text}", op.name));
        assert_eq!(render_all(&again), text, "{}", op.name);
        assert_eq!(again[0].constraints.len(), op.constraints.len());
    }
}

#[test]
fn not_encoded_constraints_keep_a_sentence() {
    for op in embedded().ops() {
        for c in &op.constraints {
            if let ConstraintBody::NotEncoded(s) = &c.body {
                assert!(
                    s.len() > 10,
                    "{} ({}): sentence too short",
                    op.name,
                    c.label
                );
            }
        }
    }
}

#[test]
fn chlo_ops_use_their_own_labels() {
    for op in embedded().ops() {
        let chlo = op.name.starts_with("chlo.");
        for c in &op.constraints {
            assert_eq!(
                c.label.starts_with("CH"),
                chlo,
                "{} ({}): CHLO ops use (CHn), StableHLO ops the spec's (Cn)",
                op.name,
                c.label
            );
        }
    }
}

#[test]
fn coverage_listing_counts_every_constraint() {
    let spec = embedded();
    let total: usize = spec.ops().iter().map(|o| o.constraints.len()).sum();
    let listing = spec.coverage_listing();
    assert!(
        listing.contains(&format!("{} ops, {total} constraints", spec.ops().len())),
        "{listing}"
    );
    let cov = spec.coverage();
    let concat = cov
        .iter()
        .find(|c| c.op == "stablehlo.concatenate")
        .unwrap();
    assert_eq!(concat.encoded, ["C1", "C2", "C3", "C4", "C5", "C6"]);
}

// ---- against the text of the StableHLO spec ----

/// Op name → the labels of its "Constraints" bullets, in order, read from
/// the spec text.
fn spec_text_labels(text: &str) -> Vec<(String, Vec<String>)> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| *l == "Ops")
        .expect("the spec has an Ops section");
    let end = lines
        .iter()
        .skip(start)
        .position(|l| *l == "Execution")
        .map(|p| p + start)
        .expect("the spec has an Execution section");
    let is_op_name = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    };
    let mut ops: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_constraints = false;
    for i in start..end {
        let l = lines[i];
        if is_op_name(l) && lines.get(i + 1) == Some(&"") && lines.get(i + 2) == Some(&"Semantics")
        {
            ops.push((l.to_string(), Vec::new()));
            in_constraints = false;
            continue;
        }
        match l {
            "Constraints" => in_constraints = true,
            "Examples" | "Semantics" | "Inputs" | "Outputs" | "Arguments" => in_constraints = false,
            _ => {}
        }
        if !in_constraints {
            continue;
        }
        if let Some(rest) = l.trim_start().strip_prefix("• (C") {
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if !digits.is_empty() && rest[digits.len()..].starts_with(')') {
                if let Some(op) = ops.last_mut() {
                    op.1.push(format!("C{digits}"));
                }
            }
        }
    }
    ops
}

fn shared_dir() -> std::path::PathBuf {
    match std::env::var_os("HLOCHECK_SHARED") {
        Some(d) => d.into(),
        None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

#[test]
fn every_op_and_label_of_the_stablehlo_spec_is_in_the_formal_spec() {
    let path = shared_dir().join("seeds/stablehlo-spec.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "SKIPPED: {} not found; set HLOCHECK_SHARED to the shared folder to check \
             the formal spec against the StableHLO spec text",
            path.display()
        );
        return;
    };
    let expected = spec_text_labels(&text);
    assert!(expected.len() >= 100, "read only {} ops", expected.len());
    let spec = embedded();
    let mut problems = Vec::new();
    for (name, labels) in &expected {
        let full = format!("stablehlo.{name}");
        let Some(op) = spec.op(&full) else {
            problems.push(format!("{full}: missing"));
            continue;
        };
        // Labels (D1), (D2), ... are hlocheck's own, beside the spec's (each
        // documented where it is written, e.g. dynamic_iota's (D1)).
        let have: Vec<&str> = op
            .constraints
            .iter()
            .map(|c| &*c.label)
            .filter(|l| !l.starts_with('D'))
            .collect();
        if have != labels.iter().map(String::as_str).collect::<Vec<_>>() {
            problems.push(format!(
                "{full}: spec has {labels:?}, formal spec has {have:?}"
            ));
        }
    }
    for op in spec.ops() {
        // dialect.hlospec holds the dialect's ops that the spec text lacks.
        if op.file == "dialect.hlospec" {
            continue;
        }
        if let Some(short) = op.name.strip_prefix("stablehlo.") {
            if !expected.iter().any(|(n, _)| n == short) {
                problems.push(format!("{}: not an op of the spec", op.name));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_op_of_the_chlo_reference_is_in_the_formal_spec() {
    let path = shared_dir().join("seeds/chlo-dialect.bn.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "SKIPPED: {} not found; set HLOCHECK_SHARED to the shared folder to check \
             the CHLO ops against the CHLO reference",
            path.display()
        );
        return;
    };
    // Op headings look like `chlo.top_k (chlo::TopKOp)`.
    let names: Vec<&str> = text
        .lines()
        .filter(|l| l.contains(" (chlo::"))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| n.starts_with("chlo."))
        .collect();
    assert!(names.len() >= 40, "read only {} CHLO ops", names.len());
    let spec = embedded();
    let missing: Vec<_> = names.iter().filter(|n| spec.op(n).is_none()).collect();
    assert!(missing.is_empty(), "CHLO ops without an entry: {missing:?}");
    for n in names {
        assert!(
            !spec.op(n).unwrap().constraints.is_empty(),
            "{n} has no constraint"
        );
    }
}

#[test]
fn comprehension_filters_parse_and_render() {
    let src = "product([dim(x, i) for i, d in axes_of(x) if d = a])";
    assert_eq!(render_expr(&parse_expr(src).unwrap()), src);
}

/// A context without a process grid or functions.
struct NoContext;

impl super::eval::Context for NoContext {
    fn global(&self, _: &str) -> Option<super::sym::Sym> {
        None
    }
    fn function(&self, _: &str) -> Option<super::eval::FuncSig> {
        None
    }
}

#[test]
fn drop_ignores_positions_outside_the_list_negative_ones_too() {
    let ops = parse_file("t.hlospec", "op t.op { attr a: si64 }").unwrap();
    let bindings = super::eval::Bindings::default();
    let ev = super::eval::Evaluator::new(&ops[0], &bindings, &NoContext);
    for (src, want) in [
        ("drop([10, 11, 12], [1])", "[10, 12]"),
        ("drop([10, 11, 12], [0, 2])", "[11]"),
        ("drop([10, 11, 12], [3])", "[10, 11, 12]"),
        ("drop([10, 11, 12], [-1])", "[10, 11, 12]"),
        ("drop([10, 11, 12], [-3, 1])", "[10, 12]"),
    ] {
        let e = parse_expr(src).unwrap();
        let got = ev.value(&e).map(|v| super::eval::show(&v));
        assert_eq!(got.as_deref(), Ok(want), "{src}");
    }
}
