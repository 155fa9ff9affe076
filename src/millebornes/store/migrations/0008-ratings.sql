-- Players' ratings (store/ratings.py): openskill's mu and sigma for each rule family and
-- table size, the rated games counted; and each game rated once (its first rating wins).
-- depends: 0007-players
CREATE TABLE IF NOT EXISTS ratings (
    player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    rules TEXT NOT NULL,
    players INTEGER NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player_id, rules, players)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (rules, players);
CREATE TABLE IF NOT EXISTS rated_games (
    game_id TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    rated DOUBLE PRECISION NOT NULL
);
