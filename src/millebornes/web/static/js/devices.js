// @ts-check
// The player's devices, on their page: each browser signed in as them (what it is, when it was
// last seen, or "this device"), with a button to sign out one, all the others, or this one,
// which then becomes a new guest as at a first visit (the page says first what brings the
// player back: a password, a code from another device, or nothing).

import { confirmThat } from "./dialogs.js";
import { $, api, closest, html, setHTML } from "./dom.js";
import { language, t } from "./i18n.js";
import { errorText } from "./room.js";
import { forgetAllRooms } from "./seats.js";

/** @import { Config } from "./protocol.js" */
/** @import { Me } from "./player.js" */

/**
 * A device as /api/me/devices tells it.
 * @typedef {{id: string, browser: string | null, system: string | null, seen: number, this: boolean}} Device
 */

/**
 * Show the player's devices and wire their buttons; `becameGuest` shows the page again once
 * this device is signed out.
 * @param {Config} config
 * @param {Me} player
 * @param {() => Promise<void>} becameGuest
 */
export async function showDevices(config, player, becameGuest) {
  const dates = new Intl.DateTimeFormat(config.locales[language()], { dateStyle: "medium", timeStyle: "short" });
  /** @param {{devices: Device[]}} told */
  const show = (told) => showList(told.devices, player, dates);
  $("devices-list").onclick = (event) => {
    const device = closest(event, "button[data-device]")?.dataset.device;
    if (device) changed(() => api("/api/me/devices/signout", { device }), show, t("devices_signed_out", { what: whatOf(device) }));
  };
  $("sign-out-others").onclick = () => {
    const others = $("devices-list").querySelectorAll("button[data-device]").length;
    changed(() => api("/api/me/devices/signout", { others: true }), show, t("devices_others_signed_out", { count: others }));
  };
  $("sign-out").onclick = () => signOutThis(becameGuest);
  await changed(() => api("/api/me/devices"), show, "");
}

/**
 * Ask the server, show the devices it tells, and say `done` (or why it failed).
 * @param {() => Promise<unknown>} asked
 * @param {(told: {devices: Device[]}) => void} show
 * @param {string} done
 */
async function changed(asked, show, done) {
  $("devices-error").textContent = "";
  try {
    show(/** @type {{devices: Device[]}} */ (await asked()));
    $("devices-status").textContent = done;
  } catch (error) {
    $("devices-error").textContent = errorText(error);
  }
}

/**
 * @param {Device[]} devices
 * @param {Me} player
 * @param {Intl.DateTimeFormat} dates
 */
function showList(devices, player, dates) {
  setHTML($("devices-list"), html`${devices.map((device) => deviceHTML(device, dates))}`);
  $("sign-out-others").hidden = devices.length < 2;
  const warning = player.password ? "devices_warning_password" : devices.length > 1 ? "devices_warning_code" : "devices_warning_lost";
  $("sign-out-warning").textContent = t(warning);
}

/**
 * What a device is, in words.
 * @param {Device} device
 */
function deviceName(device) {
  const browser = device.browser ?? t("devices_unknown");
  return device.system ? t("devices_what", { browser, system: device.system }) : browser;
}

/**
 * The name a device of the list shows, by its id.
 * @param {string} id
 */
function whatOf(id) {
  return $(`device-${id}`)?.querySelector("b")?.textContent ?? "";
}

/**
 * @param {Device} device
 * @param {Intl.DateTimeFormat} dates
 */
function deviceHTML(device, dates) {
  const id = `device-${device.id}`;
  const facts = device.this ? t("devices_this") : t("devices_seen", { when: dates.format(new Date(device.seen * 1000)) });
  const action = device.this
    ? ""
    : html`<button type="button" class="ghost" data-device="${device.id}" aria-describedby="${id}">${t("devices_sign_out")}</button>`;
  return html`<li><p id="${id}"><b>${deviceName(device)}</b><br>${facts}</p>${action}</li>`;
}

/**
 * Sign this device out, once its player said yes to the warning: it forgets the seats it held
 * and is a new guest.
 * @param {() => Promise<void>} becameGuest
 */
async function signOutThis(becameGuest) {
  const sure = await confirmThat(t("devices_confirm"), $("sign-out-warning").textContent, t("devices_sign_out"), t("devices_stay"));
  if (!sure) return;
  try {
    await api("/api/me/signout", {});
    forgetAllRooms();
    $("player-code").textContent = ""; // the old player's code, not this guest's
    await becameGuest();
    $("player-status").textContent = t("devices_signed_out_this");
  } catch (error) {
    $("devices-error").textContent = errorText(error);
  }
}
