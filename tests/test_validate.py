"""Validation of the real catalogs, planted errors, and a build refused for bad input leaving the previous
build as it was (the corpus of bad input itself: tests/test_bad_input.py)."""

from __future__ import annotations

import re

import pytest
import yaml
from click.testing import CliRunner

from catalog import CatalogError, read_yaml
from games import REGISTRY
from badinput import ROOT, corpus, reported, run_kb
from kb.cli import main
from kb.project import Project


def test_the_real_catalog_is_valid(catalog) -> None:
    assert len(catalog.entries) > 200


def plant_three_errors(project: Project) -> None:
    buildings = project.data / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    text = text.replace("    prestige: 25\n", "    prestige: lots\n", 1)  # cathedral: wrong type
    text = text.replace("    cost: {stone: 1, cloth: 1}\n    prestige: 3\n", "    cost: {stone: 1, silk: 1}\n    prestige: 3\n", 1)  # church
    buildings.write_text(text, encoding="utf-8")
    favours = project.data / "favours.yaml"
    favours.write_text(favours.read_text(encoding="utf-8").replace(
        "    row: caylus.favour-row.deniers\n", "    row: caylus.favour-row.money\n", 1), encoding="utf-8")


# Bad input of each kind kb build once failed on or accepted: refused by the reader (and a SIGSEGV in
# the build for an alias bomb), a value the database cannot hold, a root cause with a cascade behind
# it, and scenario files (an id twice made the build fail with sqlite3.IntegrityError).
REFUSED_BY_BUILD = [("catalog", name) for name in ("nul_byte", "latin2_file", "integer_beyond_sqlite_cost",
                                                    "escape_nul_in_string", "bool_as_number", "edit_games_bad_field")]
REFUSED_BY_BUILD += [("scenario", name) for name in ("duplicate_id_of_another_file", "duplicate_id_in_file", "options_a_list",
                                                     "steps_a_number", "keys_of_mixed_types", "nul_byte")]


def snapshot(project: Project) -> dict[str, bytes]:
    """Every file of the build and the site, by path."""
    return {str(p.relative_to(project.root)): p.read_bytes() for folder in (project.build, project.site)
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_bad_input_and_three_planted_errors_are_reported_and_the_build_is_untouched(project: Project) -> None:
    runner = CliRunner()
    first = runner.invoke(main, ["build", "--root", str(project.root)])
    assert first.exit_code == 0, first.output
    before = snapshot(project)
    assert len(before) > 100 and "build/kb.db" in before and "site/index.html" in before

    chosen = [c for c in corpus() if (c.kind, c.name) in REFUSED_BY_BUILD]
    assert len(chosen) == len(REFUSED_BY_BUILD)
    for case in chosen:
        kept = (project.root / case.edits).read_bytes() if case.edits else b""
        target = case.install(project.root)
        refused = runner.invoke(main, ["build", "--root", str(project.root)])
        assert refused.exit_code == 1 and isinstance(refused.exception, SystemExit), (case.name, refused.output)
        assert reported(refused.output, case) and "the previous build is unchanged" in refused.output, (case.name, refused.output)
        if case.edits:
            target.write_bytes(kept)
        else:
            target.unlink()
        assert snapshot(project) == before, case.name

    # the alias bomb made kb build die with SIGSEGV: kb itself, under the memory limit
    bomb = next(c for c in corpus() if c.name == "alias_bomb" and c.kind == "catalog")
    target = bomb.install(project.root)
    done = run_kb(["build", "--root", str(project.root)])
    assert done.returncode == 1 and "Traceback" not in done.stderr and reported(done.stderr, bomb), done.stderr[-2000:]
    target.unlink()
    assert snapshot(project) == before

    plant_three_errors(project)
    result = runner.invoke(main, ["validate", "--root", str(project.root)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if re.match(r"^data/\S+\.yaml:\d+:\d+: ", line)]
    assert len(lines) == 3, result.output
    assert any(line.startswith("data/buildings.yaml:") and ".prestige:" in line for line in lines)
    assert any(line.startswith("data/buildings.yaml:") and ".cost.silk: unknown resource" in line for line in lines)
    assert any(line.startswith("data/favours.yaml:") and ".row: unknown id 'caylus.favour-row.money'" in line for line in lines)

    failed = runner.invoke(main, ["build", "--root", str(project.root)])
    assert failed.exit_code == 1
    assert snapshot(project) == before


def test_problem_lines_point_at_the_planted_field(project: Project) -> None:
    plant_three_errors(project)
    with pytest.raises(CatalogError) as caught:
        REGISTRY.load(project.data, display_root=project.root)
    for problem in caught.value.problems:
        source_line = (project.root / problem.file).read_text(encoding="utf-8").splitlines()[problem.line - 1]
        assert any(word in source_line for word in ("lots", "silk", "money")), (problem, source_line)


def test_libyaml_gives_the_positions_the_pure_python_reader_gives() -> None:
    """Files are read with libyaml's events; every position a message may use is the one PyYAML's
    own reader gives (a few files of each sort, the pure-Python reader being slow)."""
    def positions(node: yaml.Node, path: tuple = (), out: dict | None = None) -> dict:
        out = {} if out is None else out
        out.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                out[(*path, key.value)] = (key.start_mark.line + 1, key.start_mark.column + 1)
                positions(value, (*path, key.value), out)
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                positions(item, (*path, i), out)
        return out

    for name in ("data/buildings.yaml", "data/glossary.yaml", "scenarios/caylus/faq-provost.yaml", "scenarios/duel/cards.yaml"):
        _, marks, problems = read_yaml(ROOT / name, name)
        assert not problems
        assert marks == positions(yaml.compose((ROOT / name).read_text(encoding="utf-8"), Loader=yaml.SafeLoader)), name
