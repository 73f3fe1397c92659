"""Deep merge of plain data: how a scenario's ``given`` edits a standard start."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from typing import Any


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, Mapping):
        return "a mapping"
    return "null" if value is None else type(value).__name__


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float))


def _fits(old: Any, new: Any) -> bool:
    """Whether ``new`` may replace ``old``: the same kind of value (a float takes a whole number, null
    takes the place of text or of nothing); the items of a list are plain values unless the list's
    own are not."""
    if isinstance(new, list) and isinstance(old, list) and all(map(_scalar, old)):
        return all(map(_scalar, new))
    if old is None:
        return True
    if new is None:
        return isinstance(old, str)
    if isinstance(old, float) and isinstance(new, int) and not isinstance(new, bool):
        return True
    return _kind(old) == _kind(new)


def merge(base: dict[str, Any], changes: Mapping[str, Any], path: str = "") -> dict[str, Any]:
    """``changes`` merged into a copy of ``base``: mappings merge key by key, anything else replaces.

    A change must be the kind of value it replaces (a mapping for a mapping, a list for a list, a
    whole number for one), and the top level takes no new keys (they are the state's fields): a value
    of the wrong kind or a misspelt field is refused with its path (``players.red.deniers``) instead
    of failing later with a message about Python types, or being kept silently. (Deeper mappings may
    gain keys: the road, say, lists only the spaces that hold something.)
    """
    out = copy.deepcopy(base)
    for key, value in changes.items():
        key = str(key)
        where = f"{path}.{key}" if path else key
        if not path and key not in out:
            raise ValueError(f"{where}: no such key here (known: {', '.join(sorted(map(str, out)))})")
        old = out.get(key)
        if key not in out:  # a new key of a mapping: its value is the kind of its neighbours'
            old = next((v for v in out.values() if v is not None), None)
        if not _fits(old, value):
            wanted = "a list of plain values" if isinstance(value, list) and isinstance(old, list) else _kind(old)
            raise ValueError(f"{where}: should be {wanted}, got {json.dumps(value, ensure_ascii=False, default=str)}"[:300])
        if isinstance(value, Mapping) and isinstance(old, dict):
            out[key] = merge(old, value, where)
        else:
            out[key] = copy.deepcopy(value)
    return out
