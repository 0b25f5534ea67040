#!/usr/bin/env bash
# The checked-in opsets.hpp is what the table generates; a table changed behind the header's back,
# or malformed, makes the check fail with a message naming the cause.
set -uo pipefail
root="$TEST_SRCDIR/ferry"
generator="$root/tools/opsets/generate_opsets_header.py"
fail() { echo "FAIL: $*" >&2; exit 1; }

python3 "$generator" --check --root "$root" || fail "opsets.hpp differs from the table (see the diff above)"

# A copy of the tree's three files, the table then changed: the check must fail.
copy="$TEST_TMPDIR/tree"
mkdir -p "$copy/core/src/graph" "$copy/core/include/ferry/graph"
cp "$root/.clang-format" "$copy/"
cp "$root/core/include/ferry/graph/opsets.hpp" "$copy/core/include/ferry/graph/"
sed 's/^HSwish .*/HSwish v4@5/' "$root/core/src/graph/opset_membership.txt" >"$copy/core/src/graph/opset_membership.txt"
out=$(python3 "$generator" --check --root "$copy" 2>&1) && fail "a table that moves HSwish to opset5 passed the check"
grep -q "^-.*op::v4::HSwish" <<<"$out" || fail "the diff does not show HSwish leaving opset4: $out"

# Malformed tables are refused naming the line.
sed 's/^HSwish .*/HSwish v4@99/' "$root/core/src/graph/opset_membership.txt" >"$copy/core/src/graph/opset_membership.txt"
out=$(python3 "$generator" --check --root "$copy" 2>&1) && fail "opset 99 was taken"
grep -q "opset_membership.txt:[0-9]*: HSwish: opset 99 is outside opsets 1-16" <<<"$out" || fail "unexpected message: $out"
printf 'opsets 1-16\nAbs v0@1\nAbs v0@1\n' >"$copy/core/src/graph/opset_membership.txt"
out=$(python3 "$generator" --check --root "$copy" 2>&1) && fail "a twice-listed op was taken"
grep -q "opset_membership.txt:3: Abs is listed twice" <<<"$out" || fail "unexpected message: $out"
echo PASS
