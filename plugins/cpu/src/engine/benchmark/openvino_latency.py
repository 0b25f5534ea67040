"""Median latency of OpenVINO's CPU plugin on an IR at a batch (f32 inference precision).

    python openvino_latency.py MODEL.xml BATCH ITERATIONS   -> prints {"latency_ms", "fps"} as JSON
"""
import json
import sys
import time

import numpy as np
import openvino as ov

path, batch, iterations = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
core = ov.Core()
model = core.read_model(path)
shape = model.input(0).get_partial_shape()
shape[0] = batch
model.reshape(shape)
compiled = core.compile_model(model, "CPU", {"INFERENCE_PRECISION_HINT": "f32", "PERFORMANCE_HINT": "LATENCY"})
request = compiled.create_infer_request()
data = np.random.default_rng(1).uniform(-1, 1, shape.to_shape()).astype(np.float32)
request.infer({0: data})
times = []
for _ in range(iterations):
    start = time.perf_counter()
    request.infer({0: data})
    times.append((time.perf_counter() - start) * 1000)
median = sorted(times)[len(times) // 2]
print(json.dumps({"latency_ms": round(median, 2), "fps": round(1000 * batch / median, 1)}))
