"""Build macros shared by Ferry's packages."""

def ferry_unit_tests(srcs, deps, data = [], env = {}):
    """One cc_test per `*_test.cpp` file, named after the file."""
    for src in srcs:
        name = src.split("/")[-1][:-len(".cpp")]
        native.cc_test(
            name = name,
            srcs = [src],
            # Tests that load the in-tree plugins may reach PoCL through the GPU plugin.
            deps = deps + ["@com_google_googletest//:gtest_main", "//testing/support:pocl_cache_in_test_tmpdir"],
            data = data,
            env = env,
            size = "small",
        )

def ferry_fuzzer(name, srcs, deps, corpus, data = [], env = {}):
    """A libFuzzer target (`--config=fuzz`) that, in every other build, is a test replaying its
    seed corpus through the same entry point, so CI keeps the target building and the corpus clean.

    `corpus`: a list of seed files (e.g. `glob(["fuzz_corpus/**"])`) or one label (a filegroup).
    `data`, `env`: what the target needs at run time (plugins, drivers), as for a cc_test.
    A libFuzzer build gets no arguments from the rule: pass a writable corpus folder yourself,
    e.g. `bazel run --config=fuzz //core:x_fuzzer -- -max_total_time=60 /tmp/x_corpus`
    (libFuzzer given plain files would only replay them instead of fuzzing)."""
    if type(corpus) == "list":
        native.filegroup(name = name + "_corpus", srcs = corpus, testonly = True)
        corpus = ":" + name + "_corpus"
    native.cc_test(
        name = name,
        srcs = srcs,
        deps = deps + select({
            "//core:libfuzzer_build": [],
            "//conditions:default": ["//core:fuzz_replay_main"],
        }),
        linkopts = select({
            "//core:libfuzzer_build": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        copts = select({
            "//core:libfuzzer_build": ["-fsanitize=fuzzer"],
            "//conditions:default": [],
        }),
        # Every seed file as its own argument: $(location) accepts only single-file labels.
        args = select({
            "//core:libfuzzer_build": [],
            "//conditions:default": ["$(rootpaths %s)" % corpus],
        }),
        data = [corpus] + data,
        env = env,
        size = "small",
    )

def ferry_layer_headers(name, hdrs, deps = [], **kwargs):
    """A layer's header-only target (`name`) and `name + "_check"`: one source file including every
    header of the layer, compiled with the layer's deps alone. A header that includes a layer
    above (not among `deps`) fails to compile there, "No such file or directory": the file is not
    in the sandbox. The layer's static library depends on the check, so building it runs it.
    `kwargs`: the rest of the cc_library (strip_include_prefix must be "include")."""
    native.cc_library(name = name, hdrs = hdrs, deps = deps, **kwargs)
    native.genrule(
        name = name + "_check_src",
        srcs = hdrs,
        outs = [name + "_check.cpp"],
        cmd = "for h in $(SRCS); do echo \"#include \\\"$${h#*include/}\\\"\"; done > $@",
    )
    native.cc_library(
        name = name + "_check",
        srcs = [name + "_check.cpp"],
        deps = [":" + name],
    )
