"""Build macros shared by Ferry's packages."""

def ferry_unit_tests(srcs, deps, data = [], env = {}):
    """One cc_test per `*_test.cpp` file, named after the file."""
    for src in srcs:
        name = src.split("/")[-1][:-len(".cpp")]
        native.cc_test(
            name = name,
            srcs = [src],
            deps = deps + ["@com_google_googletest//:gtest_main"],
            data = data,
            env = env,
            size = "small",
        )

def ferry_fuzzer(name, srcs, deps, corpus):
    """A libFuzzer target (`--config=fuzz`) that, in every other build, is a test replaying its
    seed corpus through the same entry point, so CI keeps the target building and the corpus clean."""
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
        args = ["$(location %s)" % corpus],
        data = [corpus],
        size = "small",
    )
