"""Scenarios as readable walkthroughs for the site: the situation, the moves, the outcome.

Built from the scenario data and this build's run of it, so "checked by the engine" is true of
the site that shows it.
"""

from __future__ import annotations

from typing import Any

from kb.markdown import text


def describe_given(given: dict[str, Any]) -> list[str]:
    lines = []
    for colour, player in (given.get("players") or {}).items():
        facts = []
        for key, value in (player or {}).items():
            if isinstance(value, dict):
                value = ", ".join(f"{v} {k}" for k, v in value.items())
            facts.append(f"{key} {value}")
        lines.append(f"{colour}: {'; '.join(facts)}")
    for number, space in sorted((given.get("road") or {}).items(), key=lambda kv: int(kv[0])):
        parts = [space.get("building") or "empty"]
        if space.get("owner"):
            parts.append(f"owned by {space['owner']}")
        if space.get("worker"):
            parts.append(f"{space['worker']}'s worker on it")
        lines.append(f"road space {number}: {', '.join(parts)}")
    for key in ("turn_order", "passed", "castle_workers", "provost", "bailiff", "phase", "to_move", "scored"):
        if key in given:
            value = given[key]
            lines.append(f"{key.replace('_', ' ')}: {', '.join(map(str, value)) if isinstance(value, list) else value}")
    for key in ("specials", "castle"):
        for name, value in (given.get(key) or {}).items():
            lines.append(f"{name}: {', '.join(str(v) for v in value if v) or 'empty'}")
    return lines


def render(result: Any, level: int = 3) -> str:
    """Markdown for one scenario and its result in this build."""
    raw = result.raw
    status = "Checked by the engine in this build" if result.passed else "FAILED in this build"
    kind = "success" if result.passed else "failure"
    out = [f'!!! {kind} "{text(raw.get("title") or result.id)} — {status}"\n']
    body = []
    if raw.get("narrative"):
        body.append(text(raw["narrative"].strip()))
    situation = describe_given(raw.get("given") or {})
    if situation:
        body.append("**Situation.** " + "; ".join(text(s) for s in situation) + ".")
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
