// The Play pane: a whole game of a variant (its start position or a pasted FEN). The page
// posts {"query": "legal", "variant", "fen", "moves": [UCI …]} and draws the answer: the
// pieces, the hands, whose move it is and check; a piece picked lights up the squares its
// legal moves go to (data-legal), as XBoard does; the SAN of each move is listed; Undo takes
// the last move back. Nothing here decides what is legal: every move comes from the answer.

import { el, get, latest } from "./api.js";
import { allSquares, drawPieces, squareButton } from "./board.js";
import { state } from "./state.js";

const $ = id => document.getElementById(id);
let answer = null;     // the last legal answer of the position shown
let picked = null;     // the square of the picked piece, or "@P" for a piece in hand
let resize = () => {};

export function onPlaySize(fn) { resize = fn; }

// The squares a UCI move goes from and to (a drop "P@e4" comes from the hand: "@P").
export function uciSquares(uci) {
  const [head, tail] = uci.includes("@") ? uci.split("@") : [null, uci];
  const squares = tail.match(/[a-z][0-9]+/g) || [];
  return [head === null ? squares[0] : "@" + head.toUpperCase(), squares[squares.length - 1]];
}

function sideOf(token) {
  const letter = token.replace(/[+~]/g, "");
  return letter === letter.toUpperCase() ? "white" : "black";
}

// The variants played (GET /api/games) as the variant field's suggestions.
export async function listGames() {
  const answer = await get("/api/games");
  if (!answer.ok) return;
  $("play-variants").replaceChildren(...answer.games.map(name => el("option", { value: name })));
}

export function playQuery() {
  const obj = { query: "legal", variant: state.play_variant || "chess",
                moves: [...state.play_moves] };
  if (state.play_fen.trim()) obj.fen = state.play_fen.trim();
  return obj;
}

// Ask for the position after the moves played, and draw it.
export async function playUpdate() {
  const status = $("play-status");
  const got = await latest("play", playQuery(), status);
  if (got === null) return;
  picked = null;
  if (!got.ok) {
    answer = null;
    status.dataset.result = "error";
    delete status.dataset.check;
    status.replaceChildren(el("pre", { class: "error", text: got.caret || got.error }));
    state.playBoard = new Map();
    drawPlay();
    return;
  }
  answer = got;
  if (got.files !== state.files || got.ranks !== state.ranks) resize(got.files, got.ranks);
  state.playBoard = new Map(Object.entries(got.pieces));
  showStatus(got);
  drawPlay();
}

function showStatus(got) {
  const status = $("play-status");
  const side = got.turn === "white" ? "White" : "Black";
  status.dataset.check = String(got.check);
  status.dataset.result = got.checkmate ? "checkmate" : got.stalemate ? "stalemate" : "";
  status.textContent = got.checkmate ? `Checkmate: ${side} is mated.`
    : got.stalemate ? `Stalemate: ${side} has no legal move.`
    : `${side} to move${got.check ? ": in check!" : "."} ${got.moves.length} legal moves.`;
}

function targets() {
  if (!answer || picked === null) return new Map();
  const out = new Map();   // target square -> [moves]
  answer.moves.forEach((uci, i) => {
    const [from, to] = uciSquares(uci);
    if (from !== picked) return;
    if (!out.has(to)) out.set(to, []);
    out.get(to).push({ uci, san: answer.san[i] });
  });
  return out;
}

// The pieces, the picked piece and its targets, the hands, the move list.
export function drawPlay() {
  drawPieces("");
  const lit = targets();
  for (const button of allSquares()) {
    const name = button.dataset.square;
    delete button.dataset.mark;
    delete button.dataset.context;
    button.style.removeProperty("--mark-color");
    if (lit.has(name)) button.dataset.legal = "true"; else delete button.dataset.legal;
    if (picked === name) button.dataset.picked = "true"; else delete button.dataset.picked;
    if (answer && answer.checked.includes(name)) button.dataset.check = "true";
    else delete button.dataset.check;
  }
  drawHands();
  drawList();
  $("play-promote").replaceChildren();
  $("legend").replaceChildren(el("ul", {},
    el("li", {}, "Upper case: White's pieces; lower case: Black's."),
    el("li", { "data-legend": "legal" }, el("span", { class: "swatch legal-swatch" }),
       "a legal move of the picked piece goes here")));
}

function drawHands() {
  const box = $("play-hands");
  if (!answer || !Object.values(answer.hands).some(h => Object.keys(h).length)) {
    box.replaceChildren();
    return;
  }
  const rows = ["white", "black"].map(side => el("div", { "data-hand-side": side },
    `${side === "white" ? "White" : "Black"} in hand: `,
    ...Object.entries(answer.hands[side]).map(([letter, count]) => el("button", {
      type: "button", class: "hand-piece", "data-hand": letter,
      "data-picked": String(picked === "@" + letter.toUpperCase() && side === answer.turn),
      text: count > 1 ? `${letter}×${count}` : letter,
      onclick: () => pickHand(side, letter),
    }))));
  box.replaceChildren(...rows);
}

function drawList() {
  const played = answer ? answer.played : [];
  $("play-list").replaceChildren(...played.map((san, i) => el("li", {
    "data-ply": String(i + 1), "data-uci": state.play_moves[i] || "", text: san })));
  $("play-undo").disabled = state.play_moves.length === 0;
}

function pickHand(side, letter) {
  if (!answer || side !== answer.turn) return;
  const key = "@" + letter.toUpperCase();
  picked = picked === key ? null : key;
  drawPlay();
}

function play(uci) {
  state.play_moves.push(uci);
  picked = null;
  saved();
  playUpdate();
}

let saved = () => {};
export function onPlayed(fn) { saved = fn; }

// A click on the board: pick a piece of the side to move, or play a move of the picked one
// (a choice of promotions first when several moves go to the square).
export function playClick(name) {
  if (!answer) return;
  const lit = targets();
  if (lit.has(name)) {
    const moves = lit.get(name);
    if (moves.length === 1) { play(moves[0].uci); return; }
    $("play-promote").replaceChildren(el("span", { text: "Which move? " }),
      ...moves.map(mv => el("button", { type: "button", "data-uci": mv.uci, text: mv.san,
                                        onclick: () => play(mv.uci) })));
    return;
  }
  const token = answer.pieces[name];
  picked = token && sideOf(token) === answer.turn && picked !== name ? name : null;
  drawPlay();
  if (picked && squareButton(name)) squareButton(name).focus();
}

export function undo() {
  if (!state.play_moves.length) return;
  state.play_moves.pop();
  saved();
  playUpdate();
}

// A new game: the variant's start position (or the FEN pasted), no move played.
export function newGame() {
  state.play_variant = $("play-variant").value.trim() || "chess";
  state.play_fen = $("play-fen").value.trim();
  state.play_moves = [];
  saved();
  playUpdate();
}
