// @ts-check
// The WebSocket the room page plays through (the messages of docs/web.md): it reconnects by
// itself, greets the server again each time, and keeps a move made while it was down until
// the table can say whether it still stands. The types here are what the server sends and
// takes, over the WebSocket and HTTP alike, as docs/web.md says them.

// --------------------------------------------------------------------- what the server tells

/** @typedef {"turn" | "coup-fourre" | "extension" | "wait" | "over"} Decision */

/**
 * One side's tableau: its seats, its piles (cards in the notation, the top one last) and km.
 * @typedef {object} SideView
 * @property {number[]} seats
 * @property {string[]} battle
 * @property {string[]} speed
 * @property {string[]} safeties
 * @property {string[]} coups_fourres
 * @property {string[]} distance
 * @property {number} km
 */

/**
 * What everyone at the table sees (a spectator's view: the core's PublicView).
 * @typedef {object} PublicView
 * @property {string} rules
 * @property {number} players
 * @property {number} race
 * @property {number} dealer
 * @property {Decision} decision
 * @property {number | null} to_act
 * @property {number[]} hand_sizes
 * @property {SideView[]} sides
 * @property {string[]} discard
 * @property {number} stock_size
 * @property {number | null} extended_by
 * @property {number[]} scores
 */

/**
 * The attack a seat is asked to answer with a coup-fourré.
 * @typedef {object} Attack
 * @property {number} by
 * @property {string} hazard
 */

/**
 * A seat's own part of its view (a spectator's has none: state.js gives it these defaults).
 * @typedef {object} SeatPart
 * @property {number | null} seat
 * @property {number | null} side
 * @property {string[]} hand
 * @property {string[]} legal
 * @property {Attack | null} attack
 */

/** @typedef {PublicView & SeatPart} View */

/**
 * A seat of the room (`bot` is its level, null for a person).
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {string} name
 * @property {string | null} bot
 * @property {boolean} free
 * @property {boolean} online
 * @property {boolean} away
 * @property {number | null} away_at
 */

/**
 * A finished deal's score: each side's sheet (item -> points, with `total`) and the match's
 * totals after it.
 * @typedef {object} Result
 * @property {number} deal
 * @property {Record<string, number>[]} sheets
 * @property {number[]} totals
 */

/**
 * What anyone at the table, or watching it, may know of the room (`Room.info`).
 * @typedef {object} RoomInfo
 * @property {string} code
 * @property {string} rules
 * @property {number} players
 * @property {number} race
 * @property {number | null} target
 * @property {SeatInfo[]} seats
 * @property {boolean} started
 * @property {number | null} bots_at when a quick game's bots take the free seats (server's clock, s)
 * @property {boolean} over
 * @property {number | null} winner
 * @property {number[]} scores
 * @property {number} deal
 * @property {Result[]} results
 * @property {number} coup_fourre_seconds
 * @property {{move: number, bank: number} | null} time_control
 * @property {number[] | null} banks each seat's bank, in seconds
 * @property {number | null} turn_ends when (server wall clock, seconds) the move under way runs out
 * @property {{count: number, names: string[]}} watching how many watch, and the names they gave
 * @property {number[]} waiting_next
 * @property {number[]} reading_review the seats of `waiting_next` reading the deal's review
 * @property {number | null} next_deal_at when (server's wall clock, s) the bots go on at the latest
 * @property {string | null} rematch
 * @property {boolean} listed
 * @property {boolean} show_names
 * @property {boolean} quiet_spectators
 * @property {{number: number, count: number, line: string}} [lesson] a lesson's step, and its line's catalog key
 */

/**
 * A move told in words for its reader: a log line, or a state message's event.
 * @typedef {object} LogLine
 * @property {number} deal
 * @property {number} seat
 * @property {string} action
 * @property {string} text
 * @property {boolean} [stand_in]
 */

/**
 * A chat line or a reaction (a spectator's has `seat` null and the name it gave, or null).
 * @typedef {object} ChatLine
 * @property {string} author
 * @property {number | null} seat
 * @property {string | null} name
 * @property {number} at
 * @property {string} [text]
 * @property {string} [reaction]
 * @property {boolean} [spectators_only]
 */

/**
 * The chat part of the first state message after a hello.
 * @typedef {object} ChatGreeting
 * @property {ChatLine[]} messages
 * @property {boolean} host
 * @property {string[]} muted
 * @property {string[]} blocked the authors of the players this page's player blocks
 * @property {boolean} player whether this page has a player (who may block)
 * @property {string | null} you
 */

/**
 * The seat's own hand as the table lays it out: each card in the place it kept since the deal
 * (null where a card left and none came yet), the places of the cards just drawn, and on its
 * turn why each card that cannot be played cannot (by card, in the rules' words).
 * @typedef {object} HandLayout
 * @property {(string | null)[]} places
 * @property {number[]} new
 * @property {Record<string, string>} why
 */

/**
 * A seat's state (or the spectators', `seat` null) after a change it may know of; the first
 * after a hello adds `log`, `clock` and `chat`.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number | null} seat
 * @property {RoomInfo} room
 * @property {PublicView & Partial<SeatPart>} view
 * @property {number | null} countdown
 * @property {LogLine | null} event
 * @property {HandLayout | null} [hand] the seat's own hand as laid out (null for a spectator)
 * @property {LogLine[]} [log]
 * @property {number} [seen] how many moves the seat has seen (the log holds the last of them)
 * @property {number} [clock]
 * @property {ChatGreeting} [chat]
 */

/** @typedef {{type: "error", code: string, message: string}} ErrorMessage */
/** @typedef {ChatLine & {type: "chat"}} ChatMessage */
/** @typedef {{type: "muted", authors: string[]}} MutedMessage */
/** @typedef {{type: "blocked", authors: string[], now: boolean}} BlockedMessage */
/** @typedef {{type: "removed", watcher: string}} RemovedMessage */
/** @typedef {{type: "pong"}} PongMessage */
/** @typedef {{type: "ping"}} PingMessage the server's heartbeat, which the page answers */
/** @typedef {{type: "timeout", seat: number, in_a_row: number, abandoned: boolean}} TimeoutMessage */
/** @typedef {{type: "notice", code: "not-saving" | null}} NoticeMessage the server's state while it lasts (null: over) */
/** @typedef {{type: "announcement", text: string}} AnnouncementMessage the operator's, worded for the page's language */
/** @typedef {StateMessage | ErrorMessage | ChatMessage | MutedMessage | BlockedMessage | RemovedMessage | PongMessage | PingMessage | TimeoutMessage | NoticeMessage | AnnouncementMessage} ServerMessage */

// --------------------------------------------------------------------- what the page sends

/**
 * @typedef {{type: "hello", tokens: string[], language: string, host?: string, name?: string}
 *   | {type: "action", seat: number, action: string}
 *   | {type: "next"}
 *   | {type: "ping"}
 *   | {type: "pong"}
 *   | {type: "chat", text: string, seat?: number}
 *   | {type: "react", reaction: string, seat?: number}
 *   | {type: "mute", author: string, muted: boolean}
 *   | {type: "block", author: string}
 *   | {type: "settings", listed?: boolean, show_names?: boolean, quiet_spectators?: boolean}
 *   | {type: "remove", watcher: string}} ClientMessage
 */

/** @typedef {ClientMessage & {type: "hello"}} Hello */

/** @typedef {{seat: number, action: string, seen?: number}} Move a move, and how many moves its seat had seen */

// --------------------------------------------------------------------- HTTP replies

/**
 * A preset's table for a number of players.
 * @typedef {object} Seating
 * @property {number} sides
 * @property {number[]} races
 * @property {boolean} extension
 */

/**
 * A card: its kind (distance, hazard, remedy, safety), its km (null but for distance) and its
 * name in each language.
 * @typedef {object} CardInfo
 * @property {string} kind
 * @property {number | null} km
 * @property {Record<string, string>} names
 */

/**
 * GET /api/config: the presets (name -> players -> seating), the bots' levels, the cards, the
 * page's words as Fluent source by language, and the server's address.
 * @typedef {object} Config
 * @property {Record<string, Record<string, Seating>>} presets
 * @property {string[]} levels
 * @property {Record<string, CardInfo>} cards
 * @property {Record<string, string>} remedy_for
 * @property {Record<string, string>} safety_for
 * @property {number} coup_fourre_seconds
 * @property {number} long_coup_fourre_seconds
 * @property {Record<string, [number, number] | null>} time_controls name -> [move, bank] seconds
 * @property {Record<string, string>} words
 * @property {Record<string, string>} locales
 * @property {string | null} public_url
 * @property {boolean} others_can_join
 */

/**
 * A listed table (GET /api/tables): names only if its creator shows them.
 * @typedef {object} Listing
 * @property {string} code
 * @property {string} rules
 * @property {number} players
 * @property {number} race
 * @property {string} language
 * @property {number} bots
 * @property {number} free
 * @property {boolean} single_deal
 * @property {number} waited
 * @property {string[] | null} names the people seated, if its creator shows them
 * @property {number} here people connected
 * @property {string[] | null} waiting their names, if its creator shows them
 * @property {number} watching spectators connected
 */

/**
 * A view of the reviewed seat (its hand, no legal actions), the points before the deal in it.
 * @typedef {PublicView & {seat: number, side: number, hand: string[]}} ShownView
 */

/**
 * A step of the deal: the action numbered `index` (from 0), its words, and the table before it.
 * @typedef {{index: number, seat: number, action: string, text: string, view: ShownView}} Step
 */

/**
 * GET /api/review/LINK: the deal as the seat saw it and the review so far (each decision's
 * label: best ... blunder, or forced), told in the page's language (`told`) once done.
 * @typedef {object} ReviewData
 * @property {number} seat
 * @property {number} deal
 * @property {string[]} names
 * @property {Step[]} steps
 * @property {ShownView} end
 * @property {{done: number, total: number}} progress
 * @property {{index: number, label: string}[]} judged the decisions judged so far
 * @property {{decisions: {index: number, label: string}[], summary: {labels: Record<string, number>}} | null} review
 * @property {{verdicts: Record<string, string>, labels: Record<string, string>,
 *   lessons: {index: number, text: string}[], summary: string | null, luck: string[]}} told
 * @property {string | null} error
 */

/**
 * A table of the replay: the view after an action (the public one with every hand open, then
 * `hands` holds each seat's).
 * @typedef {{view: PublicView & Partial<SeatPart>, hands: string[][] | null}} ReplayTable
 */

/**
 * GET /api/replay/LINK: the deal's steps, each with the table after its action, from the view
 * `shown` (a seat, or "open"), in the page's language; `points` each side's at the end.
 * @typedef {object} ReplayData
 * @property {number} seat the link's seat
 * @property {number | "open"} shown
 * @property {number} deal
 * @property {string[]} names
 * @property {ReplayTable} start
 * @property {(ReplayTable & Omit<Step, "view">)[]} steps
 * @property {number[]} points
 */

/** @typedef {{seat: number, token: string}} Joined */
/** @typedef {{code: string, host: string | null}} Created */
/** @typedef {Joined & {code: string, host?: string}} Seated a quick game's seat */

// --------------------------------------------------------------------- the connection

const RETRY_MS = 500;
const MAX_BACKOFF = 5; // doublings: 16 s between tries at most
const UNKNOWN_ROOM_CLOSE = 4404;
const REMOVED_CLOSE = 4403; // the room's creator removed this spectator
// The heartbeat: the server pings every few seconds (and answers the page's pings). A page that
// has heard nothing for PING_MS pings; for SILENT_MS, it gives the socket up as stalled (a
// network can stop without closing anything) and reconnects: "Reconnecting…" within 10 s.
const PING_MS = 3000;
const SILENT_MS = 8000;
const WATCH_MS = 1000;

/**
 * @typedef {object} Listeners
 * @property {() => Hello} greeting the hello to send on each (re)connection
 * @property {(message: ServerMessage) => void} onMessage every message
 * @property {(up: boolean) => void} onLink the link went down or came back
 */

export class Connection {
  /**
   * `greeting()` gives the hello message to send on each (re)connection; `onMessage(message)`
   * gets every message; `onLink(up)` hears when the link goes down or comes back.
   * @param {string} code
   * @param {Listeners} listeners
   */
  constructor(code, { greeting, onMessage, onLink }) {
    this.code = code;
    this.greeting = greeting;
    this.onMessage = onMessage;
    this.onLink = onLink;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.retry = 0;
    /** @type {Move | null} a move made while the link was down */
    this.pending = null;
    this.heard = 0; // when the server was last heard from (Date.now())
    this.pinged = 0; // when the page last pinged it
    this.watch = setInterval(() => this.listen(), WATCH_MS);
  }

  get open() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  connect() {
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) {
      if (this.open) this.send(this.greeting());
      return;
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${this.code}`);
    this.socket = socket;
    this.heard = Date.now();
    socket.onopen = () => {
      this.retry = 0;
      this.heard = Date.now();
      this.onLink(true);
      this.send(this.greeting());
    };
    socket.onmessage = (event) => {
      this.heard = Date.now();
      const message = /** @type {ServerMessage} */ (JSON.parse(event.data));
      if (message.type === "ping") this.send({ type: "pong" });
      else this.onMessage(message);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || [UNKNOWN_ROOM_CLOSE, REMOVED_CLOSE].includes(event.code)) return;
      this.lost();
    };
  }

  /** The link is down: say so, and try again a little later each time. */
  lost() {
    this.onLink(false);
    this.retry = Math.min(this.retry + 1, MAX_BACKOFF);
    setTimeout(() => this.connect(), RETRY_MS * 2 ** this.retry);
  }

  /** The heartbeat's watch: ping a quiet server, give up a silent one's socket (stalled). */
  listen() {
    const socket = this.socket;
    if (!socket || socket.readyState > WebSocket.OPEN) return;
    const now = Date.now();
    if (now - this.heard >= SILENT_MS) { // silent, or still connecting after as long
      this.socket = null; // its close, whenever it comes, is not this link's any more
      socket.close();
      this.lost();
    } else if (now - this.heard >= PING_MS && now - this.pinged >= PING_MS) {
      this.pinged = now;
      this.send({ type: "ping" }); // nothing goes while it is connecting
    }
  }

  /** Stop for good (the page leaves the room). */
  close() {
    clearInterval(this.watch);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /**
   * Send `message` if the link is up; whether it went.
   * @param {ClientMessage} message
   */
  send(message) {
    if (!this.socket || !this.open) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * Send a move, or keep it for when the link is back (`takePending`). Whether it went.
   * @param {Move} move
   */
  act(move) {
    if (this.send({ type: "action", seat: move.seat, action: move.action })) return true;
    this.pending = move;
    return false;
  }

  /** The move kept while the link was down, once: the caller sends it again or drops it. */
  takePending() {
    const pending = this.pending;
    this.pending = null;
    return pending;
  }
}
