"""How the starting position of a Maharaja scenario reads on the site (after the players' holdings,
which the site lists for every game): the round and the Maharaja, then the houses, palaces and markers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def situation(given: Mapping[str, Any]) -> list[str]:
    lines = []
    for key, label in (("round", "round"), ("maharaja", "the Maharaja in"), ("phase", "phase"), ("to_move", "to move")):
        if key in given:
            lines.append(f"{label}: {given[key]}")
    villages = [f"{name} ({', '.join(houses)})" for name, houses in (given.get("villages") or {}).items() if houses]
    if villages:
        lines.append(f"houses in villages: {', '.join(villages)}")
    for name, city in (given.get("cities") or {}).items():
        parts = []
        if (city or {}).get("inner"):
            parts.append(f"inner palace {city['inner']}")
        if (city or {}).get("outer"):
            parts.append(f"outer palaces {', '.join(city['outer'])}")
        houses = (city or {}).get("houses") or {}
        parts += [f"{n} {colour} house{'s' if n != 1 else ''}" for colour, n in houses.items() if n]
        if parts:
            lines.append(f"city {name.upper()}: {'; '.join(parts)}")
    if "track" in given:
        order = [str(m).upper() for m in given["track"] if m]
        lines.append(f"governor markers, lowest first: {', '.join(order)}")
    return lines
