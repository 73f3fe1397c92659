"""Scenarios as readable walkthroughs for the site: the situation, the moves, the outcome, in
sentences a player reads, with the engine's notation behind a collapsed "Engine notation" block.

Built from the scenario data and this build's run of it, so "checked by the engine" is true of the
site that shows it. The game's :class:`games.narration.Narration` words its actions and state;
this module lays them out, links the rules and ids they name, and keeps the notation for those who
want to write scenarios of their own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import yaml

from games.narration import Narration, Table, Unworded
from outputs.pages.markdown import table, text

if TYPE_CHECKING:
    from outputs.pages.writer import PageWriter

NOTATION_KEYS = ("options", "given", "steps", "expect", "unchanged", "claims")
"""The parts of a scenario the engine reads, shown as they are written in its file."""

def worded(say: Callable[[], Any], notation: Any) -> Any:
    """The game's wording, or the engine notation in code where the game has none (the tests
    check that no scenario of a registered game needs this)."""
    try:
        return say()
    except (Unworded, KeyError, ValueError, TypeError):
        return f"`{notation}`" if isinstance(notation, str) else notation


def rule_link(w: PageWriter, rule: str) -> str:
    return w.link(rule) if rule in w.catalog.entries else text(rule)


def expectations(n: Narration, expected: Mapping[str, Any], to_move: str | None) -> list[str]:
    try:
        return [text(s) for s in n.expectations(expected, to_move)]
    except (Unworded, KeyError, ValueError, TypeError):  # say what can be said, path by path
        said: list[str] = []
        for path, value in expected.items():
            found = worded(lambda: n.expectation(str(path), value, to_move), f"{path} = {value!r}")
            said += [text(s) for s in found] if isinstance(found, list) else [found]
        return said


def step_line(n: Narration, w: PageWriter, spec: Mapping[str, Any], record: Any | None) -> str:
    notation = str(spec["do"])
    decision = getattr(record, "decision", None)
    if "illegal" in spec:
        rule = record.illegal.split(":", 1)[0] if record is not None and record.illegal else str(spec["illegal"])
        clause = worded(lambda: n.clause(notation, decision), notation)
        tried = f"{text(clause.subject)} tries to {text(clause.predicate)}" if not isinstance(clause, str) else clause
        line = f"{tried}, which is refused ({rule_link(w, rule)})."
    else:
        played = getattr(record, "played", None) or notation
        said = worded(lambda: n.step(played, decision), played)
        own, others = worded(lambda: n.changes(played.split()[0], record.changes, said), ("", "")) if record is not None else ("", "")
        line = text(said) if not said.startswith("`") else said
        if own and line.endswith("."):
            line = line[:-1] + f", {text(own)}."
        if others:
            line += f" {text(others)}"
    if spec.get("note"):
        line += f" {w.prose(str(spec['note']).strip())}"
    if spec.get("expect"):  # on a line of its own (a hard line break inside the list item)
        line += "  \n    *Then:* " + " ".join(expectations(n, spec["expect"], getattr(record, "to_move", None)))
    if spec.get("unchanged"):  # what the step must leave as it was: checked before and after it
        line += "  \n    *Still:* " + " ".join(expectations(n, spec["unchanged"], getattr(record, "to_move", None)))
    return line


def situation(n: Narration, given: Mapping[str, Any], start: Mapping[str, Any]) -> list[str]:
    """The starting position: the players table, the game's own facts (sentences and tables), who moves."""
    facts = worded(lambda: [f for f in (n.players_table(given, start), *n.situation(given, start)) if f is not None], "given")
    if isinstance(facts, str):
        return ["The scenario starts from a position the site cannot describe yet (see the engine notation)."]
    if "to_move" in given:
        facts.append(worded(lambda: n.waiting(given["to_move"], None), f"to_move = {given['to_move']}"))
    sentences = [text(f) if not f.startswith("`") else f for f in facts if isinstance(f, str)]
    out = ["**Situation.** " + " ".join(sentences)] if sentences else ["**Situation.**"]
    for t in facts:
        if isinstance(t, Table):
            out.append(f"*{text(t.caption)}*\n\n" + table(list(t.headers), [list(r) for r in t.rows]).rstrip("\n"))
    return out


def notation_block(result: Any) -> str:
    raw = result.raw
    shown = {k: raw[k] for k in NOTATION_KEYS if raw.get(k)}
    code = yaml.safe_dump(shown, sort_keys=False, allow_unicode=True, width=100).rstrip("\n")
    body = (f"Scenario `{text(result.id)}` in `{text(result.file)}`, as the engine reads it "
            f"(`kb explain {text(result.file)}` shows every step with what it changed):\n\n```yaml\n{code}\n```")
    return '??? note "Engine notation"\n\n' + "    " + body.replace("\n", "\n    ")


def render(result: Any, w: PageWriter) -> str:
    """Markdown for one scenario and its result in this build."""
    n = w.narration
    raw = result.raw
    status = "Checked by the engine in this build" if result.passed else "FAILED in this build"
    kind = "success" if result.passed else "failure"
    out = [f'!!! {kind} "{text(raw.get("title") or result.id)} — {status}"\n']
    body: list[str] = []
    if raw.get("narrative"):
        body.append(w.prose(raw["narrative"].strip()))
    given = raw.get("given") or {}
    if given:
        body += situation(n, given, result.start or given)
    moves = []
    records = list(result.steps)
    for i, step in enumerate(raw.get("steps") or []):
        spec = step if isinstance(step, dict) else {"do": step}
        record = records[i] if i < len(records) else None
        moves.append(f"{i + 1}. {step_line(n, w, spec, record)}")
    if moves:
        body.append("**Moves.**\n\n" + "\n".join(moves))
    if raw.get("expect"):
        body.append("**Outcome.** " + " ".join(expectations(n, raw["expect"], result.to_move)))
    if raw.get("unchanged"):
        body.append("**Still as at the start.** " + " ".join(expectations(n, raw["unchanged"], result.to_move)))
    body += [f"**Disputed.** {v}" for v in verdicts(n, result)]
    body.append(notation_block(result))
    indented = "\n\n".join(body).replace("\n", "\n    ")
    return "".join(out) + "\n    " + indented + "\n"


def verdicts(n: Narration, result: Any) -> list[str]:
    """The claims of a source the engine does not bear out: what the source says, what the engine gives."""
    out = []
    for path, (claimed, actual) in result.verdicts.items():
        says = " ".join(expectations(n, {path: claimed}, None))
        gives = " ".join(expectations(n, {path: actual}, None))
        out.append(f"The source says: {says} The engine gives: {gives}")
    return out
