#!/usr/bin/env python3
"""Drives each bundled fuzz target through the hlocheck-target/1 protocol and
checks its answers bit for bit against values computed here with exact
rational arithmetic (no numpy or ml_dtypes arithmetic is trusted for the
expected values).

Usage: python3 selftest.py [--require] [--python PY] [TARGET...]
  TARGET is xla-cpu, reference or iree-cpu (default: all three).
  PY is the interpreter that runs the targets (default: this one).
  Without --require, a target whose packages are missing is skipped with its
  hello line's reason; with it, that is a failure.
Exit status: 0 all checks passed (or skipped), 1 a check failed."""

import json
import os
import subprocess
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = {"xla-cpu": "xla_cpu.py", "reference": "reference.py", "iree-cpu": "iree_cpu.py"}


# ---- exact float formats: (exponent bits, mantissa bits, bias, has infinities)
FORMATS = {
    "f32": (8, 23, 127, True),
    "bf16": (8, 7, 127, True),
    "f8E4M3FN": (4, 3, 7, False),
}


def encode(fmt, x):
    """The bits of the format value nearest to the rational x (ties to even).
    Overflow gives infinity for IEEE formats; the callers keep f8 values in range."""
    ebits, mbits, bias, has_inf = FORMATS[fmt]
    total = 1 + ebits + mbits
    sign = 1 if x < 0 else 0
    a = abs(Fraction(x))
    if a == 0:
        return sign << (total - 1)
    emin = 1 - bias
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, emin)
    q = Fraction(2) ** (e - mbits)
    n = a / q
    m = n.numerator // n.denominator
    rest = n - m
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and m % 2 == 1):
        m += 1
    if m == 1 << (mbits + 1):
        m >>= 1
        e += 1
    emax = (1 << ebits) - 2 - bias if has_inf else (1 << ebits) - 1 - bias
    if e > emax:
        assert has_inf, "out of range for %s" % fmt
        return (sign << (total - 1)) | (((1 << ebits) - 1) << mbits)
    if m < 1 << mbits:
        field = 0
    else:
        field = e + bias
        m -= 1 << mbits
    return (sign << (total - 1)) | (field << mbits) | m


def decode(fmt, bits):
    """The rational value of finite bits."""
    ebits, mbits, bias, _ = FORMATS[fmt]
    sign = -1 if bits >> (ebits + mbits) else 1
    field = (bits >> mbits) & ((1 << ebits) - 1)
    m = bits & ((1 << mbits) - 1)
    if field == 0:
        return sign * Fraction(m) * Fraction(2) ** (1 - bias - mbits)
    return sign * Fraction(m + (1 << mbits)) * Fraction(2) ** (field - bias - mbits)


def wrap(v, bits, signed):
    v &= (1 << bits) - 1
    if signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


# ---- .npy files, written and read by hand (storage integers, little-endian)
def write_npy(path, descr, shape, values, width, signed=False):
    shape_text = "(%s)" % ("%d," % shape[0] if len(shape) == 1 else ", ".join(map(str, shape)))
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_text)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    data = b"".join(int(v).to_bytes(width, "little", signed=signed) for v in values)
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode() + data)


def read_npy(path):
    """(descr, shape, raw element bytes list)."""
    with open(path, "rb") as f:
        raw = f.read()
    assert raw[:6] == b"\x93NUMPY", "not a .npy file"
    if raw[6] == 1:
        hlen, start = int.from_bytes(raw[8:10], "little"), 10
    else:
        hlen, start = int.from_bytes(raw[8:12], "little"), 12
    header = raw[start:start + hlen].decode()
    descr = header.split("'descr':")[1].split("'")[1]
    shape_text = header.split("'shape':")[1].split("(")[1].split(")")[0]
    shape = [int(p) for p in shape_text.split(",") if p.strip()]
    width = int(descr[2:])
    data = raw[start + hlen:]
    n = 1
    for d in shape:
        n *= d
    assert len(data) == n * width, "data size"
    return descr, shape, [data[i * width:(i + 1) * width] for i in range(n)]


def ints(path, signed):
    descr, shape, elems = read_npy(path)
    return descr, shape, [int.from_bytes(e, "little", signed=signed) for e in elems]


# ---- the target process
class Target:
    def __init__(self, python, name, workdir):
        self.name = name
        self.workdir = workdir
        self.stderr = open(os.path.join(workdir, "%s.stderr" % name), "w+")
        self.proc = subprocess.Popen([python, os.path.join(HERE, SCRIPTS[name])], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.stderr, text=True)
        line = self.proc.stdout.readline()
        self.hello = json.loads(line) if line else None
        self.next_id = 0

    def request(self, program_text, inputs, in_types, out_types, entry="main"):
        """inputs: list of (descr, shape, values, width, signed)."""
        self.next_id += 1
        rid = self.next_id
        base = os.path.join(self.workdir, "%s-%d" % (self.name, rid))
        with open(base + ".mlir", "w") as f:
            f.write(program_text)
        paths = []
        for i, (descr, shape, values, width, signed) in enumerate(inputs):
            p = "%s-in%d.npy" % (base, i)
            write_npy(p, descr, shape, values, width, signed)
            paths.append(p)
        req = {"id": rid, "program": base + ".mlir", "entry": entry, "inputs": paths,
               "out_dir": base + "-out", "input_types": in_types, "output_types": out_types}
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            return None
        resp = json.loads(line)
        assert resp.get("id") == rid, "response id %r for request %d" % (resp.get("id"), rid)
        return resp

    def quit(self):
        if self.proc.poll() is None:
            self.proc.stdin.write(json.dumps({"id": self.next_id + 1, "quit": True}) + "\n")
            self.proc.stdin.flush()
        rest = self.proc.stdout.read()
        code = self.proc.wait(timeout=60)
        return code, rest


def program(args, results, body):
    params = ", ".join("%%a%d: %s" % (i, t) for i, t in enumerate(args))
    return "func.func public @main(%s) -> (%s) {\n%s\n}\n" % (params, ", ".join(results), body)


class Checks:
    def __init__(self):
        self.failed = 0
        self.passed = 0

    def check(self, target, what, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL %s: %s %s" % (target, what, detail))


def f32_in(values):
    return ("<u4", [len(values)], [encode("f32", v) for v in values], 4, False)


def run_target(python, name, workdir, checks, require):
    t = Target(python, name, workdir)
    if t.hello is None or "fatal" in (t.hello or {}):
        code = t.proc.wait(timeout=60)
        reason = (t.hello or {}).get("fatal", "no hello line")
        ok = t.hello is not None and code == 3 and "pip install" in reason
        checks.check(name, "fatal hello exits 3 naming pip install", ok, "(exit %s)" % code)
        if require:
            checks.check(name, "packages present", False, reason)
        else:
            print("SKIP %s: %s" % (name, reason))
        return
    c = lambda what, ok, detail="": checks.check(name, what, ok, detail)  # noqa: E731
    h = t.hello
    c("hello line", h.get("protocol") == "hlocheck-target/1" and h.get("name") == name
      and isinstance(h.get("version"), str) and "flush_subnormals" in h, repr(h))
    flush = h.get("flush_subnormals")
    c("flush_subnormals measured", flush in (True, False), repr(flush))

    # f32 add, including a rounding, -0 + -0 and an overflow to infinity.
    xs = [Fraction(3, 2), Fraction(1, 10), "-0", Fraction(3 * 10 ** 38)]
    ys = [Fraction(9, 4), Fraction(2, 10), "-0", Fraction(3 * 10 ** 38)]
    xin = [Fraction(0) if v == "-0" else decode("f32", encode("f32", v)) for v in xs]
    yin = [Fraction(0) if v == "-0" else decode("f32", encode("f32", v)) for v in ys]
    want = [encode("f32", a + b) for a, b in zip(xin, yin)]
    want[2] = 0x80000000
    add = program(["tensor<4xf32>"] * 2, ["tensor<4xf32>"],
                  "  %0 = stablehlo.add %a0, %a1 : tensor<4xf32>\n  return %0 : tensor<4xf32>")
    x_in = ("<u4", [4], [encode("f32", v) if v != "-0" else 0x80000000 for v in xs], 4, False)
    y_in = ("<u4", [4], [encode("f32", v) if v != "-0" else 0x80000000 for v in ys], 4, False)
    r = t.request(add, [x_in, y_in], ["tensor<4xf32>"] * 2, ["tensor<4xf32>"])
    if r and r["status"] == "ok":
        descr, shape, got = ints(r["outputs"][0], False)
        c("f32 add", descr == "<f4" and shape == [4] and got == want, "%s %s %s" % (descr, shape, got))
    else:
        c("f32 add", False, repr(r))

    # The same program again (cached) with other inputs, subnormal ones included:
    # the result must agree with the flush_subnormals of the hello line.
    tiny = Fraction(1, 2 ** 140)
    normal = Fraction(1, 2 ** 126)
    r = t.request(add, [f32_in([tiny, normal, 1, 7]), f32_in([tiny, normal, 2, 1])],
                  ["tensor<4xf32>"] * 2, ["tensor<4xf32>"])
    if r and r["status"] == "ok":
        _, _, got = ints(r["outputs"][0], False)
        exact = [encode("f32", v) for v in (2 * tiny, 2 * normal, 3, 8)]
        flushed = [0, encode("f32", 2 * normal), encode("f32", 3), encode("f32", 8)]
        c("cached program, new inputs; subnormals as the hello line says",
          got == (flushed if flush else exact), "%s flush=%s" % (got, flush))
    else:
        c("cached program, new inputs", False, repr(r))

    # bf16 multiply: products of bf16 values rounded once to bf16.
    avals = [Fraction(3, 2), Fraction(-5, 3), Fraction(1, 7), Fraction(255, 1), Fraction(10 ** 20), Fraction(-1, 3)]
    bvals = [Fraction(7, 3), Fraction(9, 7), Fraction(-11, 13), Fraction(257, 1), Fraction(3, 10 ** 5), Fraction(3)]
    abits = [encode("bf16", v) for v in avals]
    bbits = [encode("bf16", v) for v in bvals]
    want = [encode("bf16", decode("bf16", a) * decode("bf16", b)) for a, b in zip(abits, bbits)]
    mul = program(["tensor<2x3xbf16>"] * 2, ["tensor<2x3xbf16>"],
                  "  %0 = stablehlo.multiply %a0, %a1 : tensor<2x3xbf16>\n  return %0 : tensor<2x3xbf16>")
    r = t.request(mul, [("<u2", [2, 3], abits, 2, False), ("<u2", [2, 3], bbits, 2, False)],
                  ["tensor<2x3xbf16>"] * 2, ["tensor<2x3xbf16>"])
    if r and r["status"] == "ok":
        descr, shape, got = ints(r["outputs"][0], False)
        c("bf16 multiply", descr == "<u2" and shape == [2, 3] and got == want, "%s %s %s want %s" % (descr, shape, got, want))
    else:
        c("bf16 multiply", False, repr(r))

    # f32 -> f8E4M3FN convert: ties to even, f8 subnormals, the largest finite.
    vals = [Fraction(1), Fraction(17, 16), Fraction(19, 16), Fraction(-3, 1024), Fraction(1, 512),
            Fraction(448), Fraction(-1, 3), Fraction(5, 2048)]
    want = [encode("f8E4M3FN", decode("f32", encode("f32", v))) for v in vals]
    cvt = program(["tensor<8xf32>"], ["tensor<8xf8E4M3FN>"],
                  "  %0 = stablehlo.convert %a0 : (tensor<8xf32>) -> tensor<8xf8E4M3FN>\n"
                  "  return %0 : tensor<8xf8E4M3FN>")
    r = t.request(cvt, [f32_in(vals)], ["tensor<8xf32>"], ["tensor<8xf8E4M3FN>"])
    if r and r["status"] == "ok":
        descr, shape, got = ints(r["outputs"][0], False)
        c("f8E4M3FN convert", descr == "|u1" and got == want, "%s %s want %s" % (descr, got, want))
    elif r and r["status"] == "rejected":
        print("NOTE %s rejects f8E4M3FN convert: %s" % (name, r["message"][:200]))
    else:
        c("f8E4M3FN convert", False, repr(r))

    # i4 add and multiply wrap around; the result comes back sign-extended in a byte.
    # (8 elements: IREE packs i4 two to a byte and rejects some odd layouts.)
    xs4 = [7, -8, 3, -1, 5, -3, 0, 6]
    ys4 = [1, -1, 4, -1, 3, 2, -8, -2]
    want_add = [wrap(a + b, 4, True) & 0xFF for a, b in zip(xs4, ys4)]
    want_mul = [wrap(a * b, 4, True) & 0xFF for a, b in zip(xs4, ys4)]
    i4 = program(["tensor<8xi4>"] * 2, ["tensor<8xi4>", "tensor<8xi4>"],
                 "  %0 = stablehlo.add %a0, %a1 : tensor<8xi4>\n"
                 "  %1 = stablehlo.multiply %a0, %a1 : tensor<8xi4>\n"
                 "  return %0, %1 : tensor<8xi4>, tensor<8xi4>")
    r = t.request(i4, [("|u1", [8], [v & 0xFF for v in xs4], 1, False), ("|u1", [8], [v & 0x0F for v in ys4], 1, False)],
                  ["tensor<8xi4>"] * 2, ["tensor<8xi4>"] * 2)
    if r and r["status"] == "ok":
        d_add, _, got_add = ints(r["outputs"][0], False)
        d_mul, _, got_mul = ints(r["outputs"][1], False)
        c("i4 add, multiply", d_add == d_mul == "|u1" and got_add == want_add and got_mul == want_mul,
          "%s %s %s want %s %s" % (d_add, got_add, got_mul, want_add, want_mul))
    else:
        c("i4 add, multiply", False, repr(r))

    # ui64 wrap-around, i1 results of a compare, complex<f32> add, a 0-d tensor.
    big = (1 << 64) - 1
    mixed = program(["tensor<2xui64>", "tensor<2xui64>", "tensor<2xcomplex<f32>>", "tensor<f64>"],
                    ["tensor<2xui64>", "tensor<2xi1>", "tensor<2xcomplex<f32>>", "tensor<f64>"],
                    "  %0 = stablehlo.add %a0, %a1 : tensor<2xui64>\n"
                    "  %1 = stablehlo.compare LT, %a0, %a1, UNSIGNED : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xi1>\n"
                    "  %2 = stablehlo.add %a2, %a2 : tensor<2xcomplex<f32>>\n"
                    "  %3 = stablehlo.negate %a3 : tensor<f64>\n"
                    "  return %0, %1, %2, %3 : tensor<2xui64>, tensor<2xi1>, tensor<2xcomplex<f32>>, tensor<f64>")
    cplx = [encode("f32", Fraction(3, 2)), encode("f32", Fraction(-1, 10)), encode("f32", 0), encode("f32", 5)]
    r = t.request(mixed, [("<u8", [2], [big, 5], 8, False), ("<u8", [2], [1, 9], 8, False),
                          ("<c8", [2], [(cplx[1] << 32) | cplx[0], (cplx[3] << 32) | cplx[2]], 8, False),
                          ("<f8", [], [0x3FF8000000000000], 8, False)],
                  ["tensor<2xui64>", "tensor<2xui64>", "tensor<2xcomplex<f32>>", "tensor<f64>"],
                  ["tensor<2xui64>", "tensor<2xi1>", "tensor<2xcomplex<f32>>", "tensor<f64>"])
    if r and r["status"] == "ok":
        _, _, s = ints(r["outputs"][0], False)
        d1, _, lt = ints(r["outputs"][1], False)
        d2, _, cz = ints(r["outputs"][2], False)
        d3, sh3, neg = ints(r["outputs"][3], False)
        want_c = [(encode("f32", 2 * decode("f32", cplx[1])) << 32) | encode("f32", 3),
                  (encode("f32", 10) << 32) | encode("f32", 0)]
        c("ui64, i1, complex<f32>, 0-d f64", s == [0, 14] and d1 == "|b1" and lt == [0, 1] and d2 == "<c8"
          and cz == want_c and d3 == "<f8" and sh3 == [] and neg == [0xBFF8000000000000],
          "%s %s %s %s %s %s %s %s" % (s, d1, lt, d2, cz, d3, sh3, neg))
    else:
        c("ui64, i1, complex<f32>, 0-d f64", False, repr(r))

    # Every bit pattern of every narrow float format makes the round trip
    # (through stablehlo.reverse, which moves values without computing):
    # in blocks of 64 and, for 8-bit formats, one block of 256 (the reference
    # reads up to 100 elements back from decimals, more from hex); bf16 in
    # blocks of 4096 except on the reference.
    narrow = {"bf16": 16, "f8E4M3FN": 8, "f8E5M2": 8, "f8E4M3FNUZ": 8, "f8E5M2FNUZ": 8,
              "f8E4M3B11FNUZ": 8, "f8E4M3": 8, "f8E3M4": 8, "f8E8M0FNU": 8, "f6E2M3FN": 6,
              "f6E3M2FN": 6, "f4E2M1FN": 4}
    for ty, bits in narrow.items():
        patterns = list(range(1 << bits))
        blocks = [64] + ([256] if bits == 8 else [])
        if bits == 16 and name != "reference":
            blocks = [4096]
        outcome = "ok"
        for size in blocks:
            size = min(size, len(patterns))
            ttype = "tensor<%dx%s>" % (size, ty)
            rev = program([ttype], [ttype], "  %%0 = stablehlo.reverse %%a0, dims = [0] : %s\n  return %%0 : %s"
                          % (ttype, ttype))
            descr, width = ("<u2", 2) if bits == 16 else ("|u1", 1)
            for start in range(0, len(patterns), size):
                block = patterns[start:start + size]
                r = t.request(rev, [(descr, [size], block, width, False)], [ttype], [ttype])
                if r is None or r["status"] == "error":
                    outcome = "failed: %r" % (r,)
                elif r["status"] == "rejected":
                    outcome = "rejected"
                else:
                    d, _, got = ints(r["outputs"][0], False)
                    if d != descr or got != block[::-1]:
                        outcome = "wrong bits in block at %d (%s)" % (start, d)
                if outcome != "ok":
                    break
            if outcome != "ok":
                break
        if outcome == "rejected":
            print("NOTE %s rejects %s reverse" % (name, ty))
        else:
            c("all %d %s bit patterns round-trip" % (len(patterns), ty), outcome == "ok", outcome)

    # Every value of the narrow integer types, written zero-extended, comes
    # back sign-extended (signed types) in |u1: blocks of 16 and of 256.
    for ty, bits, signed in (("i2", 2, True), ("ui2", 2, False), ("i4", 4, True), ("ui4", 4, False)):
        values = list(range(1 << bits))
        outcome = "ok"
        for size in (16, 256):
            block = (values * (size // len(values) + 1))[:size]
            ttype = "tensor<%dx%s>" % (size, ty)
            rev = program([ttype], [ttype], "  %%0 = stablehlo.reverse %%a0, dims = [0] : %s\n  return %%0 : %s"
                          % (ttype, ttype))
            r = t.request(rev, [("|u1", [size], block, 1, False)], [ttype], [ttype])
            if r is None or r["status"] != "ok":
                outcome = "%s" % ((r or {}).get("status"),)
                break
            d, _, got = ints(r["outputs"][0], False)
            want = [wrap(v, bits, signed) & 0xFF for v in block[::-1]]
            if d != "|u1" or got != want:
                outcome = "%s %s want %s" % (d, got[:16], want[:16])
                break
        if outcome == "rejected":
            print("NOTE %s rejects %s reverse" % (name, ty))
        else:
            c("every %s value round-trips" % ty, outcome == "ok", outcome)

    # An entry function other than main, beside a main that it calls.
    two = ("func.func public @main(%a0: tensor<2xf32>) -> tensor<2xf32> {\n"
           "  %0 = stablehlo.negate %a0 : tensor<2xf32>\n  return %0 : tensor<2xf32>\n}\n"
           "func.func public @other(%a0: tensor<2xf32>) -> tensor<2xf32> {\n"
           "  %0 = func.call @main(%a0) : (tensor<2xf32>) -> tensor<2xf32>\n"
           "  %1 = stablehlo.add %0, %0 : tensor<2xf32>\n  return %1 : tensor<2xf32>\n}\n")
    r = t.request(two, [f32_in([1, Fraction(-3, 4)])], ["tensor<2xf32>"], ["tensor<2xf32>"], entry="other")
    if r and r["status"] == "ok":
        _, _, got = ints(r["outputs"][0], False)
        c("entry other than main", got == [encode("f32", -2), encode("f32", Fraction(3, 2))], "%s" % got)
    else:
        c("entry other than main", False, repr(r))

    # Dynamic sizes: the inputs' static types come with the request.
    dyn = program(["tensor<?x2xf32>"] * 2, ["tensor<?x2xf32>"],
                  "  %0 = stablehlo.multiply %a0, %a1 : tensor<?x2xf32>\n  return %0 : tensor<?x2xf32>")
    vals = [Fraction(1, 3), Fraction(-7, 5), Fraction(5), Fraction(0), Fraction(9, 8), Fraction(-2, 3)]
    r = t.request(dyn, [("<u4", [3, 2], [encode("f32", v) for v in vals], 4, False)] * 2,
                  ["tensor<3x2xf32>"] * 2, ["tensor<3x2xf32>"])
    if r and r["status"] == "ok":
        _, shape, got = ints(r["outputs"][0], False)
        want = [encode("f32", decode("f32", encode("f32", v)) ** 2) for v in vals]
        c("dynamic sizes", shape == [3, 2] and got == want, "%s %s want %s" % (shape, got, want))
    else:
        c("dynamic sizes", False, repr(r))

    # A program no implementation accepts: an op that does not exist.
    bogus = program(["tensor<4xf32>"], ["tensor<4xf32>"],
                    "  %0 = stablehlo.frobnicate %a0 : tensor<4xf32>\n  return %0 : tensor<4xf32>")
    r = t.request(bogus, [f32_in([1, 2, 3, 4])], ["tensor<4xf32>"], ["tensor<4xf32>"])
    c("unknown op rejected", r is not None and r["status"] == "rejected" and r["stage"] == "compile"
      and len(r["message"]) > 0, repr(r))

    # A type the target does not support is a rejection, not a failure of the driver.
    unsupported = {"xla-cpu": "f6E2M3FN", "iree-cpu": "f8E4M3B11FNUZ"}.get(name)
    if unsupported:
        ty = "tensor<4x%s>" % unsupported
        p = program([ty] * 2, [ty], "  %%0 = stablehlo.add %%a0, %%a1 : %s\n  return %%0 : %s" % (ty, ty))
        r = t.request(p, [("|u1", [4], [1, 2, 3, 4], 1, False)] * 2, [ty] * 2, [ty])
        c("%s add rejected" % unsupported, r is not None and r["status"] == "rejected", repr(r))

    # After a rejection the target still answers.
    r = t.request(add, [f32_in([1, 2, 3, 4])] * 2, ["tensor<4xf32>"] * 2, ["tensor<4xf32>"])
    c("answers after a rejection", r is not None and r["status"] == "ok", repr(r))

    if name == "reference":
        # An op the interpreter declares unimplemented is refused up front...
        cc = program(["tensor<4xf32>"], ["tensor<4xf32>"],
                     "  %0 = stablehlo.custom_call @target_defined(%a0) : (tensor<4xf32>) -> tensor<4xf32>\n"
                     "  return %0 : tensor<4xf32>")
        r = t.request(cc, [f32_in([1, 2, 3, 4])], ["tensor<4xf32>"], ["tensor<4xf32>"])
        c("custom_call refused", r is not None and r["status"] == "rejected", repr(r))
        # A CHLO op is outside the interpreter's dialect: skipped, not refused.
        ch = program(["tensor<4xf32>"], ["tensor<4xf32>"],
                     "  %0 = chlo.erf %a0 : tensor<4xf32> -> tensor<4xf32>\n"
                     "  return %0 : tensor<4xf32>")
        r = t.request(ch, [f32_in([1, 2, 3, 4])], ["tensor<4xf32>"], ["tensor<4xf32>"])
        c("chlo skipped", r is not None and r["status"] == "skipped", repr(r))
        # ...but a complex<f32> FFT makes it abort (LLVM ERROR: Semantics
        # mismatch): a crash, with no response line.
        fft = program(["tensor<4xcomplex<f32>>"], ["tensor<4xcomplex<f32>>"],
                      '  %0 = "stablehlo.fft"(%a0) {fft_type = #stablehlo<fft_type FFT>, fft_length = array<i64: 4>}'
                      " : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>\n  return %0 : tensor<4xcomplex<f32>>")
        zero = encode("f32", 0)
        r = t.request(fft, [("<c8", [4], [(zero << 32) | encode("f32", v) for v in (1, 2, 3, 4)], 8, False)],
                      ["tensor<4xcomplex<f32>>"], ["tensor<4xcomplex<f32>>"])
        code = t.proc.wait(timeout=60)
        t.stderr.seek(0)
        c("complex<f32> fft crashes the reference interpreter", r is None and code != 0
          and "LLVM ERROR" in t.stderr.read(), "%r exit %s" % (r, code))
        return

    code, rest = t.quit()
    c("quit exits 0 with nothing more on stdout", code == 0 and rest == "", "exit %s, %r" % (code, rest[:200]))


def main(argv):
    require = "--require" in argv
    python = sys.executable
    if "--python" in argv:
        python = argv[argv.index("--python") + 1]
    names = [a for a in argv if a in SCRIPTS]
    unknown = [a for a in argv if not a.startswith("--") and a not in SCRIPTS and a != python]
    if unknown:
        print("unknown target %s (known: %s)" % (", ".join(unknown), ", ".join(SCRIPTS)))
        return 2
    checks = Checks()
    with tempfile.TemporaryDirectory(prefix="hlocheck-targets-") as workdir:
        for name in names or list(SCRIPTS):
            run_target(python, name, workdir, checks, require)
    print("%d checks passed, %d failed" % (checks.passed, checks.failed))
    return 1 if checks.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
