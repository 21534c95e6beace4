#!/usr/bin/env python3
"""Benchmark hlocheck on the shared benchmark programs beside the StableHLO
reference interpreter and XLA CPU.

Usage (from the repository root, after `cargo build --release`):

    python3 tests/bench/bench.py [--runs N] [--no-ref] [--no-xla]
                                 [--hlocheck PATH]... [--bench DIR] [PROGRAM ...]
    python3 tests/bench/bench.py --scaling [--runs N] [--no-xla] [--hlocheck PATH]...

For every program (default: every .mlir file of ../shared/bench, the folder
`shared` beside the repository) it times the whole `hlocheck run FILE --out
DIR` process, best of N runs, and its peak resident memory (from one more
run under /usr/bin/time, so the timed runs carry no wrapper); then runs
../shared/tools/reference.py (the folder is $HLOCHECK_SHARED, else the nearest
`shared` beside the repository or one of its ancestors) (with the python named by $HLOCHECK_PYTHON, else
`python3`) for the reference interpreter's evaluation time and XLA CPU's
mean execution time. It prints one markdown table: times, the ratios
reference / hlocheck and hlocheck / XLA, peak RSS, and a SHA-256 (first 16
hex digits) of hlocheck's results, computed like reference.py's (the raw
little-endian bytes of each result, in order), so all three can be compared
bit for bit. PROGRAM names (with or without .mlir) select programs.
Each run's CPU time (user + system, of the process and its threads) is
measured too, and printed beside the wall time as "wall (cpu)", both the
best of the N runs. The "evaluation" column is the first binary's best
evaluation time as `hlocheck run --time` reports it (the function's run
alone: no process start, reading, parsing, verification or writing of the
results), the figure comparable with XLA CPU's execution time, and
"evaluation / XLA" its ratio; "hlocheck / XLA" is the whole process's.

--hlocheck PATH, given more than once, times each binary in the same run
(programs in turn, the binaries alternating within each program, so a
machine whose load changes affects them alike): one column of times and one
digest per binary, the first binary's ratios.

--scaling prints the scaling table instead: an elementwise f32 chain at 1M,
16M and 64M elements, an f32 matrix product at 128, 256, 512 and 1024, and
an f32 sum at 1M and 16M elements (programs written to a temporary folder;
the elementwise and dot inputs built from iota, the sum's input an argument
read from a .npy file, which XLA cannot fold into a constant as it folds a
sum of an iota; XLA CPU runs it through tests/bench/xla_args.py). Each is timed as above (whole process, best of N)
with its peak RSS, beside XLA CPU's mean execution time and the peak RSS of
the reference.py process that compiled and ran it (Python and jaxlib
included), and both results' digests.
"""
import array
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))


def find_shared():
    """$HLOCHECK_SHARED, else the nearest folder `shared` beside the
    repository or beside one of its ancestors."""
    if os.environ.get("HLOCHECK_SHARED"):
        return os.environ["HLOCHECK_SHARED"]
    d = REPO
    while os.path.dirname(d) != d:
        d = os.path.dirname(d)
        if os.path.isdir(os.path.join(d, "shared", "bench")):
            return os.path.join(d, "shared")
    return os.path.join(os.path.dirname(REPO), "shared")


SHARED = find_shared()
TIME = "/usr/bin/time"
RSS_TAG = "hlocheck-bench-peak-rss-kib "


def npy_payload(path):
    """The raw array bytes of a .npy file (format versions 1 to 3)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:6] != b"\x93NUMPY":
        raise ValueError(f"{path}: not a .npy file")
    if data[6] == 1:
        start = 10 + int.from_bytes(data[8:10], "little")
    else:
        start = 12 + int.from_bytes(data[8:12], "little")
    return data[start:]


def digest(files):
    h = hashlib.sha256()
    for p in files:
        h.update(npy_payload(p))
    return h.hexdigest()[:16]


def run_hlocheck(exe, program, runs, args=()):
    """Best wall time (s), best CPU time (s), peak RSS (KiB) over the runs,
    results' digest, best evaluation time (s, as `--time` reports it)."""
    return run_hlocheck_many([exe], program, runs, args)[0]


def run_hlocheck_many(exes, program, runs, args=()):
    """run_hlocheck for each binary, the binaries alternating run by run."""
    stats = [[None, None, 0, None, None] for _ in exes]
    with tempfile.TemporaryDirectory() as root:
        outs = []
        for k in range(len(exes)):
            outs.append(os.path.join(root, str(k)))
            os.mkdir(outs[-1])
        # Each binary runs `runs` times directly (the wall and CPU times are
        # the hlocheck process's alone), then once more under /usr/bin/time,
        # when present, for its peak RSS: a child forked from Python starts
        # with Python's pages counted in its own peak RSS, and timing through
        # /usr/bin/time would add that program's start to every run.
        for i in range(runs + 1):
            for k, exe in enumerate(exes):
                st = stats[k]
                if st[3] is not None:
                    continue
                cmd = [exe, "run", program, "--out", outs[k], "--time"]
                for a in args:
                    cmd += ["--arg", a]
                timed = i < runs
                if not timed:
                    if not os.path.exists(TIME):
                        continue
                    cmd = [TIME, "-f", RSS_TAG + "%M", *cmd]
                t = time.perf_counter()
                proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                err = proc.stderr.read().decode(errors="replace")
                _, status, usage = os.wait4(proc.pid, 0)
                dt = time.perf_counter() - t
                cpu = usage.ru_utime + usage.ru_stime
                rss = usage.ru_maxrss
                lines = []
                ev = None
                for line in err.splitlines():
                    if line.startswith(RSS_TAG):
                        rss = int(line[len(RSS_TAG) :])
                    elif line.startswith("time: "):
                        m = re.search(r"evaluation ([0-9.]+) ms", line)
                        ev = float(m.group(1)) / 1e3 if m else None
                    else:
                        lines.append(line)
                code = os.waitstatus_to_exitcode(status)
                if code != 0:
                    st[3] = "failed: " + (lines[-1] if lines else str(code))
                    st[0] = st[1] = None
                    continue
                if timed:
                    st[0] = dt if st[0] is None else min(st[0], dt)
                    st[1] = cpu if st[1] is None else min(st[1], cpu)
                    if ev is not None:
                        st[4] = ev if st[4] is None else min(st[4], ev)
                if not timed or not os.path.exists(TIME):
                    st[2] = max(st[2], rss)
        for k, st in enumerate(stats):
            if st[3] is not None:
                continue
            results = sorted(
                (f for f in os.listdir(outs[k]) if f.startswith("result") and f.endswith(".npy")),
                key=lambda f: int(f[len("result") : -len(".npy")]),
            )
            st[3] = digest([os.path.join(outs[k], f) for f in results])
    return [tuple(st) for st in stats]


def run_reference(programs, flags):
    """reference.py's figures per file name: (ref seconds, XLA ms, shas)."""
    python = os.environ.get("HLOCHECK_PYTHON", "python3")
    tool = os.path.join(SHARED, "tools", "reference.py")
    got = {}
    for p in programs:
        try:
            proc = subprocess.run(
                [python, tool, *flags, p], capture_output=True, text=True, check=False
            )
        except OSError as e:
            print(f"reference.py could not run: {e}", file=sys.stderr)
            return got
        fields = {}
        for line in proc.stdout.splitlines():
            for k, v in re.findall(r"(\w+)=\s*(\S+)", line):
                fields[k] = v
        if proc.returncode != 0 and not fields:
            tail = proc.stderr.strip().splitlines()
            fields["error"] = tail[-1] if tail else str(proc.returncode)
        got[os.path.basename(p)] = fields
    return got


def elementwise_program(n):
    t = f"tensor<{n}xf32>"
    return f"""// Elementwise f32 chain over {n} elements.
func.func @main() -> {t} {{
  %i = stablehlo.iota dim = 0 : {t}
  %c = stablehlo.constant dense<0.5> : {t}
  %a = stablehlo.multiply %i, %c : {t}
  %b = stablehlo.add %a, %c : {t}
  %d = stablehlo.subtract %b, %i : {t}
  %e = stablehlo.multiply %d, %d : {t}
  %f = stablehlo.add %e, %c : {t}
  return %f : {t}
}}
"""


def dot_program(n):
    t = f"tensor<{n}x{n}xf32>"
    return f"""// Matrix product {n}x{n}x{n} in f32.
func.func @main() -> {t} {{
  %i = stablehlo.iota dim = 0 : {t}
  %j = stablehlo.iota dim = 1 : {t}
  %k = stablehlo.constant dense<0.37> : {t}
  %x = stablehlo.multiply %i, %k : {t}
  %y = stablehlo.add %x, %j : {t}
  %a = stablehlo.sine %y : {t}
  %b = stablehlo.cosine %y : {t}
  %c = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({t}, {t}) -> {t}
  return %c : {t}
}}
"""


def reduce_program(n):
    t = f"tensor<{n}xf32>"
    return f"""// Sum of {n} f32 elements, given as an argument.
func.func @main(%x: {t}) -> tensor<f32> {{
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0] : ({t}, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}}
"""


def write_f32_npy(path, n):
    """A .npy file (format 1.0) of n f32 values in [-1, 1) from a
    multiplicative hash of the index: the same bytes on every machine."""
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % n
    pad = 64 - (10 + len(header) + 1) % 64
    header += " " * pad + "\n"
    vals = array.array("f", ((i * 2654435761 % 4294967296) / 2147483648.0 - 1.0 for i in range(n)))
    if sys.byteorder != "little":
        vals.byteswap()
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
        f.write(vals.tobytes())


# (kind, size, program text, element count of the f32 argument or None)
SCALING = (
    [("elementwise", f"{n >> 20}M", elementwise_program(n), None) for n in (1 << 20, 1 << 24, 1 << 26)]
    + [("dot", str(n), dot_program(n), None) for n in (128, 256, 512, 1024)]
    + [("reduce", f"{n >> 20}M", reduce_program(n), n) for n in (1 << 20, 1 << 24)]
)


def run_xla_measured(program, args=()):
    """XLA CPU's figures for one program, with the peak RSS (KiB) of the
    Python process that compiled and ran it (reference.py, or xla_args.py
    for a program with arguments)."""
    python = os.environ.get("HLOCHECK_PYTHON", "python3")
    if args:
        cmd = [python, os.path.join(HERE, "xla_args.py"), program, *args]
    else:
        cmd = [python, os.path.join(SHARED, "tools", "reference.py"), "--no-ref", program]
    if os.path.exists(TIME):
        cmd = [TIME, "-f", RSS_TAG + "%M", *cmd]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    except OSError as e:
        return {"error": str(e)}
    fields = {}
    for line in proc.stdout.splitlines():
        for k, v in re.findall(r"(\w+)=\s*(\S+)", line):
            fields[k] = v
    for line in proc.stderr.splitlines():
        if line.startswith(RSS_TAG):
            fields["rss"] = int(line[len(RSS_TAG) :])
    if "xla_cpu" not in fields:
        tail = [l for l in proc.stderr.splitlines() if not l.startswith(RSS_TAG)]
        fields["error"] = tail[-1] if tail else str(proc.returncode)
    return fields


def scaling(exes, runs, xla):
    names = binary_names(exes)
    print(
        "| kernel | size | "
        + " | ".join(f"{n} wall (cpu) | {n} peak RSS" for n in names)
        + " | XLA CPU | hlocheck / XLA | XLA process peak RSS | "
        + " | ".join(f"{n} sha" for n in names)
        + " | XLA sha |"
    )
    print("|---|---|" + "---|---|" * len(names) + "---|---|---|" + "---|" * len(names) + "---|")
    with tempfile.TemporaryDirectory() as d:
        for kind, size, text, arg_len in SCALING:
            path = os.path.join(d, f"{kind}_{size}.mlir")
            with open(path, "w") as f:
                f.write(text)
            args = []
            if arg_len is not None:
                args = [os.path.join(d, f"{kind}_{size}.npy")]
                write_f32_npy(args[0], arg_len)
            got = run_hlocheck_many(exes, path, runs, args)
            other = run_xla_measured(path, args) if xla else {}
            x = seconds(other.get("xla_cpu"))
            t = got[0][0]
            vs = f"{t / x:,.1f}×" if x and t else "–"
            xmem = f"{other['rss'] / 1024:.0f} MiB" if other.get("rss") else "–"
            cols = []
            for wall, cpu, rss, _, _ in got:
                mem = f"{rss / 1024:.1f} MiB" if rss else "–"
                cols.append(f"{fmt_time(wall)} ({fmt_time(cpu)}) | {mem}")
            print(
                f"| {kind} | {size} | {' | '.join(cols)} | {fmt_time(x)} | {vs} "
                f"| {xmem} | {' | '.join(g[3] for g in got)} "
                f"| {other.get('xla_sha', other.get('error', '–'))} |",
                flush=True,
            )
            for a in args:
                os.remove(a)
    return 0


def binary_names(exes):
    """Column names: `hlocheck` for one binary, else each one's path."""
    if len(exes) == 1:
        return ["hlocheck"]
    return [f"`{e}`" for e in exes]


def seconds(text):
    if text is None:
        return None
    if text.endswith("ms"):
        return float(text[:-2]) / 1e3
    if text.endswith("s"):
        return float(text[:-1])
    return None


def fmt_time(s):
    if s is None:
        return "–"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 0.01:
        return f"{s * 1e3:.0f} ms"
    return f"{s * 1e3:.2f} ms"


def main(argv):
    runs, flags, names, scale, exes = 3, [], [], False, []
    bench = os.path.join(SHARED, "bench")
    it = iter(argv)
    for a in it:
        if a == "--runs":
            runs = int(next(it))
        elif a == "--hlocheck":
            exes.append(next(it))
        elif a == "--bench":
            bench = next(it)
        elif a in ("--no-ref", "--no-xla"):
            flags.append(a)
        elif a == "--scaling":
            scale = True
        elif a in ("-h", "--help"):
            print(__doc__)
            return 0
        elif a.startswith("--"):
            print(f"unknown option {a}", file=sys.stderr)
            return 2
        else:
            names.append(a if a.endswith(".mlir") else a + ".mlir")
    if not exes:
        exes = [os.path.join(REPO, "target", "release", "hlocheck")]
    if runs < 1:
        print("--runs must be at least 1", file=sys.stderr)
        return 2
    if scale:
        return scaling(exes, runs, "--no-xla" not in flags)
    files = sorted(f for f in os.listdir(bench) if f.endswith(".mlir"))
    if names:
        missing = [n for n in names if n not in files]
        if missing:
            print(f"no such program: {', '.join(missing)}", file=sys.stderr)
            return 2
        files = [f for f in files if f in names]
    programs = [os.path.join(bench, f) for f in files]

    mine = {os.path.basename(p): run_hlocheck_many(exes, p, runs) for p in programs}
    theirs = {}
    if not ("--no-ref" in flags and "--no-xla" in flags):
        theirs = run_reference(programs, flags)

    bins = binary_names(exes)
    print(
        "| program | "
        + " | ".join(f"{n} wall (cpu)" for n in bins)
        + " | evaluation | reference | ratio | XLA CPU | hlocheck / XLA | evaluation / XLA | peak RSS | "
        + " | ".join(f"{n} sha" for n in bins)
        + " | reference sha | XLA sha |"
    )
    print("|---|" + "---|" * len(bins) + "---|---|---|---|---|---|---|" + "---|" * len(bins) + "---|---|")
    for f in files:
        got = mine[f]
        t, _, rss, _, ev = got[0]
        other = theirs.get(f, {})
        ref = seconds(other.get("reference"))
        xla = seconds(other.get("xla_cpu"))
        ratio = f"{ref / t:,.0f}×" if ref and t else "–"
        vs_xla = f"{t / xla:,.1f}×" if xla and t else "–"
        ev_xla = f"{ev / xla:,.1f}×" if xla and ev else "–"
        mem = f"{rss / 1024:.1f} MiB" if rss else "–"
        times = " | ".join(f"{fmt_time(w)} ({fmt_time(c)})" for w, c, _, _, _ in got)
        shas = " | ".join(g[3] for g in got)
        print(
            f"| {f[:-5]} | {times} | {fmt_time(ev)} | {fmt_time(ref)} | {ratio} | {fmt_time(xla)} "
            f"| {vs_xla} | {ev_xla} | {mem} | {shas} | {other.get('ref_sha', '–')} "
            f"| {other.get('xla_sha', other.get('error', '–'))} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
