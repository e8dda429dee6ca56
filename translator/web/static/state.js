// The page's state and its permalink: everything a teacher shares lives in the URL query.
// Keys: betza betza2 from files ranks side dialect friends enemies unmoved ep ep_victim
// last_moved mode pane moves captures both (draw mode) fen pieces variant target (attacks)
// play_variant play_fen play_moves (play: the game, its start FEN, the UCI moves played).

export const MAX_SIZE = 26;
export const DIALECTS = ["spec", "xboard", "diagram", "fsf"];

export function squareName(x, y) {
  return String.fromCharCode(97 + x) + String(y + 1);
}

export function parseSquare(name) {
  const m = /^([a-z])([0-9]{1,2})$/.exec(name || "");
  return m ? [m[1].charCodeAt(0) - 97, Number(m[2]) - 1] : null;
}

export const state = {
  betza: "N", betza2: "", files: 8, ranks: 8, side: "white", from: "d4",
  dialect: "spec",            // how the strings are read: spec, xboard, diagram or fsf
  friends: new Set(), enemies: new Set(), unmoved: false,
  ep: "", ep_victim: "", last_moved: "",
  mode: "edit", pane: "explain",
  want: new Map(),            // draw mode: square -> "both" | "moves" | "captures"
  fen: "", pieces: "", variant: "", target: "",
  attackBoard: new Map(),     // attacks mode: square -> letter (upper case White)
  play_variant: "chess", play_fen: "", play_moves: [],
  playBoard: new Map(),       // play mode: square -> FEN token of the piece there
};

const LISTS = ["friends", "enemies"];

function listParam(value) {
  return (value || "").split(",").map(s => s.trim()).filter(s => parseSquare(s));
}

export function loadFromUrl(search) {
  const q = new URLSearchParams(search);
  for (const key of ["betza", "betza2", "side", "dialect", "from", "ep", "ep_victim", "last_moved",
                     "mode", "pane", "fen", "pieces", "variant", "target", "play_variant",
                     "play_fen"]) {
    if (q.has(key)) state[key] = q.get(key);
  }
  if (q.has("play_moves")) {
    state.play_moves = q.get("play_moves").split(",").map(s => s.trim()).filter(Boolean);
  }
  for (const key of ["files", "ranks"]) {
    const n = Number(q.get(key));
    if (Number.isInteger(n) && n >= 1 && n <= MAX_SIZE) state[key] = n;
  }
  for (const key of LISTS) if (q.has(key)) state[key] = new Set(listParam(q.get(key)));
  state.unmoved = q.get("unmoved") === "1" || q.get("unmoved") === "true";
  for (const kind of ["both", "moves", "captures"]) {
    for (const sq of listParam(q.get(kind))) state.want.set(sq, kind);
  }
  if (state.side !== "black") state.side = "white";
  if (!DIALECTS.includes(state.dialect)) state.dialect = "spec";
  if (!["edit", "draw", "attacks", "play"].includes(state.mode)) state.mode = "edit";
  // the mode follows the tab: a link with only one of the two gets the other to match
  const own = ["draw", "attacks", "play"];
  if (q.has("mode") && !q.has("pane") && own.includes(state.mode)) state.pane = state.mode;
  if (q.has("pane") && !q.has("mode") && own.includes(state.pane)) state.mode = state.pane;
}

export function toUrl() {
  const q = new URLSearchParams();
  q.set("betza", state.betza);
  q.set("from", state.from);
  if (state.friends.size) q.set("friends", [...state.friends].join(","));
  if (state.enemies.size) q.set("enemies", [...state.enemies].join(","));
  q.set("files", String(state.files));
  q.set("ranks", String(state.ranks));
  if (state.side !== "white") q.set("side", state.side);
  if (state.dialect !== "spec") q.set("dialect", state.dialect);
  if (state.unmoved) q.set("unmoved", "1");
  for (const key of ["ep", "ep_victim", "last_moved", "betza2", "fen", "pieces", "variant",
                     "target"]) {
    if (state[key]) q.set(key, state[key]);
  }
  if (state.play_variant !== "chess") q.set("play_variant", state.play_variant);
  if (state.play_fen) q.set("play_fen", state.play_fen);
  if (state.play_moves.length) q.set("play_moves", state.play_moves.join(","));
  if (state.mode !== "edit") q.set("mode", state.mode);
  if (state.pane !== "explain") q.set("pane", state.pane);
  for (const kind of ["both", "moves", "captures"]) {
    const squares = [...state.want].filter(([, k]) => k === kind).map(([sq]) => sq);
    if (squares.length) q.set(kind, squares.join(","));
  }
  return "?" + q.toString();
}

// The position of the main board in the batch schema's light form.
export function positionSpec() {
  const spec = { files: state.files, ranks: state.ranks, side: state.side,
                 friends: [...state.friends], enemies: [...state.enemies] };
  if (state.ep.trim()) spec.ep = state.ep.trim();
  if (state.ep_victim.trim()) spec.ep_victim = state.ep_victim.trim();
  if (state.last_moved.trim()) spec.last_moved = state.last_moved.trim();
  if (state.dialect !== "spec") spec.dialect = state.dialect;
  return spec;
}

export function onBoard(name) {
  const sq = parseSquare(name);
  return sq !== null && sq[0] < state.files && sq[1] < state.ranks;
}

// Squares off a smaller board are dropped when the size changes.
export function clipToBoard() {
  for (const key of LISTS) state[key] = new Set([...state[key]].filter(onBoard));
  for (const sq of [...state.want.keys()]) if (!onBoard(sq)) state.want.delete(sq);
  if (!onBoard(state.from)) state.from = "a1";
  state.friends.delete(state.from);
  state.enemies.delete(state.from);
}
