"""``kb explore``: the explorer (outputs/explore) in a terminal. It shows the position in words and tables
and the legal moves as a numbered list, and reads a number or a move in notation, ``back`` or ``quit``;
the end of input quits as ``quit`` does. Every position is asked of the same function the API's
``/-/explore.json`` answers with, so the two never disagree."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from outputs.explore import ExploreError, Line, explore

HELP = ("Type a move's number, or a move in notation (as listed after each move); 'back' takes the last move back, "
        "'line' prints the line as API parameters, 'quit' (or the end of input) leaves.")
QUIT = ("quit", "q", "exit")


def table_text(table: dict[str, Any]) -> list[str]:
    """A table as aligned columns under its title."""
    rows = [table["headers"], *table["rows"]]
    widths = [max(len(str(r[i])) if i < len(r) else 0 for r in rows) for i in range(len(table["headers"]))]
    lines = [f"  {table['title']}"]
    for j, row in enumerate(rows):
        lines.append("    " + "  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip())
        if j == 0:
            lines.append("    " + "  ".join("-" * w for w in widths))
    return lines


def position_text(answer: dict[str, Any]) -> list[str]:
    position = answer["position"]
    out = [f"== {answer['scenario_title']} ({answer['scenario']}), after {len(answer['moves'])} move(s) of yours"]
    if answer.get("narration"):
        out.append(f"Last: {answer['narration']}")
    out += [f"  {s}" for s in position["sentences"]]
    for table in position["tables"]:
        out += table_text(table)
    if position["over"]:
        out.append("No move is left: 'back' or 'quit'.")
    else:
        out.append("Legal moves:")
        out += [f"  {i:>3}. {m['words']}  [{m['notation']}]" for i, m in enumerate(answer["legal"], 1)]
    return out


def refusal_text(error: ExploreError) -> str:
    details = error.details
    if "rule" not in details:
        return f"Not played: {error.message}"
    title = f" ({details['title']})" if details.get("title") else ""
    return f"Refused: {details['refused']} Rule {details['rule']}{title}: {details['reason']}."


def session(start: Line, read: Callable[[str], str], write: Callable[[str], None]) -> int:
    """Explore from ``start`` until ``quit`` or the end of input; 0, or 1 if the start itself cannot be played."""
    line = start
    try:
        answer = explore(line)
    except ExploreError as exc:
        write(f"Error: {exc.message}")
        return 1
    shown = True
    while True:
        if shown:
            write("\n".join(position_text(answer)))
        shown = False
        try:
            typed = read("move (number or notation), back, line, help, quit> ").strip()
        except EOFError:
            write("")
            return 0
        if not typed:
            continue
        if typed.lower() in QUIT:
            return 0
        if typed.lower() in ("help", "?"):
            write(HELP)
            continue
        if typed.lower() == "line":
            write("  " + "&".join(f"{k}={v}" for k, v in line.query().items()))
            continue
        if typed.lower() == "back":
            if not line.moves:
                write("Nothing to take back: this is where the exploration starts.")
                continue
            wanted = line.back()
        elif typed.isdigit():
            number = int(typed)
            if not 1 <= number <= len(answer["legal"]):
                write(f"No move {number}: the moves are numbered 1 to {len(answer['legal'])}.")
                continue
            wanted = line.then(answer["legal"][number - 1]["notation"])
        else:
            wanted = line.then(typed)
        try:
            answer, line, shown = explore(wanted), wanted, True
        except ExploreError as exc:
            write(refusal_text(exc))
