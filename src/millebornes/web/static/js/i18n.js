// Every word the pages show goes through this module: the catalogs' web- messages (sent by
// /api/config as `words`, with {name} for each variable), the card names, and the page's
// language. Rendering Fluent in the page (@fluent/bundle) would change this module alone.

const STORED = "millebornes:language";
const LANGUAGES = ["en", "fr"];

let words = { en: {} };
let cards = {};
let current = localStorage.getItem(STORED) ||
  ((navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en");
if (!LANGUAGES.includes(current)) current = "en";

/** Take the words and card names of /api/config. */
export function setup(config) {
  words = config.words;
  cards = config.cards;
}

export function language() {
  return current;
}

/** The language the page switches to (its button shows it). */
export function otherLanguage() {
  return current === "en" ? "fr" : "en";
}

export function setLanguage(value) {
  current = value;
  localStorage.setItem(STORED, value);
}

/** The catalog's id of the message the code calls `key` (dots become dashes, as on the server). */
function messageId(key) {
  return key.replaceAll(".", "-");
}

/** The phrase `key` in the page's language, its {placeholders} filled from `args`. */
export function t(key, args = {}) {
  const id = messageId(key);
  const text = words[current]?.[id] ?? words.en?.[id] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(args[name] ?? ""));
}

export function cardName(card) {
  return cards[card].names[current];
}

/** A list in words: "A, B and C". */
export function listOf(items) {
  if (items.length < 2) return items.join("");
  return t("list", { items: items.slice(0, -1).join(", "), last: items.at(-1) });
}

/** Fill the page's fixed words: [data-i18n] elements' text, [data-i18n-label] their names. */
export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  }
}
