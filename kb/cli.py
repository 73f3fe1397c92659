"""The ``kb`` command: thin wrappers over library functions."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from kb.catalog import CatalogError, load_catalog
from kb.project import Project


def _project(root: str | None) -> Project:
    try:
        return Project(Path(root).resolve()) if root else Project.find()
    except FileNotFoundError as exc:
        raise click.ClickException(str(exc)) from exc


root_option = click.option("--root", type=click.Path(file_okay=False), help="Project folder (default: found from here)")


@click.group()
def main() -> None:
    """Rulebook KB: validate the catalogs, build the database and the site, serve them."""


@main.command()
@root_option
@click.option("--data", "data_dir", type=click.Path(file_okay=False), help="Catalog folder (default: <root>/data)")
def validate(root: str | None, data_dir: str | None) -> None:
    """Check every catalog; print every problem as file:line:col: path: message."""
    project = _project(root)
    folder = Path(data_dir).resolve() if data_dir else project.data
    try:
        catalog = load_catalog(folder, display_root=project.root if folder.is_relative_to(project.root) else None)
    except CatalogError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        click.echo(f"{len(exc.problems)} problem(s) found", err=True)
        sys.exit(1)
    click.echo(f"ok: {len(catalog.entries)} entries in {folder}")


@main.command("schemas")
@root_option
def schemas(root: str | None) -> None:
    """Export JSON Schema files (schemas/) that editors use to complete and check the YAML."""
    from kb.schemas_export import export_schemas

    project = _project(root)
    paths = export_schemas(project.data, project.schemas)
    click.echo(f"wrote {len(paths)} schema files to {project.schemas}")


@main.command("build")
@root_option
@click.option("--datasette-url", default="http://127.0.0.1:8001", show_default=True, help="Where the site links to Datasette")
def build_command(root: str | None, datasette_url: str) -> None:
    """Validate, then write build/kb.db, build/metadata.json, the generated pages and site/."""
    from kb.build import BuildError, build

    project = _project(root)
    try:
        report = build(project, datasette_url=datasette_url)
    except CatalogError as exc:
        for problem in exc.problems:
            click.echo(str(problem), err=True)
        click.echo(f"{len(exc.problems)} problem(s) found; the previous build is unchanged", err=True)
        sys.exit(1)
    except BuildError as exc:
        click.echo(f"build failed: {exc}; the previous build is unchanged", err=True)
        sys.exit(1)
    total = sum(v for k, v in report.rows.items() if k != "search")
    click.echo(f"built {report.entries} entries ({total} rows) and {report.pages} generated pages in {report.seconds:.1f} s")


@main.command("serve")
@root_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", "site_port", default=8000, show_default=True, help="Port of the site")
@click.option("--datasette-port", default=8001, show_default=True, help="Port of Datasette")
def serve_command(root: str | None, host: str, site_port: int, datasette_port: int) -> None:
    """Build if needed, then serve the site and Datasette (read-only) until interrupted."""
    from kb.serve import needs_build, serve

    project = _project(root)
    if needs_build(project):
        ctx = click.get_current_context()
        ctx.invoke(build_command, root=str(project.root), datasette_url=f"http://{host}:{datasette_port}")
    serve(project, host=host, site_port=site_port, datasette_port=datasette_port)


if __name__ == "__main__":
    main()
