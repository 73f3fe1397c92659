"""Rulebook KB: catalogs, validation, database and site build for the board-game rules knowledge base."""
