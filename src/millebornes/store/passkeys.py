"""The players' passkeys (``web/passkeys.py`` runs the WebAuthn ceremonies): each credential's
id, public key and sign count, under the name its player gave it, and the challenges of the
ceremonies under way, kept by their hash, each used once within its seconds. Nothing here
signs anything: a public key opens no door without the authenticator's private key."""

from __future__ import annotations

import time
from dataclasses import dataclass

from .players import PlayerStore

MAX_PASSKEYS = 20  # a player's passkeys: more than anyone has devices


@dataclass(frozen=True)
class Passkey:
    id: str  # the credential's id, base64url, as the authenticator made it
    player_id: str
    public_key: bytes  # COSE-encoded
    sign_count: int
    name: str
    created: float
    used: float | None  # when it last signed the player in, None before


class PasskeyStore(PlayerStore):
    """The passkeys, in the games' database (SQLite or PostgreSQL alike)."""

    def add_challenge(self, challenge_hash: str, player_id: str | None, seconds: float) -> None:
        """A ceremony's challenge (its hash), for ``player_id``'s registration (None: a
        sign-in), valid ``seconds`` on the database's clock; the expired ones go."""
        with self._lock, self._transaction():
            self._execute(f"DELETE FROM passkey_challenges WHERE expires < {self.now}")
            self._execute(
                "INSERT INTO passkey_challenges (challenge_hash, player_id, expires)"
                f" VALUES (?, ?, {self.now} + ?)",
                (challenge_hash, player_id, seconds),
            )

    def use_challenge(self, challenge_hash: str, player_id: str | None) -> bool:
        """Whether a challenge was given to ``player_id`` (None: for a sign-in) and is still
        valid; it is used up either way."""
        found = self._used_once("passkey_challenges", "challenge_hash", challenge_hash)
        return found == (player_id, True)

    def add_passkey(self, passkey: Passkey) -> bool:
        """Keep a player's new passkey; False if its credential is known already or the
        player has ``MAX_PASSKEYS``."""
        with self._lock, self._transaction():
            (count,) = self._execute(
                "SELECT COUNT(*) FROM passkeys WHERE player_id = ?", (passkey.player_id,)
            ).fetchone()
            if count >= MAX_PASSKEYS:
                return False
            added = self._execute(
                "INSERT INTO passkeys (id, player_id, public_key, sign_count, name, created)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING RETURNING id",
                (
                    passkey.id,
                    passkey.player_id,
                    passkey.public_key.hex(),
                    passkey.sign_count,
                    passkey.name,
                    passkey.created,
                ),
            ).fetchone()
        return added is not None

    def passkey(self, credential_id: str) -> Passkey | None:
        rows = self._passkeys_where("id = ?", credential_id)
        return rows[0] if rows else None

    def passkeys(self, player_id: str) -> list[Passkey]:
        """A player's passkeys, the oldest first."""
        return self._passkeys_where("player_id = ?", player_id)

    def _passkeys_where(self, where: str, value: str) -> list[Passkey]:
        with self._lock:
            rows = self._execute(
                "SELECT id, player_id, public_key, sign_count, name, created, used"
                f" FROM passkeys WHERE {where} ORDER BY created, id",
                (value,),
            ).fetchall()
        return [
            Passkey(str(id_), str(player), bytes.fromhex(key), int(count), str(name), created, used)
            for id_, player, key, count, name, created, used in rows
        ]

    def passkey_used(self, credential_id: str, was: int, sign_count: int) -> bool:
        """Record a sign-in with a passkey whose sign count was ``was`` and is now
        ``sign_count``; False if another sign-in moved it meanwhile (a replay racing it)."""
        with self._lock, self._transaction():
            moved = self._execute(
                "UPDATE passkeys SET sign_count = ?, used = ?"
                " WHERE id = ? AND sign_count = ? RETURNING id",
                (sign_count, time.time(), credential_id, was),
            ).fetchone()
        return moved is not None

    def remove_passkey(self, player_id: str, credential_id: str) -> bool:
        """Remove one of a player's passkeys; False if they have none of that id."""
        with self._lock, self._transaction():
            removed = self._execute(
                "DELETE FROM passkeys WHERE id = ? AND player_id = ? RETURNING id",
                (credential_id, player_id),
            ).fetchone()
        return removed is not None
