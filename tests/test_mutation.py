"""scripts/mutation.py, the mutation testing of the engines: a few mutants judged in a copy of the
project (the working tree untouched), annotations left out, what is not play classified as such."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

sys.path.insert(0, str(ROOT / "scripts"))
import mutation  # noqa: E402


def digest(folder: Path) -> str:
    return hashlib.sha256(b"".join(p.read_bytes() for p in sorted(folder.rglob("*.py")))).hexdigest()


def test_a_small_run_judges_its_faults_in_a_copy_and_leaves_the_tree_alone(tmp_path: Path) -> None:
    before = digest(ROOT / "engine") + hashlib.sha256((ROOT / "data" / "duel-game.yaml").read_bytes()).hexdigest()
    saved = tmp_path / "run.json"
    done = subprocess.run([sys.executable, "scripts/mutation.py", "duel", "--sample", "3", "--catalog", "2", "--jobs", "1",
                           "--seed", "7", "--json", str(saved)], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "duel: " in done.stdout and " code mutants, 3 judged" in done.stdout and "score" in done.stdout
    faults = json.loads(saved.read_text(encoding="utf-8"))
    assert [f["kind"] for f in faults].count("code") == 3 and [f["kind"] for f in faults].count("catalog") == 2
    assert {f["outcome"] for f in faults} <= {"killed", "survived", "timeout", "not-play", "equivalent", "not-applied"}
    after = digest(ROOT / "engine") + hashlib.sha256((ROOT / "data" / "duel-game.yaml").read_bytes()).hexdigest()
    assert after == before, "the run changed the working tree"


def test_a_planted_fault_that_changes_play_is_killed_and_the_same_seed_picks_the_same_faults(tmp_path: Path) -> None:
    # all the gold in the box: the bank at the start, which the scenarios pay from and count
    (planted,) = [f for f in mutation.catalog_faults(ROOT, "duel") if f.where == "setups.0.bank.gold"]
    copy = mutation.Copy(ROOT, tmp_path / "copy")
    try:
        assert copy.check("duel", 600, planted=False)[0] == "survived"
        copy.judge(planted, 600)
        assert planted.outcome == "killed"
    finally:
        copy.close()
    first = [(f.file, f.line, f.spec) for f in mutation.code_faults(ROOT, "duel")]
    assert first == [(f.file, f.line, f.spec) for f in mutation.code_faults(ROOT, "duel")]


def test_mutants_inside_annotations_are_not_listed() -> None:
    code = "from __future__ import annotations\ndef f(a: int | None = 1) -> str | int:\n    return a + 1\n"
    spans = mutation.annotation_spans(code)
    assert ((2, 9), (2, 19)) in spans and any(start[0] == 2 and start[1] > 20 for start, _ in spans)
    assert not any(start <= (3, 11) <= end for start, end in spans)  # the body's "+" is behaviour


def test_code_that_is_not_play_is_classified_with_its_reason() -> None:
    known = mutation.judged_elsewhere()
    every = [e for e in known["not_play"] + known["equivalent"]]
    assert every and all(e.get("why") for e in every), "every entry says why"
    checker = mutation.Fault("duel", "code", "engine/duel/invariants.py", 10, "x > 1", "x >= 1", "invariant_problems")
    rule = mutation.Fault("duel", "code", "engine/duel/decisions.py", 10, "x > 1", "x >= 1", "why_illegal")
    assert mutation.classify(checker, known) == "not-play" and mutation.classify(rule, known) is None
