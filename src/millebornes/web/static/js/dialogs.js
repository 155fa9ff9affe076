// @ts-check
// The page's dialogs: a question (coup-fourré, extension) with its countdown, the score sheet,
// the memo, the rules, the keys, and a confirmation. Each is named by its heading.

import { announceNow } from "./announce.js";
import { cardHTML } from "./cards.js";
import { $, api, html, setHTML } from "./dom.js";
import { cardName, language, phrase, t } from "./i18n.js";
import { markdownHTML } from "./markdown.js";

/** @import { Html } from "./dom.js" */
/** @import { Attack, Config, View } from "./protocol.js" */
/** @import { Game } from "./state.js" */

/** @typedef {[action: string, label: string, kind: string]} Choice a button: its action, words and class */

const LAST_SECONDS = 2; // a question's clock is said when it opens and again this long before its end

const shown = {
  countdownTimer: /** @type {number | undefined} */ (undefined),
};

const dialog = () => $("dialog");

export function dialogKind() {
  const box = dialog();
  return box.open ? box.dataset.kind : null;
}

/**
 * @param {string} kind
 * @param {Html} content
 * @param {string} [title] the id of its heading
 */
function open(kind, content, title = "dialog-title") {
  const box = dialog();
  clearInterval(shown.countdownTimer);
  box.dataset.kind = kind;
  setHTML(box, content);
  box.setAttribute("aria-labelledby", title);
  if (!box.open) box.showModal();
}

export function closeDialog() {
  clearInterval(shown.countdownTimer);
  if (dialog().open) dialog().close();
}

/** @param {Choice[]} buttons */
function buttonsHTML(buttons) {
  return html`<div class="buttons">${buttons.map(([action, label, kind]) =>
    html`<button type="button" class="${kind}" data-action="${action}">${label}</button>`)}</div>`;
}

/**
 * A question the seat shown must answer; `answer(action)` gets the button pressed.
 * @param {Game} game
 * @param {View} view
 * @param {number | null} countdown
 * @param {(action: string) => void} answer
 */
export function openQuestion(game, view, countdown, answer) {
  /** @type {string} */
  let title;
  /** @type {string} */
  let text;
  /** @type {Choice[]} */
  let buttons;
  /** @type {Html | ""} */
  let picture = "";
  if (view.decision === "coup-fourre") {
    const attack = /** @type {Attack} */ (view.attack);
    const hazard = attack.hazard;
    const safety = game.safetyFor(hazard);
    title = t("coup_title", { name: game.nameOf(attack.by), hazard: cardName(hazard) });
    text = game.info.lesson ? phrase(game.info.lesson.line) : t("coup_text", { safety: cardName(safety) });
    buttons = [["coup-fourre", t("call"), "primary"], ["decline", t("decline"), "ghost"]];
    picture = cardHTML(safety);
  } else {
    title = t("extension_title");
    text = t("extension_text");
    buttons = [["extend", t("extend"), "primary"], ["finish", t("finish"), "ghost"]];
  }
  const key = `${view.decision}:${title}`;
  if (dialogKind() === "decision" && dialog().dataset.question === key) return; // already asked
  // The bar is for the eyes; the seconds left are in words too, for a screen reader to read.
  const bar = countdown !== null ? html`<div class="countdown" aria-hidden="true"><span id="countdown-bar"></span></div><p class="countdown-words" id="countdown-words"></p>` : "";
  open("decision", html`<div class="decision"><h2 id="dialog-title">${title}</h2>${picture}<p>${text}</p>
    ${bar}
    ${buttonsHTML(buttons)}</div>`);
  dialog().dataset.question = key;
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (dialog().querySelectorAll("button[data-action]"))) {
    button.onclick = () => { closeDialog(); answer(/** @type {string} */ (button.dataset.action)); };
  }
  if (countdown !== null) {
    const total = game.info.coup_fourre_seconds;
    const end = Date.now() + countdown * 1000;
    const bar = $("countdown-bar");
    const words = $("countdown-words");
    const seconds = Math.ceil(countdown);
    const safety = view.attack ? cardName(game.safetyFor(view.attack.hazard)) : "";
    announceNow(safety ? t("coup_time", { s: seconds, safety }) : t("question_time", { s: seconds }));
    let warned = seconds <= LAST_SECONDS + 1; // a short clock is said once, when it starts
    const tick = () => {
      const left = Math.max(0, end - Date.now());
      bar.style.width = `${(100 * left) / (total * 1000)}%`;
      const shownSeconds = `${Math.ceil(left / 1000)}`;
      if (!warned && left > 0 && left <= LAST_SECONDS * 1000) {
        warned = true;
        announceNow(t("time_left", { s: LAST_SECONDS }));
      }
      if (bar.textContent === shownSeconds) return;
      bar.textContent = shownSeconds;
      words.textContent = t("time_left", { s: Math.ceil(left / 1000) });
    };
    tick();
    shown.countdownTimer = setInterval(tick, 100);
  }
}

/**
 * The score sheet's buttons' handlers.
 * @typedef {object} SheetActions
 * @property {() => void} next
 * @property {() => void} rematch
 * @property {(deal: number) => void} review
 * @property {(deal: number) => void} replay
 */

/**
 * The score sheet of the `index`th finished deal. `actions` gives the buttons' handlers:
 * { next, rematch (a lesson's rematch is the lesson again), review, replay }; `seated` whether the page holds a seat; `next` whether the sheet
 * closes onto the next deal.
 * @param {Game} game
 * @param {View} view
 * @param {number} index
 * @param {{next: boolean, seated: boolean, actions: SheetActions}} sheet
 */
export function openScores(game, view, index, { next, seated, actions }) {
  const room = game.info;
  const result = room.results[index];
  const items = Object.keys(result.sheets[0]).filter((item) =>
    item !== "total" && result.sheets.some((sheet) => sheet[item]));
  const head = view.sides.map((_, side) => html`<th scope="col">${game.sideName(side, view)}</th>`);
  const rows = items.map((item) => html`<tr><th scope="row">${t(`items.${item}`)}</th>${
    result.sheets.map((sheet) => html`<td>${sheet[item] || ""}</td>`)}</tr>`);
  const total = html`<tr class="total"><th scope="row">${t("items.total")}</th>${
    result.sheets.map((sheet) => html`<td>${sheet.total}</td>`)}</tr>`;
  const match = room.target ? html`<tr class="match"><th scope="row">${t("totals")}</th>${
    result.totals.map((points) => html`<td>${points}</td>`)}</tr>` : "";
  const last = index === room.results.length - 1;
  /** @type {Html | ""} */
  let verdict = "";
  if (room.over && last) {
    verdict = html`<p class="verdict">${room.winner === null ? t("tie") : t("wins", { name: game.sideName(room.winner, view) })}</p>`;
    if (room.lesson) verdict = html`${verdict}<p class="lesson-score">${phrase(room.lesson.line)}</p>`; // what the sheet counted
  }
  let buttons = html`<button type="button" class="primary" id="close-scores">${t(next ? "next_deal" : "continue")}</button>`;
  if (room.over && last) {
    // The match is over: the same seats again, or the lobby; a spectator follows the rematch.
    if (seated) buttons = html`<button type="button" class="primary" id="rematch">${t(room.lesson ? "lesson_again" : "rematch")}</button>`;
    else if (room.rematch) {
      const watch = html`<a class="primary button" id="watch-rematch" href="/room/${room.rematch}">${t("watch_rematch")}</a>`;
      buttons = html`${watch}<p class="hint">${t("following_rematch")}</p>`;
    } else buttons = html`<p class="hint">${t("rematch_offered")}</p>`;
    buttons = html`${buttons}<a class="ghost button" id="new-game" href="/">${t("back")}</a>`;
  }
  const review = seated ? html`<button type="button" class="ghost" id="review-deal">${t("review")}</button>
    <button type="button" class="ghost" id="replay-deal">${t("replay")}</button>` : "";
  open(next ? "next" : "scores", html`<div class="score-sheet" id="score-sheet"><h2 id="dialog-title">${t("score_title", { n: result.deal })}</h2>${verdict}
    <table><thead><tr><td></td>${head}</tr></thead><tbody>${rows}${total}${match}</tbody></table>
    <div class="buttons">${buttons}${review}</div></div>`);
  $("close-scores")?.addEventListener("click", next ? actions.next : closeDialog);
  $("rematch")?.addEventListener("click", actions.rematch);
  $("review-deal")?.addEventListener("click", () => actions.review(result.deal - 1));
  $("replay-deal")?.addEventListener("click", () => actions.replay(result.deal - 1));
  /** @type {HTMLElement | null} */ (dialog().querySelector(".buttons button, .buttons a"))?.focus();
}

/**
 * The memo card: each hazard with its remedy and its safety.
 * @param {{config: Config, safetyFor: (hazard: string) => string}} game
 */
export function openMemo(game) {
  if (dialogKind() === "decision") return; // a question comes first
  const rows = Object.entries(game.config.remedy_for).map(([hazard, remedy]) =>
    html`<tr>${[hazard, remedy, game.safetyFor(hazard)].map((card) => html`<td>${cardHTML(card, { mini: true })}</td>`)}</tr>`);
  const head = ["memo_hazard", "memo_remedy", "memo_safety"].map((key) => html`<th scope="col">${t(key)}</th>`);
  open("memo", html`<div class="memo" id="memo-card"><h2 id="dialog-title">${t("memo_title")}</h2>
    <table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>
    <div class="buttons"><button type="button" class="primary" id="close-memo">${t("close")}</button></div></div>`);
  $("close-memo").onclick = closeDialog;
}

/**
 * The rules the terminal shows on F1, for `rules` (a preset), in the page's language.
 * @param {string} rules
 */
export async function openRules(rules) {
  if (dialogKind() === "decision") return;
  const reply = /** @type {{text: string}} */ (await api(`/api/rules/${encodeURIComponent(rules)}/${language()}`));
  open("rules", html`<div class="rules-text" id="rules-text" tabindex="0">${markdownHTML(reply.text)}</div>
    <div class="buttons"><button type="button" class="primary" id="close-rules">${t("close")}</button></div>`, "rules-title");
  $("close-rules").onclick = closeDialog;
}

export function openKeys() {
  if (dialogKind() === "decision") return;
  const keys = ["arrows", "enter", "discard", "digits", "escape", "table", "hand", "last", "chat", "keys"];
  const rows = keys.map((key) => html`<tr><th scope="row"><kbd>${t(`keys.${key}_key`)}</kbd></th><td>${t(`keys.${key}`)}</td></tr>`);
  open("keys", html`<div class="keys"><h2 id="dialog-title">${t("keys.title")}</h2><table><tbody>${rows}</tbody></table>
    <div class="buttons"><button type="button" class="primary" id="close-keys">${t("close")}</button></div></div>`);
  $("close-keys").onclick = closeDialog;
}

/**
 * Ask once before something hard to undo: resolves true for `yes`, false otherwise.
 * @param {string} title
 * @param {string} text
 * @param {string} yes
 * @param {string} no
 * @returns {Promise<boolean>}
 */
export function confirmThat(title, text, yes, no) {
  const box = $("confirm");
  setHTML(box, html`<h2 id="confirm-title">${title}</h2><p>${text}</p>
    <div class="buttons"><button type="button" class="danger" value="yes" id="confirm-yes">${yes}</button>
    <button type="button" class="primary" value="no" id="confirm-no">${no}</button></div>`);
  box.setAttribute("aria-labelledby", "confirm-title");
  return new Promise((resolve) => {
    for (const button of box.querySelectorAll("button")) {
      button.onclick = () => box.close(button.value);
    }
    box.onclose = () => resolve(box.returnValue === "yes");
    box.returnValue = "";
    box.showModal();
    $("confirm-no").focus();
  });
}
