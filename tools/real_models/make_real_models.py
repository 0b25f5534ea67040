#!/usr/bin/env python3
"""Makes the real architectures Ferry is checked on, with random weights, as test cases in the
ONNX backend-test layout that //testing/onnx:backend_tests reads:

    OUT/<model>_onnx/model.onnx                       exported by torch.onnx (opset 17)
    OUT/<model>_onnx/test_data_set_0/input_<i>.pb     seeded inputs (onnx TensorProto)
    OUT/<model>_onnx/test_data_set_0/output_<i>.pb    onnxruntime's outputs
    OUT/<model>_ir/model.xml, model.bin               the ONNX model converted by OpenVINO (IR v11)
    OUT/<model>_ir/test_data_set_0/...                the same inputs, OpenVINO CPU's outputs (f32)

Models: resnet50 and mobilenet_v2 (torchvision, weights=None) and minilm, a 6-layer BERT/MiniLM
style encoder (hidden 384, 12 heads, FFN 1536, erf GELU) with input_ids and attention_mask.
The batch (and for minilm the sequence) dimension is dynamic in the exported model.

Usage: make_real_models.py --out DIR [--models resnet50,mobilenet_v2,minilm] [--batch N]
       [--no-openvino] [--no-onnxruntime]
Needs torch, torchvision, onnx, numpy, and onnxruntime / openvino unless disabled. The models are
not committed; tools/real_models/check_real_models.sh makes and checks them.
"""
import argparse
import math
import os
import sys

import numpy as np
import onnx
import onnx.numpy_helper
import torch

SEED = 20261122
MINILM = dict(vocab=1000, hidden=384, layers=6, heads=12, ffn=1536, max_positions=512, sequence=128)


class EncoderLayer(torch.nn.Module):
    """One post-norm BERT encoder layer, written with plain ops so the export is the usual
    MatMul/Add/Softmax/LayerNormalization/Erf graph that BERT-family ONNX files contain."""

    def __init__(self, hidden, heads, ffn):
        super().__init__()
        self.heads = heads
        self.head_size = hidden // heads
        self.query = torch.nn.Linear(hidden, hidden)
        self.key = torch.nn.Linear(hidden, hidden)
        self.value = torch.nn.Linear(hidden, hidden)
        self.attention_out = torch.nn.Linear(hidden, hidden)
        self.attention_norm = torch.nn.LayerNorm(hidden, eps=1e-12)
        self.intermediate = torch.nn.Linear(hidden, ffn)
        self.output = torch.nn.Linear(ffn, hidden)
        self.output_norm = torch.nn.LayerNorm(hidden, eps=1e-12)

    def split_heads(self, x):
        batch, sequence, _ = x.shape
        return x.view(batch, sequence, self.heads, self.head_size).permute(0, 2, 1, 3)

    def forward(self, hidden, mask_bias):
        q = self.split_heads(self.query(hidden))
        k = self.split_heads(self.key(hidden))
        v = self.split_heads(self.value(hidden))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_size) + mask_bias
        context = torch.matmul(torch.softmax(scores, dim=-1), v).permute(0, 2, 1, 3)
        context = context.reshape(hidden.shape)
        hidden = self.attention_norm(hidden + self.attention_out(context))
        ffn = self.output(torch.nn.functional.gelu(self.intermediate(hidden)))
        return self.output_norm(hidden + ffn)


class MiniLM(torch.nn.Module):
    def __init__(self, vocab, hidden, layers, heads, ffn, max_positions, **_):
        super().__init__()
        self.words = torch.nn.Embedding(vocab, hidden)
        self.positions = torch.nn.Embedding(max_positions, hidden)
        self.norm = torch.nn.LayerNorm(hidden, eps=1e-12)
        self.layers = torch.nn.ModuleList(EncoderLayer(hidden, heads, ffn) for _ in range(layers))

    def forward(self, input_ids, attention_mask):
        positions = torch.arange(input_ids.shape[1], dtype=torch.int64).unsqueeze(0)
        hidden = self.norm(self.words(input_ids) + self.positions(positions))
        mask_bias = (1.0 - attention_mask[:, None, None, :].to(torch.float32)) * -10000.0
        for layer in self.layers:
            hidden = layer(hidden, mask_bias)
        return hidden


def randomise_batch_norm(model, rng):
    """Gives BatchNorm layers non-trivial statistics, so inference-mode BN is really exercised."""
    for module in model.modules():
        if isinstance(module, torch.nn.BatchNorm2d):
            count = module.num_features
            module.running_mean.copy_(torch.from_numpy(rng.uniform(-0.1, 0.1, count).astype(np.float32)))
            module.running_var.copy_(torch.from_numpy(rng.uniform(0.5, 1.5, count).astype(np.float32)))
            module.weight.data.copy_(torch.from_numpy(rng.uniform(0.5, 1.5, count).astype(np.float32)))
            module.bias.data.copy_(torch.from_numpy(rng.uniform(-0.1, 0.1, count).astype(np.float32)))


def build(name, batch, rng):
    """Returns (module, input names, input arrays, dynamic axes)."""
    torch.manual_seed(SEED)
    if name in ("resnet50", "mobilenet_v2"):
        import torchvision

        model = getattr(torchvision.models, name)(weights=None)
        randomise_batch_norm(model, rng)
        image = rng.standard_normal((batch, 3, 224, 224)).astype(np.float32)
        return model, ["input"], [image], {"input": {0: "batch"}, "output": {0: "batch"}}
    if name == "minilm":
        model = MiniLM(**MINILM)
        sequence = MINILM["sequence"]
        ids = rng.integers(0, MINILM["vocab"], size=(batch, sequence), dtype=np.int64)
        mask = np.ones((batch, sequence), dtype=np.int64)
        mask[:, sequence - sequence // 4:] = 0  # padded tail, so the mask matters
        axes = {0: "batch", 1: "sequence"}
        dynamic = {"input_ids": axes, "attention_mask": axes, "output": axes}
        return model, ["input_ids", "attention_mask"], [ids, mask], dynamic
    raise SystemExit(f"unknown model '{name}' (known: resnet50, mobilenet_v2, minilm)")


def write_case(directory, model_file, input_names, inputs, output_names, outputs):
    data_dir = os.path.join(directory, "test_data_set_0")
    os.makedirs(data_dir, exist_ok=True)
    for i, (tensor_name, array) in enumerate(zip(input_names, inputs)):
        with open(os.path.join(data_dir, f"input_{i}.pb"), "wb") as f:
            f.write(onnx.numpy_helper.from_array(array, tensor_name).SerializeToString())
    for i, (tensor_name, array) in enumerate(zip(output_names, outputs)):
        with open(os.path.join(data_dir, f"output_{i}.pb"), "wb") as f:
            f.write(onnx.numpy_helper.from_array(np.asarray(array), tensor_name).SerializeToString())
    print(f"  {directory}: {os.path.basename(model_file)}, "
          + ", ".join(f"{n}{list(np.shape(a))}" for n, a in zip(output_names, outputs)))


def make(name, out, batch, use_onnxruntime, use_openvino):
    rng = np.random.default_rng(SEED)
    model, input_names, inputs, dynamic_axes = build(name, batch, rng)
    model.eval()
    onnx_dir = os.path.join(out, f"{name}_onnx")
    os.makedirs(onnx_dir, exist_ok=True)
    onnx_file = os.path.join(onnx_dir, "model.onnx")
    with torch.no_grad():
        torch_inputs = tuple(torch.from_numpy(a) for a in inputs)
        torch_output = model(*torch_inputs).numpy()
        torch.onnx.export(model, torch_inputs, onnx_file, input_names=input_names,
                          output_names=["output"], dynamic_axes=dynamic_axes, opset_version=17,
                          dynamo=False)
    print(f"{name}: exported {onnx_file}")
    np.save(os.path.join(out, f"{name}_torch_output.npy"), torch_output)

    if use_onnxruntime:
        import onnxruntime

        session = onnxruntime.InferenceSession(onnx_file, providers=["CPUExecutionProvider"])
        expected = session.run(None, dict(zip(input_names, inputs)))
        write_case(onnx_dir, onnx_file, input_names, inputs, ["output"], expected)

    if use_openvino:
        import openvino as ov

        ir_dir = os.path.join(out, f"{name}_ir")
        os.makedirs(ir_dir, exist_ok=True)
        ir_file = os.path.join(ir_dir, "model.xml")
        ov.save_model(ov.convert_model(onnx_file), ir_file, compress_to_fp16=False)
        compiled = ov.Core().compile_model(ir_file, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})
        result = compiled(dict(zip(input_names, inputs)))
        expected = [result[compiled.output(i)] for i in range(len(compiled.outputs))]
        write_case(ir_dir, ir_file, input_names, inputs, ["output"], expected)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="directory to write the cases into")
    parser.add_argument("--models", default="resnet50,mobilenet_v2,minilm")
    parser.add_argument("--batch", type=int, default=1)
    parser.add_argument("--no-onnxruntime", action="store_true")
    parser.add_argument("--no-openvino", action="store_true")
    args = parser.parse_args()
    torch.set_num_threads(max(1, os.cpu_count() or 1))
    for name in args.models.split(","):
        make(name.strip(), args.out, args.batch, not args.no_onnxruntime, not args.no_openvino)
    return 0


if __name__ == "__main__":
    sys.exit(main())
