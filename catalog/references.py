"""The second validation pass: what one entry says about others (unique ids, known references,
known source keys, known resource slugs), and the rules of single kinds a JSON Schema cannot say."""

from __future__ import annotations

import difflib
import typing
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from catalog.kinds import Game, Source, Term
from catalog.model import BundleMarker, Entry, Path_, RefMarker, RefTo, SourceRef
from catalog.yamlfile import Problem, format_path

if TYPE_CHECKING:
    from catalog.load import Catalog, Located


def _has_marker(annotation: Any, marker: type) -> bool:
    if any(isinstance(m, marker) for m in getattr(annotation, "__metadata__", ())):
        return True
    return any(_has_marker(arg, marker) for arg in typing.get_args(annotation))


@cache
def _marked(model: type[BaseModel], name: str, marker: type) -> bool:
    info = model.model_fields[name]
    return any(isinstance(m, marker) for m in info.metadata) or _has_marker(info.annotation, marker)


def _markers(annotation: Any) -> Iterator[Any]:
    yield from getattr(annotation, "__metadata__", ())
    for arg in typing.get_args(annotation):
        yield from _markers(arg)


@cache
def ref_kinds(model: type[BaseModel], name: str) -> tuple[str, ...]:
    """The kinds of entry a reference field takes (:class:`RefTo`); empty: any kind."""
    info = model.model_fields[name]
    return next((m.kinds for m in (*info.metadata, *_markers(info.annotation)) if isinstance(m, RefTo)), ())


def fields_with(model: BaseModel, marker: type) -> Iterator[tuple[Path_, Any]]:
    """Every (path, value) in a model whose declared type carries ``marker``; recurses into submodels."""
    for path, value, _, _ in _fields_with(model, marker):
        yield path, value


def _fields_with(model: BaseModel, marker: type) -> Iterator[tuple[Path_, Any, type[BaseModel], str]]:
    """Every (path, value, model, field name) whose declared type carries ``marker``."""
    for name in type(model).model_fields:
        value = getattr(model, name)
        if _marked(type(model), name, marker) and value is not None:
            yield (name,), value, type(model), name
            continue
        items = value if isinstance(value, list) else [value]
        for i, item in enumerate(items):
            if isinstance(item, BaseModel):
                prefix: Path_ = (name, i) if isinstance(value, list) else (name,)
                for sub, sub_value, owner, field_name in _fields_with(item, marker):
                    yield (*prefix, *sub), sub_value, owner, field_name


def _wrong_reference(catalog: Catalog, entry: Entry, ref: str, kinds: tuple[str, ...]) -> str | None:
    """Why a known id cannot stand in a reference field: an entry of another kind or another game."""
    found = catalog.kind_of(ref)
    if kinds and found.key not in kinds:
        wanted = " or ".join(catalog.schema.by_key[k].shown if k in catalog.schema.by_key else k for k in kinds)
        return f"{ref!r} is one of the {found.shown}, not of the {wanted} this field refers to"
    game = catalog.get(ref).game
    if game != entry.game:
        return f"{ref!r} is an entry of the game {game!r}, not of {entry.game!r}"
    return None


def _source_refs(model: BaseModel) -> Iterator[tuple[Path_, str]]:
    for name in type(model).model_fields:
        value = getattr(model, name)
        items = value if isinstance(value, list) else [value]
        for i, item in enumerate(items):
            prefix: Path_ = (name, i) if isinstance(value, list) else (name,)
            if isinstance(item, SourceRef):
                yield (*prefix, "key"), item.key
            elif isinstance(item, BaseModel):
                for sub, key in _source_refs(item):
                    yield (*prefix, *sub), key


def glossary_languages(game: Game) -> tuple[str, ...]:
    """The languages a glossary term of the game needs a name in: those of its rulebooks."""
    return tuple(dict.fromkeys(b.language for b in game.rulebooks if b.language != "en")) or ("hu",)


@dataclass(frozen=True)
class Unloaded:
    """An entry that did not load (or a file, or a part of one, whose entries are unknown)."""

    file: str
    line: int
    col: int
    path: str
    id: str | None = None
    game: str | None = None
    is_source: bool = False
    source_key: str | None = None
    """A source's key, which other entries cite."""
    whole_file: bool = False
    """Its ids are unknown: any unknown reference may be to one of them."""


class Blame:
    """Problems that only follow from an entry not loading (a reference to its id, game or source
    key) are counted at that entry instead of being listed: one bad field in the games catalog would
    otherwise bury itself under hundreds of "unknown game" lines."""

    def __init__(self, unloaded: list[Unloaded]):
        self.by_id = {u.id: u for u in unloaded if u.id}
        self.by_source = {(u.game, u.source_key): u for u in unloaded if u.source_key}
        # an entry whose id (a source whose key) cannot be read may be what any unknown one meant
        self.nameless = next((u for u in unloaded if not u.id and not u.whole_file), None)
        self.keyless = {u.game: u for u in unloaded if u.is_source and not u.source_key}
        self.unread = next((u for u in unloaded if u.whole_file), None)
        self.counts: Counter[Unloaded] = Counter()

    def absorbs(self, ref: str | None = None, source: tuple[str, str] | None = None) -> bool:
        """Whether an unknown reference is explained by something that did not load (then counted)."""
        if source:
            cause = self.by_source.get(source) or self.keyless.get(source[0]) or self.nameless or self.unread
        else:
            cause = self.by_id.get(ref or "") or self.nameless or self.unread
        if cause is None:
            return False
        self.counts[cause] += 1
        return True

    def notes(self) -> list[Problem]:
        return [Problem(u.file, u.line, u.col, u.path,
                        f"{n} other problem(s) that only follow from this not loading (references to an unknown "
                        "id, game or source key) are not listed")
                for u, n in self.counts.items()]


def _guesser(known: Iterable[str]) -> typing.Callable[[str, str], str]:
    """`` (did you mean 'HUN'?)`` for an unknown word with a close known one of the same game."""
    by_game: dict[str, list[str]] = {}
    for word in known:
        by_game.setdefault(word.split(".")[0], []).append(word)
    memo: dict[tuple[str, str], str] = {}

    def guess(game: str, word: str) -> str:
        if (game, word) not in memo:
            close = difflib.get_close_matches(word, by_game.get(game, []), n=1, cutoff=0.8)
            memo[game, word] = f" (did you mean {close[0]!r}?)" if close else ""
        return memo[game, word]
    return guess


def fold_repeats(problems: list[Problem], keep: int = 3) -> list[Problem]:
    """The first ``keep`` problems of each message, then one line counting the rest: a renamed id
    or source key breaks every reference to it, and hundreds of lines hide what happened."""
    total = Counter(p.message for p in problems)
    seen: Counter[str] = Counter()
    out = []
    for p in problems:
        seen[p.message] += 1
        if seen[p.message] <= keep:
            out.append(p)
        if seen[p.message] == keep < total[p.message]:
            out.append(Problem(p.file, p.line, p.col, p.path, f"{total[p.message] - keep} more like the problems above "
                                                              f"({p.message}) are not listed"))
    return out


def check_references(catalog: Catalog, located: list[Located], blame: Blame | None = None) -> list[Problem]:
    problems: list[Problem] = []
    blame = blame or Blame([])

    def problem(loc: Located, path: Path_, message: str) -> None:
        line, col = loc.position(path)
        problems.append(Problem(loc.file, line, col, format_path((loc.kind.key, loc.index, *path)), message))

    for loc in located:
        first = catalog.entries.get(loc.entry.id)
        if first is not None and first is not loc:
            line, _ = first.position(("id",))
            problem(loc, ("id",), f"duplicate id {loc.entry.id!r} (first defined at {first.file}:{line})")
        elif first is None:
            catalog.entries[loc.entry.id] = loc

    games = {e.id: e for e in catalog.typed("games", Game)}
    source_keys = {(e.game, e.key) for e in catalog.typed("sources", Source)}
    resources = {e.id for e in catalog.of_kind("resources")}
    registered = catalog.schema.games
    guess_id = _guesser(catalog.entries)
    guess_key = _guesser(f"{game}.{key}" for game, key in source_keys)

    for loc in located:
        entry = loc.entry
        if isinstance(entry, Game) and entry.id not in registered:
            problem(loc, ("id",), f"game {entry.id!r} has no game module: register one in games/__init__.py "
                                  f"(registered: {', '.join(registered) or 'none'})")
        if entry.game not in games and not blame.absorbs(entry.game):
            problem(loc, ("game",), f"unknown game {entry.game!r} (known: {', '.join(sorted(games))})")
        if entry.id != entry.game and not entry.id.startswith(entry.game + "."):
            problem(loc, ("id",), f"id must start with its game, {entry.game + '.'!r}")
        for path, key in _source_refs(entry) if entry.game in games else ():  # an unknown game has no sources
            if (entry.game, key) not in source_keys and not blame.absorbs(source=(entry.game, key)):
                hint = guess_key(entry.game, f"{entry.game}.{key}").replace(f"'{entry.game}.", "'")
                problem(loc, path, f"unknown source key {key!r} for game {entry.game!r}{hint}")
        for path, value, owner, name in _fields_with(entry, RefMarker):
            for i, ref in enumerate(value if isinstance(value, list) else [value]):
                at = (*path, i) if isinstance(value, list) else path
                if ref not in catalog.entries:
                    if not blame.absorbs(ref):
                        problem(loc, at, f"unknown id {ref!r}{guess_id(ref.split('.')[0], ref)}")
                elif wrong := _wrong_reference(catalog, entry, ref, ref_kinds(owner, name)):
                    problem(loc, at, wrong)
        for path, bundle in fields_with(entry, BundleMarker):
            bundles = bundle if isinstance(bundle, list) else [bundle]
            for i, one in enumerate(bundles):
                for slug, amount in one.items():
                    sub = (*path, i, slug) if isinstance(bundle, list) else (*path, slug)
                    if f"{entry.game}.resource.{slug}" not in resources:
                        if not blame.absorbs(f"{entry.game}.resource.{slug}"):
                            problem(loc, sub, f"unknown resource {slug!r} (define {entry.game}.resource.{slug})")
                    elif amount < 0 and "reward" not in path:  # only rewards may take points away
                        problem(loc, sub, "quantities are never negative")
        game = games.get(entry.game)  # unknown: reported above; which names its terms need is unknown too
        for path, message in entry_checks(entry, glossary_languages(game) if game else ()):
            problem(loc, path, message)
    return problems


def entry_checks(entry: Entry, languages: tuple[str, ...] = ("hu", "pl")) -> Iterator[tuple[Path_, str]]:
    """Rules of single entries; ``languages`` are those of the game's rulebooks."""
    if isinstance(entry, Term):
        for lang in languages:
            if getattr(entry.names, lang) is None:
                yield ("names", lang), f"a glossary term needs a name in each language of the game's rulebooks ({', '.join(languages)}; mark a translation of ours as inferred in fact_confidence)"
    yield from entry.problems()
    for field_path in entry.fact_confidence:
        head = field_path.split(".")[0]
        if head not in type(entry).model_fields:
            yield ("fact_confidence", field_path), f"no field {head!r} on this entry"
