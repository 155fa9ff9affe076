// @ts-check
// How many players are online, on the home page: asked of the server (/api/online) as the page
// shows and again as often as the server says while it shows. The count is there to read; a
// screen reader hears it, politely, only when it changed and not more than once in a while.

import { announce } from "./announce.js";
import { $, api } from "./dom.js";
import { t } from "./i18n.js";
import { playerKnown } from "./player.js";

const ANNOUNCE_EVERY_MS = 5 * 60_000; // a change is said at most this often

const online = {
  timer: /** @type {number | undefined} */ (undefined),
  players: /** @type {number | null} */ (null), // the last count shown
  said: /** @type {number | null} */ (null), // and the last one announced
  saidAt: 0,
};

/** Show how many players are online now, and again as the server says, while the home page shows. */
export async function followOnline() {
  clearTimeout(online.timer);
  if ($("lobby").hidden) return;
  await playerKnown(); // counted as the player, not as the address
  let seconds = 30;
  try {
    const told = /** @type {{players: number, seconds: number}} */ (await api("/api/online"));
    show(told.players);
    seconds = told.seconds;
  } catch (error) {
    console.warn("how many are online, unknown now:", error);
  }
  online.timer = setTimeout(followOnline, seconds * 1000);
}

/** @param {number} players */
function show(players) {
  const text = t("online", { players });
  $("online").textContent = text;
  $("online").hidden = false;
  const now = Date.now();
  if (online.players === null) online.said = players; // read with the page, not announced
  else if (players !== online.said && now - online.saidAt >= ANNOUNCE_EVERY_MS) {
    announce(text);
    online.said = players;
    online.saidAt = now;
  }
  online.players = players;
}
