// Talking to the server: POST one batch query object to /api/query, GET the catalogue.
// Answers are the batch schema's; an HTTP error still carries {"ok": false, "error": …}.

// `signal` aborts the request: the server then drops the query if it has not started it.
export async function query(obj, signal = undefined) {
  try {
    const res = await fetch("/api/query", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(obj), signal,
    });
    return await res.json();
  } catch (err) {
    return { ok: false, error: "the server did not answer (" + err.message + ")" };
  }
}

// This page's name among the server's clients: its channels are "<TAB>:<pane>", so that a
// newer question of a pane drops the older one still waiting on the server.
const TAB = Math.random().toString(36).slice(2, 10);
const issued = new Map();
const aborts = new Map();    // channel -> the AbortController of its request in flight
const clocks = new WeakMap();   // box -> its "working…" timer
let dropped = 0;

// While a box waits for its answer it says "working…" (data-busy on the box) and, from half
// a second on, for how long, so a slow search is never a silent pane. The clock goes in half
// seconds: ticking every 0.1 s, it had the browser draw the page ten times a second for as
// long as an answer took (about 0.1 s of CPU per second of waiting).
const TICK_MS = 500;
export function working(box) {
  clearInterval(clocks.get(box));
  const started = performance.now();
  const line = el("span", { class: "working", text: "working…" });
  box.replaceChildren(line);
  box.dataset.busy = "true";
  box.setAttribute("aria-busy", "true");
  clocks.set(box, setInterval(() => {
    const ticks = Math.round((performance.now() - started) / TICK_MS);
    line.textContent = `working… ${(ticks * TICK_MS / 1000).toFixed(1)} s`;
  }, TICK_MS));
}

export function done(box) {
  clearInterval(clocks.get(box));
  clocks.delete(box);
  delete box.dataset.busy;
  box.removeAttribute("aria-busy");
}

// Forget a channel's question in flight: its answer, when it comes, is dropped.
export function cancel(channel) {
  issued.set(channel, (issued.get(channel) || 0) + 1);
  aborts.get(channel)?.abort();
  aborts.delete(channel);
}

// The answer to the newest question of a channel (a pane). An answer to an older question
// is dropped (null; counted in body[data-dropped]), so a slow answer never overwrites a
// newer one; `box`, when given, says "working…" until the newest answer comes.
// The request goes with its channel; one asked anew is aborted (the server drops it).
export function latest(channel, obj, box = null) {
  return newest(channel, () => {
    const abort = new AbortController();
    aborts.set(channel, abort);
    return query({ ...obj, channel: `${TAB}:${channel}` }, abort.signal);
  }, box);
}

// The same for any asking (several queries at once): `ask` returns the promise of the answer.
export async function newest(channel, ask, box = null) {
  cancel(channel);
  const mine = issued.get(channel);
  if (box) working(box);
  const answer = await ask();
  if (issued.get(channel) !== mine) {
    document.body.dataset.dropped = String(++dropped);
    return null;
  }
  if (box) done(box);
  return answer;
}

export async function get(path) {
  try {
    const res = await fetch(path);
    return await res.json();
  } catch (err) {
    return { ok: false, error: "the server did not answer (" + err.message + ")" };
  }
}

// A small element builder that only ever sets text, never HTML (user text stays text).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

export function debounce(fn, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

// The board as an SVG file (POST /api/svg with the board's query), saved by the browser;
// an error answer goes to onError.
export async function downloadSvg(body, onError) {
  const res = await fetch("/api/svg", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) { onError(await res.json()); return; }
  const url = URL.createObjectURL(await res.blob());
  const link = el("a", { href: url, download: "betza-board.svg" });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
