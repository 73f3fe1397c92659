"""Rules engines, one per game, reading every number from the catalogs in data/."""

from engine.core import (
    Action,
    ActionSyntaxError,
    Decision,
    EngineError,
    IllegalAction,
    InvalidState,
)

__all__ = ["Action", "ActionSyntaxError", "Decision", "EngineError", "IllegalAction", "InvalidState", "game"]


def game(name: str, **options):  # type: ignore[no-untyped-def]
    """The engine of a game by name: ``game("caylus", players=4)``."""
    from engine.registry import GAMES

    try:
        factory = GAMES[name]
    except KeyError:
        raise ValueError(f"no engine for {name!r} (known: {', '.join(sorted(GAMES))})") from None
    return factory(**options)
