// @ts-check
// Small helpers both pages share, and the one way they write markup: `html`, a template whose
// values are escaped (markup made by `html` goes in as it is), put in the page by `setHTML`.

/**
 * The pages' elements whose kind the code uses, by id (any other is an HTMLElement).
 * @typedef {{"chat-form": HTMLFormElement, "create-form": HTMLFormElement, "join-form": HTMLFormElement,
 *   "chat-text": HTMLInputElement, "invite-link": HTMLInputElement, "lobby-name": HTMLInputElement,
 *   name: HTMLInputElement, players: HTMLSelectElement, race: HTMLSelectElement, rules: HTMLSelectElement,
 *   "time-control": HTMLSelectElement, "quick-form": HTMLFormElement, "quick-rules": HTMLSelectElement,
 *   "quick-players": HTMLSelectElement, "quick-wait": HTMLSelectElement, "quick-bots": HTMLSelectElement,
 *   confirm: HTMLDialogElement, dialog: HTMLDialogElement, first: HTMLButtonElement,
 *   previous: HTMLButtonElement, next: HTMLButtonElement, last: HTMLButtonElement,
 *   "progress-bar": HTMLProgressElement, favicon: HTMLLinkElement, "player-name": HTMLInputElement,
 *   "player-password": HTMLInputElement, "claim-code": HTMLInputElement, "signin-name": HTMLInputElement,
 *   "signin-password": HTMLInputElement, "replay-seat": HTMLSelectElement,
 *   "passkey-form": HTMLFormElement, "passkey-name": HTMLInputElement}} Elements
 */

/**
 * The page's element `id` (the pages hold every id the code asks for).
 * @template {string} K
 * @param {K} id
 * @returns {K extends keyof Elements ? Elements[K] : HTMLElement}
 */
export const $ = (id) => /** @type {any} */ (document.getElementById(id));

/**
 * The element `event` happened in or its closest ancestor matching `selector`, or null.
 * @param {Event} event
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
export function closest(event, selector) {
  return /** @type {Element} */ (event.target).closest(selector);
}

/**
 * Keep the CSS custom property `name` on the page's root at `element`'s height, as it changes
 * (style.css keeps what takes the focus clear of a box docked over the page).
 * @param {HTMLElement} element
 * @param {string} name
 */
export function keepHeight(element, name) {
  new ResizeObserver(() => {
    document.documentElement.style.setProperty(name, `${element.offsetHeight}px`);
  }).observe(element);
}

/** @type {Record<string, string>} */
const ESCAPED = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Markup made by `html`: its values escaped, or made by `html` themselves. */
class Markup {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
  }
}

/** @typedef {Markup} Html */
/** @typedef {string | number | boolean | Markup | readonly Value[]} Value */

/**
 * @param {Value} value
 * @returns {string}
 */
function markup(value) {
  if (value instanceof Markup) return value.text;
  if (Array.isArray(value)) return value.map(markup).join("");
  return String(value).replace(/[&<>"']/g, (c) => ESCAPED[c]);
}

/**
 * Markup from a template: each value escaped (a list's items one after the other, a boolean
 * "true" or "false"), but for markup made by `html`, which goes in as it is.
 * @param {TemplateStringsArray} strings
 * @param {...Value} values
 */
export function html(strings, ...values) {
  let text = strings[0];
  values.forEach((value, n) => {
    text += markup(value) + strings[n + 1];
  });
  return new Markup(text);
}

/**
 * Put `content` in `element`, in place of what it held: the pages' one write of markup.
 * @param {Element} element
 * @param {Html} content
 */
export function setHTML(element, content) {
  element.innerHTML = content.text;
}

/**
 * Show one page of its own (the player's, the leaderboard) in place of the lobby and the table.
 * @param {string} id
 */
export function showOwnPage(id) {
  for (const other of ["lobby", "room", "room-bar", "leave", "skip"]) $(other).hidden = true;
  $(id).hidden = false;
}

const shown = {
  toastTimer: /** @type {number | undefined} */ (undefined),
};

/**
 * A short message over the page, also read out (the toast is a status region).
 * @param {string} text
 */
export function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(shown.toastTimer);
  shown.toastTimer = setTimeout(() => { box.hidden = true; }, 4000);
}

/** An error the server sent, with its `code` (docs/web.md lists them). */
export class ServerError extends Error {
  /**
   * @param {string} message
   * @param {string} code
   */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

// A request refused with "moved" did nothing: every server the proxy tried says another one
// plays the room, which has just stopped (docs/scaling.md); within half a lease (5 s by
// default) a server takes the room over. So it is sent again a second later, a few times.
const MOVED_TRIES = 6;

/**
 * GET `path`, or POST `body` to it, as JSON; a ServerError with the server's code if refused.
 * The reply is what docs/web.md says of that address: the caller names its type (protocol.js).
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<unknown>}
 */
export async function api(path, body) {
  for (let tries = 1; ; tries++) {
    const response = await fetch(path, body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await response.json();
    if (response.ok) return data;
    if (data.code !== "moved" || tries >= MOVED_TRIES) {
      throw new ServerError(data.message || response.statusText, data.code);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Copy `text`: the clipboard API where the page may use it (HTTPS, localhost), else the
 * selected text of `input`. Whether it was copied.
 * @param {string} text
 * @param {HTMLInputElement} [input]
 */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}
