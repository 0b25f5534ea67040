#!/usr/bin/env bash
# Makes a new device plugin from TEMPLATE, outside this repository, ready to build against an
# installed Ferry (docs/INSTALL.md) and to pass the conformance runner:
#   bash tools/new_plugin.sh NAME [DIR]     (NAME: lower case, e.g. acme; DIR default ./ferry_NAME_plugin)
# The copy has TEMPLATE's classes in namespace ferry::NAME_plugin, the device name NAME in upper
# case, its own properties header (include/ferry/NAME/properties.hpp, keys NAME_...), and three
# builds: CMake (find_package(Ferry)), pkg-config (a Makefile) and Bazel (a workspace that binds
# the installed tree). docs/WRITING_A_PLUGIN.md starts here; //tools:new_plugin_test builds all
# three and runs the conformance runner on the result.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
usage() {
  echo "usage: bash tools/new_plugin.sh NAME [DIR]   (NAME: [a-z][a-z0-9]*, not a device Ferry has)" >&2
  exit 2
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
name="$1"
[[ "$name" =~ ^[a-z][a-z0-9]*$ ]] || {
  echo "new_plugin.sh: '$name' is not a plugin name: lower-case letters and digits, starting with a letter" >&2
  usage
}
case "$name" in template | gpu | npu | multi | batch | hetero | auto | cpu)
  echo "new_plugin.sh: '$name' is a device name Ferry uses: choose another" >&2
  exit 2
  ;;
esac
upper="${name^^}"
title="${name^}"
dest="${2:-$PWD/ferry_${name}_plugin}"
[ ! -e "$dest" ] || {
  echo "new_plugin.sh: $dest exists: give a new directory" >&2
  exit 2
}
template="$here/plugins/template"

# TEMPLATE's sources (its tests, fuzzer and fuzz corpus stay: they need Ferry's test tree).
mkdir -p "$dest/src" "$dest/include/ferry/$name"
(cd "$template/src" && find . -name '*.[ch]pp' ! -name '*_fuzzer.cpp' ! -name '*_test.cpp' -print) |
  while IFS= read -r file; do
    mkdir -p "$dest/src/$(dirname "$file")"
    cp "$template/src/$file" "$dest/src/$file"
  done
cp "$template/include/ferry/template/properties.hpp" "$dest/include/ferry/$name/properties.hpp"

# The renames, in the order that keeps them apart: namespaces and identifiers, the properties
# header's path, the device name and its keys, the words a user reads.
find "$dest" -name '*.[ch]pp' -print0 | xargs -0 sed -i \
  -e "s/template_plugin/${name}_plugin/g" \
  -e "s/template_context/${name}_context/g" \
  -e "s|ferry/template/|ferry/${name}/|g" \
  -e "s|plugins/template/src/||g" \
  -e "s/\"TEMPLATE\"/\"${upper}\"/g" \
  -e "s/TEMPLATE_/${upper}_/g" \
  -e "s/TEMPLATE/${upper}/g" \
  -e "s/Template reference device/${title} device/g" \
  -e "s/Ferry template plugin/Ferry ${name} plugin/g" \
  -e "s/the template plugin/the ${name} plugin/g"

sources=$(cd "$dest" && find src -name '*.cpp' | sort | tr '\n' ' ')

cat >"$dest/CMakeLists.txt" <<EOF
# The ${upper} device plugin, built against an installed Ferry:
#   cmake -S . -B build -DCMAKE_PREFIX_PATH=<Ferry's prefix> && cmake --build build
cmake_minimum_required(VERSION 3.16)
project(ferry_${name}_plugin CXX)
find_package(Ferry REQUIRED)
add_library(ferry_${name}_plugin SHARED ${sources})
target_include_directories(ferry_${name}_plugin PRIVATE include src)
target_link_libraries(ferry_${name}_plugin PRIVATE Ferry::ferry)
set_target_properties(ferry_${name}_plugin PROPERTIES CXX_VISIBILITY_PRESET hidden)
EOF

cat >"$dest/Makefile" <<EOF
# The ${upper} device plugin with pkg-config (PKG_CONFIG_PATH=<Ferry's prefix>/lib/pkgconfig):
#   make
CXXFLAGS ?= -O2
FERRY_FLAGS := \$(shell pkg-config --cflags --libs ferry)
SOURCES := ${sources}

libferry_${name}_plugin.so: \$(SOURCES) \$(wildcard src/*.hpp src/*/*.hpp include/ferry/${name}/*.hpp)
	\$(CXX) \$(CXXFLAGS) -shared -fPIC -fvisibility=hidden -Iinclude -Isrc -o \$@ \$(SOURCES) \$(FERRY_FLAGS)
EOF

# Bazel binds the installed Ferry as @ferry: its prefix ($FERRY_PREFIX when this runs, else
# /opt/ferry) is written into WORKSPACE and ferry.BUILD; change both to move it.
prefix="${FERRY_PREFIX:-/opt/ferry}"
cat >"$dest/WORKSPACE" <<EOF
new_local_repository(
    name = "ferry",
    build_file = "//:ferry.BUILD",
    path = "${prefix}",
)
EOF
cat >"$dest/ferry.BUILD" <<EOF
# An installed Ferry (docs/INSTALL.md): libferry.so and its headers.
cc_library(
    name = "ferry",
    srcs = ["lib/libferry.so"],
    hdrs = glob(["include/**/*.hpp"]),
    includes = ["include"],
    linkopts = ["-Wl,-rpath,${prefix}/lib"],
    visibility = ["//visibility:public"],
)
EOF
cat >"$dest/BUILD.bazel" <<EOF
# The ${upper} device plugin: bazel build //:libferry_${name}_plugin.so
cc_binary(
    name = "libferry_${name}_plugin.so",
    srcs = glob(["src/**/*.cpp", "src/**/*.hpp", "include/**/*.hpp"]),
    copts = ["-std=c++17", "-fvisibility=hidden", "-Iinclude", "-Isrc"],
    linkshared = True,
    deps = ["@ferry"],
)
EOF

cat >"$dest/README.md" <<EOF
# The ${upper} device plugin

Made by Ferry's \`tools/new_plugin.sh ${name}\` from the TEMPLATE plugin: a complete device that
runs models with Ferry's reference kernels. Replace \`src/engine/\` (how models run) with your
device's and keep the classes around it (docs/WRITING_A_PLUGIN.md, in Ferry's repository).

Build it against an installed Ferry (prefix \`\$FERRY\`), one of three ways:

\`\`\`sh
cmake -S . -B build -DCMAKE_PREFIX_PATH=\$FERRY && cmake --build build   # build/libferry_${name}_plugin.so
PKG_CONFIG_PATH=\$FERRY/lib/pkgconfig make                               # ./libferry_${name}_plugin.so
bazel build //:libferry_${name}_plugin.so                                 # WORKSPACE names \$FERRY
\`\`\`

Check it with the conformance runner, from a checkout of Ferry's repository:

\`\`\`sh
bazel run //testing/conformance:runner -- --device=${upper} --plugin=\$PWD/build/libferry_${name}_plugin.so
\`\`\`

and use it by listing it in a \`plugins.xml\` or with \`Core::register_plugin(path, "${upper}")\`.
The device's properties are in \`include/ferry/${name}/properties.hpp\` (keys \`${upper}_...\`).
EOF
echo "new_plugin.sh: made the ${upper} plugin in $dest (see its README.md)"
