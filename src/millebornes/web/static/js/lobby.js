// The lobby: the new game's settings, and the games this browser holds a seat in.

import { cardHTML } from "./cards.js";
import { $, api, esc } from "./dom.js";
import { presetName, t } from "./i18n.js";
import { errorText, openRoom } from "./room.js";
import { forgetRoom, heldRooms } from "./seats.js";

let config = null;

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
  showHeld();
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
  };
  try {
    const created = await api("/api/rooms", body);
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
