-- Passkeys (store/passkeys.py): each player's WebAuthn credentials (the credential's id, its
-- public key, the authenticator's sign count, the name the player gave it), and the
-- challenges of the ceremonies under way (each by its hash, used once, short-lived; a
-- registration's bound to its player, a sign-in's to none).
-- depends: 0008-ratings
CREATE TABLE IF NOT EXISTS passkeys (
    id TEXT PRIMARY KEY,
    player_id TEXT NOT NULL REFERENCES players(id) ON DELETE CASCADE,
    public_key TEXT NOT NULL,
    sign_count BIGINT NOT NULL,
    name TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    used DOUBLE PRECISION
);
CREATE INDEX IF NOT EXISTS passkeys_player ON passkeys (player_id);
CREATE TABLE IF NOT EXISTS passkey_challenges (
    challenge_hash TEXT PRIMARY KEY,
    player_id TEXT REFERENCES players(id) ON DELETE CASCADE,
    expires DOUBLE PRECISION NOT NULL
);
