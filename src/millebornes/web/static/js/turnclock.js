// @ts-check
// The table's turn clock as the page shows it: the time left to the seat whose turn it is
// (its move's own time, then its bank), and a warning said once before it runs out. The
// server plays the move with the seat's stand-in when it does (a `timeout` message).

import { announceNow } from "./announce.js";
import { $ } from "./dom.js";
import { t } from "./i18n.js";

/** @import { Game, State } from "./state.js" */

const WARN_SECONDS = 10; // the seat whose turn it is hears this long before its time runs out

/** @type {{ warned: number | null }} the end of the turn already warned of */
const clock = { warned: null };

/**
 * Seconds as m:ss.
 * @param {number} seconds
 */
export function minutes(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * The seconds left to the move under way, of which `bank` are the bank's; null when no clock
 * runs.
 * @param {Game} game
 * @param {State} state
 */
export function timeLeft(game, state) {
  const { room, view } = state;
  if (room.turn_ends === null || room.banks === null || view.to_act === null) return null;
  const total = Math.max(0, (room.turn_ends * 1000 - game.clockOffset - Date.now()) / 1000);
  const bank = Math.min(room.banks[view.to_act], total);
  return { total, move: total - bank, bank };
}

/**
 * Draw the clock (hidden when none runs), and warn the seat whose turn it is, once, before
 * its time runs out.
 * @param {Game} game
 * @param {State} state
 */
export function renderClock(game, state) {
  const box = $("turn-clock");
  const left = timeLeft(game, state);
  box.hidden = left === null;
  if (left === null) return;
  const { view, room } = state;
  const seat = /** @type {number} */ (view.to_act);
  box.textContent = t("clock_left", { name: game.nameOf(seat), move: minutes(left.move), bank: minutes(left.bank) });
  const mine = seat === view.seat && view.decision === "turn";
  if (mine && left.total <= WARN_SECONDS && clock.warned !== room.turn_ends) {
    clock.warned = room.turn_ends;
    announceNow(t("clock_warning", { s: Math.ceil(left.total) }));
  }
}
