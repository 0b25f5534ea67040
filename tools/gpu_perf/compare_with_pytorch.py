#!/usr/bin/env python3
"""Ferry's GPU plugin against PyTorch on the same GPU, in the same run (docs/PERFORMANCE.md).

For each case the model is built in PyTorch with seeded random weights (fp32, eval mode, TF32
off for matmuls and cuDNN), timed there with eager execution, exported to ONNX (opset 17, static
shapes), then timed in Ferry with gpu_model_bench on the same input, whose output is compared
with PyTorch's: |ferry - torch| <= rtol * |torch| + atol * max|torch| element-wise.

Latency is the median wall-clock time of one synchronous inference (PyTorch: the forward pass
and torch.cuda.synchronize(); Ferry: InferRequest::infer(), host input and output included, as
an application sees it, profiling off). Throughput for batch B is B / latency. "Ferry kernels" is
the sum of the device times of Ferry's kernels per inference (a second run with PERF_COUNT, from
OpenCL events): the same work without
the host-to-device and device-to-host copies of inputs and outputs that PyTorch's timing, with
its tensors already on the GPU, does not include.

Usage: compare_with_pytorch.py --bench=PATH/gpu_model_bench --work=DIR
         [--cases=matmul4096,resnet50_b1,resnet50_b32,mobilenet_v2_b1,mobilenet_v2_b32]
         [--iterations=50] [--device=GPU] [--precision=f32|f16] [--rtol=R] [--atol=A] [--report=FILE.md]
--precision=f16 compiles Ferry's model with INFERENCE_PRECISION_HINT f16 (PyTorch stays fp32, the
reference); its default tolerances are rtol 3e-2, atol 3e-2 instead of f32's 1e-3 and 1e-5.
Needs torch and torchvision with CUDA (the device machine has them).
"""
import argparse
import os
import re
import subprocess
import sys
import time

import numpy as np
import torch

SEED = 20261122


class MatMulModel(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(n, n) / n ** 0.5)

    def forward(self, x):
        return x @ self.weight


def make_case(name):
    """(module, input, flops per inference, batch) for a case name."""
    torch.manual_seed(SEED)
    if name.startswith("matmul"):
        n = int(name[len("matmul"):])
        return MatMulModel(n), torch.randn(n, n), 2.0 * n ** 3, 1
    import torchvision
    model_name, batch = re.fullmatch(r"(\w+?)_b(\d+)", name).groups()
    batch = int(batch)
    module = getattr(torchvision.models, model_name)(weights=None)
    flops = {"resnet50": 8.2e9, "mobilenet_v2": 0.6e9}[model_name] * batch  # 2 x multiply-adds
    return module, torch.randn(batch, 3, 224, 224), flops, batch


def time_torch(module, x, iterations):
    with torch.no_grad():
        for _ in range(10):
            module(x)
        torch.cuda.synchronize()
        times = []
        for _ in range(iterations):
            start = time.perf_counter()
            module(x)
            torch.cuda.synchronize()
            times.append((time.perf_counter() - start) * 1e3)
        return float(np.median(times)), module(x).float().cpu().numpy()


def run_ferry(bench, model_file, input_file, output_file, device, iterations, precision):
    """(wall-clock latency ms, device kernel time ms): two runs, since PERF_COUNT's events add
    host work to every kernel launch and would inflate the wall-clock figure."""
    def bench_run(*extra):
        command = [bench, f"--model={model_file}", f"--device={device}", f"--input={input_file}",
                   f"--iterations={iterations}", "--warmup=5", f"--precision={precision}", *extra]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
        print(result.stdout.strip(), flush=True)
        return result.stdout

    latency = float(re.search(r"latency median ([0-9.e+-]+) ms", bench_run(f"--output={output_file}")).group(1))
    device = float(re.search(r"device time median ([0-9.e+-]+) ms", bench_run("--perf_count=1")).group(1))
    return latency, device


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bench", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--cases", default="matmul4096,resnet50_b1,resnet50_b32,mobilenet_v2_b1,mobilenet_v2_b32")
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--device", default="GPU")
    parser.add_argument("--precision", default="f32", choices=["f32", "f16"])
    parser.add_argument("--rtol", type=float)
    parser.add_argument("--atol", type=float)
    parser.add_argument("--report")
    args = parser.parse_args()
    f16 = args.precision == "f16"
    args.rtol = args.rtol if args.rtol is not None else (3e-2 if f16 else 1e-3)
    args.atol = args.atol if args.atol is not None else (3e-2 if f16 else 1e-5)
    os.makedirs(args.work, exist_ok=True)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    print(f"GPU: {torch.cuda.get_device_name(0)}; torch {torch.__version__}", flush=True)

    rows = ["| case | PyTorch ms | Ferry ms | Ferry / PyTorch speed | PyTorch | Ferry | Ferry kernels ms | Ferry kernels "
            "| max error / max abs | match |",
            "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    failures = 0
    for name in args.cases.split(","):
        module, x, flops, batch = make_case(name)
        module = module.eval()
        model_file = os.path.join(args.work, name + ".onnx")
        torch.onnx.export(module, (x,), model_file, input_names=["x"], output_names=["y"], opset_version=17,
                          dynamo=False)
        input_file = os.path.join(args.work, name + ".in.bin")
        output_file = os.path.join(args.work, name + ".out.bin")
        x.numpy().astype(np.float32).tofile(input_file)
        torch_ms, expected = time_torch(module.cuda(), x.cuda(), args.iterations)
        try:
            ferry_ms, kernels_ms = run_ferry(args.bench, model_file, input_file, output_file, args.device, args.iterations,
                                           args.precision)
        except RuntimeError as error:
            print(error, flush=True)
            rows.append(f"| {name} ({args.precision}) | {torch_ms:.3f} | failed | | | | | | | no |")
            failures += 1
            continue
        actual = np.fromfile(output_file, dtype=np.float32).reshape(expected.shape)
        scale = float(np.abs(expected).max())
        error = float(np.abs(actual - expected).max()) / scale
        close = bool(np.all(np.abs(actual - expected) <= args.rtol * np.abs(expected) + args.atol * scale))
        failures += 0 if close else 1
        if name.startswith("matmul"):
            rate = lambda ms: f"{flops / ms / 1e9:.1f} TFLOP/s"
        else:
            rate = lambda ms: f"{batch / ms * 1e3:.0f} img/s"
        rows.append(f"| {name} ({args.precision}) | {torch_ms:.3f} | {ferry_ms:.3f} | {torch_ms / ferry_ms:.2f} | {rate(torch_ms)} | "
                    f"{rate(ferry_ms)} | {kernels_ms:.3f} | {rate(kernels_ms)} | {error:.1e} | {'yes' if close else 'NO'} |")
        print(rows[-1], flush=True)
    report = "\n".join(rows)
    print(report)
    if args.report:
        with open(args.report, "w") as out:
            out.write(report + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
