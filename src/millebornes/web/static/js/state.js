// @ts-check
// What the room page knows: the latest state message of each seat it holds (or of the
// spectators, "watch"), each one's log and last move, and the final table of a deal kept under
// its score sheet until "Next deal". No drawing here: table.js draws from it.

/** @import { Config, LogLine, Result, RoomInfo, StateMessage, View } from "./protocol.js" */

export const WATCH = "watch";

/** @typedef {number | typeof WATCH} Key a seat the page holds, or WATCH for a spectator's */

/**
 * A state message as the page keeps it: its view with a spectator's defaults, and the number
 * of the deal a deal's final table shows.
 * @typedef {Omit<StateMessage, "view"> & {view: View, dealNumber?: number}} State
 */

/**
 * A spectator's view is the public one: no seat, no hand, nothing to decide.
 * @param {StateMessage["view"]} view
 * @returns {View}
 */
export function withDefaults(view) {
  return { seat: null, side: null, hand: [], legal: [], attack: null, ...view };
}

export class Game {
  /**
   * @param {string} code
   * @param {Config} config of /api/config
   */
  constructor(code, config) {
    this.code = code;
    this.config = config;
    /** @type {RoomInfo | null} the latest room info (null until the page asked for it) */
    this.room = null;
    /** @type {Map<Key, State>} seat (or WATCH) -> latest state message */
    this.states = new Map();
    /** @type {Map<Key, State>} seat (or WATCH) -> the final table of a deal, until "Next deal" */
    this.finals = new Map();
    /** @type {Map<Key, LogLine[]>} seat (or WATCH) -> log lines */
    this.logs = new Map();
    /** @type {Map<Key, number>} seat (or WATCH) -> how many moves it has seen, every deal */
    this.seen = new Map();
    /** @type {Map<Key, LogLine>} seat (or WATCH) -> the last move it saw, until the next one */
    this.last = new Map();
    /** @type {Key | null} the seat (or WATCH) on screen */
    this.shown = null;
    this.clockOffset = 0; // the server's wall clock minus the page's, in ms
    this.online = true; // the link to the server is up (no move is offered while it is down)
  }

  /** The latest room info, once the page has it (everything that draws comes after). */
  get info() {
    return /** @type {RoomInfo} */ (this.room);
  }

  /** Forget the seats' states before greeting the server again (it sends them all). */
  reset() {
    this.states.clear();
    this.logs.clear();
  }

  /**
   * Take a state message in; what it told: { key, event, first }, and the message as kept.
   * @param {StateMessage} message
   */
  receive(message) {
    /** @type {Key} */
    const key = message.seat ?? WATCH;
    const state = /** @type {State} */ (message);
    state.view = withDefaults(message.view);
    this.room = state.room;
    const first = !this.states.has(key);
    this.states.set(key, state);
    if (state.clock) this.clockOffset = state.clock * 1000 - Date.now();
    const final = state.view.decision === "over" && !state.room.over;
    if (final) {
      state.dealNumber = state.event?.deal ?? /** @type {Result} */ (state.room.results.at(-1)).deal;
      this.finals.set(key, state);
    }
    if (state.log) {
      this.seen.set(key, state.seen ?? state.log.length);
      this.logs.set(key, state.log);
      const line = state.log.at(-1);
      if (line && line.deal === state.room.deal) this.last.set(key, line);
      else this.last.delete(key);
    } else if (state.event) {
      this.seen.set(key, (this.seen.get(key) ?? 0) + 1);
      this.logs.get(key)?.push(state.event);
      this.last.set(key, state.event);
    }
    return { key, event: state.event, first, state };
  }

  /** The state on screen: a deal's final table stays under its score sheet until "Next deal". */
  shownState() {
    if (this.shown === null) return undefined;
    return this.finals.get(this.shown) ?? this.states.get(this.shown);
  }

  /**
   * The number of the deal `state` shows (1 for the first).
   * @param {State} state
   */
  dealOf(state) {
    return state.dealNumber ?? state.room.deal;
  }

  /** @param {string} hazard */
  safetyFor(hazard) {
    return this.config.safety_for[hazard];
  }

  /** @param {number} seat */
  nameOf(seat) {
    return this.info.seats[seat].name;
  }

  /**
   * @param {number} side
   * @param {View} view
   */
  sideName(side, view) {
    return view.sides[side].seats.map((seat) => this.nameOf(seat)).join(" & ");
  }

  get seatsFree() {
    return this.info.seats.some((seat) => seat.free);
  }

  /**
   * Seconds until a bot stands in for `seat`, a person whose connection was lost, or null.
   * @param {number} seat
   */
  standInSeconds(seat) {
    const at = this.info.seats[seat].away_at;
    if (at === null || at === undefined) return null;
    return Math.max(0, Math.ceil((at * 1000 - this.clockOffset - Date.now()) / 1000));
  }
}
