#!/usr/bin/env bash
# Packs libFuzzer builds of fuzz targets, their runfiles, seed corpora and the shared libraries
# they load into one folder, to fuzz on another x86-64 Linux machine with more cores (the run
# recorded in docs/FUZZING.md). Build first:
#   bazel build --config=fuzz //plugins/template:import_model_fuzzer ...
#   bash testing/fuzz/pack_fuzzers.sh OUT_DIR //plugins/template:import_model_fuzzer=plugins/template/src/fuzz_corpus ...
# On the other machine: bash OUT_DIR/run.sh SECONDS TARGET=WORKERS... (see run_packed_fuzzers.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
out="$1"
shift
rm -rf "$out"
mkdir -p "$out/lib" "$out/targets"
libraries=()
for spec in "$@"; do
  label="${spec%%=*}" corpus="${spec#*=}"
  package="${label#//}" && package="${package%%:*}"
  target="${label##*:}"
  name="${package//\//_}_${target}"
  mkdir -p "$out/targets/$name/corpus"
  cp -rL "bazel-bin/$package/$target.runfiles" "$out/targets/$name/$target.runfiles"
  cp -L "bazel-bin/$package/$target" "$out/targets/$name/$target"
  cp -L "$corpus"/* "$out/targets/$name/corpus/"
  echo "$target" >"$out/targets/$name/binary"
  while IFS= read -r file; do libraries+=("$file"); done < <(find "$out/targets/$name" -name '*.so*' -o -type f -name "$target")
done
# Every library the binaries and plugins load that is not part of the C runtime, from this machine.
for file in "${libraries[@]}"; do
  ldd "$file" 2>/dev/null | awk '/=> \// {print $3}'
done | sort -u | grep -vE '/(libc|libm|libdl|librt|libpthread|libgcc_s|libstdc\+\+|ld-linux[^/]*)\.so' |
  while IFS= read -r library; do cp -L "$library" "$out/lib/"; done
cp testing/fuzz/run_packed_fuzzers.sh "$out/run.sh"
cp testing/support/lsan_suppressions.txt "$out/"
# Identical files (each target's runfiles hold the same libraries) as hard links: a smaller archive.
python3 - "$out" <<'PY'
import hashlib, os, sys
seen = {}
for root, _, files in os.walk(sys.argv[1]):
    for name in files:
        path = os.path.join(root, name)
        digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
        if digest in seen:
            os.unlink(path)
            os.link(seen[digest], path)
        else:
            seen[digest] = path
PY
du -sh "$out"
