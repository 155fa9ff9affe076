// The page's dialogs: a question (coup-fourré, extension) with its countdown, the score sheet,
// the memo, the rules, the keys, and a confirmation. Each is named by its heading.

import { cardHTML } from "./cards.js";
import { $, api, esc } from "./dom.js";
import { cardName, language, t } from "./i18n.js";
import { markdownHTML } from "./markdown.js";

let countdownTimer = null;

const dialog = () => $("dialog");

export function dialogKind() {
  const box = dialog();
  return box.open ? box.dataset.kind : null;
}

function open(kind, html, title = "dialog-title") {
  const box = dialog();
  clearInterval(countdownTimer);
  box.dataset.kind = kind;
  box.innerHTML = html;
  box.setAttribute("aria-labelledby", title);
  if (!box.open) box.showModal();
}

export function closeDialog() {
  clearInterval(countdownTimer);
  if (dialog().open) dialog().close();
}

function buttonsHTML(buttons) {
  return `<div class="buttons">${buttons.map(([action, label, kind]) =>
    `<button type="button" class="${kind}" data-action="${esc(action)}">${esc(label)}</button>`).join("")}</div>`;
}

/** A question the seat shown must answer; `answer(action)` gets the button pressed. */
export function openQuestion(game, view, countdown, answer) {
  let title, text, buttons, picture = "";
  if (view.decision === "coup-fourre") {
    const hazard = view.attack.hazard;
    const safety = game.safetyFor(hazard);
    title = t("coup_title", { name: game.nameOf(view.attack.by), hazard: cardName(hazard) });
    text = t("coup_text", { safety: cardName(safety) });
    buttons = [["coup-fourre", t("call"), "primary"], ["decline", t("decline"), "ghost"]];
    picture = cardHTML(safety);
  } else {
    title = t("extension_title");
    text = t("extension_text");
    buttons = [["extend", t("extend"), "primary"], ["finish", t("finish"), "ghost"]];
  }
  const key = `${view.decision}:${title}`;
  if (dialogKind() === "decision" && dialog().dataset.question === key) return; // already asked
  open("decision", `<div class="decision"><h2 id="dialog-title">${esc(title)}</h2>${picture}<p>${esc(text)}</p>
    ${countdown !== null ? '<div class="countdown" aria-hidden="true"><span id="countdown-bar"></span></div>' : ""}
    ${buttonsHTML(buttons)}</div>`);
  dialog().dataset.question = key;
  for (const button of dialog().querySelectorAll("button[data-action]")) {
    button.onclick = () => { closeDialog(); answer(button.dataset.action); };
  }
  if (countdown !== null) {
    const total = game.room.coup_fourre_seconds;
    const end = Date.now() + countdown * 1000;
    const bar = $("countdown-bar");
    const tick = () => {
      const left = Math.max(0, end - Date.now());
      bar.style.width = `${(100 * left) / (total * 1000)}%`;
      bar.textContent = `${Math.ceil(left / 1000)}`;
    };
    tick();
    countdownTimer = setInterval(tick, 100);
  }
}

/**
 * The score sheet of the `index`th finished deal. `actions` gives the buttons' handlers:
 * { next, rematch, review }; `seated` whether the page holds a seat; `next` whether the sheet
 * closes onto the next deal.
 */
export function openScores(game, view, index, { next, seated, actions }) {
  const room = game.room;
  const result = room.results[index];
  const items = Object.keys(result.sheets[0]).filter((item) =>
    item !== "total" && result.sheets.some((sheet) => sheet[item]));
  const head = view.sides.map((_, side) => `<th scope="col">${esc(game.sideName(side, view))}</th>`).join("");
  const rows = items.map((item) => `<tr><th scope="row">${esc(t(`items.${item}`))}</th>${
    result.sheets.map((sheet) => `<td>${sheet[item] || ""}</td>`).join("")}</tr>`).join("");
  const total = `<tr class="total"><th scope="row">${esc(t("items.total"))}</th>${
    result.sheets.map((sheet) => `<td>${sheet.total}</td>`).join("")}</tr>`;
  const match = room.target ? `<tr class="match"><th scope="row">${esc(t("totals"))}</th>${
    result.totals.map((points) => `<td>${points}</td>`).join("")}</tr>` : "";
  const last = index === room.results.length - 1;
  let verdict = "";
  if (room.over && last) {
    verdict = `<p class="verdict">${esc(room.winner === null ? t("tie") : t("wins", { name: game.sideName(room.winner, view) }))}</p>`;
  }
  let buttons = `<button type="button" class="primary" id="close-scores">${esc(t(next ? "next_deal" : "continue"))}</button>`;
  if (room.over && last) {
    // The match is over: the same seats again, or the lobby; a spectator follows the rematch.
    if (seated) buttons = `<button type="button" class="primary" id="rematch">${esc(t("rematch"))}</button>`;
    else if (room.rematch) {
      buttons = `<a class="primary button" id="watch-rematch" href="/room/${esc(room.rematch)}">${esc(t("watch_rematch"))}</a>` +
        `<p class="hint">${esc(t("following_rematch"))}</p>`;
    } else buttons = `<p class="hint">${esc(t("rematch_offered"))}</p>`;
    buttons += `<a class="ghost button" id="new-game" href="/">${esc(t("back"))}</a>`;
  }
  const review = seated ? `<button type="button" class="ghost" id="review-deal">${esc(t("review"))}</button>` : "";
  open(next ? "next" : "scores", `<div class="score-sheet" id="score-sheet"><h2 id="dialog-title">${esc(t("score_title", { n: result.deal }))}</h2>${verdict}
    <table><thead><tr><td></td>${head}</tr></thead><tbody>${rows}${total}${match}</tbody></table>
    <div class="buttons">${buttons}${review}</div></div>`);
  $("close-scores")?.addEventListener("click", next ? actions.next : closeDialog);
  $("rematch")?.addEventListener("click", actions.rematch);
  $("review-deal")?.addEventListener("click", () => actions.review(result.deal - 1));
  dialog().querySelector(".buttons button, .buttons a")?.focus();
}

export function openMemo(game) {
  if (dialogKind() === "decision") return; // a question comes first
  const rows = Object.entries(game.config.remedy_for).map(([hazard, remedy]) =>
    `<tr><td>${cardHTML(hazard, { mini: true })}</td><td>${cardHTML(remedy, { mini: true })}</td>` +
    `<td>${cardHTML(game.safetyFor(hazard), { mini: true })}</td></tr>`).join("");
  open("memo", `<div class="memo" id="memo-card"><h2 id="dialog-title">${esc(t("memo_title"))}</h2>
    <table><thead><tr><th scope="col">${esc(t("memo_hazard"))}</th><th scope="col">${esc(t("memo_remedy"))}</th>` +
    `<th scope="col">${esc(t("memo_safety"))}</th></tr></thead><tbody>${rows}</tbody></table>
    <div class="buttons"><button type="button" class="primary" id="close-memo">${esc(t("close"))}</button></div></div>`);
  $("close-memo").onclick = closeDialog;
}

/** The rules the terminal shows on F1, for `rules` (a preset), in the page's language. */
export async function openRules(rules) {
  if (dialogKind() === "decision") return;
  const reply = await api(`/api/rules/${encodeURIComponent(rules)}/${language()}`);
  open("rules", `<div class="rules-text" id="rules-text" tabindex="0">${markdownHTML(reply.text)}</div>
    <div class="buttons"><button type="button" class="primary" id="close-rules">${esc(t("close"))}</button></div>`, "rules-title");
  $("close-rules").onclick = closeDialog;
}

export function openKeys() {
  if (dialogKind() === "decision") return;
  const keys = ["arrows", "enter", "discard", "digits", "escape", "table", "hand", "last", "chat", "keys"];
  const rows = keys.map((key) => `<tr><th scope="row"><kbd>${esc(t(`keys.${key}_key`))}</kbd></th><td>${esc(t(`keys.${key}`))}</td></tr>`).join("");
  open("keys", `<div class="keys"><h2 id="dialog-title">${esc(t("keys.title"))}</h2><table><tbody>${rows}</tbody></table>
    <div class="buttons"><button type="button" class="primary" id="close-keys">${esc(t("close"))}</button></div></div>`);
  $("close-keys").onclick = closeDialog;
}

/** Ask once before something hard to undo: resolves true for `yes`, false otherwise. */
export function confirmThat(title, text, yes, no) {
  const box = $("confirm");
  box.innerHTML = `<h2 id="confirm-title">${esc(title)}</h2><p>${esc(text)}</p>
    <div class="buttons"><button type="button" class="danger" value="yes" id="confirm-yes">${esc(yes)}</button>
    <button type="button" class="primary" value="no" id="confirm-no">${esc(no)}</button></div>`;
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
