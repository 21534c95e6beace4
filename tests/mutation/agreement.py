"""Mutation agreement between `hlocheck verify` and MLIR's own verifier.

Makes single-change mutants of the conformance programs (testdata/, static
and shape-polymorphic), asks MLIR's StableHLO verifier (through jaxlib's MLIR
bindings) and `hlocheck verify` whether each mutant is valid, and prints how
often they agree. A mutant counts as accepted by hlocheck when it reports no
error (a precondition or an undecided verdict is not a rejection). The
mutations: a size in a type, an element type, an integer in an attribute,
an op name (among ops of the same arity), the order of two operands.

    python agreement.py HLOCHECK CONFORMANCE_DIR [--mutants N] [--seed S]
                        [--min-percent P] [--show K]

Exits 1 when the agreement is below --min-percent. Needs `pip install jax
jaxlib`.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ETYPES = ["f32", "f16", "bf16", "f64", "i32", "i64", "i8", "i1", "ui32", "complex<f32>"]
BINOPS = ["add", "subtract", "multiply", "divide", "and", "or", "xor", "maximum",
          "minimum", "remainder", "power", "atan2", "shift_left", "complex"]
UNOPS = ["abs", "negate", "sqrt", "exponential", "not", "sign", "popcnt", "floor",
         "real", "imag", "is_finite", "count_leading_zeros", "log", "tanh"]
KINDS = ["dim", "etype", "attrint", "attrint", "opname", "swap"]


def mutate(text, rng):
    lines = text.split("\n")
    cand = [i for i, l in enumerate(lines)
            if re.search(r"(stablehlo|chlo)\.\w+", l) and "custom_call" not in l
            and "constant" not in l]
    if not cand:
        return None, None
    i = rng.choice(cand)
    l = lines[i]
    kind = rng.choice(KINDS)
    if kind == "dim":
        ms = list(re.finditer(r"(?<=[<x])(\d+)(?=x)", l))
        if not ms:
            return None, None
        m = rng.choice(ms)
        v = int(m.group(1))
        nv = rng.choice([v + 1, max(0, v - 1), 1, 2 * v + 1])
        l = l[:m.start()] + str(nv) + l[m.end():]
    elif kind == "etype":
        ms = list(re.finditer(r"x(f32|f16|bf16|f64|i32|i64|i8|i1|ui32|ui8|i16)>", l))
        ms += list(re.finditer(r"tensor<(f32|f16|bf16|f64|i32|i64|i8|i1|ui32)>", l))
        if not ms:
            return None, None
        m = rng.choice(ms)
        l = l[:m.start(1)] + rng.choice(ETYPES) + l[m.end(1):]
    elif kind == "attrint":
        ms = [m for m in re.finditer(r"(?<=[:\s,\[])(-?\d+)(?=[\s,\]>])", l)
              if "tensor<" not in l[max(0, m.start() - 12):m.start()]
              and not re.search(r"%\w*$", l[:m.start()])]
        if not ms:
            return None, None
        m = rng.choice(ms)
        v = int(m.group(1))
        l = l[:m.start()] + str(rng.choice([v + 1, v - 1, 0, -1, 7])) + l[m.end():]
    elif kind == "opname":
        m = re.search(r"stablehlo\.(\w+)", l)
        if not m:
            return None, None
        op = m.group(1)
        pool = BINOPS if op in BINOPS else UNOPS if op in UNOPS else None
        if pool is None:
            return None, None
        l = l[:m.start(1)] + rng.choice(pool) + l[m.end(1):]
    else:
        m = re.search(r"\((%[\w#]+), (%[\w#]+)", l)
        if not m or m.group(1) == m.group(2):
            return None, None
        l = l[:m.start(1)] + m.group(2) + ", " + m.group(1) + l[m.end(2):]
    if l == lines[i]:
        return None, None
    lines[i] = l
    return "\n".join(lines), kind


def mlir_verdicts(paths):
    from jax._src.interpreters import mlir as jmlir
    from jax._src.lib.mlir import ir
    ctx = jmlir.make_ir_context()
    ctx.allow_unregistered_dialects = True
    out = {}
    for p in paths:
        with open(p) as f:
            text = f.read()
        try:
            with ctx:
                ok = ir.Module.parse(text).operation.verify()
            out[p] = (ok, "")
        except Exception as e:  # MLIR reports a parse or verify error
            out[p] = (False, " ".join(str(e).split())[:300])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("hlocheck")
    ap.add_argument("conformance")
    ap.add_argument("--mutants", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-percent", type=float, default=0.0)
    ap.add_argument("--show", type=int, default=10)
    a = ap.parse_args()
    root = os.path.join(a.conformance, "testdata")
    files = sorted(os.path.join(root, f) for f in os.listdir(root) if f.endswith(".mlir"))
    dyn = os.path.join(root, "dynamic")
    files += sorted(os.path.join(dyn, f) for f in os.listdir(dyn) if f.endswith(".mlir"))
    rng = random.Random(a.seed)
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        while len(paths) < a.mutants:
            src = rng.choice(files)
            with open(src) as f:
                text, kind = mutate(f.read(), rng)
            if text is None:
                continue
            p = os.path.join(tmp, f"{len(paths):05d}_{kind}_{os.path.basename(src)}")
            with open(p, "w") as f:
                f.write(text)
            paths.append(p)
        mlir = mlir_verdicts(paths)
        r = subprocess.run([a.hlocheck, "verify", "--json", tmp], capture_output=True, text=True)
        if r.returncode not in (0, 1):
            sys.exit(f"hlocheck verify failed with status {r.returncode}: {r.stderr[:500]}")
        errors = {}
        for f in json.loads(r.stdout):
            if f["kind"] == "error":
                errors.setdefault(os.path.basename(f["file"]), f)
        agree = 0
        dis = []
        for p in paths:
            ok_mlir, why = mlir[p]
            ok_hl = os.path.basename(p) not in errors
            if ok_mlir == ok_hl:
                agree += 1
            else:
                dis.append((os.path.basename(p), why, errors.get(os.path.basename(p))))
    n = len(paths)
    accepted = sum(1 for p in paths if mlir[p][0])
    print(f"{n} mutants ({accepted} valid for MLIR): agreement {agree}/{n} = {100 * agree / n:.2f}%")
    for name, why, err in dis[: a.show]:
        side = (f"hlocheck: {err['op']} ({err['label']}) {err['message'][:200]}" if err
                else "hlocheck: no error")
        print(f"  {name}\n    MLIR: {why or 'valid'}\n    {side}")
    if 100 * agree / n < a.min_percent:
        sys.exit(1)


if __name__ == "__main__":
    main()
