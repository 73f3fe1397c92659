"""What must hold in every Duel state: gold conserved with the bank, markers and seals accounted for,
the offer the size of the grid. Checked after every step of every random game."""

from __future__ import annotations

from engine.duel.rules import Rules
from engine.duel.state import PHASES, State


def invariant_problems(state: State, rules: Rules) -> list[str]:
    out = []
    if state.phase not in PHASES:  # the flow would wait forever for a phase that never comes
        out.append(f"phase: {state.phase!r} is not one of {', '.join(PHASES)}")
    total = state.bank + sum(p.gold for p in state.players.values())
    if total != rules.bank_total:
        out.append(f"gold: bank {state.bank} + players {total - state.bank} = {total}, the box holds {rules.bank_total}")
    if len(state.offer) != rules.cells:
        out.append(f"offer: {len(state.offer)} cells, the grid has {rules.cells}")
    if state.bank < 0:
        out.append(f"bank: {state.bank} is negative")
    markers = rules.marker_kinds
    per_section = rules.construction.materials_per_section
    markers_each = rules.structure.markers_per_player
    overfull: list[str] = []
    seals_seen: dict[str, int] = {}
    for seal in state.stack:
        seals_seen[seal] = seals_seen.get(seal, 0) + 1
    for colour, me in state.players.items():
        if me.gold < 0:
            out.append(f"players.{colour}.gold: {me.gold} is negative")
        for seal in me.seals:
            seals_seen[seal] = seals_seen.get(seal, 0) + 1
        in_buildings: dict[str, int] = {}  # materials on the unfinished sections, counted once for every raw
        for numeral, materials in me.sections.items():
            for material in materials:
                in_buildings[material] = in_buildings.get(material, 0) + 1
            if len(materials) > per_section:
                overfull.append(f"players.{colour}.sections.{numeral}: {len(materials)} materials")
        camp, reserve, boxed = me.camp, me.reserve, me.boxed
        for raw, material, per_player in markers:
            in_camp, in_reserve, built, in_box = (camp.get(raw, 0) + camp.get(material, 0), reserve.get(raw, 0),
                                                  in_buildings.get(material, 0), boxed.get(raw, 0))
            if in_camp < 0 or in_reserve < 0 or built < 0 or in_box < 0 or in_camp + in_reserve + built + in_box != per_player:
                counts = {"camp": in_camp, "reserve": in_reserve, "buildings": built, "box": in_box}
                out.append(f"players.{colour}: {raw} markers {counts} do not add up to {per_player}")
        out += overfull  # reported after the markers, as they always were
        overfull.clear()
        cells = state.marks.get(colour, [])
        if len(cells) > markers_each or len(set(cells)) != len(cells):
            out.append(f"marks.{colour}: {cells}")
        in_conflict = state.conflict is not None and "personal" in state.conflict.flicked[colour]
        if me.personal_seal == in_conflict:
            out.append(f"players.{colour}.personal_seal: {me.personal_seal} while {'in' if in_conflict else 'not in'} a conflict")
    if state.conflict is not None:
        for seals in state.conflict.flicked.values():
            for seal in seals:
                if seal != "personal":
                    seals_seen[seal] = seals_seen.get(seal, 0) + 1
    if state.pending and state.pending[0].kind == "stack":
        return out  # the spare seals are not stacked yet
    for name, kind in rules.neutral_seals.items():
        if seals_seen.get(name, 0) != kind.count:
            out.append(f"seals: {seals_seen.get(name, 0)} seals {name} in play, the box holds {kind.count}")
    return out


Markers = tuple[dict[str, int], dict[str, int], dict[str, int], dict[str, list[str]],
                dict[str, int], dict[str, int], dict[str, int], dict[str, list[str]]]
Seals = tuple[list[str], list[str], list[str], dict[str, list[str]] | None]


class Invariants:
    """The same invariants, answered quickly for a state that keeps them: ``holds`` is a sufficient
    condition for :func:`invariant_problems` finding nothing (each test below passes only where the
    full count passes), so ``check`` needs the full count, and its messages, only when it fails.

    The markers and the seals are the costly part, and most steps (deals, chance's faces, placing,
    income) move neither: markers (camps, reserves, boxes, sections) or seals (stack, hands, flicked)
    equal, value for value, to the ones last counted right are not counted again (their count
    depends on nothing else). Written for two players; any other state gets the full count."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.phases = frozenset(PHASES)
        self.cells = rules.cells
        self.bank_total = rules.bank_total
        self.markers = tuple(rules.marker_kinds)
        self.per_section = rules.construction.materials_per_section
        self.markers_each = rules.structure.markers_per_player
        self.seals = sorted(name for name, kind in rules.neutral_seals.items() for _ in range(kind.count))
        self.counted_markers: Markers | None = None
        """Copies of both players' camp, reserve, box and sections last found to hold the markers."""
        self.counted_marks: tuple[str, str, dict[str, list[int]]] | None = None
        """The two players and a copy of the character markers last found within bounds."""
        self.counted_seals: Seals | None = None
        """Copies of the stack, both hands and the flicked seals last found to hold the seals."""

    def holds(self, state: State) -> bool:
        players, bank, conflict = state.players, state.bank, state.conflict
        if len(players) != 2 or state.phase not in self.phases or len(state.offer) != self.cells or bank < 0:
            return False
        (one, me), (two, other) = players.items()
        if me.gold < 0 or other.gold < 0 or bank + me.gold + other.gold != self.bank_total:
            return False
        marks = state.marks
        if (one, two, marks) != self.counted_marks:
            cells, others = marks.get(one, ()), marks.get(two, ())
            most = self.markers_each
            if len(cells) > most or len(others) > most or len(set(cells)) != len(cells) or len(set(others)) != len(others):
                return False
            self.counted_marks = (one, two, {colour: list(cells) for colour, cells in marks.items()})
        if conflict is None:
            if me.personal_seal is not True or other.personal_seal is not True:
                return False
        elif (me.personal_seal == ("personal" in conflict.flicked[one])
              or other.personal_seal == ("personal" in conflict.flicked[two])):
            return False
        markers = (me.camp, me.reserve, me.boxed, me.sections, other.camp, other.reserve, other.boxed, other.sections)
        if markers != self.counted_markers:
            if not (self._markers_hold(*markers[:4]) and self._markers_hold(*markers[4:])):
                return False
            self.counted_markers = (dict(me.camp), dict(me.reserve), dict(me.boxed), _lists(me.sections),
                                    dict(other.camp), dict(other.reserve), dict(other.boxed), _lists(other.sections))
        seals = (state.stack, me.seals, other.seals, None if conflict is None else conflict.flicked)
        if seals == self.counted_seals or state.pending and state.pending[0].kind == "stack":
            return True  # counted before, or the spare seals are not stacked yet
        every = state.stack + me.seals + other.seals
        if conflict is not None:
            for flicked in conflict.flicked.values():
                every += [seal for seal in flicked if seal != "personal"]
        every.sort()
        if every != self.seals:
            return False
        self.counted_seals = (list(state.stack), list(me.seals), list(other.seals),
                              None if conflict is None else _lists(conflict.flicked))
        return True

    def _markers_hold(self, camp: dict[str, int], reserve: dict[str, int], boxed: dict[str, int],
                      sections: dict[str, list[str]]) -> bool:
        built: list[str] = []
        for materials in sections.values():
            if len(materials) > self.per_section:
                return False
            built += materials
        for raw, material, per_player in self.markers:
            in_camp, in_reserve, in_box = camp.get(raw, 0) + camp.get(material, 0), reserve.get(raw, 0), boxed.get(raw, 0)
            if in_camp < 0 or in_reserve < 0 or in_box < 0 or in_camp + in_reserve + in_box + built.count(material) != per_player:
                return False
        return True


def _lists(lists: dict[str, list[str]]) -> dict[str, list[str]]:
    return {key: list(value) for key, value in lists.items()}
