"""The second validation pass: what one entry says about others (unique ids, known references,
known source keys, known resource slugs), and the rules of single kinds a JSON Schema cannot say."""

from __future__ import annotations

import typing
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from catalog.kinds import Game, Source, Term
from catalog.model import BundleMarker, Entry, Path_, RefMarker, SourceRef
from catalog.yamlfile import Problem, format_path

if TYPE_CHECKING:
    from catalog.load import Catalog, Located


def _has_marker(annotation: Any, marker: type) -> bool:
    if any(isinstance(m, marker) for m in getattr(annotation, "__metadata__", ())):
        return True
    return any(_has_marker(arg, marker) for arg in typing.get_args(annotation))


def fields_with(model: BaseModel, marker: type) -> Iterator[tuple[Path_, Any]]:
    """Every (path, value) in a model whose declared type carries ``marker``; recurses into submodels."""
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        marked = any(isinstance(m, marker) for m in info.metadata) or _has_marker(info.annotation, marker)
        if marked and value is not None:
            yield (name,), value
            continue
        items = value if isinstance(value, list) else [value]
        for i, item in enumerate(items):
            if isinstance(item, BaseModel):
                prefix: Path_ = (name, i) if isinstance(value, list) else (name,)
                for sub, sub_value in fields_with(item, marker):
                    yield (*prefix, *sub), sub_value


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


def check_references(catalog: Catalog, located: list[Located]) -> list[Problem]:
    problems: list[Problem] = []

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

    for loc in located:
        entry = loc.entry
        if isinstance(entry, Game) and entry.id not in registered:
            problem(loc, ("id",), f"game {entry.id!r} has no game module: register one in games/__init__.py "
                                  f"(registered: {', '.join(registered) or 'none'})")
        if entry.game not in games:
            problem(loc, ("game",), f"unknown game {entry.game!r} (known: {', '.join(sorted(games))})")
        if entry.id != entry.game and not entry.id.startswith(entry.game + "."):
            problem(loc, ("id",), f"id must start with its game, {entry.game + '.'!r}")
        for path, key in _source_refs(entry):
            if (entry.game, key) not in source_keys:
                problem(loc, path, f"unknown source key {key!r} for game {entry.game!r}")
        for path, value in fields_with(entry, RefMarker):
            for i, ref in enumerate(value if isinstance(value, list) else [value]):
                if ref not in catalog.entries:
                    problem(loc, (*path, i) if isinstance(value, list) else path, f"unknown id {ref!r}")
        for path, bundle in fields_with(entry, BundleMarker):
            bundles = bundle if isinstance(bundle, list) else [bundle]
            for i, one in enumerate(bundles):
                for slug, amount in one.items():
                    sub = (*path, i, slug) if isinstance(bundle, list) else (*path, slug)
                    if f"{entry.game}.resource.{slug}" not in resources:
                        problem(loc, sub, f"unknown resource {slug!r} (define {entry.game}.resource.{slug})")
                    elif amount < 0 and "reward" not in path:  # only rewards may take points away
                        problem(loc, sub, "quantities are never negative")
        game = games.get(entry.game)
        for path, message in entry_checks(entry, glossary_languages(game) if game else ("hu", "pl")):
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
