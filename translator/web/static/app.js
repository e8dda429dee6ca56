// The teaching page: wires the controls, the board and the panes together. A change asks
// the server again (POST /api/query with a batch "board" query) and redraws; a blocker
// placed or taken away is marked by the page itself from the piece's move table
// (table.js), where the piece has one.

import {
  cancel, debounce, done, downloadSvg, el, get, latest, newest, query, working,
} from "./api.js";
import {
  allSquares, buildBoard, clearPaths, drawLegend, drawMarks, drawPaths, drawPieces,
  highlightPart, partsOf, setLegend, squareButton,
} from "./board.js";
import {
  attackFen, attacks, compare, compareOnBoard, explain, find, forgetFound, listVariants,
  loadFen, loadGlossary, onExample, onRedrawn, savedExamples, searchPieces, showError,
  showPane, variantInfo, verdictIsCurrent,
} from "./panes.js";
import {
  drawPlay, listGames, newGame, onPlayed, onPlaySize, playClick, playUpdate, undo,
} from "./play.js";
import { clipToBoard, loadFromUrl, MAX_SIZE, positionSpec, state, toUrl } from "./state.js";
import { askTable, forgetTable, pieceKey, tableBoard } from "./table.js";

const $ = id => document.getElementById(id);
let current = null;       // the last board answer
let currentKey = "";      // the piece it is of (pieceKey)
let selected = false;     // the piece was clicked and waits for its new square
let pointed = null;       // the square under the pointer or with the focus: its "why" is shown
const whyCache = new Map();
const WHY_HINT = "Hover or focus a square: why the piece can (or cannot) go there.";

function syncControls() {
  $("betza").value = state.betza;
  $("betza2").value = state.betza2;
  $("files").value = String(state.files);
  $("ranks").value = String(state.ranks);
  $("side").value = state.side;
  $("dialect").value = state.dialect;
  $("unmoved").checked = state.unmoved;
  for (const key of ["ep", "ep_victim", "last_moved", "fen", "pieces"]) $(key).value = state[key];
  $("play-variant").value = state.play_variant;
  $("play-fen").value = state.play_fen;
  checkModeRadio();
}

function checkModeRadio() {
  for (const radio of document.querySelectorAll("input[name=mode]")) {
    radio.checked = radio.value === state.mode;
  }
}

function saveUrl() {
  history.replaceState(null, "", toUrl());
}

function showCaret(answer) {
  const box = $("error");
  if (!answer || answer.ok) { box.hidden = true; return; }
  box.hidden = false;
  $("caret").textContent = answer.caret || answer.error;
}

function drawParts(answer) {
  const parts = answer && answer.ok ? answer.parts : [];
  $("parts").replaceChildren(...parts.map((text, i) => el("span", {
    class: "part", "data-part": String(i), tabindex: "0", text,
    onmouseenter: () => highlightPart(i), onmouseleave: () => highlightPart(null),
    onfocus: () => highlightPart(i), onblur: () => highlightPart(null),
  })));
}

function markWants() {
  for (const button of allSquares()) {
    const want = state.want.get(button.dataset.square);
    if (want && state.mode === "draw") button.dataset.want = want;
    else delete button.dataset.want;
  }
}

// A tab's marks leave the board with it: the Attacks target, its attackers and their paths
// are drawn while the Attacks tab is shown, Play's lit squares in Play mode, and the status
// line speaks of the piece only where the board shows it (not in Attacks and Play, which
// show a position), so that no tab shows what another drew.
function clearOtherMarks() {
  if (state.pane !== "attacks" && document.querySelector("#board [data-target]")) {
    clearPaths();
    for (const button of allSquares()) {
      delete button.dataset.target;
      delete button.dataset.attacker;
    }
  }
  if (state.mode !== "play") {
    for (const button of allSquares()) {
      for (const key of ["legal", "picked", "check"]) delete button.dataset[key];
    }
  }
  if (pieceless()) $("status").textContent = "";
}

// Ask for the board of the piece in the position as set up, and draw it.
async function update() {
  saveUrl();
  whyCache.clear();
  forgetWhy();
  clearOtherMarks();
  if (state.mode === "play") {
    cancel("board");
    done($("busy"));
    $("busy").replaceChildren();
    drawMarks(null);
    drawPlay();
    await playUpdate();
    return;
  }
  if (state.mode === "attacks") {
    cancel("board");
    done($("busy"));
    $("busy").replaceChildren();
    drawPieces("");
    drawMarks(null);
    drawLegend(null);
    await attacks(state.pane === "attacks" ? state.target : "");
    return;
  }
  drawPieces(current && current.ok ? current.letter : "");
  markWants();
  const key = pieceKey();
  const answer = await latest("board", { query: "board", betza: state.betza, from: state.from,
                                         virgin: state.unmoved, ...positionSpec() }, $("busy"));
  if (answer === null) return;
  $("busy").replaceChildren();
  $("board").dataset.markedBy = "server";
  current = answer;
  if (key !== currentKey) forgetTable();
  currentKey = key;
  if (answer.ok) askTable(key);
  show(answer, true);
}

// A blocker placed or taken away: the board marked from the piece's table, without asking
// the server (false where the page cannot: no table yet, or a position with a last move).
function remark() {
  if (!current || !current.ok || currentKey !== pieceKey()) return false;
  const marked = tableBoard(currentKey);
  if (!marked) return false;
  saveUrl();
  whyCache.clear();
  forgetWhy();
  cancel("board");   // (an answer on its way is of an older position)
  done($("busy"));
  $("busy").replaceChildren();
  current = { ok: true, ...marked, parts: current.parts, letter: current.letter };
  $("board").dataset.markedBy = "page";
  show(current, false);
  return true;
}

// Draw a board answer, and what follows from it in the panes (the explanation, of the piece
// on its square, is asked again when the server was).
function show(answer, asked) {
  showCaret(answer);
  drawPieces(answer.ok ? answer.letter : "");
  drawMarks(answer.ok ? answer : null);
  markWants();
  drawParts(answer);
  drawLegend(answer.ok ? answer : null);
  const count = answer.ok ? answer.moves.length : 0;
  $("status").textContent = answer.ok
    ? `${state.betza} (${state.side}) on ${state.from}: ${count} move${count === 1 ? "" : "s"}`
    : "";
  if (asked && state.pane === "explain") explain();
  if (state.pane === "compare" && !verdictIsCurrent()) compare(null);
  else compareOnBoard();
  if (pointed) why(pointed);
}

// The Attacks and Play modes show a position, not one piece's moves: no "why", no paths.
function pieceless() {
  return state.mode === "attacks" || state.mode === "play";
}

// The "why" box answers one question: the pointed square in the position on the board. A
// change of the position (a click that edits, a new string) drops the answer in flight.
function forgetWhy() {
  const box = $("why");
  if (pointed && !pieceless()) {
    cancel("why");
    delete box.dataset.whySquare;
    working(box);
  } else {
    whyHint(null, WHY_HINT);
  }
}

// A line in the why box that needs no answer from the server.
function whyHint(square, text) {
  const box = $("why");
  cancel("why");
  done(box);
  if (square) box.dataset.whySquare = square; else delete box.dataset.whySquare;
  box.replaceChildren(el("p", { class: "hint", text }));
}

async function why(name) {
  const box = $("why");
  if (pieceless() || !current) return;
  if (!current.ok) { whyHint(null, WHY_HINT); return; }
  if (name === state.from) { whyHint(name, `${name}: the piece stands here.`); return; }
  const key = name + toUrl();
  if (!whyCache.has(key)) {
    whyCache.set(key, query({ query: "why", betza: state.betza, from: state.from, to: name,
                              virgin: state.unmoved, ...positionSpec() }));
  }
  const answer = await newest("why", () => whyCache.get(key), box);
  if (answer === null) return;
  box.dataset.whySquare = name;
  if (!answer.ok) { showError(box, answer); return; }
  box.replaceChildren(...answer.explanation.map(line => el("div", { text: line })));
}

function hover(name) {
  pointed = name;
  if (!current || !current.ok || pieceless()) return;
  const moves = current.moves.filter(mv => mv.to === name);
  drawPaths(moves);
  const parts = partsOf(name);
  for (const part of document.querySelectorAll("#parts .part")) {
    part.dataset.active = String(parts.includes(Number(part.dataset.part)));
  }
  why(name);
}

function unhover() {
  pointed = null;
  if (!pieceless()) clearPaths();
  for (const part of document.querySelectorAll("#parts .part")) part.dataset.active = "false";
}

function movePiece(to) {
  if (to === state.from) return;
  state.friends.delete(to);
  state.enemies.delete(to);
  state.want.delete(to);
  state.from = to;
  update();
}

function click(event, name) {
  if (state.mode === "play") { playClick(name); return; }
  if (state.mode === "attacks") { attackClick(name); return; }
  if (name === state.from) {
    selected = !selected;
    squareButton(name).dataset.selected = String(selected);
    return;
  }
  if (selected) { selected = false; movePiece(name); return; }
  if (state.mode === "draw") {
    const order = [undefined, "both", "moves", "captures"];
    const next = order[(order.indexOf(state.want.get(name)) + 1) % order.length];
    if (next) state.want.set(name, next); else state.want.delete(name);
    forgetFound();
    markWants();
    saveUrl();
    return;
  }
  if (state.friends.has(name)) { state.friends.delete(name); state.enemies.add(name); }
  else if (state.enemies.has(name)) state.enemies.delete(name);
  else state.friends.add(name);
  if (!remark()) update();
}

function attackClick(name) {
  const tool = document.querySelector("input[name=atool]:checked").value;
  if (tool === "place") {
    const letter = $("place").value.trim();
    if (state.attackBoard.has(name) || !/^[A-Za-z]$/.test(letter)) {
      state.attackBoard.delete(name);
    } else {
      state.attackBoard.set(name, $("place-side").value === "white"
        ? letter.toUpperCase() : letter.toLowerCase());
    }
    state.fen = attackFen();
    $("fen").value = state.fen;
  } else {
    state.target = name;
  }
  update();
}

async function loadPosition(ce) {
  state.from = ce.from;
  state.side = ce.side || "white";
  state.friends = new Set(ce.friends || []);
  state.enemies = new Set(ce.enemies || []);
  state.unmoved = Boolean(ce.virgin);
  state.ep = (ce.ep || []).join(",");
  state.ep_victim = ce.ep_victim || "";
  if (ce.files && ce.ranks && (ce.files !== state.files || ce.ranks !== state.ranks)) {
    state.files = ce.files;
    state.ranks = ce.ranks;
    rebuild();
  }
  syncControls();
  await update();
}

function rebuild() {
  clipToBoard();
  buildBoard({
    click, mouseenter: (e, name) => hover(name), focus: (e, name) => hover(name),
    mouseleave: unhover, blur: unhover,
    dragstart: (e, name) => { e.dataTransfer.setData("text/plain", name); },
    dragover: e => e.preventDefault(),
    drop: (e, name) => { e.preventDefault(); movePiece(name); },
  });
}

// What a click on the board does follows the tab: the Attacks and Draw tabs have their own
// modes, Explain and Compare set up the position; the other tabs leave the mode as it is.
function modeOfPane(pane) {
  if (pane === "attacks" || pane === "draw" || pane === "play") return pane;
  return pane === "explain" || pane === "compare" ? "edit" : state.mode;
}

function setMode(mode) {
  state.mode = mode;
  if (mode === "attacks" && state.fen) loadFen(state.fen);
  if (mode !== "edit") showPane(mode);
  else if (modeOfPane(state.pane) !== "edit") showPane("explain");
  checkModeRadio();
  update();
}

function wire() {
  const typed = debounce(() => update(), 120);
  $("betza").addEventListener("input", e => { state.betza = e.target.value; typed(); });
  $("betza").addEventListener("keydown", e => {
    if (e.key === "Enter") { state.betza = e.target.value; update(); }
  });
  const typed2 = debounce(() => { saveUrl(); compare(loadPosition); }, 250);
  $("betza2").addEventListener("input", e => { state.betza2 = e.target.value; typed2(); });
  $("betza2").addEventListener("keydown", e => {
    if (e.key === "Enter") { state.betza2 = e.target.value; compare(loadPosition); }
  });
  for (const key of ["files", "ranks"]) {
    $(key).addEventListener("change", e => { state[key] = Number(e.target.value); rebuild(); update(); });
  }
  $("side").addEventListener("change", e => { state.side = e.target.value; update(); });
  $("dialect").addEventListener("change", e => { state.dialect = e.target.value; update(); });
  $("unmoved").addEventListener("change", e => { state.unmoved = e.target.checked; update(); });
  for (const key of ["ep", "ep_victim", "last_moved"]) {
    $(key).addEventListener("change", e => { state[key] = e.target.value; update(); });
  }
  for (const radio of document.querySelectorAll("input[name=mode]")) {
    radio.addEventListener("change", e => setMode(e.target.value));
  }
  $("clear").addEventListener("click", () => {
    state.friends.clear(); state.enemies.clear(); state.want.clear();
    savedExamples.length = 0;
    state.attackBoard.clear(); state.fen = ""; state.target = "";
    syncControls();
    update();
  });
  $("copylink").addEventListener("click", () => {
    navigator.clipboard?.writeText(location.href).catch(() => {});
    $("status").textContent = "The link to this board is in the address bar (and copied).";
  });
  $("download").addEventListener("click", () => downloadSvg(
    { betza: state.betza, from: state.from, virgin: state.unmoved, ...positionSpec() },
    showCaret));
  for (const tab of document.querySelectorAll("#tabs [role=tab]")) {
    tab.addEventListener("click", () => {
      showPane(tab.dataset.pane);
      if (modeOfPane(tab.dataset.pane) !== state.mode) { setMode(modeOfPane(state.pane)); return; }
      saveUrl();
      clearOtherMarks();
      if (tab.dataset.pane !== "compare") compareOnBoard();   // (it draws in Compare only)
      if (tab.dataset.pane === "attacks") attacks(state.target);
      if (tab.dataset.pane === "explain") explain();
      if (tab.dataset.pane === "compare") {
        if (verdictIsCurrent()) compareOnBoard(); else compare(null);
      }
    });
  }
  $("find").addEventListener("click", () => find(useString, loadPosition));
  $("catalogue-q").addEventListener("input", debounce(e => searchPieces(e.target.value, useString), 200));
  $("fen").addEventListener("change", e => { state.fen = e.target.value; loadFen(state.fen); update(); });
  $("pieces").addEventListener("change", e => { state.pieces = e.target.value; update(); });
  $("variant").addEventListener("change", e => showVariant(e.target.value));
  $("play-new").addEventListener("click", newGame);
  $("play-undo").addEventListener("click", undo);
  for (const id of ["play-variant", "play-fen"]) {
    $(id).addEventListener("keydown", e => { if (e.key === "Enter") newGame(); });
  }
  onPlayed(saveUrl);
  onPlaySize((files, ranks) => { state.files = files; state.ranks = ranks; rebuild(); syncControls(); });
}

function useString(betza) {
  state.betza = betza;
  syncControls();
  if (state.mode !== "edit") setMode("edit"); else update();
  syncControls();
}

async function showVariant(name) {
  state.variant = name;
  if (!name) { update(); return; }
  const info = await variantInfo(name);
  if (!info) return;
  state.files = info.files;
  state.ranks = info.ranks;
  state.fen = info.start;
  state.pieces = "";
  loadFen(state.fen);
  rebuild();
  state.mode = "attacks";
  syncControls();
  $("variant").value = name;
  update();
}

async function boot() {
  for (const id of ["files", "ranks"]) {
    for (let n = 1; n <= MAX_SIZE; n++) $(id).append(el("option", { value: String(n), text: String(n) }));
  }
  loadFromUrl(location.search);
  if (state.fen) loadFen(state.fen);
  const legend = await get("/api/legend");
  if (legend.ok) setLegend(legend);
  syncControls();
  rebuild();
  wire();
  onExample(ex => loadPosition({ ...ex, files: state.files, ranks: state.ranks }));
  onRedrawn(() => { markWants(); saveUrl(); });
  showPane(state.pane);
  await Promise.all([loadGlossary(), listVariants(showVariant), searchPieces("", useString),
                     listGames()]);
  await update();
  if (state.betza2 && !verdictIsCurrent()) await compare(null);
  document.body.dataset.ready = "true";
}

boot();
