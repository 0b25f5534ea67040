#!/usr/bin/env bash
# Runs the test binary named by the first argument, with the rest as its arguments: a second test
# target over an existing test's binary (the same tests in another environment) builds nothing
# twice.
set -euo pipefail
exec "$@"
