-- Players blocking players (store/players.py): a blocked player's chat and reactions never
-- reach the player who blocked them, in any room; the name they had when blocked is kept to
-- list them by, for a player who never chose one.
-- depends: 0010-devices
CREATE TABLE IF NOT EXISTS player_blocks (
    player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    blocked_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (player_id, blocked_id)
);
