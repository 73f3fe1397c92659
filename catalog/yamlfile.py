"""Reading one YAML file with the position of every node, and the problems found in it.

Validation reports every problem at once as ``file:line:col: path.to.field: message``; the scenario
runner reads its files the same way.

Catalog and scenario files are plain data written by hand, so reading refuses, with the place, what
none of them needs and what would hurt whatever reads them next: aliases (a 500-byte file of them
expands to gigabytes), explicit tags (``!!binary``), keys that are lists or mappings, nesting deeper
than any real file, integers SQLite cannot store, text that is not UTF-8 or holds control characters,
and characters YAML counts as line breaks where editors do not (every later line number would be off).

PyYAML reads YAML 1.1, where some plain values mean what few authors intend and YAML 1.2 readers (and
editors' schemas) read otherwise: ``010`` is 8 (octal), ``1:05`` is 65 (base 60), ``No`` is false (the
"Norway problem"), ``1_000`` is 1000 and ``2024-01-05`` a date. No catalog or scenario file needs any
of them unquoted, so they are refused everywhere (keys too), with the value to write instead.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from catalog.files import escape_name, not_regular
from catalog.model import Path_

try:  # libyaml's events, several times faster than the pure-Python reader; the same marks
    from yaml._yaml import CParser as _Events
except ImportError:  # pragma: no cover - a PyYAML built without libyaml
    from yaml.parser import Parser
    from yaml.reader import Reader
    from yaml.scanner import Scanner

    class _Events(Reader, Scanner, Parser):  # type: ignore[no-redef]
        def __init__(self, stream: str):
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)

Marks = dict[Path_, tuple[int, int]]

MAX_FILE_BYTES = 2_000_000
"""About 25 times the largest catalog; checked before the file is read."""
MAX_DEPTH = 32
"""Levels of nesting; the deepest real file has 8."""
MAX_NODES = 100_000
"""Values (scalars, lists, mappings) in one file; the largest real file has under 5,000."""
MAX_TEXT = 10_000
"""Characters in one value; the longest real text has about 1,000."""
INT_MIN, INT_MAX = -(2**63), 2**63 - 1
"""SQLite's integers."""

# What PyYAML refuses ("special characters"), plus what it counts as a line break where an editor
# or `sed -n` does not: NEL (U+0085), LS (U+2028), PS (U+2029) and a carriage return on its own.
# Also the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they
# make text read in another order than it is stored (a name shown reversed, a comment hiding code).
_REFUSED_IN_FILE = re.compile("[^\t\n\r\x20-\x7e\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]|[\u2028\u2029]|\r(?!\n)"
                              "|[\u202a-\u202e\u2066-\u2069]")
_BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
# In a value (after escapes like "\0" or "\ud800" are read): control characters and lone surrogates.
_REFUSED_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_INT_TAG = "tag:yaml.org,2002:int"
# Plain values YAML reads as numbers or dates; a few that match the pattern are not ones (0x_, 2024-13-45).
_BOOL_TAG = "tag:yaml.org,2002:bool"
_TIMESTAMP_TAG = "tag:yaml.org,2002:timestamp"
_NUMBER_TAGS = (_INT_TAG, "tag:yaml.org,2002:float")
_CONVERTED = {_INT_TAG: "an integer", "tag:yaml.org,2002:float": "a number", "tag:yaml.org,2002:timestamp": "a date"}


def yaml11_trap(tag: str, value: str) -> str | None:
    """Why a plain (unquoted) value must be written otherwise, if it is one YAML 1.1 reads as
    something its author rarely means; None for an ordinary value."""
    quoted = f"quote it: '{value}'"
    digits = value.lstrip("+-")
    if tag == _BOOL_TAG and value.lower() not in ("true", "false"):
        meaning = "true" if value.lower() in ("yes", "on") else "false"
        return (f"{value!r} reads as {meaning} (YAML 1.1 counts yes/no/on/off as true/false): write {meaning} "
                f"if a yes-or-no is meant, or {quoted} if it is text")
    if tag == _TIMESTAMP_TAG:
        return f"{value!r} reads as a date, which no field takes: {quoted}"
    if tag not in _NUMBER_TAGS:
        return None
    if ":" in value:
        return f"{value!r} reads as a base-60 number (YAML 1.1: 1:05 is 65): {quoted}"
    if tag == _INT_TAG and digits[:2].lower() == "0b":
        return f"{value!r} reads as a binary number only in YAML 1.1: write it in decimal, or {quoted}"
    if tag == _INT_TAG and len(digits) > 1 and digits[0] == "0" and digits[1] in "01234567_":
        plain = value[:len(value) - len(digits)] + (digits.replace("_", "").lstrip("0") or "0")
        return f"{value!r} reads as an octal number in YAML 1.1 (010 is 8): write {plain}, or {quoted}"
    if "_" in value and re.fullmatch(r"[-+]?[0-9][0-9_]*(\.[0-9_]*)?", value):  # hex with _ is refused when built
        return f"{value!r} reads as {value.replace('_', '')} only in YAML 1.1: write {value.replace('_', '')}, or {quoted}"
    return None


@dataclass(frozen=True, order=True)
class Problem:
    file: str
    line: int
    col: int
    path: str
    message: str
    at: Path_ = field(default=(), compare=False, repr=False)
    """The place as a path (kind key, entry index, fields), where there is one."""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}: {self.path}: {self.message}"


class CatalogError(Exception):
    """Raised when a catalog has problems; carries all of them, root causes first."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def format_path(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(file)"


_CONTROL_NAMES = {"\x00": "NUL", "\r": "CARRIAGE RETURN", "\x85": "NEXT LINE", "\x7f": "DELETE"}


def describe(char: str) -> str:
    """``U+2028 (LINE SEPARATOR)``: a character named so that it can be found in an editor."""
    if 0xD800 <= ord(char) <= 0xDFFF:
        return f"U+{ord(char):04X} (a lone surrogate, half of a character)"
    return f"U+{ord(char):04X} ({_CONTROL_NAMES.get(char) or unicodedata.name(char, 'a control character')})"


class _Refused(Exception):
    """Something no catalog or scenario file needs, at a node's mark: the file is not used."""

    def __init__(self, mark: Any, message: str):
        super().__init__(message)
        self.line, self.col, self.message = mark.line + 1, mark.column + 1, message


class _Loader(Composer, _Events, SafeConstructor, Resolver):
    """The safe loader, composing node by node so that aliases, tags, depth and size are refused
    before anything is built from them."""

    def __init__(self, text: str):
        _Events.__init__(self, text)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)
        self.depth = 0
        self.nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event: Any = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Refused(event.start_mark, "anchors and aliases (&name, *name) are not allowed in catalog and "
                                             "scenario files: write the value out where it is used")
        tag = getattr(event, "tag", None)
        if tag is not None:
            shown = tag.replace("tag:yaml.org,2002:", "!!")
            raise _Refused(event.start_mark, f"explicit tags ({shown}) are not allowed: write a plain value")
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(event.start_mark, f"more than {MAX_NODES:,} values in one file")
        if self.depth >= MAX_DEPTH:
            raise _Refused(event.start_mark, f"nested more than {MAX_DEPTH} levels deep")
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


@dataclass
class _Walk:
    """The position of every node and the problems of single values, before the data is built."""

    file: str
    loader: _Loader
    marks: Marks = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    unbuildable: bool = False
    """A value the constructor would fail on: the data is not built."""

    def problem(self, node: yaml.Node, path: Path_, message: str) -> None:
        mark = node.start_mark
        self.problems.append(Problem(self.file, mark.line + 1, mark.column + 1, format_path(path), message, path))

    def scalar(self, node: yaml.ScalarNode, path: Path_) -> None:
        value = node.value
        if len(value) > MAX_TEXT:
            self.problem(node, path, f"{len(value):,} characters, more than the {MAX_TEXT:,} a value may have")
        elif bad := _REFUSED_IN_TEXT.search(value):
            self.problem(node, path, f"contains {describe(bad.group())}, which text may not hold")
        elif node.tag in _CONVERTED or node.tag == _BOOL_TAG:
            trap = yaml11_trap(node.tag, value)  # only plain values are resolved (explicit tags are refused)
            if trap:
                self.problem(node, path, trap)
            try:
                number = self.loader.construct_object(node)
            except ValueError as exc:
                self.unbuildable = True
                if not trap:
                    self.problem(node, path, f"{value!r} reads as {_CONVERTED[node.tag]} but is not a valid one ({exc}); "
                                             "quote it if it is text")
                return
            if trap:
                return
            if node.tag == _INT_TAG and not INT_MIN <= number <= INT_MAX:
                self.problem(node, path, f"integer out of range (SQLite stores at most {INT_MAX:,} either way)")

    def node(self, node: yaml.Node, path: Path_) -> None:
        self.marks.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
        if isinstance(node, yaml.ScalarNode):
            self.scalar(node, path)
        elif isinstance(node, yaml.MappingNode):
            seen: dict[str, int] = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise _Refused(key_node.start_mark, "a key must be a plain name, not a list or a mapping")
                key = key_node.value
                line = key_node.start_mark.line + 1
                if key in seen:
                    self.problem(key_node, (*path, key), f"duplicate key (first given on line {seen[key]})")
                seen[key] = line
                self.marks[(*path, key)] = (line, key_node.start_mark.column + 1)
                self.scalar(key_node, (*path, key))
                self.node(value_node, (*path, key))
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                self.node(item, (*path, i))


def _position(text: str, index: int) -> tuple[int, int]:
    """Line and column (from 1) of a character, counting only line feeds as breaks (as editors do)."""
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def _read_text(path: Path, display: str) -> tuple[str | None, Problem | None]:
    def refused(line: int, col: int, message: str) -> tuple[None, Problem]:
        return None, Problem(display, line, col, "(file)", message)

    if what := not_regular(path):  # before opening: a FIFO would wait, /dev/zero never end
        return refused(1, 1, what)
    too_big = f"more than the {MAX_FILE_BYTES:,} a catalog or scenario file may have"
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return refused(1, 1, f"{size:,} bytes, {too_big}")
        # non-blocking: should a FIFO replace the file after the check, opening it does not wait
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY), "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return refused(1, 1, "not a regular file (it was replaced while being read): only regular files are read")
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        return refused(1, 1, f"cannot be read ({exc.strerror})")
    if len(raw) > MAX_FILE_BYTES:  # it grew after the check
        return refused(1, 1, f"over {MAX_FILE_BYTES:,} bytes, {too_big}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[:exc.start].decode("utf-8")  # valid: the first bad byte is at exc.start
        line, col = _position(before, len(before))
        return refused(line, col, f"not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be read ({exc.reason}); "
                                  "save the file as UTF-8")
    if bad := _REFUSED_IN_FILE.search(text):
        char = bad.group()
        line, col = _position(text, bad.start())
        if char in "\u0085\u2028\u2029\r":
            return refused(line, col, f"{describe(char)}: YAML reads it as a line break where editors do not, so "
                                      "every later line number would be off; use a plain line break or a space")
        if char in _BIDI_CONTROLS:
            return refused(line, col, f"{describe(char)}: a bidirectional control makes text read in another order "
                                      "than it is stored; remove it")
        return refused(line, col, f"{describe(char)} is not allowed in a YAML file")
    return text, None


def read_yaml(path: Path, display: str) -> tuple[Any, Marks, list[Problem]]:
    """Parse one file; return its data (None if it cannot be used), the position of every node,
    and any problems. ``display`` is shown escaped (a name may hold a line break)."""
    display = escape_name(display)
    text, refused = _read_text(path, display)
    if text is None:
        return None, {}, [refused] if refused else []
    loader = _Loader(text)
    walk = _Walk(display, loader)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, {}, [Problem(display, 1, 1, "(file)", "the file is empty")]
        walk.node(node, ())
        if walk.unbuildable:
            return None, walk.marks, walk.problems
        data = loader.construct_document(node)
        if data is None:  # only `---`, `~` or `null`: a document, empty
            return None, {}, [Problem(display, 1, 1, "(file)", "the file holds no data (an empty document: only ---, ~ "
                                                               "or null): write its entries, or remove the file")]
    except _Refused as exc:
        return None, {}, [Problem(display, exc.line, exc.col, "(file)", exc.message)]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        context = exc.context
        if context and exc.context_mark and exc.context_mark.line + 1 != line:  # an unclosed quote: where it opened
            context += f" (from line {exc.context_mark.line + 1}, column {exc.context_mark.column + 1})"
        message = " ".join(filter(None, [context, exc.problem]))
        return None, {}, [Problem(display, line, col, "(file)", f"YAML syntax error: {message}")]
    except yaml.YAMLError as exc:  # what the reader refuses that the check above let through
        return None, {}, [Problem(display, 1, 1, "(file)", f"YAML error: {exc}")]
    finally:
        loader.dispose()
    return data, walk.marks, walk.problems
