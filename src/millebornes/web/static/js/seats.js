// @ts-check
// The seats this browser holds: each room's seat tokens, kept in localStorage so that a reload,
// a lost connection or a closed tab comes back to the same seats.

const PREFIX = "millebornes:room:";

/** @typedef {Record<string, string>} Seats seat (a number as a key) -> its token */

/**
 * The seats this browser holds in the room `code`.
 * @param {string} code
 * @returns {Seats}
 */
export function storedSeats(code) {
  try {
    return JSON.parse(/** @type {string} */ (localStorage.getItem(PREFIX + code))) || {};
  } catch {
    return {};
  }
}

/**
 * @param {string} code
 * @param {Seats} seats
 */
export function storeSeats(code, seats) {
  localStorage.setItem(PREFIX + code, JSON.stringify(seats));
}

/**
 * @param {string} code
 * @param {number} seat
 * @param {string} token
 */
export function storeSeat(code, seat, token) {
  storeSeats(code, { ...storedSeats(code), [seat]: token });
}

/** @param {string} code */
export function forgetRoom(code) {
  localStorage.removeItem(PREFIX + code);
}

/** The codes of the rooms this browser holds a seat in. */
export function heldRooms() {
  const codes = [];
  for (let n = 0; n < localStorage.length; n++) {
    const key = /** @type {string} */ (localStorage.key(n));
    if (key.startsWith(PREFIX) && Object.keys(storedSeats(key.slice(PREFIX.length))).length) {
      codes.push(key.slice(PREFIX.length));
    }
  }
  return codes;
}

const HOST = "millebornes:host:";

/**
 * The secret token of the rooms this browser created (their creator's choices and removals).
 * @param {string} code
 */
export function hostToken(code) {
  return localStorage.getItem(HOST + code);
}

/**
 * @param {string} code
 * @param {string | null} token
 */
export function storeHost(code, token) {
  if (token) localStorage.setItem(HOST + code, token);
}

/** Forget every room's seats and creator's tokens: this browser is a new guest. */
export function forgetAllRooms() {
  const keys = Array.from({ length: localStorage.length }, (_, n) => /** @type {string} */ (localStorage.key(n)));
  for (const key of keys) {
    if (key.startsWith(PREFIX) || key.startsWith(HOST)) localStorage.removeItem(key);
  }
}
