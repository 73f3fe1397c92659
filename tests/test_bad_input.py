"""Bad input is refused, never a traceback: every file of the corpus (tests/badinput.py, catalog files
in tests/broken/, scenario files in tests/broken_scenarios/, a few generated ones) is reported at
its file, line and field, and nothing else is; the dangerous ones (alias bombs, deep nesting, huge
files) by ``kb`` itself in a subprocess under a memory limit.

Most cases run in-process against the real catalogs read once (what ``kb validate`` does, without
reading 30 files again for each case); scripts/bench_bad_input.py runs every case through the CLI
and measures time and memory.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from badinput import ROOT, SCENARIO_SNIPPET, Case, copy_inputs, corpus, reported, run_kb
from catalog import CatalogError
from catalog.load import Reading, catalog_files, check_catalog, load_file, read_files
from engine.registry import GAMES
from engine.scenario import Scenario, run_each
from engine.scenario_file import duplicate_ids, load_all, read_scenarios
from games import REGISTRY
from kb.cli import main

CASES = corpus()


def cases(kind: str, dangerous: bool) -> list[Case]:
    return [c for c in CASES if c.kind == kind and c.dangerous == dangerous]


def test_the_corpus_is_large_and_every_case_is_its_own() -> None:
    assert len(CASES) >= 100
    assert len(cases("catalog", False)) >= 60 and len(cases("scenario", False)) >= 40 and len(cases("file", False)) >= 20
    assert len({c.text for c in CASES}) == len(CASES), "two cases are the same file"
    assert len({(c.kind, c.name) for c in CASES}) == len(CASES)


# --- catalog files --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_catalogs() -> dict[str, Reading]:
    return {str(p.relative_to(ROOT)): read_files([p], REGISTRY.schema, ROOT) for p in catalog_files(ROOT / "data")}


@pytest.mark.parametrize("case", cases("catalog", False), ids=lambda c: c.name)
def test_a_bad_catalog_file_is_refused_at_its_line(case: Case, real_catalogs: dict[str, Reading], tmp_path: Path) -> None:
    file = tmp_path / "case.yaml"
    if case.edits:  # an edit of a real catalog: read in its place
        file.write_text(case.edited((ROOT / case.edits).read_text(encoding="utf-8")), encoding="utf-8")
    else:  # a new catalog, read after the real ones (a duplicate id is reported in it)
        file.write_bytes(case.text)
    reading = Reading()
    for shown, real in real_catalogs.items():
        if shown != case.shown_as:
            reading += real
    reading += Reading(*load_file(file, case.shown_as, REGISTRY.schema))
    with pytest.raises(CatalogError) as caught:
        check_catalog(reading, REGISTRY.schema)
    problems = caught.value.problems
    shown = "\n".join(map(str, problems))
    expected = [p for p in problems if (p.line, p.path) == (case.line, case.path) and case.message in p.message]
    assert expected and all(p.file == case.shown_as for p in problems), f"expected {case.line}: {case.path}: {case.message}; got\n{shown}"
    assert problems[0].line <= case.line, f"the cause is not reported first:\n{shown}"
    assert len(problems) <= 3, f"one defect, and a cascade of problems:\n{shown}"


def test_one_renamed_source_key_is_three_lines_and_a_count_with_a_guess(real_catalogs: dict[str, Reading], tmp_path: Path) -> None:
    """Nothing fails to load here, yet every citation of HU breaks: the same message is listed three
    times, then counted, and the new name is guessed."""
    file = tmp_path / "sources.yaml"
    file.write_text((ROOT / "data/sources.yaml").read_text(encoding="utf-8").replace("    key: HU\n", "    key: HUN\n", 1), encoding="utf-8")
    reading = Reading()
    for shown, real in real_catalogs.items():
        reading += real if shown != "data/sources.yaml" else Reading(*load_file(file, shown, REGISTRY.schema))
    with pytest.raises(CatalogError) as caught:
        check_catalog(reading, REGISTRY.schema)
    messages = [p.message for p in caught.value.problems]
    assert messages[:3] == ["unknown source key 'HU' for game 'caylus' (did you mean 'HUN'?)"] * 3
    assert len(messages) == 4 and re.match(r"\d{3} more like the problems above \(unknown source key 'HU'", messages[3]), messages


@pytest.mark.parametrize("case", [c for c in CASES if c.path == "(file)" and c.kind != "file" and re.search(r"U\+[0-9A-F]{4} |UTF-8", c.message)],
                         ids=lambda c: f"{c.kind}-{c.name}")
def test_a_refused_character_is_on_the_line_an_editor_shows(case: Case) -> None:
    """Lines count line feeds only, as editors and ``sed -n`` do (YAML also counts NEL, LS and PS)."""
    lines = case.text.split(b"\n")
    if char := re.search(r"U\+([0-9A-F]{4}) ", case.message):
        assert chr(int(char.group(1), 16)).encode("utf-8") in lines[case.line - 1]
        assert chr(int(char.group(1), 16)).encode("utf-8") not in b"\n".join(lines[:case.line - 1])
    else:  # not UTF-8: the first line that is not is the one reported
        b"\n".join(lines[:case.line - 1]).decode("utf-8")
        with pytest.raises(UnicodeDecodeError):
            lines[case.line - 1].decode("utf-8")


# --- scenario files -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_scenarios() -> list[Scenario]:
    return load_all()


@pytest.mark.parametrize("case", cases("scenario", False), ids=lambda c: c.name)
def test_a_bad_scenario_file_is_refused_at_its_line(case: Case, real_scenarios: list[Scenario], tmp_path: Path) -> None:
    file = tmp_path / SCENARIO_SNIPPET
    file.parent.mkdir()
    file.write_bytes(case.text)
    # as kb check, kb validate and kb build read it: with every scenario of the project
    found, problems = read_scenarios(file, SCENARIO_SNIPPET, GAMES)
    problems += duplicate_ids(real_scenarios + found)
    got = [(p.line, p.path, p.message) for p in problems] or [(f.line, f.step, f.message) for r in run_each(found) for f in r.failures]
    shown = "\n".join(f"{line}: {path}: {message}" for line, path, message in got)
    assert any((line, path) == (case.line, case.path) and case.message in message for line, path, message in got), \
        f"expected {case.line}: {case.path}: {case.message}; got\n{shown}"
    assert len(got) <= 3, shown
    if case.name != "duplicate_id_of_another_file":  # kb check on the file alone (a clash needs the other file)
        result = CliRunner().invoke(main, ["check", str(file)])
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert reported(result.output, case), result.output


# --- odd files: made by code in a copy of the project ------------------------------------------------


@pytest.mark.parametrize("case", [c for c in CASES if c.kind == "file"], ids=lambda c: c.name)
def test_an_odd_file_is_refused_naming_it(case: Case, tmp_path: Path) -> None:
    """A FIFO, a device, a folder named zz.yaml, a link to nothing, a .yml file, a name that is not
    UTF-8 or holds a line break...: refused with the file named (escaped), never read, never a hang."""
    assert case.odd
    copy_inputs(tmp_path)
    target = case.install(tmp_path)
    result = CliRunner().invoke(main, ["check", str(target)] if case.odd.check else ["validate", "--root", str(tmp_path)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.output
    assert reported(result.output, case), result.output
    if "\\n" in case.shown_as:  # what follows the line break would start a line of its own
        forged = case.shown_as.split("\\n", 1)[1]
        assert not any(line.startswith(forged) for line in result.output.splitlines()), result.output


# --- the dangerous ones: kb itself, under a memory limit ---------------------------------------------


def test_kb_runs_under_the_memory_limit() -> None:
    """The limit leaves room for kb's own needs: the real catalogs validate under it."""
    done = run_kb(["validate"])
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("case", [c for c in CASES if c.dangerous], ids=lambda c: f"{c.kind}-{c.name}")
def test_a_dangerous_file_is_refused_by_kb_under_the_memory_limit(case: Case, tmp_path: Path) -> None:
    copy_inputs(tmp_path)
    target = case.install(tmp_path)
    args = ["validate", "--data", str(tmp_path / "data")] if case.kind == "catalog" else ["check", str(target)]
    done = run_kb(args)
    output = done.stdout + done.stderr
    assert done.returncode == 1, output[-2000:]
    assert "Traceback" not in output and "MemoryError" not in output, output[-2000:]
    assert reported(output, case), output[-2000:]


def test_the_bench_runs_cases_through_kb_and_measures_them() -> None:
    """scripts/bench_bad_input.py (the README's figures) on a case of each kind: each refused, and
    the refused kb build left the copy's previous build byte-identical."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts/bench_bad_input.py"), "--only", "bool_as_number", "steps_a_number",
                           "fifo_in_data"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    rows = [line.split() for line in done.stdout.splitlines() if line.startswith(("catalog ", "scenario ", "file "))]
    assert [(r[0], r[1], r[2], r[-2], r[-1]) for r in rows] == [
        ("catalog", "bool_as_number", "1", "same", "ok"), ("scenario", "steps_a_number", "1", "same", "ok"),
        ("file", "fifo_in_data", "1", "same", "ok")]
    assert all(float(r[3]) > 0 and float(r[4]) > 10 and float(r[5]) > 0 for r in rows)  # seconds, peak MB, CPU seconds
    assert "3 cases (1 catalog, 1 scenario, 1 file" in done.stdout and "0 case(s) failed" in done.stdout
    assert "3 refused builds left it byte-identical, 0 did not" in done.stdout
