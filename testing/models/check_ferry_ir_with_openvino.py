#!/usr/bin/env python3
"""Checks that OpenVINO reads the IR Ferry writes: for every NAME.xml in DIR (written by
//core:ir_reader_openvino_test, which reads testing/models/openvino/NAME.xml with Ferry and saves
it again), runs it on OpenVINO's CPU plugin with the stored inputs and compares with the stored
expected outputs.

    bazel test //core:ir_reader_openvino_test --nocache_test_results
    mkdir /tmp/ferry_ir && cd /tmp/ferry_ir && \\
        unzip /work/main/bazel-testlogs/core/ir_reader_openvino_test/test.outputs/outputs.zip
    .venv/bin/python testing/models/check_ferry_ir_with_openvino.py /tmp/ferry_ir
"""
import os
import sys

import numpy as np
import openvino as ov

DTYPES = {"f32": np.float32, "f16": np.float16, "i32": np.int32, "i64": np.int64, "u8": np.uint8}
MODELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openvino")


def read_manifest(name):
    tensors = []
    with open(os.path.join(MODELS, name + ".io.txt")) as manifest:
        for line in manifest:
            fields = line.split()
            if not fields:
                continue
            kind, tensor_name, element_type, rank = fields[0], fields[1], fields[2], int(fields[3])
            shape = [int(d) for d in fields[4:4 + rank]]
            dtype = np.dtype(DTYPES[element_type]).newbyteorder("<")
            data = np.fromfile(os.path.join(MODELS, fields[4 + rank]), dtype=dtype).reshape(shape)
            tensors.append((kind, tensor_name, data))
    return tensors


def main(directory):
    core = ov.Core()
    failures = 0
    names = sorted(f[:-4] for f in os.listdir(directory) if f.endswith(".xml"))
    if not names:
        sys.exit(f"no .xml files in {directory}")
    for name in names:
        compiled = core.compile_model(core.read_model(os.path.join(directory, name + ".xml")), "CPU",
                                      {"INFERENCE_PRECISION_HINT": "f32"})
        tensors = read_manifest(name)
        results = compiled({n: d for kind, n, d in tensors if kind == "input"})
        for kind, tensor_name, expected in tensors:
            if kind != "output":
                continue
            actual = results[compiled.output(tensor_name)]
            ok = actual.shape == expected.shape and np.allclose(actual, expected, rtol=1e-5, atol=1e-6)
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {name}: {tensor_name}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1])
