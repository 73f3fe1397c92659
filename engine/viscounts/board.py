"""The main board the engine plays on, built from the catalog's assumed layout (main_boards, the
``assumed_`` fields): outer spaces o1..o10 and inner spaces i1..i10 clockwise, two columns per
segment; building spots 1a..5d (a, b left of the river, c, d right); a segment's townsfolk deck,
manuscript pile and castle section share its number (0-based inside the engine)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.viscounts.rules import Effects, Rules

ROLE_COLUMN = {"left": 0, "right": 1}


@dataclass
class Board:
    segments: int
    arrows: dict[str, list[str]] = field(default_factory=dict)
    exchange: dict[str, str] = field(default_factory=dict)
    """outer space -> trade exchange slug"""
    spots: list[str] = field(default_factory=list)
    spot_reward: dict[str, Effects] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)
    link_reward: Effects = field(default_factory=list)
    _destinations: dict[tuple[str, int, int], dict[str, int]] = field(default_factory=dict, repr=False, compare=False)
    _segments: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    _sides: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False, compare=False)
    """Answers worked out once per space (the board does not change; every turn asks)."""

    @classmethod
    def build(cls, rules: Rules) -> Board:
        main = rules.board
        n = main.segments
        board = cls(n)
        columns = 2 * n

        def space(role: str, seg: int) -> str:
            nxt = role.startswith("next-")
            path, side = role.removeprefix("next-").split("-")
            column = ((seg + nxt) % n) * 2 + ROLE_COLUMN[side]
            return f"{path[0]}{column + 1}"

        for seg in range(n):
            for a, b in main.assumed_path_links:
                board.arrows.setdefault(space(a, seg), []).append(space(b, seg))
        for c in range(columns):
            board.exchange[f"o{c + 1}"] = main.assumed_exchanges[c % len(main.assumed_exchanges)]
        for seg in range(n):
            for reward in main.assumed_spot_rewards:
                spot = f"{seg + 1}{reward.spot}"
                board.spots.append(spot)
                board.spot_reward[spot] = [s.model_dump() for s in reward.reward]
            for a, b in main.assumed_spot_links:
                ends = []
                for end in (a, b):
                    nxt = end.startswith("next-")
                    ends.append(f"{(seg + nxt) % n + 1}{end.removeprefix('next-')}")
                board.links.append((ends[0], ends[1]))
        board.link_reward = [s.model_dump() for s in main.assumed_link_reward]
        return board

    def segment(self, space: str) -> int:
        found = self._segments.get(space)
        if found is None:
            found = self._segments[space] = (int(space[1:]) - 1) // 2
        return found

    def outer(self, space: str) -> bool:
        return space.startswith("o")

    def building_side(self, space: str) -> tuple[str, ...]:
        """The spots a viscount on an outer space can build on: its segment's side of the river."""
        found = self._sides.get(space)
        if found is None:
            column = int(space[1:]) - 1
            letters = "ab" if column % 2 == 0 else "cd"
            found = self._sides[space] = tuple(f"{column // 2 + 1}{letter}" for letter in letters)
        return found

    def reach(self, start: str, steps: int) -> set[str]:
        """Spaces at the end of walks of exactly ``steps`` arrows."""
        here = {start}
        for _ in range(steps):
            here = {b for a in here for b in self.arrows.get(a, [])}
        return here

    def destinations(self, start: str, least: int, most: int) -> dict[str, int]:
        """Each space reachable in ``least`` to ``most`` steps, with the fewest steps that reach it (worked
        out once per question: every move asks; the caller must not change the answer)."""
        key = (start, least, most)
        found = self._destinations.get(key)
        if found is None:
            found = self._destinations[key] = self._walk(start, least, most)
        return found

    def _walk(self, start: str, least: int, most: int) -> dict[str, int]:
        out: dict[str, int] = {}
        here = self.reach(start, least)
        for n in range(least, most + 1):
            for s in sorted(here):
                out.setdefault(s, n)
            here = {b for a in here for b in self.arrows.get(a, [])}
        return out

    def neighbours(self, spot: str) -> list[str]:
        return [b if a == spot else a for a, b in self.links if spot in (a, b)]
