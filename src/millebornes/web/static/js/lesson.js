// @ts-check
// The guided first deal (docs/web.md): a lesson opened from the home page (its score sheet's
// rematch opens it again), and its line above the hand, said once at each step. The table is the room's
// own; the server refuses a move off the lesson's script, with the script's words.

import { announce } from "./announce.js";
import { $, api } from "./dom.js";
import { language, phrase } from "./i18n.js";
import { storeHost, storeSeat } from "./seats.js";

/** @import { RoomInfo, Seated } from "./protocol.js" */

/**
 * Open a new lesson, seated at South under `name` (none: the seat's name), and go to it. A
 * refusal is thrown, for the lobby to show.
 * @param {string} name
 */
export async function startLesson(name) {
  const seated = /** @type {Seated & {host: string}} */ (await api("/api/lessons", { name, language: language() }));
  storeHost(seated.code, seated.host);
  storeSeat(seated.code, seated.seat, seated.token);
  location.assign(`/room/${seated.code}`);
}

/** A line shown but not said yet (sayLesson says it). */
let unsaid = "";

/**
 * The lesson's line above the hand (hidden at any other table). A new line is said later, by
 * sayLesson: it is shown as soon as the player's move is made, but it speaks of North's reply.
 * @param {RoomInfo} room
 */
export function renderLesson(room) {
  const box = $("lesson");
  box.hidden = !room.lesson;
  $("copy-link").hidden = Boolean(room.lesson); // a lesson is the player's alone
  if (!room.lesson) return;
  const { number, count, line } = room.lesson;
  const text = `${phrase("tutorial.step", { number, count })} · ${phrase(line)}`;
  const shown = $("lesson-line");
  if (shown.textContent === text) return;
  shown.textContent = text;
  unsaid = text;
}

/** Say the lesson's new line, once the moves before it are said and before the move is asked. */
export function sayLesson() {
  if (unsaid) announce(unsaid);
  unsaid = "";
}
