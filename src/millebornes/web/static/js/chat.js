// @ts-check
// The table's chat: its messages (players' and spectators' told apart), quick reactions, who is
// muted or blocked (a blocked player's messages never come: the server keeps them), and the
// creator's choices. A message is always text (textContent, never markup), said
// in the polite live region, and never takes the focus: the chat is opened by its button or C.

import { announce } from "./announce.js";
import { $, closest } from "./dom.js";
import { reactionMoment } from "./feedback.js";
import { t } from "./i18n.js";

/** @import { ChatGreeting, ChatLine, ClientMessage, RoomInfo } from "./protocol.js" */

/**
 * What the chat asks of the room: `send` a message to the server (whether it went), the `seat`
 * the page shows (null: watching), the focus `back` to the hand.
 * @typedef {object} ChatLinks
 * @property {(message: ClientMessage) => boolean} send
 * @property {() => number | null} seat
 * @property {() => void} back
 */

export const REACTIONS = ["well-played", "oops", "thanks", "hurry-up", "good-game"];
/** @type {("listed" | "show_names" | "quiet_spectators")[]} the creator's choices */
const CHOICES = ["listed", "show_names", "quiet_spectators"];

const chat = {
  /** @type {ChatLinks["send"]} */
  send: () => false,
  /** @type {ChatLinks["seat"]} */
  seat: () => null,
  /** @type {ChatLinks["back"]} */
  back: () => {},
  /** @type {ChatLine[]} */
  messages: [],
  host: false,
  /** @type {Set<string>} */
  muted: new Set(),
  /** @type {Set<string>} the authors of the players this page's player blocks */
  blocked: new Set(),
  player: false, // this page has a player, who may block
  /** @type {string | null} a spectator's author id */
  you: null,
  /** @type {number[]} the seats this page holds */
  seats: [],
  /** @type {RoomInfo | null} */
  room: null,
  unread: 0,
};

/**
 * Wire the chat once: `send` a message to the server, the `seat` shown, `back` to the hand.
 * @param {ChatLinks} links
 */
export function setupChat({ send, seat, back }) {
  Object.assign(chat, { send, seat, back });
  $("chat-toggle").hidden = false;
  $("chat-toggle").onclick = () => toggleChat(!isOpen());
  $("chat-form").onsubmit = (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (!text) return;
    if (chat.send({ type: "chat", text, ...seatField() })) $("chat-text").value = "";
  };
  $("chat-text").addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      chat.back();
    }
  });
  $("reactions").onclick = (event) => {
    const key = closest(event, "button[data-reaction]")?.dataset.reaction;
    if (key) chat.send({ type: "react", reaction: key, ...seatField() });
  };
  $("chat-people-list").onclick = (event) => {
    const button = closest(event, "button");
    if (!button) return;
    if (button.dataset.mute) {
      const muted = button.getAttribute("aria-pressed") !== "true";
      chat.send({ type: "mute", author: button.dataset.mute, muted });
    } else if (button.dataset.block) chat.send({ type: "block", author: button.dataset.block });
    else if (button.dataset.remove) chat.send({ type: "remove", watcher: button.dataset.remove });
  };
  $("chat-host").onchange = (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    const key = input.dataset.choice;
    if (key) chat.send({ type: "settings", [key]: input.checked });
  };
  renderChat();
}

function seatField() {
  const seat = chat.seat();
  return typeof seat === "number" ? { seat } : {};
}

function isOpen() {
  return !$("chat").hidden;
}

/**
 * Open or close the chat; opened by a key, its field takes the focus.
 * @param {boolean} open
 * @param {boolean} [focus]
 */
export function toggleChat(open, focus = false) {
  $("chat").hidden = !open;
  $("chat-toggle").setAttribute("aria-expanded", String(open));
  if (open) chat.unread = 0;
  renderChat();
  if (open && focus) $("chat-text").focus();
  if (!open && $("chat").contains(document.activeElement)) chat.back();
}

/**
 * The chat part of a greeting: its recent messages and what this page may do.
 * @param {ChatGreeting} greeting
 * @param {number[]} seats
 */
export function greetChat(greeting, seats) {
  chat.messages = greeting.messages;
  chat.host = greeting.host;
  chat.muted = new Set(greeting.muted);
  chat.blocked = new Set(greeting.blocked);
  chat.player = greeting.player;
  chat.you = greeting.you;
  chat.seats = seats;
  renderChat();
}

/**
 * The room's info changed (who sits where, the creator's choices).
 * @param {RoomInfo} room
 */
export function chatRoom(room) {
  chat.room = room;
  renderPeople();
  renderHost();
}

/**
 * A message or reaction as it is written: shown, said, and a reaction's moment.
 * @param {ChatLine} message
 */
export function chatMessage(message) {
  chat.messages.push(message);
  if (chat.messages.length > 50) chat.messages.shift();
  const own = message.author === chat.you || chat.seats.includes(/** @type {number} */ (message.seat));
  if (!own) {
    announce(t("chat_said", { name: authorName(message), text: words(message) }));
    if (!isOpen()) chat.unread += 1;
  }
  if (message.reaction) reactionMoment(message.seat, `${authorName(message)}: ${words(message)}`);
  renderChat();
}

/** @param {string[]} authors */
export function chatMuted(authors) {
  chat.muted = new Set(authors);
  renderPeople();
}

/**
 * A person this page's player blocks writes here as `authors`: their messages go, and the
 * page says so if the player blocked them `now`.
 * @param {string[]} authors
 * @param {boolean} now
 */
export function chatBlocked(authors, now) {
  const said = chat.messages.find((m) => authors.includes(m.author));
  const seat = chat.room?.seats.find((s) => authors.includes(`seat:${s.seat}`));
  const name = said ? authorName(said) : seat?.name;
  for (const author of authors) chat.blocked.add(author);
  chat.messages = chat.messages.filter((m) => !authors.includes(m.author));
  if (name && now) announce(t("chat_blocked", { name }));
  renderChat();
}

/** @param {string} watcher */
export function chatRemoved(watcher) {
  const message = chat.messages.find((m) => m.author === `watcher:${watcher}`);
  announce(t("chat_removed", { name: message ? authorName(message) : watcher }));
  chat.messages = chat.messages.filter((m) => m.author !== `watcher:${watcher}`);
  renderChat();
}

/**
 * @param {ChatLine} message
 * @returns {string}
 */
function authorName(message) {
  if (message.seat !== null) return /** @type {string} */ (message.name);
  if (message.name) return t("chat_spectator", { name: message.name });
  return t("chat_watcher", { id: message.author.slice("watcher:".length, "watcher:".length + 4) });
}

/**
 * @param {ChatLine} message
 * @returns {string}
 */
function words(message) {
  return message.reaction ? t(`reaction.${message.reaction}`) : /** @type {string} */ (message.text);
}

/** Draw the chat again (its words too: the page's language may have changed). */
export function renderChat() {
  const toggle = $("chat-toggle");
  toggle.textContent = chat.unread ? t("chat_unread", { n: chat.unread }) : t("chat");
  const log = $("chat-log");
  log.replaceChildren(...chat.messages.map(line));
  if (!chat.messages.length) {
    const empty = document.createElement("li");
    empty.className = "hint";
    empty.textContent = t("chat_empty");
    log.append(empty);
  }
  log.scrollTop = log.scrollHeight;
  const reactions = $("reactions");
  reactions.hidden = chat.seats.length === 0;
  if (!reactions.childElementCount) {
    reactions.append(...REACTIONS.map((key) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "ghost";
      button.dataset.reaction = key;
      return button;
    }));
  }
  for (const button of /** @type {HTMLCollectionOf<HTMLElement>} */ (reactions.children)) {
    button.textContent = t(`reaction.${button.dataset.reaction}`);
  }
  renderPeople();
  renderHost();
}

/** @param {ChatLine} message */
function line(message) {
  const item = document.createElement("li");
  item.className = message.seat === null ? "spectator" : "player";
  if (message.reaction) item.classList.add("reaction");
  const who = document.createElement("b");
  who.textContent = authorName(message);
  item.append(who, ` ${words(message)}`);
  if (message.spectators_only) {
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = ` (${t("chat_spectators_only")})`;
    item.append(note);
  }
  return item;
}

/** The people this page may mute (when it holds a seat), block (when it has a player) or
 * remove (its creator): the others at the table, and the spectators who wrote. */
function renderPeople() {
  /** @type {{author: string, name: string, watcher?: boolean}[]} */
  const people = [];
  const room = chat.room;
  if (room && (chat.seats.length || chat.player)) {
    for (const seat of room.seats) {
      if (seat.bot === null && !seat.free && !chat.seats.includes(seat.seat)) {
        people.push({ author: `seat:${seat.seat}`, name: seat.name });
      }
    }
  }
  const watchers = new Map();
  for (const message of chat.messages) {
    if (message.seat === null && message.author !== chat.you) watchers.set(message.author, authorName(message));
  }
  for (const [author, name] of watchers) people.push({ author, name, watcher: true });
  const list = $("chat-people-list");
  keepingFocus(list, () => list.replaceChildren(...people.map(({ author, name, watcher }) => {
    const item = document.createElement("li");
    const label = document.createElement("span");
    label.textContent = name;
    item.append(label);
    if (chat.seats.length) {
      const mute = personButton("mute", author, t("chat_mute", { name }));
      mute.setAttribute("aria-pressed", String(chat.muted.has(author)));
      item.append(mute);
    }
    if (chat.player && chat.blocked.has(author)) label.textContent = t("chat_is_blocked", { name });
    else if (chat.player) item.append(personButton("block", author, t("chat_block", { name })));
    if (watcher && chat.host) {
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "danger";
      remove.dataset.remove = author.slice("watcher:".length);
      remove.textContent = t("chat_remove", { name });
      item.append(remove);
    }
    return item;
  }).filter((item) => item.querySelector("button"))));
  $("chat-people").hidden = list.childElementCount === 0;
}

/**
 * Draw `container` again, its focused button (if it had one) focused again once drawn.
 * @param {HTMLElement} container
 * @param {() => void} draw
 */
function keepingFocus(container, draw) {
  const active = /** @type {HTMLElement} */ (document.activeElement);
  const held = container.contains(active) ? ["mute", "block", "remove"].find((key) => active.dataset[key]) : null;
  const value = /** @type {string} */ (held && active.dataset[held]);
  draw();
  if (held) /** @type {HTMLElement | null} */ (container.querySelector(`[data-${held}="${CSS.escape(value)}"]`))?.focus();
}

/**
 * A button of the list of people: it does `key` (`data-KEY`) to `author`.
 * @param {string} key
 * @param {string} author
 * @param {string} text
 */
function personButton(key, author, text) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "ghost";
  button.dataset[key] = author;
  button.textContent = text;
  return button;
}

function renderHost() {
  const box = $("chat-host");
  const room = chat.room;
  box.hidden = !chat.host || !room;
  if (box.hidden || !room) return;
  for (const key of CHOICES) {
    const input = /** @type {HTMLInputElement} */ (box.querySelector(`input[data-choice="${key}"]`));
    input.checked = Boolean(room[key]);
  }
}
