// @ts-check
// The table drawn from a Game (state.js): every side's lane, the stock and discards with the
// last move, whose turn it is, the action bar, the hand, the log and the scores. Drawing only:
// what happens on a click or a key is room.js's.
//
// Hooks for tests and outside tools (docs/web.md): the hand is #hand, every card shown carries
// data-card, every side's lane data-side, every action button data-action.

import { cardHTML, kmOf, slotHTML } from "./cards.js";
import { $, html, setHTML } from "./dom.js";
import { cardName, language, listOf, t } from "./i18n.js";

/** @import { Html } from "./dom.js" */
/** @import { Decision, LogLine, View } from "./protocol.js" */
/** @import { Game, State } from "./state.js" */

/**
 * What the room page's hand and dialogs are doing (room.js keeps it): the `selected` card, a
 * `covered` hand, the hand card that holds the Tab order (`handIndex`; of identical cards, the
 * one at `handIndex` is the one selected).
 * @typedef {object} HandState
 * @property {string | null} selected
 * @property {boolean} covered
 * @property {number} handIndex
 */

/**
 * Where a move put its card: its side's lane (or the discard pile, side null).
 * @typedef {object} Landing
 * @property {number | null} side
 * @property {string} card
 * @property {"lane" | "discard"} pile
 * @property {boolean} [attack]
 * @property {boolean} [coup]
 */

/** @type {Decision[]} */
const QUESTIONS = ["coup-fourre", "extension"];
// How far from its end (px, under a line) the log may be scrolled and still count as at its end.
const LOG_END_SLACK = 8;

/**
 * Where the move `line` put its card in `view`: { side, card, pile } (pile "discard" for the
 * discard pile), or null for a move that put no card down.
 * @param {LogLine | undefined} line
 * @param {View} view
 * @returns {Landing | null}
 */
export function landing(line, view) {
  if (!line) return null;
  const [verb, card, target] = line.action.split(" ");
  /** @param {number} seat */
  const sideOf = (seat) => view.sides.findIndex((side) => side.seats.includes(seat));
  if (verb === "play") return { side: sideOf(line.seat), card, pile: "lane" };
  if (verb === "attack") return { side: Number(target), card, pile: "lane", attack: true };
  if (verb === "discard") return { side: null, card, pile: "discard" };
  if (verb === "coup-fourre") {
    const side = sideOf(line.seat);
    return { side, card: /** @type {string} */ (view.sides[side].coups_fourres.at(-1)), pile: "lane", coup: true };
  }
  return null;
}

/**
 * @param {View} view
 * @param {string} card
 */
function playable(view, card) {
  return view.legal.some((a) => a === `play ${card}` || a.startsWith(`attack ${card} `));
}

/**
 * What the seat shown is asked on its turn: to pick a card, or to discard when none can be
 * played.
 * @param {View} view
 */
export function turnText(view) {
  return view.hand.some((card) => playable(view, card)) ? t("your_turn") : t("must_discard");
}

/**
 * Whether the seat shown may pick a card now.
 * @param {Game} game
 * @param {View} view
 */
export function isTurn(game, view) {
  return view.decision === "turn" && !game.seatsFree && game.online;
}

/**
 * Whether the players play in teams (a side of two seats), for the words that name a side.
 * @param {View} view
 */
function teamsPlay(view) {
  return view.sides[0].seats.length > 1;
}

// --------------------------------------------------------------------- lanes

/**
 * @param {Game} game
 * @param {View} view
 * @param {number} seat
 */
function personHTML(game, view, seat) {
  const info = game.info.seats[seat];
  const marks = [];
  if (seat === view.seat) marks.push(t("you"));
  if (info.bot) marks.push(t("bot"));
  else if (info.away) marks.push(t("stood_in"));
  else if (!info.online) {
    const seconds = game.standInSeconds(seat);
    marks.push(seconds === null ? t("offline") : t("offline_for", { s: seconds }));
  }
  const acting = view.to_act === seat && view.decision !== "over";
  const turn = acting ? html`<span class="sr-only"> ${t("playing_now")}</span>` : "";
  const said = marks.length ? html` <small>(${marks.join(", ")})</small>` : "";
  return html`<span class="person${acting ? " acting" : ""}" data-seat="${seat}">${orderHTML(game, seat)}${info.name}${said}${turn}</span>`;
}

/**
 * Where a seat plays in the turn, at three seats and more (at two, each plays after the other):
 * its number before its name, said in words to a screen reader and on hover.
 * @param {Game} game
 * @param {number} seat
 */
function orderHTML(game, seat) {
  if (game.info.seats.length < 3) return "";
  const position = t("turn_position", { n: seat + 1 });
  return html`<b class="order" title="${position}" aria-hidden="true">${seat + 1}</b><span class="sr-only">${position}, </span>`;
}

/**
 * @param {Game} game
 * @param {View} view
 * @param {number} side
 * @param {{selected: string | null, land: Landing | null}} options
 */
function laneHTML(game, view, side, { selected, land }) {
  const tableau = view.sides[side];
  const target = selected && view.legal.includes(`attack ${selected} ${side}`);
  const here = land && land.pile === "lane" && land.side === side ? land : null;
  /** @param {string} card */
  const mark = (card) => {
    if (!here || here.card !== card) return "";
    return here.attack ? "landed struck" : "landed";
  };
  const people = tableau.seats.map((seat) => personHTML(game, view, seat));
  /**
   * @param {string[]} pile
   * @param {string} label
   */
  const pileTop = (pile, label) => {
    const top = pile.at(-1);
    if (top === undefined) return slotHTML(label);
    return cardHTML(top, { mini: true, extra: mark(top) });
  };
  const coups = [...tableau.coups_fourres];
  const safeties = tableau.safeties.map((card) => {
    const index = coups.indexOf(card);
    if (index >= 0) coups.splice(index, 1);
    const coup = index >= 0;
    const face = cardHTML(card, {
      mini: true,
      extra: `${coup ? "coup" : ""} ${mark(card)}`,
      attrs: coup ? html`title="${t("coup_fourre_mark")}"` : "",
    });
    return html`${face}${coup ? html`<span class="sr-only">${t("coup_fourre_mark")}</span>` : ""}`;
  });
  /** @type {Record<string, number>} */
  const counts = {};
  for (const card of tableau.distance) counts[card] = (counts[card] || 0) + 1;
  const distance = Object.entries(counts)
    .sort((a, b) => kmOf(a[0]) - kmOf(b[0]))
    .map(([card, n]) => html`<div class="stack">${cardHTML(card, { mini: true, extra: mark(card) })}${
      n > 1 ? html`<b class="count">×${n}</b>` : ""}</div>`);
  const percent = Math.min(100, (100 * tableau.km) / view.race);
  const classes = ["lane"];
  if (side === view.side) classes.push("own");
  if (target) classes.push("target");
  if (here?.attack) classes.push("attacked");
  return html`<section class="${classes.join(" ")}" data-side="${side}" aria-label="${game.sideName(side, view)}">
    <div class="lane-head"><span class="people">${people}</span>
      ${target ? html`<span class="target-mark">${t("target_here")}</span>` : ""}
      <span class="km"><b>${tableau.km}</b> / ${view.race} ${t("km")}</span></div>
    <div class="progress" aria-hidden="true"><span style="width:${percent}%"></span></div>
    <div class="piles">
      <div class="pile battle" aria-label="${t("battle")}">${pileTop(tableau.battle, t("battle"))}</div>
      <div class="pile speed" aria-label="${t("speed")}">${pileTop(tableau.speed, t("speed"))}</div>
      <div class="safeties" aria-label="${t("safeties")}">${safeties}</div>
      <div class="distance">${distance}</div>
    </div></section>`;
}

/**
 * @param {Game} game
 * @param {State} state
 * @param {Landing | null} land
 * @param {LogLine | undefined} line
 */
function middleHTML(game, state, land, line) {
  const { view } = state;
  const top = view.discard.at(-1);
  const discarded = land?.pile === "discard" && land.card === top ? "landed" : "";
  const race = t("race_of", { km: view.race });
  const landed = land ? cardHTML(land.card, { mini: true }) : "";
  const last = line && game.dealOf(state) === line.deal
    ? html`<div class="last-move" id="last-move"><span class="last-label">${t("last_move")}</span>${landed}<span class="last-text">${line.text}</span></div>`
    : html`<div class="last-move empty" id="last-move"></div>`;
  return html`<div class="deck" aria-label="${t("stock")}"><div class="card back mini"><span>${view.stock_size}</span></div><small>${t("stock")}</small></div>
    <div class="deck" id="discard">${top ? cardHTML(top, { mini: true, extra: discarded }) : slotHTML("")}<small>${t("discard_pile")}</small></div>
    <div class="deal-info"><b>${t("deal", { n: game.dealOf(state) })}</b><span>${race}</span></div>
    ${last}`;
}

/**
 * Draw the lanes and the middle of the table.
 * @param {Game} game
 * @param {State} state
 * @param {HandState} ui
 */
export function renderTable(game, state, ui) {
  const { view } = state;
  const line = game.shown === null ? undefined : game.last.get(game.shown);
  const land = game.dealOf(state) === line?.deal ? landing(line, view) : null;
  const options = { selected: ui.selected, land };
  const mine = view.side ?? 0;
  const others = view.sides.map((_, side) => side).filter((side) => side !== mine);
  setHTML($("opponents"), html`${others.map((side) => laneHTML(game, view, side, options))}`);
  $("opponents").dataset.count = String(others.length);
  setHTML($("mine"), laneHTML(game, view, mine, options));
  setHTML($("middle"), middleHTML(game, state, land, line));
}

// --------------------------------------------------------------------- the hand and actions

/**
 * A card of the hand as shown: its name, whether it was just drawn.
 * @typedef {object} HandCard
 * @property {string} card
 * @property {boolean} fresh
 */

/**
 * The hand shown, in the order the table keeps it (sorted once as dealt, a card drawn where the
 * last one played was), the cards just drawn marked; as the view sorts it if the state has no
 * layout.
 * @param {Game} game
 * @param {View} view
 * @returns {HandCard[]}
 */
function handCards(game, view) {
  const layout = game.shownState()?.hand;
  if (!layout) return view.hand.map((card) => ({ card, fresh: false }));
  return layout.places.flatMap((card, place) => (card === null ? [] : [{ card, fresh: layout.new.includes(place) }]));
}

/**
 * Why `card` cannot be played now, in the rules' words (empty if it can, or nobody said).
 * @param {Game} game
 * @param {string} card
 */
export function whyNot(game, card) {
  const why = game.shownState()?.hand?.why[card];
  return why ? t("why_not", { reason: why }) : "";
}

/**
 * Whether a hand card can be played, in words (its button's name adds it to the card's).
 * @param {View} view
 * @param {string} card
 * @param {boolean} turn
 */
function handNote(view, card, turn) {
  if (!turn) return "";
  return playable(view, card) ? t("card_playable") : t("card_not_playable");
}

/**
 * @param {View} view
 * @param {string} card
 * @param {boolean} turn
 */
function handLabel(view, card, turn) {
  const note = handNote(view, card, turn);
  return note ? `${cardName(card)}, ${note}` : cardName(card);
}

/**
 * Draw the hand: a button a card, one of them in the Tab order (arrows move between them).
 * @param {Game} game
 * @param {View} view
 * @param {HandState} ui
 */
export function renderHand(game, view, ui) {
  const hand = $("hand");
  if (ui.covered) {
    const name = game.nameOf(/** @type {number} */ (game.shown));
    setHTML(hand, html`<button type="button" class="primary cover" id="reveal">${t("reveal", { name })}</button>`);
    return;
  }
  const turn = isTurn(game, view);
  if (!turn || !view.hand.includes(/** @type {string} */ (ui.selected))) ui.selected = null;
  const cards = handCards(game, view);
  const focus = Math.min(ui.handIndex, cards.length - 1);
  // Of identical cards, only the one picked (it holds the Tab order) is lifted and pressed.
  const chosen = cards[focus]?.card === ui.selected ? focus : cards.findIndex(({ card }) => card === ui.selected);
  setHTML(hand, html`${cards.map(({ card, fresh }, index) => {
    const classes = [];
    if (turn) classes.push("selectable");
    if (turn && playable(view, card)) classes.push("legal");
    if (index === chosen) classes.push("selected");
    if (fresh) classes.push("fresh");
    const disabled = turn ? "" : html` aria-disabled="true"`;
    const attrs = html`aria-pressed="${index === chosen}" tabindex="${index === focus ? 0 : -1}" data-index="${index}"${disabled}`;
    const note = [fresh ? t("card_new") : "", handNote(view, card, turn)].filter(Boolean).join(", ");
    return cardHTML(card, { tag: "button", extra: classes.join(" "), attrs, note: note && `, ${note}`, badge: fresh ? t("new_badge") : "" });
  })}`);
}

/** @typedef {[action: string, label: string, kind: string]} Choice an action's button: its action, words and class */

/**
 * The buttons for the selected card: play it, attack a side with it, discard it.
 * @param {Game} game
 * @param {View} view
 * @param {string} card
 */
export function actionsFor(game, view, card) {
  /** @type {Choice[]} */
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

/**
 * @param {Game} game
 * @param {View} view
 * @param {HandState} ui
 */
export function renderActions(game, view, ui) {
  const bar = $("actions");
  const card = ui.selected;
  if (!card || !isTurn(game, view) || ui.covered) {
    bar.replaceChildren();
    return;
  }
  const buttons = actionsFor(game, view, card);
  const attacks = buttons.some(([action]) => action.startsWith("attack"));
  const choices = buttons.map(([action, label, kind]) =>
    html`<button type="button" class="${kind}" data-action="${action}">${label}</button>`);
  const why = whyNot(game, card);
  const reason = why ? html`<small class="why" id="why">${why}</small>` : "";
  setHTML(bar, html`<span class="chosen">${cardName(card)}</span>${choices}${attacks ? html`<small>${t("choose_target", { teams: teamsPlay(view) ? "yes" : "no" })}</small>` : ""}${reason}`);
}

// --------------------------------------------------------------------- status

/**
 * What the table waits for, in words, as the seat shown sees it.
 * @param {Game} game
 * @param {State} state
 * @param {HandState} ui
 */
export function statusText(game, state, ui) {
  const { view, room } = state;
  if (game.seatsFree) return t("seats_free");
  if (view.decision === "over") return room.over ? t("match_over") : t("deal_over");
  if (ui.covered) return t("cover", { name: game.nameOf(/** @type {number} */ (game.shown)) });
  if (!game.online) return t("reconnecting");
  if (view.decision === "turn") return turnText(view);
  if (QUESTIONS.includes(view.decision)) return t("your_question");
  const waiting = room.waiting_next.filter((seat) => seat !== view.seat);
  const reading = room.reading_review.filter((seat) => seat !== view.seat);
  if (reading.length && room.next_deal_at !== null) {
    const at = new Date(room.next_deal_at * 1000 - game.clockOffset);
    const time = at.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
    return t("reads_review", { names: listOf(reading.map((s) => game.nameOf(s))), count: reading.length, time });
  }
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

/**
 * @param {Game} game
 * @param {State} state
 * @param {HandState} ui
 */
export function renderStatus(game, state, ui) {
  const status = $("status");
  status.textContent = statusText(game, state, ui);
  const mine = ["turn", ...QUESTIONS].includes(state.view.decision) && !ui.covered && !game.seatsFree;
  status.className = `status${mine ? " mine" : ""}`;
}

// --------------------------------------------------------------------- side panel

/** @param {Game} game */
export function renderLog(game) {
  const lines = (game.shown === null ? undefined : game.logs.get(game.shown)) || [];
  const log = $("log");
  /** @type {number | null} */
  let deal = null;
  const items = [];
  for (const line of lines.slice(-120)) {
    if (line.deal !== deal) {
      deal = line.deal;
      items.push(html`<li class="deal-mark">${t("deal", { n: deal })}</li>`);
    }
    const coup = line.action.startsWith("coup-fourre") ? "coup" : "";
    items.push(html`<li class="${coup}" data-deal="${line.deal}" data-seat="${line.seat}">${line.text}</li>`);
  }
  setHTML(log, html`${items}`);
  log.scrollTop = log.scrollHeight;
}

/**
 * Keep the log at its newest line while its layout settles (after a reload the page lays
 * itself out, a scrollbar appears and lines wrap again) and whenever its box changes size,
 * unless the reader has scrolled back (by wheel, touch, keys or the scrollbar) and not to
 * the end again.
 */
export function pinLogToEnd() {
  const log = $("log");
  let readingBack = false;
  for (const kind of ["wheel", "touchmove", "keydown", "pointerdown"]) {
    log.addEventListener(kind, () => { readingBack = true; }, { passive: true });
  }
  log.addEventListener("scroll", () => {
    if (log.scrollTop + log.clientHeight >= log.scrollHeight - LOG_END_SLACK) readingBack = false;
  });
  new ResizeObserver(() => {
    if (!readingBack) log.scrollTop = log.scrollHeight;
  }).observe(log);
}

/**
 * @param {Game} game
 * @param {View} view
 */
export function renderScoresMini(game, view) {
  const room = game.info;
  const rows = view.sides.map((_, side) =>
    html`<li><span>${game.sideName(side, view)}</span><b>${room.scores[side]}</b></li>`);
  const target = room.target ? ` / ${room.target}` : "";
  const sheet = room.results.length
    ? html`<button type="button" class="ghost" id="show-scores">${t("score_title", { n: room.results.length })}</button>` : "";
  setHTML($("scores-mini"), html`<h2>${t("scores")}${target}</h2><ol>${rows}</ol>${sheet}${watchingHTML(room.watching)}`);
}

/**
 * Who watches the table (nothing when nobody does): how many, and the names they gave.
 * @param {{count: number, names: string[]}} watching
 */
function watchingHTML({ count, names }) {
  if (!count) return "";
  const many = t("watching", { count });
  return html`<p class="hint watching" id="watching">${names.length ? t("watching_names", { watching: many, names: listOf(names) }) : many}</p>`;
}

/** @param {Game} game */
export function renderTabs(game) {
  const seats = /** @type {number[]} */ ([...game.states.keys()].filter((key) => key !== "watch"));
  const spectating = game.states.has("watch") ? html`<span class="tab active">${t("spectating")}</span>` : html``;
  setHTML($("seat-tabs"), seats.length > 1 ? html`${seats.map((seat) =>
    html`<button type="button" class="tab${seat === game.shown ? " active" : ""}" data-seat="${seat}" aria-pressed="${seat === game.shown}">${game.nameOf(seat)}</button>`,
  )}` : spectating);
}

// --------------------------------------------------------------------- read aloud

/**
 * @param {Game} game
 * @param {View} view
 * @param {number} side
 */
function tableauText(game, view, side) {
  const tableau = view.sides[side];
  const name = side === view.side ? t("you_side", { name: game.sideName(side, view) }) : game.sideName(side, view);
  const top = tableau.battle.at(-1);
  const battle = top !== undefined ? cardName(top) : t("nothing");
  const limited = tableau.speed.at(-1) === "speed-limit";
  const safeties = tableau.safeties.length ? listOf(tableau.safeties.map(cardName)) : t("nothing");
  return t("read_side", {
    name, km: tableau.km, race: view.race, battle,
    speed: limited ? cardName("speed-limit") : t("no_limit"), safeties,
  });
}

/**
 * The whole table in words, as the key T reads it: each side, the stock, whose turn.
 * @param {Game} game
 * @param {State} state
 * @param {HandState} ui
 */
export function tableText(game, state, ui) {
  const { view } = state;
  const mine = view.side ?? 0;
  const order = [mine, ...view.sides.map((_, s) => s).filter((s) => s !== mine)];
  return [...order.map((side) => tableauText(game, view, side)),
    t("read_stock", { n: view.stock_size }), statusText(game, state, ui)].join(" ");
}

/**
 * The hand in words, as the key H reads it.
 * @param {Game} game
 * @param {View} view
 */
export function handText(game, view) {
  const turn = isTurn(game, view);
  return t("read_hand", { cards: listOf(handCards(game, view).map(({ card }) => handLabel(view, card, turn))) });
}
