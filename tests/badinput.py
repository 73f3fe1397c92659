"""The corpus of bad input: catalog files (tests/broken/) and scenario files (tests/broken_scenarios/),
each with one realistic defect and, on its first line, what must be reported:

    # expect: LINE: PATH: MESSAGE

LINE is the line in the file as an editor shows it, PATH the field (``(file)`` for the whole file;
for a scenario step that fails, the step as written) and MESSAGE a part of the message.

A catalog file is added to the real catalogs as ``data/zz_snippet.yaml`` (it sorts last, so a
duplicate id is reported in it), unless its second line says it edits a real catalog instead:

    # edit: data/games.yaml
    # -    players_min: 2
    # +    players_min: 6

(each ``# -`` line replaced by the ``# +`` line after it; then LINE and PATH are in that file).
A scenario file is read with the real scenario files as ``scenarios/zz_snippet.yaml``.

The third kind, odd files (:data:`ODD_FILES`: a FIFO, a folder named ``zz.yaml``, a link to
/dev/zero, a ``.yml`` file, a name that is not UTF-8...), cannot live in git: code makes each one in
the copy of the project, and ``kb validate`` (or ``kb check FILE``) must refuse it naming the file.

Files too big to keep in git are made by :data:`GENERATED`. Those in :data:`DANGEROUS` (alias bombs,
deep nesting, huge files) run only as ``kb`` subprocesses under a memory limit and a timeout.
Used by tests/test_bad_input.py and scripts/bench_bad_input.py.
"""

from __future__ import annotations

import os
import re
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOG_CORPUS = ROOT / "tests" / "broken"
SCENARIO_CORPUS = ROOT / "tests" / "broken_scenarios"
CATALOG_SNIPPET = "data/zz_snippet.yaml"
SCENARIO_SNIPPET = "scenarios/zz_snippet.yaml"
EXPECT = re.compile(r"^# expect: (\d+): (.+?): (.+)$")
EDIT = re.compile(r"^# edit: (\S+)$")

MEMORY_LIMIT = 200 * 2**20
"""What one bad file may make a kb command use in the tests, besides what the interpreter needs to start."""
TIME_LIMIT = 10.0
"""Seconds one bad file may take, the command's start included (issue 31)."""
BENCH_MEMORY_LIMIT = 1536 * 2**20
"""Peak resident memory one case may take in the bench (issue 31: 1.5 GB)."""
DANGEROUS = {"alias_bomb", "deep_nesting", "huge_file", "too_many_values", "mega_id", "scenario_huge_file"}


def _entry(extra: str) -> str:
    return ("buildings:\n  - id: caylus.building.tannery\n    game: caylus\n    names: {en: Tannery}\n"
            f"    category: wood\n{extra}    sources: [{{key: HU, section: \"x\", line: 222}}]\n    confidence: text\n")


def _scenario(extra: str) -> str:
    return (f"scenarios:\n  - id: caylus.scenario.big\n    game: caylus\n{extra}"
            "    options: {players: [red, blue]}\n    steps: [red pass]\n")


GENERATED: dict[str, tuple[str, Callable[[], str]]] = {
    # name: (kind, text): first line as in the committed files
    "huge_file": ("catalog", lambda: "# expect: 1: (file): bytes, more than the 2,000,000\n" + _entry(
        "    notes: >-\n" + "      A long note that goes on and on.\n" * 80_000)),
    "too_many_values": ("catalog", lambda: "# expect: 7: (file): more than 100,000 values in one file\n" + _entry(
        "    forms: [" + ", ".join(["x"] * 120_000) + "]\n")),
    "mega_id": ("catalog", lambda: "# expect: 3: buildings[0].id: 1,000,000 characters, more than the 10,000\n"
                "buildings:\n  - id: caylus.building." + "x" * (1_000_000 - 16) + "\n    game: caylus\n"),
    "long_text": ("catalog", lambda: "# expect: 7: buildings[0].notes: 12,000 characters, more than the 10,000\n" + _entry(
        "    notes: " + "a" * 12_000 + "\n")),
    "scenario_huge_file": ("scenario", lambda: "# expect: 1: (file): bytes, more than the 2,000,000\n" + _scenario(
        "    narrative: >-\n" + "      A long story that goes on and on.\n" * 80_000)),
}


@dataclass(frozen=True)
class Case:
    """One bad file of the corpus."""

    name: str
    kind: str
    """``catalog`` or ``scenario``."""
    text: bytes
    line: int
    path: str
    message: str
    edits: str | None = None
    """The real catalog the file edits (its changes are :meth:`changes`), or None for a new file."""
    odd: OddFile | None = None
    """For an odd file: how it is made, where it is shown and which command reads it."""

    @property
    def dangerous(self) -> bool:
        return self.name in DANGEROUS

    @property
    def shown_as(self) -> str:
        """The file the problem must be reported in, as the project shows it."""
        if self.odd:
            return self.odd.shown
        if self.kind == "scenario":
            return SCENARIO_SNIPPET
        return self.edits or CATALOG_SNIPPET

    def changes(self) -> list[tuple[str, str]]:
        lines = self.text.decode("utf-8").splitlines()
        pairs = [(old[3:], new[3:]) for old, new in zip(lines[2::2], lines[3::2])]
        assert pairs and all(lines[i].startswith("# -") and lines[i + 1].startswith("# +") for i in range(2, len(lines), 2)), self.name
        return pairs

    def edited(self, original: str) -> str:
        for old, new in self.changes():
            assert old + "\n" in original, f"{self.name}: {old!r} is not a line of {self.edits}"
            original = original.replace(old + "\n", new + "\n", 1)
        return original

    def install(self, root: Path) -> Path:
        """Put the defect into a copy of the project at ``root`` (data/ and scenarios/ copied
        there beforehand); return the file that holds it."""
        if self.odd:
            return self.odd.make(root)
        if self.kind == "scenario":
            target = root / SCENARIO_SNIPPET
        elif self.edits:
            target = root / self.edits
            target.write_text(self.edited(target.read_text(encoding="utf-8")), encoding="utf-8")
            return target
        else:
            target = root / CATALOG_SNIPPET
        target.write_bytes(self.text)
        return target


@dataclass(frozen=True)
class OddFile:
    """A file the reader must refuse for what it is, not what it holds."""

    shown: str
    """The name the refusal must show (escaped)."""
    make: Callable[[Path], Path]
    """Makes it in a copy of the project; returns it."""
    check: bool = False
    """Read by ``kb check FILE`` (else by ``kb validate``)."""


def _at(root: Path, place: str) -> Path:
    return Path(os.fsdecode(root.as_posix().encode() + b"/" + place.encode("utf-8", "surrogateescape")))


def _fifo(place: str) -> Callable[[Path], Path]:
    return lambda root: (os.mkfifo(_at(root, place)), _at(root, place))[1]


def _folder(place: str) -> Callable[[Path], Path]:
    return lambda root: (_at(root, place).mkdir(parents=True), _at(root, place))[1]


def _link(place: str, target: str) -> Callable[[Path], Path]:
    return lambda root: (_at(root, place).symlink_to(target), _at(root, place))[1]


def _text(place: str, text: str) -> Callable[[Path], Path]:
    def make(root: Path) -> Path:
        path = _at(root, place)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path
    return make


def _device(_: Path) -> Path:
    return Path("/dev/zero")


_ENTRY = _entry("")
_A_SCENARIO = _scenario("")
NOT_REGULAR = "not a regular file: only regular files are read"
EMPTY_DOCUMENT = "the file holds no data (an empty document"
# name: (the name shown, escaped; how it is made; read by kb check FILE?; the message)
ODD_FILES: dict[str, tuple[str, Callable[[Path], Path], bool, str]] = {
    "fifo_in_data": ("data/zz_fifo.yaml", _fifo("data/zz_fifo.yaml"), False, "a FIFO (named pipe), " + NOT_REGULAR),
    "folder_named_yaml": ("data/zz.yaml", _folder("data/zz.yaml"), False, "a folder, " + NOT_REGULAR),
    "link_to_dev_zero": ("data/zz_zero.yaml", _link("data/zz_zero.yaml", "/dev/zero"), False, "a device (through a link), " + NOT_REGULAR),
    "dangling_link": ("data/zz_gone.yaml", _link("data/zz_gone.yaml", "nowhere/gone.yaml"), False, "a link to nothing (it points to nowhere/gone.yaml)"),
    "link_loop": ("data/zz_loop.yaml", _link("data/zz_loop.yaml", "zz_loop.yaml"), False, "cannot be looked at (Too many levels of symbolic links)"),
    "link_to_a_folder": ("data/zz_dir.yaml", _link("data/zz_dir.yaml", "/tmp"), False, "a folder (through a link), " + NOT_REGULAR),
    "yml_suffix": ("data/zz_more.yml", _text("data/zz_more.yml", _ENTRY), False, "files in data/ are *.yaml (not .yml); rename it to zz_more.yaml"),
    "upper_case_suffix": ("data/zz_more.YAML", _text("data/zz_more.YAML", _ENTRY), False, "(not .YAML); rename it to zz_more.yaml"),
    "notes_in_data": ("data/NOTES.md", _text("data/NOTES.md", "# notes\n"), False, "data/ holds only *.yaml files; rename it or move it out of data/"),
    "file_in_subfolder": ("data/extra/buildings.yaml", _text("data/extra/buildings.yaml", _ENTRY), False,
                          "in a subfolder of data/, which is not read: catalog files are data/*.yaml"),
    "name_not_utf8": ("data/zz\\xff.yaml", _text("data/zz\udcff.yaml", _ENTRY), False, "the file name is not UTF-8 text"),
    "name_with_a_newline": ("data/zz\\n0 problem(s) found.yaml",
                            _text("data/zz\n0 problem(s) found.yaml", _ENTRY), False, "the file name holds a line break"),
    "name_with_terminal_escape": ("data/zz\\x1b[2J.yaml", _text("data/zz\x1b[2J.yaml", _ENTRY), False, "the file name holds a line break, a control"),
    "only_dashes": ("data/zz_empty.yaml", _text("data/zz_empty.yaml", "---\n"), False, EMPTY_DOCUMENT),
    "only_tilde": ("data/zz_empty.yaml", _text("data/zz_empty.yaml", "~\n"), False, EMPTY_DOCUMENT),
    "only_null": ("data/zz_empty.yaml", _text("data/zz_empty.yaml", "# a comment\n---\nnull\n...\n"), False, EMPTY_DOCUMENT),
    "scenario_fifo": ("scenarios/zz_fifo.yaml", _fifo("scenarios/zz_fifo.yaml"), False, "a FIFO (named pipe), " + NOT_REGULAR),
    "scenario_fifo_checked": ("scenarios/zz_fifo.yaml", _fifo("scenarios/zz_fifo.yaml"), True, "a FIFO (named pipe), " + NOT_REGULAR),
    "scenario_folder_named_yaml": ("scenarios/zz.yaml", _folder("scenarios/zz.yaml"), False, "a folder, " + NOT_REGULAR),
    "scenario_yml_suffix": ("scenarios/caylus/zz.yml", _text("scenarios/caylus/zz.yml", _A_SCENARIO), False, "rename it to zz.yaml"),
    "scenario_dangling_link": ("scenarios/duel/zz.yaml", _link("scenarios/duel/zz.yaml", "../nowhere.yaml"), False, "a link to nothing"),
    "scenario_only_tilde": ("scenarios/zz_snippet.yaml", _text("scenarios/zz_snippet.yaml", "~\n"), True, EMPTY_DOCUMENT),
    "scenario_name_with_a_newline": ("scenarios/zz\\nforged.yaml", _text("scenarios/zz\nforged.yaml", _A_SCENARIO), False,
                                     "the file name holds a line break"),
    "check_dev_zero": ("/dev/zero", _device, True, "a device, " + NOT_REGULAR),
}


def odd_cases() -> list[Case]:
    return [Case(name, "file", f"odd file {name}".encode(), 1, "(file)", message,
                 odd=OddFile(shown, make, check))
            for name, (shown, make, check, message) in ODD_FILES.items()]


def _case(name: str, kind: str, text: bytes) -> Case:
    lines = text.split(b"\n", 2)
    match = EXPECT.match(lines[0].decode("utf-8"))
    assert match, f"{name}: the first line must be '# expect: LINE: PATH: MESSAGE'"
    edit = EDIT.match(lines[1].decode("utf-8", errors="replace")) if len(lines) > 1 else None
    return Case(name, kind, text, int(match.group(1)), match.group(2), match.group(3), edit.group(1) if edit else None)


def corpus() -> list[Case]:
    """Every case: the committed files, then the generated ones."""
    cases = [_case(p.stem, "catalog", p.read_bytes()) for p in sorted(CATALOG_CORPUS.glob("*.yaml"))]
    cases += [_case(p.stem, "scenario", p.read_bytes()) for p in sorted(SCENARIO_CORPUS.glob("*.yaml"))]
    cases += [_case(name, kind, make().encode("utf-8")) for name, (kind, make) in GENERATED.items()]
    return cases + odd_cases()


def copy_inputs(root: Path) -> None:
    """The project's catalogs and scenarios, copied to ``root`` for a case to be installed in."""
    shutil.copytree(ROOT / "data", root / "data")
    shutil.copytree(ROOT / "scenarios", root / "scenarios")


def reported(output: str, case: Case) -> bool:
    """Whether command output reports the case as expected: its file, line, path and message on one
    line (``file:LINE:COL: PATH: ...`` or, for a scenario that fails when run, ``file:line LINE: ...``)."""
    for line in output.splitlines():
        line = re.sub(r"\S*/(data|scenarios)/", r"\1/", line)  # where the copy of the project is does not matter
        at = re.search(rf"{re.escape(case.shown_as)}:(?:line )?{case.line}[:]", line)
        if at and case.path in line and case.message in line:
            return True
    return False


# What kb validate needs to start and read the real catalogs is under 70 MB of address space (64 MB,
# measured by bisecting RLIMIT_AS); a bad file may make it use MEMORY_LIMIT more, no more.
ADDRESS_SPACE = MEMORY_LIMIT + 80 * 2**20
KB = Path(sys.executable).parent / "kb"


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def run_kb(args: list[str], cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``kb ARGS`` under the memory limit; the timeout only keeps a hang from stalling the suite."""
    return subprocess.run([str(KB), *args], cwd=cwd, capture_output=True, text=True, timeout=120, preexec_fn=limit_memory)
