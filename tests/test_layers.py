"""The folders are layers, and the flow reads bottom to top: data -> catalog -> games -> engine ->
outputs -> kb (the application). A layer imports only the layers below it, and shared code names no
game."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ["catalog", "games", "engine", "outputs", "kb"]
GAME_IDS = tuple(m.game for m in REGISTRY.modules)


def imported_packages(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_each_layer_imports_only_the_layers_below_it() -> None:
    wrong = []
    for rank, layer in enumerate(LAYERS):
        above = set(LAYERS[rank + 1:])
        for path in sorted((ROOT / layer).rglob("*.py")):
            for package in imported_packages(path) & above:
                wrong.append(f"{path.relative_to(ROOT)} imports {package}")
    assert not wrong, "\n".join(wrong)


def test_the_checker_sees_an_upward_import(tmp_path: Path) -> None:
    planted = tmp_path / "module.py"
    planted.write_text("import os\nfrom outputs.pages import site\n\ndef f():\n    from kb.build import build\n", encoding="utf-8")
    assert imported_packages(planted) == {"os", "outputs", "kb"}


def game_names_in_code(path: Path, root: Path = ROOT) -> list[str]:
    """Places where code (not a docstring or comment) names a game: a string or an identifier."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    pattern = re.compile(r"(?<![a-z])(" + "|".join(GAME_IDS) + r")(?![a-z])", re.IGNORECASE)
    found = []
    for node in ast.walk(tree):
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            text = node.name
        if text and pattern.search(text):
            found.append(f"{path.relative_to(root)}:{node.lineno}: {text[:80]!r}")
    return found


def test_shared_code_names_no_game() -> None:
    """Only a game's own places (games/<game>/, engine/<game>/) and the two registries name a game."""
    registries = {ROOT / "games" / "__init__.py", ROOT / "engine" / "registry.py"}
    own = [ROOT / "games" / g for g in GAME_IDS] + [ROOT / "engine" / g for g in GAME_IDS]
    offenders = [hit for layer in LAYERS for path in sorted((ROOT / layer).rglob("*.py"))
                 if path not in registries and not any(path.is_relative_to(folder) for folder in own)
                 for hit in game_names_in_code(path)]
    assert not offenders, "\n".join(offenders)


def test_the_game_name_check_sees_code_but_not_docstrings(tmp_path: Path) -> None:
    planted = tmp_path / "module.py"
    planted.write_text('"""For caylus."""\n\ndef f(game):\n    return game == "duel"\n', encoding="utf-8")
    assert [hit.split(": ", 1)[1] for hit in game_names_in_code(planted, tmp_path)] == ["'duel'"]


def test_no_module_is_longer_than_about_400_lines() -> None:
    long = [f"{p.relative_to(ROOT)}: {n}" for layer in LAYERS for p in (ROOT / layer).rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 420]
    assert not long, long
