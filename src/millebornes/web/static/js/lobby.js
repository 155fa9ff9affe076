// The lobby: the new game's settings, the public tables (polled while the lobby shows), a
// quick game, and the games this browser holds a seat in.

import { cardHTML } from "./cards.js";
import { $, api, esc } from "./dom.js";
import { language, presetName, t } from "./i18n.js";
import { errorText, openRoom } from "./room.js";
import { forgetRoom, heldRooms, storeHost, storeSeat } from "./seats.js";

const POLL_MS = 5000; // the list of tables is asked for again this often while it shows
const NAME = "millebornes:name";

let config = null;
let pollTimer = null;

export function showLobby(gameConfig) {
  config = gameConfig;
  $("lobby").hidden = false;
  $("room").hidden = true;
  $("room-bar").hidden = true;
  $("leave").hidden = true;
  $("skip").hidden = true;
  $("fan").innerHTML = ["200", "roll", "stop", "right-of-way", "driving-ace"]
    .map((card) => cardHTML(card)).join("");
  const rules = $("rules");
  const chosen = rules.value;
  rules.innerHTML = Object.keys(config.presets)
    .map((name) => `<option value="${name}">${esc(presetName(name))}</option>`).join("");
  if (chosen) rules.value = chosen;
  rules.onchange = fillPlayers;
  $("players").onchange = () => { fillRaces(); fillSeats(); };
  fillPlayers();
  $("create-form").onsubmit = createRoom;
  $("lobby-name").value = localStorage.getItem(NAME) || "";
  $("quick-game").onclick = quickGame;
  $("tables-list").onclick = (event) => {
    const code = event.target.closest("button[data-join]")?.dataset.join;
    if (code) takeSeat(code);
  };
  showHeld();
  pollTables();
}

/** Ask for the public tables now and every POLL_MS while the lobby shows (a hidden tab waits
 * until it shows again). */
async function pollTables() {
  clearTimeout(pollTimer);
  if ($("lobby").hidden) return;
  if (!document.hidden) {
    try {
      showTables((await api("/api/tables")).tables);
    } catch (error) {
      $("tables-error").textContent = errorText(error);
    }
  }
  pollTimer = setTimeout(pollTables, POLL_MS);
}

document.addEventListener("visibilitychange", () => {
  if (!document.hidden && !$("lobby").hidden) pollTables();
});

function showTables(tables) {
  const open = tables.filter((table) => table.free > 0);
  const playing = tables.filter((table) => table.free === 0);
  $("tables-list").innerHTML = open.map((table) => tableHTML(table, true)).join("");
  $("playing-list").innerHTML = playing.map((table) => tableHTML(table, false)).join("");
  $("tables-empty").hidden = open.length > 0;
  $("playing-title").hidden = playing.length === 0;
}

/** A table of the list: its rules, players, race, bots, free seats, creator's language and
 * waiting time (names only if its creator shows them), and a button to join or a link to watch. */
function tableHTML(table, joinable) {
  const facts = [
    t("tables_players", { players: table.players }),
    t("tables_race", { race: table.race }),
    t("tables_bots", { bots: table.bots }),
    ...(joinable ? [t("tables_free", { free: table.free })] : []),
    t("tables_language", { spoken: table.language }),
    ...(joinable ? [t("tables_waited", { minutes: Math.floor(table.waited / 60) })] : []),
    ...(table.names?.length ? [t("tables_names", { names: table.names.join(", ") })] : []),
  ];
  const id = `table-${esc(table.code)}`;
  const action = joinable
    ? `<button type="button" class="primary" data-join="${esc(table.code)}" aria-describedby="${id}">${esc(t("tables_join"))}</button>`
    : `<a class="button ghost" href="/room/${esc(table.code)}" aria-describedby="${id}">${esc(t("tables_watch"))}</a>`;
  return `<li><p id="${id}"><b>${esc(presetName(table.rules))}</b><br>${esc(facts.join(" · "))}</p>${action}</li>`;
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

/** One click: take a free seat of a listed table, and go there. */
async function takeSeat(code) {
  const name = nameForTables();
  if (!name) return;
  try {
    const joined = await api(`/api/rooms/${encodeURIComponent(code)}/join`, { name });
    storeSeat(code, joined.seat, joined.token);
    enter(code);
  } catch (error) {
    $("tables-error").textContent = errorText(error);
    pollTables();
  }
}

/** The best public table for the rules and players chosen, or a new one others can join. */
async function quickGame() {
  const name = nameForTables();
  if (!name) return;
  try {
    const body = { rules: $("rules").value, players: Number($("players").value), language: language() };
    const found = await api("/api/tables/quick", body);
    storeHost(found.code, found.host);
    await takeSeat(found.code);
  } catch (error) {
    $("tables-error").textContent = errorText(error);
  }
}

function enter(code) {
  clearTimeout(pollTimer);
  history.pushState(null, "", `/room/${code}`);
  openRoom(code, config);
}

function fillPlayers() {
  const preset = config.presets[$("rules").value];
  const before = $("players").value;
  const players = before in preset ? before : Object.keys(preset)[0];
  $("players").innerHTML = Object.keys(preset)
    .map((n) => `<option value="${n}"${n === players ? " selected" : ""}>${n}</option>`).join("");
  fillRaces();
  fillSeats();
}

function fillRaces() {
  const table = config.presets[$("rules").value][$("players").value];
  $("race").innerHTML = table.races
    .map((km) => `<option value="${km}">${km} ${t("km")}${table.extension ? " (→1000)" : ""}</option>`)
    .join("");
}

function fillSeats() {
  const players = Number($("players").value);
  const table = config.presets[$("rules").value][players];
  const list = $("seat-kinds");
  const before = [...list.querySelectorAll("select")].map((s) => s.value);
  const options = ["person", ...config.levels];
  list.innerHTML = "";
  for (let seat = 0; seat < players; seat++) {
    const chosen = before[seat] || (seat === 0 ? "person" : "medium");
    const labels = options.map((kind) =>
      `<option value="${kind}"${kind === chosen ? " selected" : ""}>${esc(t(kind === "person" ? "person" : `bot_${kind}`))}</option>`);
    list.insertAdjacentHTML("beforeend", `<li><select name="seat${seat}" aria-label="${esc(t("seat_n", { n: seat + 1 }))}">${labels.join("")}</select></li>`);
  }
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
    language: language(),
  };
  try {
    const created = await api("/api/rooms", body);
    storeHost(created.code, created.host);
    clearTimeout(pollTimer);
    history.pushState(null, "", `/room/${created.code}`);
    await openRoom(created.code, config);
  } catch (error) {
    $("create-error").textContent = errorText(error);
  }
}

/** The games this browser holds a seat in: a way back to each, or to forget it. */
function showHeld() {
  const codes = heldRooms();
  $("held").hidden = codes.length === 0;
  $("held-list").innerHTML = codes.map((code) =>
    `<li><a href="/room/${esc(code)}">${esc(t("held_room", { code }))}</a> ` +
    `<button type="button" class="ghost" data-forget="${esc(code)}">${esc(t("forget"))}</button></li>`).join("");
  $("held-list").onclick = (event) => {
    const code = event.target.dataset?.forget;
    if (code) {
      forgetRoom(code);
      showHeld();
    }
  };
}
