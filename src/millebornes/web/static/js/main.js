// @ts-check
// Mille Bornes in the browser: the page's start, its top bar, and which page to show.

import { notifyOn, setNotify } from "./attention.js";
import { setupCards } from "./cards.js";
import { openMemo, openRules } from "./dialogs.js";
import { $, api, closest, toast } from "./dom.js";
import { otherLanguage, setLanguage, setup, t, translatePage } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showLeaderboard } from "./leaderboard.js";
import { playerKnown, showPlayer } from "./player.js";
import { errorText, inRoom, openRoom, relanguage, roomRules } from "./room.js";
import { setSound, soundOn } from "./sound.js";

/** @import { Config } from "./protocol.js" */

function showToggles() {
  $("sound").setAttribute("aria-pressed", String(soundOn()));
  $("notify").setAttribute("aria-pressed", String(notifyOn()));
}

/**
 * The phone's "more" menu over the top bar's less used buttons (on wider screens they stand in
 * the bar and "more" is not shown): it closes on a choice, Escape or a click elsewhere; the
 * on/off buttons leave it open, to show their new state.
 */
function setupMore() {
  const more = $("more");
  const extras = $("extras");
  /** @param {boolean} open */
  const show = (open) => {
    extras.classList.toggle("open", open);
    more.setAttribute("aria-expanded", String(open));
  };
  more.onclick = () => show(!extras.classList.contains("open"));
  extras.addEventListener("click", (event) => {
    const button = closest(event, "button");
    if (button && !button.hasAttribute("aria-pressed")) show(false);
  });
  document.addEventListener("click", (event) => {
    const target = /** @type {Node} */ (event.target);
    if (!more.contains(target) && !extras.contains(target)) show(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !extras.classList.contains("open")) return;
    show(false);
    more.focus();
  });
}

function applyLanguage() {
  translatePage();
  $("language-code").textContent = otherLanguage().toUpperCase();
  $("language-name").textContent = t("other_language");
  document.title = t("title");
}

async function start() {
  playerKnown(); // the first visit makes the player, meanwhile
  const config = /** @type {Config} */ (await api("/api/config"));
  setup(config);
  setupCards(config);
  applyLanguage();
  showToggles();
  setupMore();
  $("language").onclick = () => {
    setLanguage(otherLanguage());
    applyLanguage();
    if (inRoom()) relanguage();
    else if (OWN_PAGES[location.pathname]) OWN_PAGES[location.pathname](config);
    else showLobby(config);
  };
  $("memo").onclick = () => openMemo({ config, safetyFor: (hazard) => config.safety_for[hazard] });
  $("rules-help").onclick = async () => {
    try {
      await openRules(roomRules() ?? $("rules").value);
    } catch (error) {
      toast(errorText(error));
    }
  };
  $("sound").onclick = () => {
    setSound(!soundOn());
    showToggles();
  };
  $("notify").onclick = async () => {
    const on = await setNotify(!notifyOn());
    showToggles();
    if (!on && localStorage.getItem("millebornes:notify") === "on") toast(t("notify_refused"));
  };
  const match = location.pathname.match(/^\/room\/([\w-]+)$/);
  if (match) await openRoom(match[1], config);
  else if (OWN_PAGES[location.pathname]) await OWN_PAGES[location.pathname](config);
  else showLobby(config);
}

/** The pages of their own, by address: the player's and the leaderboard. */
const OWN_PAGES = /** @type {Record<string, (config: Config) => Promise<void>>} */ ({
  "/player": showPlayer,
  "/leaderboard": showLeaderboard,
});

window.addEventListener("popstate", () => location.reload());
start();
