"""A game closed for good (``archived``): kept as a record, never resumed. Databases made since
archiving have the column already (plain SQL cannot add a column only where it is missing)."""

from typing import Any

from yoyo import step

__depends__ = {"0001-games"}


def add_archived(connection: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("SELECT * FROM games WHERE 1 = 0")
    if "archived" not in {column[0] for column in cursor.description}:
        cursor.execute("ALTER TABLE games ADD COLUMN archived INTEGER NOT NULL DEFAULT 0")


steps = [step(add_archived)]
