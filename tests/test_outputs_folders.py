"""The folders of outputs/ (database, pages, search, simulations) and its top-level modules depend on
each other one way only: no two of them import each other, directly or around a longer cycle. A
cycle means neither can be read, tested or changed without the other; what both need belongs in a
module both may import, or is handed in by the application (kb/)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "outputs"


def part_of(module: str) -> str | None:
    """The folder (or top-level module) of outputs/ a dotted module name lies in: ``outputs.pages.site``
    -> ``pages``; None for a module outside outputs/ or for the package itself."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == PACKAGE else None


def imported_modules(path: Path, package: str) -> set[str]:
    """Dotted names a module imports anywhere in it (in functions too), relative imports resolved
    against ``package``, the dotted name of the module's own package; ``from a import b`` counts as
    ``a.b`` (b may be a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def folder_imports(root: Path) -> dict[str, set[str]]:
    """Each folder (or top-level module) of ``root``/outputs -> the others its modules import."""
    edges: dict[str, set[str]] = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        relative = path.relative_to(root).with_suffix("")
        parts = list(relative.parts)
        if parts[-1] == "__init__":
            parts.pop()
        own = part_of(".".join(parts))
        if own is None:
            continue
        package = ".".join(parts if path.name == "__init__.py" else parts[:-1])
        targets = {part_of(name) for name in imported_modules(path, package)}
        edges.setdefault(own, set()).update(t for t in targets if t is not None and t != own)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a path that returns to its start) for every group of folders that reach each other."""
    found: list[list[str]] = []
    seen_groups: list[set[str]] = []
    for start in sorted(edges):
        path = _path_back(edges, start)
        if path and not any(start in group for group in seen_groups):
            found.append(path)
            seen_groups.append(set(path))
    return found


def _path_back(edges: dict[str, set[str]], start: str) -> list[str] | None:
    """The shortest import path from ``start`` back to itself, or None (breadth first)."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(edges.get(node, ())):
                if target == start:
                    path = [start]
                    while node != start:
                        path.insert(1, node)
                        node = came_from[node]
                    return path + [start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    return None


def test_no_two_folders_of_outputs_import_each_other() -> None:
    found = cycles(folder_imports(ROOT))
    assert not found, "folders of outputs/ importing each other: " + "; ".join(" -> ".join(c) for c in found)


def _plant(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_the_checker_sees_a_cycle_through_three_folders_and_relative_and_late_imports(tmp_path: Path) -> None:
    root = _plant(tmp_path, {
        "outputs/__init__.py": "",
        "outputs/a/__init__.py": "from outputs.b import thing\n",
        "outputs/b/__init__.py": "",
        "outputs/b/inner.py": "def f():\n    from ..c import other\n",
        "outputs/c/__init__.py": "",
        "outputs/c/deep.py": "import outputs.a.x\n",
        "outputs/top.py": "from outputs import a\n",
    })
    edges = folder_imports(root)
    assert edges == {"a": {"b"}, "b": {"c"}, "c": {"a"}, "top": {"a"}}
    assert cycles(edges) == [["a", "b", "c", "a"]]


def test_the_checker_accepts_imports_one_way(tmp_path: Path) -> None:
    root = _plant(tmp_path, {
        "outputs/a/m.py": "from outputs.b.n import x\nfrom outputs.terms import y\n",
        "outputs/b/n.py": "from outputs.terms import y\nfrom . import sibling\n",
        "outputs/terms.py": "import os\n",
    })
    assert folder_imports(root) == {"a": {"b", "terms"}, "b": {"terms"}, "terms": set()}
    assert cycles(folder_imports(root)) == []
