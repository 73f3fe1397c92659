"""Seeded random games of every engine, summed up as statistics: played and counted (run.py), kept
as committed results keyed on the engine's files and the catalog entries it reads (store.py), drawn as SVG charts (svg.py)
on a page per game (page.py), and published as database tables (table.py)."""
