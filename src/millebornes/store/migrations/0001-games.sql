-- The game records: what the terminal game, the review and the tools need (store/records.py).
-- A database made before migrations has these tables already: then this changes nothing.
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    settings TEXT NOT NULL,
    meta TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
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
