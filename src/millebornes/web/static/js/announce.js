// @ts-check
// What a screen reader hears: every move in a polite live region, a coup-fourré and a deal's
// end in an assertive one. Each message is a paragraph of its own (the last few are kept), so
// that one said twice is still announced and a quick run of moves is not cut short.

import { $ } from "./dom.js";

const KEPT = 6;

/**
 * @param {HTMLElement} region
 * @param {string} text
 */
function add(region, text) {
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > KEPT) region.firstElementChild?.remove();
}

/** @param {string} text */
export function announce(text) {
  add($("announce"), text);
}

/** @param {string} text */
export function announceNow(text) {
  add($("announce-now"), text);
}
