"""The build swap leaves a complete build at every instant; what a killed build leaves is removed by
the next command, never while a build is running; real build/ and site/ folders are migrated."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from kb.build import is_built
from kb.project import Project
from kb.staging import BUILDS, build_lock, new_staging, recover, switch, tidy


class Killed(Exception):
    """Stands for a kill at one step of the switch."""


def bare_project(root: Path) -> Project:
    (root / "data").mkdir(parents=True)
    (root / "mkdocs.yml").write_text("site_name: test\n", encoding="utf-8")
    return Project(root)


def write_build(folder: Path, marker: str) -> None:
    """What is_built looks for, each file holding ``marker``."""
    (folder / "build").mkdir(parents=True)
    (folder / "site").mkdir()
    for path in (folder / "build" / "kb.db", folder / "build" / "metadata.json", folder / "site" / "index.html"):
        path.write_text(marker, encoding="utf-8")


def served(project: Project) -> set[str]:
    """The marker of every file the readers see through the links (one value when the build is whole)."""
    paths = (project.build / "kb.db", project.build / "metadata.json", project.site / "index.html")
    return {path.read_text(encoding="utf-8") for path in paths}


def build_one(project: Project, marker: str, step=lambda name: None) -> Path:  # type: ignore[no-untyped-def]
    staging = new_staging(project)
    write_build(staging, marker)
    switch(project, staging, step)
    return staging


def leftovers(project: Project) -> list[str]:
    return sorted(p.name for p in (project.root / BUILDS).iterdir() if p.name != "current")


def test_a_build_is_two_stable_links_through_one_switched_link(tmp_path: Path) -> None:
    project = bare_project(tmp_path / "p")
    first = build_one(project, "one")
    assert os.readlink(project.build) == ".builds/current/build" and os.readlink(project.site) == ".builds/current/site"
    assert served(project) == {"one"} and is_built(project)
    second = build_one(project, "two")
    assert served(project) == {"two"}
    assert not first.exists() and leftovers(project) == [second.name]  # the previous build is removed
    assert os.readlink(project.root / BUILDS / "current") == second.name


@pytest.mark.parametrize("kill_at", ["switched", "linked"])
def test_a_switch_killed_at_any_step_leaves_a_whole_build_and_the_next_command_tidies(tmp_path: Path, kill_at: str) -> None:
    project = bare_project(tmp_path / "p")
    build_one(project, "one")

    def step(name: str) -> None:
        if name == kill_at:
            raise Killed(name)

    with pytest.raises(Killed):
        build_one(project, "two", step)
    assert served(project) == {"two"} and is_built(project)  # switched: the new build, whole
    assert len(leftovers(project)) == 2  # the previous build was not removed yet
    previous = [name for name in leftovers(project) if name != os.readlink(project.root / BUILDS / "current")]
    assert tidy(project) == [f"removed the leftover {BUILDS}/{name} of an interrupted build" for name in previous]
    assert served(project) == {"two"} and len(leftovers(project)) == 1


def test_a_build_killed_before_its_switch_leaves_the_previous_build_and_its_staging_is_removed(tmp_path: Path) -> None:
    project = bare_project(tmp_path / "p")
    build_one(project, "one")
    staging = new_staging(project)
    (staging / "build").mkdir()  # killed while writing: half a build, never switched in
    (staging / "build" / "kb.db").write_text("half", encoding="utf-8")
    (project.root / BUILDS / "current.new").symlink_to(staging.name)  # even killed between its two link steps
    assert served(project) == {"one"}
    done = tidy(project)
    assert f"removed the leftover {BUILDS}/{staging.name} of an interrupted build" in done
    assert not staging.exists() and not (project.root / BUILDS / "current.new").is_symlink()
    assert served(project) == {"one"} and len(leftovers(project)) == 1


def test_a_running_builds_staging_is_left_alone(tmp_path: Path) -> None:
    project = bare_project(tmp_path / "p")
    build_one(project, "one")
    with build_lock(project):  # a build runs: its staging is alive
        staging = new_staging(project)
        assert tidy(project) == [] and staging.is_dir()
    assert tidy(project) and not staging.exists()


def test_real_build_and_site_folders_are_moved_in_once(tmp_path: Path) -> None:
    project = bare_project(tmp_path / "p")
    write_build(project.root, "old")  # build/ and site/ as real folders, as builds before the links made them
    done = recover(project)
    assert done and "build and site are links from now on" in done[0]
    assert project.build.is_symlink() and project.site.is_symlink() and served(project) == {"old"}
    assert recover(project) == []  # once
    build_one(project, "new")
    assert served(project) == {"new"} and len(leftovers(project)) == 1


def test_a_migration_cut_short_is_taken_up_again(tmp_path: Path) -> None:
    project = bare_project(tmp_path / "p")
    write_build(project.root, "old")
    # as if killed after moving build/ into its new folder, before site/ and the links
    folder = project.root / BUILDS / "m-cut"
    folder.mkdir(parents=True)
    project.build.rename(folder / "build")
    assert recover(project)
    assert served(project) == {"old"} and os.readlink(project.root / BUILDS / "current") == "m-cut"


def test_a_copy_that_followed_the_links_serves_and_switches(tmp_path: Path) -> None:
    project = bare_project(tmp_path / "p")
    build_one(project, "one")
    copy = Project(tmp_path / "copy")
    shutil.copytree(project.root, copy.root)  # links followed: build/, site/ and .builds/current are folders
    assert not copy.build.is_symlink() and not (copy.root / BUILDS / "current").is_symlink()
    recover(copy)
    assert copy.build.is_symlink() and served(copy) == {"one"} and len(leftovers(copy)) == 1
    build_one(copy, "two")
    assert served(copy) == {"two"} and served(project) == {"one"}


def test_a_legacy_swap_cut_short_is_restored_then_migrated(tmp_path: Path) -> None:
    project = bare_project(tmp_path / "p")
    staging = project.root / ".build-killed"  # the staging of a build before the links, killed mid-swap
    write_build(staging, "old")
    (staging / "build").rename(staging / "old-build")
    (staging / "site").rename(staging / "old-site")
    done = recover(project)
    assert done[:2] == ["restored the previous build from the interrupted .build-killed", "removed the leftover .build-killed"]
    assert served(project) == {"old"} and project.build.is_symlink() and not staging.exists()


def test_a_read_only_checkout_has_nothing_to_tidy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    import kb.staging

    project = bare_project(tmp_path / "p")
    build_one(project, "one")
    real_open = open

    def read_only(path, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        if str(path).endswith(".build.lock"):
            raise OSError(errno.EROFS, "Read-only file system", str(path))
        return real_open(path, mode, *args, **kwargs)

    monkeypatch.setattr(kb.staging, "open", read_only, raising=False)  # the module's open() of the lock
    assert tidy(project) == [] and served(project) == {"one"}


def test_a_folder_made_where_the_build_link_was_keeps_the_site(tmp_path: Path) -> None:
    project = bare_project(tmp_path / "p")
    build_one(project, "one")
    project.build.unlink()
    (project.build / "screenshots").mkdir(parents=True)  # as a tool writing into build/ with no link there
    recover(project)
    assert project.build.is_symlink() and (project.build / "screenshots").is_dir()
    assert (project.site / "index.html").read_text(encoding="utf-8") == "one" and not is_built(project)
    build_one(project, "two")
    assert served(project) == {"two"} and len(leftovers(project)) == 1
