"""A software authenticator for the passkey tests that speak WebAuthn without a browser: it
makes a P-256 credential for the options a server gives (attestation "none", the user present
and verified) and signs its challenges, counting each signature as a real authenticator does,
with the client data a browser at ``origin`` would write."""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import struct
from dataclasses import dataclass, field
from typing import Any

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

PRESENT_VERIFIED_ATTESTED = 0x01 | 0x04 | 0x40  # flags UP, UV and AT
PRESENT_VERIFIED = 0x01 | 0x04


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Authenticator:
    origin: str  # where the "browser" runs, as its client data says
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    sign_count: int = 0
    user_handle: bytes | None = None  # the server's user id, kept as a discoverable credential

    def _client_data(self, kind: str, challenge: str) -> bytes:
        told = {"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}
        return json.dumps(told).encode()

    def _auth_data(self, rp_id: str, flags: int) -> bytes:
        rp_hash = hashlib.sha256(rp_id.encode()).digest()
        return rp_hash + bytes([flags]) + struct.pack(">I", self.sign_count)

    def register(self, options: dict[str, Any]) -> dict[str, Any]:
        """The credential's JSON for registration ``options`` (as the page sends it)."""
        self.user_handle = unb64url(options["user"]["id"])
        numbers = self.key.public_key().public_numbers()
        cose = {
            1: 2,
            3: -7,
            -1: 1,
            -2: numbers.x.to_bytes(32, "big"),
            -3: numbers.y.to_bytes(32, "big"),
        }
        attested = bytes(16) + struct.pack(">H", len(self.credential_id)) + self.credential_id
        auth_data = self._auth_data(options["rp"]["id"], PRESENT_VERIFIED_ATTESTED)
        attestation = {
            "fmt": "none",
            "attStmt": {},
            "authData": auth_data + attested + cbor2.dumps(cose),
        }
        client_data = self._client_data("webauthn.create", options["challenge"])
        return self._credential(
            client_data,
            attestationObject=b64url(cbor2.dumps(attestation)),
            transports=["internal"],
        )

    def sign(self, options: dict[str, Any]) -> dict[str, Any]:
        """The assertion's JSON for sign-in ``options``, its count one more than the last."""
        self.sign_count += 1
        auth_data = self._auth_data(options["rpId"], PRESENT_VERIFIED)
        client_data = self._client_data("webauthn.get", options["challenge"])
        signed = auth_data + hashlib.sha256(client_data).digest()
        signature = self.key.sign(signed, ec.ECDSA(hashes.SHA256()))
        return self._credential(
            client_data,
            authenticatorData=b64url(auth_data),
            signature=b64url(signature),
            userHandle=b64url(self.user_handle or b""),
        )

    def _credential(self, client_data: bytes, **response: Any) -> dict[str, Any]:
        """A PublicKeyCredential's JSON, as the page sends it."""
        return {
            "id": b64url(self.credential_id),
            "rawId": b64url(self.credential_id),
            "type": "public-key",
            "response": {"clientDataJSON": b64url(client_data), **response},
        }
