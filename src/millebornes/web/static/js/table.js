// The table drawn from a Game (state.js): every side's lane, the stock and discards with the
// last move, whose turn it is, the action bar, the hand, the log and the scores. Drawing only:
// what happens on a click or a key is room.js's and keyboard.js's.
//
// Hooks for tests and outside tools (docs/web.md): the hand is #hand, every card shown carries
// data-card, every side's lane data-side, every action button data-action.

import { cardHTML, kmOf, slotHTML } from "./cards.js";
import { $, esc } from "./dom.js";
import { cardName, listOf, t } from "./i18n.js";

const QUESTIONS = ["coup-fourre", "extension"];

/** Where the move `line` put its card in `view`: { side, card, pile } (pile "discard" for the
 * discard pile), or null for a move that put no card down. */
export function landing(line, view) {
  if (!line) return null;
  const [verb, card, target] = line.action.split(" ");
  const sideOf = (seat) => view.sides.findIndex((side) => side.seats.includes(seat));
  if (verb === "play") return { side: sideOf(line.seat), card, pile: "lane" };
  if (verb === "attack") return { side: Number(target), card, pile: "lane", attack: true };
  if (verb === "discard") return { side: null, card, pile: "discard" };
  if (verb === "coup-fourre") {
    const side = sideOf(line.seat);
    return { side, card: view.sides[side].coups_fourres.at(-1), pile: "lane", coup: true };
  }
  return null;
}

function playable(view, card) {
  return view.legal.some((a) => a === `play ${card}` || a.startsWith(`attack ${card} `));
}

/** Whether the seat shown may pick a card now. */
export function isTurn(game, view) {
  return view.decision === "turn" && !game.seatsFree;
}

// --------------------------------------------------------------------- lanes

function personHTML(game, view, seat) {
  const info = game.room.seats[seat];
  const marks = [];
  if (seat === view.seat) marks.push(t("you"));
  if (info.bot) marks.push(t("bot"));
  else if (info.away) marks.push(t("stood_in"));
  else if (!info.online) {
    const seconds = game.standInSeconds(seat);
    marks.push(seconds === null ? t("offline") : t("offline_for", { s: seconds }));
  }
  const acting = view.to_act === seat && view.decision !== "over";
  const turn = acting ? `<span class="sr-only"> ${esc(t("playing_now"))}</span>` : "";
  return `<span class="person${acting ? " acting" : ""}" data-seat="${seat}">${esc(info.name)}` +
    `${marks.length ? ` <small>(${esc(marks.join(", "))})</small>` : ""}${turn}</span>`;
}

function laneHTML(game, view, side, { selected, land }) {
  const tableau = view.sides[side];
  const target = selected && view.legal.includes(`attack ${selected} ${side}`);
  const here = land && land.pile === "lane" && land.side === side ? land : null;
  const mark = (card) => {
    if (!here || here.card !== card) return "";
    return here.attack ? "landed struck" : "landed";
  };
  const people = tableau.seats.map((seat) => personHTML(game, view, seat)).join("");
  const pileTop = (pile, label) => {
    if (!pile.length) return slotHTML(label);
    return cardHTML(pile.at(-1), { mini: true, extra: mark(pile.at(-1)) });
  };
  const coups = [...tableau.coups_fourres];
  const safeties = tableau.safeties.map((card) => {
    const index = coups.indexOf(card);
    if (index >= 0) coups.splice(index, 1);
    const coup = index >= 0;
    return cardHTML(card, {
      mini: true,
      extra: `${coup ? "coup" : ""} ${mark(card)}`,
      attrs: coup ? `title="${esc(t("coup_fourre_mark"))}"` : "",
    }) + (coup ? `<span class="sr-only">${esc(t("coup_fourre_mark"))}</span>` : "");
  }).join("");
  const counts = {};
  for (const card of tableau.distance) counts[card] = (counts[card] || 0) + 1;
  const distance = Object.entries(counts)
    .sort((a, b) => kmOf(a[0]) - kmOf(b[0]))
    .map(([card, n]) => `<div class="stack">${cardHTML(card, { mini: true, extra: mark(card) })}` +
      `${n > 1 ? `<b class="count">×${n}</b>` : ""}</div>`)
    .join("");
  const percent = Math.min(100, (100 * tableau.km) / view.race);
  const classes = ["lane"];
  if (side === view.side) classes.push("own");
  if (target) classes.push("target");
  if (here?.attack) classes.push("attacked");
  return `<section class="${classes.join(" ")}" data-side="${side}" aria-label="${esc(game.sideName(side, view))}">
    <div class="lane-head"><span class="people">${people}</span>
      ${target ? `<span class="target-mark">${esc(t("target_here"))}</span>` : ""}
      <span class="km"><b>${tableau.km}</b> / ${view.race} ${esc(t("km"))}</span></div>
    <div class="progress" aria-hidden="true"><span style="width:${percent}%"></span></div>
    <div class="piles">
      <div class="pile battle" aria-label="${esc(t("battle"))}">${pileTop(tableau.battle, t("battle"))}</div>
      <div class="pile speed" aria-label="${esc(t("speed"))}">${pileTop(tableau.speed, t("speed"))}</div>
      <div class="safeties" aria-label="${esc(t("safeties"))}">${safeties}</div>
      <div class="distance">${distance}</div>
    </div></section>`;
}

function middleHTML(game, state, land, line) {
  const { view, room } = state;
  const top = view.discard.at(-1);
  const discarded = land?.pile === "discard" && land.card === top ? "landed" : "";
  const race = t("race_of", { km: view.race });
  const last = line && game.dealOf(state) === line.deal
    ? `<div class="last-move" id="last-move"><span class="last-label">${esc(t("last_move"))}</span>` +
      `${land ? cardHTML(land.card, { mini: true }) : ""}<span class="last-text">${esc(line.text)}</span></div>`
    : `<div class="last-move empty" id="last-move"></div>`;
  return `<div class="deck" aria-label="${esc(t("stock"))}"><div class="card back mini"><span>${view.stock_size}</span></div><small>${esc(t("stock"))}</small></div>
    <div class="deck" id="discard">${top ? cardHTML(top, { mini: true, extra: discarded }) : slotHTML("")}<small>${esc(t("discard_pile"))}</small></div>
    <div class="deal-info"><b>${esc(t("deal", { n: game.dealOf(state) }))}</b><span>${esc(race)}</span></div>
    ${last}`;
}

/** Draw the lanes and the middle of the table. */
export function renderTable(game, state, ui) {
  const { view } = state;
  const line = game.last.get(game.shown);
  const land = game.dealOf(state) === line?.deal ? landing(line, view) : null;
  const options = { selected: ui.selected, land };
  const mine = view.side ?? 0;
  const others = view.sides.map((_, side) => side).filter((side) => side !== mine);
  $("opponents").innerHTML = others.map((side) => laneHTML(game, view, side, options)).join("");
  $("opponents").dataset.count = others.length;
  $("mine").innerHTML = laneHTML(game, view, mine, options);
  $("middle").innerHTML = middleHTML(game, state, land, line);
}

// --------------------------------------------------------------------- the hand and actions

/** Whether a hand card can be played, in words (its button's name adds it to the card's). */
function handNote(view, card, turn) {
  if (!turn) return "";
  return playable(view, card) ? t("card_playable") : t("card_not_playable");
}

function handLabel(view, card, turn) {
  const note = handNote(view, card, turn);
  return note ? `${cardName(card)}, ${note}` : cardName(card);
}

/** Draw the hand: a button a card, one of them in the Tab order (arrows move between them). */
export function renderHand(game, view, ui) {
  const hand = $("hand");
  if (ui.covered) {
    const name = game.nameOf(game.shown);
    hand.innerHTML = `<button type="button" class="primary cover" id="reveal">${esc(t("reveal", { name }))}</button>`;
    return;
  }
  const turn = isTurn(game, view);
  if (!turn || !view.hand.includes(ui.selected)) ui.selected = null;
  const focus = Math.min(ui.handIndex, view.hand.length - 1);
  hand.innerHTML = view.hand.map((card, index) => {
    const classes = [];
    if (turn) classes.push("selectable");
    if (turn && playable(view, card)) classes.push("legal");
    if (card === ui.selected) classes.push("selected");
    const attrs = [
      `aria-pressed="${card === ui.selected}"`,
      `tabindex="${index === focus ? 0 : -1}"`,
      `data-index="${index}"`,
    ];
    if (!turn) attrs.push('aria-disabled="true"');
    const note = handNote(view, card, turn);
    return cardHTML(card, { tag: "button", extra: classes.join(" "), attrs: attrs.join(" "), note: note && `, ${note}` });
  }).join("");
}

/** The buttons for the selected card: play it, attack a side with it, discard it. */
export function actionsFor(game, view, card) {
  const buttons = [];
  if (view.legal.includes(`play ${card}`)) buttons.push([`play ${card}`, t("play"), "primary"]);
  for (const action of view.legal) {
    if (action.startsWith(`attack ${card} `)) {
      const side = Number(action.split(" ")[2]);
      buttons.push([action, t("attack", { name: game.sideName(side, view) }), "danger"]);
    }
  }
  if (view.legal.includes(`discard ${card}`)) buttons.push([`discard ${card}`, t("discard"), "ghost"]);
  return buttons;
}

export function renderActions(game, view, ui) {
  const bar = $("actions");
  const card = ui.selected;
  if (!card || !isTurn(game, view) || ui.covered) {
    bar.innerHTML = "";
    return;
  }
  const buttons = actionsFor(game, view, card);
  const attacks = buttons.some(([action]) => action.startsWith("attack"));
  bar.innerHTML = `<span class="chosen">${esc(cardName(card))}</span>` + buttons.map(([action, label, kind]) =>
    `<button type="button" class="${kind}" data-action="${esc(action)}">${esc(label)}</button>`).join("") +
    (attacks ? `<small>${esc(t("choose_target"))}</small>` : "");
}

// --------------------------------------------------------------------- status

/** What the table waits for, in words, as the seat shown sees it. */
export function statusText(game, state, ui) {
  const { view, room } = state;
  if (game.seatsFree) return t("seats_free");
  if (view.decision === "over") return room.over ? t("match_over") : t("deal_over");
  if (ui.covered) return t("cover", { name: game.nameOf(game.shown) });
  if (view.decision === "turn") return t("your_turn");
  if (QUESTIONS.includes(view.decision)) return t("your_question");
  const waiting = room.waiting_next.filter((seat) => seat !== view.seat);
  if (room.waiting_next.length && (view.to_act === null || room.seats[view.to_act].bot)) {
    return waiting.length ? t("waits_next", { names: listOf(waiting.map((s) => game.nameOf(s))) })
      : t("you_wait");
  }
  if (view.to_act === null || view.to_act === view.seat) return t("you_wait");
  const seat = room.seats[view.to_act];
  if (seat.away) return t("stand_in_plays", { name: seat.name });
  const seconds = seat.bot ? null : game.standInSeconds(view.to_act);
  if (!seat.online && seconds !== null) return t("lost_connection", { name: seat.name, s: seconds });
  return t("waits_for", { name: seat.name });
}

export function renderStatus(game, state, ui) {
  const status = $("status");
  status.textContent = statusText(game, state, ui);
  const mine = ["turn", ...QUESTIONS].includes(state.view.decision) && !ui.covered && !game.seatsFree;
  status.className = `status${mine ? " mine" : ""}`;
}

// --------------------------------------------------------------------- side panel

export function renderLog(game) {
  const lines = game.logs.get(game.shown) || [];
  const log = $("log");
  let deal = null;
  const items = [];
  for (const line of lines.slice(-120)) {
    if (line.deal !== deal) {
      deal = line.deal;
      items.push(`<li class="deal-mark">${esc(t("deal", { n: deal }))}</li>`);
    }
    const coup = line.action.startsWith("coup-fourre") ? "coup" : "";
    items.push(`<li class="${coup}" data-deal="${line.deal}" data-seat="${line.seat}">${esc(line.text)}</li>`);
  }
  log.innerHTML = items.join("");
  log.scrollTop = log.scrollHeight;
}

export function renderScoresMini(game, view) {
  const room = game.room;
  const rows = view.sides.map((_, side) =>
    `<li><span>${esc(game.sideName(side, view))}</span><b>${room.scores[side]}</b></li>`).join("");
  const target = room.target ? ` / ${room.target}` : "";
  $("scores-mini").innerHTML = `<h2>${esc(t("scores"))}${target}</h2><ol>${rows}</ol>` +
    (room.results.length ? `<button type="button" class="ghost" id="show-scores">${esc(t("score_title", { n: room.results.length }))}</button>` : "");
}

export function renderTabs(game) {
  const seats = [...game.states.keys()].filter((key) => key !== "watch");
  $("seat-tabs").innerHTML = seats.length > 1 ? seats.map((seat) =>
    `<button type="button" class="tab${seat === game.shown ? " active" : ""}" data-seat="${seat}" aria-pressed="${seat === game.shown}">${esc(game.nameOf(seat))}</button>`,
  ).join("") : (game.states.has("watch") ? `<span class="tab active">${esc(t("spectating"))}</span>` : "");
}

// --------------------------------------------------------------------- read aloud

function tableauText(game, view, side) {
  const tableau = view.sides[side];
  const name = side === view.side ? t("you_side", { name: game.sideName(side, view) }) : game.sideName(side, view);
  const battle = tableau.battle.length ? cardName(tableau.battle.at(-1)) : t("nothing");
  const limited = tableau.speed.at(-1) === "speed-limit";
  const safeties = tableau.safeties.length ? listOf(tableau.safeties.map(cardName)) : t("nothing");
  return t("read_side", {
    name, km: tableau.km, race: view.race, battle,
    speed: limited ? cardName("speed-limit") : t("no_limit"), safeties,
  });
}

/** The whole table in words, as the key T reads it: each side, the stock, whose turn. */
export function tableText(game, state, ui) {
  const { view } = state;
  const mine = view.side ?? 0;
  const order = [mine, ...view.sides.map((_, s) => s).filter((s) => s !== mine)];
  return [...order.map((side) => tableauText(game, view, side)),
    t("read_stock", { n: view.stock_size }), statusText(game, state, ui)].join(" ");
}

/** The hand in words, as the key H reads it. */
export function handText(game, view) {
  const turn = isTurn(game, view);
  return t("read_hand", { cards: listOf(view.hand.map((card) => handLabel(view, card, turn))) });
}

