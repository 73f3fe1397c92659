"""How the site tells a player how a fact is known: one badge per entry (from ``Entry.confidence``),
each explained on the "How we know" page and in its hover text, and sources cited the way a reader
of the printed rulebook or a public page would cite them. The catalog's words (``picture_read``,
source keys, transcription lines) stay in the data and the API."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import get_args

from catalog import Catalog
from catalog.kinds import Source
from catalog.model import LANGUAGES, Confidence, SourceRef
from outputs.pages.markdown import text

PAGE = "how-we-know"
TITLE = "How we know"


@dataclass(frozen=True)
class Badge:
    label: str
    """What the badge says, in a player's words."""
    meaning: str
    """One sentence: its hover text and the start of its paragraph on the How we know page."""
    more: str
    """The rest of its paragraph on the How we know page."""


BADGES: dict[str, Badge] = {
    "text": Badge("rulebook text", "A rulebook of the game says this in words.",
                  "We cite the rulebook's own section, so you can find the passage in your copy."),
    "confirmed": Badge("confirmed by a source", "A published source says this: official rules, the official FAQ "
                       "or a public reference.",
                       "Often used where the rulebook text we hold is silent or only pictures the fact, and another "
                       "source states it in words."),
    "picture_read": Badge("read from a picture", "Only a picture shows this (a tile, a card, the board); "
                          "the value was read off the picture.",
                          "No text states it, so a misread is possible; where two pictures or sources disagree, "
                          "the page on where the sources disagree says so."),
    "inferred": Badge("inferred", "No source says this in so many words; it follows from what the sources do say.",
                      "For example an English name we translated, or a count worked out from a list. "
                      "The sources it rests on stand beside it."),
    "unconfirmed": Badge("unconfirmed", "Not settled by any source we hold: one source we could not check, "
                         "or an assumption we play by until a source settles it.",
                         "Treat it with care; a value that nobody has published is shown as unknown, never guessed."),
}
"""Every value of ``Confidence``, in words (a test checks the two agree)."""

_LANGUAGE_NAMES = {"en": "English", "hu": "Hungarian", "pl": "Polish", "de": "German", "fr": "French"}
_PAGE = re.compile(r"^p\.\s*(\d+(?:[-–]\d+)?)$")
_SECTIONED = {"rulebook", "official", "faq"}
"""Source kinds whose places are a book's sections: "section «...»"."""


def badge(confidence: str, up: str = "../") -> str:
    """The badge as Markdown: a link to its paragraph on the How we know page, its meaning as hover text."""
    b = BADGES[confidence]
    return f'[{b.label}]({up}{PAGE}.md#{anchor(confidence)} "{b.meaning}"){{ .kb-badge .kb-badge--{anchor(confidence)} }}'


def value_badge(field_path: str, confidence: str) -> str:
    """One value's own badge, in a sentence: "The Hungarian name: *inferred*."."""
    words = field_words(field_path)
    return f"{text(words[:1].upper() + words[1:])}: {badge(confidence)}."


def hover(plain: str) -> str:
    """Text for a Markdown link's title (its hover text): escaped, and no quote that would end it."""
    return text(plain).replace('"', "&quot;")


def anchor(confidence: str) -> str:
    return confidence.replace("_", "-")


def field_words(field_path: str) -> str:
    """A catalog field path in words: ``names.pl`` is "the Polish name", ``assumed_start_space``
    "the start space (assumed)"."""
    head, _, rest = field_path.partition(".")
    if head == "names":
        return f"the {_LANGUAGE_NAMES[rest]} name" if rest in _LANGUAGE_NAMES else "the other forms of the name"
    words = field_path.replace("_", " ").replace(".", " ")
    if words.startswith("assumed "):
        return f"the {words.removeprefix('assumed ')} (assumed)"
    return f"the {words}"


def is_research_notes(source: Source) -> bool:
    """The project's own notes on the public sources (``facts``): never cited by their file or section."""
    return source.source_kind == "facts"


def citation(ref: SourceRef, source: Source) -> str:
    """A source as a reader cites it: "Hungarian rulebook, section «Tartalom»", "English rulebook, p. 7".
    Never the key, the transcription's line, or a section of our research notes."""
    name = source.cite or source.names.en
    if is_research_notes(source) or not ref.section:
        return name
    if page := _PAGE.match(ref.section.strip()):
        return f"{name}, p. {page.group(1)}"
    return f"{name}, {'section ' if source.source_kind in _SECTIONED else ''}«{ref.section}»"


def how_we_know_page(catalog: Catalog) -> str:
    counts = Counter(loc.entry.confidence for loc in catalog.entries.values())
    fields = Counter(c for loc in catalog.entries.values() for c in loc.entry.fact_confidence.values())
    out = [f"# {TITLE}\n",
           "Every rule, card, building and other entry on this site carries a small badge that says how we know "
           "what it says. Hover over a badge (or tap it) to read its meaning; this page explains each one.\n",
           "Beside the badge stand the entry's sources: the rulebook and its section or page, or a public page, "
           "each linked to the [Sources](sources.md) page, which says what the source is and where to find it. "
           "When one value of an entry is known less surely than the rest (a name we translated, a count read "
           "from a picture), the collapsed **Sources** block under it names that value with its own badge.\n"]
    for key in get_args(Confidence):
        b = BADGES[key]
        out.append(f"## {text(b.label[:1].upper() + b.label[1:])} {{#{anchor(key)}}}\n")
        used = f"{counts[key]} entries carry this badge" + (f"; {fields[key]} single values inside other entries do too" if fields[key] else "")
        out.append(f"{badge(key, '')}\n\n{text(b.meaning)} {text(b.more)} ({used}.)\n")
    out.append("## Public sources collected for this project {#research-notes}\n")
    out.append("Some facts come from several public pages at once (rules summaries, forum threads, fan programs) that "
               "this project collected and compared. Where an entry names the public page, that page is cited; "
               "where it does not, the entry cites \"public sources collected for this project\". The "
               "[Sources](sources.md) page lists every one of them.\n")
    out.append("## Unknown values {#unknown}\n")
    out.append("A value that no source we hold gives (a count that only a picture we do not have shows, say) is "
               "shown as **unknown**. It is never guessed.\n")
    return "\n".join(out)
