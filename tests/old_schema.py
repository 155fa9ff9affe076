"""The schema as millebornes created it before migrations (at every start of a store), its
CREATE statements copied as they were: the tests of migrations build their "database written by
today's code" with it. Not to be changed: it is what such databases hold."""

# store/records.py's, for the game records (the terminal game's file had these alone).
RECORDS_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    meta TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    archived INTEGER NOT NULL DEFAULT 0,
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS reviews (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    deal INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    review TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, deal, seat)
);
"""
# store/server.py's, beside them in a server's database.
SERVER_SCHEMA = """
CREATE TABLE IF NOT EXISTS review_links (
    token TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    deal INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    UNIQUE (game_id, deal, seat)
);
CREATE TABLE IF NOT EXISTS leases (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    owner TEXT NOT NULL,
    epoch INTEGER NOT NULL,
    expires DOUBLE PRECISION NOT NULL,
    wanted_by TEXT
);
CREATE INDEX IF NOT EXISTS leases_owner ON leases (owner);
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    message TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
CREATE TABLE IF NOT EXISTS listings (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    summary TEXT NOT NULL
);
"""
# A file from before archiving (2026-12-01) had no archived column.
BEFORE_ARCHIVING = RECORDS_SCHEMA.replace("    archived INTEGER NOT NULL DEFAULT 0,\n", "")
