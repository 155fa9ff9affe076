// The WebSocket the room page plays through (the messages of docs/web.md): it reconnects by
// itself, greets the server again each time, and keeps a move made while it was down until
// the table can say whether it still stands.

const RETRY_MS = 500;
const MAX_BACKOFF = 5; // doublings: 16 s between tries at most
const UNKNOWN_ROOM_CLOSE = 4404;
const REMOVED_CLOSE = 4403; // the room's creator removed this spectator

export class Connection {
  /**
   * `greeting()` gives the hello message to send on each (re)connection; `onMessage(message)`
   * gets every message; `onLink(up)` hears when the link goes down or comes back.
   */
  constructor(code, { greeting, onMessage, onLink }) {
    this.code = code;
    this.greeting = greeting;
    this.onMessage = onMessage;
    this.onLink = onLink;
    this.socket = null;
    this.retry = 0;
    this.pending = null; // a move made while the link was down: { seat, action }
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
    socket.onopen = () => {
      this.retry = 0;
      this.onLink(true);
      this.send(this.greeting());
    };
    socket.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (this.socket !== socket || [UNKNOWN_ROOM_CLOSE, REMOVED_CLOSE].includes(event.code)) return;
      this.onLink(false);
      this.retry = Math.min(this.retry + 1, MAX_BACKOFF);
      setTimeout(() => this.connect(), RETRY_MS * 2 ** this.retry);
    };
  }

  /** Stop for good (the page leaves the room). */
  close() {
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  send(message) {
    if (!this.open) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Send a move, or keep it for when the link is back (`takePending`). Whether it went. */
  act(seat, action) {
    if (this.send({ type: "action", seat, action })) return true;
    this.pending = { seat, action };
    return false;
  }

  /** The move kept while the link was down, once: the caller sends it again or drops it. */
  takePending() {
    const pending = this.pending;
    this.pending = null;
    return pending;
  }
}
