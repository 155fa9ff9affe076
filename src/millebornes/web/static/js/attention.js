// @ts-check
// A player in another tab learns that it is their turn: the tab's title and icon change while
// the page is hidden, and, if they asked for it, the browser shows a notification.

import { $ } from "./dom.js";
import { t } from "./i18n.js";

const STORED = "millebornes:notify";
const ICON = "/static/icon.svg";
const ICON_TURN = "/static/icon-turn.svg";

const attention = {
  /** @type {string | null} what the player is waited for (a sentence), or null */
  waiting: null,
};

export function notifyOn() {
  return localStorage.getItem(STORED) === "on" && "Notification" in window &&
    Notification.permission === "granted";
}

/**
 * Turn notifications on (asking the browser's permission) or off; whether they are on.
 * @param {boolean} on
 */
export async function setNotify(on) {
  if (on && "Notification" in window && Notification.permission === "default") {
    await Notification.requestPermission();
  }
  localStorage.setItem(STORED, on ? "on" : "off");
  return notifyOn();
}

function show() {
  const alerting = attention.waiting !== null && document.hidden;
  document.title = alerting ? t("tab_your_turn") : t("title");
  $("favicon").href = alerting ? ICON_TURN : ICON;
}

/**
 * The player is waited for (`text` says why), or no longer (null).
 * @param {string | null} text
 */
export function setWaiting(text) {
  const fresh = text !== null && attention.waiting === null;
  attention.waiting = text;
  show();
  if (fresh && document.hidden && notifyOn()) {
    new Notification(t("title"), { body: /** @type {string} */ (text), tag: "millebornes-turn", icon: ICON });
  }
}

document.addEventListener("visibilitychange", show);
