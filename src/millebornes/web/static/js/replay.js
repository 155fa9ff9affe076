// @ts-check
// The replay of a finished deal: the table as the table page draws it (table.js), after each
// action, from a seat's view or with every hand open; buttons, ←/→ and Home/End step, each step
// is said (aria-live), and the address holds the seat and the step, so a moment can be shared.

import { cardHTML, setupCards } from "./cards.js";
import { $, api, closest, copyText, html, setHTML, toast } from "./dom.js";
import { language, listOf, otherLanguage, setLanguage, setup, t, translatePage } from "./i18n.js";
import { Game, WATCH, withDefaults } from "./state.js";
import { renderTable } from "./table.js";

/** @import { Config, ReplayData, ReplayTable, RoomInfo } from "./protocol.js" */
/** @import { State } from "./state.js" */

const OPEN = "open";
const link = /** @type {string} */ (location.pathname.split("/").pop());
/** @type {Record<string, number>} the keys that step, and by how much */
const KEYS = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
const NOTHING_SELECTED = { selected: null, covered: false, handIndex: 0 };

const page = {
  /** @type {Config | null} */
  config: null,
  /** @type {Game | null} */
  game: null,
  /** @type {ReplayData | null} */
  data: null,
  position: 0, // 0 the deal as dealt, n after the nth step shown
};

function replayed() {
  return /** @type {ReplayData} */ (page.data);
}

/** The step shown as the address names it: the number of its action in the deal (0: dealt). */
function actionNumber() {
  const data = replayed();
  return page.position === 0 ? 0 : data.steps[page.position - 1].index + 1;
}

/**
 * The position of the last step at or before the deal's action `number` (0: as dealt).
 * @param {number} number
 */
function positionOf(number) {
  return replayed().steps.filter((step) => step.index < number).length;
}

/**
 * A Game for table.js to draw from: the people seated by name, nobody away, the table shown.
 * @param {Config} config
 * @param {string[]} names
 */
function tableGame(config, names) {
  const game = new Game("", config);
  const seats = names.map((name, seat) => ({ seat, name, bot: null, free: false, online: true, away: false, away_at: null }));
  game.room = /** @type {RoomInfo} */ (/** @type {unknown} */ ({ seats, deal: 0, results: [], waiting_next: [] }));
  game.shown = WATCH;
  return game;
}

/** The table and the step shown now. */
function shown() {
  const data = replayed();
  /** @type {ReplayTable} */
  const table = page.position === 0 ? data.start : data.steps[page.position - 1];
  const step = page.position === 0 ? null : data.steps[page.position - 1];
  return { table, step };
}

function renderHands() {
  const data = replayed();
  const { table } = shown();
  const hands = table.hands ?? [table.view.hand ?? []];
  const seats = table.hands ? data.names.map((_, seat) => seat) : [/** @type {number} */ (data.shown)];
  const mini = table.hands !== null;
  setHTML($("hands"), html`${hands.map((hand, at) => html`<div class="replay-hand">
    <h3>${t("review_page.hand", { name: data.names[seats[at]] })}</h3>
    <div class="hand" role="list">${hand.map((card) => cardHTML(card, { mini, attrs: html`role="listitem"` }))}</div></div>`)}`);
}

/** What the step shown says: its action, or the deal as dealt, or its end with the points. */
function stepText() {
  const data = replayed();
  const { table, step } = shown();
  const total = data.steps.at(-1)?.index ?? -1;
  const said = step ? t("review_page.step", { n: step.index + 1, total: total + 1, text: step.text }) : t("replay_page.dealt");
  if (table.view.decision !== "over") return said;
  const game = /** @type {Game} */ (page.game);
  const scores = data.points.map((points, side) =>
    t("side_points", { name: game.sideName(side, /** @type {any} */ (table.view)), points }));
  return t("replay_page.last", { step: said, end: t("deal_end", { n: data.deal + 1, scores: listOf(scores) }) });
}

function render() {
  const data = replayed();
  const game = /** @type {Game} */ (page.game);
  const { table, step } = shown();
  const line = step ? { deal: data.deal + 1, seat: step.seat, action: step.action, text: step.text } : null;
  if (line) game.last.set(WATCH, line);
  else game.last.delete(WATCH);
  // The lanes name nobody "you": whoever opens the link watches the seat's view.
  const view = { ...withDefaults(table.view), seat: null };
  const state = /** @type {State} */ ({ view, room: game.room, dealNumber: data.deal + 1 });
  renderTable(game, state, NOTHING_SELECTED);
  renderHands();
  $("replay-step").textContent = stepText();
  const last = data.steps.length;
  $("previous").disabled = $("first").disabled = page.position === 0;
  $("next").disabled = $("last").disabled = page.position === last;
  for (const item of /** @type {NodeListOf<HTMLElement>} */ ($("log").querySelectorAll("li"))) {
    const current = Number(item.dataset.position) === page.position;
    item.classList.toggle("current", current);
    const anchor = /** @type {HTMLElement} */ (item.firstElementChild);
    if (current) {
      anchor.setAttribute("aria-current", "step");
      showInLog(item);
    } else anchor.removeAttribute("aria-current");
  }
  const address = new URL(location.href);
  address.searchParams.set("seat", String(data.shown));
  address.searchParams.set("action", String(actionNumber()));
  history.replaceState(null, "", address);
}

/**
 * Scroll the list of steps (not the page) to show `item`.
 * @param {HTMLElement} item
 */
function showInLog(item) {
  const log = $("log");
  const top = item.offsetTop - log.offsetTop;
  if (top < log.scrollTop) log.scrollTop = top;
  else if (top + item.offsetHeight > log.scrollTop + log.clientHeight) log.scrollTop = top + item.offsetHeight - log.clientHeight;
}

/** The list of steps, each a link to its moment. */
function renderLog() {
  const data = replayed();
  const address = (/** @type {number} */ number) => `?seat=${data.shown}&action=${number}`;
  const dealt = html`<li data-position="0"><a href="${address(0)}">${t("replay_page.dealt")}</a></li>`;
  setHTML($("log"), html`${dealt}${data.steps.map((step, at) =>
    html`<li data-position="${at + 1}" class="${step.action.startsWith("coup-fourre") ? "coup" : ""}"><a href="${address(step.index + 1)}">${step.index + 1}. ${step.text}</a></li>`)}`);
}

function renderChrome() {
  const data = replayed();
  const title = t("replay_page.title", { n: data.deal + 1 });
  $("replay-title").textContent = title;
  document.title = title;
  const options = [...data.names.map((name, seat) => [String(seat), name]), [OPEN, t("replay_page.open")]];
  setHTML($("replay-seat"), html`${options.map(([value, label]) =>
    html`<option value="${value}"${value === String(data.shown) ? html` selected` : ""}>${label}</option>`)}`);
  renderLog();
}

/** @param {number} by steps on (back if negative) */
function move(by) {
  page.position = Math.min(replayed().steps.length, Math.max(0, page.position + by));
  render();
}

/**
 * The deal from the view `seat` ("" the link's seat, "open"), in the page's language, at the
 * deal's action `number`.
 * @param {string} seat
 * @param {number} number
 */
async function load(seat, number) {
  const query = new URLSearchParams({ language: language(), seat });
  page.data = /** @type {ReplayData} */ (await api(`/api/replay/${link}?${query}`));
  page.game ??= tableGame(/** @type {Config} */ (page.config), page.data.names);
  page.position = positionOf(number);
  renderChrome();
  render();
}

function applyLanguage() {
  translatePage();
  $("language-code").textContent = otherLanguage().toUpperCase();
  $("language-name").textContent = t("other_language");
  document.body.classList.add("ready");
}

function wire() {
  $("first").onclick = () => move(-Infinity);
  $("previous").onclick = () => move(-1);
  $("next").onclick = () => move(1);
  $("last").onclick = () => move(Infinity);
  $("replay-seat").onchange = () => load($("replay-seat").value, actionNumber());
  $("log").onclick = (/** @type {MouseEvent} */ event) => {
    const item = closest(event, "li[data-position]");
    if (!item) return;
    event.preventDefault();
    page.position = Number(item.dataset.position);
    render();
  };
  $("share").onclick = async () => {
    toast((await copyText(location.href)) ? t("review_page.copied") : t("copy_failed"));
  };
  $("language").onclick = () => {
    setLanguage(otherLanguage());
    applyLanguage();
    load(String(replayed().shown), actionNumber());
  };
  document.addEventListener("keydown", (event) => {
    const by = KEYS[event.key];
    if (by === undefined || event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    move(by);
  });
}

async function start() {
  const config = /** @type {Config} */ (await api("/api/config"));
  page.config = config;
  setup(config);
  setupCards(config);
  applyLanguage();
  const asked = new URLSearchParams(location.search);
  const number = Number(asked.get("action") ?? 0);
  try {
    // A seat the deal does not have, in an address written by hand: the link's seat instead.
    await load(asked.get("seat") ?? "", number).catch(() => load("", number));
  } catch {
    $("replay-step").textContent = t("replay_page.unknown");
    return;
  }
  wire();
}

start();
