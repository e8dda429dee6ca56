// The piece's move table (docs/tables.md) matched in the browser: when a blocker is placed
// the page marks the board from the rows it already has, with no question to the server.
// The matcher knows nothing of the notation: a row holds when every square it names holds
// what its condition says. The board it makes is the server's "board" answer for the same
// position (translator/present/board.py turns the same matches into marks: a test of the
// page compares the two).

import { query } from "./api.js";
import { squareName, state } from "./state.js";

const KEEP = 16;              // tables kept by the page (the last pieces on the board)
const tables = new Map();     // pieceKey -> the compile answer ({route: "table", …} or not)
let placed = null;            // [pieceKey, its rows (placedRows)] of the piece on the board

// The piece, its square and board: what its move table (and its string's parts) depend on.
export function pieceKey() {
  return JSON.stringify([state.betza, state.dialect, state.files, state.ranks, state.side,
                         state.from]);
}

// Ask for the move table of the piece on the board, once per piece and square (a batch
// "compile" query with `from` and `side`). #board's data-table says "asking", then "table"
// (blockers are marked by the page) or "solver" (the piece keeps the solver path, or its
// table is over the size budget: the server marks the board).
export function askTable(key) {
  if (placed && placed[0] === key) return;
  const board = document.getElementById("board");
  if (tables.has(key)) {
    if (tables.get(key)) gotTable(key, tables.get(key)); else board.dataset.table = "asking";
    return;
  }
  const spec = { query: "compile", betza: state.betza, files: state.files,
                 ranks: state.ranks, side: state.side, from: state.from };
  if (state.dialect !== "spec") spec.dialect = state.dialect;
  tables.set(key, null);
  while (tables.size > KEEP) tables.delete(tables.keys().next().value);
  board.dataset.table = "asking";
  query(spec).then(answer => {
    // (a refusal, say of a busy server, is not kept: the piece's next board asks again)
    if (!answer.ok) tables.delete(key); else if (tables.has(key)) tables.set(key, answer);
    gotTable(key, answer);
  });
}

function gotTable(key, answer) {
  if (key !== pieceKey()) return;
  const usable = answer.ok && answer.route === "table";
  placed = usable ? [key, placedRows(answer, state.from, state.side)] : null;
  document.getElementById("board").dataset.table = usable ? "table" : "solver";
}

// Another piece (or square) is on the board: its table is asked when its board comes.
export function forgetTable() {
  placed = null;
  delete document.getElementById("board").dataset.table;
}

// The board of the piece of `key` in the position on the page, from its table; null where
// the page cannot tell (no table yet, or a position with a last move: e.p., the imitator).
export function tableBoard(key) {
  if (!placed || placed[0] !== key) return null;
  if (state.ep.trim() || state.ep_victim.trim() || state.last_moved.trim()) return null;
  return boardOf(placed[1], state.from, { friends: state.friends, enemies: state.enemies,
                                          royal: new Set(), virgin: state.unmoved });
}

const turn = (table, side) => ([x, y]) => {
  const [files, ranks] = table.board;
  return side === "black" ? [files - 1 - x, ranks - 1 - y] : [x, y];
};

// Lexicographic order of nested arrays of numbers and strings (Python's, for tuples).
function compare(a, b) {
  if (!Array.isArray(a)) return a < b ? -1 : a > b ? 1 : 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compare(a[i], b[i]);
    if (c) return c;
  }
  return a.length - b.length;
}

const coords = name => [name.charCodeAt(0) - 97, Number(name.slice(1)) - 1];
const pathKey = mv => [mv.legs.length, mv.legs.map(coords)];
// the order of the moves of an answer: destination, victims, path, unloads, e.p. rights
const orderKey = mv => [coords(mv.to), mv.captures.map(coords).sort(compare), pathKey(mv),
                        mv.unloads.map(u => [...u]).sort(compare), [...mv.ep_rights].sort()];
const effects = mv => JSON.stringify([mv.to, [...mv.captures].sort(),
                                      mv.unloads.map(u => u.join(">")).sort(),
                                      [...mv.ep_rights].sort()]);

// The rows of `table` for a piece of `side` on `from`, with squares named: each row's move
// (path and effects), its part of the string (`part`, from 1), its condition (`need`:
// [square, kind] pairs) and its group (one destination with one set of effects), the rows
// of a group least path first.
export function placedRows(table, from, side) {
  const [files, ranks] = table.board;
  const t = turn(table, side);
  const start = t(coords(from));
  const at = ([dx, dy]) => squareName(...t([start[0] + dx, start[1] + dy]));
  const fits = ([dx, dy]) => start[0] + dx >= 0 && start[0] + dx < files
    && start[1] + dy >= 0 && start[1] + dy < ranks;
  const raw = table.local ? table.starts[squareName(...start)] || [] : table.rows;
  const groups = new Map();
  for (const row of raw) {
    const need = Object.entries(row.need).filter(([kind]) => kind !== "unmoved");
    const named = [...row.path, ...row.captures, ...(row.ep_rights || []),
                   ...(row.unloads || []).flat(), ...need.flatMap(([, offsets]) => offsets)];
    if (!table.local && !named.every(fits)) continue;
    const legs = row.path.map(at);
    const mv = { to: legs[legs.length - 1], legs, captures: row.captures.map(at),
                 unloads: (row.unloads || []).map(pair => pair.map(at)),
                 ep_rights: (row.ep_rights || []).map(at) };
    const placed = { move: mv, part: row.move, unmoved: Boolean(row.need.unmoved),
                     need: need.flatMap(([kind, offsets]) => offsets.map(o => [at(o), kind])) };
    const key = effects(mv);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(placed);
  }
  for (const rows of groups.values()) rows.sort((a, b) => compare(pathKey(a.move), pathKey(b.move)));
  return [...groups.values()];
}

// What a square holds, for a row's condition: "friend", "enemy" or null (empty).
const TESTS = {
  empty: (who) => who === null, friend: (who) => who === "friend",
  enemy: (who) => who === "enemy", piece: (who) => who !== null,
  nonroyal_enemy: (who, royal) => who === "enemy" && !royal,
  royal_enemy: (who, royal) => who === "enemy" && royal,
};

function holds(row, at, virgin) {
  if (row.unmoved && !virgin) return false;
  return row.need.every(([sq, kind]) => TESTS[kind](...at(sq)));
}

// The moves that hold (one per group: its least path that holds), in an answer's order;
// per destination the parts that end a move there (`made`); and per destination the parts
// that would end one there were only that square otherwise (`might`: "cap" where it is
// empty, "mov" where an enemy stands), as translator/compiled/match.py finds them.
export function matchRows(groups, position) {
  const { friends, enemies, royal, virgin } = position;
  const who = sq => friends.has(sq) ? "friend" : enemies.has(sq) ? "enemy" : null;
  const at = sq => [who(sq), royal.has(sq)];
  const found = [], made = new Map(), might = new Map();
  const add = (map, sq, part) => { if (!map.has(sq)) map.set(sq, new Set()); map.get(sq).add(part); };
  for (const rows of groups) {
    let shown = null;
    for (const row of rows) {
      const to = row.move.to;
      if (holds(row, at, virgin)) {
        shown = shown || row.move;
        add(made, to, row.part - 1);
      }
      if (friends.has(to)) continue;
      const what = enemies.has(to) ? "mov" : "cap";
      const there = what === "mov" ? [null, false] : ["enemy", false];
      const wanted = row.move.captures.includes(to) === (what === "cap");
      if (wanted && holds(row, sq => sq === to ? there : at(sq), virgin)) {
        if (!might.has(to)) might.set(to, { cap: new Set(), mov: new Set() });
        might.get(to)[what].add(row.part - 1);
      }
    }
    if (shown) found.push(shown);
  }
  found.sort((a, b) => compare(orderKey(a), orderKey(b)));
  return { found, made, might };
}

// The "board" answer (moves, squares) of the piece on `from` in the position, from the rows
// of placedRows: what translator/present/board.py makes of the same matches.
export function boardOf(groups, from, position) {
  const { found, made, might } = matchRows(groups, position);
  const { friends, enemies } = position;
  const occupied = sq => sq === from || friends.has(sq) || enemies.has(sq);
  const marks = markSquares(found, might, from, position);
  const context = contextSquares(found, occupied, new Set([...marks.keys(), from]));
  const producers = new Map();
  const sorted = set => [...set].sort((a, b) => a - b);
  for (const [sq, kind] of marks) {
    const extra = (might.get(sq) || {})[kind === "capture" ? "cap" : "mov"] || [];
    producers.set(sq, sorted(new Set([...(made.get(sq) || []), ...extra])));
  }
  for (const sq of context.keys()) {
    const users = found.filter(mv => mv.legs.includes(sq) || mv.captures.includes(sq)
      || mv.ep_rights.includes(sq) || mv.unloads.some(([dest]) => dest === sq));
    producers.set(sq, sorted(new Set(users.flatMap(mv => [...(made.get(mv.to) || [])]))));
  }
  const squares = {};
  for (const [sq, mark] of marks) squares[sq] = { mark, parts: producers.get(sq) };
  for (const [sq, kind] of context) squares[sq] = { context: kind, parts: producers.get(sq) };
  const moves = found.map(mv => ({ ...moveJson(mv), parts: producers.get(mv.to) || [] }));
  return { moves, squares };
}

function moveJson(mv) {
  const out = { to: mv.to, legs: mv.legs, captures: mv.captures };
  if (mv.unloads.length) out.unloads = mv.unloads;
  if (mv.ep_rights.length) out.ep_rights = mv.ep_rights;
  if (mv.legs.length > 1 && mv.to === mv.legs[0]) out.null_move = true;
  return out;
}

function markSquares(found, might, from, { friends, enemies }) {
  const kinds = new Map();
  const add = (sq, kind) => { if (!kinds.has(sq)) kinds.set(sq, new Set()); kinds.get(sq).add(kind); };
  for (const mv of found) {
    const taken = mv.captures.includes(mv.to);
    add(mv.to, taken && friends.has(mv.to) ? "friend"
      : taken && enemies.has(mv.to) ? "capture" : "move");
  }
  for (const [sq, what] of might) {
    if (what.cap.size && sq !== from && !friends.has(sq) && !enemies.has(sq)) add(sq, "capture");
    if (what.mov.size && kinds.has(sq)) add(sq, "move");
  }
  const marks = new Map();
  // (by file, then rank, as the server lists them)
  for (const sq of [...kinds.keys()].sort((a, b) => compare(coords(a), coords(b)))) {
    const k = kinds.get(sq);
    if (sq === from) continue;
    if (k.has("move") && k.has("capture")) marks.set(sq, "both");
    else if (k.has("move") || k.has("capture")) marks.set(sq, k.has("move") ? "move" : "capture");
    else marks.set(sq, "friend");
  }
  return marks;
}

// Squares the moves use without ending there: victims, mounts, unloads, e.p. rights.
function contextSquares(found, occupied, marked) {
  const context = new Map();
  const keep = (sq, kind) => { if (!context.has(sq)) context.set(sq, kind); };
  for (const mv of found) {
    for (const sq of mv.legs.slice(1, -1)) {
      if (occupied(sq) && !mv.captures.includes(sq)) keep(sq, "mount");
    }
    for (const [dest] of mv.unloads) keep(dest, "unload");
    for (const sq of mv.ep_rights) keep(sq, "ep");
    for (const sq of mv.captures) if (sq !== mv.to) context.set(sq, "locust");
  }
  for (const sq of marked) context.delete(sq);
  return context;
}
