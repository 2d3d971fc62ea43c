#!/usr/bin/env python3
"""Benchmark quizbank commands against a floor (libyaml pulling events, nothing else).

    python3 Benchmarks/bench.py --quizbank .build/release/quizbank --floor .build/bench/floor \
        --bank .build/bench/bank-100k.yaml [--runs 5] [--case compile] [--case lint] \
        [--command NAME='cmd with {bank} and {tmp}'] [--ok NAME=0,1] [--json FILE]

Each run executes the floor and every case once, in an order that rotates from run to run
(so no case is always first). Wall time is time.perf_counter around Popen + os.wait4;
peak RSS is that child's own ru_maxrss from os.wait4 (KiB on Linux), not a maximum over
all children of this script. A case's ratio is its time divided by the floor's time in the
same run; the table shows the median of those per-run ratios.

Cases:
  compile   quizbank compile {bank} -o {tmp}   must exit 0
  lint      quizbank lint {bank}                exit 0 or 1 (findings) are both fine
  --command NAME='...'   any command; {bank} is the bank path, {tmp} a fresh empty
            temporary directory, {quizbank} the --quizbank path. Split like a shell
            would (shlex), but not run by a shell: write sh -c '...' for pipes.
            Must exit 0 unless --ok NAME=CODES says otherwise.
stdout and stderr of every command go to files (not pipes), read only on failure.

Targets (printed after the table, each met or MISSED):
  --max-ratio NAME=X        the case's median ratio to the floor is at most X
  --max-rss-over-bank X     every case's peak RSS is under X times the bank's size
Exits 1 if any command fails, 2 on a usage error or a missing binary, 3 if a target is missed.
"""

import argparse
import json
import os
import platform
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BUILTIN = {
    "compile": ("{quizbank} compile {bank} -o {tmp}", {0}),
    "lint": ("{quizbank} lint {bank}", {0, 1}),
}


def fail(msg, code=1):
    print("bench: " + msg, file=sys.stderr)
    sys.exit(code)


class Case:
    def __init__(self, name, template, ok_codes, needs_quizbank):
        self.name = name
        self.template = template
        self.ok_codes = ok_codes
        self.needs_quizbank = needs_quizbank
        self.times = []
        self.rss_kib = []
        self.codes = []
        self.ratios = []
        self.rss_bounded = []  # True where ru_maxrss was not above this script's own peak

    def argv(self, subst):
        try:
            words = shlex.split(self.template)
        except ValueError as e:
            fail("%s: cannot split command %r: %s" % (self.name, self.template, e), 2)
        if not words:
            fail("%s: empty command" % self.name, 2)
        try:
            return [w.format(**subst) for w in words]
        except (KeyError, IndexError, ValueError) as e:
            fail("%s: bad placeholder in %r: %s (use {bank}, {tmp}, {quizbank}; "
                 "double braces for literal ones)" % (self.name, self.template, e), 2)


def head(path, n=20):
    try:
        with open(path, "r", encoding="utf-8", errors="replace") as f:
            lines = f.read(64 * 1024).splitlines()
    except OSError:
        return []
    return lines[:n]


def run_one(case, subst, timeout):
    """Run one command; return (seconds, maxrss_kib, exit_code, stdout_path, stderr_path, workdir)."""
    work = tempfile.mkdtemp(prefix="quizbank-bench-")
    tmp = os.path.join(work, "out")
    os.mkdir(tmp)
    argv = case.argv(dict(subst, tmp=tmp))
    out_path = os.path.join(work, "stdout")
    err_path = os.path.join(work, "stderr")
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        t0 = time.perf_counter()
        try:
            p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        except OSError as e:
            shutil.rmtree(work, ignore_errors=True)
            fail("%s: cannot run %s: %s" % (case.name, shlex.join(argv), e), 2)
        parent_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        timer = None
        if timeout:
            timer = threading.Timer(timeout, p.kill)
            timer.start()
        _, status, ru = os.wait4(p.pid, 0)
        t1 = time.perf_counter()
        if timer:
            timer.cancel()
    code = os.waitstatus_to_exitcode(status)
    p.returncode = code  # already reaped; keep Popen from waiting again
    # On Linux a child's ru_maxrss starts at its parent's high-water mark when it was
    # forked (the mm's hiwater is carried over fork/vfork and exec), so a figure not above
    # this script's own peak is only an upper bound. Flagged in the table.
    return t1 - t0, ru.ru_maxrss, parent_kib, code, out_path, err_path, work, argv


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="See the module docstring for details.")
    ap.add_argument("--quizbank", default=".build/release/quizbank", help="quizbank binary")
    ap.add_argument("--floor", default=".build/bench/floor", help="floor binary (Benchmarks/floor.c)")
    ap.add_argument("--bank", required=True, help="bank to run on")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--warmup", type=int, default=1,
                    help="untimed runs of everything first (default 1; also checks the commands)")
    ap.add_argument("--case", action="append", choices=sorted(BUILTIN), default=[],
                    help="built-in case (repeatable); default: compile and lint "
                         "when no --case and no --command is given")
    ap.add_argument("--command", action="append", default=[], metavar="NAME=CMD",
                    help="extra case; {bank}, {tmp}, {quizbank} are substituted")
    ap.add_argument("--ok", action="append", default=[], metavar="NAME=CODES",
                    help="accepted exit codes for a --command case, e.g. stats=0,1")
    ap.add_argument("--timeout", type=float, default=900, help="seconds per command (0: none)")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    ap.add_argument("--max-ratio", action="append", default=[], metavar="NAME=X",
                    help="target: the case's median ratio to the floor is at most X")
    ap.add_argument("--max-rss-over-bank", type=float, metavar="X",
                    help="target: every case's peak RSS is under X times the bank's size")
    a = ap.parse_args()
    if a.runs < 1:
        ap.error("--runs must be >= 1")

    if not os.path.isfile(a.bank):
        fail("bank %s not found (generate it with Benchmarks/make_bank.py)" % a.bank, 2)
    if not (os.path.isfile(a.floor) and os.access(a.floor, os.X_OK)):
        fail("floor binary %s not found; build it with: cc -O2 Benchmarks/floor.c "
             "$(pkg-config --cflags --libs yaml-0.1) -o %s" % (a.floor, a.floor), 2)

    ok_codes = {}
    for spec in a.ok:
        name, sep, codes = spec.partition("=")
        try:
            ok_codes[name] = {int(c) for c in codes.split(",") if c.strip()}
        except ValueError:
            ok_codes[name] = None
        if not sep or not name or not ok_codes[name]:
            fail("--ok wants NAME=CODES, e.g. lint2=0,1; got %r" % spec, 2)

    cases = []
    names = {"floor"}
    case_names = a.case or ([] if a.command else ["compile", "lint"])
    for name in dict.fromkeys(case_names):
        template, codes = BUILTIN[name]
        cases.append(Case(name, template, codes, True))
        names.add(name)
    for spec in a.command:
        name, sep, template = spec.partition("=")
        name = name.strip()
        if not sep or not name or not template.strip():
            fail("--command wants NAME=CMD, got %r" % spec, 2)
        if name in names:
            fail("case name %r used twice" % name, 2)
        names.add(name)
        cases.append(Case(name, template, ok_codes.get(name, {0}), "{quizbank}" in template))
    for name in ok_codes:
        if name not in names:
            fail("--ok names unknown case %r" % name, 2)
    max_ratios = {}
    for spec in a.max_ratio:
        name, sep, value = spec.partition("=")
        try:
            max_ratios[name] = float(value)
        except ValueError:
            sep = ""
        if not sep or name not in names:
            fail("--max-ratio wants NAME=X for a case, e.g. lint=6; got %r" % spec, 2)

    if any(c.needs_quizbank for c in cases):
        if not os.path.isfile(a.quizbank):
            fail("quizbank binary %s not found; build it first (swift build -c release) "
                 "or pass --quizbank PATH" % a.quizbank, 2)
        if not os.access(a.quizbank, os.X_OK):
            fail("quizbank binary %s is not executable" % a.quizbank, 2)

    bank = os.path.abspath(a.bank)
    quizbank = os.path.abspath(a.quizbank)
    floor = Case("floor", shlex.quote(os.path.abspath(a.floor)) + " {bank}", {0}, False)
    subst = {"bank": bank, "quizbank": quizbank}
    bank_bytes = os.path.getsize(bank)
    every = [floor] + cases
    events = None

    def execute(case, timed):
        nonlocal events
        secs, rss, parent_kib, code, out_path, err_path, work, argv = run_one(
            case, subst, a.timeout)
        try:
            if code not in case.ok_codes:
                what = ("killed by signal %d" % -code) if code < 0 else ("exit %d" % code)
                if a.timeout and secs >= a.timeout:
                    what += " (timeout after %gs)" % a.timeout
                print("bench: %s failed (%s; accepted: %s): %s"
                      % (case.name, what, ",".join(map(str, sorted(case.ok_codes))),
                         shlex.join(argv)), file=sys.stderr)
                lines = head(err_path) or head(out_path)
                for line in lines:
                    print("  | " + line, file=sys.stderr)
                if not lines:
                    print("  | (no output)", file=sys.stderr)
                sys.exit(1)
            if case is floor:
                text = "".join(head(out_path, 1)).strip()
                if not text.isdigit():
                    fail("floor printed %r, expected an event count" % text)
                if events is not None and int(text) != events:
                    fail("floor event count changed: %s then %d" % (events, int(text)))
                events = int(text)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        if timed:
            case.times.append(secs)
            case.rss_kib.append(rss)
            case.rss_bounded.append(rss <= parent_kib)
            case.codes.append(code)
        return secs

    for w in range(a.warmup):
        for case in every:
            execute(case, False)

    for r in range(a.runs):
        k = r % len(every)
        order = every[k:] + every[:k]
        got = {}
        for case in order:
            got[case.name] = execute(case, True)
        for case in every:
            case.ratios.append(got[case.name] / got["floor"])
        print("bench: run %d/%d: %s" % (r + 1, a.runs, ", ".join(
            "%s %.3fs" % (c.name, got[c.name]) for c in every)), file=sys.stderr)

    floor_median = statistics.median(floor.times)
    rows = []
    for case in every:
        peak = max(case.rss_kib)
        rows.append({
            "case": case.name,
            "command": case.template,
            "times": case.times,
            "median": statistics.median(case.times),
            "min": min(case.times),
            "max": max(case.times),
            "ratios": case.ratios,
            "ratio_median": statistics.median(case.ratios),
            "ratio_of_medians": statistics.median(case.times) / floor_median,
            "rss_kib": case.rss_kib,
            "peak_rss_mib": peak / 1024,
            "peak_rss_is_upper_bound": all(case.rss_bounded),
            "peak_rss_over_bank": peak * 1024 / bank_bytes if bank_bytes else None,
            "exit_codes": sorted(set(case.codes)),
        })

    print()
    print("bank:   %s" % a.bank)
    print("size:   %d bytes (%.1f MiB, %.1f MB)" % (bank_bytes, bank_bytes / 2**20, bank_bytes / 1e6))
    print("floor:  %d libyaml events, median %.3fs (%.0f MB/s)"
          % (events, floor_median, bank_bytes / 1e6 / floor_median if floor_median else 0))
    print("runs:   %d (+%d warm-up)" % (a.runs, a.warmup))
    print()
    hdr = ("case", "median s", "min s", "max s", "x floor", "peak RSS MiB", "RSS/bank", "exit")
    table = [hdr]
    for row in rows:
        table.append((row["case"], "%.3f" % row["median"], "%.3f" % row["min"],
                      "%.3f" % row["max"], "%.2f" % row["ratio_median"],
                      ("<=%.1f" if row["peak_rss_is_upper_bound"] else "%.1f") % row["peak_rss_mib"],
                      "%.2f" % row["peak_rss_over_bank"],
                      ",".join(map(str, row["exit_codes"]))))
    widths = [max(len(t[i]) for t in table) for i in range(len(hdr))]
    for j, t in enumerate(table):
        print("  ".join(t[0].ljust(widths[0]) if i == 0 else t[i].rjust(widths[i])
                        for i in range(len(t))).rstrip())
        if j == 0:
            print("  ".join("-" * w for w in widths))

    self_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if any(r["peak_rss_is_upper_bound"] for r in rows):
        print("\n<=: not above this script's own peak RSS (%.1f MiB), which a child inherits "
              "as its starting ru_maxrss on Linux; the real peak may be lower." % self_mib)

    targets = []
    for row in rows:
        if row["case"] in max_ratios:
            limit = max_ratios[row["case"]]
            targets.append(("%s at most %gx the floor" % (row["case"], limit),
                            row["ratio_median"] <= limit, "%.2fx" % row["ratio_median"]))
        if a.max_rss_over_bank is not None and row["case"] != "floor":
            targets.append(("%s peak RSS under %gx the bank" % (row["case"], a.max_rss_over_bank),
                            row["peak_rss_over_bank"] < a.max_rss_over_bank,
                            "%.2fx" % row["peak_rss_over_bank"]))
    if targets:
        print("\ntargets:")
        for what, met, got in targets:
            print("  %-6s  %s (%s)" % ("met" if met else "MISSED", what, got))

    if a.json:
        doc = {
            "bank": a.bank,
            "bank_bytes": bank_bytes,
            "floor_events": events,
            "runs": a.runs,
            "runner_peak_rss_mib": self_mib,
            "warmup": a.warmup,
            "quizbank": a.quizbank,
            "host": {"platform": platform.platform(), "machine": platform.machine(),
                     "cpus": os.cpu_count(), "python": platform.python_version()},
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "cases": rows,
            "targets": [{"target": what, "met": met, "measured": got} for what, met, got in targets],
        }
        d = os.path.dirname(os.path.abspath(a.json))
        os.makedirs(d, exist_ok=True)
        with open(a.json, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=2)
            f.write("\n")
        print("\nbench: figures written to %s" % a.json)
    if not all(met for _, met, _ in targets):
        sys.exit(3)


if __name__ == "__main__":
    main()
