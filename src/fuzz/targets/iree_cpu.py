#!/usr/bin/env python3
"""hlocheck fuzz target `iree-cpu`: IREE's compiler (llvm-cpu backend) and
runtime (local-sync driver).

Speaks the hlocheck-target/1 protocol (see README.md beside this file) on
stdin/stdout. Needs: pip install iree-base-compiler iree-base-runtime ml_dtypes numpy
"""

import hashlib
import json
import os
import re
import sys
import time
from collections import OrderedDict

from protocol import (  # noqa: F401 (written beside this script)
    CLAIMED,
    Cache,
    Elem,
    ML_FLOATS,
    NATIVE,
    PROTOCOL,
    Rejected,
    STARTED,
    Skipped,
    Unsupported,
    claim_stdout,
    elem_of_dtype,
    fatal,
    handle,
    measure_flush,
    one_line,
    serve,
    split_tensor_type,
    start,
)


NAME = "iree-cpu"
PACKAGES = "iree-base-compiler iree-base-runtime ml_dtypes numpy"


def main():
    proto = claim_stdout()
    try:
        import numpy as np
        import ml_dtypes
        import iree.compiler as compiler
        import iree.runtime as runtime
        from importlib.metadata import version
    except Exception as e:
        sys.stderr.write("import failed: %s\n" % e)
        fatal(proto, NAME, PACKAGES)
    config = runtime.Config("local-sync")
    # The generic CPU keeps the results independent of the host's vector
    # features (and quiets the compiler's warning about choosing one).
    # IREE narrows f64 to f32 unless told not to; the spec's f64 is f64.
    flags = ["--iree-llvmcpu-target-cpu=generic", "--iree-input-demote-f64-to-f32=false"]
    device = config.device

    def diagnostics(e):
        """The compiler's distinct `error:` lines (without the tool's command line)."""
        seen = []
        for line in str(e).splitlines():
            line = line.strip()
            if "error:" in line and line not in seen:
                seen.append(line)
        return " | ".join(seen[:5]) or one_line(e)

    def compile_program(text, entry, ins, outs):
        try:
            vmfb = compiler.compile_str(text, target_backends=["llvm-cpu"], input_type="stablehlo",
                                        extra_args=flags)
        except Exception as e:
            raise Rejected(diagnostics(e))
        context = runtime.SystemContext(config=config)
        module = runtime.VmModule.copy_buffer(context.instance, vmfb)
        context.add_vm_module(module)
        try:
            function = context.modules[module.name][entry]
        except Exception as e:
            raise Rejected("the compiled module has no function %s: %s" % (entry, one_line(e)))
        return function

    def packed_view(a):
        """A HAL buffer view of sub-byte integers, packed low bits first as
        IREE lays them out."""
        bits = a.dtype.itemsize * 8 if a.dtype.name not in ("int2", "int4", "uint2", "uint4") \
            else int(a.dtype.name[-1])
        per_byte = 8 // bits
        lanes = (a.astype(np.int8).view(np.uint8) & ((1 << bits) - 1)).reshape(-1)
        if lanes.size % per_byte:
            # IREE's buffers hold whole bytes: this driver cannot pass it.
            raise Skipped("%d %s elements do not fill whole bytes (IREE's buffer views hold "
                          "whole bytes; this driver cannot pass them)" % (lanes.size, a.dtype.name))
        packed = np.zeros(lanes.size // per_byte, np.uint8)
        for k in range(per_byte):
            packed |= (lanes[k::per_byte] << (k * bits)).astype(np.uint8)
        buf = device.allocator.allocate_buffer_copy(
            memory_type=runtime.MemoryType.DEVICE_LOCAL, allowed_usage=runtime.BufferUsage.DEFAULT,
            device=device, buffer=packed)
        return runtime.HalBufferView(buf, list(a.shape), (0x10 << 24) | bits)

    def unpacked(view):
        """The integers of a sub-byte buffer view, as an ml_dtypes array."""
        bits = view.element_type & 0xFF
        unsigned = (view.element_type >> 24) == 0x12
        raw = view.map().asarray([view.byte_length], np.dtype(np.uint8)).copy()
        per_byte = 8 // bits
        lanes = np.zeros(raw.size * per_byte, np.int16)
        for k in range(per_byte):
            lanes[k::per_byte] = (raw >> (k * bits)) & ((1 << bits) - 1)
        if not unsigned:
            lanes = np.where(lanes >= 1 << (bits - 1), lanes - (1 << bits), lanes)
        n = int(np.prod(view.shape)) if len(view.shape) else 1
        dtype = getattr(ml_dtypes, ("uint%d" if unsigned else "int%d") % bits)
        return lanes[:n].reshape(view.shape).astype(dtype)

    def execute(function, arrays):
        args = [packed_view(a) if a.dtype.name in ("int2", "int4", "uint2", "uint4") else a
                for a in arrays]
        try:
            out = function(*args)
        except ValueError as e:
            if "could not map dtype" in str(e):
                # The runtime's Python binding has no element type for this
                # ml_dtypes array: a limit of the binding this driver uses.
                raise Skipped("IREE's Python runtime binding cannot take the argument: %s"
                              % one_line(e))
            raise
        if out is None:
            return []
        if not isinstance(out, (list, tuple)):
            out = [out]
        results = []
        for o in out:
            view = getattr(o, "_buffer_view", None)
            if view is not None and (view.element_type & 0xFF) < 8 and (view.element_type >> 24) != 0x20:
                results.append(unpacked(view))
            else:
                results.append(o.to_host() if hasattr(o, "to_host") else np.asarray(o))
        return results

    flush = measure_flush(compile_program, execute)
    serve(proto, {"name": NAME, "version": "iree-base-compiler %s, iree-base-runtime %s"
                  % (version("iree-base-compiler"), version("iree-base-runtime")),
                  "flush_subnormals": flush}, compile_program, execute)


if __name__ == "__main__":
    start(main, NAME)
