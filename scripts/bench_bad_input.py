"""Run every file of the bad-input corpus through the kb command and measure it.

Each case (tests/badinput.py: tests/broken/, tests/broken_scenarios/ and the generated big files) is
put into a fresh copy of the project's data/ and scenarios/, then checked by a kb subprocess:

- a catalog file: ``kb validate --root COPY`` (the catalogs and the form of every scenario file);
- a scenario file: ``kb check FILE`` (read, then run); an id that clashes with another file's is
  found by ``kb validate --root COPY``, which reads them all.

Odd files (a FIFO, a link to /dev/zero, a name that is not UTF-8...) are made in the copy by code;
``kb validate --root COPY`` reads them, or ``kb check FILE`` where the case says so.

Each copy also holds a small previous build (build/ and site/). Whenever ``kb validate`` refuses the
copy, ``kb build --root COPY`` runs too: it must refuse (exit 1) and leave build/ and site/ byte for
byte as they were (what they hold is hashed, links followed). A scenario case that only fails when
run is not refused by validation: its build check here is "n/a". (A build refuses one whose given
or options make no position, which tests/test_site.py checks; one whose steps fail is built and
shown as failed.)

Per case it prints the exit status, the wall time and the peak resident memory of the command, the
build check, and whether the output named the expected file, line, field and message without a
traceback; then the corpus size by kind, the maximum and median time and memory. Exit 1 if any case
misses its message, shows a traceback, does not exit 1, takes more than 10 s or 1.5 GB (issue 31),
or a refused build changed the previous one. The 10 s are CPU seconds (user and system) of the
command: on a machine shared with other work the wall time is several times that and says little
about the command; a command still running after 60 s of wall time is killed as hung.

    .venv/bin/python scripts/bench_bad_input.py [--only NAME ...]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from badinput import (BENCH_MEMORY_LIMIT, KB, ROOT, TIME_LIMIT, Case, copy_inputs, corpus,  # noqa: E402
                      reported)

KINDS = ("catalog", "scenario", "file")
HANG = 6 * TIME_LIMIT
"""A command still running after this long is killed (and the case fails): the bench never stalls."""
ADDRESS_SPACE = 3 * 2**30
"""A safety net for the machine; the limit checked is BENCH_MEMORY_LIMIT of resident memory."""


def command(case: Case, root: Path, target: Path) -> list[str]:
    if case.odd:
        return [str(KB), "check", str(target)] if case.odd.check else [str(KB), "validate", "--root", str(root)]
    if case.kind == "catalog" or case.name == "duplicate_id_of_another_file":
        return [str(KB), "validate", "--root", str(root)]
    return [str(KB), "check", str(target)]


def previous_build(root: Path, case: Case) -> None:
    """A small stand-in for the last good build: what a refused build must leave as it is."""
    for place, text in (("build/kb.db", f"the previous database ({case.name})"), ("build/metadata.json", "{}"),
                        ("site/index.html", "<p>the previous site</p>"), ("site/rules/index.html", "<p>rules</p>")):
        (root / place).parent.mkdir(parents=True, exist_ok=True)
        (root / place).write_text(text, encoding="utf-8")


def build_digest(root: Path) -> str:
    """A hash of what build/ and site/ hold (followed where they are links), paths and bytes."""
    digest = hashlib.sha256()
    for name in ("build", "site"):
        top = (root / name).resolve()
        digest.update(f"{name} {top.is_dir()}\0".encode())
        for folder, dirs, files in sorted(os.walk(top, followlinks=True)):
            dirs.sort()
            for file in sorted(files):
                path = Path(folder) / file
                digest.update(str(path.relative_to(top)).encode("utf-8", "surrogateescape") + b"\0")
                digest.update(path.read_bytes() if path.is_file() else b"(not a file)")
    return digest.hexdigest()


def limit() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run(argv: list[str]) -> tuple[int, float, int, str, float]:
    """Exit status (-9 if killed as hung), wall seconds, peak RSS in bytes, the output and the CPU
    seconds (on a busy machine the wall time is several times the CPU time)."""
    with tempfile.TemporaryFile() as out:
        started = time.perf_counter()
        process = subprocess.Popen(argv, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, preexec_fn=limit)
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - started > HANG:
                process.kill()
            time.sleep(0.01)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        return (process.returncode, seconds, usage.ru_maxrss * 1024, out.read().decode("utf-8", errors="replace"),
                usage.ru_utime + usage.ru_stime)


def measure(case: Case, cache: Path) -> tuple[int, float, int, str, str, float]:
    """Exit status, seconds, peak RSS and output of kb on one case, the build check, CPU seconds."""
    with tempfile.TemporaryDirectory(prefix="bad-input-") as folder:
        root = Path(folder)
        copy_inputs(root)
        (root / ".cache").symlink_to(cache)  # the sound catalog read once for every case, not once each
        previous_build(root, case)
        before = build_digest(root)
        target = case.install(root)
        argv = command(case, root, target)
        code, seconds, peak, output, cpu = run(argv)
        validated = code if argv[1] == "validate" else run([str(KB), "validate", "--root", str(root)])[0]
        if validated != 1:
            return code, seconds, peak, output, "n/a", cpu
        built, build_seconds, build_peak, build_output, build_cpu = run([str(KB), "build", "--root", str(root)])
        after = build_digest(root)
    if built != 1 or "Traceback" in build_output:
        check = f"build exit {built}" + (" traceback" if "Traceback" in build_output else "")
    else:
        check = "same" if after == before else "CHANGED"
    return code, max(seconds, build_seconds), max(peak, build_peak), output, check, max(cpu, build_cpu)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="Only the cases of these names")
    args = parser.parse_args()
    cases = [c for c in corpus() if not args.only or c.name in args.only]
    print("corpus: " + ", ".join(f"{sum(c.kind == k for c in cases)} {k}" for k in KINDS) + f" ({len(cases)} cases)")
    times, peaks, cpus, failed, checks = [], [], [], [], []
    print(f"{'kind':<9}{'case':<40}{'exit':>5}{'seconds':>9}{'peak MB':>9}{'cpu s':>7}  {'build':<9} verdict")
    with tempfile.TemporaryDirectory(prefix="bad-input-cache-") as cache:
        for case in cases:
            code, seconds, peak, output, check, cpu = measure(case, Path(cache))
            problems = []
            if code != 1:
                problems.append(f"exit {code}" + (" (killed: hung)" if seconds > HANG else ""))
            if "Traceback" in output:
                problems.append("traceback")
            if not reported(output, case):
                problems.append(f"no '{case.line}: {case.path}: {case.message}'")
            if cpu > TIME_LIMIT:
                problems.append(f"over {TIME_LIMIT:g} s of CPU")
            if peak > BENCH_MEMORY_LIMIT:
                problems.append(f"over {BENCH_MEMORY_LIMIT / 2**30:g} GB")
            if check not in ("same", "n/a"):
                problems.append(f"previous build: {check}")
            times.append(seconds)
            peaks.append(peak)
            checks.append(check)
            cpus.append(cpu)
            if problems:
                failed.append(case)
            print(f"{case.kind:<9}{case.name:<40}{code:>5}{seconds:>9.2f}{peak / 2**20:>9.1f}{cpu:>7.2f}  {check:<9} "
                  f"{'; '.join(problems) or 'ok'}", flush=True)
    print(f"\n{len(cases)} cases (" + ", ".join(f"{sum(c.kind == k for c in cases)} {k}" for k in KINDS)
          + f", {sum(c.dangerous for c in cases)} of them dangerous)")
    print(f"time:   CPU max {max(cpus):.2f} s, median {statistics.median(cpus):.2f} s (limit {TIME_LIMIT:g} s, the "
          f"slower of kb and kb build); wall max {max(times):.2f} s, median {statistics.median(times):.2f} s "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    print(f"memory: max {max(peaks) / 2**20:.1f} MB, median {statistics.median(peaks) / 2**20:.1f} MB peak RSS "
          f"(limit {BENCH_MEMORY_LIMIT // 2**20} MB)")
    print(f"previous build: {checks.count('same')} refused builds left it byte-identical, "
          f"{sum(c not in ('same', 'n/a') for c in checks)} did not; {checks.count('n/a')} case(s) refused only when run (n/a)")
    print(f"{len(failed)} case(s) failed" + (": " + ", ".join(f"{c.kind}/{c.name}" for c in failed) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
