// @ts-check
// The ratings (web/leaderboard.py): the player's own on their page, and the leaderboard page
// (/leaderboard), a table for each rule family and table size, the best rated first. A rating
// still provisional says so in words.

import { $, api, html, setHTML, showOwnPage } from "./dom.js";
import { presetName, t, translatePage } from "./i18n.js";

/**
 * A rating as the server tells it: its ordinal (mu - 3 sigma), mu, sigma, games rated.
 * @typedef {{rating: number, mu: number, sigma: number, games: number, provisional: boolean}} Rating
 * @typedef {Rating & {rules: string, players: number}} OwnRating
 * @typedef {{rules: string, players: number, rows: (Rating & {name: string})[]}} Board
 */

/**
 * A rating's rule family and table size in words.
 * @param {{rules: string, players: number}} kind
 */
function kindText(kind) {
  return t("leaderboard_board", { rules: presetName(kind.rules), players: kind.players });
}

/**
 * A rating's games, and "provisional" while it is.
 * @param {Rating} rating
 */
function gamesText(rating) {
  const games = t("rating_games", { games: rating.games });
  return rating.provisional ? `${games} · ${t("rating_provisional")}` : games;
}

/** Show the player's ratings on their page. */
export async function showRatings() {
  let ratings = /** @type {OwnRating[]} */ ([]);
  try {
    ratings = /** @type {{ratings: OwnRating[]}} */ (await api("/api/me/ratings")).ratings;
  } catch (error) {
    console.warn("no ratings now:", error);
  }
  const items = ratings.map((rating) => html`<li><p><b>${kindText(rating)}</b><br>${t("rating_line", rating)} · ${gamesText(rating)}</p></li>`);
  setHTML($("player-ratings"), items.length ? html`${items}` : html`<li><p>${t("ratings_none")}</p></li>`);
}

/**
 * One board: a table of its players, its heading naming it.
 * @param {Board} board
 */
function boardHTML(board) {
  const id = `board-${board.rules}-${board.players}`;
  const rows = board.rows.map((row, n) => html`<tr><td>${n + 1}</td><th scope="row">${row.name}</th><td>${t("rating_value", row)}</td><td>${gamesText(row)}</td></tr>`);
  return html`<h2 id="${id}">${kindText(board)}</h2><table class="board" aria-labelledby="${id}"><thead><tr><th scope="col">${t("leaderboard_rank")}</th><th scope="col">${t("leaderboard_player")}</th><th scope="col">${t("leaderboard_rating")}</th><th scope="col">${t("leaderboard_games")}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Show the leaderboard page (the page's address is /leaderboard). */
export async function showLeaderboard() {
  showOwnPage("leaderboard");
  translatePage($("leaderboard"));
  const boards = /** @type {{boards: Board[]}} */ (await api("/api/leaderboard")).boards;
  setHTML($("boards"), boards.length ? html`${boards.map(boardHTML)}` : html`<p>${t("leaderboard_none")}</p>`);
}
