-- Players, not just rooms (store/players.py): a player made at their first visit, the
-- sessions of their devices (a hash of each secret), the one-time codes that carry them to
-- another device, their unique name (by its skeleton) and the seats they took.
-- depends: 0006-bans
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT,
    password TEXT,
    created DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS player_names (
    skeleton TEXT PRIMARY KEY,
    player_id TEXT NOT NULL UNIQUE REFERENCES players(id) ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS player_sessions (
    secret_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    created DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS player_sessions_player ON player_sessions (player_id);
CREATE TABLE IF NOT EXISTS player_codes (
    code_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    expires DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS player_seats (
    game_id TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS player_seats_player ON player_seats (player_id);
