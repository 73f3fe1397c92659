"""Scenarios as readable walkthroughs for the site: the situation, the moves, the outcome.

Built from the scenario data and this build's run of it, so "checked by the engine" is true of
the site that shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.plugin import Situation
from outputs.pages.markdown import text


def describe_players(given: Mapping[str, Any]) -> list[str]:
    lines = []
    for colour, player in (given.get("players") or {}).items():
        facts = []
        for key, value in (player or {}).items():
            if isinstance(value, dict):
                value = ", ".join(f"{v} {k}" for k, v in value.items())
            elif isinstance(value, list):
                value = ", ".join(map(str, value)) or "none"
            facts.append(f"{key.replace('_', ' ')} {value}")
        lines.append(f"{colour}: {'; '.join(facts)}")
    return lines


def describe_rest(given: Mapping[str, Any]) -> list[str]:
    """Every other fact of the position, one line per key in key order (for a game without its own wording)."""
    lines = []
    for key, value in sorted(given.items()):
        if key != "players":
            lines.append(f"{key.replace('_', ' ')}: {', '.join(map(str, value)) if isinstance(value, list) else value}")
    return lines


def describe_given(given: Mapping[str, Any], situation: Situation | None = None) -> list[str]:
    return describe_players(given) + (situation or describe_rest)(given)


def render(result: Any, situation: Situation | None = None) -> str:
    """Markdown for one scenario and its result in this build."""
    raw = result.raw
    status = "Checked by the engine in this build" if result.passed else "FAILED in this build"
    kind = "success" if result.passed else "failure"
    out = [f'!!! {kind} "{text(raw.get("title") or result.id)} — {status}"\n']
    body = []
    if raw.get("narrative"):
        body.append(text(raw["narrative"].strip()))
    position = describe_given(raw.get("given") or {}, situation)
    if position:
        body.append("**Situation.** " + "; ".join(text(s) for s in position) + ".")
    moves = []
    for step in raw.get("steps") or []:
        spec = step if isinstance(step, dict) else {"do": step}
        line = f"`{text(spec['do'])}`"
        if "illegal" in spec:
            line += f" — refused ({text(spec['illegal'])})"
        if spec.get("note"):
            line += f" — {text(spec['note'])}"
        if spec.get("expect"):
            line += " — then " + ", ".join(f"{text(k)} = {text(v)}" for k, v in spec["expect"].items())
        moves.append(f"{len(moves) + 1}. {line}")
    if moves:
        body.append("**Moves.**\n\n" + "\n".join(moves))
    if raw.get("expect"):
        body.append("**Outcome.** " + "; ".join(f"{text(k)} = {text(v)}" for k, v in raw["expect"].items()) + ".")
    for path, (claimed, actual) in result.verdicts.items():
        body.append(f"**Disputed.** The source claims {text(path)} = {text(claimed)}; the engine gives {text(actual)}.")
    body.append(f"Scenario `{text(result.id)}` in `{text(result.file)}`.")
    indented = "\n\n".join(body).replace("\n", "\n    ")
    return "".join(out) + "\n    " + indented + "\n"
