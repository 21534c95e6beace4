#!/usr/bin/env python3
"""hlocheck fuzz target `xla-cpu`: XLA's CPU compiler, as shipped in jaxlib.

Speaks the hlocheck-target/1 protocol (see README.md beside this file) on
stdin/stdout. Needs: pip install jax jaxlib ml_dtypes numpy
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


NAME = "xla-cpu"
PACKAGES = "jax jaxlib ml_dtypes numpy"


def main():
    proto = claim_stdout()
    try:
        import numpy as np  # noqa: F401
        import ml_dtypes  # noqa: F401
        import jax
        import jaxlib
        from jax._src import xla_bridge
        from jax._src.lib import xla_client
    except Exception as e:
        sys.stderr.write("import failed: %s\n" % e)
        fatal(proto, NAME, PACKAGES)
    jax.config.update("jax_enable_x64", True)
    backend = xla_bridge.get_backend("cpu")
    device = backend.devices()[0]

    def specialize(text, ins):
        """A program with dynamic sizes, with the entry's argument types set
        to the inputs' static types and the shapes refined from there (what
        JAX does before handing such a program to XLA)."""
        from jaxlib.mlir import ir
        from jax._src.interpreters import mlir as jax_mlir
        if ins is None or any(d is None for e in ins for d in e.dims):
            raise Rejected("a program with dynamic sizes needs static input_types to run on xla-cpu")
        with jax_mlir.make_ir_context():
            try:
                module = ir.Module.parse(text)
            except Exception as e:
                raise Rejected(one_line(e))
            main = [f for f in module.body.operations if f.operation.name == "func.func"
                    and ir.StringAttr(f.attributes["sym_name"]).value == "main"]
            if not main:
                raise Rejected("no function named main")
            ftype = ir.FunctionType(ir.TypeAttr(main[0].attributes["function_type"]).value)
            if len(ftype.inputs) != len(ins):
                raise Rejected("main takes %d arguments, the request has %d input types"
                               % (len(ftype.inputs), len(ins)))
            static = [ir.Type.parse("tensor<%s%s>" % ("".join("%dx" % d for d in e.dims), e.text)) for e in ins]
            for arg, t in zip(main[0].regions[0].blocks[0].arguments, static):
                arg.set_type(t)
            main[0].attributes["function_type"] = ir.TypeAttr.get(
                ir.FunctionType.get(static, list(ftype.results)))
            try:
                return str(jax_mlir.refine_polymorphic_shapes(module))
            except Exception as e:
                cause = e.__cause__ or e
                raise Rejected("shape refinement failed: %s" % one_line(cause))

    def entry_as_main(text, entry):
        """The program with its entry function renamed @main (XLA runs @main),
        and a function already named main renamed out of the way."""
        from jaxlib.mlir import ir
        from jax._src.interpreters import mlir as jax_mlir
        with jax_mlir.make_ir_context():
            try:
                module = ir.Module.parse(text)
            except Exception as e:
                raise Rejected(one_line(e))
            funcs = {ir.StringAttr(f.attributes["sym_name"]).value: f
                     for f in module.body.operations if f.operation.name == "func.func"}
            if entry not in funcs:
                raise Rejected("no function named %s" % entry)
            if "main" in funcs:
                ir.SymbolTable.replace_all_symbol_uses("main", "__hlocheck_main", module.operation)
                ir.SymbolTable.set_symbol_name(funcs["main"], "__hlocheck_main")
            ir.SymbolTable.replace_all_symbol_uses(entry, "main", module.operation)
            ir.SymbolTable.set_symbol_name(funcs[entry], "main")
            ir.SymbolTable.set_visibility(funcs[entry], "public")
            return str(module)

    def compile_program(text, entry, ins, outs):
        if entry != "main":
            text = entry_as_main(text, entry)
        if re.search(r"tensor<[^>]*\?", text):
            text = specialize(text, ins)
        try:
            exe = backend.compile_and_load(text, xla_client.DeviceList((device,)),
                                           xla_client.CompileOptions())
        except Exception as e:
            raise Rejected(one_line(e))
        return exe

    def execute(exe, arrays):
        try:
            bufs = [jax.device_put(a, device) for a in arrays]
        except Exception as e:
            if "Unknown NumPy dtype" in str(e):
                # jax cannot place an array of this ml_dtypes type on a
                # device: a limit of the binding, not of XLA's compiler.
                raise Skipped("jax cannot pass the argument to XLA: %s" % one_line(e))
            raise
        out = exe.execute(bufs)
        jax.block_until_ready(out)
        return [np.asarray(o) for o in out]

    import numpy as np
    flush = measure_flush(compile_program, execute)
    serve(proto, {"name": NAME, "version": "jaxlib %s" % jaxlib.__version__,
                  "flush_subnormals": flush}, compile_program, execute)


if __name__ == "__main__":
    start(main, NAME)
