"""Tests of the NPU simulator through the real Level Zero loader."""

def simulator_driver_tests(srcs, driver, deps, data = []):
    """Two tests per `*_test.cpp`: the cc_test `<name>` on the loader alone and `<name>_validated`,
    the same binary under the loader's validation layer with parameter validation. Both find the
    driver through FERRY_NPU_SIMULATOR (its runfiles path), which tests/support turns into
    ZE_ENABLE_ALT_DRIVERS before zeInit."""
    for src in srcs:
        name = src.split("/")[-1][:-len(".cpp")]
        for suffix, layer in [("", {}), ("_validated", {
            "ZE_ENABLE_VALIDATION_LAYER": "1",
            "ZE_ENABLE_PARAMETER_VALIDATION": "1",
        })]:
            env = {"FERRY_NPU_SIMULATOR": "$(rootpath %s)" % driver}
            env.update(layer)
            asan_env = dict(env)

            # LeakSanitizer (clang 14) crashes at exit scanning the dynamic TLS of OpenMP threads
            # started from a dlopen'ed library (the loader dlopens the driver, the driver
            # libdnnl and libgomp): under ASan the engine runs on one OpenMP thread.
            asan_env["OMP_NUM_THREADS"] = "1"
            env_select = select({
                "//plugins/npu/simulator:asan_build": asan_env,
                "//conditions:default": env,
            })
            if not suffix:
                native.cc_test(
                    name = name,
                    srcs = [src],
                    data = [driver] + data,
                    env = env_select,
                    deps = deps + ["@com_google_googletest//:gtest_main"],
                    size = "small",
                )
            else:
                native.sh_test(
                    name = name + suffix,
                    srcs = ["//testing/support:run_test_binary.sh"],
                    args = ["$(rootpath :%s)" % name],
                    data = [driver, ":" + name] + data,
                    env = env_select,
                    size = "small",
                )

SIMULATOR = "//plugins/npu/simulator:libze_ferry_npu_simulator.so"

def simulated_npu_env():
    """The env of a test on the simulated NPU (SIMULATOR in its data): FERRY_NPU_SIMULATOR, the
    driver's runfiles path (tests turn it into ZE_ENABLE_ALT_DRIVERS), and under ASan one OpenMP
    thread, as simulator_driver_tests explains."""
    env = {"FERRY_NPU_SIMULATOR": "$(rootpath %s)" % SIMULATOR}
    return select({
        "//plugins/npu/simulator:asan_build": dict(env, OMP_NUM_THREADS = "1"),
        "//conditions:default": env,
    })
