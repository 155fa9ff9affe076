// Mille Bornes in the browser: renders the views the server sends and sends actions back.
// The page holds no rules: what is legal comes from the view, card names and every word from
// /api/config.
"use strict";

const app = {
  config: null,
  lang: localStorage.getItem("millebornes:language") ||
    ((navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en"),
  code: null,
  room: null, // the latest room info
  states: new Map(), // seat (or "watch") -> latest state message
  finals: new Map(), // seat (or "watch") -> the final table of a deal, shown until "Next deal"
  logs: new Map(), // seat (or "watch") -> log lines
  attacked: new Map(), // seat (or "watch") -> the attack that just landed: { card, side }
  shown: null, // the seat (or "watch") on screen
  covered: false, // hot-seat: hide the hand until its player says so
  selected: null, // the selected card of the hand
  socket: null,
  retry: 0,
  seenResults: null,
  countdownTimer: null,
};

// --------------------------------------------------------------------- helpers

const $ = (id) => document.getElementById(id);

// The page's words, from the game's catalog of each language (sent with /api/config).
function t(key, vars = {}) {
  const words = app.config.words;
  const text = words[app.lang][key] ?? words.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => vars[name] ?? "");
}

function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

function cardName(card) {
  return app.config.cards[card].names[app.lang];
}

function storedSeats() {
  try {
    return JSON.parse(localStorage.getItem(`millebornes:room:${app.code}`)) || {};
  } catch {
    return {};
  }
}

function storeSeat(seat, token) {
  const seats = storedSeats();
  seats[seat] = token;
  localStorage.setItem(`millebornes:room:${app.code}`, JSON.stringify(seats));
}

function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 3500);
}

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

function inviteLink() {
  return `${location.origin}/room/${app.code}`;
}

async function copyInvite() {
  const link = inviteLink();
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    $("invite-link").select();
    document.execCommand("copy");
  }
  toast(t("copied"));
}

// --------------------------------------------------------------------- cards, drawn here

const ICONS = {
  stop: '<polygon points="22,6 42,6 56,20 56,40 42,54 22,54 8,40 8,20" fill="#d7263d" stroke="#fff" stroke-width="3"/><rect x="17" y="25" width="30" height="10" rx="2" fill="#fff"/>',
  roll: '<rect x="20" y="4" width="24" height="52" rx="7" fill="#2b2d31"/><circle cx="32" cy="15" r="6" fill="#5a2a2a"/><circle cx="32" cy="30" r="6" fill="#5a4a22"/><circle cx="32" cy="45" r="7" fill="#2fd16b" stroke="#b9ffd2" stroke-width="2"/>',
  "speed-limit": '<circle cx="32" cy="30" r="24" fill="#fff" stroke="#d7263d" stroke-width="7"/><text x="32" y="38" text-anchor="middle" font-size="22" font-weight="800" fill="#1b1b1b">50</text>',
  "end-of-limit": '<circle cx="32" cy="30" r="24" fill="#fff" stroke="#8a8f98" stroke-width="3"/><text x="32" y="38" text-anchor="middle" font-size="22" font-weight="800" fill="#9aa0a8">50</text><g stroke="#1b1b1b" stroke-width="3"><line x1="16" y1="48" x2="48" y2="12"/><line x1="12" y1="42" x2="42" y2="8"/><line x1="22" y1="52" x2="52" y2="18"/></g>',
  "out-of-gas": '<path d="M8 44 A24 24 0 0 1 56 44" fill="none" stroke="#2b2d31" stroke-width="6"/><path d="M8 44 A24 24 0 0 1 14 28" fill="none" stroke="#d7263d" stroke-width="6"/><line x1="32" y1="44" x2="13" y2="34" stroke="#d7263d" stroke-width="4" stroke-linecap="round"/><circle cx="32" cy="44" r="5" fill="#2b2d31"/><text x="10" y="58" font-size="11" font-weight="800" fill="#d7263d">E</text><text x="48" y="58" font-size="11" font-weight="800" fill="#2b2d31">F</text>',
  gasoline: '<rect x="12" y="12" width="26" height="42" rx="4" fill="#1f8a4c"/><rect x="17" y="18" width="16" height="12" rx="2" fill="#d9f7e5"/><path d="M38 20 h6 l6 8 v18 a4 4 0 0 1 -8 0 v-10 h-4" fill="none" stroke="#1f8a4c" stroke-width="4" stroke-linejoin="round"/><rect x="8" y="52" width="34" height="5" rx="2" fill="#2b2d31"/>',
  "flat-tire": '<ellipse cx="32" cy="38" rx="25" ry="16" fill="#2b2d31"/><ellipse cx="32" cy="37" rx="11" ry="7" fill="#9aa0a8"/><path d="M42 8 l-6 16 M40 12 l6 2" stroke="#d7263d" stroke-width="4" stroke-linecap="round"/><rect x="4" y="52" width="56" height="4" fill="#6b4f2a"/>',
  "spare-tire": '<circle cx="32" cy="31" r="25" fill="#2b2d31"/><circle cx="32" cy="31" r="13" fill="#c9ced6"/><g stroke="#2b2d31" stroke-width="3"><line x1="32" y1="18" x2="32" y2="44"/><line x1="19" y1="31" x2="45" y2="31"/></g><circle cx="32" cy="31" r="4" fill="#2b2d31"/>',
  accident: '<polygon points="32,4 38,20 56,14 44,30 60,40 40,40 42,58 30,44 16,58 18,40 4,36 20,28 10,12 26,18" fill="#f29e1f" stroke="#d7263d" stroke-width="3" stroke-linejoin="round"/><text x="32" y="39" text-anchor="middle" font-size="20" font-weight="900" fill="#d7263d">!</text>',
  repairs: '<path d="M44 6 a12 12 0 0 0 -10 17 L10 47 a5 5 0 0 0 7 7 L41 30 a12 12 0 0 0 17 -10 l-8 4 l-6 -6 l4 -8 z" fill="#1f8a4c" stroke="#0f4d2a" stroke-width="2" stroke-linejoin="round"/>',
  "right-of-way": '<rect x="14" y="12" width="36" height="36" transform="rotate(45 32 30)" fill="#fff" stroke="#1b1b1b" stroke-width="2"/><rect x="21" y="19" width="22" height="22" transform="rotate(45 32 30)" fill="#f4c430"/>',
  "extra-tank": '<rect x="4" y="20" width="40" height="22" rx="11" fill="#3a7bd5"/><rect x="44" y="24" width="14" height="18" rx="3" fill="#1b4f91"/><circle cx="14" cy="46" r="6" fill="#2b2d31"/><circle cx="36" cy="46" r="6" fill="#2b2d31"/><circle cx="52" cy="46" r="6" fill="#2b2d31"/><path d="M24 24 c-5 7 -5 11 0 13 c5 -2 5 -6 0 -13z" fill="#f4c430"/>',
  "puncture-proof": '<path d="M32 4 L54 12 V30 C54 44 44 53 32 58 C20 53 10 44 10 30 V12 Z" fill="#7d3cc8"/><circle cx="32" cy="31" r="14" fill="#2b2d31"/><circle cx="32" cy="31" r="6" fill="#c9ced6"/>',
  "driving-ace": '<circle cx="32" cy="32" r="24" fill="none" stroke="#2b2d31" stroke-width="6"/><circle cx="32" cy="32" r="6" fill="#2b2d31"/><g stroke="#2b2d31" stroke-width="5"><line x1="32" y1="38" x2="32" y2="56"/><line x1="26" y1="30" x2="9" y2="26"/><line x1="38" y1="30" x2="55" y2="26"/></g><polygon points="32,5 35,12 42,12 36,16 38,23 32,19 26,23 28,16 22,12 29,12" fill="#f4c430"/>',
};

function roadIcon(km) {
  return `<path d="M24 58 L29 8 H35 L40 58 Z" fill="#7a7f87"/><g stroke="#fff" stroke-width="2"><line x1="32" y1="12" x2="32" y2="20"/><line x1="32" y1="27" x2="32" y2="37"/><line x1="32" y1="44" x2="32" y2="56"/></g><text x="32" y="40" text-anchor="middle" font-size="${km >= 100 ? 20 : 22}" font-weight="900" fill="#1d4e89" stroke="#fbf6e9" stroke-width="4" paint-order="stroke">${km}</text>`;
}

function cardHTML(card, { mini = false, extra = "", attrs = "" } = {}) {
  const info = app.config.cards[card];
  const icon = info.kind === "distance" ? roadIcon(info.km) : ICONS[card];
  const label = esc(cardName(card));
  return `<div class="card ${info.kind}${mini ? " mini" : ""} ${extra}" data-card="${card}" title="${label}" ${attrs}>` +
    `<span class="corner">${info.kind === "distance" ? info.km : ""}</span>` +
    `<svg viewBox="0 0 64 64" aria-hidden="true">${icon}</svg>` +
    `<span class="name">${label}</span></div>`;
}

function slotHTML(label) {
  return `<div class="card slot mini"><span class="name">${esc(label)}</span></div>`;
}

// --------------------------------------------------------------------- the lobby

function showLobby() {
  $("lobby").hidden = false;
  $("room").hidden = true;
  $("room-bar").hidden = true;
  $("fan").innerHTML = ["200", "roll", "stop", "right-of-way", "driving-ace"]
    .map((card) => cardHTML(card)).join("");
  const rules = $("rules");
  const chosen = rules.value;
  rules.innerHTML = Object.keys(app.config.presets)
    .map((name) => `<option value="${name}">${esc(t(`preset_${name}`))}</option>`).join("");
  if (chosen) rules.value = chosen;
  rules.onchange = () => { fillPlayers(); };
  $("players").onchange = () => { fillRaces(); fillSeats(); };
  fillPlayers();
  $("create-form").onsubmit = createRoom;
}

function fillPlayers() {
  const preset = app.config.presets[$("rules").value];
  const before = $("players").value;
  const players = before in preset ? before : Object.keys(preset)[0];
  $("players").innerHTML = Object.keys(preset)
    .map((n) => `<option value="${n}"${n === players ? " selected" : ""}>${n}</option>`).join("");
  fillRaces();
  fillSeats();
}

function fillRaces() {
  const table = app.config.presets[$("rules").value][$("players").value];
  $("race").innerHTML = table.races
    .map((km) => `<option value="${km}">${km} ${t("km")}${table.extension ? " (→1000)" : ""}</option>`)
    .join("");
}

function fillSeats() {
  const players = Number($("players").value);
  const table = app.config.presets[$("rules").value][players];
  const list = $("seat-kinds");
  const before = [...list.querySelectorAll("select")].map((s) => s.value);
  const options = ["person", ...app.config.levels];
  list.innerHTML = "";
  for (let seat = 0; seat < players; seat++) {
    const chosen = before[seat] || (seat === 0 ? "person" : "medium");
    const labels = options.map((kind) =>
      `<option value="${kind}"${kind === chosen ? " selected" : ""}>${t(kind === "person" ? "person" : `bot_${kind}`)}</option>`);
    list.insertAdjacentHTML("beforeend", `<li><select name="seat${seat}" aria-label="seat ${seat + 1}">${labels.join("")}</select></li>`);
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
    await openRoom(created.code);
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

// --------------------------------------------------------------------- the room

async function openRoom(code) {
  app.code = code;
  $("lobby").hidden = true;
  $("room").hidden = false;
  $("room-bar").hidden = false;
  $("room-code").textContent = code;
  $("invite-link").value = inviteLink();
  try {
    app.room = await api(`/api/rooms/${encodeURIComponent(code)}`);
  } catch (error) {
    $("room").innerHTML = `<section class="panel"><p>${esc(t("no_room"))}</p><a class="primary button" href="/">${esc(t("back"))}</a></section>`;
    return;
  }
  const held = Object.keys(storedSeats());
  if (held.length || !app.room.seats.some((s) => s.free)) connect();
  else showJoin();
}

function showJoin() {
  const join = $("join");
  join.hidden = false;
  $("name").value = localStorage.getItem("millebornes:name") || "";
  const free = app.room.seats.filter((s) => s.free);
  $("free-seats").innerHTML = free
    .map((s) => `<button type="submit" class="primary" value="${s.seat}">${esc(t("take_seat", { n: s.seat + 1 }))}</button>`)
    .join("");
  $("join-form").onsubmit = async (event) => {
    event.preventDefault();
    const name = $("name").value.trim();
    const seat = Number(event.submitter?.value ?? free[0].seat);
    try {
      const joined = await api(`/api/rooms/${app.code}/join`, { name, seat });
      localStorage.setItem("millebornes:name", name);
      storeSeat(joined.seat, joined.token);
      app.shown = joined.seat;
      app.covered = false;
      join.hidden = true;
      $("join-error").textContent = "";
      connect();
    } catch (error) {
      $("join-error").textContent = error.message;
    }
  };
  $("watch").hidden = Object.keys(storedSeats()).length > 0;
  $("watch").onclick = () => { join.hidden = true; connect(); };
}

function connect() {
  if (app.socket && app.socket.readyState <= WebSocket.OPEN) {
    hello();
    return;
  }
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${app.code}`);
  app.socket = socket;
  socket.onopen = () => {
    app.retry = 0;
    $("connection").hidden = true;
    hello();
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    if (app.socket !== socket || event.code === 4404) return;
    $("connection").hidden = false;
    $("connection").textContent = t("reconnecting");
    app.retry = Math.min(app.retry + 1, 5);
    setTimeout(connect, 500 * 2 ** app.retry);
  };
}

function hello() {
  app.states.clear();
  app.logs.clear();
  send({ type: "hello", tokens: Object.values(storedSeats()), language: app.lang });
}

function send(message) {
  if (app.socket?.readyState === WebSocket.OPEN) app.socket.send(JSON.stringify(message));
}

function act(action) {
  const seat = app.shown;
  app.selected = null;
  document.body.classList.add("sent");
  send({ type: "action", seat, action });
}

function receive(message) {
  if (message.type === "error") {
    document.body.classList.remove("sent");
    if (message.code === "bad-token") {
      localStorage.removeItem(`millebornes:room:${app.code}`);
    }
    toast(message.message);
    return;
  }
  if (message.type !== "state") return;
  const key = message.seat ?? "watch";
  app.room = message.room;
  app.states.set(key, message);
  // A spectator's view is the public one: no seat, no hand, nothing to decide.
  message.view = { seat: null, side: null, hand: [], legal: [], attack: null, ...message.view };
  if (message.view.decision === "over" && !message.room.over) app.finals.set(key, message);
  if (message.log) app.logs.set(key, message.log);
  else if (message.event) {
    app.logs.get(key)?.push(message.event);
    markAttack(key, message.event.action);
  }
  const held = app.shown !== null && (app.states.has(app.shown) || app.shown in storedSeats());
  if (!held) app.shown = key;
  if (key === app.shown) document.body.classList.remove("sent");
  render();
}

// The side an attack just landed on and its hazard, per seat shown, until the next move.
function markAttack(key, action) {
  const [verb, card, side] = action.split(" ");
  if (verb === "attack") app.attacked.set(key, { card, side: Number(side) });
  else app.attacked.delete(key);
}

function seatsFree(room) {
  return room.seats.some((seat) => seat.free);
}

// --------------------------------------------------------------------- rendering

function nameOf(seat) {
  return app.room.seats[seat].name;
}

function sideName(side, view) {
  return view.sides[side].seats.map(nameOf).join(" & ");
}

// The state on screen: a deal's final table stays under its score sheet until "Next deal".
function shownState() {
  return app.finals.get(app.shown) ?? app.states.get(app.shown);
}

function render() {
  const state = shownState();
  if (!state) return;
  const { view, room } = state;
  renderTabs();
  renderWaiting(room);
  $("table-wrap").hidden = false;
  const mySide = view.side ?? 0;
  const others = view.sides.map((_, side) => side).filter((side) => side !== mySide);
  $("opponents").innerHTML = others.map((side) => laneHTML(view, side)).join("");
  $("mine").innerHTML = laneHTML(view, mySide);
  $("middle").innerHTML = middleHTML(view, room);
  const covered = app.covered && app.shown !== "watch";
  renderHand(view, covered);
  renderStatus(view, covered);
  renderActions(view);
  renderLog();
  renderScoresMini(room);
  renderDialog(state);
  renderHandover();
  for (const lane of document.querySelectorAll(".lane.target")) {
    lane.onclick = () => act(`attack ${app.selected} ${lane.dataset.side}`);
  }
}

function renderTabs() {
  const seats = [...app.states.keys()].filter((key) => key !== "watch");
  $("seat-tabs").innerHTML = seats.length > 1 ? seats.map((seat) =>
    `<button type="button" class="tab${seat === app.shown ? " active" : ""}" data-seat="${seat}">${esc(nameOf(seat))}</button>`,
  ).join("") : (app.states.has("watch") ? `<span class="tab active">${esc(t("spectating"))}</span>` : "");
  for (const tab of document.querySelectorAll("#seat-tabs button")) {
    tab.onclick = () => showSeat(Number(tab.dataset.seat));
  }
}

function showSeat(seat) {
  if (seat === app.shown) return;
  app.shown = seat;
  app.selected = null;
  app.covered = true;
  render();
}

function renderWaiting(room) {
  const free = room.seats.filter((s) => s.free);
  const waiting = $("waiting");
  waiting.hidden = free.length === 0 && room.started;
  if (waiting.hidden) return;
  $("waiting-text").textContent = t("waiting_for", {
    names: free.map((s) => `#${s.seat + 1}`).join(", "),
  });
  $("copy-invite").onclick = copyInvite;
  $("add-player").hidden = free.length === 0;
  $("add-player").onclick = showJoin;
}

function laneHTML(view, side) {
  const tableau = view.sides[side];
  const target = app.selected && view.legal.includes(`attack ${app.selected} ${side}`);
  const attack = app.attacked.get(app.shown);
  const struck = attack && attack.side === side ? attack.card : null;
  const people = tableau.seats.map((seat) => {
    const info = app.room.seats[seat];
    const marks = [];
    if (seat === view.seat) marks.push(t("you"));
    if (info.bot) marks.push(t("bot"));
    else if (info.away) marks.push(t("away"));
    else if (!info.online) marks.push(t("offline"));
    const acting = view.to_act === seat && view.decision !== "over" ? " acting" : "";
    return `<span class="person${acting}">${esc(info.name)}${marks.length ? ` <small>(${esc(marks.join(", "))})</small>` : ""}</span>`;
  }).join("");
  const pileTop = (pile, label) => {
    if (!pile.length) return slotHTML(label);
    return cardHTML(pile.at(-1), { mini: true, extra: pile.at(-1) === struck ? "struck" : "" });
  };
  const battle = pileTop(tableau.battle, t("battle"));
  const speed = pileTop(tableau.speed, t("speed"));
  const coups = [...tableau.coups_fourres];
  const safeties = tableau.safeties.map((card) => {
    const index = coups.indexOf(card);
    if (index >= 0) coups.splice(index, 1);
    return cardHTML(card, { mini: true, extra: index >= 0 ? "coup" : "", attrs: index >= 0 ? `aria-label="${esc(t("coup_fourre_mark"))}"` : "" });
  }).join("");
  const counts = {};
  for (const card of tableau.distance) counts[card] = (counts[card] || 0) + 1;
  const distance = Object.entries(counts)
    .sort((a, b) => app.config.cards[a[0]].km - app.config.cards[b[0]].km)
    .map(([card, n]) => `<div class="stack">${cardHTML(card, { mini: true })}${n > 1 ? `<b class="count">×${n}</b>` : ""}</div>`)
    .join("");
  const percent = Math.min(100, (100 * tableau.km) / view.race);
  return `<div class="lane${side === view.side ? " own" : ""}${target ? " target" : ""}${struck ? " attacked" : ""}" data-side="${side}">
    <div class="lane-head"><span class="people">${people}</span>
      <span class="km"><b>${tableau.km}</b> / ${view.race} ${esc(t("km"))}</span></div>
    <div class="progress"><span style="width:${percent}%"></span></div>
    <div class="piles">
      <div class="pile">${battle}</div><div class="pile">${speed}</div>
      <div class="safeties" aria-label="${esc(t("safeties"))}">${safeties}</div>
      <div class="distance">${distance}</div>
    </div></div>`;
}

function middleHTML(view, room) {
  const top = view.discard.at(-1);
  const race = t("race_of", { km: view.race });
  return `<div class="deck"><div class="card back mini"><span>${view.stock_size}</span></div><small>${esc(t("stock"))}</small></div>
    <div class="deck">${top ? cardHTML(top, { mini: true }) : slotHTML("")}<small>${esc(t("discard_pile"))}</small></div>
    <div class="deal-info"><b>${esc(t("deal", { n: room.deal }))}</b><span>${esc(race)}</span>
    <span class="rules">${esc(room.rules)}</span></div>`;
}

function playable(view, card) {
  return view.legal.some((a) => a === `play ${card}` || a.startsWith(`attack ${card} `));
}

function renderHand(view, covered) {
  const hand = $("hand");
  if (covered) {
    const name = nameOf(app.shown);
    hand.innerHTML = `<button type="button" class="primary cover" id="reveal">${esc(t("reveal", { name }))}</button>`;
    $("reveal").onclick = () => { app.covered = false; render(); };
    return;
  }
  const turn = view.decision === "turn" && !seatsFree(app.room);
  if (!turn || !view.hand.includes(app.selected)) app.selected = null;
  hand.innerHTML = view.hand.map((card) => {
    const classes = [];
    if (turn) classes.push("selectable");
    if (turn && playable(view, card)) classes.push("legal");
    if (card === app.selected) classes.push("selected");
    return cardHTML(card, { extra: classes.join(" "), attrs: turn ? 'role="button" tabindex="0"' : "" });
  }).join("");
  if (!turn) return;
  for (const element of hand.querySelectorAll(".card")) {
    const choose = () => {
      const card = element.dataset.card;
      if (app.selected === card && view.legal.includes(`play ${card}`)) act(`play ${card}`);
      else { app.selected = card; render(); }
    };
    element.onclick = choose;
    element.onkeydown = (event) => { if (event.key === "Enter" || event.key === " ") choose(); };
  }
}

function renderStatus(view, covered) {
  let text;
  if (seatsFree(app.room)) text = t("seats_free");
  else if (view.decision === "over") text = app.room.over ? t("match_over") : t("deal_over");
  else if (view.decision === "turn" && !covered) text = t("your_turn");
  else if (view.to_act !== null && view.to_act !== view.seat) text = t("waits_for", { name: nameOf(view.to_act) });
  else text = t("you_wait");
  $("status").textContent = text;
  const mine = view.decision === "turn" && !covered && !seatsFree(app.room);
  $("status").className = `status${mine ? " mine" : ""}`;
}

function renderActions(view) {
  const bar = $("actions");
  const card = app.selected;
  if (!card || view.decision !== "turn" || seatsFree(app.room)) {
    bar.innerHTML = "";
    return;
  }
  const buttons = [];
  if (view.legal.includes(`play ${card}`)) buttons.push([`play ${card}`, t("play"), "primary"]);
  let attacks = 0;
  for (const action of view.legal) {
    if (action.startsWith(`attack ${card} `)) {
      const side = Number(action.split(" ")[2]);
      buttons.push([action, t("attack", { name: sideName(side, view) }), "danger"]);
      attacks += 1;
    }
  }
  if (view.legal.includes(`discard ${card}`)) buttons.push([`discard ${card}`, t("discard"), "ghost"]);
  bar.innerHTML = `<span class="chosen">${esc(cardName(card))}</span>` + buttons.map(([action, label, kind]) =>
    `<button type="button" class="${kind}" data-action="${esc(action)}">${esc(label)}</button>`).join("") +
    (attacks ? `<small>${esc(t("choose_target"))}</small>` : "");
  for (const button of bar.querySelectorAll("button")) {
    button.onclick = () => act(button.dataset.action);
  }
}

function renderLog() {
  const lines = app.logs.get(app.shown) || [];
  const log = $("log");
  let deal = null;
  const items = [];
  for (const line of lines.slice(-120)) {
    if (line.deal !== deal) {
      deal = line.deal;
      items.push(`<li class="deal-mark">${esc(t("deal", { n: deal }))}</li>`);
    }
    items.push(`<li class="${line.action.startsWith("coup-fourre") ? "coup" : ""}">${esc(line.text)}</li>`);
  }
  log.innerHTML = items.join("");
  log.scrollTop = log.scrollHeight;
}

function renderScoresMini(room) {
  const state = app.states.get(app.shown);
  const view = state.view;
  const rows = view.sides.map((_, side) =>
    `<li><span>${esc(sideName(side, view))}</span><b>${room.scores[side]}</b></li>`).join("");
  const target = room.target ? ` / ${room.target}` : "";
  $("scores-mini").innerHTML = `<h2>${esc(t("scores"))}${target}</h2><ol>${rows}</ol>` +
    (room.results.length ? `<button type="button" class="ghost" id="show-scores">${esc(t("score_title", { n: room.results.length }))}</button>` : "");
  if (room.results.length) $("show-scores").onclick = () => showScores(room.results.length - 1);
}

function renderHandover() {
  const banner = $("handover");
  const waiting = [...app.states.entries()].find(([seat, state]) =>
    seat !== app.shown && seat !== "watch" && ["turn", "coup-fourre", "extension"].includes(state.view.decision));
  banner.hidden = !waiting;
  if (!waiting) return;
  const name = nameOf(waiting[0]);
  banner.innerHTML = `<span>${esc(t("handover", { name }))}</span><button type="button" class="primary">${esc(t("show_seat", { name }))}</button>`;
  banner.querySelector("button").onclick = () => showSeat(waiting[0]);
}

// --------------------------------------------------------------------- dialogs

function renderDialog(state) {
  const { view, room } = state;
  const dialog = $("dialog");
  clearInterval(app.countdownTimer);
  if (app.covered) {
    if (dialog.dataset.kind === "decision") dialog.close();
    return;
  }
  if (app.seenResults === null) {
    // Back during the pause after a deal: its score sheet again, to say "Next deal".
    const unseen = room.over || room.waiting_next.includes(view.seat) ? 1 : 0;
    app.seenResults = room.results.length - unseen;
  }
  if (view.decision === "coup-fourre") {
    const hazard = view.attack.hazard;
    const safety = app.config.safety_for[hazard];
    openDecision(
      t("coup_title", { name: nameOf(view.attack.by), hazard: cardName(hazard) }),
      t("coup_text", { safety: cardName(safety) }),
      [["coup-fourre", t("call"), "primary"], ["decline", t("decline"), "ghost"]],
      cardHTML(safety),
      state.countdown,
    );
  } else if (view.decision === "extension") {
    openDecision(t("extension_title"), t("extension_text"),
      [["extend", t("extend"), "primary"], ["finish", t("finish"), "ghost"]], "", null);
  } else if (room.results.length > app.seenResults) {
    app.seenResults = room.results.length;
    showScores(room.results.length - 1);
  } else if (dialog.dataset.kind === "decision") {
    dialog.close();
  }
}

function openDecision(title, text, buttons, picture, countdown) {
  const dialog = $("dialog");
  dialog.dataset.kind = "decision";
  dialog.innerHTML = `<div class="decision"><h2>${esc(title)}</h2>${picture}<p>${esc(text)}</p>
    ${countdown !== null ? '<div class="countdown"><span id="countdown-bar"></span></div>' : ""}
    <div class="buttons">${buttons.map(([action, label, kind]) =>
      `<button type="button" class="${kind}" data-action="${action}">${esc(label)}</button>`).join("")}</div></div>`;
  for (const button of dialog.querySelectorAll("button")) {
    button.onclick = () => { dialog.close(); act(button.dataset.action); };
  }
  if (!dialog.open) dialog.showModal();
  if (countdown !== null) {
    const total = app.room.coup_fourre_seconds;
    const end = Date.now() + countdown * 1000;
    const bar = $("countdown-bar");
    const tick = () => {
      const left = Math.max(0, end - Date.now());
      bar.style.width = `${(100 * left) / (total * 1000)}%`;
      bar.textContent = `${Math.ceil(left / 1000)}`;
    };
    tick();
    app.countdownTimer = setInterval(tick, 100);
  }
}

function showScores(index) {
  const room = app.room;
  const result = room.results[index];
  const view = shownState().view;
  const items = Object.keys(result.sheets[0]).filter((item) =>
    item !== "total" && result.sheets.some((sheet) => sheet[item]));
  const head = view.sides.map((_, side) => `<th>${esc(sideName(side, view))}</th>`).join("");
  const rows = items.map((item) => `<tr><th>${esc(t(`items-${item}`))}</th>${
    result.sheets.map((sheet) => `<td>${sheet[item] || ""}</td>`).join("")}</tr>`).join("");
  const total = `<tr class="total"><th>${esc(t("items-total"))}</th>${
    result.sheets.map((sheet) => `<td>${sheet.total}</td>`).join("")}</tr>`;
  const match = room.target ? `<tr class="match"><th>${esc(t("totals"))}</th>${
    result.totals.map((points) => `<td>${points}</td>`).join("")}</tr>` : "";
  let verdict = "";
  if (room.over && index === room.results.length - 1) {
    verdict = `<p class="verdict">${esc(room.winner === null ? t("tie") : t("wins", { name: sideName(room.winner, view) }))}</p>`;
  }
  const last = index === room.results.length - 1;
  const next = !room.over && last && (app.finals.has(app.shown) || room.waiting_next.includes(view.seat));
  const seated = Boolean(storedSeats()[app.shown]);
  let buttons = `<button type="button" class="primary" id="close-scores">${esc(t(next ? "next_deal" : "continue"))}</button>`;
  if (room.over && last) {
    // The match is over: the same seats again, or the lobby.
    if (seated) buttons = `<button type="button" class="primary" id="rematch">${esc(t("rematch"))}</button>`;
    else if (room.rematch) buttons = `<a class="primary button" href="/room/${esc(room.rematch)}">${esc(t("watch_rematch"))}</a>`;
    else buttons = "";
    buttons += `<a class="ghost button" id="new-game" href="/">${esc(t("back"))}</a>`;
  }
  const dialog = $("dialog");
  dialog.dataset.kind = next ? "next" : "scores";
  dialog.innerHTML = `<div class="score-sheet" id="score-sheet"><h2>${esc(t("score_title", { n: result.deal }))}</h2>${verdict}
    <table><thead><tr><th></th>${head}</tr></thead><tbody>${rows}${total}${match}</tbody></table>
    <div class="buttons">${buttons}${
      seated ? `<button type="button" id="review-deal">${esc(t("review"))}</button>` : ""}</div></div>`;
  if ($("close-scores")) $("close-scores").onclick = next ? nextDeal : () => dialog.close();
  if ($("rematch")) $("rematch").onclick = rematch;
  if ($("review-deal")) $("review-deal").onclick = () => openReview(result.deal - 1);
  if (!dialog.open) dialog.showModal();
}

// Close the score sheet, show the table as it is now, and tell the server: bots start the next
// deal once every person at the table has (or when the pause runs out).
function nextDeal() {
  app.finals.clear();
  $("dialog").close();
  if (app.shown !== "watch") send({ type: "next" });
  render();
}

// Every person asks the server for the rematch's room (the first to ask opens it) and goes
// there with the seats this browser holds: their tokens hold the same seats in the new room.
async function rematch() {
  const seats = storedSeats();
  try {
    const reply = await api(`/api/rooms/${app.code}/rematch`, { token: Object.values(seats)[0] });
    localStorage.setItem(`millebornes:room:${reply.code}`, JSON.stringify(seats));
    location.assign(`/room/${reply.code}`);
  } catch (error) {
    toast(error.message);
  }
}

async function openReview(deal) {
  try {
    const reply = await api(`/api/rooms/${app.code}/review`, { token: storedSeats()[app.shown], deal });
    window.open(reply.link, "_blank");
  } catch (error) {
    toast(error.message);
  }
}

function showMemo() {
  const rows = Object.entries(app.config.remedy_for).map(([hazard, remedy]) =>
    `<tr><td>${cardHTML(hazard, { mini: true })}</td><td>${cardHTML(remedy, { mini: true })}</td>` +
    `<td>${cardHTML(app.config.safety_for[hazard], { mini: true })}</td></tr>`).join("");
  const dialog = $("dialog");
  if (dialog.open && dialog.dataset.kind === "decision") return; // a question comes first
  dialog.dataset.kind = "memo";
  dialog.innerHTML = `<div class="memo" id="memo-card"><h2>${esc(t("memo_title"))}</h2>
    <table><thead><tr><th>${esc(t("memo_hazard"))}</th><th>${esc(t("memo_remedy"))}</th>` +
    `<th>${esc(t("memo_safety"))}</th></tr></thead><tbody>${rows}</tbody></table>
    <div class="buttons"><button type="button" class="primary" id="close-memo">${esc(t("close"))}</button></div></div>`;
  $("close-memo").onclick = () => dialog.close();
  if (!dialog.open) dialog.showModal();
}

// The rules the terminal shows on F1, for the room's preset (in the lobby, the one chosen).
async function showRules() {
  const dialog = $("dialog");
  if (dialog.open && dialog.dataset.kind === "decision") return; // a question comes first
  const rules = app.room?.rules ?? $("rules").value;
  try {
    const reply = await api(`/api/rules/${encodeURIComponent(rules)}/${app.lang}`);
    dialog.dataset.kind = "rules";
    dialog.innerHTML = `<div class="rules-text" id="rules-text">${markdownHTML(reply.text)}</div>
      <div class="buttons"><button type="button" class="primary" id="close-rules">${esc(t("close"))}</button></div>`;
    $("close-rules").onclick = () => dialog.close();
    if (!dialog.open) dialog.showModal();
  } catch (error) {
    toast(error.message);
  }
}

// Markdown as the rules are written: headings, paragraphs, lists, tables, **bold** and `code`.
// Every piece of text is escaped first, so nothing in it can become markup.
function markdownHTML(text) {
  const inline = (part) => esc(part)
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/`([^`]+)`/g, "<code>$1</code>");
  const html = [];
  let block = null; // the open paragraph, list or table: { kind, lines }
  const close = () => {
    if (block?.kind === "p") html.push(`<p>${inline(block.lines.join(" "))}</p>`);
    else if (block) html.push(`<${block.kind}${block.nested ? ' class="nested"' : ""}>${block.lines.join("")}</${block.kind}>`);
    block = null;
  };
  const open = (kind, nested = false) => {
    if (block?.kind !== kind || block.nested !== nested) { close(); block = { kind, nested, lines: [] }; }
  };
  for (const line of text.split("\n")) {
    const heading = line.match(/^(#{1,4}) (.*)$/);
    const item = line.match(/^(\s*)(-|\*|(\d+)\.) (.*)$/);
    if (!line.trim()) close();
    else if (heading) {
      close();
      const level = heading[1].length + 1; // the dialog's own title level is 2
      html.push(`<h${level}>${inline(heading[2])}</h${level}>`);
    } else if (line.startsWith("|")) {
      open("table");
      const cells = line.trim().replace(/^\||\|$/g, "").split("|").map((cell) => cell.trim());
      if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
      const tag = block.lines.length ? "td" : "th";
      block.lines.push(`<tr>${cells.map((cell) => `<${tag}>${inline(cell)}</${tag}>`).join("")}</tr>`);
    } else if (item) {
      open(item[3] ? "ol" : "ul", item[1].length > 0);
      block.lines.push(`<li${item[3] ? ` value="${item[3]}"` : ""}>${inline(item[4])}</li>`);
    } else if (block && block.kind !== "p" && block.kind !== "table") {
      const last = block.lines.length - 1; // a list item going on on the next line
      block.lines[last] = block.lines[last].replace(/<\/li>$/, ` ${inline(line.trim())}</li>`);
    } else {
      open("p");
      block.lines.push(line.trim());
    }
  }
  close();
  return html.join("");
}

// --------------------------------------------------------------------- start

function applyLanguage() {
  document.documentElement.lang = app.lang;
  for (const element of document.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
  $("language").textContent = app.lang === "en" ? "FR" : "EN";
}

async function start() {
  app.config = await api("/api/config");
  applyLanguage();
  $("language").onclick = () => {
    app.lang = app.lang === "en" ? "fr" : "en";
    localStorage.setItem("millebornes:language", app.lang);
    applyLanguage();
    if (app.code === null) showLobby();
    else if (app.states.size) hello();
  };
  $("copy-link").onclick = copyInvite;
  $("memo").onclick = showMemo;
  $("rules-help").onclick = showRules;
  $("dialog").oncancel = (event) => {
    const kind = $("dialog").dataset.kind;
    if (kind === "decision") event.preventDefault(); // answer, or wait it out
    if (kind === "next") { event.preventDefault(); nextDeal(); }
  };
  const match = location.pathname.match(/^\/room\/([\w-]+)$/);
  if (match) await openRoom(match[1]);
  else showLobby();
}

window.addEventListener("popstate", () => location.reload());
start();
