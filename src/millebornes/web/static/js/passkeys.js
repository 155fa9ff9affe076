// @ts-check
// Passkeys (web/passkeys.py): the player's page adds one (WebAuthn's registration), lists and
// removes them, and signs in with one (its authentication, a discoverable credential: no name
// to type). The server's options and the browser's answers cross as JSON, their bytes in
// base64url, converted here: the browser's own JSON helpers are too recent to rely on.

import { $, api, html, setHTML } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./room.js";

/**
 * A passkey as the player's page lists it (never its public key).
 * @typedef {{id: string, name: string, created: number, used: number | null}} Passkey
 */

/** Whether this browser can use passkeys here (they need a secure context: https, localhost). */
export function passkeysUsable() {
  return window.PublicKeyCredential !== undefined;
}

/**
 * The bytes a base64url text holds.
 * @param {string} text
 */
function bytes(text) {
  return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
}

/**
 * Bytes as base64url text, without padding.
 * @param {ArrayBuffer} buffer
 */
function text(buffer) {
  return btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * A list of credentials the server names by id, as WebAuthn takes them.
 * @param {{id: string, type: "public-key"}[] | undefined} known
 */
function descriptors(known) {
  return (known ?? []).map((credential) => ({ type: credential.type, id: bytes(credential.id) }));
}

/**
 * A credential the browser made or used, as the server reads it.
 * @param {PublicKeyCredential} credential
 * @param {Record<string, string | string[] | null>} response
 */
function credentialJSON(credential, response) {
  const { clientDataJSON } = credential.response;
  return { id: credential.id, rawId: text(credential.rawId), type: credential.type, response: { clientDataJSON: text(clientDataJSON), ...response } };
}

/** The player's passkeys, the oldest first. */
export async function ownPasskeys() {
  return /** @type {{passkeys: Passkey[]}} */ (await api("/api/me/passkeys")).passkeys;
}

/**
 * Make a passkey on this device for the player, named `name`: the player's passkeys after it.
 * @param {string} name
 */
export async function addPasskey(name) {
  const options = /** @type {any} */ (await api("/api/me/passkeys/options", {}));
  const publicKey = { ...options, challenge: bytes(options.challenge), user: { ...options.user, id: bytes(options.user.id) }, excludeCredentials: descriptors(options.excludeCredentials) };
  const credential = /** @type {PublicKeyCredential} */ (await navigator.credentials.create({ publicKey }));
  const response = /** @type {AuthenticatorAttestationResponse} */ (credential.response);
  const made = credentialJSON(credential, { attestationObject: text(response.attestationObject), transports: response.getTransports() });
  return /** @type {{passkeys: Passkey[]}} */ (await api("/api/me/passkeys", { name, credential: made })).passkeys;
}

/**
 * Remove one of the player's passkeys: their passkeys after it.
 * @param {string} id
 */
export async function removePasskey(id) {
  return /** @type {{passkeys: Passkey[]}} */ (await api("/api/me/passkeys/remove", { id })).passkeys;
}

/** Sign in with a passkey this device offers: the player this browser is now (as /api/me). */
export async function signInWithPasskey() {
  const options = /** @type {any} */ (await api("/api/passkeys/signin/options", {}));
  const publicKey = { ...options, challenge: bytes(options.challenge), allowCredentials: descriptors(options.allowCredentials) };
  const credential = /** @type {PublicKeyCredential} */ (await navigator.credentials.get({ publicKey }));
  const response = /** @type {AuthenticatorAssertionResponse} */ (credential.response);
  const handle = response.userHandle;
  const used = credentialJSON(credential, { authenticatorData: text(response.authenticatorData), signature: text(response.signature), userHandle: handle && text(handle) });
  return await api("/api/passkeys/signin", { credential: used });
}

/**
 * Why a passkey's step failed, in words: the browser's refusal (cancelled, a passkey of the
 * player's already there) or the server's.
 * @param {unknown} error
 */
export function failureText(error) {
  if (!(error instanceof DOMException)) return errorText(error);
  if (error.name === "NotAllowedError" || error.name === "AbortError") return t("passkey_cancelled");
  return t(error.name === "InvalidStateError" ? "passkey_exists" : "passkey_unusable");
}

/**
 * Show the player's passkeys, each with its name, when it was added and last used, and a
 * button that removes it.
 * @param {Passkey[]} passkeys
 * @param {Intl.DateTimeFormat} dates
 */
export function showPasskeys(passkeys, dates) {
  const items = passkeys.map((passkey, n) => {
    const used = passkey.used === null ? t("passkey_unused") : t("passkey_used", { date: dates.format(new Date(passkey.used * 1000)) });
    const facts = `${t("passkey_created", { date: dates.format(new Date(passkey.created * 1000)) })} · ${used}`;
    return html`<li><p id="passkey-${n}"><b>${passkey.name}</b><br>${facts}</p><span class="game-links"><button type="button" class="ghost" data-passkey="${passkey.id}" aria-describedby="passkey-${n}">${t("passkey_remove")}</button></span></li>`;
  });
  setHTML($("passkeys-list"), items.length ? html`${items}` : html`<li><p>${t("passkeys_none")}</p></li>`);
}
