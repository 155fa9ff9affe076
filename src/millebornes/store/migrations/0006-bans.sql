-- The addresses and networks the operator banned (millebornes admin ban): every server of the
-- database refuses their connections, joins and new rooms (web/bans.py).
-- depends: 0005-matchmaking
CREATE TABLE IF NOT EXISTS bans (
    network TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL
);
