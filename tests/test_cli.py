"""The command line: thin wrappers that report the library's results and errors."""

from __future__ import annotations

import json
import os
import re
import statistics
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
    # each stage is listed with its time as it ends, so a build is never a silent wait
    for stage in ("catalogs read and validated", "scenarios run by the engines", "generated pages", "site (mkdocs build --strict)"):
        assert re.search(rf"^  {re.escape(stage)}.* \d+\.\d s$", result.output, re.M), (stage, result.output)


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
    assert result.exit_code != 0 and "played by exactly 2 players, red and blue" in result.output


@pytest.mark.parametrize("players", ["7", "0", "1", "-3"])
def test_play_names_the_player_counts_instead_of_playing_another(players: str) -> None:
    result = CliRunner().invoke(main, ["play", "caylus", "--players", players, "--games", "1"])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: Caylus is played by 2 to 5 players, got {players}"


@pytest.mark.parametrize("games", ["0", "-1"])
def test_play_refuses_a_number_of_games_below_one(games: str) -> None:
    result = CliRunner().invoke(main, ["play", "duel", "--games", games])
    assert result.exit_code == 2 and "Invalid value for '--games'" in result.output


def test_play_sums_up_the_games_by_seat() -> None:
    import engine
    from engine.playout import play

    result = CliRunner().invoke(main, ["play", "caylus", "--players", "3", "--games", "4", "--seed", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output.strip().splitlines()[-1])
    # the same games played here, seat by seat
    games = [play(engine.game("caylus", players=3), 2 + i) for i in range(4)]
    assert [s["seat"] for s in report["seats"]] == ["red", "blue", "green"]
    for seat in report["seats"]:
        assert seat["mean_score"] == round(statistics.fmean(g.scores[seat["seat"]] for g in games), 1)
        assert seat["wins"] == round(sum(seat["seat"] in g.winners and 1 / len(g.winners) for g in games), 2)
    assert sum(s["wins"] for s in report["seats"]) == pytest.approx(4)
    lengths = sorted(g.steps for g in games)
    assert report["steps"] == {"min": lengths[0], "median": statistics.median(lengths), "max": lengths[-1]}
    text = CliRunner().invoke(main, ["play", "caylus", "--players", "3", "--games", "4", "--seed", "2"])
    assert f"game length: {lengths[0]} to {lengths[-1]} steps" in text.output
    assert re.search(r"^green\s+[\d.]+\s+[\d.]+$", text.output, re.M), text.output


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


def test_the_docs_are_copied_without_following_a_link_out_of_them(tmp_path: Path) -> None:
    from kb.build import BuildError, copy_docs

    docs = tmp_path / "docs"
    (docs / "game").mkdir(parents=True)
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    (docs / "game" / "same.md").symlink_to("../index.md")  # a link inside docs/ is followed
    copy_docs(docs, tmp_path / "out")
    assert (tmp_path / "out" / "game" / "same.md").read_text(encoding="utf-8") == "# Home\n"
    assert not (tmp_path / "out" / "game" / "same.md").is_symlink()

    (docs / "env.txt").symlink_to("/proc/self/environ")
    with pytest.raises(BuildError, match=r"docs/env.txt: a link to /proc/self/environ, outside the docs folder"):
        copy_docs(docs, tmp_path / "out2")
    (docs / "env.txt").unlink()
    os.mkfifo(docs / "pipe.md")
    with pytest.raises(BuildError, match=r"docs/pipe.md: not a regular file"):
        copy_docs(docs, tmp_path / "out3")


@pytest.mark.parametrize("args", [["play", "caylus", "--games", "1"], ["check", "scenarios/caylus/hu-castle.yaml"]])
def test_a_broken_catalog_met_by_an_engine_is_reported_like_validate_does(args: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from catalog import CatalogError, Problem
    import engine.caylus.game as caylus_game
    import engine.caylus.rules as caylus_rules

    def broken() -> None:
        raise CatalogError([Problem("data/games.yaml", 10, 5, "games[0].players_max", "fewer than players_min (5 < 9)")])

    monkeypatch.setattr(caylus_game, "default_catalog", broken)
    monkeypatch.setattr(caylus_rules, "default_catalog", broken)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert "data/games.yaml:10:5: games[0].players_max: fewer than players_min (5 < 9)" in result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
