#!/usr/bin/env python3
"""onnxruntime's latency on an ONNX model, for tools/cpu_perf/compare_with_openvino.sh.

    onnxruntime_latency.py MODEL.onnx BATCH SECONDS [SEQUENCE]

Inputs: f32 ones are uniform in [-1, 1); int64 ones (token ids, masks) are ones, the sequence
SEQUENCE long (default 128) for a [batch, sequence] input. Runs once to warm up, then for SECONDS;
prints {"latency_ms": median, "fps": batch * 1000 / median} as JSON. Default session options:
all physical cores, as onnxruntime's users get it.
"""
import json
import sys
import time

import numpy as np
import onnxruntime as ort


def make_input(arg, batch, sequence, rng):
    dims = [batch if i == 0 else (d if isinstance(d, int) else sequence) for i, d in enumerate(arg.shape)]
    if arg.type == "tensor(int64)":
        return np.ones(dims, dtype=np.int64)
    return rng.uniform(-1, 1, dims).astype(np.float32)


def main():
    model, batch, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    sequence = int(sys.argv[4]) if len(sys.argv) > 4 else 128
    session = ort.InferenceSession(model, providers=["CPUExecutionProvider"])
    rng = np.random.default_rng(1)
    feeds = {arg.name: make_input(arg, batch, sequence, rng) for arg in session.get_inputs()}
    session.run(None, feeds)
    latencies = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end or len(latencies) < 5:
        start = time.perf_counter()
        session.run(None, feeds)
        latencies.append((time.perf_counter() - start) * 1000)
    median = float(np.median(latencies))
    print(json.dumps({"latency_ms": median, "fps": batch * 1000.0 / median}))


if __name__ == "__main__":
    main()
