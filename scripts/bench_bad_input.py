"""Run every file of the bad-input corpus through the kb command and measure it.

Each case (tests/badinput.py: tests/broken/, tests/broken_scenarios/ and the generated big files) is
put into a fresh copy of the project's data/ and scenarios/, then checked by a kb subprocess:

- a catalog file: ``kb validate --root COPY`` (the catalogs and the form of every scenario file);
- a scenario file: ``kb check FILE`` (read, then run); an id that clashes with another file's is
  found by ``kb validate --root COPY``, which reads them all.

Per case it prints the exit status, the wall time and the peak resident memory of the command, and
whether the output named the expected file, line, field and message without a traceback; then the
maximum and median time and memory. Exit 1 if any case misses its message, shows a traceback, does
not exit 1, or takes more than 5 s or 200 MB.

    .venv/bin/python scripts/bench_bad_input.py [--only NAME ...]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from badinput import KB, MEMORY_LIMIT, ROOT, TIME_LIMIT, Case, copy_inputs, corpus, reported  # noqa: E402


def command(case: Case, root: Path, target: Path) -> list[str]:
    if case.kind == "catalog" or case.name == "duplicate_id_of_another_file":
        return [str(KB), "validate", "--root", str(root)]
    return [str(KB), "check", str(target)]


def measure(case: Case) -> tuple[int, float, int, str]:
    """Exit status, seconds, peak RSS in bytes and the output of kb on one case."""
    with tempfile.TemporaryDirectory(prefix="bad-input-") as folder:
        root = Path(folder)
        copy_inputs(root)
        target = case.install(root)
        with tempfile.TemporaryFile() as out:
            started = time.perf_counter()
            process = subprocess.Popen(command(case, root, target), cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
            _, status, usage = os.wait4(process.pid, 0)
            seconds = time.perf_counter() - started
            process.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            output = out.read().decode("utf-8", errors="replace")
    return process.returncode, seconds, usage.ru_maxrss * 1024, output


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="Only the cases of these names")
    args = parser.parse_args()
    cases = [c for c in corpus() if not args.only or c.name in args.only]
    times, peaks, failed = [], [], []
    print(f"{'kind':<9}{'case':<40}{'exit':>5}{'seconds':>9}{'peak MB':>9}  verdict")
    for case in cases:
        code, seconds, peak, output = measure(case)
        problems = []
        if code != 1:
            problems.append(f"exit {code}")
        if "Traceback" in output:
            problems.append("traceback")
        if not reported(output, case):
            problems.append(f"no '{case.line}: {case.path}: {case.message}'")
        if seconds > TIME_LIMIT:
            problems.append(f"over {TIME_LIMIT:g} s")
        if peak > MEMORY_LIMIT:
            problems.append(f"over {MEMORY_LIMIT // 2**20} MB")
        times.append(seconds)
        peaks.append(peak)
        if problems:
            failed.append(case)
        print(f"{case.kind:<9}{case.name:<40}{code:>5}{seconds:>9.2f}{peak / 2**20:>9.1f}  {'; '.join(problems) or 'ok'}",
              flush=True)
    print(f"\n{len(cases)} cases ({sum(c.kind == 'catalog' for c in cases)} catalog, "
          f"{sum(c.kind == 'scenario' for c in cases)} scenario, {sum(c.dangerous for c in cases)} of them dangerous)")
    print(f"time:   max {max(times):.2f} s, median {statistics.median(times):.2f} s (limit {TIME_LIMIT:g} s)")
    print(f"memory: max {max(peaks) / 2**20:.1f} MB, median {statistics.median(peaks) / 2**20:.1f} MB peak RSS "
          f"(limit {MEMORY_LIMIT // 2**20} MB)")
    print(f"{len(failed)} case(s) failed" + (": " + ", ".join(f"{c.kind}/{c.name}" for c in failed) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
