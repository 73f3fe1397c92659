"""The Builders Duel's building cards drawn from the catalogs: each player's sections in order, each with
its material spaces and the reward for finishing it first, and what placing materials costs.

The materials a section's spaces show are only pictured in the rulebook; where the catalog leaves
them unknown each space is drawn as unknown (dashed, "?"), never guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from games.drawing import MUTED, box, figure, fill_of, label, label_lines, unknown_mark, wrap
from games.duel.kinds import BuildingSection, ConstructionRule, Effect

MARGIN, COLUMN_GAP = 12.0, 14.0
CARD_W, CARD_H, CARD_GAP = 210.0, 186.0, 12.0
SLOT_H = 40.0
REWARD_CHARS, REWARD_LINES, REWARD_SIZE = 23, 4, 16.0
NUMERALS = ("I", "II", "III", "IV", "V", "VI")


def building_name(section: BuildingSection) -> str:
    """The building a section belongs to, as its name says ("Waleran's castle, section I"); else its player."""
    head, sep, _ = section.names.en.rpartition(", section")
    return head if sep and head else f"{section.player}'s building"


def _card(x: float, y: float, section: BuildingSection, slots: int, reward: str, colour: str,
          material_name: Callable[[str], str]) -> list[str]:
    out = [box(x, y, CARD_W, CARD_H, fill="#ffffff", stroke=fill_of(colour, "#8d6e63"), rounded=8,
               hover=section.names.en),
           box(x, y, CARD_W, 30, fill=fill_of(colour, "#bcaaa4"), stroke=fill_of(colour, "#8d6e63"), rounded=8),
           label(x + 12, y + 21, f"Section {section.numeral}", size=18, anchor="start", bold=True)]
    slot_w = (CARD_W - 24 - (slots - 1) * 8) / slots
    for i in range(slots):
        sx, sy = x + 12 + i * (slot_w + 8), y + 40
        material = section.materials[i] if section.materials is not None and i < len(section.materials) else None
        if material is None:
            out.append(unknown_mark(sx, sy, slot_w, SLOT_H, f"material {i + 1} of {section.names.en}"))
        else:
            name = material_name(material)
            out.append(box(sx, sy, slot_w, SLOT_H, fill="#f5f5f5", hover=f"material {i + 1}: {name}"))
            out.append(label_lines(sx + slot_w / 2, sy + SLOT_H / 2, name, chars=7, size=13, most_lines=2))
    out.append(label(x + 12, y + 102, "First to finish:", size=14, anchor="start", colour=MUTED))
    # the reward's lines hang from just under that label, however many there are
    lines = len(wrap(reward, REWARD_CHARS, REWARD_LINES))
    centre = y + 124 - REWARD_SIZE * 0.35 + REWARD_SIZE * 1.15 * (lines - 1) / 2
    out.append(label_lines(x + 12, centre, reward, chars=REWARD_CHARS, size=REWARD_SIZE, most_lines=REWARD_LINES, anchor="start"))
    return out


def building_svg(sections: Iterable[BuildingSection], rule: ConstructionRule | None,
                 effect_words: Callable[[Effect], str], material_name: Callable[[str], str] = str) -> str:
    """The players' building cards as one block of HTML (a figure holding the SVG), one column a player;
    ``material_name`` names a building material by its slug."""
    by_player: dict[str, list[BuildingSection]] = {}
    for s in sections:
        by_player.setdefault(s.player, []).append(s)
    order = {n: i for i, n in enumerate(NUMERALS)}
    players = sorted(by_player, key=lambda p: (p != "red", p))  # the catalog's players; red (who starts) left
    slots = rule.materials_per_section if rule else 3
    width = 2 * MARGIN + len(players) * CARD_W + (len(players) - 1) * COLUMN_GAP
    body: list[str] = []
    tallest = 0
    described = []
    for column, player in enumerate(players):
        x = MARGIN + column * (CARD_W + COLUMN_GAP)
        cards = sorted(by_player[player], key=lambda s: order.get(s.numeral, len(order)))
        name = building_name(cards[0])
        body.append(label(x, 26, name[:1].upper() + name[1:], size=17, anchor="start", bold=True))
        body.append(label(x, 46, f"{player} player", size=14, anchor="start", colour=MUTED))
        y = 58.0
        parts = []
        for s in cards:
            reward = effect_words(s.reward)
            body += _card(x, y, s, slots, reward, player, material_name)
            materials = ", ".join(map(material_name, s.materials)) if s.materials is not None else "materials unknown"
            parts.append(f"section {s.numeral} ({materials}; first to finish: {reward})")
            y += CARD_H + CARD_GAP
        tallest = max(tallest, int(y))
        described.append(f"{name}, {player}: " + "; ".join(parts))
    y = tallest + 8.0
    if rule is not None:
        body.append(label(MARGIN, y + 4, "Placing materials in one round costs:", size=15, anchor="start", bold=True))
        y += 16
        cost_w = (width - 2 * MARGIN - (len(rule.cost_by_materials) - 1) * 8) / max(len(rule.cost_by_materials), 1)
        for i, gold in enumerate(rule.cost_by_materials):
            cx = MARGIN + i * (cost_w + 8)
            many = "material" if i == 0 else "materials"
            body.append(box(cx, y, cost_w, 52, fill="#fffde7", hover=f"{i + 1} {many} in one round: {gold} gold"))
            body.append(label(cx + cost_w / 2, y + 21, f"{i + 1} {many}", size=15))
            body.append(label(cx + cost_w / 2, y + 42, f"{gold} gold", size=16, bold=True))
        y += 64
    height = y + 4

    costs = (", ".join(f"{i} for {g} gold" for i, g in enumerate(rule.cost_by_materials, start=1)) if rule else "")
    alt = ("The players' building cards. " + ". ".join(described) + "."
           + (f" Materials placed in one round: {costs}." if costs else ""))
    unknown = any(s.materials is None for cards in by_player.values() for s in cards)
    per_round = (f"; each round a player adds materials to {rule.sections_per_round} section"
                 f"{'' if rule.sections_per_round == 1 else 's'} at most" if rule else "")
    caption = ("Each player's building, one card a section; the first player to finish a section takes its reward"
               + per_round + ("; a dashed “?” is a material the rulebook only pictures, still unknown to us"
                                     if unknown else ""))
    return figure(width, height, alt, body, caption, css_class="kb-drawing kb-building")
