#!/usr/bin/env python3
"""Index the seed files our citations point into, for tests/test_citations.py: per file its number of
lines, its blank lines, and the first line at which each section heading the catalog cites occurs
(folded). Line numbers only, no rulebook text: the seeds themselves are not part of the project, so
the tests and CI read this index instead. Run it again after adding citations or sections.

    .venv/bin/python scripts/index_seeds.py [--shared ../shared]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

INDEX = ROOT / "tests" / "data" / "seed_index.json"


def main() -> None:
    from catalog.kinds import Source
    from citations import cited_lines, fold
    from games import REGISTRY

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared", help="the folder holding seeds/ and facts/")
    args = parser.parse_args()
    catalog = REGISTRY.load(ROOT / "data")
    files = sorted({s.file for s in catalog.typed("sources", Source) if s.file})
    index = {}
    for name in files:
        path = args.shared / name
        if not path.is_file():
            sys.exit(f"{path}: no such seed file (give the shared folder with --shared)")
        lines = path.read_text(encoding="utf-8").splitlines()
        folded = [fold(line) for line in lines]
        sections = sorted({ref.section for _, _, ref, file in cited_lines(catalog) if file == name and ref.section})
        index[name] = {
            "lines": len(lines),
            "blank": [n for n, line in enumerate(lines, start=1) if not line.strip()],
            "first_line_of_section": {s: next((n for n, line in enumerate(folded, start=1) if fold(s) in line), None)
                                      for s in sections},
        }
    INDEX.parent.mkdir(exist_ok=True)
    INDEX.write_text(json.dumps(index, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"indexed {len(index)} seed files into {INDEX.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
