// The read-only review of a finished deal: the table as the reviewed seat saw it before each
// action, and master's verdict on that seat's decisions, in the page's language. Polls until
// the analysis is done.

import { $, api, copyText, esc, toast } from "./dom.js";
import { cardName, language, listOf, otherLanguage, setLanguage, setup, t, translatePage } from "./i18n.js";

const POLL_MS = 1000;
const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];
const link = location.pathname.split("/").pop();
let config = null;
let data = null;
let position = 0;

function kindOf(card) {
  return config.cards[card].kind;
}

function sideName(side) {
  return data.end.sides[side].seats.map((seat) => data.names[seat]).join(" & ");
}

function judgements() {
  return new Map((data.review ? data.review.decisions : []).map((d) => [d.index, d]));
}

function renderTable(step) {
  const view = step ? step.view : data.end;
  const top = (pile) => (pile.length ? cardName(pile.at(-1)) : t("review_page.none"));
  $("review-sides").innerHTML = view.sides.map((side, number) => {
    const classes = ["review-side"];
    if (number === view.side) classes.push("own");
    if (step && side.seats.includes(step.seat)) classes.push("acting");
    const safeties = listOf(side.safeties.map((card) =>
      cardName(card) + (side.coups_fourres.includes(card) ? ` (${t("coup_fourre_mark")})` : ""))) || t("review_page.none");
    const limited = side.speed.at(-1) === "speed-limit";
    return `<div class="${classes.join(" ")}" data-side="${number}"><h3>${esc(sideName(number))}</h3>
      <dl><dt>${esc(t("review_page.distance"))}</dt><dd>${side.km} / ${view.race} ${esc(t("km"))}</dd>
      <dt>${esc(t("battle"))}</dt><dd>${esc(top(side.battle))}</dd>
      <dt>${esc(t("speed"))}</dt><dd>${esc(limited ? cardName("speed-limit") : t("no_limit"))}</dd>
      <dt>${esc(t("safeties"))}</dt><dd>${esc(safeties)}</dd>
      <dt>${esc(t("review_page.points_before"))}</dt><dd>${view.scores[number]}</dd></dl></div>`;
  }).join("");
  $("review-hand-title").textContent = t("review_page.hand", { name: data.names[data.seat] });
  $("review-hand").innerHTML = view.hand.map((card) =>
    `<span class="chip ${esc(kindOf(card))}" data-card="${esc(card)}">${esc(cardName(card))}</span>`).join("");
}

function verdictOf(step) {
  if (!step) return { text: t("review_page.over"), kind: "" };
  if (step.seat !== data.seat) return { text: t("review_page.not_yours"), kind: "" };
  if (data.error) return { text: t("review_page.failed", { error: data.error }), kind: "" };
  const judgement = judgements().get(step.index);
  if (!judgement || !data.told) return { text: t("review_page.thinking"), kind: "" };
  // The verdict as the server tells it in the page's language (review.told, as the terminal).
  const kind = judgement.label === "forced" ? "" : judgement.label;
  return { text: data.told.verdicts[judgement.index], kind };
}

function render() {
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
  const review = data.review;
  if (!review) {
    $("review-summary").textContent = "";
    $("review-costly").innerHTML = "";
    return;
  }
  const summary = review.summary;
  const told = data.told;
  const counts = LABELS.map((label) => `${summary.labels[label]} × ${told.labels[label]}`).join(", ");
  $("review-summary").innerHTML = `<p id="accuracy">${esc(told.summary)}</p><p>${esc(counts)}</p>`;
  $("review-costly").innerHTML = told.lessons.map((lesson) =>
    `<li><button type="button" class="ghost" data-index="${lesson.index}">${esc(lesson.text)}</button></li>`).join("");
}

function move(by) {
  position = Math.min(data.steps.length, Math.max(0, position + by));
  render();
}

function load() {
  return api(`/api/review/${link}?language=${language()}`);
}

function applyLanguage() {
  translatePage();
  $("language-code").textContent = otherLanguage().toUpperCase();
  $("language-name").textContent = t("other_language");
  document.body.classList.add("ready");
}

async function start() {
  const configLoad = api("/api/config");
  const dataLoad = load().catch((error) => error);
  config = await configLoad;
  setup(config);
  applyLanguage();
  const loaded = await dataLoad;
  if (loaded instanceof Error) {
    $("review-step").textContent = t("review_page.unknown");
    return;
  }
  data = loaded;
  $("first").onclick = () => move(-Infinity);
  $("previous").onclick = () => move(-1);
  $("next").onclick = () => move(1);
  $("last").onclick = () => move(Infinity);
  $("review-costly").onclick = (event) => {
    const button = event.target.closest("button[data-index]");
    if (!button) return;
    position = data.steps.findIndex((step) => step.index === Number(button.dataset.index));
    render();
  };
  $("share").onclick = async () => {
    toast((await copyText(location.href)) ? t("review_page.copied") : t("copy_failed"));
  };
  $("language").onclick = async () => {
    setLanguage(otherLanguage());
    applyLanguage();
    data = await load();
    render();
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") move(-1);
    else if (event.key === "ArrowRight") move(1);
  });
  render();
  while (!data.review && !data.error) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    data = await load();
    render();
  }
}

start();
