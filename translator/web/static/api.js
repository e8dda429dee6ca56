// Talking to the server: POST one batch query object to /api/query, GET the catalogue.
// Answers are the batch schema's; an HTTP error still carries {"ok": false, "error": …}.

export async function query(obj) {
  try {
    const res = await fetch("/api/query", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(obj),
    });
    return await res.json();
  } catch (err) {
    return { ok: false, error: "the server did not answer (" + err.message + ")" };
  }
}

const issued = new Map();

// The answer to the newest query of a channel (a pane); an older one still in flight
// answers null, so a slow answer never overwrites a newer one.
export async function latest(channel, obj) {
  const mine = (issued.get(channel) || 0) + 1;
  issued.set(channel, mine);
  const answer = await query(obj);
  return issued.get(channel) === mine ? answer : null;
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
