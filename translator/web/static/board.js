// The board: square buttons with data-square / data-occupant / data-mark / data-context,
// the path arrows of a hovered destination, and the legend.

import { el } from "./api.js";
import { parseSquare, squareName, state } from "./state.js";

const SVG = "http://www.w3.org/2000/svg";

export const MARK_WORDS = {};     // kind -> legend text, from /api/legend
export const CONTEXT_WORDS = {};

export function setLegend(legend) {
  const root = document.documentElement;
  for (const [kind, entry] of Object.entries(legend.marks)) {
    MARK_WORDS[kind] = entry.text;
    root.style.setProperty("--mark-" + kind, entry.colour);
  }
  for (const [kind, entry] of Object.entries(legend.context)) {
    CONTEXT_WORDS[kind] = entry.text;
    root.style.setProperty("--context-" + kind, entry.colour);
  }
}

export function squareButton(name) {
  return document.querySelector(`#board [data-square="${name}"]`);
}

export function allSquares() {
  return [...document.querySelectorAll("#board .square")];
}

// Build the grid: ranks from the top (White at the bottom), file letters under it.
export function buildBoard(handlers) {
  const board = document.getElementById("board");
  board.replaceChildren();
  board.style.gridTemplateColumns = `1.6rem repeat(${state.files}, var(--sq))`;
  board.style.setProperty("--files", String(state.files));
  for (let y = state.ranks - 1; y >= 0; y--) {
    board.append(el("div", { class: "coord", "aria-hidden": "true", text: String(y + 1) }));
    for (let x = 0; x < state.files; x++) {
      const name = squareName(x, y);
      const button = el("button", {
        type: "button", class: "square " + ((x + y) % 2 === 0 ? "dark" : "light"),
        "data-square": name, role: "gridcell", draggable: "false",
      });
      for (const [event, fn] of Object.entries(handlers)) {
        button.addEventListener(event, e => fn(e, name));
      }
      board.append(button);
    }
  }
  board.append(el("div", { class: "coord" }));
  for (let x = 0; x < state.files; x++) {
    board.append(el("div", { class: "coord", "aria-hidden": "true",
                             text: String.fromCharCode(97 + x) }));
  }
}

function disc(colour, label, mover) {
  return el("span", { class: `disc ${colour}${mover ? " mover" : ""}`, text: label });
}

// What stands on each square: the piece (edit and draw modes) or the attacks position.
export function drawPieces(letter) {
  const other = state.side === "white" ? "black" : "white";
  for (const button of allSquares()) {
    const name = button.dataset.square;
    button.replaceChildren();
    delete button.dataset.occupant;
    delete button.dataset.piece;
    button.draggable = false;
    if (state.mode === "play") {
      const token = state.playBoard.get(name);
      if (token) {
        const letter = token.replace(/[+~]/g, "");
        button.dataset.piece = token;
        button.append(disc(letter === letter.toUpperCase() ? "white" : "black",
                           (token.startsWith("+") ? "+" : "") + letter.toUpperCase(), false));
      }
    } else if (state.mode === "attacks") {
      const placed = state.attackBoard.get(name);
      if (placed) {
        const colour = placed === placed.toUpperCase() ? "white" : "black";
        button.dataset.piece = placed;
        button.append(disc(colour, placed.toUpperCase(), false));
      }
    } else if (name === state.from) {
      button.dataset.piece = "mover";
      button.draggable = true;
      button.append(disc(state.side, letter || "", true));
    } else if (state.friends.has(name)) {
      button.dataset.occupant = "friend";
      button.append(disc(state.side, "", false));
    } else if (state.enemies.has(name)) {
      button.dataset.occupant = "enemy";
      button.append(disc(other, "", false));
    }
    button.setAttribute("aria-label", describe(button));
  }
}

// Marks of a board answer; every square that carries neither mark nor context is cleared.
export function drawMarks(answer) {
  const squares = answer && answer.squares ? answer.squares : {};
  for (const button of allSquares()) {
    const info = squares[button.dataset.square];
    delete button.dataset.mark;
    delete button.dataset.context;
    delete button.dataset.parts;
    button.style.removeProperty("--mark-color");
    button.style.removeProperty("--context-color");
    if (info && info.mark) {
      button.dataset.mark = info.mark;
      button.style.setProperty("--mark-color", `var(--mark-${info.mark})`);
    } else if (info && info.context) {
      button.dataset.context = info.context;
      button.style.setProperty("--context-color", `var(--context-${info.context})`);
    }
    if (info) button.dataset.parts = info.parts.join(",");
    button.setAttribute("aria-label", describe(button));
  }
}

function describe(button) {
  const words = [button.dataset.square];
  if (button.dataset.piece === "mover") words.push("the piece");
  else if (button.dataset.piece) words.push("piece " + button.dataset.piece);
  if (button.dataset.occupant) words.push(button.dataset.occupant);
  if (button.dataset.mark) words.push(MARK_WORDS[button.dataset.mark] || button.dataset.mark);
  if (button.dataset.context) {
    words.push(CONTEXT_WORDS[button.dataset.context] || button.dataset.context);
  }
  if (button.dataset.want) words.push("drawn: " + button.dataset.want);
  return words.join(", ");
}

// Set through the style object, not a style attribute, which a Content-Security-Policy
// without 'unsafe-inline' refuses.
function swatch(background) {
  const span = el("span", { class: "swatch" });
  span.style.background = background;
  return span;
}

export function drawLegend(answer) {
  const box = document.getElementById("legend");
  const used = new Set(), context = new Set();
  for (const info of Object.values((answer && answer.squares) || {})) {
    if (info.mark) used.add(info.mark);
    if (info.context) context.add(info.context);
  }
  const items = [el("li", {}, disc(state.side, "", true), "the piece whose moves are shown")];
  if (state.friends.size) items.push(el("li", {}, disc(state.side, "", false), "a friend"));
  if (state.enemies.size) {
    items.push(el("li", {}, disc(state.side === "white" ? "black" : "white", "", false),
                  "an enemy"));
  }
  for (const kind of Object.keys(MARK_WORDS)) {
    if (!used.has(kind)) continue;
    items.push(el("li", { "data-legend": kind }, swatch(`var(--mark-${kind})`), MARK_WORDS[kind]));
  }
  for (const kind of Object.keys(CONTEXT_WORDS)) {
    if (!context.has(kind)) continue;
    items.push(el("li", { "data-legend": kind },
      swatch(`repeating-linear-gradient(45deg, var(--context-${kind}) 0 3px, transparent 3px 6px)`),
      "on the way: " + CONTEXT_WORDS[kind]));
  }
  box.replaceChildren(el("ul", {}, ...items));
}

// Arrows through the squares where each leg ends; victims circled.
export function drawPaths(moves) {
  const svg = document.getElementById("arrows");
  const board = document.getElementById("board");
  svg.replaceChildren();
  svg.setAttribute("width", board.offsetWidth);
  svg.setAttribute("height", board.offsetHeight);
  if (!moves || !moves.length) return;
  const defs = document.createElementNS(SVG, "defs");
  defs.innerHTML = '<marker id="head" viewBox="0 0 10 10" refX="8" refY="5" ' +
    'markerWidth="4" markerHeight="4" orient="auto-start-reverse">' +
    '<path d="M 0 0 L 10 5 L 0 10 z" fill="#1E5AFF"/></marker>';
  svg.append(defs);
  const base = board.getBoundingClientRect();
  const centre = name => {
    const r = squareButton(name).getBoundingClientRect();
    return [r.left - base.left + r.width / 2, r.top - base.top + r.height / 2];
  };
  for (const mv of moves) {
    if (!mv.legs.every(sq => squareButton(sq))) continue;
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("class", "path");
    line.setAttribute("data-legs", mv.legs.join(" "));
    line.setAttribute("points", mv.legs.map(sq => centre(sq).join(",")).join(" "));
    line.setAttribute("marker-end", "url(#head)");
    svg.append(line);
    for (const victim of mv.captures) {
      if (!squareButton(victim)) continue;
      const [cx, cy] = centre(victim);
      const ring = document.createElementNS(SVG, "circle");
      ring.setAttribute("class", "victim");
      ring.setAttribute("data-square", victim);
      ring.setAttribute("cx", cx);
      ring.setAttribute("cy", cy);
      ring.setAttribute("r", squareButton(victim).offsetWidth * 0.38);
      svg.append(ring);
    }
  }
}

export function clearPaths() {
  document.getElementById("arrows").replaceChildren();
}

// String <-> moves: light up what one part of the string makes, or the parts of a square.
export function highlightPart(index) {
  for (const button of allSquares()) {
    if (button.dataset.parts === undefined) continue;
    const parts = button.dataset.parts ? button.dataset.parts.split(",").map(Number) : [];
    if (index === null) {
      delete button.dataset.hl;
      delete button.dataset.dim;
    } else if (parts.includes(index)) {
      button.dataset.hl = "true";
      delete button.dataset.dim;
    } else {
      button.dataset.dim = "true";
      delete button.dataset.hl;
    }
  }
}

export function partsOf(name) {
  const button = squareButton(name);
  if (!button || !button.dataset.parts) return [];
  return button.dataset.parts.split(",").map(Number);
}

export { parseSquare };
