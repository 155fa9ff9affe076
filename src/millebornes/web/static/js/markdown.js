// Markdown as the rules are written: headings, paragraphs, lists, tables, **bold** and `code`.
// Every piece of text is escaped first, so nothing in it can become markup. A "#" heading is an
// h2 (the page has its h1); the first heading gets id="rules-title", the dialog's name.

import { esc } from "./dom.js";

export function markdownHTML(text) {
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
      const level = heading[1].length + 1;
      const id = html.length ? "" : ' id="rules-title"';
      html.push(`<h${level}${id}>${inline(heading[2])}</h${level}>`);
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
