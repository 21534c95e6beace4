#!/usr/bin/env python3
"""XLA CPU on a program with arguments, for tests/bench/bench.py.

Usage: python xla_args.py PROGRAM.mlir ARG.npy...

Compiles the program with jaxlib's PJRT CPU client, runs it once on the
arguments (read from .npy files, in order), then 20 times more, and prints,
as ../shared/tools/reference.py does for programs without arguments, the
mean execution time of those 20 runs and a SHA-256 (first 16 hex digits) of
the results' raw little-endian bytes, in order:

    NAME xla_cpu=   T ms xla_sha=HEX
"""
import hashlib
import os
import sys
import time

import numpy as np
import jax
from jax._src import xla_bridge as xb
from jax._src.lib import xla_client as xc


def main(argv):
    if len(argv) < 1:
        print(__doc__, file=sys.stderr)
        return 2
    src = open(argv[0]).read()
    args = [np.load(p) for p in argv[1:]]
    backend = xb.get_backend("cpu")
    dev = backend.devices()[0]
    exe = backend.compile_and_load(src, xc.DeviceList((dev,)), xc.CompileOptions())
    bufs = [jax.device_put(a, dev) for a in args]
    jax.block_until_ready(bufs)
    out = exe.execute(bufs)
    jax.block_until_ready(out)
    n = 20
    t = time.perf_counter()
    for _ in range(n):
        out = exe.execute(bufs)
        jax.block_until_ready(out)
    dt = (time.perf_counter() - t) / n
    h = hashlib.sha256()
    for o in out:
        h.update(np.ascontiguousarray(np.asarray(o)).tobytes())
    name = os.path.basename(argv[0])
    print(f"{name:28s} xla_cpu={dt * 1e3:9.3f}ms xla_sha={h.hexdigest()[:16]}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
