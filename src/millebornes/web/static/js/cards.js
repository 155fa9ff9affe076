// Cards drawn with CSS and the pictures of cards.svg. Every card shown carries data-card with
// its name in the notation (a hook for tests and outside tools: docs/web.md).

import { esc } from "./dom.js";
import { cardName } from "./i18n.js";

let cards = {};

export function setupCards(config) {
  cards = config.cards;
}

export function kindOf(card) {
  return cards[card].kind;
}

export function kmOf(card) {
  return cards[card].km;
}

/** A card's face. `tag` "button" makes it a control; `attrs` are added as they are; `note` is
 * read after the card's name by a screen reader, not shown. */
export function cardHTML(card, { mini = false, extra = "", attrs = "", tag = "div", note = "" } = {}) {
  const info = cards[card];
  const label = esc(cardName(card));
  const type = tag === "button" ? ' type="button"' : "";
  return `<${tag}${type} class="card ${info.kind}${mini ? " mini" : ""} ${extra}" data-card="${card}" ${attrs}>` +
    `<span class="corner" aria-hidden="true">${info.kind === "distance" ? info.km : ""}</span>` +
    `<svg viewBox="0 0 64 64" aria-hidden="true"><use href="/static/cards.svg#card-${card}"/></svg>` +
    `<span class="name">${label}${note ? `<span class="sr-only">${esc(note)}</span>` : ""}</span></${tag}>`;
}

export function slotHTML(label) {
  return `<div class="card slot mini"><span class="name">${esc(label)}</span></div>`;
}
