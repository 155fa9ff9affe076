// @ts-check
// The room page: joining a seat or watching, the connection, and what a click, a tap or a key
// does at the table. The page holds no rules: what is legal comes from the view. Its state is
// one object (`page`); the server's messages go to the handler of their type (`HANDLERS`).

import { announce, announceNow } from "./announce.js";
import { setWaiting } from "./attention.js";
import { kindOf } from "./cards.js";
import {
  chatBlocked, chatMessage, chatMuted, chatRemoved, chatRoom, greetChat, renderChat, setupChat,
  toggleChat,
} from "./chat.js";
import {
  closeDialog, confirmThat, dialogKind, openKeys, openQuestion, openScores,
} from "./dialogs.js";
import { $, api, closest, copyText, html, keepHeight, setHTML, toast } from "./dom.js";
import { coupFourreMoment, fly, origin } from "./feedback.js";
import { cardName, language, listOf, t } from "./i18n.js";
import { renderLesson, sayLesson } from "./lesson.js";
import { playedGames, playerKnown } from "./player.js";
import { Connection } from "./protocol.js";
import { forgetRoom, hostToken, storedSeats, storeSeat, storeSeats } from "./seats.js";
import { playSound } from "./sound.js";
import { Game, WATCH } from "./state.js";
import { renderClock } from "./turnclock.js";
import {
  actionsFor, handText, isTurn, pinLogToEnd, renderActions, renderHand, renderLog,
  renderScoresMini, renderStatus, renderTable, renderTabs, statusText, tableText, turnText, whyNot,
} from "./table.js";

/**
 * @import { Config, ErrorMessage, Hello, Joined, LogLine, Move, Result, RoomInfo, ServerMessage, SideView, StateMessage,
 *   TimeoutMessage, NoticeMessage, AnnouncementMessage, View } from "./protocol.js"
 */
/** @import { Key, State } from "./state.js" */
/** @import { HandState } from "./table.js" */

/** @type {string[]} */
const QUESTIONS = ["coup-fourre", "extension"];
const FOLLOW_MS = 4000; // a spectator sees the last score sheet this long before the rematch

/**
 * What the hand, the moves and the dialogs are doing (table.js draws the hand from it).
 * @typedef {object} UiState
 * @property {DOMRect | null} flyFrom the box of the hand card just played, for its flight
 * @property {boolean} returnFocus a move was made: focus goes back to the hand once it is drawn again
 * @property {Move | null} inFlight the move sent and not yet answered
 * @property {number | null} seenResults how many score sheets were shown
 * @property {string | null} sheetRematch the rematch the last score sheet offered
 * @property {boolean} following a spectator follows the room into its rematch
 * @property {number | undefined} statusTimer
 */

/**
 * The room page's state: the room shown (null in the lobby), its connection, the hand and
 * dialogs, and whether the page's listeners are set.
 * @typedef {object} RoomPage
 * @property {Game | null} game
 * @property {Connection | null} connection
 * @property {HandState & UiState} ui
 * @property {boolean} wired
 */

/** @type {RoomPage} */
const page = {
  game: null,
  connection: null,
  ui: {
    selected: null, // the selected card of the hand
    covered: false, // hot-seat: the hand is hidden until its player says so
    handIndex: 0, // the hand card that holds the hand's place in the Tab order
    returnFocus: false,
    flyFrom: null,
    inFlight: null,
    seenResults: null,
    sheetRematch: null,
    following: false,
    statusTimer: undefined,
  },
  wired: false,
};
const ui = page.ui;

/** The room shown: everything below but `openRoom` runs once it made one. */
function current() {
  return /** @type {Game} */ (page.game);
}

/** The room's connection: everything that sends runs once `connect` made it. */
function link() {
  return /** @type {Connection} */ (page.connection);
}

/**
 * A server error in the page's words (the server's own message when the catalog has none). A
 * move the rules refuse comes with their reason, already in the page's language (the hello says
 * it) and with the sides named as the room names them. `error` is an error message, a
 * ServerError (api) or what a failed fetch throws (no code).
 * @param {unknown} error
 */
export function errorText(error) {
  const { code, message } = /** @type {{code?: string, message: string}} */ (error);
  if (code === "illegal") return message;
  const key = `errors.${code}`;
  const text = t(key);
  return text === key ? message : text;
}

// --------------------------------------------------------------------- joining

/**
 * Show the room `code` (the page's address is /room/CODE): its seats to take, or its table.
 * @param {string} code
 * @param {Config} config
 */
export async function openRoom(code, config) {
  const game = new Game(code, config);
  page.game = game;
  $("lobby").hidden = true;
  $("room").hidden = false;
  $("room-bar").hidden = false;
  $("leave").hidden = false;
  $("skip").hidden = false;
  $("room-code").textContent = code;
  $("invite-link").value = inviteLink();
  $("local-only").hidden = config.others_can_join;
  wire();
  try {
    game.room = /** @type {RoomInfo} */ (await api(`/api/rooms/${encodeURIComponent(code)}`));
  } catch {
    setHTML($("room"), html`<section class="panel"><h1>${t("no_room")}</h1><a class="primary button" href="/">${t("back")}</a></section>`);
    return;
  }
  const held = Object.keys(storedSeats(code));
  if (held.length || !game.seatsFree || await takenOnAnotherDevice(code)) connect();
  else showJoin();
}

/**
 * Whether the player took a seat of room `code` on another device (the server binds it).
 * @param {string} code
 */
async function takenOnAnotherDevice(code) {
  return (await playedGames()).some((played) => played.code === code);
}

/** The link friends open: at the server's public address when it has one (--public-url),
 * else at the address this page was opened at. */
function inviteLink() {
  const game = current();
  return `${game.config.public_url ?? location.origin}/room/${game.code}`;
}

async function copyInvite() {
  const copied = await copyText(inviteLink(), $("invite-link"));
  toast(copied ? t("copied") : t("copy_failed"));
}

function showJoin() {
  const game = current();
  const join = $("join");
  join.hidden = false;
  $("name").value = localStorage.getItem("millebornes:name") || "";
  const free = game.info.seats.filter((s) => s.free);
  setHTML($("free-seats"), html`${free.map((s) =>
    html`<button type="submit" class="primary" value="${s.seat}">${t("take_seat", { n: s.seat + 1 })}</button>`)}`);
  $("join-form").onsubmit = async (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    const seat = Number(/** @type {HTMLButtonElement | null} */ (event.submitter)?.value ?? free[0].seat);
    try {
      await playerKnown(); // the seat is the player's
      const joined = /** @type {Joined} */ (await api(`/api/rooms/${game.code}/join`, { name, seat }));
      localStorage.setItem("millebornes:name", name);
      storeSeat(game.code, joined.seat, joined.token);
      game.shown = joined.seat;
      ui.covered = false;
      join.hidden = true;
      $("join-error").textContent = "";
      connect();
    } catch (error) {
      $("join-error").textContent = errorText(error);
    }
  };
  $("watch").hidden = Object.keys(storedSeats(game.code)).length > 0;
  $("watch").onclick = () => {
    const name = $("name").value.trim();
    if (name) localStorage.setItem("millebornes:name", name);
    join.hidden = true;
    connect();
  };
  $("name").focus();
}

/** @returns {Hello} */
function greeting() {
  const game = current();
  game.reset();
  const tokens = Object.values(storedSeats(game.code));
  /** @type {Hello} */
  const hello = { type: "hello", tokens, language: language() };
  const host = hostToken(game.code);
  if (host) hello.host = host;
  const name = localStorage.getItem("millebornes:name");
  if (!tokens.length && name) hello.name = name; // a spectator's name in the chat
  return hello;
}

function connect() {
  const game = current();
  if (!page.connection) {
    const connection = new Connection(game.code, {
      greeting,
      onMessage: receive,
      onLink: (up) => {
        $("connection").hidden = up;
        $("connection").textContent = t("reconnecting");
        if (!up) $("notice").hidden = true; // the server greeted next says it again if it lasts
        game.online = up;
        if (!up && ui.inFlight) connection.pending = ui.inFlight; // its answer may be lost
        if (!up) announceNow(t("reconnecting"));
        if (game.shownState()) render(); // no move offered while it is down
      },
    });
    page.connection = connection;
    setupChat({
      send: (message) => connection.send(message),
      seat: () => (game.shown === WATCH ? null : game.shown),
      back: focusHand,
    });
  }
  link().connect();
}

/** Greet the server again (its log lines come in the page's language). */
export function relanguage() {
  if (page.game?.states.size) link().connect();
  else if (page.game) render();
  if (page.connection) renderChat();
}

// --------------------------------------------------------------------- messages in

/**
 * What each of the server's messages does, by its type (docs/web.md); the others (`pong`)
 * do nothing here.
 * @type {{ [T in ServerMessage["type"]]?: (message: Extract<ServerMessage, {type: T}>) => void }}
 */
const HANDLERS = {
  error: refused,
  state: told,
  chat: chatMessage,
  muted: (message) => chatMuted(message.authors),
  blocked: (message) => chatBlocked(message.authors, message.now),
  removed: (message) => chatRemoved(message.watcher),
  timeout: timedOut,
  notice: noticed,
  announcement: serverMessage,
};

/** @param {ServerMessage} message */
function receive(message) {
  const handler = /** @type {((message: ServerMessage) => void) | undefined} */ (HANDLERS[message.type]);
  handler?.(message);
}

/**
 * An error: the move in flight (if any) was not taken.
 * @param {ErrorMessage} message
 */
function refused(message) {
  document.body.classList.remove("sent");
  ui.inFlight = null;
  if (message.code === "bad-token") forgetRoom(current().code);
  toast(errorText(message));
  if (message.code === "removed" || message.code === "closed") announceNow(errorText(message));
  const asked = page.game?.shownState()?.view.decision;
  if (asked && QUESTIONS.includes(asked)) render(); // its answer refused (a lesson's): asked again
  if (!$("chat").contains(document.activeElement)) focusHand();
}

/**
 * The server's operator's message to every table (maintenance): shown until closed, and said.
 * @param {AnnouncementMessage} message
 */
function serverMessage(message) {
  const banner = $("server-message");
  setHTML(banner, html`<span>${message.text}</span><button type="button" class="primary">${t("close")}</button>`);
  banner.hidden = false;
  announceNow(message.text);
}

/**
 * A seat's new state: drawn, and its move shown and said.
 * @param {StateMessage} message
 */
function told(message) {
  const game = current();
  if (message.chat) greetChat(message.chat, Object.keys(storedSeats(game.code)).map(Number));
  const before = game.states.get(message.seat ?? WATCH)?.view.decision;
  const { key, event, first, state } = game.receive(message);
  const held = game.shown !== null && (game.states.has(game.shown) || game.shown in storedSeats(game.code));
  if (!held) game.shown = key;
  const resent = first && resend(key, state);
  if (key === game.shown && !resent) {
    document.body.classList.remove("sent");
    ui.inFlight = null;
  }
  const handBox = key === game.shown ? ui.flyFrom : null;
  if (key === game.shown) ui.flyFrom = null;
  render();
  if (key !== game.shown) return;
  if (event && !first) tell(event, state.view, handBox);
  if (state.view.decision === "over" && event && !first) {
    announceNow(dealEndText(state));
    playSound("deal");
  }
  const view = state.view;
  if (view.decision !== "wait") sayLesson(); // the seat's move is asked, or the deal is over
  if (view.decision === "turn" && before !== "turn" && !game.seatsFree) {
    if (!first) announce(turnText(view));
    playSound("turn");
    if (focusLost()) focusHand();
  }
}

/**
 * A seat's time ran out and its stand-in played the move: the log says so, and it is said.
 * @param {TimeoutMessage} message
 */
function timedOut(message) {
  const game = current();
  const name = game.nameOf(message.seat);
  const texts = [t("time_ran_out", { name })];
  if (message.abandoned) texts.push(t("time_abandoned", { name, n: message.in_a_row }));
  for (const text of texts) {
    for (const lines of game.logs.values()) lines.push({ deal: game.info.deal, seat: message.seat, action: "timeout", text });
    announce(text);
  }
  renderLog(game);
}

/**
 * The server cannot save moves now (`not-saving`): a move waits, and goes through by itself
 * once it can (null: that is over).
 * @param {NoticeMessage} message
 */
function noticed(message) {
  const notice = $("notice");
  notice.hidden = message.code === null;
  if (message.code === "not-saving") {
    notice.textContent = t("not_saving");
    announceNow(notice.textContent);
  }
}

/**
 * A move made while the link was down: sent now if it still stands, dropped otherwise. The
 * greeting tells how many moves the seat has seen: none since the move was made, it still
 * stands; more, the table moved on, with the move among them (it went) or without it (a
 * stand-in played the turn). Whether it was sent again: once, never twice.
 * @param {Key} key
 * @param {State} message
 */
function resend(key, message) {
  const connection = link();
  const pending = connection.pending;
  if (!pending || pending.seat !== key) return false;
  connection.takePending();
  const log = message.log ?? [];
  const moved = (message.seen ?? log.length) - (pending.seen ?? message.seen ?? log.length);
  const mine = (/** @type {LogLine} */ line) => line.seat === pending.seat && line.action === pending.action && !line.stand_in;
  if (moved > 0 && log.slice(-moved).some(mine)) return false; // it went
  if (moved <= 0 && message.view.legal.includes(pending.action)) {
    ui.inFlight = pending;
    connection.act(pending);
    return true;
  } else {
    document.body.classList.remove("sent");
    const text = t("move_dropped");
    toast(text);
    announceNow(text);
  }
  return false;
}

/**
 * A move, shown and said: its card flies to where it landed, a sound, the live region.
 * @param {LogLine} event
 * @param {View} view
 * @param {DOMRect | null} handBox
 */
function tell(event, view, handBox) {
  const game = current();
  const [verb] = event.action.split(" ");
  if (verb === "coup-fourre") {
    announceNow(event.text);
    const side = /** @type {SideView} */ (view.sides.find((s) => s.seats.includes(event.seat)));
    coupFourreMoment(game.nameOf(event.seat), /** @type {string} */ (side.coups_fourres.at(-1)));
    playSound("coup");
  } else {
    announce(event.text);
    if (["play", "attack", "discard"].includes(verb)) playSound(verb === "attack" ? "attack" : "play");
  }
  const mine = event.seat === (game.shown === null ? undefined : game.states.get(game.shown)?.view.seat);
  fly(origin(event.seat, mine ? handBox : null));
}

/**
 * A deal's end in words: each side's points, and the match's winner once it is over.
 * @param {State} message
 */
function dealEndText(message) {
  const game = current();
  const { view, room } = message;
  const result = /** @type {Result} */ (room.results.at(-1));
  const scores = view.sides.map((_, side) =>
    t("side_points", { name: game.sideName(side, view), points: result.sheets[side].total }));
  const end = t("deal_end", { n: result.deal, scores: listOf(scores) });
  if (!room.over) return end;
  const winner = room.winner === null ? t("tie") : t("wins", { name: game.sideName(room.winner, view) });
  return `${end} ${winner}`;
}

// --------------------------------------------------------------------- moves out

/**
 * Make a move for the seat shown (after asking, before discarding a safety).
 * @param {string} action
 */
async function act(action) {
  const game = current();
  const [verb, card] = action.split(" ");
  if (verb === "discard" && kindOf(card) === "safety") {
    const sure = await confirmThat(
      t("discard_safety_title", { card: cardName(card) }), t("discard_safety_text"),
      t("discard_safety_yes"), t("discard_safety_no"));
    if (!sure) {
      focusHand();
      return;
    }
  }
  const seat = /** @type {number} */ (game.shown); // only a seat's hand and questions act
  const handCard = card && document.querySelector(`#hand .card[data-card="${card}"]`);
  ui.flyFrom = handCard ? handCard.getBoundingClientRect() : null;
  ui.selected = null;
  ui.returnFocus = true;
  document.body.classList.add("sent");
  ui.inFlight = { seat, action, seen: game.seen.get(seat) };
  if (!link().act(ui.inFlight)) {
    $("status").textContent = t("move_waits");
    announce(t("move_waits"));
  }
}

/** @param {string} card */
function tap(card) {
  const game = current();
  const view = shownState().view;
  if (!isTurn(game, view) || ui.covered) return;
  if (ui.selected === card && view.legal.includes(`play ${card}`)) act(`play ${card}`);
  else {
    ui.selected = card;
    render();
    const why = whyNot(game, card);
    if (why) announce(why);
  }
}

/**
 * Enter on a hand card: play it; choose its target when it has several; else say why not.
 * @param {string} card
 */
function enter(card) {
  const game = current();
  const view = shownState().view;
  if (!isTurn(game, view) || ui.covered) {
    announce(statusText(game, shownState(), ui));
    return;
  }
  const moves = actionsFor(game, view, card).filter(([action]) => !action.startsWith("discard"));
  if (moves.length === 1) {
    act(moves[0][0]);
    return;
  }
  ui.selected = card;
  render();
  if (moves.length) {
    /** @type {HTMLElement} */ ($("actions").querySelector("button[data-action]")).focus();
    announce(t("choose_target_key"));
  } else announce(`${t("cannot_play_key", { card: cardName(card) })} ${whyNot(game, card)}`.trim());
}

/** @param {string} card */
function discard(card) {
  const game = current();
  const view = shownState().view;
  if (isTurn(game, view) && view.legal.includes(`discard ${card}`)) act(`discard ${card}`);
}

// Close the score sheet, show the table as it is now, and tell the server: bots start the next
// deal once every person at the table has (or when the pause runs out).
function nextDeal() {
  const game = current();
  game.finals.clear();
  closeDialog();
  if (game.shown !== WATCH) link().send({ type: "next" });
  render();
  focusHand();
}

// Every person asks the server for the rematch's room (the first to ask opens it) and goes
// there with the seats this browser holds: their tokens hold the same seats in the new room.
async function rematch() {
  const game = current();
  const seats = storedSeats(game.code);
  try {
    const reply = /** @type {{code: string}} */ (await api(`/api/rooms/${game.code}/rematch`, { token: Object.values(seats)[0] }));
    storeSeats(reply.code, seats);
    location.assign(`/room/${reply.code}`);
  } catch (error) {
    toast(errorText(error));
  }
}

/**
 * Ask for the review or the replay (`what`) of the deal numbered `deal` (from 0) and open it
 * in a new tab.
 * @param {"review" | "replay"} what
 * @param {number} deal
 */
async function openShared(what, deal) {
  const game = current();
  try {
    // A seat taken on another device has no token here: the player's cookie asks for it.
    const token = storedSeats(game.code)[String(game.shown)];
    const asked = token ? { token, deal } : typeof game.shown === "number" && game.shown >= 0 ? { seat: game.shown, deal } : { deal };
    const reply = /** @type {{link: string}} */ (await api(`/api/rooms/${game.code}/${what}`, asked));
    window.open(reply.link, "_blank");
  } catch (error) {
    toast(errorText(error));
  }
}

async function leave() {
  const seated = Object.keys(storedSeats(current().code)).length > 0;
  if (seated && !(await confirmThat(t("leave_title"), t("leave_text"), t("leave_yes"), t("leave_no")))) return;
  goHome();
}

function goHome() {
  page.connection?.close();
  location.assign("/");
}

// --------------------------------------------------------------------- drawing

/** Whether nothing useful has the focus: the page's body, an element no longer shown, or a
 * dialog's button once the dialog has closed. */
function focusLost() {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  if (!active || active === document.body || !active.isConnected) return true;
  const dialog = active.closest("dialog");
  return dialog !== null && !dialog.open;
}

function focusHand() {
  const card = /** @type {HTMLElement | null} */ ($("hand").querySelector('[tabindex="0"]') ?? $("hand").querySelector("button"));
  card?.focus();
}

/** The state on screen, once the page has one (what a key or a click acts on). */
function shownState() {
  return /** @type {State} */ (current().shownState());
}

function render() {
  const game = current();
  const state = game.shownState();
  if (!state) return;
  const { view, room } = state;
  const hand = $("hand");
  const active = document.activeElement;
  const refocus = hand.contains(active) || (ui.returnFocus && (focusLost() || $("actions").contains(active)));
  renderTabs(game);
  renderLesson(room);
  renderWaiting(game, room);
  $("table-wrap").hidden = false;
  renderTable(game, state, ui);
  renderHand(game, view, ui);
  renderStatus(game, state, ui);
  renderActions(game, view, ui);
  renderLog(game);
  renderScoresMini(game, /** @type {State} */ (game.states.get(/** @type {Key} */ (game.shown))).view);
  renderDialogs(state);
  renderHandover();
  chatRoom(room);
  if (refocus && !dialogKind()) {
    ui.returnFocus = false;
    focusHand();
  }
  renderClock(game, state);
  attention();
  tickStatus(room);
  follow(room);
}

/**
 * Who the table waits for, and when a quick game's bots take the free seats (the server's
 * time, in the page's clock).
 * @param {Game} game
 * @param {RoomInfo} room
 */
function renderWaiting(game, room) {
  const free = room.seats.filter((s) => s.free);
  const waiting = $("waiting");
  waiting.hidden = free.length === 0 && room.started;
  if (waiting.hidden) return;
  const bots = room.bots_at ? new Date(room.bots_at * 1000 - game.clockOffset) : null;
  const time = bots?.toLocaleTimeString(language(), { hour: "numeric", minute: "2-digit", second: "2-digit" });
  $("waiting-text").textContent = [
    t("waiting_for", { names: free.map((s) => `#${s.seat + 1}`).join(", ") }),
    ...(time ? [t("bots_at", { time })] : []),
  ].join(" ");
  $("add-player").hidden = free.length === 0;
}

/** @param {State} state */
function renderDialogs(state) {
  const { view, room } = state;
  if (ui.covered) {
    if (dialogKind() === "decision") closeDialog();
    return;
  }
  if (ui.seenResults === null) {
    // Back during the pause after a deal: its score sheet again, to say "Next deal".
    const unseen = room.over || room.waiting_next.includes(/** @type {number} */ (view.seat)) ? 1 : 0;
    ui.seenResults = room.results.length - unseen;
  }
  if (QUESTIONS.includes(view.decision)) openQuestion(current(), view, state.countdown, act);
  else if (room.results.length > ui.seenResults || (room.over && room.rematch !== ui.sheetRematch && dialogKind())) {
    ui.seenResults = room.results.length;
    showScores(room.results.length - 1);
  } else if (dialogKind() === "decision") closeDialog();
}

/**
 * Open the score sheet of the `index`th finished deal.
 * @param {number} index
 */
function showScores(index) {
  const game = current();
  const room = game.info;
  const view = shownState().view;
  const last = index === room.results.length - 1;
  const next = !room.over && last
    && (game.finals.has(/** @type {Key} */ (game.shown)) || room.waiting_next.includes(/** @type {number} */ (view.seat)));
  ui.sheetRematch = room.rematch;
  openScores(game, view, index, {
    next,
    seated: Boolean(storedSeats(game.code)[String(game.shown)]),
    actions: {
      next: nextDeal, rematch,
      review: (deal) => openShared("review", deal), replay: (deal) => openShared("replay", deal),
    },
  });
}

function renderHandover() {
  const game = current();
  const banner = $("handover");
  const waiting = [...game.states.entries()].find(([seat, state]) =>
    seat !== game.shown && seat !== WATCH && ["turn", ...QUESTIONS].includes(state.view.decision));
  banner.hidden = !waiting;
  if (!waiting) return;
  const seat = /** @type {number} */ (waiting[0]);
  const name = game.nameOf(seat);
  setHTML(banner, html`<span>${t("handover", { name })}</span><button type="button" class="primary" data-seat="${seat}">${t("show_seat", { name })}</button>`);
}

/**
 * Show the table as `seat` (a seat this page holds) sees it, its hand covered (hot-seat).
 * @param {number} seat
 */
function showSeat(seat) {
  const game = current();
  if (seat === game.shown) return;
  game.shown = seat;
  ui.selected = null;
  ui.covered = true;
  render();
}

/** The tab's title and icon (and a notification) while one of the page's seats is waited for. */
function attention() {
  const game = current();
  const waited = [...game.states.values()].some((state) =>
    ["turn", ...QUESTIONS].includes(state.view.decision) && !game.seatsFree);
  setWaiting(waited ? t("your_turn") : null);
}

/**
 * While the table waits on a person whose connection was lost, or a turn clock runs, count
 * down every second.
 * @param {RoomInfo} room
 */
function tickStatus(room) {
  clearTimeout(ui.statusTimer);
  if (!room.seats.some((seat) => seat.away_at) && room.turn_ends === null) return;
  ui.statusTimer = setTimeout(() => {
    const state = shownState();
    renderStatus(current(), state, ui);
    renderClock(current(), state);
    tickStatus(state.room);
  }, 1000);
}

/**
 * A spectator follows the room into the rematch once someone opens it.
 * @param {RoomInfo} room
 */
function follow(room) {
  if (current().shown !== WATCH || !room.over || !room.rematch || ui.following) return;
  ui.following = true;
  announce(t("following_rematch"));
  setTimeout(() => location.assign(`/room/${room.rematch}`), FOLLOW_MS);
}

// --------------------------------------------------------------------- keys and clicks

/** @param {KeyboardEvent} event */
function handKeys(event) {
  const card = closest(event, "#hand .card[data-card]");
  if (!card) return;
  const sent = document.body.classList.contains("sent"); // a move is on its way: wait for it
  const cards = [.../** @type {NodeListOf<HTMLElement>} */ ($("hand").querySelectorAll(".card[data-card]"))];
  const index = cards.indexOf(card);
  /** @param {number} n */
  const moveTo = (n) => {
    event.preventDefault();
    const next = cards[(n + cards.length) % cards.length];
    card.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  };
  if (event.key === "ArrowRight" || event.key === "ArrowDown") moveTo(index + 1);
  else if (event.key === "ArrowLeft" || event.key === "ArrowUp") moveTo(index - 1);
  else if (event.key === "Home") moveTo(0);
  else if (event.key === "End") moveTo(cards.length - 1);
  else if (event.key === "Enter") {
    event.preventDefault();
    if (!sent) enter(/** @type {string} */ (card.dataset.card));
  } else if (event.key === "d" || event.key === "D" || event.key === "Delete") {
    event.preventDefault();
    if (!sent) discard(/** @type {string} */ (card.dataset.card));
  }
}

/** @param {KeyboardEvent} event */
function pageKeys(event) {
  if (!page.game?.shownState() || event.ctrlKey || event.metaKey || event.altKey) return;
  if (closest(event, "input, select, textarea") || dialogKind() || $("confirm").open) return;
  const game = current();
  const state = shownState();
  if (/^[1-9]$/.test(event.key)) {
    const card = /** @type {HTMLElement | undefined} */ ($("hand").querySelectorAll(".card[data-card]")[Number(event.key) - 1]);
    if (card) {
      ui.handIndex = Number(card.dataset.index);
      if (isTurn(game, state.view)) {
        ui.selected = /** @type {string} */ (card.dataset.card);
        render();
      }
      focusHand();
    }
  } else if (event.key === "t" || event.key === "T") announce(tableText(game, state, ui));
  else if (event.key === "h" || event.key === "H") announce(handText(game, state.view));
  else if (event.key === "l" || event.key === "L") announce(game.last.get(/** @type {Key} */ (game.shown))?.text ?? t("no_move_yet"));
  else if (event.key === "?") openKeys();
  else if (event.key === "c" || event.key === "C") toggleChat(true, true);
  else if (event.key === "Escape" && ui.selected) {
    ui.selected = null;
    render();
    focusHand();
  } else return;
  event.preventDefault();
}

function wire() {
  if (page.wired) return;
  page.wired = true;
  const hand = $("hand");
  hand.addEventListener("click", (event) => {
    if (closest(event, "#reveal")) {
      ui.covered = false;
      render();
      focusHand();
      return;
    }
    const card = closest(event, ".card[data-card]");
    if (card) ui.handIndex = Number(card.dataset.index); // of identical cards, this one
    if (card) tap(/** @type {string} */ (card.dataset.card));
  });
  hand.addEventListener("keydown", handKeys);
  hand.addEventListener("focusin", (event) => {
    const card = closest(event, ".card[data-index]");
    if (card) ui.handIndex = Number(card.dataset.index);
  });
  $("actions").addEventListener("click", (event) => {
    const button = closest(event, "button[data-action]");
    if (button) act(/** @type {string} */ (button.dataset.action));
  });
  $("table").addEventListener("click", (event) => {
    const lane = closest(event, ".lane.target");
    if (lane && ui.selected) act(`attack ${ui.selected} ${lane.dataset.side}`);
  });
  $("scores-mini").addEventListener("click", (event) => {
    if (/** @type {Element} */ (event.target).id === "show-scores") showScores(current().info.results.length - 1);
  });
  $("seat-tabs").addEventListener("click", (event) => {
    const tab = closest(event, "button[data-seat]");
    if (tab) showSeat(Number(tab.dataset.seat));
  });
  $("handover").addEventListener("click", (event) => {
    const button = closest(event, "button[data-seat]");
    if (button) showSeat(Number(button.dataset.seat));
  });
  $("server-message").addEventListener("click", (event) => {
    if (closest(event, "button")) $("server-message").hidden = true;
  });
  $("copy-link").onclick = copyInvite;
  $("copy-invite").onclick = copyInvite;
  $("add-player").onclick = showJoin;
  $("leave").onclick = leave;
  $("skip-lesson").onclick = goHome; // nothing is lost: the home page opens the lesson again
  pinLogToEnd();
  keepHeight($("dock"), "--dock-height");
  $("skip").onclick = (event) => {
    event.preventDefault();
    focusHand();
  };
  document.addEventListener("keydown", pageKeys);
  $("dialog").addEventListener("cancel", (event) => {
    const kind = $("dialog").dataset.kind;
    if (kind === "decision") event.preventDefault(); // answer, or wait it out
    if (kind === "next") {
      event.preventDefault();
      nextDeal();
    }
  });
  for (const box of [$("dialog"), $("confirm")]) {
    box.addEventListener("close", () => {
      if (current().shownState() && focusLost()) focusHand();
    });
  }
}

/** Whether the page shows a room (rather than the lobby). */
export function inRoom() {
  return page.game !== null;
}

/** The room's preset, for the rules dialog. */
export function roomRules() {
  return page.game?.room?.rules ?? null;
}
