-- What a server keeps beside the game records (store/server.py): read-only links to reviews,
-- the leases that let several servers share the database, the tables' chat, the public list.
-- depends: 0002-archived
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
