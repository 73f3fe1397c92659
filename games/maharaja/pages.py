"""Maharaja's own pages."""

from __future__ import annotations

from catalog.kinds import ScoringRule
from games.plugin import PageContext


def end_page(w: PageContext) -> str:
    """How the game ends and who wins, with every tie-break."""
    out = ["# The end of the game\n", "How the game ends and how the winner is found, tie-breaks included. "
           "Generated from the catalog's scoring rules.\n"]
    for rule in w.catalog.typed("scoring_rules", ScoringRule, w.game):
        out.append(w.entry_block(2, rule, [("Ranking, most first", " → ".join(rule.ranking) or None),
                                           ("What happens", rule.description)]))
    return "\n".join(out)
