"""How the starting position of a Caylus scenario reads on the site: the road, then the counters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KEYS = ("turn_order", "passed", "castle_workers", "provost", "bailiff", "phase", "to_move", "scored")


def situation(given: Mapping[str, Any]) -> list[str]:
    lines = []
    for number, space in sorted((given.get("road") or {}).items(), key=lambda kv: int(kv[0])):
        parts = [space.get("building") or "empty"]
        if space.get("owner"):
            parts.append(f"owned by {space['owner']}")
        if space.get("worker"):
            parts.append(f"{space['worker']}'s worker on it")
        lines.append(f"road space {number}: {', '.join(parts)}")
    for key in KEYS:
        if key in given:
            value = given[key]
            lines.append(f"{key.replace('_', ' ')}: {', '.join(map(str, value)) if isinstance(value, list) else value}")
    for key in ("specials", "castle"):
        for name, value in (given.get(key) or {}).items():
            lines.append(f"{name}: {', '.join(str(v) for v in value if v) or 'empty'}")
    return lines
