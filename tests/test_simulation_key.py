"""The simulation key covers exactly the catalog entries an engine reads: the kinds each engine
declares (``READS``) are the kinds its playouts read, so rewording a glossary term or adding a ruling
keeps committed results current, while a changed value the engine reads makes them stale.

None of these tests depends on the committed results being current (test_simulations.py checks that)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from catalog import Catalog, Entry, Kind, Located
from engine.playout import play
from engine.registry import GAMES
from games import REGISTRY
from outputs.simulations import run, store
from outputs.simulations.page import pieces
from outputs.simulations.store import (FORMAT, SimulationError, current_results, inputs_of, key_of, read_results,
                                       stale_reason)

SEEDS = range(1, 4)
"""A few seeded games per player count: every engine reads its catalog when it is made and as it plays."""


class _Noted(Mapping[str, Located]):
    """The catalog's entries, noting that someone went through them all (no kind can be told)."""

    def __init__(self, entries: dict[str, Located], reads: set[tuple[str, str | None]]) -> None:
        self._entries, self._reads = entries, reads

    def __getitem__(self, entry_id: str) -> Located:
        located = self._entries[entry_id]
        self._reads.add((located.kind.key, located.entry.game))
        return located

    def __iter__(self) -> Iterator[str]:
        self._reads.add(("every entry of every kind", None))
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


class NotingCatalog(Catalog):
    """A catalog noting each (kind, game) read through any of its ways in: of_kind, typed, get,
    kind_of, games() and the entries themselves."""

    def __init__(self, real: Catalog) -> None:
        self.reads: set[tuple[str, str | None]] = set()
        self._all = real.entries
        super().__init__(entries=_Noted(real.entries, self.reads), schema=real.schema)  # type: ignore[arg-type]

    def of_kind(self, key: str, game: str | None = None) -> list[Entry]:
        self.reads.add((key, game))
        return [loc.entry for loc in self._all.values()
                if loc.kind.key == key and (game is None or loc.entry.game == game)]

    def get(self, entry_id: str) -> Entry:
        return self.entries[entry_id].entry

    def kind_of(self, entry_id: str) -> Kind:
        return self.entries[entry_id].kind


@pytest.fixture
def no_default_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that loaded the project's catalog itself would read past the noting one."""
    def refuse() -> Catalog:
        raise AssertionError("the engine loaded the default catalog instead of the one it was given")

    for name, module in list(sys.modules.items()):
        if name.startswith("engine.") and hasattr(module, "default_catalog"):
            monkeypatch.setattr(module, "default_catalog", refuse)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_engine_reads_exactly_the_kinds_it_declares(game, catalog, no_default_catalog) -> None:
    factory = GAMES[game]
    noting = NotingCatalog(catalog)
    for players in factory(catalog=catalog).player_counts:  # as run.simulate makes them
        engine = factory(players=players, catalog=noting)
        for seed in SEEDS:
            assert not play(engine, seed).violations
    declared = {(kind, game) for kind in factory.READS}
    undeclared = sorted(noting.reads - declared, key=str)
    assert not undeclared, (f"the {game} engine read {undeclared} but its READS does not name them: add the kinds "
                            "to READS (engine/<game>/rules.py), or its simulation key misses what it plays by")
    unread = sorted(kind for kind, _ in declared - noting.reads)
    assert not unread, f"the {game} engine's READS names {unread}, which no playout read: drop them from READS"


def test_the_noting_catalog_notes_every_way_in(catalog) -> None:
    noting = NotingCatalog(catalog)
    noting.typed("games", Entry, "duel")
    noting.get("caylus.building.gold-mine")
    noting.kind_of("duel.card.a-power")
    noting.games()
    list(noting.entries)
    assert noting.reads == {("games", "duel"), ("buildings", "caylus"), ("cards", "duel"), ("games", None),
                            ("every entry of every kind", None)}


# --- what changes the key ---------------------------------------------------------------------

def _key(project, game: str = "caylus") -> str:  # type: ignore[no-untyped-def]
    return key_of(inputs_of(GAMES[game], REGISTRY.load(project.data), game))


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (path.name, old)
    path.write_text(text.replace(old, new), encoding="utf-8")


def _first_item(path: Path) -> str:
    """The first entry of a file's one list, as written (from its ``- id:`` to the next one)."""
    text = path.read_text(encoding="utf-8")
    start = text.index("\n  - id: ") + 1
    return text[start:text.index("\n  - id: ", start) + 1]


def test_rewording_and_adding_what_the_engine_does_not_read_keeps_the_key(project, catalog) -> None:
    first = _key(project)
    assert first == key_of(inputs_of(GAMES["caylus"], catalog, "caylus")), "the key depends on where the project is"
    _replace(project.data / "rulings.yaml", "No. The stock of cubes counts as unlimited.",
             "No, the stock of cubes is unlimited.")
    ruling = _first_item(project.data / "rulings.yaml")
    added = ruling.replace("caylus.ruling.unlimited-cubes", "caylus.ruling.a-new-ruling", 1)
    added = added.replace("Are resource cubes limited?", "Is the cube stock limited?", 1)
    (project.data / "rulings.yaml").write_text((project.data / "rulings.yaml").read_text(encoding="utf-8")
                                                + "\n" + added, encoding="utf-8")
    _replace(project.data / "glossary.yaml", "A neutral official pawn standing on the road;",
             "A neutral pawn on the road;")
    reloaded = REGISTRY.load(project.data)
    assert "caylus.ruling.a-new-ruling" in reloaded.entries
    assert reloaded.get("caylus.ruling.unlimited-cubes").model_dump()["answer"][0]["text"] == "No, the stock of cubes is unlimited."
    assert reloaded.get("caylus.term.provost").model_dump()["definition"].startswith("A neutral pawn on the road;")
    assert _key(project) == first


def test_a_changed_cost_of_a_building_changes_the_key_and_says_what_changed(project, catalog) -> None:
    before = inputs_of(GAMES["caylus"], catalog, "caylus")
    buildings = project.data / "buildings.yaml"
    text = buildings.read_text(encoding="utf-8")
    at = text.index("    cost: {wood: 1, food: 1}")
    buildings.write_text(text[:at] + "    cost: {wood: 2, food: 1}" + text[at + len("    cost: {wood: 1, food: 1}"):],
                         encoding="utf-8")
    after = inputs_of(GAMES["caylus"], REGISTRY.load(project.data), "caylus")
    assert key_of(after) != key_of(before)
    assert [name for name in after if after[name] != before[name]] == ["entries/buildings"]
    stored = store.Results("caylus", key_of(before), 2, store.SEED, {}, before)
    reason = stale_reason(stored, GAMES["caylus"], REGISTRY.load(project.data), "caylus")
    assert reason is not None and "stale" in reason and "entries/buildings" in reason


def test_which_arguments_name_a_piece_is_decided_when_drawn_not_when_counted(project, catalog) -> None:
    """The tally counts every action's argument; the page and the table keep those naming an entry of the
    game, so a new entry (a glossary term named like an argument) changes what is drawn, not the results."""
    tally = {"arguments": {"build gold-mine": 6, "provost +1": 3, "take example-word": 2},
             "argument_games": {"build gold-mine": 2, "provost +1": 1, "take example-word": 1}}
    assert pieces(tally, catalog, "caylus") == {"build gold-mine": (6, 2, "build: Gold mine")}
    assert pieces(tally, catalog, "duel") == {}  # another game's entry names no piece here
    _replace(project.data / "glossary.yaml", "  - id: caylus.term.provost\n", "  - id: caylus.term.example-word\n")
    _replace(project.data / "glossary.yaml", "      en: provost\n", "      en: example word\n")
    renamed = REGISTRY.load(project.data)
    assert pieces(tally, renamed, "caylus")["take example-word"] == (2, 1, "take: example word")
    assert _key(project) == key_of(inputs_of(GAMES["caylus"], catalog, "caylus"))
    # the tally counts only arguments shaped like an id's last part: every entry's can be one
    assert all(run.ID_PART.fullmatch(entry_id.rsplit(".", 1)[-1]) for entry_id in catalog.entries)


# --- old files and wrong declarations -----------------------------------------------------------

def test_a_results_file_of_the_older_format_is_stale_and_rerun(project, catalog, monkeypatch) -> None:
    folder = project.root / "older"
    folder.mkdir()
    current = inputs_of(GAMES["duel"], catalog, "duel")
    old = {"game": "duel", "format": FORMAT - 1, "key": key_of(current), "games": 2, "seed": store.SEED,
           "inputs": {"data/duel-cards.yaml": "0" * 64}, "counts": {}}
    (folder / "duel.json").write_text(json.dumps(old), encoding="utf-8")
    stored = read_results(folder / "duel.json")
    reason = stale_reason(stored, GAMES["duel"], catalog, "duel")
    assert reason is not None and "stale" in reason and "older results format" in reason
    said: list[str] = []
    played: list[str] = []
    monkeypatch.setattr(store, "compute", lambda factory, game, *args, **kwargs: played.append(game) or
                        store.Results(game, key_of(current), 2, store.SEED, {}, current))
    current_results({"duel": GAMES["duel"]}, catalog, folder, games=2, progress=said.append)
    assert played == ["duel"] and any("older results format" in line for line in said), said
    rewritten = read_results(folder / "duel.json")
    assert rewritten is not None and rewritten.format == FORMAT and stale_reason(rewritten, GAMES["duel"], catalog, "duel") is None


def test_an_engine_without_a_declaration_or_with_an_unknown_kind_is_refused(catalog) -> None:
    class Undeclared:
        pass

    class Misspelt:
        READS = frozenset({"buildings", "bilding"})

    with pytest.raises(SimulationError, match=r"Undeclared: the engine declares no READS"):
        inputs_of(Undeclared, catalog, "caylus")
    with pytest.raises(SimulationError, match=r"Misspelt\.READS names bilding: no such kind"):
        inputs_of(Misspelt, catalog, "caylus")
