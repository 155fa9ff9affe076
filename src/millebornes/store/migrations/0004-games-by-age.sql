-- Games found by when they were last played: the sweep that archives idle rooms and the purge
-- of old finished games (docs/deploy.md, Retention) read them so, not the whole table.
-- depends: 0003-server
CREATE INDEX games_updated ON games (updated);
