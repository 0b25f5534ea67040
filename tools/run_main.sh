#!/usr/bin/env bash
# Ferry's main job: list the devices, compile a shipped model on the best one, run it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
bazel run --ui_event_filters=-info,-stdout,-stderr --noshow_progress //tools:ferry_run -- "$@"
