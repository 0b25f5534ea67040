#!/usr/bin/env python3
"""ResNet-50 batch 1 fed one 1080p NV12 video frame per inference, on the GPU machine:

- Ferry, device preprocessing: the frame's planes stay in GPU memory (OpenCL buffers, and images
  where the plugin takes them) and the colour conversion, the resize to 224x224 and the
  normalisation run on the GPU as part of the compiled model (nv12_frame_bench, "device");
- Ferry, host preprocessing: the application converts and resizes on the host and feeds a BGR f32
  host tensor (nv12_frame_bench, "host");
- PyTorch, the peer: the same frame as uint8 CUDA tensors, the same conversion, bilinear resize
  (align_corners=False, the half-pixel rule) and normalisation as torch ops, then torchvision's
  ResNet-50, eager and replayed as one CUDA graph (preprocessing included).

Wall time per frame (median) and host CPU time per frame (process CPU time over the timed frames)
for each. Writes a Markdown report.

  nv12_frame_vs_pytorch.py --bench=nv12_frame_bench --plugins_xml=PATH --work=DIR --report=FILE
      [--iterations=50] [--planes=buffer,image]
"""
import argparse
import os
import re
import subprocess
import time

import numpy as np
import torch

HEIGHT, WIDTH = 1080, 1920
MEAN, SCALE = 114.0, 57.0  # as nv12_frame_bench
WARMUP = 10


def export_resnet50(work):
    import torchvision
    torch.manual_seed(0)
    module = torchvision.models.resnet50(weights=None).eval()
    path = os.path.join(work, "resnet50_b1.onnx")
    if not os.path.exists(path):
        torch.onnx.export(module, (torch.randn(1, 3, 224, 224),), path, input_names=["x"], output_names=["y"],
                          opset_version=17, dynamo=False)
    return module, path


def ferry_runs(args, model_file):
    rows = []
    for planes in args.planes.split(","):
        command = [args.bench, f"--model={model_file}", f"--plugins_xml={args.plugins_xml}", f"--planes={planes}",
                   f"--iterations={args.iterations}", f"--height={HEIGHT}", f"--width={WIDTH}"]
        result = subprocess.run(command, capture_output=True, text=True)
        print(result.stdout + result.stderr)
        if result.returncode != 0:
            rows.append((f"Ferry, device preprocessing ({planes} planes)", None, None, result.stderr.strip()))
            continue
        device = re.search(r"device preprocessing .*wall ([\d.]+) ms/frame .*host CPU ([\d.]+) ms/frame, (\d+) bytes",
                           result.stdout)
        host = re.search(r"host preprocessing: wall ([\d.]+) ms/frame .*host CPU ([\d.]+) ms/frame", result.stdout)
        difference = re.search(r"max \|device - host\| over the output: (\S+)", result.stdout).group(1)
        rows.append((f"Ferry, device preprocessing ({planes} planes)", float(device.group(1)), float(device.group(2)),
                     f"{device.group(3)} bytes copied per {args.iterations} frames; max |device - host| {difference}"))
        if planes == args.planes.split(",")[0]:
            rows.append(("Ferry, host preprocessing (BGR f32 host tensor)", float(host.group(1)),
                         float(host.group(2)), ""))
    return rows


def torch_preprocess(y, uv):
    """y [H, W] and uv [H/2, W/2, 2] uint8 CUDA tensors -> [1, 3, 224, 224] normalised BGR."""
    luma = 1.164 * (y.float() - 16.0)
    chroma = uv.float().repeat_interleave(2, 0).repeat_interleave(2, 1) - 128.0
    d, e = chroma[..., 0], chroma[..., 1]
    b = (luma + 2.018 * d).clamp(0, 255)
    g = (luma - 0.391 * d - 0.813 * e).clamp(0, 255)
    r = (luma + 1.596 * e).clamp(0, 255)
    bgr = torch.stack([b, g, r]).unsqueeze(0)
    resized = torch.nn.functional.interpolate(bgr, size=(224, 224), mode="bilinear", align_corners=False)
    return (resized - MEAN) / SCALE


def time_frames(forward, iterations):
    for _ in range(WARMUP):
        forward()
    torch.cuda.synchronize()
    walls = []
    cpu_start = time.process_time()
    for _ in range(iterations):
        start = time.perf_counter()
        forward()
        torch.cuda.synchronize()
        walls.append((time.perf_counter() - start) * 1e3)
    cpu = (time.process_time() - cpu_start) * 1e3 / iterations
    return float(np.median(walls)), cpu


def torch_runs(module, iterations):
    torch.backends.cudnn.benchmark = True
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    module = module.cuda()
    generator = torch.Generator().manual_seed(7)
    y = torch.randint(0, 256, (HEIGHT, WIDTH), dtype=torch.uint8, generator=generator).cuda()
    uv = torch.randint(64, 192, (HEIGHT // 2, WIDTH // 2, 2), dtype=torch.uint8, generator=generator).cuda()
    rows = []
    with torch.no_grad():
        def eager():
            return module(torch_preprocess(y, uv))
        wall, cpu = time_frames(eager, iterations)
        rows.append(("PyTorch eager, preprocessing on the GPU (torch ops)", wall, cpu, ""))
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                eager()
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            eager()
        wall, cpu = time_frames(graph.replay, iterations)
        rows.append(("PyTorch CUDA graph (preprocessing and model replayed)", wall, cpu, ""))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--plugins_xml", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--planes", default="buffer,image")
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    module, model_file = export_resnet50(args.work)
    rows = ferry_runs(args, model_file) + torch_runs(module, args.iterations)
    lines = [f"ResNet-50 batch 1, one {WIDTH}x{HEIGHT} NV12 frame per inference resized to 224x224, "
             f"{args.iterations} frames ({torch.cuda.get_device_name()})", "",
             "| way | wall ms/frame (median) | host CPU ms/frame | notes |", "|---|---|---|---|"]
    for name, wall, cpu, notes in rows:
        wall_text = "failed" if wall is None else f"{wall:.3f}"
        cpu_text = "" if cpu is None else f"{cpu:.3f}"
        lines.append(f"| {name} | {wall_text} | {cpu_text} | {notes} |")
    report = "\n".join(lines) + "\n"
    print(report)
    with open(args.report, "w") as out:
        out.write(report)


if __name__ == "__main__":
    main()
