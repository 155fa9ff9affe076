// The read-only review of a finished deal: the table as the reviewed seat saw it before each
// action, and master's verdict on that seat's decisions. Polls until the analysis is done.
"use strict";

const POLL_MS = 1000;
const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];
const state = { data: null, position: 0, config: null };
const $ = (id) => document.getElementById(id);

function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cardName(card) {
  return state.config.cards[card].names.en;
}

function cardKind(card) {
  return state.config.cards[card].kind;
}

function actionText(notation) {
  // "discard spare-tire" as "discard Spare Tire", "attack stop 1" as "attack Bot with Stop".
  const [verb, card, side] = notation.split(" ");
  if (verb === "attack") return `attack ${sideName(Number(side))} with ${cardName(card)}`;
  return card ? `${verb} ${cardName(card)}` : verb;
}

function sideName(side) {
  const view = state.data.end;
  return view.sides[side].seats.map((seat) => state.data.names[seat]).join(" & ");
}

function judgements() {
  const review = state.data.review;
  return new Map((review ? review.decisions : []).map((d) => [d.index, d]));
}

function renderTable(step) {
  const view = step ? step.view : state.data.end;
  const sides = view.sides.map((side, number) => {
    const classes = ["review-side"];
    if (number === view.side) classes.push("own");
    if (step && side.seats.includes(step.seat)) classes.push("acting");
    const top = (pile) => (pile.length ? cardName(pile[pile.length - 1]) : "—");
    const safeties = side.safeties.map((card) =>
      cardName(card) + (side.coups_fourres.includes(card) ? " ★" : "")).join(", ") || "—";
    return `<div class="${classes.join(" ")}" data-side="${number}"><h3>${esc(sideName(number))}</h3>
      <dl><dt>Distance</dt><dd>${side.km} / ${view.race} km</dd>
      <dt>Battle</dt><dd>${esc(top(side.battle))}</dd>
      <dt>Speed</dt><dd>${esc(side.speed.length && side.speed[side.speed.length - 1] === "speed-limit" ? "limited" : "no limit")}</dd>
      <dt>Safeties</dt><dd>${esc(safeties)}</dd>
      <dt>Points before</dt><dd>${view.scores[number]}</dd></dl></div>`;
  }).join("");
  const hand = view.hand.map((card) =>
    `<span class="chip ${esc(cardKind(card))}">${esc(cardName(card))}</span>`).join("");
  $("review-table").innerHTML = `${sides}<p>Your hand (${esc(state.data.names[state.data.seat])}):</p>
    <div class="review-hand" id="review-hand">${hand}</div>`;
}

function verdictOf(step) {
  if (!step) return { text: "The deal is over.", kind: "" };
  if (step.seat !== state.data.seat) return { text: "Not the reviewed seat's decision.", kind: "" };
  if (state.data.error) return { text: `The review failed: ${state.data.error}`, kind: "" };
  const judgement = judgements().get(step.index);
  if (!judgement) return { text: "Master is still reviewing this decision…", kind: "" };
  if (judgement.label === "forced") return { text: "The only legal action.", kind: "" };
  if (judgement.best === judgement.played) {
    return { text: "Best: master would have played the same.", kind: judgement.label };
  }
  const label = judgement.label[0].toUpperCase() + judgement.label.slice(1);
  return {
    text: `${label}: ${actionText(judgement.played)}; master's choice: ${actionText(judgement.best)}; about ${Math.round(judgement.loss)} points lost.`,
    kind: judgement.label,
  };
}

function render() {
  const data = state.data;
  const steps = data.steps;
  const step = state.position < steps.length ? steps[state.position] : null;
  renderTable(step);
  $("review-step").textContent = step
    ? `Action ${step.index + 1} of ${steps.length}: ${step.text}` : "The deal is over.";
  const verdict = verdictOf(step);
  $("review-verdict").textContent = verdict.text;
  $("review-verdict").className = `review-verdict ${verdict.kind}`;
  $("previous").disabled = $("first").disabled = state.position === 0;
  $("next").disabled = $("last").disabled = state.position === steps.length;
  const working = !data.review && !data.error;
  $("review-progress").hidden = !working;
  if (working) {
    const { done, total } = data.progress;
    $("progress-bar").max = Math.max(1, total);
    $("progress-bar").value = done;
    $("progress-text").textContent = `Master is reviewing: ${done} of ${total || "?"} decisions`;
  }
  renderSummary();
}

function renderSummary() {
  const review = state.data.review;
  if (!review) {
    $("review-summary").textContent = "";
    $("review-costly").innerHTML = "";
    return;
  }
  const summary = review.summary;
  const counts = LABELS.map((label) => `${summary.labels[label]} ${label}`).join(", ");
  $("review-summary").innerHTML = `<p id="accuracy">Accuracy ${summary.accuracy}%, ${summary.points_lost} points lost in all.</p><p>${esc(counts)}</p>`;
  const costly = review.decisions.filter((d) => d.loss).sort((a, b) => b.loss - a.loss).slice(0, 3);
  $("review-costly").innerHTML = costly.map((d, n) =>
    `<li><button type="button" class="ghost" data-index="${d.index}">${esc(state.data.lessons[n] || d.played)}</button></li>`).join("");
  for (const button of $("review-costly").querySelectorAll("button")) {
    button.onclick = () => goToAction(Number(button.dataset.index));
  }
}

function goToAction(index) {
  state.position = state.data.steps.findIndex((step) => step.index === index);
  render();
}

function move(by) {
  state.position = Math.min(state.data.steps.length, Math.max(0, state.position + by));
  render();
}

async function load(link) {
  const response = await fetch(`/api/review/${link}`);
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function toast(text) {
  $("toast").textContent = text;
  $("toast").hidden = false;
  setTimeout(() => { $("toast").hidden = true; }, 2500);
}

async function start() {
  const link = location.pathname.split("/").pop();
  state.config = await (await fetch("/api/config")).json();
  try {
    state.data = await load(link);
  } catch (error) {
    $("review-step").textContent = error.message;
    return;
  }
  $("review-title").textContent = `Review of deal ${state.data.deal + 1}: ${state.data.names[state.data.seat]}`;
  $("first").onclick = () => move(-Infinity);
  $("previous").onclick = () => move(-1);
  $("next").onclick = () => move(1);
  $("last").onclick = () => move(Infinity);
  $("share").onclick = async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      toast("Link copied");
    } catch {
      toast(location.href);
    }
  };
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") move(-1);
    else if (event.key === "ArrowRight") move(1);
  });
  render();
  while (!state.data.review && !state.data.error) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    state.data = await load(link);
    render();
  }
}

start();
