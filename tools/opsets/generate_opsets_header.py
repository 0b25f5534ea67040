#!/usr/bin/env python3
"""Writes core/include/ferry/graph/opsets.hpp from core/src/graph/opset_membership.txt.

  generate_opsets_header.py            rewrites the header
  generate_opsets_header.py --check    exits 1, naming the difference, when the header is stale

The table's format is described at its top. The header is formatted with clang-format 14 and the
repository's .clang-format, as tools/format.sh does.
"""
import argparse
import difflib
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABLE = "core/src/graph/opset_membership.txt"
HEADER = "core/include/ferry/graph/opsets.hpp"

PREAMBLE = """#pragma once

// OpenVINO's op sets as namespaces: ferry::opsetN names, for each op of OpenVINO's opset N that
// Ferry implements, the op class of the version that opset holds (ferry::opset8::MaxPool is
// op::v8::MaxPool, ferry::opset14::MaxPool op::v14::MaxPool). An op of the opset that Ferry lacks,
// or lacks in that version, is not named, so using it fails to compile rather than picking another
// version.
//
// Generated from core/src/graph/opset_membership.txt by tools/opsets/generate_opsets_header.py:
// edit the table, not this file (//core:opsets_header_test fails while they differ).
#include "ferry/graph/ops.hpp"

namespace ferry {
"""


class TableError(Exception):
    pass


def parse(text):
    """Returns (first, last, {name: [(version or None, opset), ...]}) or raises TableError."""
    opsets = None
    ops = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        where = f"{TABLE}:{number}"
        if words[0] == "opsets":
            match = re.fullmatch(r"(\d+)-(\d+)", words[1]) if len(words) == 2 else None
            if not match:
                raise TableError(f"{where}: expected 'opsets FIRST-LAST', got '{line}'")
            opsets = (int(match.group(1)), int(match.group(2)))
            continue
        if opsets is None:
            raise TableError(f"{where}: the 'opsets FIRST-LAST' line must come before the ops")
        name, changes = words[0], words[1:]
        if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", name):
            raise TableError(f"{where}: '{name}' is not an op class name")
        if name in ops:
            raise TableError(f"{where}: {name} is listed twice")
        if not changes:
            raise TableError(f"{where}: {name} has no VERSION@OPSET")
        history = []
        for change in changes:
            match = re.fullmatch(r"(v\d+|-)@(\d+)", change)
            if not match:
                raise TableError(f"{where}: '{change}' is not VERSION@OPSET (v8@8) or -@OPSET")
            version, opset = match.group(1), int(match.group(2))
            if not opsets[0] <= opset <= opsets[1]:
                raise TableError(f"{where}: {name}: opset {opset} is outside opsets {opsets[0]}-{opsets[1]}")
            if history and opset <= history[-1][1]:
                raise TableError(f"{where}: {name}: opset {opset} does not follow opset {history[-1][1]}")
            history.append((None if version == "-" else version, opset))
        ops[name] = history
    if opsets is None:
        raise TableError(f"{TABLE}: no 'opsets FIRST-LAST' line")
    return opsets[0], opsets[1], ops


def members(ops, opset):
    """The 'op::vN::Name' each op has in `opset`, sorted as the header lists them (by name)."""
    named = []
    for name in sorted(ops):
        current = None
        for version, since in ops[name]:
            if since <= opset:
                current = version
        if current:
            named.append(f"op::{current}::{name}")
    return named


def render(text):
    first, last, ops = parse(text)
    parts = [PREAMBLE]
    for opset in range(first, last + 1):
        names = members(ops, opset)
        parts.append(f"namespace opset{opset} {{\n")
        if names:
            parts.append("using " + ", ".join(names) + ";\n")
        parts.append(f"}}  // namespace opset{opset}\n")
    parts.append("}  // namespace ferry\n")
    clang_format = os.environ.get("CLANG_FORMAT", "clang-format-14")
    return subprocess.run([clang_format, f"--style=file:{os.path.join(ROOT, '.clang-format')}",
                           "--assume-filename=opsets.hpp"], input="".join(parts), capture_output=True,
                          text=True, check=True).stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--root", default=ROOT, help="the repository root (default: this script's)")
    arguments = parser.parse_args()
    try:
        with open(os.path.join(arguments.root, TABLE)) as table:
            wanted = render(table.read())
    except TableError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    header = os.path.join(arguments.root, HEADER)
    if arguments.check:
        with open(header) as current:
            have = current.read()
        if have != wanted:
            sys.stdout.writelines(difflib.unified_diff(have.splitlines(True), wanted.splitlines(True), HEADER,
                                                       "generated from " + TABLE))
            print(f"error: {HEADER} is not what {TABLE} says: run python3 tools/opsets/generate_opsets_header.py",
                  file=sys.stderr)
            return 1
        return 0
    with open(header, "w") as out:
        out.write(wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
