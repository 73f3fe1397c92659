"""Deep merge of plain data: how a scenario's ``given`` edits a standard start."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any


def merge(base: dict[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """``changes`` merged into a copy of ``base``: mappings merge key by key, anything else replaces."""
    out = copy.deepcopy(base)
    for key, value in changes.items():
        key = str(key)
        if isinstance(value, Mapping) and isinstance(out.get(key), dict):
            out[key] = merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out
