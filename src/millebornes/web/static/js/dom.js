// Small helpers both pages share.

export const $ = (id) => document.getElementById(id);

export function esc(value) {
  return String(value).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

let toastTimer = null;

/** A short message over the page, also read out (the toast is a status region). */
export function toast(text) {
  const box = $("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 4000);
}

/** An error the server sent, with its `code` (docs/web.md lists them). */
export class ServerError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** GET `path`, or POST `body` to it, as JSON; a ServerError with the server's code if refused. */
export async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new ServerError(data.message || response.statusText, data.code);
  return data;
}

/** Copy `text`: the clipboard API where the page may use it (HTTPS, localhost), else the
 * selected text of `input`. Whether it was copied. */
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}
