"""Runs Ferry's gpu_model_bench (plugins/gpu/bench/model_bench.cpp) for compare_with_pytorch.py.

Only the standard library: compare_report_test.py drives these functions with stand-in binaries.
Results are plain dicts, as compare_report.py reads them:
  {"ms": latency} from a run that wrote its output (the caller adds "error" and "match"), or
  {"failed": short reason, "detail": the bench's message on one line}.
"""
import os
import re
import subprocess

from compare_report import one_line

IO_MODES = ("pageable", "host", "remote")
PROBE = ("--iterations=1", "--warmup=0")  # a probe run: one inference, no warm-up


class BenchFailed(RuntimeError):
    """gpu_model_bench exited non-zero, or printed no figure to read."""

    def __init__(self, command, output, exit_code=None):
        status = "" if exit_code is None else f"exit code {exit_code}: "
        super().__init__(f"{' '.join(command)}: {status}\n{output}")
        lines = [line.strip() for line in output.splitlines() if line.strip()]
        self.reason = lines[-1] if lines else status.rstrip(": ")  # the bench's own error message comes last
        self.detail = one_line(status + output)


def run_bench(bench, model_file, device, precision, *extra):
    """gpu_model_bench's standard output; BenchFailed when it exits non-zero or cannot start."""
    command = [bench, f"--model={model_file}", f"--device={device}", f"--precision={precision}", *extra]
    try:
        result = subprocess.run(command, capture_output=True, text=True)
    except OSError as error:
        raise BenchFailed(command, str(error)) from error
    if result.returncode != 0:
        raise BenchFailed(command, result.stdout + result.stderr, result.returncode)
    return result.stdout


def parse_median(stdout, figure):
    """The number in gpu_model_bench's '<figure> median N ms' (figure: 'latency' or 'device time')."""
    match = re.search(rf"{figure} median ([0-9.eE+-]+) ms", stdout)
    if not match:
        raise BenchFailed(["gpu_model_bench"], f"{stdout}no '{figure} median' in its output")
    return float(match.group(1))


def io_flag_unsupported(bench, model_file, device, precision):
    """None when the bench takes --io=pageable|host|remote; else why not, for the report.

    A binary from before --io either rejects unknown flags (it then fails with --io=pageable but not
    without it) or ignores them (it then also accepts --io=<not a mode>, which one that knows --io
    rejects). Two or three probe runs of one inference each, on model_file."""
    try:
        run_bench(bench, model_file, device, precision, "--io=pageable", *PROBE)
    except BenchFailed as with_io:
        try:
            run_bench(bench, model_file, device, precision, *PROBE)
        except BenchFailed:
            return None  # it fails with or without --io: not about the flag; the timing runs report it
        return f"it rejects --io ({with_io.reason})"
    try:
        run_bench(bench, model_file, device, precision, "--io=not-an-io-mode", *PROBE)
    except BenchFailed:
        return None
    return "it accepts --io=not-an-io-mode, so it ignores --io"


def time_io(bench, model_file, input_file, output_file, device, iterations, precision, io):
    """Wall-clock latency with inputs and outputs in `io` memory (None: no --io flag, the bench's
    default, pageable); the output goes to output_file, removed first so that none is stale."""
    if os.path.exists(output_file):
        os.remove(output_file)
    io_flag = [f"--io={io}"] if io else []
    return _median(bench, model_file, device, precision, "latency", f"--input={input_file}", f"--output={output_file}",
                   f"--iterations={iterations}", "--warmup=5", *io_flag)


def time_kernels(bench, model_file, input_file, device, iterations, precision):
    """Median sum of the kernels' device times per inference (PERF_COUNT, a run of its own: its
    events add host work to every launch and would inflate the wall-clock figure)."""
    return _median(bench, model_file, device, precision, "device time", f"--input={input_file}",
                   f"--iterations={iterations}", "--warmup=5", "--perf_count=1")


def _median(bench, model_file, device, precision, figure, *extra):
    """{"ms": the run's '<figure> median'}, or {"failed", "detail"}; the bench's output goes to the log."""
    try:
        stdout = run_bench(bench, model_file, device, precision, *extra)
        print(stdout.strip(), flush=True)
        return {"ms": parse_median(stdout, figure)}
    except BenchFailed as error:
        print(error, flush=True)
        return {"failed": error.reason, "detail": error.detail}
