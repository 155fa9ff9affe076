// @ts-check
// The read-only review of a finished deal: the table as the reviewed seat saw it before each
// action, and master's verdict on that seat's decisions, in the page's language; each verdict
// shown as it comes (the page polls until the analysis is done), then the summary, the skill
// and the luck.

import { $, api, closest, copyText, html, setHTML, toast } from "./dom.js";
import { cardName, language, listOf, otherLanguage, setLanguage, setup, t, translatePage } from "./i18n.js";

/** @import { Config, ReviewData, Step } from "./protocol.js" */

const POLL_MS = 1000;
const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];
const link = /** @type {string} */ (location.pathname.split("/").pop());

const page = {
  /** @type {Config | null} */
  config: null,
  /** @type {ReviewData | null} */
  data: null,
  position: 0, // the step shown (the deal's end after the last)
};

/** The review's data (all below but `start` runs once it came). */
function reviewed() {
  return /** @type {ReviewData} */ (page.data);
}

/** @param {string} card */
function kindOf(card) {
  return /** @type {Config} */ (page.config).cards[card].kind;
}

/** @param {number} side */
function sideName(side) {
  const data = reviewed();
  return data.end.sides[side].seats.map((seat) => data.names[seat]).join(" & ");
}

function judgements() {
  const data = reviewed();
  return new Map(data.judged.map((d) => [d.index, d]));
}

/** @param {Step | null} step */
function renderTable(step) {
  const data = reviewed();
  const view = step ? step.view : data.end;
  /** @param {string[]} pile */
  const top = (pile) => (pile.length ? cardName(/** @type {string} */ (pile.at(-1))) : t("review_page.none"));
  setHTML($("review-sides"), html`${view.sides.map((side, number) => {
    const classes = ["review-side"];
    if (number === view.side) classes.push("own");
    if (step && side.seats.includes(step.seat)) classes.push("acting");
    const safeties = listOf(side.safeties.map((card) =>
      cardName(card) + (side.coups_fourres.includes(card) ? ` (${t("coup_fourre_mark")})` : ""))) || t("review_page.none");
    const limited = side.speed.at(-1) === "speed-limit";
    return html`<div class="${classes.join(" ")}" data-side="${number}"><h3>${sideName(number)}</h3>
      <dl><dt>${t("review_page.distance")}</dt><dd>${side.km} / ${view.race} ${t("km")}</dd>
      <dt>${t("battle")}</dt><dd>${top(side.battle)}</dd>
      <dt>${t("speed")}</dt><dd>${limited ? cardName("speed-limit") : t("no_limit")}</dd>
      <dt>${t("safeties")}</dt><dd>${safeties}</dd>
      <dt>${t("review_page.points_before")}</dt><dd>${view.scores[number]}</dd></dl></div>`;
  })}`);
  $("review-hand-title").textContent = t("review_page.hand", { name: data.names[data.seat] });
  setHTML($("review-hand"), html`${view.hand.map((card) =>
    html`<span class="chip ${kindOf(card)}" data-card="${card}">${cardName(card)}</span>`)}`);
}

/** @param {Step | null} step (null: the deal's end) */
function verdictOf(step) {
  const data = reviewed();
  if (!step) return { text: t("review_page.over"), kind: "" };
  if (step.seat !== data.seat) return { text: t("review_page.not_yours"), kind: "" };
  if (data.error) return { text: t("review_page.failed", { error: data.error }), kind: "" };
  const judgement = judgements().get(step.index);
  if (!judgement) return { text: t("review_page.thinking"), kind: "" };
  // The verdict as the server tells it in the page's language (review.told, as the terminal).
  const kind = judgement.label === "forced" ? "" : judgement.label;
  return { text: data.told.verdicts[judgement.index], kind };
}

function render() {
  const data = reviewed();
  const position = page.position;
  const steps = data.steps;
  const step = position < steps.length ? steps[position] : null;
  renderTable(step);
  $("review-title").textContent = t("review_page.title", { n: data.deal + 1, name: data.names[data.seat] });
  document.title = $("review-title").textContent;
  $("review-step").textContent = step
    ? t("review_page.step", { n: step.index + 1, total: steps.length, text: step.text }) : t("review_page.over");
  const verdict = verdictOf(step);
  $("review-verdict").textContent = verdict.text;
  $("review-verdict").className = `review-verdict ${verdict.kind}`;
  $("previous").disabled = $("first").disabled = position === 0;
  $("next").disabled = $("last").disabled = position === steps.length;
  const working = !data.review && !data.error;
  $("review-progress").classList.toggle("done", !working);
  if (working) {
    const { done, total } = data.progress;
    $("progress-bar").max = Math.max(1, total);
    $("progress-bar").value = done;
    $("progress-text").textContent = t("review_page.working", { done, total: total || "?" });
  }
  renderSummary();
}

function renderSummary() {
  const data = reviewed();
  const review = data.review;
  if (!review) {
    $("review-summary").textContent = "";
    $("review-costly").replaceChildren();
    return;
  }
  const summary = review.summary;
  const told = data.told;
  const counts = LABELS.map((label) => `${summary.labels[label]} × ${told.labels[label]}`).join(", ");
  setHTML($("review-summary"), html`<p id="accuracy">${told.summary ?? ""}</p><p>${counts}</p>
    ${told.luck.map((line) => html`<p class="review-luck">${line}</p>`)}`);
  // Each moment on the table too: the replay at that action, from the reviewed seat's view.
  setHTML($("review-costly"), html`${told.lessons.map((lesson) =>
    html`<li><button type="button" class="ghost" data-index="${lesson.index}">${lesson.text}</button>
      <a class="on-table" href="/replay/${link}?seat=${data.seat}&action=${lesson.index + 1}">${t("replay_page.on_table")}</a></li>`)}`);
}

/** @param {number} by steps on (back if negative) */
function move(by) {
  page.position = Math.min(reviewed().steps.length, Math.max(0, page.position + by));
  render();
}

function load() {
  return /** @type {Promise<ReviewData>} */ (api(`/api/review/${link}?language=${language()}`));
}

function applyLanguage() {
  translatePage();
  $("language-code").textContent = otherLanguage().toUpperCase();
  $("language-name").textContent = t("other_language");
  document.body.classList.add("ready");
}

async function start() {
  const configLoad = api("/api/config");
  const dataLoad = load().catch((error) => /** @type {Error} */ (error));
  const config = /** @type {Config} */ (await configLoad);
  page.config = config;
  setup(config);
  applyLanguage();
  const loaded = await dataLoad;
  if (loaded instanceof Error) {
    $("review-step").textContent = t("review_page.unknown");
    return;
  }
  page.data = loaded;
  $("first").onclick = () => move(-Infinity);
  $("previous").onclick = () => move(-1);
  $("next").onclick = () => move(1);
  $("last").onclick = () => move(Infinity);
  $("review-costly").onclick = (event) => {
    const button = closest(event, "button[data-index]");
    if (!button) return;
    page.position = reviewed().steps.findIndex((step) => step.index === Number(button.dataset.index));
    render();
  };
  $("share").onclick = async () => {
    toast((await copyText(location.href)) ? t("review_page.copied") : t("copy_failed"));
  };
  $("language").onclick = async () => {
    setLanguage(otherLanguage());
    applyLanguage();
    page.data = await load();
    render();
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") move(-1);
    else if (event.key === "ArrowRight") move(1);
  });
  render();
  while (!reviewed().review && !reviewed().error) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    page.data = await load();
    render();
  }
}

start();
