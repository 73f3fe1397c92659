"""The command line: thin wrappers that report the library's results and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli import main
from catalog.jsonschema import export_schemas
from games import SCHEMA

ROOT = Path(__file__).resolve().parent.parent


def test_validate_ok(project) -> None:
    result = CliRunner().invoke(main, ["validate", "--root", str(project.root)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok: ")


def test_no_project_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["validate", "--root", str(tmp_path / "nowhere")])
    assert result.exit_code == 1
    assert "no catalog files" in result.output and "nowhere" in result.output


def test_build_reports_what_it_built(project) -> None:
    result = CliRunner().invoke(main, ["build", "--root", str(project.root)])
    assert result.exit_code == 0, result.output
    assert "entries" in result.output and (project.build / "kb.db").is_file()


def test_committed_json_schemas_are_current(tmp_path: Path) -> None:
    export_schemas(SCHEMA, ROOT / "data", tmp_path)
    fresh = {p.relative_to(tmp_path): p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.json")}
    committed = {p.relative_to(ROOT / "schemas"): p.read_text(encoding="utf-8") for p in (ROOT / "schemas").rglob("*.json")}
    assert fresh == committed, "run `kb schemas` and commit schemas/"


def test_every_catalog_names_its_schema_for_editors() -> None:
    for catalog in (ROOT / "data").glob("*.yaml"):
        first = catalog.read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema=../schemas/{catalog.stem}.schema.json", catalog.name
        assert (ROOT / "schemas" / f"{catalog.stem}.schema.json").is_file()


def test_exported_schema_accepts_the_catalog() -> None:
    import jsonschema
    import yaml

    for catalog in (ROOT / "data").glob("*.yaml"):
        schema = json.loads((ROOT / "schemas" / f"{catalog.stem}.schema.json").read_text(encoding="utf-8"))
        jsonschema.validate(yaml.safe_load(catalog.read_text(encoding="utf-8")), schema)


def test_play_runs_seeded_duel_games_and_reports_json() -> None:
    result = CliRunner().invoke(main, ["play", "duel", "--games", "5", "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output.strip().splitlines()[-1])
    assert report["games"] == 5 and report["violations"] == [] and report["games_per_second"] > 0


def test_play_refuses_a_player_count_the_game_does_not_take() -> None:
    result = CliRunner().invoke(main, ["play", "duel", "--players", "3", "--games", "1"])
    assert result.exit_code != 0 and "red, blue" in result.output


@pytest.mark.parametrize("players", ["2", "3", "4", "5"])
def test_play_runs_maharaja_at_every_player_count(players: str) -> None:
    result = CliRunner().invoke(main, ["play", "maharaja", "--players", players, "--games", "3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output.strip().splitlines()[-1])
    assert report["games"] == 3 and report["violations"] == []


def test_play_takes_a_board_and_variants_and_refuses_unknown_options() -> None:
    good = CliRunner().invoke(main, ["play", "maharaja", "--games", "2", "--variant", "advanced-1",
                                     "--option", "board=maharaja.board.assumed"])
    assert good.exit_code == 0, good.output
    bad = CliRunner().invoke(main, ["play", "maharaja", "--games", "1", "--option", "board=maharaja.board.nowhere"])
    assert bad.exit_code == 1 and "no board 'maharaja.board.nowhere'" in bad.output
    odd = CliRunner().invoke(main, ["play", "maharaja", "--games", "1", "--option", "colour"])
    assert odd.exit_code != 0 and "is not NAME=VALUE" in odd.output
