"""Writes ResNet-50 and MobileNetV2 (f32, random weights, batch norms folded into a per-channel
bias, as converters emit them) as IR v11 with OpenVINO's Python API, for the engine benchmark.

    python make_models.py OUT_DIR
"""
import sys

import numpy as np
import openvino as ov
import openvino.opset13 as ops

rng = np.random.default_rng(0)


def conv(x, cin, cout, kernel, stride=1, groups=1, activation="relu"):
    """Convolution (grouped when groups > 1) + bias, then relu, relu6 or nothing."""
    pad = kernel // 2
    fan_in = cin // groups * kernel * kernel
    if groups == 1:
        weights = rng.standard_normal((cout, cin, kernel, kernel)) * np.sqrt(2.0 / fan_in)
        y = ops.convolution(x, ops.constant(weights.astype(np.float32)), [stride] * 2, [pad] * 2, [pad] * 2, [1, 1])
    else:
        weights = rng.standard_normal((groups, cout // groups, cin // groups, kernel, kernel)) * np.sqrt(2.0 / fan_in)
        y = ops.group_convolution(x, ops.constant(weights.astype(np.float32)), [stride] * 2, [pad] * 2, [pad] * 2,
                                  [1, 1])
    bias = (rng.standard_normal((1, cout, 1, 1)) * 0.1).astype(np.float32)
    y = ops.add(y, ops.constant(bias))
    if activation == "relu":
        y = ops.relu(y)
    elif activation == "relu6":
        y = ops.clamp(y, 0.0, 6.0)
    return y


def classifier(x, channels):
    y = ops.reduce_mean(x, ops.constant(np.array([2, 3], dtype=np.int64)), keep_dims=False)
    weights = (rng.standard_normal((channels, 1000)) * np.sqrt(1.0 / channels)).astype(np.float32)
    y = ops.add(ops.matmul(y, ops.constant(weights), False, False), ops.constant(np.zeros(1000, np.float32)))
    return ops.softmax(y, 1)


def resnet50():
    x = ops.parameter([1, 3, 224, 224], np.float32, name="image")
    y = conv(x, 3, 64, 7, 2)
    y = ops.max_pool(y, [2, 2], [1, 1], [1, 1], [1, 1], [3, 3]).output(0)
    cin = 64
    for width, blocks, stride in [(64, 3, 1), (128, 4, 2), (256, 6, 2), (512, 3, 2)]:
        for block in range(blocks):
            s = stride if block == 0 else 1
            shortcut = y if (s == 1 and cin == width * 4) else conv(y, cin, width * 4, 1, s, activation=None)
            z = conv(y, cin, width, 1)
            z = conv(z, width, width, 3, s)
            z = conv(z, width, width * 4, 1, activation=None)
            y = ops.relu(ops.add(z, shortcut))
            cin = width * 4
    return ov.Model([classifier(y, 2048)], [x], "resnet50")


def mobilenet_v2():
    x = ops.parameter([1, 3, 224, 224], np.float32, name="image")
    y = conv(x, 3, 32, 3, 2, activation="relu6")
    cin = 32
    for expansion, cout, repeats, stride in [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
                                             (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]:
        for block in range(repeats):
            s = stride if block == 0 else 1
            hidden = cin * expansion
            z = conv(y, cin, hidden, 1, activation="relu6") if expansion != 1 else y
            z = conv(z, hidden, hidden, 3, s, groups=hidden, activation="relu6")
            z = conv(z, hidden, cout, 1, activation=None)
            y = ops.add(y, z) if (s == 1 and cin == cout) else z
            cin = cout
    y = conv(y, cin, 1280, 1, activation="relu6")
    return ov.Model([classifier(y, 1280)], [x], "mobilenet_v2")


if __name__ == "__main__":
    out = sys.argv[1]
    for name, make in [("resnet50", resnet50), ("mobilenet_v2", mobilenet_v2)]:
        ov.save_model(make(), f"{out}/{name}.xml", compress_to_fp16=False)
