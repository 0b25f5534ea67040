# Sourced by the set-up scripts that install PyPI packages into a virtual environment of their
# own (tools/setup_intel_opencl.sh, serving/triton/setup_triton.sh).
#
# venv_install_partial DIR WHAT PACKAGE...: creates DIR.partial, a fresh virtual environment with
# the pinned PACKAGEs, quietly; prints pip's log and fails when pip does. Sets sudo_cmd to what
# writes beside DIR (sudo when the user cannot). The caller checks DIR.partial, then moves it to
# DIR with "${sudo_cmd[@]}" mv: an install cut short never looks finished.
venv_install_partial() {
  local dir="$1" what="$2"
  shift 2
  sudo_cmd=()
  local parent
  parent=$(dirname "$dir")
  mkdir -p "$parent" 2>/dev/null || true
  [[ -w "$parent" ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" mkdir -p "$parent"
  "${sudo_cmd[@]}" rm -rf "$dir.partial"
  echo "setup: installing ${what} into ${dir}" >&2
  local log
  if ! log=$("${sudo_cmd[@]}" python3 -m venv "$dir.partial" 2>&1 &&
    "${sudo_cmd[@]}" "$dir.partial/bin/pip" install -q --disable-pip-version-check --no-cache-dir "$@" 2>&1); then
    echo "$log" >&2
    echo "setup: pip failed to install $* into ${dir}.partial" >&2
    return 1
  fi
}
