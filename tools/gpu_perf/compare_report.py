"""The markdown report of compare_with_pytorch.py, built from plain dicts (no torch, no numpy), so
that compare_report_test.py can check it anywhere.

A case is a dict:
  "case": its name as the report shows it, e.g. "resnet50_b1 (f32)";
  "unit", "work": "img/s" with the batch, or "TFLOP/s" with the floating-point operations of one
      inference, to turn a latency into a rate;
  "torch": {PyTorch mode: result}; "ferry": {Ferry I/O mode: result}; "kernels": result;
  "transfers" (optional): {"in_bytes", "out_bytes", "torch_copy_ms": PyTorch's pinned copies of them}.
The bus (optional): {"h2d_gbps", "d2h_gbps"}, the pinned bandwidth each way in GB/s; with it, a
case's "host" I/O mode gets a budget: kernels + in_bytes / (0.8 h2d) + out_bytes / (0.8 d2h).
A result is {"ms": median latency, "error": max |diff| / max |reference| or None, "match": True,
False, or None (output not checked)}, or {"failed": short reason, "detail": longer text}.
"""

DETAIL_LIMIT = 400
BUS_SHARE = 0.8  # the host mode's transfers are budgeted at this share of the bus's bandwidth


def one_line(text, limit=DETAIL_LIMIT):
    """text with its lines joined by ' / ', cut to limit characters."""
    joined = " / ".join(line.strip() for line in str(text).splitlines() if line.strip())
    return joined if len(joined) <= limit else joined[:limit - 3] + "..."


def short_reason(error, limit=80):
    """'Type: first line' of the innermost exception under error (torch.compile's errors wrap
    the backend's in inner_exception or __cause__), for a table cell."""
    seen = {id(error)}
    while True:
        inner = getattr(error, "inner_exception", None) or error.__cause__
        if not isinstance(inner, BaseException) or id(inner) in seen:
            break
        seen.add(id(inner))
        error = inner
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return one_line(f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__, limit)


def rate(case, ms):
    if case["unit"] == "TFLOP/s":
        return f"{case['work'] / ms / 1e9:.1f} TFLOP/s"
    return f"{case['work'] / ms * 1e3:.0f} {case['unit']}"


def best(results, need_match):
    """(mode, ms) of the fastest result that ran (and, with need_match, matched), or None."""
    timed = [(result["ms"], mode) for mode, result in results.items()
             if "ms" in result and (result.get("match") or not need_match)]
    return (min(timed)[1], min(timed)[0]) if timed else None


def best_torch(case):
    return best(case["torch"], need_match=True)


def best_ferry(case):
    """Ferry's fastest I/O mode whether or not its output matched: the match column says that."""
    return best(case["ferry"], need_match=False)


def failed_cell(result):
    return f"failed: {result['failed']}"


def torch_cell(result):
    """A PyTorch mode's time, or why there is none: it failed, or its output differs from eager's."""
    if "failed" in result:
        return failed_cell(result)
    if not result["match"]:
        return f"mismatch ({result['error']:.1e})"
    return f"{result['ms']:.3f}"


def ferry_cell(result):
    """A Ferry I/O mode's time, marked when its output did not match or was not checked."""
    if "failed" in result:
        return failed_cell(result)
    mark = {True: "", False: " (mismatch)", None: " (output not checked)"}[result.get("match")]
    return f"{result['ms']:.3f}{mark}"


def kernels_cell(case):
    result = case["kernels"]
    return failed_cell(result) if "failed" in result else f"{result['ms']:.3f}"


def best_torch_cell(case):
    found = best_torch(case)
    return f"{found[1]:.3f} ({found[0]})" if found else "n/a"


def best_torch_rate_cell(case):
    found = best_torch(case)
    return rate(case, found[1]) if found else "n/a"


def ferry_rate_cell(case):
    found = best_ferry(case)
    return f"{rate(case, found[1])} ({found[0]})" if found else "n/a"


def kernels_rate_cell(case):
    result = case["kernels"]
    return rate(case, result["ms"]) if "ms" in result else "n/a"


def speedup_cell(case):
    torch_best, ferry_best = best_torch(case), best_ferry(case)
    return f"{torch_best[1] / ferry_best[1]:.2f}" if torch_best and ferry_best else "n/a"


def error_cell(case):
    errors = [result["error"] for result in case["ferry"].values() if result.get("error") is not None]
    return f"{max(errors):.1e}" if errors else "n/a"


def match_cell(case):
    """'yes' when every Ferry I/O mode's output matched; else which did not, failed or went unchecked."""
    ferry = case["ferry"]
    wrong = [mode for mode, result in ferry.items() if "failed" in result or result.get("match") is False]
    unchecked = [mode for mode, result in ferry.items() if "ms" in result and result.get("match") is None]
    if wrong:
        return f"NO ({', '.join(wrong)})"
    if len(unchecked) == len(ferry):
        return "not checked"
    return "yes" + (f" ({', '.join(unchecked)} not checked)" if unchecked else "")


def host_budget_ms(case, bus):
    """Kernels ms plus the case's input and output moved at BUS_SHARE of the bus, or None."""
    transfers, kernels = case.get("transfers"), case["kernels"]
    if not bus or not transfers or "ms" not in kernels:
        return None
    return (kernels["ms"] + transfers["in_bytes"] / (BUS_SHARE * bus["h2d_gbps"] * 1e6)
            + transfers["out_bytes"] / (BUS_SHARE * bus["d2h_gbps"] * 1e6))


def torch_copy_cell(case):
    transfers = case.get("transfers")
    return f"{transfers['torch_copy_ms']:.3f}" if transfers else "n/a"


def host_budget_cell(case, bus):
    budget = host_budget_ms(case, bus)
    return f"{budget:.3f}" if budget is not None else "n/a"


def host_within_budget_cell(case, bus):
    budget, host = host_budget_ms(case, bus), case["ferry"].get("host", {})
    if budget is None or "ms" not in host:
        return "n/a"
    return f"{'yes' if host['ms'] <= budget else 'NO'} ({host['ms'] / budget:.2f} of it)"


def bus_columns(ferry_modes, bus):
    """The host mode's budget columns, when the bus was measured and the host mode ran."""
    if not bus or "host" not in ferry_modes:
        return []
    return [("PyTorch pinned copies of the I/O ms", torch_copy_cell),
            (f"host budget ms: kernels + I/O at {BUS_SHARE:.0%} of the bus",
             lambda case: host_budget_cell(case, bus)),
            ("Ferry host within budget", lambda case: host_within_budget_cell(case, bus))]


def columns(torch_modes, ferry_modes, bus=None):
    """[(header, cell function of a case)] for the modes that ran."""
    return mode_columns(torch_modes, ferry_modes) + bus_columns(ferry_modes, bus)


def mode_columns(torch_modes, ferry_modes):
    return ([("case", lambda case: case["case"])]
            + [(f"PyTorch {mode} ms", lambda case, mode=mode: torch_cell(case["torch"][mode])) for mode in torch_modes]
            + [("best PyTorch ms (mode)", best_torch_cell), ("best PyTorch", best_torch_rate_cell)]
            + [(f"Ferry {io} ms (wall)", lambda case, io=io: ferry_cell(case["ferry"][io])) for io in ferry_modes]
            + [("Ferry kernels ms", kernels_cell), ("Ferry (best wall)", ferry_rate_cell),
               ("Ferry kernels", kernels_rate_cell),
               ("speed-up: best PyTorch ms / Ferry's best wall ms (>1: Ferry faster)", speedup_cell),
               ("max error / max abs (Ferry)", error_cell), ("Ferry outputs match", match_cell)])


def escape(cell):
    return one_line(cell, limit=10 ** 6).replace("|", "\\|")


def table_header(torch_modes, ferry_modes, bus=None):
    headers = [header for header, _ in columns(torch_modes, ferry_modes, bus)]
    return [f"| {' | '.join(headers)} |", f"|{' --- |' * len(headers)}"]


def table_row(case, torch_modes, ferry_modes, bus=None):
    return f"| {' | '.join(escape(cell(case)) for _, cell in columns(torch_modes, ferry_modes, bus))} |"


def failure_notes(cases):
    """One line per failed timing, with its longer text."""
    notes = []
    for case in cases:
        tagged = ([(f"PyTorch {mode}", result) for mode, result in case["torch"].items()]
                  + [(f"Ferry {io}", result) for io, result in case["ferry"].items()]
                  + [("Ferry kernels", case["kernels"])])
        notes += [f"{case['case']}, {what}: {result['detail']}" for what, result in tagged
                  if "failed" in result and result.get("detail")]
    return notes


def bus_note(bus):
    return (f"Bus (PyTorch's pinned copies): host to device {bus['h2d_gbps']:.1f} GB/s, device to host "
            f"{bus['d2h_gbps']:.1f} GB/s; the host budget takes {BUS_SHARE:.0%} of each.")


def report(cases, torch_modes, ferry_modes, notes=(), bus=None):
    """The table, then the notes and every failure's text as a list below it."""
    lines = table_header(torch_modes, ferry_modes, bus) + [table_row(case, torch_modes, ferry_modes, bus)
                                                           for case in cases]
    bullets = ([bus_note(bus)] if bus else []) + list(notes) + failure_notes(cases)
    if bullets:
        lines += [""] + [f"- {one_line(note, limit=10 ** 6)}" for note in bullets]
    return "\n".join(lines) + "\n"


def ferry_ok(case):
    """False when a Ferry run failed or an output it checked did not match (the script's exit code)."""
    results = list(case["ferry"].values()) + [case["kernels"]]
    return all("failed" not in result and result.get("match") is not False for result in results)
