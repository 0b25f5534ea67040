#!/bin/sh
echo "bazel coverage is not supported in Ferry's offline build" >&2
exit 1
