#!/usr/bin/env python3
"""Benchmark: how many planted faults the scenarios catch, per engine (prints figures, asserts nothing).

    .venv/bin/python scripts/mutation.py [GAME ...] [--sample 300] [--seed 1] [--jobs 2]
                                         [--catalog 60] [--survivors] [--json FILE]

Two kinds of fault, each judged by ``kb check`` on the game's own scenarios (``scenarios/<game>/``):

- **Code mutants** of the game's engine package (``engine/<game>/*.py``), made by cosmic-ray's
  operators (comparison and arithmetic operators swapped, numbers moved by one, booleans flipped,
  ``break``/``continue`` swapped, loops run zero times, ...). Every mutant of every operator is
  listed; ``--sample N`` plays a seeded random sample of N per engine (all of them with 0), so two
  runs with the same seed and code judge the same mutants.
- **Catalog faults**: a whole number the game's catalog files hold (outside sources, line numbers
  and names) moved by one, ``--catalog N`` of them per game, seeded likewise.

A fault is *killed* when ``kb check`` fails with it (a scenario fails, the engine raises, or the
check runs past ``--timeout`` seconds), and *survives* when every scenario still passes. Code that
cannot change play (the invariant checks, the random player's weights) and single survivors that
cannot are listed with the reason in ``scripts/mutation_equivalent/<game>.yaml`` and left out of
the score: score = killed / (judged - equivalent), where "judged" leaves out what is not play.

The working tree is never touched: each job mutates its own copy of the project in a temporary
folder, removed at the end (also on Ctrl-C). It is a benchmark, not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("caylus", "duel", "maharaja", "viscounts")
COPIED = ("catalog", "data", "engine", "games", "kb", "outputs", "scenarios", "schemas", "pyproject.toml")
EQUIVALENT_DIR = ROOT / "scripts" / "mutation_equivalent"  # one file per engine
# numbers under these keys are not read by any engine: where a fact comes from, and how sure we are
# kinds whose entries are prose for players (rules, worked examples, glossary ...), not read by an engine
NOT_READ = {"rules", "examples", "terms", "discrepancies", "rulings", "sources", "games"}
NOT_PLAYED = {"source", "sources", "line", "lines", "readings", "names", "confidence", "surface_forms", "refs", "page"}


@dataclass
class Fault:
    game: str
    kind: str  # "code" or "catalog"
    file: str  # relative to the project
    line: int
    before: str  # the line as it is
    after: str  # the line with the fault
    where: str = ""  # the function (code) or the field (catalog)
    spec: dict[str, Any] = field(default_factory=dict)
    outcome: str = ""  # killed, survived, timeout, equivalent, not-applied
    seconds: float = 0.0


# --- listing the faults ---------------------------------------------------------------------------


def code_faults(root: Path, game: str) -> list[Fault]:
    """Every mutant cosmic-ray's operators make of the game's engine package."""
    import cosmic_ray.plugins
    from cosmic_ray.ast import ast_nodes, get_ast_from_path
    from cosmic_ray.ast.ast_query import ASTQuery

    faults = []
    for path in sorted((root / "engine" / game).glob("*.py")):
        if path.name == "__init__.py":
            continue
        code = path.read_text(encoding="utf-8")
        lines = code.splitlines()
        module = get_ast_from_path(path)
        types = annotation_spans(code)
        for name in cosmic_ray.plugins.operator_names():
            operator_class = cosmic_ray.plugins.get_operator(name)
            if operator_class.arguments():  # operators that need settings of their own are not used
                continue
            operator = operator_class()
            positions = [(node, start) for node in ast_nodes(module) for start, _ in operator.mutation_positions(node)]
            for occurrence, (node, start) in enumerate(positions):
                if any(first <= start <= last for first, last in types):
                    continue
                line = start[0]
                faults.append(Fault(game, "code", path.relative_to(root).as_posix(), line, lines[line - 1].strip(), "",
                                    ASTQuery(node).get_definition_name() or "",
                                    {"operator": name, "occurrence": occurrence}))
    return faults


def annotation_spans(code: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the module's type annotations stand, as ((line, column), (line, column)) spans.

    Every engine module has ``from __future__ import annotations`` and no engine class is a
    pydantic model, so annotations are never evaluated: a mutant inside one cannot change play, and
    leaving them out keeps the sample on behaviour (cosmic-ray would swap ``str | None`` for
    ``str // None``)."""
    import ast

    spans = []
    for node in ast.walk(ast.parse(code)):
        found: list[ast.expr | None] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            found += [a.annotation for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                                             arguments.vararg, arguments.kwarg) if a is not None]
            found.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            found.append(node.annotation)
        spans += [((n.lineno, n.col_offset), (n.end_lineno or n.lineno, n.end_col_offset or 0))
                  for n in found if n is not None]
    return spans


def mutated_code(fault: Fault, original: str) -> str | None:
    """The module with the fault planted (None where the operator finds nothing to change there);
    fills in the line as it reads after (listing every mutant's text up front would parse each
    module thousands of times)."""
    import cosmic_ray.plugins
    from cosmic_ray.mutating import mutate_code

    operator = cosmic_ray.plugins.get_operator(fault.spec["operator"])()
    mutated: str | None = mutate_code(original, operator, fault.spec["occurrence"])
    if mutated is not None:
        after = mutated.splitlines()
        fault.after = after[fault.line - 1].strip() if fault.line - 1 < len(after) else ""
    return mutated


def catalog_faults(root: Path, game: str) -> list[Fault]:
    """Every whole number in the game's catalog files, outside what no engine reads, moved by one."""
    sys.path.insert(0, str(root))
    from catalog import read_yaml  # the project's reader: values with their line and column

    faults = []
    for path in sorted((root / "data").glob("*.yaml")):
        data, marks, _ = read_yaml(path, path.name)
        if not isinstance(data, dict) or not _holds_game(data, game):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for where, value in _numbers({k: v for k, v in data.items() if k not in NOT_READ}, ()):
            if where not in marks:
                continue
            line, col = marks[where]  # where the key (or the list item) starts: the number follows
            text = lines[line - 1]
            found = re.compile(rf"(?<![\w.-]){value}(?![\w.])").search(text, col - 1)
            if found is None:
                continue
            changed = text[:found.start()] + str(value + 1) + text[found.end():]
            faults.append(Fault(game, "catalog", path.relative_to(root).as_posix(), line, text.strip(), changed.strip(),
                                ".".join(map(str, where)), {"col": col, "value": value}))
    return faults


def _holds_game(data: dict[str, Any], game: str) -> bool:
    return any(isinstance(e, dict) and e.get("game") == game
               for entries in data.values() if isinstance(entries, list) for e in entries)


def _numbers(node: Any, path: tuple[Any, ...]) -> list[tuple[tuple[Any, ...], int]]:
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [(path, node)]
    if isinstance(node, dict):
        return [n for k, v in node.items() if k not in NOT_PLAYED for n in _numbers(v, (*path, k))]
    if isinstance(node, list):
        return [n for i, v in enumerate(node) for n in _numbers(v, (*path, i))]
    return []


# --- judging them ---------------------------------------------------------------------------------


class Copy:
    """One copy of the project in a temporary folder, where one fault at a time is planted."""

    def __init__(self, root: Path, into: Path) -> None:
        self.root = into
        self.server: subprocess.Popen[str] | None = None
        into.mkdir(parents=True)
        for name in COPIED:
            source = root / name
            if source.is_dir():
                shutil.copytree(source, into / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            elif source.is_file():
                shutil.copy2(source, into / name)

    def check(self, game: str, timeout: float, planted: bool = True) -> tuple[str, float, str]:
        """Run the game's scenarios in this copy: (killed | survived | timeout, seconds, output).

        The unchanged copy is checked by ``kb check`` itself (which also writes the bytecode of every
        module); a planted fault by this copy's server (:func:`serve`), which has imported
        everything once and forks a fresh child per fault, three times quicker than a new process."""
        started = time.perf_counter()
        if planted:
            self.server = self.server or subprocess.Popen(
                [sys.executable, __file__, "--serve"], cwd=self.root, env={**os.environ, "PYTHONPATH": str(self.root)},
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            assert self.server.stdin and self.server.stdout
            self.server.stdin.write(f"{game} {timeout}\n")
            self.server.stdin.flush()
            return self.server.stdout.readline().strip() or "killed", time.perf_counter() - started, ""
        files = sorted(str(p) for p in (self.root / "scenarios" / game).glob("*.yaml"))
        try:
            done = subprocess.run([sys.executable, "-m", "kb.cli", "check", *files], cwd=self.root,
                                  env={**os.environ, "PYTHONPATH": str(self.root)}, capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return "timeout", time.perf_counter() - started, ""
        return ("survived" if done.returncode == 0 else "killed"), time.perf_counter() - started, done.stdout[-2000:]

    def close(self) -> None:
        if self.server:
            self.server.kill()
            self.server.wait()

    def judge(self, fault: Fault, timeout: float) -> None:
        path = self.root / fault.file
        original = path.read_text(encoding="utf-8")
        stamp = path.stat()
        try:
            if fault.kind == "code":
                mutated = mutated_code(fault, original)
            else:
                lines = original.split("\n")
                lines[fault.line - 1] = lines[fault.line - 1].replace(fault.before, fault.after, 1)  # stripped
                mutated = "\n".join(lines)
            if mutated is None or mutated == original:
                fault.outcome = "not-applied"
                return
            path.write_text(mutated, encoding="utf-8")
            fault.outcome, fault.seconds, _ = self.check(fault.game, timeout)
        finally:  # the original back with its time, so that its cached bytecode is valid again
            path.write_text(original, encoding="utf-8")
            os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))


def serve() -> None:
    """The judge inside one copy: import the engines once, then for each request (a line: the game
    and the time allowed) fork a child that imports the engine modules afresh from the files as they
    are now (so a planted fault is read, and no bytecode of it is written) and runs the game's
    scenarios; answer a line: survived, killed or timeout."""
    import signal

    import engine.scenario  # noqa: F401  (everything below the engines, imported once)

    for request in sys.stdin:
        game, timeout = request.split()
        started = time.monotonic()
        child = os.fork()
        if child == 0:
            code = 1
            try:
                sys.dont_write_bytecode = True
                silent = os.open(os.devnull, os.O_WRONLY)
                os.dup2(silent, 1)
                os.dup2(silent, 2)
                for name in [n for n in sys.modules if n == "engine" or n.startswith("engine.")]:
                    del sys.modules[name]
                from engine.scenario import load_all, run_each
                scenarios = load_all(sorted((Path.cwd() / "scenarios" / game).glob("*.yaml")))
                # the first failing scenario decides: a killed fault need not run the rest
                code = 0 if scenarios and all(run_each([s])[0].passed for s in scenarios) else 1
            finally:
                os._exit(code)
        outcome = "timeout"
        while time.monotonic() - started < float(timeout):
            done, status = os.waitpid(child, os.WNOHANG)
            if done:
                outcome = "survived" if os.waitstatus_to_exitcode(status) == 0 else "killed"
                break
            time.sleep(0.005)
        else:
            os.kill(child, signal.SIGKILL)
            os.waitpid(child, 0)
        print(outcome, flush=True)


def judged_elsewhere() -> dict[str, list[dict[str, str]]]:
    """What ``scripts/mutation_equivalent/<game>.yaml`` say: ``not_play`` (files or functions that do
    not change play, such as the invariant checks and the random player's sense of progress) and
    ``equivalent`` (single mutants that cannot change play), each with the reason."""
    found: dict[str, list[dict[str, str]]] = {"not_play": [], "equivalent": []}
    for path in sorted(EQUIVALENT_DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for key in found:
            found[key] += list(data.get(key) or [])
    return found


def classify(fault: Fault, known: dict[str, list[dict[str, str]]]) -> str | None:
    """'not-play' or 'equivalent' where the file says so, else None (the scenarios must judge it)."""
    for entry in known.get("not_play", []):
        if entry.get("file") == fault.file and entry.get("function") in (None, fault.where) and \
                entry.get("text", "") in fault.before:
            return "not-play"
    for entry in known.get("equivalent", []):
        if entry.get("file") == fault.file and entry.get("before") == fault.before and entry.get("after") == fault.after:
            return "equivalent"
    return None


def run(games: list[str], args: argparse.Namespace) -> list[Fault]:
    chosen: list[Fault] = []
    if args.again:  # the survivors of a saved run, judged again (after scenarios were added)
        saved = [Fault(**f) for f in json.loads(args.again.read_text(encoding="utf-8"))]
        kept = [f for f in saved if f.game in games]
        chosen = [f for f in kept if f.outcome in ("survived", "not-play", "unjudged")]
        print(f"{len(chosen)} of {len(kept)} saved faults judged again (the survivors)", flush=True)
        games = list(dict.fromkeys(f.game for f in chosen))
        return [f for f in kept if f not in chosen] + judge_all(games, chosen, args)
    for game in games:  # a generator per game and kind: one game's sample does not depend on another's
        code = code_faults(args.root, game) if args.catalog_only is False else []
        rng = random.Random(f"{args.seed}:{game}:code")
        sample = code if args.sample <= 0 or args.sample >= len(code) else rng.sample(code, args.sample)
        data = catalog_faults(args.root, game)
        rng = random.Random(f"{args.seed}:{game}:catalog")
        picked = data if args.catalog >= len(data) else rng.sample(data, args.catalog)
        print(f"{game}: {len(code)} code mutants, {len(sample)} judged; {len(data)} catalog numbers, {len(picked)} judged",
              flush=True)
        chosen += sample + picked
    return judge_all(games, chosen, args)


def judge_all(games: list[str], chosen: list[Fault], args: argparse.Namespace) -> list[Fault]:
    known = judged_elsewhere()
    with tempfile.TemporaryDirectory(prefix="kb-mutation-") as temporary:
        copies: queue.Queue[Copy] = queue.Queue()
        for j in range(args.jobs):
            copy = Copy(args.root, Path(temporary) / f"copy{j}")
            for game in games:  # each copy must pass unchanged first (and warms its catalog cache)
                outcome, seconds, output = copy.check(game, 600, planted=False)
                if outcome != "survived":
                    sys.exit(f"the unchanged scenarios of {game} do not pass, so no fault can be judged:\n{output}")
            copies.put(copy)
        done = 0

        def judge(fault: Fault) -> Fault:
            nonlocal done
            if classify(fault, known) == "not-play":
                fault.outcome = "not-play"
            else:
                copy = copies.get()
                try:
                    copy.judge(fault, args.timeout)
                finally:
                    copies.put(copy)
            if fault.outcome == "survived" and classify(fault, known) == "equivalent":
                fault.outcome = "equivalent"
            done += 1
            if done % 25 == 0 or done == len(chosen):
                print(f"  {done}/{len(chosen)} judged", file=sys.stderr, flush=True)
            return fault

        try:
            with ThreadPoolExecutor(args.jobs) as pool:
                return list(pool.map(judge, chosen))
        finally:
            while not copies.empty():
                copies.get().close()


def report(faults: list[Fault], show_survivors: bool) -> None:
    """A line per game and kind; survivors judged afresh against the equivalence file as it is now
    (so a saved run can be read again after a survivor was recorded as equivalent)."""
    known = judged_elsewhere()
    faults = [replace(f) for f in faults]  # the outcomes as judged stay as they are (for --json)
    for f in faults:
        if f.outcome in ("survived", "equivalent", "not-play", "unjudged"):
            f.outcome = classify(f, known) or ("survived" if f.outcome in ("survived", "equivalent") else "unjudged")
    outcomes = ("killed", "timeout", "survived", "equivalent", "not-play")
    print(f"\n{'game':10} {'kind':8} {'sampled':>7} {'not play':>8} {'judged':>6} {'killed':>6} {'timeout':>7} "
          f"{'survived':>8} {'equiv':>5} {'score':>7}")
    for game in dict.fromkeys(f.game for f in faults):
        for kind in ("code", "catalog"):
            mine = [f for f in faults if f.game == game and f.kind == kind and f.outcome != "not-applied"]
            if not mine:
                continue
            count = {o: sum(f.outcome == o for f in mine) for o in outcomes}
            judged = len(mine) - count["not-play"]
            counted = judged - count["equivalent"]
            score = (count["killed"] + count["timeout"]) / counted if counted else 1.0
            print(f"{game:10} {kind:8} {len(mine):7} {count['not-play']:8} {judged:6} {count['killed']:6} "
                  f"{count['timeout']:7} {count['survived']:8} {count['equivalent']:5} {score:7.1%}")
    unjudged = sum(f.outcome == "unjudged" for f in faults)
    if unjudged:
        print(f"({unjudged} mutants were skipped as not play by an older equivalence file; run again to judge them)")
    if show_survivors:
        for f in faults:
            if f.outcome == "survived":
                print(f"\nSURVIVED {f.game} {f.kind} {f.file}:{f.line} ({f.where}, {f.spec.get('operator', 'value + 1')})"
                      f"\n  - {f.before}\n  + {f.after}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=[], metavar="GAME", help=f"one of {', '.join(GAMES)} (default: all)")
    parser.add_argument("--sample", type=int, default=300, help="code mutants judged per engine (0: all)")
    parser.add_argument("--catalog", type=int, default=60, help="catalog faults judged per game")
    parser.add_argument("--catalog-only", action="store_true", help="judge the catalog faults only")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds a check may run before the fault counts as caught")
    parser.add_argument("--root", type=Path, default=ROOT, help="the project to judge (default: this one)")
    parser.add_argument("--survivors", action="store_true", help="list every surviving fault with its line")
    parser.add_argument("--json", type=Path, help="also write every judged fault as JSON to this file")
    parser.add_argument("--report", type=Path, help="judge nothing: report again a run saved with --json")
    parser.add_argument("--again", type=Path, help="judge again only the survivors of a run saved with --json")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # a copy's judge (see serve)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    if args.report:
        report([Fault(**f) for f in json.loads(args.report.read_text(encoding="utf-8"))], args.survivors)
        return
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"no engine for {', '.join(unknown)} (engines: {', '.join(GAMES)})")
    try:
        import cosmic_ray  # noqa: F401
    except ImportError:
        sys.exit("cosmic-ray is missing: sh scripts/setup-env.sh test installs it")
    started = time.perf_counter()
    try:
        faults = run(list(args.games) or list(GAMES), args)
    except KeyboardInterrupt:
        sys.exit("stopped; the working tree was never changed")
    report(faults, args.survivors)
    print(f"\n{time.perf_counter() - started:.0f} s with {args.jobs} jobs, seed {args.seed}")
    if args.json:
        args.json.write_text(json.dumps([asdict(f) for f in faults], indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
