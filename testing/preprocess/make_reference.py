#!/usr/bin/env python3
"""Reference data for Ferry's PrePostProcessor tests (//core:preprocess_reference_data_test).

Each case builds a small model (input -> Multiply by 1 -> output), adds pre/post-processing with
OpenVINO's own PrePostProcessor, runs it on OpenVINO's CPU plugin (f32 inference precision) with
seeded inputs, and saves inputs and outputs under data/: NAME.io.txt, one line per tensor,
`input|output <index> <element type> <rank> <dims...> <file>`, and the tensors' bytes
(little-endian, row-major) in NAME.{in,out}.<i>.raw. The C++ test builds the same case with
Ferry's PrePostProcessor, runs it on TEMPLATE and compares.

    python3 -m venv /tmp/ovenv && /tmp/ovenv/bin/pip install openvino numpy
    /tmp/ovenv/bin/python testing/preprocess/make_reference.py

With --fuzz-seeds DIR, writes seeds of //core:ir_reader_fuzzer (core/src/ir/fuzz_corpus/
ferry_preprocess_*) from the Ferry-written IRs in DIR (see below).

With --check-ferry-ir DIR, instead reads every NAME.xml in DIR (the preprocessed models that
//core:preprocess_reference_data_test saves with Ferry's IR writer into its undeclared outputs)
with OpenVINO, runs them on CPU with the stored inputs and compares with the stored outputs.
"""
import os
import struct
import sys

import numpy as np
import openvino as ov
import openvino.opset8 as ops
from openvino.preprocess import ColorFormat, PaddingMode, PrePostProcessor, ResizeAlgorithm

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
TYPES = {ov.Type.f32: ("f32", np.float32), ov.Type.u8: ("u8", np.uint8), ov.Type.f16: ("f16", np.float16)}
NUMPY_TYPES = {name: dtype for name, dtype in TYPES.values()}
RNG = np.random.default_rng(20261126)


def model(shape, element_type=ov.Type.f32):
    data = ops.parameter(shape, element_type, name="input")
    data.output(0).set_names({"input"})
    one = ops.constant(np.ones((), dtype=TYPES[element_type][1]))
    out = ops.multiply(data, one)
    out.output(0).set_names({"output"})
    return ov.Model([out], [data], "preprocess_case")


def yuv_case(element_type, fmt, sub_names, dst, model_layout=None, memory_type=None):
    """A YUV image of element_type converted to dst; the model's layout when given, the planes' memory type."""
    def build(p):
        tensor = p.input().tensor().set_element_type(element_type).set_color_format(fmt, sub_names)
        if memory_type:
            tensor.set_memory_type(memory_type)
        p.input().preprocess().convert_color(dst)
        if model_layout:
            p.input().model().set_layout(ov.Layout(model_layout))
    return build


def build_nv12_u8_convert_resize_mean_scale(p):
    # The seed page's pipeline: NV12 u8 frame -> BGR -> f32 -> resized -> normalised -> NCHW.
    p.input().tensor().set_element_type(ov.Type.u8).set_color_format(ColorFormat.NV12_TWO_PLANES, ["y", "uv"]) \
        .set_spatial_static_shape(8, 10)
    p.input().preprocess().convert_color(ColorFormat.BGR).convert_element_type(ov.Type.f32) \
        .resize(ResizeAlgorithm.RESIZE_LINEAR).mean([100.0, 110.0, 120.0]).scale([50.0, 60.0, 70.0])
    p.input().model().set_layout(ov.Layout("NCHW"))


def resize_builder(algorithm, height, width):
    def build(p):
        p.input().tensor().set_layout(ov.Layout("NHWC")).set_spatial_static_shape(height, width)
        p.input().preprocess().resize(algorithm)
        p.input().model().set_layout(ov.Layout("NCHW"))
    return build


def build_resize_explicit_size(p):
    p.input().tensor().set_layout(ov.Layout("NCHW")).set_shape([1, 2, 5, 7])
    p.input().preprocess().resize(ResizeAlgorithm.RESIZE_LINEAR, 3, 4)


def build_u8_mean_scale_reverse_channels(p):
    p.input().tensor().set_element_type(ov.Type.u8).set_layout(ov.Layout("NHWC"))
    p.input().preprocess().convert_element_type(ov.Type.f32).mean([1.0, 2.0, 3.0]).scale([2.0, 4.0, 8.0]) \
        .reverse_channels()
    p.input().model().set_layout(ov.Layout("NCHW"))


def build_scalar_mean_scale(p):
    p.input().preprocess().mean(0.5).scale(0.25)


def build_bgrx_to_rgb(p):
    p.input().tensor().set_element_type(ov.Type.u8).set_color_format(ColorFormat.BGRX)
    p.input().preprocess().convert_color(ColorFormat.RGB).convert_element_type(ov.Type.f32)


def build_rgb_to_gray_u8(p):
    p.input().tensor().set_color_format(ColorFormat.RGB)
    p.input().preprocess().convert_color(ColorFormat.GRAY)


def build_bgr_to_gray_f32(p):
    p.input().tensor().set_color_format(ColorFormat.BGR)
    p.input().preprocess().convert_color(ColorFormat.GRAY)


def build_rgb_to_bgr_nchw(p):
    p.input().tensor().set_color_format(ColorFormat.RGB).set_layout(ov.Layout("NCHW"))
    p.input().preprocess().convert_color(ColorFormat.BGR)
    p.input().model().set_layout(ov.Layout("NCHW"))


def build_convert_layout_by_dims(p):
    p.input().tensor().set_shape([1, 4, 6, 3])
    p.input().preprocess().convert_layout([0, 3, 1, 2])


def build_crop(p):
    p.input().tensor().set_shape([1, 3, 7, 9])
    p.input().preprocess().crop([0, 0, 1, 2], [1, 3, 5, -1])


def build_pad_constant(p):
    p.input().tensor().set_shape([1, 3, 2, 3])
    p.input().preprocess().pad([0, 0, 1, 2], [0, 0, 1, 1], 0.5, PaddingMode.CONSTANT)


def build_pad_reflect(p):
    p.input().tensor().set_shape([1, 3, 2, 3])
    p.input().preprocess().pad([0, 0, 1, 2], [0, 0, 1, 1], 0.0, PaddingMode.REFLECT)


def build_postprocess_layout_and_type(p):
    p.output().model().set_layout(ov.Layout("NCHW"))
    p.output().tensor().set_layout(ov.Layout("NHWC")).set_element_type(ov.Type.f16)


def build_postprocess_steps(p):
    p.output().postprocess().convert_element_type(ov.Type.u8).convert_layout([0, 2, 3, 1])


# name -> (model input shape, model element type, builder); the C++ test holds the same list.
CASES = {
    "nv12_two_planes_bgr_nchw": ([1, 3, 4, 6], ov.Type.f32, yuv_case(ov.Type.u8, ColorFormat.NV12_TWO_PLANES, ["y", "uv"], ColorFormat.BGR, "NCHW", "GPU_SURFACE")),
    "nv12_single_plane_rgb_f32": ([1, 4, 6, 3], ov.Type.f32, yuv_case(ov.Type.f32, ColorFormat.NV12_SINGLE_PLANE, [], ColorFormat.RGB)),
    "i420_three_planes_rgb_nchw": ([1, 3, 6, 4], ov.Type.f32, yuv_case(ov.Type.u8, ColorFormat.I420_THREE_PLANES, ["y", "u", "v"], ColorFormat.RGB, "NCHW")),
    "i420_single_plane_bgr": ([1, 4, 6, 3], ov.Type.u8, yuv_case(ov.Type.u8, ColorFormat.I420_SINGLE_PLANE, [], ColorFormat.BGR)),
    "nv12_batch2_unnamed_planes_f32": ([2, 2, 4, 3], ov.Type.f32, yuv_case(ov.Type.f32, ColorFormat.NV12_TWO_PLANES, [], ColorFormat.RGB)),
    "nv12_u8_convert_resize_mean_scale": ([1, 3, 4, 6], ov.Type.f32, build_nv12_u8_convert_resize_mean_scale),
    "resize_linear_down": ([1, 3, 4, 6], ov.Type.f32, resize_builder(ResizeAlgorithm.RESIZE_LINEAR, 7, 9)),
    "resize_linear_up": ([1, 2, 6, 7], ov.Type.f32, resize_builder(ResizeAlgorithm.RESIZE_LINEAR, 3, 4)),
    "resize_nearest": ([1, 2, 7, 5], ov.Type.f32, resize_builder(ResizeAlgorithm.RESIZE_NEAREST, 3, 4)),
    "resize_cubic": ([1, 2, 5, 6], ov.Type.f32, resize_builder(ResizeAlgorithm.RESIZE_CUBIC, 4, 9)),
    "resize_bilinear_pillow": ([1, 2, 4, 5], ov.Type.f32, resize_builder(ResizeAlgorithm.RESIZE_BILINEAR_PILLOW, 9, 7)),
    "resize_bicubic_pillow": ([1, 2, 6, 4], ov.Type.f32, resize_builder(ResizeAlgorithm.RESIZE_BICUBIC_PILLOW, 4, 9)),
    "resize_explicit_size": ([1, 2, 3, 4], ov.Type.f32, build_resize_explicit_size),
    "u8_mean_scale_reverse_channels": ([1, 3, 4, 5], ov.Type.f32, build_u8_mean_scale_reverse_channels),
    "scalar_mean_scale": ([1, 2, 3, 4], ov.Type.f32, build_scalar_mean_scale),
    "bgrx_to_rgb": ([1, 3, 5, 3], ov.Type.f32, build_bgrx_to_rgb),
    "rgb_to_gray_u8": ([1, 4, 6, 1], ov.Type.u8, build_rgb_to_gray_u8),
    "bgr_to_gray_f32": ([1, 3, 5, 1], ov.Type.f32, build_bgr_to_gray_f32),
    "rgb_to_bgr_nchw": ([1, 3, 2, 5], ov.Type.f32, build_rgb_to_bgr_nchw),
    "convert_layout_by_dims": ([1, 3, 4, 6], ov.Type.f32, build_convert_layout_by_dims),
    "crop": ([1, 3, 4, 6], ov.Type.f32, build_crop),
    "pad_constant": ([1, 3, 4, 6], ov.Type.f32, build_pad_constant),
    "pad_reflect": ([1, 3, 4, 6], ov.Type.f32, build_pad_reflect),
    "postprocess_layout_and_type": ([1, 3, 2, 4], ov.Type.f32, build_postprocess_layout_and_type),
    "postprocess_steps": ([1, 3, 2, 4], ov.Type.f32, build_postprocess_steps),
}


def random_tensor(element_type, shape):
    if element_type == ov.Type.u8:
        return RNG.integers(0, 256, size=shape, dtype=np.uint8)
    if element_type == ov.Type.f32:
        # Pixel-like values, kept on a 1/8 grid so every path sees the same inputs exactly.
        return (RNG.integers(0, 256 * 8, size=shape) / 8.0).astype(np.float32)
    raise ValueError(element_type)


def write_tensor(manifest, kind, index, name, array):
    type_name = {np.dtype(np.float32): "f32", np.dtype(np.uint8): "u8", np.dtype(np.float16): "f16"}[array.dtype]
    array.astype(array.dtype.newbyteorder("<")).tofile(os.path.join(DATA, name))
    dims = " ".join(str(d) for d in array.shape)
    manifest.write(f"{kind} {index} {type_name} {array.ndim} {dims} {name}\n")


def preprocessed(shape, element_type, build):
    m = model(shape, element_type)
    p = PrePostProcessor(m)
    build(p)
    return p.build()


def make(name, shape, element_type, build):
    m = preprocessed(shape, element_type, build)
    compiled = ov.Core().compile_model(m, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
    inputs = [random_tensor(param.get_element_type(), list(param.get_shape())) for param in m.get_parameters()]
    outputs = compiled(inputs)
    with open(os.path.join(DATA, name + ".io.txt"), "w") as manifest:
        for i, array in enumerate(inputs):
            write_tensor(manifest, "input", i, array=array, name=f"{name}.in.{i}.raw")
        for i in range(len(m.outputs)):
            write_tensor(manifest, "output", i, array=np.asarray(outputs[i]), name=f"{name}.out.{i}.raw")


def read_manifest(name):
    tensors = []
    with open(os.path.join(DATA, name + ".io.txt")) as manifest:
        for line in manifest:
            fields = line.split()
            kind, rank = fields[0], int(fields[3])
            shape = [int(d) for d in fields[4:4 + rank]]
            dtype = np.dtype(NUMPY_TYPES[fields[2]]).newbyteorder("<")
            tensors.append((kind, np.fromfile(os.path.join(DATA, fields[4 + rank]), dtype=dtype).reshape(shape)))
    return tensors


def check_ferry_ir(directory):
    core = ov.Core()
    names = sorted(f[:-4] for f in os.listdir(directory) if f.endswith(".xml"))
    if not names:
        sys.exit(f"no .xml files in {directory}")
    failures = 0
    for name in names:
        compiled = core.compile_model(core.read_model(os.path.join(directory, name + ".xml")), "CPU",
                                      {"INFERENCE_PRECISION_HINT": "f32"})
        # The inputs as OpenVINO reads them from Ferry's IR and as its own PrePostProcessor makes them.
        ferry_model = core.read_model(os.path.join(directory, name + ".xml"))
        shape, element_type, build = CASES[name]
        for ours, theirs in zip(ferry_model.get_parameters(), preprocessed(shape, element_type, build).get_parameters()):
            same = (ours.get_partial_shape() == theirs.get_partial_shape()
                    and ours.get_element_type() == theirs.get_element_type()
                    and str(ours.get_layout()) == str(theirs.get_layout())
                    and ours.output(0).get_names() == theirs.output(0).get_names()
                    and sorted(ours.output(0).get_rt_info().keys()) == sorted(theirs.output(0).get_rt_info().keys()))
            print(f"{name} input {ours.get_friendly_name()}: {'same' if same else 'DIFFERENT'} as OpenVINO's")
            failures += not same
        tensors = read_manifest(name)
        results = compiled([t for kind, t in tensors if kind == "input"])
        expected = [t for kind, t in tensors if kind == "output"]
        for i, want in enumerate(expected):
            got = np.asarray(results[i])
            ok = got.shape == want.shape and np.allclose(got.astype(np.float64), want.astype(np.float64), atol=1e-3)
            print(f"{name} output {i}: {'ok' if ok else 'MISMATCH'}")
            failures += not ok
    print(f"{len(names)} Ferry-written IRs read and run by OpenVINO {ov.__version__}; {failures} mismatches "
          "(outputs, and inputs' shapes, types, layouts, names and rt_info keys)")
    sys.exit(1 if failures else 0)


# Fuzz seed name -> the case whose Ferry-written IR it holds.
FUZZ_SEEDS = {
    "ferry_preprocess_nv12_two_planes": "nv12_u8_convert_resize_mean_scale",
    "ferry_preprocess_i420_single_plane": "i420_single_plane_bgr",
    "ferry_preprocess_gray": "rgb_to_gray_u8",
}


def write_fuzz_seeds(directory):
    # The fuzzer's input: 4 bytes little-endian XML length, the XML, then the .bin bytes.
    corpus = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                          "core", "src", "ir", "fuzz_corpus")
    for seed, case in FUZZ_SEEDS.items():
        with open(os.path.join(directory, case + ".xml"), "rb") as xml, \
                open(os.path.join(directory, case + ".bin"), "rb") as weights:
            data = xml.read()
            with open(os.path.join(corpus, seed), "wb") as out:
                out.write(struct.pack("<I", len(data)) + data + weights.read())


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--fuzz-seeds":
        write_fuzz_seeds(sys.argv[2])
        return
    if len(sys.argv) == 3 and sys.argv[1] == "--check-ferry-ir":
        check_ferry_ir(sys.argv[2])
        return
    os.makedirs(DATA, exist_ok=True)
    for name, (shape, element_type, build) in CASES.items():
        make(name, shape, element_type, build)
    print(f"{len(CASES)} cases written to {DATA} with OpenVINO {ov.__version__}")


if __name__ == "__main__":
    main()
