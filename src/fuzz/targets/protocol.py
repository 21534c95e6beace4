"""The hlocheck-target/1 protocol, shared by every bundled fuzz target.

hlocheck writes this module beside a target's script when it starts the
target; each script imports it. See README.md beside this file.
"""

import hashlib
import json
import os
import re
import sys
import time
from collections import OrderedDict

PROTOCOL = "hlocheck-target/1"


CLAIMED = []  # the protocol stream, once claim_stdout has run


def claim_stdout():
    """Keeps the real stdout for protocol lines and points file descriptor 1
    (where native libraries print) and sys.stdout at stderr."""
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    CLAIMED.append(proto)
    return proto


def fatal(proto, name, packages):
    proto.write(json.dumps({"protocol": PROTOCOL,
                            "fatal": "the %s target needs: pip install %s" % (name, packages)}) + "\n")
    proto.flush()
    sys.exit(3)


STARTED = []  # holds the protocol stream once the hello line is out


def start(main, name):
    """Runs `main`; a failure before the hello line becomes a fatal hello
    line (exit 3), one after it a crash."""
    try:
        main()
    except Exception as e:
        if STARTED:
            raise
        out = CLAIMED[0] if CLAIMED else sys.__stdout__
        out.write(json.dumps({"protocol": PROTOCOL,
                              "fatal": "the %s target could not start: %s" % (name, one_line(e))}) + "\n")
        out.flush()
        sys.stderr.flush()
        os._exit(3)


# Float formats numpy lacks, by MLIR name: (ml_dtypes attribute, bit width).
ML_FLOATS = {
    "bf16": ("bfloat16", 16),
    "f8E4M3FN": ("float8_e4m3fn", 8),
    "f8E5M2": ("float8_e5m2", 8),
    "f8E4M3FNUZ": ("float8_e4m3fnuz", 8),
    "f8E5M2FNUZ": ("float8_e5m2fnuz", 8),
    "f8E4M3B11FNUZ": ("float8_e4m3b11fnuz", 8),
    "f8E4M3": ("float8_e4m3", 8),
    "f8E3M4": ("float8_e3m4", 8),
    "f8E8M0FNU": ("float8_e8m0fnu", 8),
    "f6E2M3FN": ("float6_e2m3fn", 6),
    "f6E3M2FN": ("float6_e3m2fn", 6),
    "f4E2M1FN": ("float4_e2m1fn", 4),
}
NATIVE = {"f16": "float16", "f32": "float32", "f64": "float64",
          "complex<f32>": "complex64", "complex<f64>": "complex128", "index": "int64"}


class Unsupported(Exception):
    """An element type this driver cannot carry: reported as `rejected`."""


class Elem:
    """An MLIR element type with its .npy storage dtype and the array dtype
    the target computes with (the same, except for ml_dtypes formats)."""

    def __init__(self, text):
        import numpy as np
        import ml_dtypes
        self.text = text
        self.kind = "native"
        self.bits = None
        m = re.fullmatch(r"(u?)i(\d+)", text) or re.fullmatch(r"(s)i(\d+)", text)
        q = re.match(r"!quant\.uniform<(u?)i?(\d+)", text)  # storage i8, u8, i4, ...
        if text == "i1":
            self.storage = self.dtype = np.dtype(np.bool_)
        elif m or q:
            unsigned = (m or q).group(1) == "u"
            bits = int((m or q).group(2))
            if bits in (8, 16, 32, 64):
                self.storage = self.dtype = np.dtype(("uint%d" if unsigned else "int%d") % bits)
            elif bits in (2, 4):
                self.kind = "narrow_int"
                self.bits = bits
                self.unsigned = unsigned
                self.storage = np.dtype(np.uint8)  # sign-extended for signed types
                self.dtype = np.dtype(getattr(ml_dtypes, ("uint%d" if unsigned else "int%d") % bits))
            else:
                raise Unsupported("element type %s has no array type in numpy or ml_dtypes" % text)
        elif text in NATIVE:
            self.storage = self.dtype = np.dtype(NATIVE[text])
        elif text in ML_FLOATS:
            name, bits = ML_FLOATS[text]
            if not hasattr(ml_dtypes, name):
                raise Unsupported("element type %s needs a newer ml_dtypes (no %s)" % (text, name))
            self.kind = "ml_float"
            self.bits = bits
            self.storage = np.dtype(np.uint16 if bits == 16 else np.uint8)
            self.dtype = np.dtype(getattr(ml_dtypes, name))
        else:
            raise Unsupported("element type %s is not supported by this target driver" % text)

    def from_storage(self, a):
        """The array the target computes with, from the storage-integer array."""
        import numpy as np
        if a.dtype.itemsize != self.storage.itemsize:
            raise ValueError("the .npy dtype %s does not match element type %s" % (a.dtype.str, self.text))
        if self.kind == "ml_float":
            bits = a.view(self.storage) & ((1 << self.bits) - 1)
            return bits.astype(self.storage).view(self.dtype)
        if self.kind == "narrow_int":
            low = a.view(np.uint8) & ((1 << self.bits) - 1)
            if not self.unsigned:
                low = np.where(low >= (1 << (self.bits - 1)), low.astype(np.int16) - (1 << self.bits),
                               low.astype(np.int16))
            return low.astype(self.dtype)
        if a.dtype != self.storage:
            return a.view(self.storage)
        return a

    def to_storage(self, r):
        """The storage-integer array hlocheck reads, from a result array."""
        import numpy as np
        r = np.asarray(r)
        if r.dtype != self.dtype:
            raise ValueError("the target returned dtype %s for element type %s" % (r.dtype, self.text))
        if self.kind == "ml_float":
            return r.view(self.storage) & self.storage.type((1 << self.bits) - 1)
        if self.kind == "narrow_int":
            return r.astype(np.uint8 if self.unsigned else np.int8).view(np.uint8)
        return r


def elem_of_dtype(dtype):
    """The element type of an array dtype (numpy's or ml_dtypes')."""
    names = {"bool": "i1", "float16": "f16", "float32": "f32", "float64": "f64",
             "complex64": "complex<f32>", "complex128": "complex<f64>"}
    name = dtype.name
    for mlir, (ml_name, _) in ML_FLOATS.items():
        names[ml_name] = mlir
    m = re.fullmatch(r"(u?)int(\d+)", name)
    text = names.get(name) or (m and "%si%s" % ("u" if m.group(1) else "", m.group(2)))
    if not text:
        raise Unsupported("no element type for result dtype %s" % name)
    return Elem(text)


def split_tensor_type(text):
    """`tensor<2x?x4xbf16, #enc>` -> ([2, None, 4], Elem("bf16"))."""
    text = text.strip()
    if not (text.startswith("tensor<") and text.endswith(">")):
        raise Unsupported("type %s is not a tensor type" % text)
    inner, depth = text[7:-1], 0
    for i, c in enumerate(inner):
        depth += c == "<"
        depth -= c == ">"
        if c == "," and depth == 0:
            inner = inner[:i]
            break
    dims = []
    while True:
        m = re.match(r"(\d+|\?)x", inner)
        if not m:
            break
        dims.append(None if m.group(1) == "?" else int(m.group(1)))
        inner = inner[m.end():]
    if inner.startswith("*"):
        raise Unsupported("unranked tensor type %s" % text)
    elem = Elem(inner.strip())
    elem.dims = dims
    return dims, elem


class Cache:
    """Compiled programs (or their rejection) by program text and entry."""

    def __init__(self, limit=32):
        self.items = OrderedDict()
        self.limit = limit

    def get(self, key, build):
        if key in self.items:
            self.items.move_to_end(key)
            return self.items[key]
        value = build()
        self.items[key] = value
        while len(self.items) > self.limit:
            self.items.popitem(last=False)
        return value


class Rejected(Exception):
    """The target refused the program (compile stage)."""


class Skipped(Exception):
    """The driver does not hand the program to its implementation (outside
    what the implementation claims or the driver can drive): answered with
    status `skipped`, which hlocheck counts and never reports as a finding."""


def one_line(e):
    text = "%s: %s" % (type(e).__name__, e) if not isinstance(e, (Rejected, Unsupported, Skipped)) else str(e)
    return text.strip()[:4000]


def serve(proto, hello, compile_program, execute):
    """The request loop. `compile_program(text, entry, in_types, out_types)`
    returns a compiled handle or raises; `execute(handle, arrays)` returns the
    result arrays (target dtypes)."""
    import numpy as np
    proto.write(json.dumps(dict({"protocol": PROTOCOL}, **hello)) + "\n")
    proto.flush()
    STARTED.append(proto)
    cache = Cache()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError as e:
            proto.write(json.dumps({"id": None, "status": "error", "stage": "request",
                                    "message": "bad request line: %s" % e}) + "\n")
            proto.flush()
            continue
        if req.get("quit"):
            break
        rid = req.get("id")
        try:
            resp = handle(req, cache, compile_program, execute, np)
        except Exception as e:  # the driver itself failed on this request
            resp = {"status": "error", "stage": "request", "message": one_line(e)}
        resp = dict({"id": rid}, **resp)
        proto.write(json.dumps(resp) + "\n")
        proto.flush()
    # Exit without tearing the native libraries down (some abort while doing so).
    proto.flush()
    sys.stderr.flush()
    os._exit(0)


def handle(req, cache, compile_program, execute, np):
    with open(req["program"]) as f:
        text = f.read()
    entry = req.get("entry") or "main"
    in_types = req.get("input_types")
    out_types = req.get("output_types")
    out_dir = req["out_dir"]
    key = hashlib.sha256(("%s\0%s\0%s\0%s" % (entry, in_types, out_types, text)).encode()).hexdigest()

    def build():
        try:
            ins = [split_tensor_type(t)[1] for t in in_types] if in_types is not None else None
            outs = [split_tensor_type(t)[1] for t in out_types] if out_types is not None else None
            return ("ok", compile_program(text, entry, ins, outs), ins, outs)
        except Skipped as e:
            return ("skipped", one_line(e), None, None)
        except (Rejected, Unsupported) as e:
            return ("rejected", one_line(e), None, None)
        except Exception as e:
            return ("rejected", one_line(e), None, None)

    state, compiled, ins, outs = cache.get(key, build)
    if state in ("rejected", "skipped"):
        return {"status": state, "stage": "compile", "message": compiled}
    arrays = []
    for i, path in enumerate(req.get("inputs", [])):
        a = np.load(path, allow_pickle=False)
        arrays.append(ins[i].from_storage(a) if ins is not None and i < len(ins) else a)
    t0 = time.perf_counter()
    try:
        results = execute(compiled, arrays)
    except Skipped as e:
        return {"status": "skipped", "stage": "run", "message": one_line(e)}
    except Exception as e:
        return {"status": "error", "stage": "run", "message": one_line(e)}
    ms = (time.perf_counter() - t0) * 1e3
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for i, r in enumerate(results):
        r = np.asarray(r)
        if outs is not None and i < len(outs):
            r = outs[i].to_storage(r)
        else:  # no output type given: the result's own dtype says what it is
            r = elem_of_dtype(r.dtype).to_storage(r)
        path = os.path.join(out_dir, "out%d.npy" % i)
        np.save(path, np.array(r, order="C", copy=True), allow_pickle=False)  # keeps 0-d shapes
        paths.append(os.path.abspath(path))
    return {"status": "ok", "outputs": paths, "time_ms": round(ms, 3)}


def measure_flush(compile_program, execute):
    """True if the target flushes f32 subnormals (inputs or results) to zero,
    measured by adding a subnormal to itself and a tiny normal to itself."""
    import numpy as np
    prog = ("func.func public @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {\n"
            "  %0 = stablehlo.add %a, %b : tensor<2xf32>\n"
            "  return %0 : tensor<2xf32>\n}\n")
    e = Elem("f32")
    try:
        handle = compile_program(prog, "main", [e, e], [e])
        x = np.array([1e-40, 1e-38], np.float32)
        r = np.asarray(execute(handle, [x, x])[0])
        want = x * np.float32(2)  # exact: doubling a float32 is exact here
    except Exception as ex:
        sys.stderr.write("flush_subnormals not measured: %s\n" % one_line(ex))
        return None
    if r[0] == want[0] and r[1] == want[1]:
        return False
    return True
