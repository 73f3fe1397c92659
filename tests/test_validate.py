"""Validation: every broken snippet is rejected with the right file, line and field."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from catalog import CatalogError
from games import REGISTRY
from kb.cli import main
from kb.project import Project

BROKEN = Path(__file__).parent / "broken"
EXPECT = re.compile(r"^# expect: (\d+): (\S+): (.+)$")


def expectation(snippet: Path) -> tuple[int, str, str]:
    match = EXPECT.match(snippet.read_text(encoding="utf-8").splitlines()[0])
    assert match, f"{snippet.name}: first line must be '# expect: LINE: PATH: MESSAGE'"
    return int(match.group(1)), match.group(2), match.group(3)


def test_corpus_is_large_enough() -> None:
    assert len(list(BROKEN.glob("*.yaml"))) >= 20


def test_the_real_catalog_is_valid(catalog) -> None:
    assert len(catalog.entries) > 200


@pytest.mark.parametrize("snippet", sorted(BROKEN.glob("*.yaml")), ids=lambda p: p.stem)
def test_broken_snippet_is_rejected_at_its_line(project: Project, snippet: Path) -> None:
    line, path, message = expectation(snippet)
    # zz_ sorts after every real catalog, so a duplicate id is reported in the snippet.
    shutil.copy(snippet, project.data / "zz_snippet.yaml")
    with pytest.raises(CatalogError) as caught:
        REGISTRY.load(project.data, display_root=project.root)
    in_snippet = [p for p in caught.value.problems if p.file == "data/zz_snippet.yaml"]
    assert in_snippet, f"no problem reported in the snippet; got: {caught.value}"
    matching = [p for p in in_snippet if p.line == line and p.path == path and message in p.message]
    assert matching, f"expected line {line}, {path}: {message!r}; got:\n" + "\n".join(map(str, in_snippet))
    assert all(p.file == "data/zz_snippet.yaml" for p in caught.value.problems), caught.value


def plant_three_errors(project: Project) -> None:
    buildings = project.data / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    text = text.replace("    prestige: 25\n", "    prestige: lots\n", 1)  # cathedral: wrong type
    text = text.replace("    cost: {stone: 1, cloth: 1}\n    prestige: 3\n", "    cost: {stone: 1, silk: 1}\n    prestige: 3\n", 1)  # church
    buildings.write_text(text, encoding="utf-8")
    favours = project.data / "favours.yaml"
    favours.write_text(favours.read_text(encoding="utf-8").replace(
        "    row: caylus.favour-row.deniers\n", "    row: caylus.favour-row.money\n", 1), encoding="utf-8")


def test_three_planted_errors_are_all_reported_and_the_build_is_untouched(project: Project) -> None:
    runner = CliRunner()
    first = runner.invoke(main, ["build", "--root", str(project.root)])
    assert first.exit_code == 0, first.output
    before = {p: p.read_bytes() for p in [project.build / "kb.db", project.site / "index.html"]}
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
    assert {p: p.read_bytes() for p in before} == before


def test_problem_lines_point_at_the_planted_field(project: Project) -> None:
    plant_three_errors(project)
    with pytest.raises(CatalogError) as caught:
        REGISTRY.load(project.data, display_root=project.root)
    for problem in caught.value.problems:
        source_line = (project.root / problem.file).read_text(encoding="utf-8").splitlines()[problem.line - 1]
        assert any(word in source_line for word in ("lots", "silk", "money")), (problem, source_line)
