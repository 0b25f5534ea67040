#!/usr/bin/env python3
"""Shrinks a GPU export blob into small seeds of //plugins/gpu:import_model_fuzzer.

The blob's "programs" field holds the OpenCL program binaries of the exporting device (about
250 KB on PoCL): the seeds keep none at all (every program built from source at import) and one
program with its binary cut to 512 bytes (PoCL 3.1 reads past it: an open finding, kept in
plugins/gpu/src/fuzz_open_findings/, see docs/FUZZING.md).

    python3 testing/fuzz/shrink_gpu_seed.py plugins/gpu/src/fuzz_corpus/mlp plugins/gpu/src/fuzz_corpus
"""
import struct
import sys

HEADER = 28  # magic (8), format version (u32), payload size (u64), FNV-1a 64 checksum (u64)


def fnv1a64(data):
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def string(data, pos):
    (n,) = struct.unpack_from("<Q", data, pos)
    return data[pos + 8 : pos + 8 + n], pos + 8 + n


def pack_string(b):
    return struct.pack("<Q", len(b)) + b


def fields_of(blob):
    payload = blob[HEADER:]
    (count,) = struct.unpack_from("<I", payload, 0)
    pos, fields = 4, {}
    for _ in range(count):
        name, pos = string(payload, pos)
        value, pos = string(payload, pos)
        fields[name] = value
    return fields


def blob_of(magic_and_version, fields):
    payload = struct.pack("<I", len(fields)) + b"".join(pack_string(k) + pack_string(v) for k, v in sorted(fields.items()))
    return magic_and_version + struct.pack("<QQ", len(payload), fnv1a64(payload)) + payload


def main(source, out_dir):
    blob = open(source, "rb").read()
    fields = fields_of(blob)
    programs = fields[b"programs"]
    pos = 4
    kernel_file, pos = string(programs, pos)
    options, pos = string(programs, pos)
    binary, pos = string(programs, pos)
    seeds = {
        "mlp_no_programs": struct.pack("<I", 0),
        "mlp_one_cut_program": struct.pack("<I", 1) + pack_string(kernel_file) + pack_string(options) + pack_string(binary[:512]),
    }
    for name, value in seeds.items():
        small = blob_of(blob[:12], {**fields, b"programs": value})
        open(f"{out_dir}/{name}", "wb").write(small)
        print(f"{out_dir}/{name}: {len(small)} bytes")


if __name__ == "__main__":
    main(*sys.argv[1:])
