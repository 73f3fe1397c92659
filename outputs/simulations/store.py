"""Where simulation results live and when they are current.

Each game's results are one committed file, ``simulations/<game>.json``, carrying the key they were
computed from. ``kb build`` shows a file whose key is current and reruns a game whose key is not (or
that has no file yet), so a stale result is never shown; ``kb simulate`` reruns on demand. How many
games a rerun plays comes from ``--games``, else from the ``KB_SIMULATION_GAMES`` environment
variable, else :data:`DEFAULT_GAMES`.

What the key covers, and why:

- The code a playout runs: the game's engine package, the engine's shared modules (but the registry
  and the scenario runner, which no playout runs) and the counting code (run.py), by file contents.
- Of the catalog, exactly the entries the engine reads: each engine declares the kinds it reads
  (``READS`` beside its factory, in engine/<game>/rules.py), and the key hashes, kind by kind, a
  canonical dump of the game's entries of that kind (their model data, sorted by id), not files.
  Whole files would make the results stale whenever anything else in them changed: a glossary
  entry's wording, a new ruling or quick answer, a comment. Those change no game played, but a rerun
  of the documented size takes the best part of half an hour. Model data rather than file text, so
  that moving an entry between files, reordering a file or editing a comment changes nothing either;
  the whole entry rather than the fields the engine uses, because which fields those are is known to
  the code alone, while which kinds it reads is checked: tests/test_simulation_key.py plays a few
  games of every engine on a catalog that notes every read and fails on a kind not declared (or
  declared and never read). So a declaration cannot silently fall short, and a changed value the
  engine reads always reruns it; the price is that rewording a read entry's notes reruns it too.
- What is counted depends on nothing else: the tally counts every action's verb and first argument,
  and which arguments name a piece (an entry of the game) is decided when the page and the table are
  drawn (page.pieces), or a new entry whose id ends like an argument would change the counts.

Not covered (as before): the code of the ``games`` layer an engine imports (its kinds, grammar.py,
lookups): a change there that alters play needs ``kb simulate``.

A file written under an older :data:`FORMAT` (the key was then a hash of whole files) never matches,
and is reported as stale and rerun like any other.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from catalog import Catalog
from engine.playout import Engine
from outputs.simulations import run
from outputs.simulations.run import PlayoutError, simulate

DEFAULT_GAMES = 10_000
"""Games per player count when nothing else is said."""
GAMES_VARIABLE = "KB_SIMULATION_GAMES"
SEED = 1
"""Seed of the first game; game i of a player count is played with seed SEED + i."""
FORMAT = 2
"""The results file's layout and what its key covers (2: keyed on the entries the engine reads, not whole
catalog files, and the tally counts every action argument, not only pieces); a change reruns every game."""
PROGRESS_EVERY = 2000
"""A long run says how far it is every this many games."""
NOT_PLAYED = frozenset({"registry.py", "scenario.py", "scenario_file.py"})
"""Shared engine files no playout runs: registering another engine must not rerun this one."""


class SimulationError(Exception):
    """A results file cannot be read, or a simulated game broke an invariant."""


@dataclass(frozen=True)
class Results:
    game: str
    key: str
    games: int
    """Games played at each player count."""
    seed: int
    counts: dict[int, dict[str, Any]]
    """Player count -> the tally of its games (outputs.simulations.run.Tally.to_dict)."""
    inputs: dict[str, str]
    format: int = FORMAT
    """The format the file was written in: one older than :data:`FORMAT` is stale."""

    def to_json(self) -> str:
        data = {"game": self.game, "format": FORMAT, "key": self.key, "games": self.games, "seed": self.seed,
                "inputs": self.inputs, "counts": {str(n): t for n, t in sorted(self.counts.items())}}
        return json.dumps(data, indent=1, sort_keys=False) + "\n"


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def engine_files(factory: Callable[..., Any]) -> list[Path]:
    """The files a playout of this engine runs: its own package, and the engine's shared modules."""
    package = Path(inspect.getfile(factory)).resolve().parent
    shared = package.parent
    if not (shared / "playout.py").is_file():  # an engine module outside a package of its own
        package, shared = shared, shared
    own = sorted(package.rglob("*.py")) if package != shared else [Path(inspect.getfile(factory)).resolve()]
    common = sorted(p for p in shared.glob("*.py") if p.name not in NOT_PLAYED)
    counting = sorted((Path(__file__).resolve().parent).glob("run.py"))
    return list(dict.fromkeys(own + common + counting))


def entries_digest(catalog: Catalog, kind: str, game: str) -> str:
    """A hash of the game's entries of one kind as the engine gets them: their model data, sorted by id."""
    entries = sorted(catalog.of_kind(kind, game), key=lambda entry: entry.id)
    dump = json.dumps([entry.model_dump(mode="json") for entry in entries], sort_keys=True, ensure_ascii=False,
                      separators=(",", ":"))
    return hashlib.sha256(dump.encode()).hexdigest()


def read_kinds(factory: Callable[..., Any], catalog: Catalog) -> frozenset[str]:
    """The kinds the engine declares it reads, each one the catalog's schema knows (a misspelt kind
    would read nothing, and a change to the kind meant would go unnoticed)."""
    kinds = getattr(factory, "READS", None)
    if not isinstance(kinds, frozenset) or not kinds or not all(isinstance(kind, str) for kind in kinds):
        raise SimulationError(f"{getattr(factory, '__name__', factory)}: the engine declares no READS, the frozenset "
                              "of catalog kinds it reads (beside the engine, in engine/<game>/rules.py), so its "
                              "results cannot be keyed")
    unknown = sorted(kind for kind in kinds if catalog.schema.kind(kind) is None)
    if unknown:
        raise SimulationError(f"{getattr(factory, '__name__', factory)}.READS names {', '.join(unknown)}: no such "
                              "kind in the catalog (write a kind's key as the data files do, e.g. buildings)")
    return kinds


def inputs_of(factory: Callable[..., Any], catalog: Catalog, game: str) -> dict[str, str]:
    """What the results depend on, each with its hash: the engine's files, by a name that does not depend
    on where the project is, and the entries of each kind it reads, as ``entries/<kind>``."""
    files = engine_files(factory)
    root = Path(os.path.commonpath(files))  # the folder holding the layers: engine/, outputs/
    found = {}
    for path in files:
        found[path.relative_to(root).as_posix()] = _digest(path)
    for kind in read_kinds(factory, catalog):
        found[f"entries/{kind}"] = entries_digest(catalog, kind, game)
    return dict(sorted(found.items()))


def key_of(inputs: Mapping[str, str], seed: int = SEED) -> str:
    text = json.dumps({"format": FORMAT, "seed": seed, "inputs": dict(sorted(inputs.items()))}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def results_path(folder: Path, game: str) -> Path:
    return folder / f"{game}.json"


def read_results(path: Path) -> Results | None:
    """The results in a file, or None if there is none; SimulationError naming the file if it is unreadable."""
    if not path.is_file():
        return None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        return Results(game=raw["game"], key=raw["key"], games=int(raw["games"]), seed=int(raw["seed"]),
                       counts={int(n): t for n, t in raw["counts"].items()}, inputs=dict(raw.get("inputs", {})),
                       format=int(raw.get("format", 0)))
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SimulationError(f"{path}: not a simulation results file ({exc}); delete it, or rerun with kb simulate") from exc


def playable(factory: Callable[..., Any]) -> bool:
    """Whether the engine has what ``engine.playout.play`` calls (the ``Engine`` protocol) and its player counts."""
    needed = [name for name in dir(Engine) if not name.startswith("_")]
    return all(callable(getattr(factory, name, None)) for name in needed)


def configured_games(games: int | None = None) -> int:
    """The games per player count a run plays: ``games`` if given, else $KB_SIMULATION_GAMES, else 10,000."""
    if games is not None:
        return games
    text = os.environ.get(GAMES_VARIABLE, "").strip()
    if not text:
        return DEFAULT_GAMES
    if not text.isdigit() or int(text) < 1:
        raise SimulationError(f"{GAMES_VARIABLE}={text!r}: must be a whole number of games, at least 1")
    return int(text)


def compute(factory: Callable[..., Any], game: str, catalog: Catalog, games: int, jobs: int = 1,
            progress: Callable[[str], None] | None = None) -> Results:
    """Play ``games`` games at each of the engine's player counts and return the results."""
    inputs = inputs_of(factory, catalog, game)
    counts = {}
    for players in factory(catalog=catalog).player_counts:
        def played(done: int, players: int = players) -> None:
            if progress and done < games and done % PROGRESS_EVERY < run.CHUNK:
                progress(f"{game}, {players} players: {done}/{games} games")

        try:
            tally = simulate(factory, players, games, catalog, seed=SEED, jobs=jobs, progress=played)
        except PlayoutError as exc:
            raise SimulationError(f"{game}, {players} players: {exc}") from exc
        if tally.violations:
            raise SimulationError(f"{game}, {players} players: {len(tally.violations)} game(s) broke an invariant, "
                                  f"the first: {tally.violations[0]}")
        counts[players] = tally.to_dict()
        if progress:
            progress(f"{game}, {players} players: {games} games")
    return Results(game=game, key=key_of(inputs), games=games, seed=SEED, counts=counts, inputs=inputs)


Fewer = Literal["refuse", "keep-file", "replace"]
"""What a run does to a results file holding more games than it plays (see current_results)."""


def stale_reason(stored: Results | None, factory: Callable[..., Any], catalog: Catalog, game: str) -> str | None:
    """Why stored results are not current (None when they are), in words for the person running kb."""
    if stored is None:
        return "no results"
    if stored.format != FORMAT:
        return f"stale: written in an older results format ({stored.format}, now {FORMAT}) whose key covered other inputs"
    inputs = inputs_of(factory, catalog, game)
    if stored.key == key_of(inputs, stored.seed):
        return None
    changed = sorted(name for name in inputs.keys() | stored.inputs.keys() if inputs.get(name) != stored.inputs.get(name))
    shown = ", ".join(changed[:4]) + (f" and {len(changed) - 4} more" if len(changed) > 4 else "")
    return f"stale: the engine or the catalog entries it reads changed ({shown or 'the key'})"


def current_results(engines: Mapping[str, Callable[..., Any]], catalog: Catalog, folder: Path,
                    games: int | None = None, jobs: int = 1, rerun: bool = False,
                    progress: Callable[[str], None] | None = None, fewer: Fewer = "refuse") -> dict[str, Results]:
    """Every engine game's results: its file when the key is current, else a fresh run written to the
    file (all of them with ``rerun``). Skipped: a game with no entries in the catalog, and an engine
    that cannot be played out (one made for scenarios only, without ``progress``, ``check`` ...).

    A file holding more games per player count than this run would play is committed work that a
    smaller run must not destroy: with ``fewer="refuse"`` (kb simulate) that is an error before any
    game is played, with ``"keep-file"`` (a build) the run's results are used but the file is left as
    it is, and only ``"replace"`` (kb simulate --force) overwrites it."""
    planned = configured_games(games)
    todo = {}
    found = {}
    for game, factory in sorted(engines.items()):
        if game not in catalog.games() or not playable(factory):
            continue
        path = results_path(folder, game)
        stored = _readable(path) if rerun else read_results(path)  # kb simulate replaces an unreadable file
        reason = "rerunning" if rerun else stale_reason(stored, factory, catalog, game)
        if reason is None and stored is not None:  # (stale_reason says None only of results it has)
            found[game] = stored
            continue
        if stored is not None and stored.games > planned and fewer == "refuse":
            raise SimulationError(f"{path.name} holds {stored.games:,} games per player count and this run would play "
                                  f"{planned:,}: refusing to replace them with fewer (kb simulate --force replaces them)")
        todo[game] = (factory, path, stored, reason)
    for game, (factory, path, stored, reason) in todo.items():  # nothing is played before every refusal is known
        if progress:
            progress(f"{game}: {reason}, playing {planned} games per player count")
        results = compute(factory, game, catalog, planned, jobs, progress)
        if stored is not None and stored.games > planned and fewer != "replace":
            if progress:
                progress(f"{game}: {path.name} keeps its {stored.games:,} games per player count (this run played "
                         f"fewer); run kb simulate to bring it up to date")
        else:
            if progress and stored is not None:
                progress(f"{game}: replacing {path.name} ({stored.games:,} games per player count) with {planned:,}")
            folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".json.tmp")
            tmp.write_text(results.to_json(), encoding="utf-8")
            tmp.replace(path)
        found[game] = results
    return dict(sorted(found.items()))


def _readable(path: Path) -> Results | None:
    """The results in the file, or None when there are none or they cannot be read (a rerun replaces them)."""
    try:
        return read_results(path)
    except SimulationError:
        return None


def seat_count(players: int, tally: Mapping[str, Any]) -> int:
    """The seats a tally counts: one per player, and after them any the engine plays itself (an AI)."""
    return max([players, *(int(seat) for seat in tally["score_sums"])])


def seat_name(seat: int, players: int) -> str:
    return f"Seat {seat}" if seat <= players else f"Seat {seat} (an opponent the engine plays)"
