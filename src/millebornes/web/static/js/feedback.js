// @ts-check
// How a move shows: its card flies from the hand or the seat that played it to where it landed
// (CSS transitions, none when the device asks for reduced motion), and a coup-fourré gets a
// moment of its own over the table.

import { cardHTML } from "./cards.js";
import { $, html, setHTML } from "./dom.js";
import { t } from "./i18n.js";

const FLIGHT_MS = 450;
const MOMENT_MS = 2200;
const motion = matchMedia("(prefers-reduced-motion: reduce)");
const shown = {
  momentTimer: /** @type {number | undefined} */ (undefined),
};

export function reducedMotion() {
  return motion.matches;
}

/**
 * Where a move by `seat` comes from on screen: the hand card it was played from (its box,
 * taken before the hand was drawn again), or the player's name on their lane.
 * @param {number} seat
 * @param {DOMRect | null} handBox
 */
export function origin(seat, handBox) {
  if (handBox) return handBox;
  return document.querySelector(`.lane .person[data-seat="${seat}"]`)?.getBoundingClientRect() ?? null;
}

/**
 * Fly the card that just landed (the table's `.landed` card) in from `from`, a box.
 * @param {DOMRect | null} from
 */
export function fly(from) {
  const card = /** @type {HTMLElement | null} */ (document.querySelector(".landed"));
  if (!card || !from || reducedMotion()) return;
  const to = card.getBoundingClientRect();
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const scale = Math.min(2, Math.max(0.5, from.width / to.width));
  card.style.transition = "none";
  card.style.transform = `translate(${dx}px, ${dy}px) scale(${scale})`;
  card.classList.add("flying");
  card.getBoundingClientRect(); // start from there
  card.style.transition = `transform ${FLIGHT_MS}ms cubic-bezier(0.2, 0.7, 0.2, 1)`;
  card.style.transform = "";
  card.addEventListener("transitionend", () => card.classList.remove("flying"), { once: true });
}

/**
 * A coup-fourré's moment: who called it, with which safety, big over the table.
 * @param {string} name
 * @param {string} safety
 */
export function coupFourreMoment(name, safety) {
  const moment = $("moment");
  setHTML(moment, html`<div class="moment-box"><p class="moment-title">${t("coup_moment")}</p>${
    cardHTML(safety)}<p>${t("coup_moment_by", { name })}</p></div>`);
  moment.hidden = false;
  clearTimeout(shown.momentTimer);
  shown.momentTimer = setTimeout(() => { moment.hidden = true; }, MOMENT_MS);
}

/**
 * A quick reaction's moment: a bubble by the name of the seat that sent it (none when the
 * device asks for reduced motion: the chat and the live region say it).
 * @param {number | null} seat
 * @param {string} text
 */
export function reactionMoment(seat, text) {
  if (reducedMotion()) return;
  const bubble = document.createElement("div");
  bubble.className = "reaction-bubble";
  bubble.setAttribute("aria-hidden", "true");
  bubble.textContent = text;
  const box = document.querySelector(`.lane .person[data-seat="${seat}"]`)?.getBoundingClientRect();
  if (box) {
    bubble.style.left = `${Math.max(8, box.left)}px`;
    bubble.style.top = `${Math.max(8, box.top - 8)}px`;
  }
  document.body.append(bubble);
  setTimeout(() => bubble.remove(), MOMENT_MS);
}
