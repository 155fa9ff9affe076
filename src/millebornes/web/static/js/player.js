// @ts-check
// The player's page (/player): their name, password and passkeys, a one-time code to carry them
// to another device (or one from it), their devices (devices.js), their ratings, their
// games, in progress and finished, and the players they block (blocked from a table's chat,
// unblocked here). Who the player is lives in an HttpOnly cookie the page never
// reads: the server says it (/api/me).

import { showDevices } from "./devices.js";
import { $, api, closest, html, setHTML, showOwnPage } from "./dom.js";
import { showRatings } from "./leaderboard.js";
import { language, listOf, presetName, t, translatePage } from "./i18n.js";
import { addPasskey, failureText, ownPasskeys, passkeysUsable, removePasskey, showPasskeys, signInWithPasskey } from "./passkeys.js";

/** @import { Config } from "./protocol.js" */

/**
 * The player as their own page knows them (never their secret).
 * @typedef {{id: string, name: string | null, password: boolean}} Me
 */

/**
 * One game of the player's, as /api/me/games tells it.
 * @typedef {{code: string, rules: string, players: number, single_deal: boolean,
 *   state: "waiting" | "playing" | "won" | "lost" | "drawn" | "closed", names: string[],
 *   opponents: string[], side: string, to_act: string | null, your_turn: boolean,
 *   score: number, others: number[], deals: number, updated: number,
 *   review: string | null, replay: string | null}} PlayedGame
 */

/**
 * A player this one blocks, as /api/me/blocks tells it: a handle (not their id) and their name.
 * @typedef {{id: string, name: string | null}} Blocked
 */

const IN_PROGRESS = ["waiting", "playing"];
const shown = { config: /** @type {Config | null} */ (null) }; // of /api/config, once the page shows

/** The player of this browser, made by the server at the first visit. */
export async function me() {
  return /** @type {Me} */ (await api("/api/me"));
}

const known = { asked: /** @type {Promise<void> | null} */ (null) };

/**
 * Once this browser has its player (asked once, as the page starts): a seat taken after it is
 * the player's. A server that refuses now leaves the page as it was, its seats its own.
 */
export function playerKnown() {
  known.asked ??= me().then(() => undefined, (error) => console.warn("no player for this browser now:", error));
  return known.asked;
}

/**
 * The player's games, the latest played first (none if the server does not know them), once
 * the first visit has made the player: asked before, the server would answer 401.
 */
export async function playedGames() {
  await playerKnown();
  try {
    return /** @type {{games: PlayedGame[]}} */ (await api("/api/me/games")).games;
  } catch {
    return [];
  }
}

/**
 * Whether a game is still played (or waits for players).
 * @param {PlayedGame} game
 */
export function inProgress(game) {
  return IN_PROGRESS.includes(game.state);
}

/**
 * A game in progress in words: whose turn it is, or that it waits for players.
 * @param {PlayedGame} game
 */
export function turnText(game) {
  if (game.state === "waiting") return t("player_waiting");
  if (game.your_turn) return t("player_your_turn");
  return game.to_act ? t("player_turn_of", { name: game.to_act }) : "";
}

/**
 * Show the player's page (the page's address is /player).
 * @param {Config} config
 */
export async function showPlayer(config) {
  showOwnPage("player");
  translatePage($("player"));
  // The forms are the page's before anything is awaited: sent early, they are not the browser's.
  $("player-name-form").onsubmit = (event) => submit(event, "/api/me/name", { name: $("player-name").value.trim() }, t("player_saved"));
  $("player-password-form").onsubmit = (event) => submit(event, "/api/me/password", { password: $("player-password").value }, t("player_saved"));
  $("claim-form").onsubmit = (event) => submit(event, "/api/me/claim", { code: $("claim-code").value }, null);
  $("signin-form").onsubmit = (event) => submit(event, "/api/me/signin",
    { name: $("signin-name").value.trim(), password: $("signin-password").value }, null);
  $("make-code").onclick = makeCode;
  const usable = passkeysUsable();
  for (const id of ["passkey-form", "passkey-signin-title", "passkey-signin"]) $(id).hidden = !usable;
  $("passkeys-unavailable").hidden = usable;
  $("passkey-form").onsubmit = (event) => {
    event.preventDefault();
    attempt(async () => {
      showPasskeys(await addPasskey($("passkey-name").value.trim()), dates());
      $("passkey-name").value = "";
      return t("passkey_added");
    });
  };
  $("passkeys-list").onclick = (event) => {
    const button = closest(event, "button[data-passkey]");
    if (button) attempt(async () => {
      showPasskeys(await removePasskey(button.dataset.passkey ?? ""), dates());
      return t("passkey_removed");
    });
  };
  $("passkey-signin").onclick = () => attempt(async () => becomes(/** @type {Me} */ (await signInWithPasskey()), null));
  $("player-blocks").onclick = (event) => {
    const button = closest(event, "button[data-unblock]");
    if (button) attempt(async () => {
      showBlocks(/** @type {{blocks: Blocked[]}} */ (await api("/api/me/unblock", { id: button.dataset.unblock })).blocks);
      return t("player_unblocked", { name: button.dataset.name ?? "" });
    });
  };
  shown.config = config;
  await playerKnown(); // a first visit's player, made once
  const player = await me();
  showMe(player);
  await showAll(player);
}

/**
 * The player's games, ratings, passkeys and devices, as the server knows them now.
 * @param {Me} player
 */
function showAll(player) {
  const config = /** @type {Config} */ (shown.config);
  return Promise.all([
    showGames(), showRatings(), listPasskeys(), showDevices(config, player, () => showPlayer(config)), listBlocks(),
  ]);
}

async function listPasskeys() {
  try {
    showPasskeys(await ownPasskeys(), dates());
  } catch (error) {
    console.warn("no passkeys now:", error);
  }
}

/** The page's dates and times, in its language. */
function dates() {
  const config = /** @type {Config} */ (shown.config);
  return new Intl.DateTimeFormat(config.locales[language()], { dateStyle: "medium", timeStyle: "short" });
}

/** @param {Me} player */
function showMe(player) {
  $("player-name").value = player.name ?? "";
  $("player-unnamed").hidden = player.name !== null;
  $("player-has-password").hidden = !player.password;
  $("player-password").value = "";
}

/**
 * Send one of the page's forms; say it was done (`done`, or who the device is now), or why not.
 * @param {SubmitEvent} event
 * @param {string} path
 * @param {object} body
 * @param {string | null} done
 */
async function submit(event, path, body, done) {
  event.preventDefault();
  await attempt(async () => becomes(/** @type {Me} */ (await api(path, body)), done));
}

/**
 * Show the player the server answered; what was done (`done`, or who the device is now, whose
 * games the page shows then).
 * @param {Me} player
 * @param {string | null} done
 */
async function becomes(player, done) {
  showMe(player);
  const config = /** @type {Config} */ (shown.config);
  // Another player's now: all of it; the same: its devices (a password changes their warning).
  await (done === null ? showAll(player) : showDevices(config, player, () => showPlayer(config)));
  return done ?? signedIn(player);
}

/**
 * Do `work`, saying what it did (the text it gives) or why it failed.
 * @param {() => Promise<string>} work
 */
async function attempt(work) {
  $("player-error").textContent = "";
  $("player-status").textContent = "";
  try {
    $("player-status").textContent = await work();
  } catch (error) {
    $("player-error").textContent = failureText(error);
  }
}

/**
 * Who this device is now, in words.
 * @param {Me} player
 */
function signedIn(player) {
  return player.name === null ? t("player_signed_in_unnamed") : t("player_signed_in", { name: player.name });
}

async function makeCode() {
  try {
    const made = /** @type {{code: string, seconds: number}} */ (await api("/api/me/code", {}));
    $("player-code").textContent = t("player_code", { code: made.code, minutes: made.seconds / 60 });
  } catch (error) {
    $("player-error").textContent = failureText(error);
  }
}

async function showGames() {
  const games = await playedGames();
  const format = dates();
  const playing = games.filter(inProgress);
  const finished = games.filter((game) => !inProgress(game));
  const none = html`<li><p>${t("player_none")}</p></li>`;
  setHTML($("player-playing"), playing.length ? html`${playing.map((game) => gameHTML(game, format))}` : none);
  setHTML($("player-finished"), finished.length ? html`${finished.map((game) => gameHTML(game, format))}` : none);
}

/**
 * A game of the list: its rules, players, length, opponents, where it stands (whose turn, or
 * its result and score), its date, and links to its table and to its last deal's review and replay.
 * @param {PlayedGame} game
 * @param {Intl.DateTimeFormat} dates
 */
function gameHTML(game, dates) {
  const over = !inProgress(game);
  const facts = [
    t("tables_players", { players: game.players }),
    t(game.single_deal ? "single_deal" : "match_5000"),
    game.opponents.length ? t("player_against", { names: listOf(game.opponents) }) : "",
    over ? t(`player_${game.state}`) : turnText(game),
    game.deals ? t("player_score", { mine: game.score, others: game.others.join(", ") }) : "",
    dates.format(new Date(game.updated * 1000)),
  ].filter(Boolean);
  const id = `game-${game.code}`;
  const lastDeal = game.review && game.replay
    ? html`<a class="button ghost" href="${game.review}" aria-describedby="${id}">${t("player_review")}</a><a class="button ghost" href="${game.replay}" aria-describedby="${id}">${t("player_replay")}</a>`
    : "";
  return html`<li><p id="${id}"><b>${presetName(game.rules)}</b><br>${facts.join(" · ")}</p><span class="game-links"><a class="button primary" href="/room/${game.code}" aria-describedby="${id}">${t("player_open")}</a>${lastDeal}</span></li>`;
}

async function listBlocks() {
  showBlocks(/** @type {{blocks: Blocked[]}} */ (await api("/api/me/blocks")).blocks);
}

/**
 * The players this one blocks, each with its button to unblock them.
 * @param {Blocked[]} blocks
 */
function showBlocks(blocks) {
  const items = blocks.map(({ id, name }) => {
    const shown = name ?? t("player_blocked_spectator");
    return html`<li><p>${shown}</p><button type="button" class="ghost" data-unblock="${id}" data-name="${shown}">${t("player_unblock", { name: shown })}</button></li>`;
  });
  setHTML($("player-blocks"), items.length ? html`${items}` : html`<li><p>${t("player_none")}</p></li>`);
}
