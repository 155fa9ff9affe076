// @ts-check
// The lobby: the new game's settings, the public tables (polled while the lobby shows), a
// quick game, the games this browser holds a seat in, and how many players are online.

import { cardHTML } from "./cards.js";
import { $, api, closest, html, setHTML } from "./dom.js";
import { language, listOf, presetName, t } from "./i18n.js";
import { startLesson } from "./lesson.js";
import { followOnline } from "./online.js";
import { inProgress, playedGames, playerKnown, turnText } from "./player.js";
import { errorText, openRoom } from "./room.js";
import { forgetRoom, heldRooms, storeHost, storeSeat } from "./seats.js";

/** @import { Config, Created, Joined, Listing, Seated } from "./protocol.js" */

const POLL_MS = 5000; // the list of tables is asked for again this often while it shows
const NAME = "millebornes:name";
const MAX_HELD = 100; // the codes of held rooms a quick game passes over (the server's bound)
const WAITS = [30, 60, 120, 300]; // seconds a quick game may wait for people before bots come
const DEFAULT_WAIT = 60;
const ANY = "any";

const lobby = {
  /** @type {Config | null} of /api/config, once the lobby shows */
  config: null,
  pollTimer: /** @type {number | undefined} */ (undefined),
  seating: false, // a quick game is under way: a second press would take a second seat
};

/** The config, once the lobby shows (everything below runs after). */
function config() {
  return /** @type {Config} */ (lobby.config);
}

/**
 * Show the lobby (the page's address is /).
 * @param {Config} gameConfig
 */
export function showLobby(gameConfig) {
  lobby.config = gameConfig;
  $("lobby").hidden = false;
  $("room").hidden = true;
  $("room-bar").hidden = true;
  $("leave").hidden = true;
  $("skip").hidden = true;
  setHTML($("fan"), html`${["200", "roll", "stop", "right-of-way", "driving-ace"].map((card) => cardHTML(card))}`);
  const rules = $("rules");
  const chosen = rules.value;
  setHTML(rules, html`${Object.keys(gameConfig.presets)
    .map((name) => html`<option value="${name}">${presetName(name)}</option>`)}`);
  if (chosen) rules.value = chosen;
  rules.onchange = fillPlayers;
  $("players").onchange = () => { fillRaces(); fillSeats(); };
  fillPlayers();
  fillClocks(gameConfig);
  fillQuick(gameConfig);
  $("create-form").onsubmit = createRoom;
  $("lobby-name").value = localStorage.getItem(NAME) || "";
  $("quick-form").onsubmit = quickGame;
  $("learn").onclick = learn;
  $("tables-list").onclick = (event) => {
    const code = closest(event, "button[data-join]")?.dataset.join;
    if (code) takeSeat(code);
  };
  showHeld();
  pollTables();
  followOnline();
}

/** Ask for the public tables now and every POLL_MS while the lobby shows (a hidden tab waits
 * until it shows again). */
async function pollTables() {
  clearTimeout(lobby.pollTimer);
  if ($("lobby").hidden) return;
  if (!document.hidden) {
    try {
      showTables(/** @type {{tables: Listing[]}} */ (await api("/api/tables")).tables);
    } catch (error) {
      $("tables-error").textContent = errorText(error);
    }
  }
  lobby.pollTimer = setTimeout(pollTables, POLL_MS);
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && !$("lobby").hidden) pollTables();
});

/** @param {Listing[]} tables */
function showTables(tables) {
  const open = tables.filter((table) => table.free > 0);
  const playing = tables.filter((table) => table.free === 0);
  setHTML($("tables-list"), html`${open.map((table) => tableHTML(table, true))}`);
  setHTML($("playing-list"), html`${playing.map((table) => tableHTML(table, false))}`);
  $("tables-empty").hidden = open.length > 0;
  $("playing-title").hidden = playing.length === 0;
}

/**
 * A table of the list: its rules, players, length, race, bots, free seats, creator's language,
 * waiting time, who waits and how many watch (names only if its creator shows them), and a
 * button to join or a link to watch.
 * @param {Listing} table
 * @param {boolean} joinable
 */
function tableHTML(table, joinable) {
  const facts = [
    t("tables_players", { players: table.players }),
    t(table.single_deal ? "single_deal" : "match_5000"),
    t("tables_race", { race: table.race }),
    t("tables_bots", { bots: table.bots }),
    ...(joinable ? [t("tables_free", { free: table.free })] : []),
    t("tables_language", { spoken: table.language }),
    ...(joinable ? [t("tables_waited", { minutes: Math.floor(table.waited / 60) }), waitingText(table)] : []),
    ...(!joinable && table.names?.length ? [t("tables_names", { names: listOf(table.names) })] : []),
    ...(table.watching ? [t("tables_watching", { watching: table.watching })] : []),
  ].filter(Boolean);
  const id = `table-${table.code}`;
  const action = joinable
    ? html`<button type="button" class="primary" data-join="${table.code}" aria-describedby="${id}">${t("tables_join")}</button>`
    : html`<a class="button ghost" href="/room/${table.code}" aria-describedby="${id}">${t("tables_watch")}</a>`;
  return html`<li><p id="${id}"><b>${presetName(table.rules)}</b><br>${facts.join(" · ")}</p>${action}</li>`;
}

/** The name typed for the public tables, kept for next time; null (and said why) if none. */
function nameForTables() {
  const name = $("lobby-name").value.trim();
  if (!name) {
    $("tables-error").textContent = t("tables_name_needed");
    $("lobby-name").focus();
    return null;
  }
  localStorage.setItem(NAME, name);
  return name;
}

/**
 * One click: take a free seat of a listed table, and go there.
 * @param {string} code
 */
async function takeSeat(code) {
  const name = nameForTables();
  if (!name) return;
  try {
    await playerKnown(); // the seat is the player's
    const joined = /** @type {Joined} */ (await api(`/api/rooms/${encodeURIComponent(code)}/join`, { name }));
    storeSeat(code, joined.seat, joined.token);
    enter(code);
  } catch (error) {
    $("tables-error").textContent = errorText(error);
    pollTables();
  }
}

/**
 * Who waits at a table that has a free seat: their names if its creator shows them, else how
 * many; "" if nobody is connected.
 * @param {Listing} table
 */
function waitingText(table) {
  if (table.waiting?.length) return t("tables_waiting", { names: listOf(table.waiting), count: table.waiting.length });
  return table.here ? t("tables_here", { here: table.here }) : "";
}

/**
 * The quick game's choices: rules, players, length (each may be any), the wait before bots
 * take the free seats and their level.
 * @param {Config} gameConfig
 */
function fillQuick(gameConfig) {
  const rules = $("quick-rules");
  const chosen = rules.value;
  setHTML(rules, html`<option value="${ANY}">${t("quick_any")}</option>${Object.keys(gameConfig.presets)
    .map((name) => html`<option value="${name}">${presetName(name)}</option>`)}`);
  rules.value = chosen || ANY;
  rules.onchange = fillQuickPlayers;
  fillQuickPlayers();
  const wait = $("quick-wait");
  const waited = wait.value || String(DEFAULT_WAIT);
  setHTML(wait, html`${WAITS.map((seconds) =>
    html`<option value="${seconds}">${t("quick_wait_choice", { seconds, minutes: seconds / 60 })}</option>`)}`);
  wait.value = waited;
  const bots = $("quick-bots");
  const level = bots.value || "medium";
  setHTML(bots, html`${gameConfig.levels.map((name) => html`<option value="${name}">${t(`bot_${name}`)}</option>`)}`);
  bots.value = level;
}

/** The player counts the quick game's rules seat (any rules: every count some rules seat). */
function fillQuickPlayers() {
  const rules = $("quick-rules").value;
  const presets = rules === ANY ? Object.values(config().presets) : [config().presets[rules]];
  const counts = [...new Set(presets.flatMap((preset) => Object.keys(preset).map(Number)))].sort((a, b) => a - b);
  const select = $("quick-players");
  const before = select.value;
  setHTML(select, html`<option value="${ANY}">${t("quick_any")}</option>${counts
    .map((n) => html`<option value="${n}">${n}</option>`)}`);
  select.value = counts.map(String).includes(before) ? before : ANY;
}

/**
 * A seat at the public table that fits the choice, where people wait, or at a new one others
 * find the same way (the tables this browser holds a seat at passed over).
 * @param {SubmitEvent} event
 */
async function quickGame(event) {
  event.preventDefault();
  const name = nameForTables();
  if (!name || lobby.seating) return;
  lobby.seating = true;
  const form = new FormData($("quick-form"));
  const players = String(form.get("players"));
  const body = {
    name,
    rules: form.get("rules"),
    players: players === ANY ? ANY : Number(players),
    length: form.get("length"),
    wait_seconds: Number(form.get("wait_seconds")),
    bot_level: form.get("bot_level"),
    language: language(),
    held: heldRooms().slice(0, MAX_HELD),
  };
  try {
    await playerKnown(); // the seat is the player's
    const seated = /** @type {Seated} */ (await api("/api/tables/quick", body));
    storeHost(seated.code, seated.host ?? null);
    storeSeat(seated.code, seated.seat, seated.token);
    enter(seated.code);
  } catch (error) {
    $("tables-error").textContent = errorText(error);
  } finally {
    lobby.seating = false;
  }
}

/** The guided first deal, under the name given for the tables (if any). */
async function learn() {
  const button = /** @type {HTMLButtonElement} */ ($("learn"));
  button.disabled = true; // a second press would open a second lesson
  try {
    await playerKnown(); // the seat is the player's
    await startLesson($("lobby-name").value.trim());
  } catch (error) {
    $("learn-error").textContent = errorText(error);
  } finally {
    button.disabled = false;
  }
}

/** @param {string} code */
function enter(code) {
  clearTimeout(lobby.pollTimer);
  history.pushState(null, "", `/room/${code}`);
  openRoom(code, config());
}

function fillPlayers() {
  const preset = config().presets[$("rules").value];
  const before = $("players").value;
  const players = before in preset ? before : Object.keys(preset)[0];
  setHTML($("players"), html`${Object.keys(preset)
    .map((n) => html`<option value="${n}"${n === players ? html` selected` : ""}>${n}</option>`)}`);
  fillRaces();
  fillSeats();
}

function fillRaces() {
  const table = config().presets[$("rules").value][$("players").value];
  setHTML($("race"), html`${table.races
    .map((km) => html`<option value="${km}">${km} ${t("km")}${table.extension ? " (→1000)" : ""}</option>`)}`);
}

function fillSeats() {
  const players = Number($("players").value);
  const table = config().presets[$("rules").value][players];
  const list = $("seat-kinds");
  const before = [...list.querySelectorAll("select")].map((s) => s.value);
  const options = ["person", ...config().levels];
  const seats = [];
  for (let seat = 0; seat < players; seat++) {
    const chosen = before[seat] || (seat === 0 ? "person" : "medium");
    const labels = options.map((kind) =>
      html`<option value="${kind}"${kind === chosen ? html` selected` : ""}>${t(kind === "person" ? "person" : `bot_${kind}`)}</option>`);
    seats.push(html`<li><select name="seat${seat}" aria-label="${t("seat_n", { n: seat + 1 })}">${labels}</select></li>`);
  }
  setHTML(list, html`${seats}`);
  const hint = [];
  if (table.sides < players) {
    for (let side = 0; side < table.sides; side++) {
      const seats = [];
      for (let s = side; s < players; s += table.sides) seats.push(s + 1);
      hint.push(t("team", { seats: seats.join(" & "), side: side + 1 }));
    }
  }
  $("teams-hint").textContent = hint.length ? `${t("teams")} ${hint.join("; ")}.` : "";
}

/**
 * The turn clocks a table may choose (the first: as the table, a clock only if it is listed),
 * and the longer coup-fourré window.
 * @param {Config} gameConfig
 */
function fillClocks(gameConfig) {
  const select = $("time-control");
  const chosen = select.value;
  const controls = Object.entries(gameConfig.time_controls).map(([name, control]) => {
    const words = control === null ? t("time_control_none")
      : t("time_control_clock", { move: control[0], bank: control[1] / 60 });
    return html`<option value="${name}">${words}</option>`;
  });
  setHTML(select, html`<option value="">${t("time_control_auto")}</option>${controls}`);
  select.value = chosen;
  $("long-coup-fourre-text").textContent = t("long_coup_fourre", { s: gameConfig.long_coup_fourre_seconds });
}

/** @param {SubmitEvent} event */
async function createRoom(event) {
  event.preventDefault();
  const form = new FormData($("create-form"));
  const players = Number(form.get("players"));
  const body = {
    rules: form.get("rules"),
    race: Number(form.get("race")),
    single_deal: form.get("length") === "deal",
    seats: Array.from({ length: players }, (_, seat) => form.get(`seat${seat}`)),
    listed: form.get("listed") === "on",
    show_names: form.get("show_names") === "on",
    time_control: form.get("time_control") || null,
    long_coup_fourre: form.get("long_coup_fourre") === "on",
    language: language(),
  };
  try {
    const created = /** @type {Created} */ (await api("/api/rooms", body));
    storeHost(created.code, created.host);
    clearTimeout(lobby.pollTimer);
    history.pushState(null, "", `/room/${created.code}`);
    await openRoom(created.code, config());
  } catch (error) {
    $("create-error").textContent = errorText(error);
  }
}

/**
 * The player's games in progress (on every device they use, from the server) and the others
 * this browser holds a seat in (taken before it knew its player): a way back to each, and to
 * forget this browser's own.
 */
async function showHeld() {
  const theirs = (await playedGames()).filter(inProgress);
  const codes = heldRooms().filter((code) => !theirs.some((game) => game.code === code));
  $("held").hidden = codes.length + theirs.length === 0;
  setHTML($("held-list"), html`${theirs.map((game) =>
    html`<li><a href="/room/${game.code}">${presetName(game.rules)}</a> ${turnText(game)}</li>`)}${codes.map((code) =>
    html`<li><a href="/room/${code}">${t("held_room", { code })}</a> <button type="button" class="ghost" data-forget="${code}">${t("forget")}</button></li>`)}`);
  $("held-list").onclick = (event) => {
    const code = /** @type {HTMLElement} */ (event.target).dataset?.forget;
    if (code) {
      forgetRoom(code);
      showHeld();
    }
  };
}
