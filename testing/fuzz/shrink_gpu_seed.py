#!/usr/bin/env python3
"""Shrinks a GPU export blob into small seeds of //plugins/gpu:import_model_fuzzer.

The blob's "programs" field holds the OpenCL program binaries of the exporting device (about
250 KB on PoCL): the seeds keep none at all (every program built from source at import), with the
damaged copies make_import_seeds makes, and one program with its binary cut to 512 bytes (PoCL 3.1
reads past such a binary; the import drops it unread, as its seal does not verify: docs/FUZZING.md).
Field "programs_seal" becomes 32 zero bytes, the seal of no key: as for a blob from another
machine, no binary of a seed reaches the driver whichever key the fuzzing user has.

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
        small = blob_of(blob[:12], {**fields, b"programs": value, b"programs_seal": bytes(32)})
        write(f"{out_dir}/{name}", small)
        if name == "mlp_no_programs":
            for suffix, damaged in damaged_copies(small).items():
                write(f"{out_dir}/{name}_{suffix}", damaged)


def damaged_copies(blob):
    """What testing/fuzz/make_import_seeds.cpp writes beside a blob."""
    flipped, other_version = bytearray(blob), bytearray(blob)
    flipped[len(blob) * 3 // 4] ^= 0x5A  # the fuzz target imports it once more, checksum fixed
    other_version[8] ^= 0x7F  # the u32 format version after the 8-byte magic
    return {
        "truncated_header": blob[:20],
        "truncated_payload": blob[: len(blob) // 2],
        "flipped_byte": bytes(flipped),
        "other_version": bytes(other_version),
    }


def write(path, data):
    open(path, "wb").write(data)
    print(f"{path}: {len(data)} bytes")


if __name__ == "__main__":
    main(*sys.argv[1:])
