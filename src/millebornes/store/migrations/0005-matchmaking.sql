-- Whose turn it is to seat a quick game, among the servers of one database: one row, held
-- like a room's lease (web/matchmaking.py), so that strangers sent to two servers meet.
-- depends: 0004-games-by-age
CREATE TABLE IF NOT EXISTS matchmaking (
    turn INTEGER PRIMARY KEY,
    holder TEXT NOT NULL,
    expires DOUBLE PRECISION NOT NULL
);
