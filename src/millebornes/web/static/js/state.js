// What the room page knows: the latest state message of each seat it holds (or of the
// spectators, "watch"), each one's log and last move, and the final table of a deal kept under
// its score sheet until "Next deal". No drawing here: table.js draws from it.

export const WATCH = "watch";

/** A spectator's view is the public one: no seat, no hand, nothing to decide. */
function withDefaults(view) {
  return { seat: null, side: null, hand: [], legal: [], attack: null, ...view };
}

export class Game {
  constructor(code, config) {
    this.code = code;
    this.config = config; // of /api/config
    this.room = null; // the latest room info
    this.states = new Map(); // seat (or WATCH) -> latest state message
    this.finals = new Map(); // seat (or WATCH) -> the final table of a deal, until "Next deal"
    this.logs = new Map(); // seat (or WATCH) -> log lines
    this.last = new Map(); // seat (or WATCH) -> the last move it saw, until the next one
    this.shown = null; // the seat (or WATCH) on screen
    this.clockOffset = 0; // the server's wall clock minus the page's, in ms
  }

  /** Forget the seats' states before greeting the server again (it sends them all). */
  reset() {
    this.states.clear();
    this.logs.clear();
  }

  /** Take a state message in; what it told: { key, event, first }. */
  receive(message) {
    const key = message.seat ?? WATCH;
    message.view = withDefaults(message.view);
    this.room = message.room;
    const first = !this.states.has(key);
    this.states.set(key, message);
    if (message.clock) this.clockOffset = message.clock * 1000 - Date.now();
    const final = message.view.decision === "over" && !message.room.over;
    if (final) {
      message.dealNumber = message.event?.deal ?? message.room.results.at(-1).deal;
      this.finals.set(key, message);
    }
    if (message.log) {
      this.logs.set(key, message.log);
      const line = message.log.at(-1);
      if (line && line.deal === message.room.deal) this.last.set(key, line);
      else this.last.delete(key);
    } else if (message.event) {
      this.logs.get(key)?.push(message.event);
      this.last.set(key, message.event);
    }
    return { key, event: message.event, first };
  }

  /** The state on screen: a deal's final table stays under its score sheet until "Next deal". */
  shownState() {
    return this.finals.get(this.shown) ?? this.states.get(this.shown);
  }

  /** The number of the deal `state` shows (1 for the first). */
  dealOf(state) {
    return state.dealNumber ?? state.room.deal;
  }

  safetyFor(hazard) {
    return this.config.safety_for[hazard];
  }

  nameOf(seat) {
    return this.room.seats[seat].name;
  }

  sideName(side, view) {
    return view.sides[side].seats.map((seat) => this.nameOf(seat)).join(" & ");
  }

  get seatsFree() {
    return this.room.seats.some((seat) => seat.free);
  }

  /** Seconds until a bot stands in for `seat`, a person whose connection was lost, or null. */
  standInSeconds(seat) {
    const at = this.room.seats[seat].away_at;
    if (at === null || at === undefined) return null;
    return Math.max(0, Math.ceil((at * 1000 - this.clockOffset - Date.now()) / 1000));
  }
}
