// boardlab serve: what every page shares. Plain JavaScript, no build step, nothing fetched
// from anywhere but this server.
"use strict";

const FILES = "abcdefgh";
const GLYPHS = {
  K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟",
  k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟",
};

// Every request a page has in flight, by what it is for, so that a newer one of the same kind
// (or leaving the page) aborts it, and the server stops the walk it started.
const inFlight = new Map();

window.addEventListener("pagehide", () => {
  for (const controller of inFlight.values()) controller.abort();
  inFlight.clear();
});

// GETs /api/NAME with `params`, aborting the previous request made for `purpose`. Resolves to
// the JSON answer; rejects with an Error whose message is the server's one line, or with an
// AbortError when a newer request replaced this one.
async function api(name, params, purpose) {
  const key = purpose || name;
  if (inFlight.has(key)) inFlight.get(key).abort();
  const controller = new AbortController();
  inFlight.set(key, controller);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== undefined && v !== null && v !== "") query.set(k, v);
  }
  try {
    const response = await fetch(`/api/${name}?${query}`, { signal: controller.signal });
    const answer = await response.json();
    if (!response.ok) throw new Error(answer.error || `HTTP ${response.status}`);
    return answer;
  } finally {
    if (inFlight.get(key) === controller) inFlight.delete(key);
  }
}

// Whether an error is a request aborted on purpose (nothing to tell the reader).
function aborted(err) {
  return err && err.name === "AbortError";
}

// Sets a status line: `text` as a note, an error, or "busy".
function status(element, text, kind) {
  element.textContent = text || "";
  element.className = "status" + (kind ? " " + kind : "");
}

// Draws a board into `element`: `pieces` maps square names to FEN letters, `marks` square
// names to a mark (set, reach, capture), `focus` is a square to ring, `corner(square)`
// an optional small label; clicking a square calls `onClick(square)`.
function drawBoard(element, { pieces = {}, marks = {}, focus = null, corner = null, blockers = null, onClick = null }) {
  element.innerHTML = "";
  const wrap = document.createElement("div");
  wrap.className = "board-wrap";
  const ranks = document.createElement("div");
  ranks.className = "ranks";
  const board = document.createElement("div");
  board.className = "board";
  for (let rank = 7; rank >= 0; rank--) {
    const label = document.createElement("div");
    label.textContent = rank + 1;
    ranks.appendChild(label);
    for (let file = 0; file < 8; file++) {
      const square = FILES[file] + (rank + 1);
      const cell = document.createElement("button");
      cell.type = "button";
      cell.dataset.square = square;
      cell.title = square;
      cell.className = "sq " + ((file + rank) % 2 === 0 ? "dark" : "light");
      const piece = pieces[square];
      if (piece) {
        cell.textContent = GLYPHS[piece];
        cell.dataset.piece = piece;
        if (piece === piece.toUpperCase()) cell.classList.add("white-piece");
      }
      if (marks[square]) {
        cell.classList.add("mark-" + marks[square]);
        cell.dataset.mark = marks[square];
      }
      if (blockers && blockers.has(square)) cell.classList.add("blocker");
      if (focus === square) cell.classList.add("mark-focus");
      if (corner) {
        const small = document.createElement("span");
        small.className = "corner";
        small.textContent = corner(square);
        cell.appendChild(small);
      }
      if (onClick) cell.addEventListener("click", () => onClick(square));
      board.appendChild(cell);
    }
  }
  const files = document.createElement("div");
  files.className = "files";
  for (const f of FILES) {
    const label = document.createElement("div");
    label.textContent = f;
    files.appendChild(label);
  }
  wrap.append(ranks, board, files);
  element.appendChild(wrap);
}

// The page's state in its address, so a link reopens the same view.
function readQuery(defaults) {
  const query = new URLSearchParams(location.search);
  const state = { ...defaults };
  for (const key of Object.keys(defaults)) {
    if (query.has(key)) state[key] = query.get(key);
  }
  return state;
}

function writeQuery(state) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(state)) {
    if (v !== undefined && v !== null && v !== "" && v !== false) query.set(k, v);
  }
  history.replaceState(null, "", `${location.pathname}?${query}`);
}

// Fills a <select> with options: [value, label] pairs.
function fillSelect(select, options, selected) {
  select.innerHTML = "";
  for (const [value, label] of options) {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = label;
    if (value === selected) option.selected = true;
    select.appendChild(option);
  }
}

// The backends and programs the server offers, asked once per page.
let infoPromise = null;
function serverInfo() {
  if (!infoPromise) infoPromise = api("info", {}, "info");
  return infoPromise;
}
