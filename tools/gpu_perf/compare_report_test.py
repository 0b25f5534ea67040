#!/usr/bin/env python3
"""Checks compare_with_pytorch.py's report (compare_report.py) and its handling of gpu_model_bench
(ferry_bench.py, against stand-in binaries) without torch or a GPU:

    python3 tools/gpu_perf/compare_report_test.py
"""
import os
import stat
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import compare_report  # noqa: E402
import ferry_bench  # noqa: E402

TORCH_MODES = ["eager", "eager+cudnn.benchmark", "cuda_graph", "torch.compile", "torch.compile+cuda_graph"]
IO_MODES = ["pageable", "host", "remote"]


def timed(ms, error=1e-6, match=True):
    return {"ms": ms, "error": error, "match": match}


def resnet_case(**changes):
    case = {
        "case": "resnet50_b1 (f32)", "unit": "img/s", "work": 1,
        "torch": {"eager": timed(4.0, 0.0), "eager+cudnn.benchmark": timed(3.5),
                  "cuda_graph": timed(2.0), "torch.compile": {"failed": "RuntimeError: no C compiler",
                                                              "detail": "RuntimeError: no C compiler / at line 3"},
                  "torch.compile+cuda_graph": timed(1.0, error=0.5, match=False)},
        "ferry": {"pageable": timed(1.6, 2e-6), "host": timed(1.4, 3e-6), "remote": timed(1.25, 1e-6)},
        "kernels": {"ms": 1.2},
    }
    case.update(changes)
    return case


def cells(case, torch_modes=TORCH_MODES, ferry_modes=IO_MODES, bus=None):
    row = compare_report.table_row(case, torch_modes, ferry_modes, bus)
    headers = compare_report.table_header(torch_modes, ferry_modes, bus)[0]
    names = [cell.strip() for cell in headers.strip("|").split(" | ")]
    values = [cell.strip() for cell in row.strip("|").split(" | ")]
    return dict(zip(names, values))


class ReportTest(unittest.TestCase):
    def test_one_column_per_mode_that_ran(self):
        header, rule = compare_report.table_header(["eager", "cuda_graph"], ["pageable"])
        self.assertIn("| PyTorch eager ms | PyTorch cuda_graph ms | best PyTorch ms (mode) |", header)
        self.assertIn("| Ferry pageable ms (wall) | Ferry kernels ms |", header)
        self.assertNotIn("host", header)
        self.assertIn("(>1: Ferry faster)", header)
        self.assertEqual(rule.count("---"), header.count("|") - 1)

    def test_best_pytorch_skips_failed_and_mismatched_modes(self):
        row = cells(resnet_case())
        self.assertEqual(row["PyTorch torch.compile ms"], "failed: RuntimeError: no C compiler")
        self.assertEqual(row["PyTorch torch.compile+cuda_graph ms"], "mismatch (5.0e-01)")
        self.assertEqual(row["PyTorch cuda_graph ms"], "2.000")
        self.assertEqual(row["best PyTorch ms (mode)"], "2.000 (cuda_graph)")
        self.assertEqual(row["best PyTorch"], "500 img/s")

    def test_speedup_is_best_pytorch_over_fastest_ferry_io(self):
        row = cells(resnet_case())
        self.assertEqual(row["Ferry remote ms (wall)"], "1.250")
        self.assertEqual(row["Ferry (best wall)"], "800 img/s (remote)")
        self.assertEqual(row["speed-up: best PyTorch ms / Ferry's best wall ms (>1: Ferry faster)"], "1.60")
        self.assertEqual(row["Ferry kernels ms"], "1.200")
        self.assertEqual(row["Ferry kernels"], "833 img/s")
        self.assertEqual(row["max error / max abs (Ferry)"], "3.0e-06")
        self.assertEqual(row["Ferry outputs match"], "yes")

    def test_matmul_rates_in_tflops(self):
        case = resnet_case(case="matmul4096 (f32)", unit="TFLOP/s", work=2.0 * 4096 ** 3)
        row = cells(case)
        self.assertEqual(row["best PyTorch"], "68.7 TFLOP/s")

    def test_no_pytorch_mode_matched(self):
        case = resnet_case(torch={"eager": {"failed": "OutOfMemoryError: CUDA out of memory", "detail": "x"}})
        row = cells(case, torch_modes=["eager"])
        self.assertEqual(row["best PyTorch ms (mode)"], "n/a")
        self.assertEqual(row["speed-up: best PyTorch ms / Ferry's best wall ms (>1: Ferry faster)"], "n/a")

    def test_ferry_failures_and_mismatches(self):
        case = resnet_case(ferry={"pageable": timed(1.6), "host": timed(1.4, error=0.2, match=False),
                                  "remote": {"failed": "gpu_model_bench: remote tensors unsupported", "detail": "d"}})
        row = cells(case)
        self.assertEqual(row["Ferry host ms (wall)"], "1.400 (mismatch)")
        self.assertEqual(row["Ferry remote ms (wall)"], "failed: gpu_model_bench: remote tensors unsupported")
        self.assertEqual(row["Ferry outputs match"], "NO (host, remote)")
        self.assertEqual(row["max error / max abs (Ferry)"], "2.0e-01")
        self.assertFalse(compare_report.ferry_ok(case))
        self.assertTrue(compare_report.ferry_ok(resnet_case()))

    def test_unchecked_output(self):
        case = resnet_case(ferry={"pageable": timed(1.6), "remote": timed(1.2, error=None, match=None)})
        row = cells(case, ferry_modes=["pageable", "remote"])
        self.assertEqual(row["Ferry remote ms (wall)"], "1.200 (output not checked)")
        self.assertEqual(row["Ferry outputs match"], "yes (remote not checked)")
        self.assertTrue(compare_report.ferry_ok(case))

    def test_failed_kernel_run_fails_the_case(self):
        case = resnet_case(kernels={"failed": "boom", "detail": "boom"})
        self.assertEqual(cells(case)["Ferry kernels"], "n/a")
        self.assertFalse(compare_report.ferry_ok(case))

    def test_report_lists_notes_and_failures_below_the_table(self):
        text = compare_report.report([resnet_case()], TORCH_MODES, IO_MODES, ["Ferry timed with pageable I/O only"])
        lines = text.splitlines()
        self.assertEqual(len(lines), 3 + 1 + 2)  # header, rule, one row, blank, two notes
        self.assertEqual(lines[4], "- Ferry timed with pageable I/O only")
        self.assertEqual(lines[5],
                         "- resnet50_b1 (f32), PyTorch torch.compile: RuntimeError: no C compiler / at line 3")

    def test_host_budget_is_kernels_plus_io_at_80_percent_of_the_bus(self):
        bus = {"h2d_gbps": 50.0, "d2h_gbps": 40.0}
        # 40 MB in at 0.8 x 50 GB/s: 1 ms; 16 MB back at 0.8 x 40 GB/s: 0.5 ms; kernels 1.2 ms.
        transfers = {"in_bytes": 40e6, "out_bytes": 16e6, "torch_copy_ms": 1.3}
        row = cells(resnet_case(transfers=transfers), bus=bus)
        self.assertEqual(row["PyTorch pinned copies of the I/O ms"], "1.300")
        self.assertEqual(row["host budget ms: kernels + I/O at 80% of the bus"], "2.700")
        self.assertEqual(row["Ferry host within budget"], "yes (0.52 of it)")
        slow = resnet_case(transfers=transfers, ferry={**resnet_case()["ferry"], "host": timed(2.8)})
        self.assertEqual(cells(slow, bus=bus)["Ferry host within budget"], "NO (1.04 of it)")
        # Without a kernel time, or a case measured without transfers, there is no budget.
        no_kernels = resnet_case(transfers=transfers, kernels={"failed": "boom", "detail": "boom"})
        self.assertEqual(cells(no_kernels, bus=bus)["Ferry host within budget"], "n/a")
        self.assertEqual(cells(resnet_case(), bus=bus)["host budget ms: kernels + I/O at 80% of the bus"], "n/a")
        # No bus measured, or no host mode: no budget columns.
        self.assertNotIn("Ferry host within budget", cells(resnet_case(transfers=transfers)))
        self.assertNotIn("Ferry host within budget", cells(resnet_case(transfers=transfers),
                                                           ferry_modes=["pageable", "remote"], bus=bus))
        text = compare_report.report([resnet_case(transfers=transfers)], TORCH_MODES, IO_MODES, bus=bus)
        self.assertIn("- Bus (PyTorch's pinned copies): host to device 50.0 GB/s, device to host 40.0 GB/s", text)

    def test_cells_are_escaped(self):
        case = resnet_case(torch={"eager": {"failed": "a | b\nc", "detail": "d"}})
        row = compare_report.table_row(case, ["eager"], IO_MODES)
        self.assertIn("failed: a \\| b / c", row)

    def test_short_reason_takes_the_innermost_error(self):
        class BackendCompilerFailed(Exception):
            def __init__(self, inner):
                super().__init__("backend='inductor' raised:\n" + str(inner))
                self.inner_exception = inner
        try:
            try:
                raise FileNotFoundError("\n  gcc: not found\nmore")
            except FileNotFoundError as error:
                raise RuntimeError("wrapper") from error
        except RuntimeError as chained:
            self.assertEqual(compare_report.short_reason(BackendCompilerFailed(chained)),
                             "FileNotFoundError: gcc: not found")
        self.assertEqual(compare_report.short_reason(ValueError("x" * 200), limit=20), "ValueError: xxxxx...")


FAKE_BENCH = textwrap.dedent("""\
    #!{python}
    # Stand-in for gpu_model_bench: KIND new (knows --io), strict (older, rejects unknown flags),
    # lax (older, ignores them), broken (always fails).
    import sys
    KIND = "{kind}"
    args = dict(arg[2:].split("=", 1) for arg in sys.argv[1:])
    if KIND == "broken":
        sys.exit("gpu_model_bench: no device GPU")
    if "io" in args and KIND == "strict":
        sys.exit("gpu_model_bench: argument '--io' unknown")
    io = args.get("io", "pageable") if KIND == "new" else "pageable"
    if io not in ("pageable", "host", "remote"):
        sys.exit("gpu_model_bench: --io must be pageable, host or remote")
    latency = {{"pageable": 1.5, "host": 1.25, "remote": 1.0}}[io]
    line = ("model " + args["model"] + " on GPU: compile 10 ms; latency median " + str(latency)
            + " ms, min 1 ms, max 2 ms over 3 inferences")
    if args.get("perf_count") == "1":
        line += "; device time median 0.75 ms"
    print(line)
    if "output" in args:
        open(args["output"], "wb").write(b"\\0" * 8)
""")


class FerryBenchTest(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)

    def bench(self, kind):
        path = os.path.join(self.directory.name, f"bench_{kind}")
        with open(path, "w") as out:
            out.write(FAKE_BENCH.format(python=sys.executable, kind=kind))
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
        return path

    def unsupported(self, kind):
        return ferry_bench.io_flag_unsupported(self.bench(kind), "m.onnx", "GPU", "f32")

    def test_io_flag_probe(self):
        self.assertIsNone(self.unsupported("new"))
        self.assertEqual(self.unsupported("strict"), "it rejects --io (gpu_model_bench: argument '--io' unknown)")
        self.assertIn("ignores --io", self.unsupported("lax"))
        self.assertIsNone(self.unsupported("broken"))  # not about --io: the timing runs report it

    def test_time_io_reads_the_latency_and_replaces_the_output(self):
        output = os.path.join(self.directory.name, "out.bin")
        with open(output, "wb") as stale:
            stale.write(b"stale")
        result = ferry_bench.time_io(self.bench("new"), "m.onnx", "in.bin", output, "GPU", 3, "f32", "remote")
        self.assertEqual(result, {"ms": 1.0})
        self.assertEqual(os.path.getsize(output), 8)
        result = ferry_bench.time_io(self.bench("strict"), "m.onnx", "in.bin", output, "GPU", 3, "f32", None)
        self.assertEqual(result, {"ms": 1.5})

    def test_failed_run_gives_the_bench_message(self):
        output = os.path.join(self.directory.name, "out.bin")
        with open(output, "wb") as stale:
            stale.write(b"stale")
        result = ferry_bench.time_io(self.bench("broken"), "m.onnx", "in.bin", output, "GPU", 3, "f32", None)
        self.assertEqual(result["failed"], "gpu_model_bench: no device GPU")
        self.assertIn("exit code 1", result["detail"])
        self.assertFalse(os.path.exists(output))

    def test_time_kernels(self):
        result = ferry_bench.time_kernels(self.bench("new"), "m.onnx", "in.bin", "GPU", 3, "f32")
        self.assertEqual(result, {"ms": 0.75})

    def test_missing_binary_is_a_failure(self):
        missing = os.path.join(self.directory.name, "none")
        result = ferry_bench.time_kernels(missing, "m.onnx", "in.bin", "GPU", 3, "f32")
        self.assertIn("No such file", result["failed"])

    def test_missing_figure_is_a_failure(self):
        result = ferry_bench._median(self.bench("new"), "m.onnx", "GPU", "f32", "device time")
        self.assertEqual(result["failed"], "no 'device time median' in its output")


if __name__ == "__main__":
    unittest.main()
