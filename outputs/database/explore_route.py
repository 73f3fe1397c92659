"""The API's ``/-/explore.json``: the explorer (outputs/explore) as a route of the Datasette plugin.

The replay is the engines' work, pure Python: it runs on one thread of its own, so that the event loop
(which answers every other request) never waits for it, and one replay at a time holds the engines
(whose memo of legal moves is per engine, not per thread). The request passes the gate first, as
arbitrary SQL does (outputs/database/gate.py): a client sending long lines in a loop gets its share
of the time and no more. Answers of 200 are kept by the response cache in front of Datasette
(kb/asgi.py), and the explorer keeps its replays (outputs/explore/replay.py).
"""

from __future__ import annotations

import asyncio
import html
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from outputs.database.gate import EXPLORE_PATH

ROUTE = "^" + EXPLORE_PATH.replace(".", r"\.") + "$"
_EXPLORER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kb-explore")


async def explore_view(datasette: Any, request: Any) -> Any:
    """200 with the position, the last move and the legal moves; 400 with the reason (and for a refused move
    the rule, its title and the legal moves); 503 for a replay past its time budget."""
    from datasette import Response
    from datasette.utils import add_cors_headers

    from outputs.explore import ExploreError, explore_query

    headers: dict[str, str] = {}
    if datasette.cors:
        add_cors_headers(headers)
    try:
        answer = await asyncio.get_running_loop().run_in_executor(_EXPLORER, explore_query, request.query_string)
        status = 200
    except ExploreError as exc:
        answer, status = exc.to_json(), exc.status
        # the API's wrapper reads an error's text as HTML (Datasette's errors are): notation such as
        # '<player> <verb>' must reach the client as written
        answer["error"] = html.escape(exc.message, quote=False)
        if status == 503:
            headers["retry-after"] = "1"
    return Response.json(answer, status=status, headers=headers)


# --- its part of the OpenAPI document (outputs/database/openapi.py) ---------------------------------

def _strings() -> dict[str, Any]:
    return {"type": "array", "items": {"type": "string"}}


def openapi_schemas() -> dict[str, Any]:
    legal = {"type": "object", "required": ["notation", "words", "verb", "rule"], "properties": {
        "notation": {"type": "string", "description": "The move in the engine's notation: give it in `moves` to play it"},
        "words": {"type": "string", "description": "What the move does, in a sentence"},
        "verb": {"type": "string", "description": "The kind of move (moves of a kind go together)"},
        "rule": {"type": "string", "description": "The id of the rule the choice is made under"}}}
    table = {"type": "object", "required": ["title", "headers", "rows"], "properties": {
        "title": {"type": "string"}, "headers": _strings(), "rows": {"type": "array", "items": _strings()}}}
    position = {"type": "object", "required": ["sentences", "tables", "to_move", "over", "scores", "winners"], "properties": {
        "sentences": {**_strings(), "description": "The position in sentences, as the walkthroughs describe a situation"},
        "tables": {"type": "array", "items": {"$ref": "#/components/schemas/ExploreTable"},
                   "description": "The position's tables (the players, the board), as on the walkthroughs"},
        "to_move": {"type": ["string", "null"], "description": "Who decides (null: the game is over)"},
        "decision": {"type": ["string", "null"], "description": "The kind of choice to make"},
        "rule": {"type": ["string", "null"], "description": "The id of the rule of that choice"},
        "over": {"type": "boolean"}, "scores": {"type": "object", "additionalProperties": {"type": "integer"}},
        "winners": _strings()}}
    heading = {
        "game": {"type": "string"}, "scenario": {"type": "string"}, "scenario_title": {"type": "string"},
        "moves": {**_strings(), "description": "The moves replayed after the scenario's own steps"},
        "players": {"type": ["integer", "null"]}, "seed": {"type": "integer"},
        "step": {"type": ["integer", "null"], "description": "The scenario's steps replayed before the moves (null: all)"},
        "drawn": {**_strings(), "description": "Chance's moves, drawn by the seed where chance was to move"},
        "position": {"$ref": "#/components/schemas/ExplorePosition"},
        "legal": {"type": "array", "items": {"$ref": "#/components/schemas/ExploreMove"}}}
    answer = {"type": "object", "required": ["ok", "game", "scenario", "moves", "narration", "position", "legal"],
              "properties": {"ok": {"const": True}, **heading, "narration": {
                  "type": ["string", "null"], "description": "The last move in words (with what it cost and gave), then "
                                                             "chance's draws; at no move, the scenario's last step"}}}
    refusal = {"type": "object", "required": ["ok", "status", "error"], "properties": {
        "ok": {"const": False}, "status": {"type": "integer"}, "error": {"type": "string", "description": "What was wrong"},
        "rule": {"type": "string", "description": "A refused move: the id of the rule that forbids it"},
        "title": {"type": ["string", "null"], "description": "That rule's title (null for a rule of notation)"},
        "reason": {"type": "string", "description": "Why the engine refuses it"},
        "refused": {"type": "string", "description": "The refused move in words"},
        "index": {"type": "integer", "description": "Its place in `moves`, from 0"}, "move": {"type": "string"}, **heading}}
    return {"ExploreAnswer": answer, "ExploreRefusal": refusal, "ExplorePosition": position, "ExploreTable": table,
            "ExploreMove": legal}


def openapi_operation(games: list[str]) -> dict[str, Any]:
    from outputs.explore.request import MAX_MOVE, MAX_MOVES, MAX_PLAYERS, MAX_QUERY, NEW, SEPARATOR, TIME_BUDGET_S

    def parameter(name: str, description: str, schema: dict[str, Any], required: bool = False) -> dict[str, Any]:
        return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}

    refusal = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExploreRefusal"}}}}
    return {"operationId": "explore", "summary": "Explore from a scenario's position, or a new game", "tags": ["explore"],
            "description": (
                "Replays a scenario's position and steps (or starts a new game), then the given moves, and answers the "
                "position in words and tables, the last move in words, and every legal move with the rule it is made "
                "under. A move the engine refuses is a 400 naming the rule that forbids it, with the legal moves. "
                "Stateless: the URL is the position. Chance (draws, shuffles) is drawn by `seed`. Bounded: at most "
                f"{MAX_QUERY:,} characters of query, {MAX_MOVES} moves of {MAX_MOVE} characters, and "
                f"{TIME_BUDGET_S:g} s of replay (then 503); it waits its turn with the other expensive requests."),
            "parameters": [
                parameter("scenario", "A scenario's id (the walkthroughs name them), or `<game>:new` for a new game",
                          {"type": "string", "examples": [f"{g}{NEW}" for g in games]}, True),
                parameter("moves", f"Moves in the engine's notation, separated by `{SEPARATOR}` (as `legal[].notation` gives them)",
                          {"type": "string"}),
                parameter("players", "A new game only: how many play (default: the game's own)",
                          {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS}),
                parameter("seed", "What chance draws (default 0)", {"type": "integer", "minimum": 0}),
                parameter("step", "A scenario only: replay its first `step` steps, not all (0: its starting position)",
                          {"type": "integer", "minimum": 0, "maximum": MAX_MOVES})],
            "responses": {
                "200": {"description": "The position, the last move, the legal moves",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExploreAnswer"}}}},
                "400": {"description": "A move the engine refuses (with `rule`, `title`, `reason` and `legal`), or a bad "
                                       "request (an unknown scenario or game, notation no engine reads, a line too long)",
                        **refusal},
                "503": {"description": "The replay took longer than its budget, or too many expensive requests at once: "
                                       "try again (`Retry-After`)", **refusal}}}
