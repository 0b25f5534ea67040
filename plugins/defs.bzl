"""The layout every in-tree device plugin shares."""

def ferry_device_plugin(name, device, srcs, hdrs, deps = [], linkopts = [], copts = [], core = "//core:ferry"):
    """A device plugin: three targets, named alike in every plugin.

    :properties           the device's own keys for applications, include/ferry/<device>/*.hpp
                          (installed with the SDK)
    :<name>               the plugin's code, for tests that run pieces of it in process
    :libferry_<name>.so   the library the Core loads: compiled against the SDK headers, linked
                          against libferry.so (one copy of the core per process), installed under
                          lib/ferry/ next to lib/libferry.so one level up

    `core`: what the plugin sees of the core; every choice links libferry.so. //core:ferry gives
    every public header, //core:ferry_sdk the SDK and the layers below it only (no ferry/runtime).
    """
    native.cc_library(
        name = "properties",
        hdrs = native.glob(["include/ferry/%s/*.hpp" % device]),
        strip_include_prefix = "include",
        deps = [core],
    )
    native.cc_library(
        name = name,
        srcs = srcs,
        hdrs = hdrs,
        copts = copts,
        deps = [":properties", core, "//core:ir_headers"] + deps,
        alwayslink = True,  # keeps the entry point (FERRY_DEFINE_PLUGIN)
    )
    native.cc_binary(
        name = "libferry_%s.so" % name,
        linkshared = True,
        linkopts = ["-Wl,-soname,libferry_%s.so" % name, "-Wl,-rpath,$$ORIGIN/.."] + linkopts,
        deps = [":" + name],
    )

def ferry_plugin_test_support(deps = [], alwayslink = False):
    """:test_support: the helpers a plugin's tests share (tests/support/*, included as
    "support/<file>.hpp"), with the device's keys, the core, error_of and GoogleTest."""
    native.cc_library(
        name = "test_support",
        testonly = True,
        srcs = native.glob(["tests/support/*.cpp"]),
        hdrs = native.glob(["tests/support/*.hpp"]),
        strip_include_prefix = "tests",
        deps = [
            ":properties",
            "//core:ferry",
            "//core/testing:test_support",
            "@com_google_googletest//:gtest",
        ] + deps,
        alwayslink = alwayslink,
    )
