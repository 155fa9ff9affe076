// @ts-check
// Cards drawn with CSS and the pictures of cards.svg. Every card shown carries data-card with
// its name in the notation (a hook for tests and outside tools: docs/web.md).

import { html } from "./dom.js";
import { cardName } from "./i18n.js";

/** @import { Html } from "./dom.js" */
/** @import { CardInfo, Config } from "./protocol.js" */

const known = {
  /** @type {Record<string, CardInfo>} */
  cards: {},
};

/** @param {Config} config */
export function setupCards(config) {
  known.cards = config.cards;
}

/** @param {string} card */
export function kindOf(card) {
  return known.cards[card].kind;
}

/** @param {string} card */
export function kmOf(card) {
  return /** @type {number} */ (known.cards[card].km);
}

/**
 * How a card is drawn: `mini` small; `extra` classes; `attrs` attributes added as they are;
 * `tag` "button" makes it a control; `note` is read after the card's name by a screen reader,
 * not shown; `badge` is shown on the card, not read (its note says it).
 * @typedef {object} CardLook
 * @property {boolean} [mini]
 * @property {string} [extra]
 * @property {Html | ""} [attrs]
 * @property {"div" | "button"} [tag]
 * @property {string} [note]
 * @property {string} [badge]
 */

/**
 * A card's face.
 * @param {string} card
 * @param {CardLook} [look]
 */
export function cardHTML(card, { mini = false, extra = "", attrs = "", tag = "div", note = "", badge = "" } = {}) {
  const info = known.cards[card];
  const type = tag === "button" ? html` type="button"` : "";
  const corner = html`<span class="corner" aria-hidden="true">${info.kind === "distance" ? kmOf(card) : ""}</span>`;
  const picture = html`<svg viewBox="0 0 64 64" aria-hidden="true"><use href="/static/cards.svg#card-${card}"/></svg>`;
  const hint = note ? html`<span class="sr-only">${note}</span>` : "";
  const name = html`<span class="name">${cardName(card)}${hint}</span>`;
  const marked = badge ? html`<b class="badge" aria-hidden="true">${badge}</b>` : "";
  return html`<${tag}${type} class="card ${info.kind}${mini ? " mini" : ""} ${extra}" data-card="${card}" ${attrs}>${corner}${picture}${name}${marked}</${tag}>`;
}

/**
 * An empty pile's place, named.
 * @param {string} label
 */
export function slotHTML(label) {
  return html`<div class="card slot mini"><span class="name">${label}</span></div>`;
}
