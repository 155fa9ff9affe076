// @ts-check
// Markdown as the rules are written: headings, paragraphs, lists, tables, **bold** and `code`.
// Built with `html`, which escapes every piece of text, so nothing in it can become markup. A
// "#" heading is an h2 (the page has its h1); the first heading gets id="rules-title", the
// dialog's name.

import { html } from "./dom.js";

/** @import { Html } from "./dom.js" */

/**
 * A list's item: its number (an ordered list's) and its text, line by line.
 * @typedef {{ value: string | undefined, parts: Html[] }} Item
 */

/**
 * The open paragraph (its lines), list (its items) or table (its rows).
 * @typedef {{ kind: "p" | "ul" | "ol" | "table", nested: boolean, lines: string[], items: Item[], rows: Html[] }} Block
 */

/**
 * `code` within a piece of text.
 * @param {string} text
 */
function codes(text) {
  return html`${text.split(/`([^`]+)`/).map((part, n) => (n % 2 ? html`<code>${part}</code>` : part))}`;
}

/**
 * **bold** and `code` within a line (a code span is within a bold one or outside it).
 * @param {string} text
 */
function inline(text) {
  return html`${text.split(/\*\*(.+?)\*\*/).map((part, n) => (n % 2 ? html`<strong>${codes(part)}</strong>` : codes(part)))}`;
}

/** @param {Item} item */
function itemHTML(item) {
  return html`<li${item.value ? html` value="${item.value}"` : ""}>${item.parts}</li>`;
}

/**
 * The rules' Markdown as markup.
 * @param {string} text
 * @returns {Html}
 */
export function markdownHTML(text) {
  /** @type {Html[]} */
  const out = [];
  let block = /** @type {Block | null} */ (null);
  const close = () => {
    if (block?.kind === "p") out.push(html`<p>${inline(block.lines.join(" "))}</p>`);
    else if (block) {
      const inside = block.kind === "table" ? block.rows : block.items.map(itemHTML);
      out.push(html`<${block.kind}${block.nested ? html` class="nested"` : ""}>${inside}</${block.kind}>`);
    }
    block = null;
  };
  /**
   * @param {Block["kind"]} kind
   * @param {boolean} [nested]
   * @returns {Block}
   */
  const open = (kind, nested = false) => {
    if (block?.kind !== kind || block.nested !== nested) {
      close();
      block = { kind, nested, lines: [], items: [], rows: [] };
    }
    return block;
  };
  for (const line of text.split("\n")) {
    const heading = line.match(/^(#{1,4}) (.*)$/);
    const item = line.match(/^(\s*)(-|\*|(\d+)\.) (.*)$/);
    if (!line.trim()) close();
    else if (heading) {
      close();
      const level = heading[1].length + 1;
      const id = out.length ? "" : html` id="rules-title"`;
      out.push(html`<h${level}${id}>${inline(heading[2])}</h${level}>`);
    } else if (line.startsWith("|")) {
      const table = open("table");
      const cells = line.trim().replace(/^\||\|$/g, "").split("|").map((cell) => cell.trim());
      if (cells.every((cell) => /^:?-+:?$/.test(cell))) continue;
      const tag = table.rows.length ? "td" : "th";
      table.rows.push(html`<tr>${cells.map((cell) => html`<${tag}>${inline(cell)}</${tag}>`)}</tr>`);
    } else if (item) {
      open(item[3] ? "ol" : "ul", item[1].length > 0).items.push({ value: item[3], parts: [inline(item[4])] });
    } else if (block && block.kind !== "p" && block.kind !== "table") {
      // A list item going on on the next line.
      block.items[block.items.length - 1].parts.push(html` ${inline(line.trim())}`);
    } else {
      open("p").lines.push(line.trim());
    }
  }
  close();
  return html`${out}`;
}
