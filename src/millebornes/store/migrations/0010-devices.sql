-- The devices a player is signed in on (store/players.py): what each is (its User-Agent header
-- when it signed in) and when it was last seen, for the player's list of devices.
-- depends: 0008-ratings
ALTER TABLE player_sessions ADD COLUMN agent TEXT;
ALTER TABLE player_sessions ADD COLUMN seen DOUBLE PRECISION;
