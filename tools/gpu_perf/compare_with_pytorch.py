#!/usr/bin/env python3
"""Ferry's GPU plugin against PyTorch's fastest configuration on the same GPU, in the same run
(docs/PERFORMANCE.md).

For each case the model is built in PyTorch with seeded random weights (fp32, eval mode, TF32 off
for matmuls and cuDNN, torch.no_grad()), timed there in several configurations ("modes"), exported
to ONNX (opset 17, static shapes), then timed in Ferry with gpu_model_bench on the same input in
several I/O modes. Every output is compared with PyTorch eager's (cudnn.benchmark off, one extra
forward pass): |out - ref| <= rtol * |ref| + atol * max|ref| element-wise.

Latency is always the median wall-clock time of one synchronous inference over --iterations timed
runs after warm-up; throughput for batch B is B / latency. PyTorch's input is already on the GPU;
a timed run is the call and torch.cuda.synchronize(), after 10 untimed calls (which also run cuDNN's
algorithm search and torch.compile's compile). PyTorch modes (--torch_modes), all under
torch.no_grad():
  eager                     module(x), cudnn.benchmark off.
  eager+cudnn.benchmark     module(x), cudnn.benchmark on.
  cuda_graph                cudnn.benchmark on; 3 passes on a side stream, then one forward pass on
                            a static copy of the input captured with torch.cuda.graph (a
                            torch.cuda.CUDAGraph, captured on its own side stream); a call is
                            graph.replay().
  torch.compile             cudnn.benchmark on; torch.compile(module, mode=--compile_mode,
                            dynamic=False), without CUDA graphs.
  torch.compile+cuda_graph  that compiled module captured in a CUDA graph as in cuda_graph.
A mode that raises (a failed compile or capture, say) is reported as "failed: <reason>", with the
whole message below the table; one whose output is not within tolerance of eager's as "mismatch".
"best PyTorch" is the fastest mode that ran and matched.

Ferry (--ferry_io) is timed with gpu_model_bench: InferRequest::infer() after 5 warm-ups,
profiling off, in these I/O modes (its --io flag):
  pageable  inputs and outputs in ordinary host tensors: each inference copies the input to the GPU
            and the output back;
  host      the same in pinned host tensors from RemoteContext::create_host_tensor;
  remote    in device buffers of the compiled model's context, uploaded once before timing: no
            copies in the timed inference, as PyTorch's.
Each mode writes the output (--output), which is compared with eager's ("output not checked" if
the bench wrote none). A binary without --io (it rejects the
flag, or accepts an invalid value) is run once without it, pageable, and the report says so.
"Ferry kernels" is the median sum of Ferry's kernels' device times per inference, from a separate
run with PERF_COUNT (OpenCL events): the GPU work alone, without copies or host overhead.
The speed-up column is best PyTorch's latency / that of Ferry's fastest I/O mode (>1: Ferry
faster; a Ferry mode whose output did not match still counts: the match column says so).

The bus: before the cases, PyTorch times pinned host <-> device copies of BUS_BYTES (tensor.copy_
between a pin_memory() host tensor and a device tensor, then synchronize; median of --iterations),
each direction: the bus's pinned bandwidth. Per case it times the same copies of the case's
input (to the device) and output (back), and Ferry's "host" mode gets a budget: kernels ms +
input bytes / (0.8 x host-to-device bandwidth) + output bytes / (0.8 x device-to-host bandwidth),
i.e. the kernels plus the transfers at 80% of the bus's pinned bandwidth.

Usage: compare_with_pytorch.py --bench=PATH/gpu_model_bench --work=DIR
         [--cases=matmul4096,resnet50_b1,resnet50_b32,mobilenet_v2_b1,mobilenet_v2_b32]
         [--torch_modes=eager,eager+cudnn.benchmark,cuda_graph,torch.compile,torch.compile+cuda_graph]
         [--compile_mode=default|max-autotune-no-cudagraphs] [--ferry_io=pageable,host,remote]
         [--iterations=50] [--device=GPU] [--precision=f32|f16] [--rtol=R] [--atol=A] [--report=FILE.md]
--bench: the gpu_model_bench binary; --work: where the ONNX models, inputs and outputs go.
--cases: matmulN (an NxN by NxN product) or <torchvision model>_b<batch> (resnet50_b32 and so on,
  torchvision's weights=None).
--torch_modes: the PyTorch modes above, in this order by default; leave out the torch.compile ones
  for a short run (each compiles once per case; the compile is shared by both).
--compile_mode: torch.compile's mode ("default": none given); max-autotune-no-cudagraphs searches
  kernel configurations and takes minutes per model.
--ferry_io: Ferry's I/O modes above; pageable alone runs without --io (any gpu_model_bench).
--iterations: timed runs per mode. --device: Ferry's device name.
--precision=f16 compiles Ferry's model with INFERENCE_PRECISION_HINT f16 (PyTorch stays fp32, the
reference); its default tolerances are rtol 3e-2, atol 3e-2 instead of f32's 1e-3 and 1e-5. The
tolerance (--rtol, --atol) applies to PyTorch's modes too.
--report: the markdown table and notes (rewritten after each case); the log goes to stdout.
Exit code 1 when a Ferry run failed or a Ferry output did not match; PyTorch modes that fail or
mismatch are reported only. Needs torch and torchvision with CUDA (the device machine has them).
"""
import argparse
import os
import re
import sys
import time
import traceback

import numpy as np
import torch

import compare_report
import ferry_bench

SEED = 20261122
CASES = "matmul4096,resnet50_b1,resnet50_b32,mobilenet_v2_b1,mobilenet_v2_b32"
WARMUP = 10
GRAPH_WARMUP = 3
BUS_BYTES = 256 << 20


class MatMulModel(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = torch.nn.Parameter(torch.randn(n, n) / n ** 0.5)

    def forward(self, x):
        return x @ self.weight


def make_case(name):
    """(module, input, unit, work per inference) for a case name: see compare_report.rate."""
    torch.manual_seed(SEED)
    if name.startswith("matmul"):
        n = int(name[len("matmul"):])
        return MatMulModel(n), torch.randn(n, n), "TFLOP/s", 2.0 * n ** 3
    import torchvision
    model_name, batch = re.fullmatch(r"(\w+?)_b(\d+)", name).groups()
    module = getattr(torchvision.models, model_name)(weights=None)
    return module, torch.randn(int(batch), 3, 224, 224), "img/s", int(batch)


class TorchCase:
    """A case's module (eval mode) and input on the GPU; the torch.compile of the module is made on
    first use and shared by the modes that use it, and so is a failure to compile."""

    def __init__(self, module, x, compile_mode):
        self.module, self.x = module.cuda().eval(), x.cuda()
        self.compile_mode = None if compile_mode == "default" else compile_mode
        self._compiled = self._compile_error = None

    def compiled(self):
        if self._compiled is None and self._compile_error is None:
            torch.compiler.reset()  # no guards or dynamic shapes carried over from an earlier case
            compiled = torch.compile(self.module, mode=self.compile_mode, dynamic=False)
            try:
                compiled(self.x)  # torch.compile compiles on the first call
                self._compiled = compiled
            except Exception as error:
                self._compile_error = error
        if self._compile_error is not None:
            raise self._compile_error
        return self._compiled


def capture_cuda_graph(forward, x):
    """A function that replays one forward pass on a static copy of x, captured in a CUDA graph
    after warm-up passes on a side stream (lazy initialisation must not happen during capture)."""
    static_x = x.clone()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(GRAPH_WARMUP):
            forward(static_x)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static_y = forward(static_x)

    def replay():
        graph.replay()
        return static_y
    return replay


# One function per PyTorch mode: it sets the mode up and returns the forward pass to time.
def eager(case):
    torch.backends.cudnn.benchmark = False
    return lambda: case.module(case.x)


def eager_cudnn_benchmark(case):
    torch.backends.cudnn.benchmark = True
    return lambda: case.module(case.x)


def cuda_graph(case):
    torch.backends.cudnn.benchmark = True
    return capture_cuda_graph(case.module, case.x)


def torch_compile(case):
    torch.backends.cudnn.benchmark = True
    module = case.compiled()
    return lambda: module(case.x)


def torch_compile_cuda_graph(case):
    torch.backends.cudnn.benchmark = True
    return capture_cuda_graph(case.compiled(), case.x)


TORCH_MODES = {"eager": eager, "eager+cudnn.benchmark": eager_cudnn_benchmark, "cuda_graph": cuda_graph,
               "torch.compile": torch_compile, "torch.compile+cuda_graph": torch_compile_cuda_graph}


def median_ms(forward, iterations):
    """(median ms of forward() + synchronize after WARMUP calls, the last output on the host)."""
    for _ in range(WARMUP):
        forward()
    torch.cuda.synchronize()
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        forward()
        torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1e3)
    return float(np.median(times)), forward().float().cpu().numpy()


def pinned_copy_ms(nbytes, to_device, iterations):
    """Median ms of one copy of nbytes between pinned host memory and the device, synchronised."""
    host = torch.empty(nbytes, dtype=torch.uint8).pin_memory()
    device = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
    source, target = (host, device) if to_device else (device, host)
    times = []
    for run in range(WARMUP + iterations):
        start = time.perf_counter()
        target.copy_(source, non_blocking=True)
        torch.cuda.synchronize()
        if run >= WARMUP:
            times.append((time.perf_counter() - start) * 1e3)
    return float(np.median(times))


def bus_bandwidth(iterations):
    """{"h2d_gbps", "d2h_gbps"}: pinned copies of BUS_BYTES each way, in GB/s (1e9 bytes)."""
    bus = {f"{name}_gbps": BUS_BYTES / pinned_copy_ms(BUS_BYTES, to_device, iterations) / 1e6
           for name, to_device in (("h2d", True), ("d2h", False))}
    print(f"bus (PyTorch pinned copies of {BUS_BYTES >> 20} MiB): host to device {bus['h2d_gbps']:.1f} GB/s, "
          f"device to host {bus['d2h_gbps']:.1f} GB/s", flush=True)
    return bus


def case_transfers(input_bytes, output_bytes, iterations):
    """The case's I/O bytes and PyTorch's pinned copy time of them (input in, output back)."""
    ms = pinned_copy_ms(input_bytes, True, iterations) + pinned_copy_ms(output_bytes, False, iterations)
    return {"in_bytes": input_bytes, "out_bytes": output_bytes, "torch_copy_ms": ms}


def compare(actual, expected, rtol, atol):
    """(max |actual - expected| / max |expected|, whether every element is within tolerance)."""
    scale = float(np.abs(expected).max())
    difference = np.abs(actual - expected)
    error = float(difference.max()) / scale if scale else float(difference.max())
    return error, bool(np.all(difference <= rtol * np.abs(expected) + atol * scale))


def eager_reference(case):
    """Eager's output (cudnn.benchmark off), the reference every mode and Ferry is compared with."""
    torch.backends.cudnn.benchmark = False
    with torch.no_grad():
        return case.module(case.x).float().cpu().numpy()


def time_torch_mode(mode, case, reference, args):
    """A compare_report result for one PyTorch mode; an exception becomes a "failed" result."""
    try:
        with torch.no_grad():
            ms, output = median_ms(TORCH_MODES[mode](case), args.iterations)
    except Exception as error:  # a compile or capture failure is reported, not fatal
        traceback.print_exc()
        return {"failed": compare_report.short_reason(error),
                "detail": compare_report.one_line(f"{type(error).__name__}: {error}")}
    finally:
        torch.backends.cudnn.benchmark = False
    error, match = compare(output, reference, args.rtol, args.atol)
    print(f"PyTorch {mode}: {ms:.3f} ms, max error / max abs {error:.1e}{'' if match else ' MISMATCH'}", flush=True)
    return {"ms": ms, "error": error, "match": match}


def time_torch(module, x, args):
    """(eager's output, the reference; {PyTorch mode: result}) for module (moved to the GPU) on x."""
    case = TorchCase(module, x, args.compile_mode)
    reference = eager_reference(case)
    return reference, {mode: time_torch_mode(mode, case, reference, args) for mode in args.torch_modes}


def check_ferry_output(result, output_file, reference, rtol, atol):
    """result with "error" and "match" from the output file (None, None when none was written)."""
    if "failed" in result:
        return result
    if not os.path.exists(output_file):
        return {**result, "error": None, "match": None}
    actual = np.fromfile(output_file, dtype=np.float32)
    if actual.size != reference.size:
        return {**result, "error": None, "match": False}
    error, match = compare(actual.reshape(reference.shape), reference, rtol, atol)
    return {**result, "error": error, "match": match}


def time_ferry(args, name, model_file, input_file, io_modes, io_flag, reference):
    """({I/O mode: result}, kernels result); io_flag: pass --io (else one pageable run without it)."""
    results = {}
    for io in io_modes:
        output_file = os.path.join(args.work, f"{name}.{io}.out.bin")
        result = ferry_bench.time_io(args.bench, model_file, input_file, output_file, args.device, args.iterations,
                                     args.precision, io if io_flag else None)
        results[io] = check_ferry_output(result, output_file, reference, args.rtol, args.atol)
    kernels = ferry_bench.time_kernels(args.bench, model_file, input_file, args.device, args.iterations, args.precision)
    return results, kernels


def ferry_io_modes(args, model_file, notes):
    """(Ferry I/O modes to run, whether to pass --io): --ferry_io, unless the bench lacks --io."""
    if args.ferry_io == ["pageable"]:
        return ["pageable"], False
    unsupported = ferry_bench.io_flag_unsupported(args.bench, model_file, args.device, args.precision)
    if unsupported is None:
        return args.ferry_io, True
    notes.append(f"Ferry timed with pageable I/O only, not --ferry_io={','.join(args.ferry_io)}, as an older "
                 f"gpu_model_bench: {unsupported}.")
    print(notes[-1], flush=True)
    return ["pageable"], False


def export_onnx(module, x, work, name):
    """(ONNX model file, raw input file) for Ferry."""
    model_file = os.path.join(work, name + ".onnx")
    torch.onnx.export(module.eval(), (x,), model_file, input_names=["x"], output_names=["y"], opset_version=17,
                      dynamo=False)
    input_file = os.path.join(work, name + ".in.bin")
    x.numpy().astype(np.float32).tofile(input_file)
    return model_file, input_file


def mode_list(text, known, flag):
    modes = [mode.strip() for mode in text.split(",") if mode.strip()]
    unknown = [mode for mode in modes if mode not in known]
    if unknown:
        sys.exit(f"{flag}: unknown {', '.join(unknown)} (known: {', '.join(known)})")
    return modes


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--cases", default=CASES)
    parser.add_argument("--torch_modes", default=",".join(TORCH_MODES))
    parser.add_argument("--compile_mode", default="default", choices=["default", "max-autotune-no-cudagraphs"])
    parser.add_argument("--ferry_io", default=",".join(ferry_bench.IO_MODES))
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--device", default="GPU")
    parser.add_argument("--precision", default="f32", choices=["f32", "f16"])
    parser.add_argument("--rtol", type=float)
    parser.add_argument("--atol", type=float)
    parser.add_argument("--report")
    args = parser.parse_args()
    args.torch_modes = mode_list(args.torch_modes, list(TORCH_MODES), "--torch_modes")
    args.ferry_io = mode_list(args.ferry_io, list(ferry_bench.IO_MODES), "--ferry_io")
    if not args.ferry_io:
        sys.exit("--ferry_io: name at least one of " + ", ".join(ferry_bench.IO_MODES))
    f16 = args.precision == "f16"
    args.rtol = args.rtol if args.rtol is not None else (3e-2 if f16 else 1e-3)
    args.atol = args.atol if args.atol is not None else (3e-2 if f16 else 1e-5)
    return args


def main():
    args = parse_args()
    os.makedirs(args.work, exist_ok=True)
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    print(f"GPU: {torch.cuda.get_device_name(0)}; torch {torch.__version__}", flush=True)

    cases, notes = [], []
    io_modes = io_flag = None  # from the first case's model
    bus = bus_bandwidth(args.iterations)
    for name in args.cases.split(","):
        module, x, unit, work = make_case(name)
        model_file, input_file = export_onnx(module, x, args.work, name)
        if io_modes is None:
            io_modes, io_flag = ferry_io_modes(args, model_file, notes)
        reference, torch_results = time_torch(module, x, args)
        transfers = case_transfers(x.numel() * x.element_size(), reference.nbytes, args.iterations)
        del module, x
        torch.compiler.reset()
        torch.cuda.empty_cache()  # PyTorch's cached GPU memory back to the device, for Ferry
        ferry_results, kernels = time_ferry(args, name, model_file, input_file, io_modes, io_flag, reference)
        cases.append({"case": f"{name} ({args.precision})", "unit": unit, "work": work, "torch": torch_results,
                      "ferry": ferry_results, "kernels": kernels, "transfers": transfers})
        print(compare_report.table_row(cases[-1], args.torch_modes, io_modes, bus), flush=True)
        report = compare_report.report(cases, args.torch_modes, io_modes, notes, bus)
        if args.report:
            with open(args.report, "w") as out:
                out.write(report)
    print(report, end="")
    return 0 if all(compare_report.ferry_ok(case) for case in cases) else 1


if __name__ == "__main__":
    sys.exit(main())
