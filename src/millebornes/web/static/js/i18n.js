// @ts-check
// Every word the pages show goes through this module: the catalogs' web- messages and the
// presets' names (sent by /api/config as Fluent source, `words`, which Mozilla's @fluent/bundle
// formats here with plurals and the locale's numbers), the card names, and the page's language.

import { FluentBundle, FluentResource } from "../vendor/fluent-bundle/index.js";

/** @import { FluentVariable } from "../vendor/fluent-bundle/index.js" */
/** @import { CardInfo, Config } from "./protocol.js" */
/** @typedef {Record<string, FluentVariable>} Args a message's variables */

const STORED = "millebornes:language";
const LANGUAGES = ["en", "fr"];

const words = {
  /** @type {Record<string, FluentBundle>} language -> its catalog, parsed when first used */
  bundles: {},
  /** @type {Config | null} where the catalogs' sources come from */
  config: null,
  /** @type {Record<string, CardInfo>} */
  cards: {},
  current: localStorage.getItem(STORED) ||
    ((navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en"),
};
if (!LANGUAGES.includes(words.current)) words.current = "en";

/**
 * Take the words (Fluent source by language, with the locale of each) and card names of
 * /api/config.
 * @param {Config} config
 */
export function setup(config) {
  words.bundles = {};
  words.config = config;
  words.cards = config.cards;
}

/**
 * The catalog of `language`, parsed the first time it is asked for: a page reads one language
 * (parsing both took a long task of about 0.3 s as the review page loaded, Lighthouse said).
 * @param {string} language
 * @returns {FluentBundle | undefined}
 */
function bundleOf(language) {
  const config = words.config;
  if (!words.bundles[language] && config?.words[language] !== undefined) {
    const bundle = new FluentBundle(config.locales[language], { useIsolating: false });
    const errors = bundle.addResource(new FluentResource(config.words[language]));
    if (errors.length) console.error(`the ${language} words do not parse`, errors);
    words.bundles[language] = bundle;
  }
  return words.bundles[language];
}

export function language() {
  return words.current;
}

/** The language the page switches to (its button shows it). */
export function otherLanguage() {
  return words.current === "en" ? "fr" : "en";
}

/** @param {string} value */
export function setLanguage(value) {
  words.current = value;
  localStorage.setItem(STORED, value);
}

/**
 * The message `id` of the catalog in the page's language (in English if it has none), its
 * variables filled from `args`; `id` itself if no catalog has it.
 * @param {string} id
 * @param {Args} args
 */
function said(id, args) {
  for (const language of [words.current, "en"]) {
    const bundle = bundleOf(language);
    const message = bundle?.getMessage(id);
    if (bundle && message?.value) {
      /** @type {Error[]} */
      const errors = [];
      const text = bundle.formatPattern(message.value, args, errors);
      if (errors.length) console.error(`the words ${id} in ${language}:`, ...errors);
      return text;
    }
  }
  return id;
}

/**
 * The page's phrase `key` (the catalog's web-KEY, dots as dashes, as on the server) in the
 * page's language, its variables filled from `args`; `key` itself if no catalog has it.
 * @param {string} key
 * @param {Args} [args]
 */
export function t(key, args = {}) {
  const id = `web-${key.replaceAll(".", "-")}`;
  const text = said(id, args);
  return text === id ? key : text;
}

/**
 * The catalogs' message `key` shared with the terminal (`tutorial.step`, dots as dashes) in the
 * page's language, its variables filled from `args`.
 * @param {string} key
 * @param {Args} [args]
 */
export function phrase(key, args = {}) {
  return said(key.replaceAll(".", "-"), args);
}

/**
 * A preset's name ("Dujardin (the French classic)"), as the terminal names it too.
 * @param {string} name
 */
export function presetName(name) {
  return phrase(`preset.${name}`);
}

/** @param {string} card */
export function cardName(card) {
  return words.cards[card].names[words.current];
}

/**
 * A list in words: "A, B and C".
 * @param {string[]} items
 */
export function listOf(items) {
  if (items.length < 2) return items.join("");
  return t("list", { items: items.slice(0, -1).join(", "), last: /** @type {string} */ (items.at(-1)) });
}

/**
 * Fill the page's fixed words: [data-i18n] elements' text (and [data-phrase] elements', from the
 * catalogs' groups shared with the terminal), [data-i18n-label] their names.
 * @param {ParentNode} [root]
 */
export function translatePage(root = document) {
  document.documentElement.lang = words.current;
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(/** @type {string} */ (/** @type {HTMLElement} */ (element).dataset.i18n));
  }
  for (const element of root.querySelectorAll("[data-phrase]")) { // shared with the terminal
    element.textContent = phrase(/** @type {string} */ (/** @type {HTMLElement} */ (element).dataset.phrase));
  }
  for (const element of root.querySelectorAll("[data-i18n-label]")) {
    element.setAttribute("aria-label", t(/** @type {string} */ (/** @type {HTMLElement} */ (element).dataset.i18nLabel)));
  }
}
