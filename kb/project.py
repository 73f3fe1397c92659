"""Where things live in a checkout."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Project:
    root: Path

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def docs(self) -> Path:
        return self.root / "docs"

    @property
    def build(self) -> Path:
        return self.root / "build"

    @property
    def site(self) -> Path:
        return self.root / "site"

    @property
    def cache(self) -> Path:
        """Catalogs loaded before, keyed on their files and the code that read them (catalog/cache.py)."""
        return self.root / ".cache" / "catalog"

    @property
    def schemas(self) -> Path:
        return self.root / "schemas"

    @property
    def simulations(self) -> Path:
        """The committed results of the simulated games, one JSON file per game (outputs/simulations)."""
        return self.root / "simulations"

    @property
    def mkdocs_yml(self) -> Path:
        return self.root / "mkdocs.yml"

    @classmethod
    def find(cls, start: Path | None = None) -> "Project":
        """The nearest folder upwards holding mkdocs.yml and data/."""
        here = (start or Path.cwd()).resolve()
        for folder in (here, *here.parents):
            if (folder / "mkdocs.yml").is_file() and (folder / "data").is_dir():
                return cls(folder)
        raise FileNotFoundError(f"no project (mkdocs.yml and data/) in {here} or above")
