#!/usr/bin/env python3
"""Builds small OpenVINO IR v11 models covering Ferry's first op set, runs each on OpenVINO's CPU
plugin with seeded inputs, and stores the inputs and expected outputs next to the models, so that
Ferry's tests compare against an independent implementation.

Usage (from the repository root, with the git-ignored venv):
    python3 -m venv .venv && .venv/bin/pip install openvino numpy
    .venv/bin/python testing/models/make_openvino_ir.py

For each model NAME this writes, into testing/models/openvino/:
    NAME.xml, NAME.bin        the IR, as openvino.save_model writes it (compress_to_fp16=False)
    NAME.io.txt               manifest, one tensor per line:
                                  input|output  <tensor name>  <element type>  <rank> <dims...>  <file>
    NAME.<in|out>.<i>.raw     the tensor's bytes, little-endian, row-major
Inputs are given at a static shape even where the model's input is dynamic.
"""
import os
import re
import sys

import numpy as np
import openvino as ov
import openvino.opset1 as op1
import openvino.opset8 as op8
import openvino.opset14 as op14
import openvino.opset16 as ops

OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "openvino")
RNG = np.random.default_rng(20240611)


def const(values, dtype=np.float32, name=None):
    node = ops.constant(np.asarray(values, dtype=dtype))
    if name:
        node.set_friendly_name(name)
    return node


def weights(*shape, scale=0.5):
    return const(RNG.uniform(-scale, scale, size=shape).astype(np.float32))


def named(node, name, tensor_names=None):
    """Sets a friendly name and the output tensor names (default: the friendly name)."""
    node.set_friendly_name(name)
    node.output(0).get_tensor().set_names(set(tensor_names or [name]))
    return node


def param(name, shape, element_type=ov.Type.f32):
    return ops.parameter(ov.PartialShape(shape), element_type, name=name)


def result(node, name):
    res = ops.result(node)
    res.set_friendly_name(name)
    return res


def model_mlp():
    x = param("x", [2, 16])
    h = named(ops.add(ops.matmul(x, weights(16, 32), False, False), weights(32, scale=0.1)), "fc1")
    h = named(ops.relu(h), "relu1")
    # transpose_b: weights stored as [out, in].
    logits = named(ops.add(ops.matmul(h, weights(10, 32), False, True), weights(1, 10)), "logits")
    probs = named(ops.softmax(logits, -1), "probs")
    return ov.Model([result(probs, "probs/sink")], [x], "mlp")


def model_cnn():
    x = param("image", [1, 3, 16, 16])
    c = named(ops.convolution(x, weights(8, 3, 3, 3), [1, 1], [1, 1], [1, 1], [1, 1]), "conv1")
    c = named(ops.add(c, weights(1, 8, 1, 1, scale=0.1)), "conv1/bias")
    c = named(ops.relu(c), "conv1/relu")
    p = named(ops.max_pool(c, [2, 2], [1, 1], [0, 0], [0, 0], [2, 2]), "pool1")
    # Depthwise: groups = channels, filters [G, out/G, in/G, kH, kW].
    g = named(ops.group_convolution(p.output(0), weights(8, 1, 1, 3, 3), [1, 1], [1, 1], [1, 1], [1, 1]),
              "dwconv")
    # AvgPool-16 needs explicit dilations: with the default (empty) list, the 2026.4 CPU plugin crashes.
    a = named(ops.avg_pool(g, [2, 2], [0, 0], [0, 0], [2, 2], True, dilations=[1, 1]), "pool2")
    m = named(ops.reduce_mean(a, const([2, 3], np.int64), False), "gap")
    r = named(ops.reshape(m, const([0, -1], np.int64), True), "flatten")
    fc = named(ops.add(ops.matmul(r, weights(8, 5), False, False), weights(5, scale=0.1)), "fc")
    probs = named(ops.softmax(fc, 1), "probs")
    return ov.Model([result(probs, "probs/sink")], [x], "cnn")


def model_elementwise():
    a = param("a", [2, 3, 4])
    b = param("b", [3, 1])
    n = param("n", [2, 3, 4], ov.Type.i32)
    nf = named(ops.convert(n, ov.Type.f32), "n_f32")
    sub = named(ops.subtract(a, b), "sub")                      # numpy broadcast [2,3,4] - [3,1]
    mul = named(ops.multiply(sub, nf), "mul")
    div = named(ops.divide(mul, ops.exp(b)), "div")            # positive denominators only
    mx = named(ops.maximum(div, ops.sigmoid(a)), "max")
    mn = named(ops.minimum(mx, ops.tanh(const([[[0.5]]]))), "min")
    tr = named(ops.transpose(mn, const([2, 0, 1], np.int64)), "transpose")   # [4,2,3]
    cat = named(ops.concat([tr, ops.exp(ops.transpose(a, const([2, 0, 1], np.int32)))], 2), "concat")
    # Integers survive f16 exactly: OpenVINO CPU drops f32->f16->f32 round trips of real values,
    # so only exact values make this chain a fair comparison.
    half = named(ops.convert(ops.convert(n, ov.Type.f16), ov.Type.f32), "from_f16")
    return ov.Model([result(cat, "concat/sink"), result(half, "half/sink"), result(nf, "n_f32/sink")],
                    [a, b, n], "elementwise")


def model_dynamic():
    # Batch fully dynamic, sequence bounded 1..10, features static.
    x = param("tokens", [-1, ov.Dimension(1, 10), 8])
    h = named(ops.add(ops.matmul(x, weights(8, 6), False, False), weights(6, scale=0.1)), "proj")
    h = named(ops.relu(h), "relu")
    m = named(ops.reduce_mean(h, const([1], np.int64), True), "pool")        # [?,1,6]
    r = named(ops.reshape(m, const([0, -1], np.int64), True), "squeeze")     # [?,6]
    s = named(ops.softmax(r, -1), "probs")
    return ov.Model([result(s, "probs/sink")], [x], "dynamic")


def model_conv_variants():
    x = param("x", [1, 4, 11, 9])
    c = named(ops.convolution(x, weights(6, 4, 3, 3), [2, 2], [1, 2], [2, 1], [2, 2]), "conv_s2_d2")
    same = named(ops.convolution(x, weights(4, 4, 2, 3), [2, 1], [0, 0], [0, 0], [1, 1], "same_upper"),
                 "conv_same_upper")
    g = named(ops.group_convolution(same, weights(2, 3, 2, 3, 3), [1, 1], [0, 1], [1, 0], [1, 1]),
              "gconv_g2")
    mp = named(ops.max_pool(g, [2, 2], [1, 1], [1, 0], [0, 1], [3, 2], "ceil"), "maxpool_ceil")
    ap = named(ops.avg_pool(c, [1, 2], [1, 1], [1, 0], [2, 2], False, dilations=[1, 1]), "avgpool_incl_pad")
    rm = named(ops.reduce_mean(mp.output(0), const([-1], np.int32), True), "reduce_last_keep")
    return ov.Model([result(mp.output(0), "maxpool/sink"), result(ap, "avgpool/sink"),
                     result(rm, "reduce/sink")], [x], "conv_variants")


def model_op_versions():
    """Older versions of ops that OpenVINO still writes when a model was made with an older opset."""
    x = param("x", [1, 2, 6, 6])
    s1 = named(op1.softmax(x, 3), "softmax_v1")
    mp1 = named(op1.max_pool(x, [2, 2], [0, 0], [0, 0], [2, 2]), "maxpool_v1")
    mp8 = named(op8.max_pool(x, [1, 1], [2, 2], [0, 0], [0, 0], [2, 2]), "maxpool_v8")   # dilated
    ap1 = named(op1.avg_pool(x, [2, 2], [1, 1], [1, 1], [3, 3], True), "avgpool_v1")
    ap14 = named(op14.avg_pool(x, [1, 1], [0, 0], [0, 0], [3, 3], True, "ceil"), "avgpool_v14")
    return ov.Model([result(s1, "softmax_v1/sink"), result(mp1, "maxpool_v1/sink"),
                     result(mp8.output(0), "maxpool_v8/sink"), result(ap1, "avgpool_v1/sink"),
                     result(ap14, "avgpool_v14/sink")], [x], "op_versions")


# model name -> (builder, static input shapes used for the reference run)
MODELS = {
    "mlp": (model_mlp, None),
    "cnn": (model_cnn, None),
    "elementwise": (model_elementwise, None),
    "dynamic": (model_dynamic, {"tokens": [2, 5, 8]}),
    "conv_variants": (model_conv_variants, None),
    "op_versions": (model_op_versions, None),
}


def make_input(port, shape):
    if port.get_element_type() == ov.Type.i32:
        return RNG.integers(-5, 6, size=shape).astype(np.int32)
    return RNG.uniform(-2.0, 2.0, size=shape).astype(np.float32)


def tensor_line(kind, name, array, file_name):
    dims = " ".join(str(d) for d in array.shape)
    return f"{kind} {name} {ov.Type(array.dtype).get_type_name()} {array.ndim} {dims} {file_name}".replace("  ", " ")


def stable_names(model):
    """Replaces OpenVINO's process-wide counters in automatic names ("Constant_16675") with the
    node's position, so regenerating the files changes nothing."""
    for index, node in enumerate(model.get_ordered_ops()):
        if re.fullmatch(r"[A-Za-z]+_\d+", node.get_friendly_name()):
            node.set_friendly_name(f"{node.get_type_name()}_{index}")


def write_model(core, name, builder, input_shapes):
    model = builder()
    stable_names(model)
    xml = os.path.join(OUT_DIR, name + ".xml")
    ov.save_model(model, xml, compress_to_fp16=False)
    # Run the model as read back from disk: the expected outputs belong to the files we ship.
    compiled = core.compile_model(core.read_model(xml), "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    inputs, lines = {}, []
    for i, port in enumerate(compiled.inputs):
        shape = (input_shapes or {}).get(port.get_any_name()) or list(port.get_shape())
        inputs[port.get_any_name()] = make_input(port, shape)
    results = compiled(inputs)
    for i, port in enumerate(compiled.inputs):
        array = inputs[port.get_any_name()]
        file_name = f"{name}.in.{i}.raw"
        array.astype(array.dtype.newbyteorder("<")).tofile(os.path.join(OUT_DIR, file_name))
        lines.append(tensor_line("input", port.get_any_name(), array, file_name))
    for i, port in enumerate(compiled.outputs):
        array = np.ascontiguousarray(results[port])
        file_name = f"{name}.out.{i}.raw"
        array.astype(array.dtype.newbyteorder("<")).tofile(os.path.join(OUT_DIR, file_name))
        lines.append(tensor_line("output", port.get_any_name(), array, file_name))
    with open(os.path.join(OUT_DIR, name + ".io.txt"), "w") as manifest:
        manifest.write("\n".join(lines) + "\n")


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    core = ov.Core()
    for name, (builder, shapes) in MODELS.items():
        write_model(core, name, builder, shapes)
        print("wrote", name, file=sys.stderr)


if __name__ == "__main__":
    main()
