#!/usr/bin/env python3
"""hlocheck fuzz target `reference`: the StableHLO reference interpreter
(stablehlo.eval_module, shipped in jaxlib).

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
    Skipped,
    STARTED,
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


NAME = "reference"
PACKAGES = "jax jaxlib ml_dtypes numpy"
# Ops outside the stablehlo dialect that the interpreter runs.
STRUCTURAL = {"builtin.module", "func.func", "func.return", "func.call"}
# Stablehlo ops on which the interpreter aborts the process, saying it does
# not implement them (measured with jaxlib 0.10.2); refused up front.
NOT_IMPLEMENTED = {
    "stablehlo.batch_norm_inference", "stablehlo.batch_norm_training",
    "stablehlo.cholesky", "stablehlo.create_token", "stablehlo.rng", "stablehlo.rng_bit_generator",
    "stablehlo.custom_call", "stablehlo.batch_norm_grad",
}
# Ops of the dialect that the spec does not describe (legacy or newer than
# it); the interpreter aborts on them too. Not the spec's, so skipped.
NOT_IN_SPEC = {
    "stablehlo.broadcast", "stablehlo.dot", "stablehlo.cross-replica-sum", "stablehlo.einsum",
    "stablehlo.torch_index_select", "stablehlo.unary_einsum", "stablehlo.real_dynamic_slice",
    "stablehlo.collective_reduce",
}
# Collectives and process ids the interpreter runs only across processes
# (interpreter.run_parallel); through eval_module it aborts on them.
NEEDS_PROCESSES = {
    "stablehlo.all_reduce", "stablehlo.all_gather", "stablehlo.all_to_all",
    "stablehlo.collective_broadcast", "stablehlo.collective_permute", "stablehlo.reduce_scatter",
    "stablehlo.replica_id", "stablehlo.partition_id",
}
NUMPY_TYPES = {"bool": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
               "uint8": "ui8", "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
               "float16": "f16", "float32": "f32", "float64": "f64",
               "complex64": "complex<f32>", "complex128": "complex<f64>"}


def main():
    proto = claim_stdout()
    try:
        import numpy as np
        import ml_dtypes  # noqa: F401
        import jaxlib
        from jaxlib.mlir import ir
        from jaxlib.mlir.dialects import stablehlo
        from jax._src.interpreters import mlir as jax_mlir
    except Exception as e:
        sys.stderr.write("import failed: %s\n" % e)
        fatal(proto, NAME, PACKAGES)
    context = jax_mlir.make_ir_context()
    context.__enter__()
    notes = []

    def keep(diagnostic):
        notes.append("%s: %s" % (diagnostic.location, diagnostic.message))
        return True

    context.attach_diagnostic_handler(keep)

    def explained(e):
        """The exception with the diagnostics MLIR reported while it happened."""
        text = one_line(e)
        if notes:
            text = "%s (%s)" % (" | ".join(notes[:5]), text)
        del notes[:]
        return text

    def ops_of(op):
        yield op
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    yield from ops_of(inner.operation)

    def functions(module):
        return {ir.StringAttr(f.attributes["sym_name"]).value: f
                for f in module.body.operations if f.operation.name == "func.func"}

    def compile_program(text, entry, ins, outs):
        del notes[:]
        try:
            module = ir.Module.parse(text)
        except Exception as e:
            why = explained(e)
            if "unregistered dialect" in why and "quant" in why:
                # jaxlib's MLIR bindings do not register the quant dialect,
                # so quantized programs cannot reach the interpreter.
                raise Skipped("jaxlib's MLIR bindings have no quant dialect: quantized types "
                              "cannot be passed to the reference interpreter")
            if "unregistered operation" in why and any(o in why for o in NOT_IN_SPEC):
                raise Skipped("an op outside the spec, unknown to this StableHLO version: %s" % why)
            raise Rejected(why)
        for op in ops_of(module.operation):
            name = op.name
            if name not in STRUCTURAL and not name.startswith("stablehlo."):
                # The interpreter is StableHLO's: CHLO (and any other
                # dialect) is outside what it claims, and it aborts the
                # process on ops it does not know. Not a finding.
                raise Skipped("the reference interpreter runs the stablehlo dialect only, not %s" % name)
            if name in NOT_IN_SPEC:
                raise Skipped("%s is not an op of the spec (the interpreter does not run it)" % name)
            if name in NOT_IMPLEMENTED:
                raise Rejected("the reference interpreter does not implement %s (it aborts: "
                               "unsupported op)" % name)
            if name in NEEDS_PROCESSES:
                # A limit of this driver (one process), not of the interpreter.
                raise Skipped("the reference interpreter runs %s only across processes "
                               "(interpreter.run_parallel), not through eval_module" % name)
        funcs = functions(module)
        if entry not in funcs:
            raise Rejected("no function named %s" % entry)
        ftype = ir.FunctionType(ir.TypeAttr(funcs[entry].attributes["function_type"]).value)
        arg_types = [str(t) for t in ftype.inputs]
        res_types = [str(t) for t in ftype.results]
        res_elems = [split_tensor_type(t)[1] for t in res_types]
        arg_complex = [split_tensor_type(t)[1].text.startswith("complex") for t in arg_types]
        res_complex = [e.text.startswith("complex") for e in res_elems]
        if entry != "main" or any(arg_complex) or any(res_complex):
            module = add_wrapper(module, funcs, entry, arg_types, res_types, arg_complex, res_complex)
        return module, res_elems, res_complex

    def add_wrapper(module, funcs, entry, arg_types, res_types, arg_complex, res_complex):
        """A new @main calling the entry, with complex arguments and results
        passed as their real and imaginary parts (complex attributes cannot
        cross the Python bindings)."""
        callee = "__hlocheck_entry" if entry == "main" else entry
        if "main" in funcs:
            renamed = "__hlocheck_entry" if entry == "main" else "__hlocheck_main"
            ir.SymbolTable.replace_all_symbol_uses("main", renamed, module.operation)
            ir.SymbolTable.set_symbol_name(funcs["main"], renamed)

        def part(t):
            return t.replace("complex<f32>", "f32").replace("complex<f64>", "f64")

        params, lines, names = [], [], []
        for i, t in enumerate(arg_types):
            if arg_complex[i]:
                params += ["%%a%dre: %s" % (i, part(t)), "%%a%dim: %s" % (i, part(t))]
                lines.append('%%a%d = "stablehlo.complex"(%%a%dre, %%a%dim) : (%s, %s) -> %s'
                             % (i, i, i, part(t), part(t), t))
            else:
                params.append("%%a%d: %s" % (i, t))
            names.append("%%a%d" % i)
        n = len(res_types)
        call = "func.call @%s(%s) : (%s) -> (%s)" % (callee, ", ".join(names), ", ".join(arg_types),
                                                    ", ".join(res_types))
        lines.append(("%%r:%d = " % n if n > 1 else "%r = " if n == 1 else "") + call)
        rets, ret_types = [], []
        for i, t in enumerate(res_types):
            r = "%%r#%d" % i if n > 1 else "%r"
            if res_complex[i]:
                for op in ("real", "imag"):
                    lines.append('%%%s%d = "stablehlo.%s"(%s) : (%s) -> %s' % (op, i, op, r, t, part(t)))
                    rets.append("%%%s%d" % (op, i))
                    ret_types.append(part(t))
            else:
                rets.append(r)
                ret_types.append(t)
        lines.append("return %s : %s" % (", ".join(rets), ", ".join(ret_types)) if rets else "return")
        wrapper = "func.func @main(%s) -> (%s) {\n  %s\n}\n" % (", ".join(params), ", ".join(ret_types),
                                                               "\n  ".join(lines))
        text = str(module).rstrip()
        try:
            return ir.Module.parse(text[:-1] + wrapper + "}\n")
        except Exception as e:
            sys.stderr.write("wrapper program:\n%s%s}\n" % (text[:-1], wrapper))
            raise Rejected("the driver's wrapper did not parse: %s" % explained(e))

    def to_attr(a, elem_text):
        shape = "".join("%dx" % d for d in a.shape)
        if a.size == 0:
            return ir.Attribute.parse("dense<> : tensor<%s%s>" % (shape, elem_text))
        data = np.ascontiguousarray(a)
        if data.dtype.itemsize == 1 or data.dtype == np.bool_:
            raw = data.view(np.uint8).tobytes()
        else:
            raw = data.tobytes()
        return ir.Attribute.parse('dense<"0x%s"> : tensor<%s%s>' % (raw.hex().upper(), shape, elem_text))

    def from_attr(attr, elem):
        shape = ir.RankedTensorType(attr.type).shape
        if elem.kind == "native":
            return np.array(attr).reshape(shape).astype(elem.dtype)
        text = str(attr)
        body = text[text.index("dense<") + 6:text.rindex("> :")].strip()
        count = int(np.prod(shape)) if shape else 1
        if body.startswith('"0x'):
            bits = np.frombuffer(bytes.fromhex(body[3:-1]), dtype=elem.storage)
        else:
            toks = [t.strip() for t in body.replace("[", " ").replace("]", " ").split(",") if t.strip()]
            vals = []
            for t in toks:
                if elem.kind == "narrow_int":
                    vals.append(int(t) & 0xFF)
                elif t.startswith("0x"):
                    vals.append(int(t, 16))
                else:
                    vals.append(int(np.array(float(t), np.float64).astype(elem.dtype).view(elem.storage)))
            bits = np.array(vals, dtype=elem.storage)
        if bits.size == 1 and count != 1:
            bits = np.repeat(bits, count)
        return elem.from_storage(bits.reshape(shape))

    def execute(compiled, arrays):
        module, res_elems, complex_out = compiled
        args = []
        for a in arrays:
            elem = NUMPY_TYPES.get(a.dtype.name)
            if elem is None:
                elem = next((k for k, (n, _) in ML_FLOATS.items() if n == a.dtype.name), None)
            if elem is None and a.dtype.name in ("int2", "int4", "uint2", "uint4"):
                elem = a.dtype.name.replace("uint", "ui").replace("int", "i")
                a = a.astype(np.uint8 if a.dtype.name.startswith("u") else np.int8)
            if elem is None:
                raise ValueError("no MLIR element type for dtype %s" % a.dtype)
            if elem.startswith("complex"):
                args += [to_attr(np.array(a.real, order="C"), elem[8:-1]),
                         to_attr(np.array(a.imag, order="C"), elem[8:-1])]
            else:
                args.append(to_attr(a, elem))
        del notes[:]
        try:
            out = stablehlo.eval_module(module, args)
        except Exception as e:
            raise RuntimeError(explained(e))
        results, k = [], 0
        for i, elem in enumerate(res_elems):
            if complex_out[i]:
                part = Elem(elem.text[8:-1])
                re_, im_ = from_attr(out[k], part), from_attr(out[k + 1], part)
                c = np.empty(re_.shape, elem.dtype)
                c.real, c.imag = re_, im_
                results.append(c)
                k += 2
            else:
                results.append(from_attr(out[k], elem))
                k += 1
        return results

    flush = measure_flush(compile_program, execute)
    serve(proto, {"name": NAME, "version": "jaxlib %s (stablehlo.eval_module)" % jaxlib.__version__,
                  "flush_subnormals": flush}, compile_program, execute)


if __name__ == "__main__":
    start(main, NAME)
