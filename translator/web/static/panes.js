// The side panes: explain (with glossary links), compare, attacks, draw (find), catalogue,
// glossary. Each renders what the server answered; nothing here decides where a piece goes.

import { cancel, done, el, get, latest, newest, query } from "./api.js";
import { allSquares, drawPaths, squareButton } from "./board.js";
import { positionSpec, state } from "./state.js";

let glossaryIds = new Map();   // term -> glossary id

export async function loadGlossary() {
  const answer = await get("/api/glossary");
  if (!answer.ok) return;
  const list = el("dl");
  for (const entry of answer.glossary) {
    list.append(el("dt", { id: entry.id, text: entry.term }), el("dd", { text: entry.text }));
    if (!glossaryIds.has(entry.kind + ":" + entry.term)) {
      glossaryIds.set(entry.kind + ":" + entry.term, entry.id);
    }
  }
  document.getElementById("glossary").replaceChildren(list);
}

function glossaryLink(kind, term, text) {
  const id = glossaryIds.get(kind + ":" + term);
  if (!id) return document.createTextNode(text);
  return el("a", { href: "#" + id, "data-glossary": id, text,
                   onclick: () => showPane("glossary") });
}

// The string letter by letter, each letter a link to its glossary entry.
function tokens(betza) {
  const out = [];
  for (const ch of betza) {
    if (/[a-z]/.test(ch)) out.push(glossaryLink("letter", ch, ch));
    else if (/[A-Z@]/.test(ch)) out.push(glossaryLink("atom", ch, ch));
    else if ("[]?-".includes(ch)) out.push(glossaryLink("symbol", ch, ch));
    else out.push(document.createTextNode(ch));
  }
  return out;
}

// A line of explanation with the glossary's words linked where they appear.
function linkedLine(text) {
  const words = [...glossaryIds.keys()].filter(k => k.startsWith("word:"))
    .map(k => k.slice(5)).sort((a, b) => b.length - a.length);
  const nodes = [];
  let rest = text;
  while (rest) {
    let best = null;
    for (const word of words) {
      const at = rest.indexOf(word);
      if (at >= 0 && (best === null || at < best.at)) best = { at, word };
    }
    if (!best) { nodes.push(rest); break; }
    nodes.push(rest.slice(0, best.at), glossaryLink("word", best.word, best.word));
    rest = rest.slice(best.at + best.word.length);
  }
  return nodes;
}

export function showError(box, answer) {
  box.replaceChildren(el("pre", { class: "error", text: answer.caret || answer.error }));
}

export async function explain() {
  const out = document.getElementById("explanation");
  document.getElementById("tokens").replaceChildren(...tokens(state.betza));
  const ask = { query: "explain", betza: state.betza, board: `${state.files}x${state.ranks}`,
                from: state.from, side: state.side };
  if (state.dialect !== "spec") ask.dialect = state.dialect;   // Explain follows "Read as"
  const answer = await latest("explain", ask, out);
  if (answer === null) return;
  if (!answer.ok) { showError(out, answer); return; }
  out.replaceChildren(...answer.lines.map((line, i) =>
    el("p", { class: i === 0 ? "lead" : "" }, ...linkedLine(line))));
  const ex = answer.example;
  if (ex) {
    out.append(el("h4", { text: "Worked example: what the empty board cannot show" }),
      ...ex.lines.map(line => el("p", { class: "example-line" }, ...linkedLine(line))),
      el("button", { type: "button", id: "load-example", text: "Put this position on the board",
                     onclick: () => loadExample(ex) }));
  }
}

let loadExample = () => {};
export function onExample(fn) { loadExample = fn; }

// ---- compare -------------------------------------------------------------------------

function effectKey(mv) {
  return JSON.stringify([mv.to, [...mv.captures].sort(), mv.unloads || [], mv.ep_rights || [],
                         mv.mover || null]);
}

// Every difference of the two strings in the board's position: squares only the first
// reaches, only the second, or both with different effects.
function clearDifferences() {
  for (const button of allSquares()) delete button.dataset.diff;
}

export async function compareOnBoard() {
  const box = document.getElementById("differences");
  clearDifferences();
  if (!state.betza2.trim() || state.pane !== "compare") {
    cancel("compare-board");
    done(box);
    box.replaceChildren();
    return;
  }
  const base = { query: "moves", from: state.from, virgin: state.unmoved, ...positionSpec() };
  const answers = await newest("compare-board", () => Promise.all([
    query({ ...base, betza: state.betza }), query({ ...base, betza: state.betza2 })]), box);
  if (answers === null) return;
  const [a, b] = answers;
  if (!a.ok || !b.ok) { showError(box, a.ok ? b : a); return; }
  const byTo = moves => {
    const map = new Map();
    for (const mv of moves) {
      if (!map.has(mv.to)) map.set(mv.to, new Set());
      map.get(mv.to).add(effectKey(mv));
    }
    return map;
  };
  const ma = byTo(a.moves), mb = byTo(b.moves);
  const rows = [];
  for (const sq of new Set([...ma.keys(), ...mb.keys()])) {
    const ka = [...(ma.get(sq) || [])].sort().join("|");
    const kb = [...(mb.get(sq) || [])].sort().join("|");
    if (ka === kb) continue;
    const diff = !ma.has(sq) ? "second" : !mb.has(sq) ? "first" : "both";
    const button = squareButton(sq);
    if (button) button.dataset.diff = diff;
    rows.push([sq, diff]);
  }
  rows.sort();
  const words = { first: `only ${state.betza}`, second: `only ${state.betza2}`,
                  both: "both, with different effects" };
  box.replaceChildren(rows.length
    ? el("ul", {}, ...rows.map(([sq, diff]) => el("li", { "data-diff-square": sq },
        `${sq}: ${words[diff]}`)))
    : el("p", { text: "In this position both strings make the same moves." }));
}

// The question the verdict answers: a verdict for another pair or board is asked again.
function compareKey() {
  return [state.betza, state.betza2, state.files, state.ranks, state.dialect].join("\n");
}

export function verdictIsCurrent() {
  return document.getElementById("verdict").dataset.asked === compareKey();
}

export async function compare(loadPosition) {
  const verdict = document.getElementById("verdict");
  delete verdict.dataset.verdict;
  verdict.dataset.asked = compareKey();
  if (!state.betza2.trim()) {
    cancel("compare");
    done(verdict);
    verdict.textContent = "";
    await compareOnBoard();
    return;
  }
  // the differences of the previous pair go at once: they do not belong to this question
  cancel("compare-board");
  clearDifferences();
  document.getElementById("differences").replaceChildren();
  const answer = await latest("compare", { query: "equiv", a: state.betza, b: state.betza2,
                                           files: state.files, ranks: state.ranks,
                                           dialect: state.dialect }, verdict);
  if (answer === null) return;
  if (!answer.ok) {
    verdict.dataset.verdict = "error";
    verdict.textContent = answer.error;
    return;
  }
  const board = `${state.files}x${state.ranks}`;
  if (answer.equivalent) {
    verdict.dataset.verdict = "same";
    verdict.textContent = `${state.betza} and ${state.betza2} are the same piece on ${board}: ` +
      "the same moves from every square in every position.";
  } else {
    const ce = answer.counterexample;
    verdict.dataset.verdict = "different";
    verdict.textContent = `${state.betza} and ${state.betza2} are different pieces on ${board}. ` +
      `The smallest position where they differ has the piece on ${ce.from}` +
      (loadPosition ? " (now on the board)." : ".");
    if (loadPosition) { await loadPosition(ce); return; }
  }
  await compareOnBoard();
}

// ---- attacks -------------------------------------------------------------------------

export function attackFen() {
  const rows = [];
  for (let y = state.ranks - 1; y >= 0; y--) {
    let row = "", empty = 0;
    for (let x = 0; x < state.files; x++) {
      const letter = state.attackBoard.get(String.fromCharCode(97 + x) + (y + 1));
      if (letter) { row += (empty ? String(empty) : "") + letter; empty = 0; } else empty++;
    }
    rows.push(row + (empty ? String(empty) : ""));
  }
  return rows.join("/") + " w";
}

export function loadFen(fen) {
  state.attackBoard = new Map();
  const placement = (fen || "").trim().split(/\s+/)[0] || "";
  const rows = placement.split("/");
  rows.forEach((row, i) => {
    const y = rows.length - 1 - i;
    let x = 0;
    for (const token of row.match(/[0-9]+|[A-Za-z]|./g) || []) {
      if (/^[0-9]+$/.test(token)) x += Number(token);
      else {
        if (/[A-Za-z]/.test(token)) state.attackBoard.set(String.fromCharCode(97 + x) + (y + 1), token);
        x++;
      }
    }
  });
}

export async function attacks(target) {
  const box = document.getElementById("attackers");
  for (const button of allSquares()) {
    delete button.dataset.target;
    delete button.dataset.attacker;
  }
  if (!target) { cancel("attacks"); done(box); box.replaceChildren(); return; }
  const obj = { query: "attacks", square: target, fen: state.fen || attackFen() };
  if (state.dialect !== "spec") obj.dialect = state.dialect;   // the pieces as "Read as" reads them
  if (state.pieces.trim()) obj.pieces = state.pieces.trim();
  if (state.variant) obj.variant = state.variant;
  const answer = await latest("attacks", obj, box);
  if (answer === null) return;
  if (!answer.ok) { showError(box, answer); return; }
  const button = squareButton(target);
  if (button) button.dataset.target = "true";
  const paths = [];
  const items = answer.attackers.map(attacker => {
    const from = squareButton(attacker.from);
    if (from) from.dataset.attacker = "true";
    paths.push(...attacker.moves);
    const via = attacker.moves.map(mv => mv.legs.join("-")).join(", ");
    return el("li", { "data-attacker-square": attacker.from },
      `${attacker.from} (${attacker.betza || "?"}, ${attacker.side || ""}): ${via}`);
  });
  drawPaths(paths);
  box.replaceChildren(items.length ? el("ul", {}, ...items)
    : el("p", { text: `Nothing attacks ${target}.` }));
}

// ---- draw (find) ---------------------------------------------------------------------

export const savedExamples = [];   // earlier drawings, kept while the user disambiguates

let markDrawn = () => {};
export function onRedrawn(fn) { markDrawn = fn; }

// A changed drawing is a new question: the answer found (or being found) for the old one goes.
export function forgetFound() {
  const box = document.getElementById("found");
  cancel("find");
  done(box);
  box.replaceChildren();
}

export async function find(useString, loadPosition) {
  const box = document.getElementById("found");
  const example = { from: state.from, files: state.files, ranks: state.ranks, side: state.side,
                    friends: [...state.friends], enemies: [...state.enemies],
                    moves: [], captures: [], both: [] };
  for (const [sq, kind] of state.want) example[kind].push(sq);
  const answer = await latest("find", { query: "find", examples: [...savedExamples, example] },
                              box);
  if (answer === null) return;
  if (!answer.ok) { showError(box, answer); return; }
  if (!answer.betza) {
    const squares = (answer.unsatisfiable || []).map(u => u.square).join(", ");
    box.replaceChildren(el("p", { id: "found-none", text: "No string of the searched families " +
      "makes exactly these moves. These drawn squares contradict each other: " + squares }));
    return;
  }
  const nodes = [el("p", {}, "Shortest string: ",
    el("code", { id: "found-betza", text: answer.betza }), " ",
    el("button", { type: "button", text: "Use it", onclick: () => useString(answer.betza) }))];
  const assumed = (answer.assumed_captures || [])
    .filter(a => a.example === savedExamples.length + 1).map(a => a.square);
  if (assumed.length) {
    // the drawing on the board becomes the one the string fits
    for (const sq of assumed) state.want.set(sq, "captures");
    markDrawn();
    nodes.push(el("p", { id: "found-assumed", text: `Nothing fitted the squares as drawn; ` +
      `with ${assumed.join(" ")} also drawn as capture squares (now marked), ${answer.betza} ` +
      "fits. On an empty square a capture square means that a lone enemy standing there " +
      "would be captured, and it would be." }));
  }
  if (answer.equal_spellings && answer.equal_spellings.length) {
    nodes.push(el("p", { text: "Equal spellings: " + answer.equal_spellings.join(", ") }));
  }
  if (answer.alternatives && answer.alternatives.length) {
    nodes.push(el("p", {}, "Other shortest strings fit the drawing but are different pieces: ",
      ...answer.alternatives.map(alt => el("code", { class: "alternative", text: alt + " " }))));
  }
  if (answer.differ_at) {
    const ce = answer.differ_at;
    nodes.push(el("p", {}, `They differ with the piece on ${ce.from}` +
      (ce.friends.length ? `, friends on ${ce.friends.join(" ")}` : "") +
      (ce.enemies.length ? `, enemies on ${ce.enemies.join(" ")}` : "") + ". ",
      el("button", { type: "button", id: "found-differ", text: "Show that position",
                     onclick: () => {
                       savedExamples.push(example);
                       state.want.clear();
                       loadPosition(ce);
                     } }),
      " then mark what the piece should do there and press Find again."));
  }
  box.replaceChildren(...nodes);
  if (state.dialect !== "spec") await readingOfFound(answer.betza, example, box);
}

// The string found is the spec reading's; read as another program reads it ("Read as"), the
// pane says whether that program makes the drawn moves with it, asked of the server.
async function readingOfFound(betza, example, box) {
  const ask = { query: "moves", betza, from: example.from, files: example.files,
                ranks: example.ranks, side: example.side, friends: example.friends,
                enemies: example.enemies, dialect: state.dialect };
  const answer = await latest("find-reading", ask, null);
  if (answer === null || !answer.ok) return;
  const got = new Set(answer.moves.map(mv => mv.to));
  const drawn = new Set([...example.moves, ...example.captures, ...example.both]);
  const same = got.size === drawn.size && [...drawn].every(sq => got.has(sq));
  const program = document.querySelector(`#dialect option[value="${state.dialect}"]`);
  const name = program ? program.textContent : state.dialect;
  const sorted = [...got].sort();
  box.append(el("p", { id: "found-reading", "data-same": String(same),
    text: same ? `${name} reads ${betza} with the drawn moves here.`
      : `${name} reads ${betza} otherwise here: ` +
        (sorted.length ? sorted.join(" ") : "no move") + ". The string found is the spec " +
        "reading's; the Compare pane shows where the readings differ." }));
}

// ---- catalogue -----------------------------------------------------------------------

export async function searchPieces(text, usePiece) {
  const answer = await get("/api/pieces?q=" + encodeURIComponent(text));
  const list = document.getElementById("piece-list");
  if (!answer.ok) { list.replaceChildren(el("li", { text: answer.error })); return; }
  list.replaceChildren(...answer.pieces.slice(0, 60).map(p =>
    el("li", {}, el("button", { type: "button", "data-piece-name": p.name,
                                onclick: () => usePiece(p.betza) }, p.name),
       " ", el("code", { text: p.betza }), " ", el("span", { class: "hint", text: p.note }))));
}

export async function listVariants(showVariant) {
  const answer = await get("/api/variants");
  if (!answer.ok) return;
  const select = document.getElementById("variant");
  for (const v of answer.variants) select.append(el("option", { value: v.name, text: v.name }));
  select.value = state.variant;
  document.getElementById("variant-list").replaceChildren(...answer.variants.map(v =>
    el("li", {}, el("button", { type: "button", "data-variant": v.name,
                                onclick: () => showVariant(v.name) }, v.name),
       ` ${v.files}x${v.ranks}`)));
}

export async function variantInfo(name) {
  const box = document.getElementById("variant-info");
  const answer = await get("/api/variants/" + encodeURIComponent(name));
  if (!answer.ok) { showError(box, answer); return null; }
  const rows = answer.legend.map(r => el("tr", {}, el("td", { text: r.letter }),
    el("td", { text: r.name + (r.royal ? " (royal)" : "") }),
    el("td", {}, el("code", { text: r.betza })), el("td", { text: r.explanation })));
  box.replaceChildren(el("h4", { text: `${answer.name}, ${answer.files}x${answer.ranks}` }),
    el("p", {}, "Start position: ", el("code", { text: answer.start })),
    el("table", { class: "legend-table" },
       el("tr", {}, ...["Letter", "Piece", "Betza", "What it does"].map(h => el("th", { text: h }))),
       ...rows));
  return answer;
}

export function showPane(name) {
  state.pane = name;
  for (const tab of document.querySelectorAll("#tabs [role=tab]")) {
    tab.setAttribute("aria-selected", String(tab.dataset.pane === name));
  }
  for (const pane of document.querySelectorAll(".pane")) {
    pane.hidden = pane.id !== "pane-" + name;
  }
}
