#!/usr/bin/env python3
"""Writes testdata/conv_pool_vectors.hpp: small convolution and pooling cases with the outputs
computed by OpenVINO's own runtime (CPU plugin, f32 inference precision), an implementation
independent of Ferry's. Each case also records the output shape and the explicit pads OpenVINO
resolved from auto_pad, so the kernel tests and the op (shape inference) tests share it.

Run: python3 -m venv /tmp/v && /tmp/v/bin/pip install numpy openvino
     /tmp/v/bin/python core/src/graph/reference/make_conv_pool_vectors.py
"""
import os

import numpy as np
import openvino as ov
import openvino.opset1 as o1
import openvino.opset8 as o8
import openvino.opset14 as o14
import openvino.opset16 as o16

RNG = np.random.default_rng(20240601)
CORE = ov.Core()


def grid_values(shape):
    # Multiples of 1/16 in [-1, 1]: exact in f16 and bf16, so low-precision runs see the same inputs.
    return (RNG.integers(-16, 17, size=shape) / 16.0).astype(np.float32)


def distinct_values(shape):
    # Pairwise distinct multiples of 1/8 (no ties: the max index is unambiguous), exact in f16.
    n = int(np.prod(shape))
    return ((RNG.permutation(n) - n // 2) / 8.0).astype(np.float32).reshape(shape)


def run(node, params, inputs):
    model = ov.Model(node.outputs(), params)
    compiled = CORE.compile_model(model, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    result = compiled(inputs)
    return [np.asarray(result[i]) for i in range(len(node.outputs()))]


CASES = []


def case(name, op, version, data_shape, weights_shape=None, kernel=None, strides=None, dilations=None,
         pads_begin=None, pads_end=None, auto_pad="explicit", rounding="floor", exclude_pad=False, axis=0,
         index_type="i64"):
    rank = len(data_shape) - 2
    strides = strides or [1] * rank
    dilations = dilations or [1] * rank
    pads_begin = pads_begin or [0] * rank
    pads_end = pads_end or [0] * rank
    param = o1.parameter(data_shape, ov.Type.f32)
    pooling = op in ("max_pool", "avg_pool")
    data = distinct_values(data_shape) if op == "max_pool" else grid_values(data_shape)
    weights = None if pooling else grid_values(weights_shape)
    if op == "conv":
        node = o1.convolution(param, weights, strides, pads_begin, pads_end, dilations, auto_pad)
    elif op == "group_conv":
        node = o1.group_convolution(param, weights, strides, pads_begin, pads_end, dilations, auto_pad)
    elif op == "max_pool" and version == "v1":
        node = o1.max_pool(param, strides, pads_begin, pads_end, kernel, rounding, auto_pad)
    elif op == "max_pool":
        opset = o8 if version == "v8" else o14
        node = opset.max_pool(param, strides, dilations, pads_begin, pads_end, kernel, rounding, auto_pad,
                              index_type, axis)
    elif version == "v16":
        node = o16.avg_pool(param, strides, pads_begin, pads_end, kernel, exclude_pad, rounding, auto_pad,
                            dilations=dilations)
    else:
        opset = {"v1": o1, "v14": o14}[version]
        node = opset.avg_pool(param, strides, pads_begin, pads_end, kernel, exclude_pad, rounding, auto_pad)
    outputs = run(node, [param], [data])
    CASES.append(dict(
        name=name, op=op, version=version, data_shape=list(data_shape),
        weights_shape=list(weights_shape) if weights_shape else list(kernel),
        out_shape=list(outputs[0].shape), strides=strides, dilations=dilations,
        pads_begin=pads_begin, pads_end=pads_end,
        resolved_pads_begin=list(node.get_pads_begin()), resolved_pads_end=list(node.get_pads_end()),
        auto_pad=auto_pad, rounding=rounding, exclude_pad=exclude_pad, axis=axis, index_type=index_type,
        data=data.ravel(), weights=None if pooling else weights.ravel(), expected=outputs[0].ravel(),
        indices=outputs[1].ravel() if len(outputs) > 1 else None))


def make_cases():
    # Convolution
    case("conv2d_basic", "conv", "v1", [1, 2, 5, 5], [3, 2, 3, 3])
    case("conv2d_stride2_asym_pads", "conv", "v1", [2, 2, 6, 5], [2, 2, 3, 2], strides=[2, 2],
         pads_begin=[1, 0], pads_end=[0, 2])
    case("conv2d_dilation2", "conv", "v1", [1, 1, 7, 6], [2, 1, 3, 3], dilations=[2, 2], pads_begin=[2, 1],
         pads_end=[2, 1])
    case("conv2d_same_upper_stride2", "conv", "v1", [1, 2, 6, 6], [2, 2, 3, 3], strides=[2, 2],
         auto_pad="same_upper")
    case("conv2d_same_lower_stride2", "conv", "v1", [1, 2, 6, 5], [1, 2, 2, 4], strides=[2, 2],
         auto_pad="same_lower")
    case("conv2d_valid_ignores_pads", "conv", "v1", [1, 1, 5, 5], [1, 1, 3, 3], pads_begin=[1, 1],
         pads_end=[1, 1], auto_pad="valid")
    case("conv1d_stride2_dilation2", "conv", "v1", [2, 3, 11], [2, 3, 3], strides=[2], dilations=[2],
         pads_begin=[1], pads_end=[2])
    case("conv3d_mixed", "conv", "v1", [1, 2, 4, 5, 4], [2, 2, 2, 3, 2], strides=[1, 2, 1], dilations=[1, 1, 2],
         pads_begin=[1, 1, 0], pads_end=[0, 1, 1])
    # GroupConvolution
    case("group_conv2d_depthwise", "group_conv", "v1", [1, 4, 5, 5], [4, 1, 1, 3, 3], pads_begin=[1, 1],
         pads_end=[1, 1])
    case("group_conv2d_two_groups_stride2", "group_conv", "v1", [2, 4, 6, 6], [2, 3, 2, 3, 3], strides=[2, 2],
         pads_begin=[1, 1], pads_end=[0, 0])
    case("group_conv1d_same_lower", "group_conv", "v1", [1, 6, 8], [3, 2, 2, 4], auto_pad="same_lower")
    case("group_conv3d_depthwise_dilation", "group_conv", "v1", [1, 2, 5, 4, 4], [2, 2, 1, 2, 2, 2],
         dilations=[2, 1, 2], pads_begin=[0, 1, 1], pads_end=[1, 0, 1])
    # MaxPool
    case("max_pool2d_v1_stride2_pad", "max_pool", "v1", [1, 2, 5, 5], kernel=[3, 3], strides=[2, 2],
         pads_begin=[1, 1], pads_end=[1, 1])
    case("max_pool2d_v1_ceil", "max_pool", "v1", [1, 1, 6, 7], kernel=[2, 3], strides=[2, 2], rounding="ceil")
    case("max_pool2d_v8_dilation_axis0", "max_pool", "v8", [2, 2, 6, 6], kernel=[2, 2], strides=[1, 2],
         dilations=[2, 2], pads_begin=[1, 0], pads_end=[0, 1], axis=0)
    case("max_pool2d_v8_same_upper_axis2_i32", "max_pool", "v8", [1, 2, 5, 4], kernel=[3, 2], strides=[2, 2],
         auto_pad="same_upper", axis=2, index_type="i32")
    case("max_pool1d_v8_same_lower_axis1", "max_pool", "v8", [2, 3, 9], kernel=[4], strides=[3],
         auto_pad="same_lower", axis=1)
    case("max_pool3d_v8_ceil_axis_neg3", "max_pool", "v8", [1, 2, 3, 5, 4], kernel=[2, 2, 2], strides=[2, 2, 2],
         dilations=[1, 2, 1], rounding="ceil", axis=-3)
    case("max_pool1d_v14_ceil", "max_pool", "v14", [1, 1, 4], kernel=[2], strides=[2], pads_end=[1],
         rounding="ceil")
    case("max_pool1d_v14_ceil_torch", "max_pool", "v14", [1, 1, 4], kernel=[2], strides=[2], pads_end=[1],
         rounding="ceil_torch")
    case("max_pool2d_v14_ceil_torch", "max_pool", "v14", [1, 2, 5, 6], kernel=[3, 2], strides=[2, 3],
         pads_begin=[1, 0], pads_end=[1, 1], rounding="ceil_torch")
    # AvgPool
    case("avg_pool2d_exclude_pad", "avg_pool", "v1", [1, 2, 5, 5], kernel=[3, 3], strides=[2, 2],
         pads_begin=[1, 1], pads_end=[1, 1], exclude_pad=True)
    case("avg_pool2d_include_pad", "avg_pool", "v1", [1, 2, 5, 5], kernel=[3, 3], strides=[2, 2],
         pads_begin=[1, 1], pads_end=[1, 1], exclude_pad=False)
    case("avg_pool2d_ceil_include_pad", "avg_pool", "v1", [1, 1, 6, 5], kernel=[3, 2], strides=[2, 2],
         pads_begin=[1, 0], pads_end=[1, 0], rounding="ceil", exclude_pad=False)
    case("avg_pool2d_ceil_exclude_pad", "avg_pool", "v1", [1, 1, 6, 5], kernel=[3, 2], strides=[2, 2],
         pads_begin=[1, 0], pads_end=[1, 0], rounding="ceil", exclude_pad=True)
    case("avg_pool2d_same_upper", "avg_pool", "v1", [2, 1, 5, 4], kernel=[2, 3], strides=[2, 1],
         auto_pad="same_upper", exclude_pad=True)
    case("avg_pool2d_same_lower_include_pad", "avg_pool", "v1", [1, 2, 4, 4], kernel=[3, 3], strides=[1, 1],
         auto_pad="same_lower", exclude_pad=False)
    case("avg_pool1d_valid", "avg_pool", "v1", [1, 2, 7], kernel=[3], strides=[2], pads_begin=[1],
         pads_end=[1], auto_pad="valid")
    case("avg_pool3d_exclude_pad", "avg_pool", "v1", [1, 1, 4, 4, 3], kernel=[2, 3, 2], strides=[2, 1, 2],
         pads_begin=[0, 1, 1], pads_end=[1, 1, 0], exclude_pad=True)
    case("avg_pool1d_v14_ceil_torch", "avg_pool", "v14", [1, 2, 4], kernel=[2], strides=[2], pads_end=[1],
         rounding="ceil_torch", exclude_pad=False)
    case("avg_pool2d_v14_ceil_torch_exclude", "avg_pool", "v14", [1, 1, 5, 6], kernel=[3, 2], strides=[2, 3],
         pads_begin=[1, 0], pads_end=[1, 1], rounding="ceil_torch", exclude_pad=True)
    # AvgPool-16 adds dilations (appended last: earlier cases keep their random inputs).
    case("avg_pool2d_v16_dilation_exclude_pad", "avg_pool", "v16", [1, 2, 7, 6], kernel=[2, 3], strides=[2, 1],
         dilations=[2, 2], pads_begin=[1, 1], pads_end=[1, 0], exclude_pad=True)
    case("avg_pool2d_v16_dilation_include_pad", "avg_pool", "v16", [1, 1, 7, 6], kernel=[3, 2], strides=[1, 2],
         dilations=[2, 3], pads_begin=[2, 1], pads_end=[1, 2], exclude_pad=False)
    case("avg_pool1d_v16_dilation_ceil_same_upper", "avg_pool", "v16", [1, 2, 9], kernel=[3], strides=[2],
         dilations=[2], auto_pad="same_upper", rounding="ceil", exclude_pad=False)
    case("avg_pool1d_v16_dilation_ceil_torch", "avg_pool", "v16", [1, 1, 8], kernel=[2], strides=[3],
         dilations=[2], pads_end=[2], rounding="ceil_torch", exclude_pad=True)


def ints(values):
    return "{" + ", ".join(str(int(v)) for v in values) + "}"


def floats(values):
    return "{" + ", ".join(repr(float(v)) + "f" for v in values) + "}"


def emit(path):
    lines = [
        "#pragma once",
        "",
        "// GENERATED by make_conv_pool_vectors.py from OpenVINO " + ov.__version__.split("-")[0] +
        " (CPU plugin, f32). Do not edit.",
        "",
        "#include <cstddef>",
        "#include <cstdint>",
        "#include <vector>",
        "",
        "namespace ferry::reference::testdata {",
        "",
        "struct ConvPoolCase {",
        "  const char* name;",
        "  const char* op;       // conv, group_conv, max_pool, avg_pool",
        "  const char* version;  // v1, v8, v14, v16",
        "  std::vector<std::size_t> data_shape;",
        "  std::vector<std::size_t> weights_shape;  // filters' shape, or the pooling kernel",
        "  std::vector<std::size_t> out_shape;",
        "  std::vector<std::size_t> strides;",
        "  std::vector<std::size_t> dilations;",
        "  std::vector<std::ptrdiff_t> pads_begin;  // as given to the op",
        "  std::vector<std::ptrdiff_t> pads_end;",
        "  std::vector<std::ptrdiff_t> resolved_pads_begin;  // after auto_pad, as OpenVINO resolved them",
        "  std::vector<std::ptrdiff_t> resolved_pads_end;",
        "  const char* auto_pad;",
        "  const char* rounding_type;",
        "  bool exclude_pad;",
        "  std::int64_t axis;",
        "  const char* index_element_type;",
        "  std::vector<float> data;",
        "  std::vector<float> weights;  // empty for pooling",
        "  std::vector<float> expected;",
        "  std::vector<std::int64_t> expected_indices;  // MaxPool-8/14 only",
        "};",
        "",
        "inline const std::vector<ConvPoolCase>& conv_pool_cases() {",
        "  static const std::vector<ConvPoolCase> cases = {",
    ]
    for c in CASES:
        fields = [
            '"%s"' % c["name"], '"%s"' % c["op"], '"%s"' % c["version"], ints(c["data_shape"]),
            ints(c["weights_shape"]), ints(c["out_shape"]), ints(c["strides"]), ints(c["dilations"]),
            ints(c["pads_begin"]), ints(c["pads_end"]), ints(c["resolved_pads_begin"]),
            ints(c["resolved_pads_end"]), '"%s"' % c["auto_pad"], '"%s"' % c["rounding"],
            "true" if c["exclude_pad"] else "false", str(c["axis"]), '"%s"' % c["index_type"],
            floats(c["data"]), floats(c["weights"]) if c["weights"] is not None else "{}",
            floats(c["expected"]), ints(c["indices"]) if c["indices"] is not None else "{}",
        ]
        lines.append("      {" + ",\n       ".join(fields) + "},")
    lines += ["  };", "  return cases;", "}", "", "}  // namespace ferry::reference::testdata", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    make_cases()
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(os.path.join(here, "testdata"), exist_ok=True)
    emit(os.path.join(here, "testdata", "conv_pool_vectors.hpp"))
    print("wrote", len(CASES), "cases")
