// The slider techniques page: one lookup's steps, recomputed as blockers are toggled.
"use strict";

const $ = (id) => document.getElementById(id);
const state = readQuery({ technique: "magic", slider: "rook", square: "d4", blockers: "" });
let blockers = new Set(state.blockers.split(",").filter((s) => s));

async function start() {
  let list;
  try {
    list = await api("techniques", {}, "techniques");
  } catch (err) {
    status($("status"), err.message, "error");
    return;
  }
  fillSelect($("technique"), list.techniques.map((t) => [t.name, `${t.name} (${t.title})`]), state.technique);
  $("slider").value = state.slider;
  $("technique").addEventListener("change", lookup);
  $("slider").addEventListener("change", lookup);
  $("clear").addEventListener("click", () => { blockers.clear(); lookup(); });
  lookup();
}

function click(square) {
  if ($("click-slider").checked) {
    state.square = square;
    blockers.delete(square);
  } else if (square !== state.square) {
    if (blockers.has(square)) blockers.delete(square);
    else blockers.add(square);
  }
  lookup();
}

// The squares of a 64-bit value written as 16 hex digits, bit i being square i.
function squaresOf(hex) {
  const value = BigInt("0x" + hex);
  const found = new Set();
  for (let i = 0; i < 64; i++) {
    if ((value >> BigInt(i)) & 1n) found.add(FILES[i % 8] + (Math.floor(i / 8) + 1));
  }
  return found;
}

async function lookup() {
  state.technique = $("technique").value;
  state.slider = $("slider").value;
  state.blockers = [...blockers].sort().join(",");
  writeQuery(state);
  let answer;
  try {
    answer = await api("slider", state, "slider");
  } catch (err) {
    if (!aborted(err)) status($("status"), err.message, "error");
    return;
  }
  status($("status"), "");
  const attacked = squaresOf(answer.attacks);
  const marks = {};
  for (const square of attacked) marks[square] = blockers.has(square) ? "capture" : "reach";
  const pieces = {};
  pieces[answer.square] = answer.slider === "rook" ? "R" : "B";
  drawBoard($("board"), { pieces, marks, blockers, focus: answer.square, onClick: click });
  $("lookup-title").textContent = `${answer.title}: ${answer.slider} on ${answer.square}`;
  $("summary").textContent = answer.summary;
  drawSteps(answer);
}

// A small 8x8 board of the set squares of `hex`.
function miniBoard(hex, square) {
  const set = squaresOf(hex);
  const grid = document.createElement("div");
  grid.className = "mini";
  for (let rank = 7; rank >= 0; rank--) {
    for (let file = 0; file < 8; file++) {
      const name = FILES[file] + (rank + 1);
      const cell = document.createElement("span");
      cell.className = (set.has(name) ? "on" : (file + rank) % 2 === 0 ? "dark" : "light") + (name === square ? " at" : "");
      grid.appendChild(cell);
    }
  }
  return grid;
}

// A 64-bit word, highest bit first, a space between bytes: ranks 8 to 5 on the first line,
// ranks 4 to 1 on the second.
function wordBits(hex) {
  const bytes = BigInt("0x" + hex).toString(2).padStart(64, "0").match(/.{8}/g);
  return bytes.slice(0, 4).join(" ") + "\n" + bytes.slice(4).join(" ");
}

function drawSteps(answer) {
  const host = $("steps");
  host.innerHTML = "";
  let part = null;
  let table = null;
  for (const step of answer.steps) {
    if (table === null || step.part !== part) {
      part = step.part;
      if (part) {
        const heading = document.createElement("h3");
        heading.className = "part";
        heading.textContent = part;
        host.appendChild(heading);
      }
      table = document.createElement("table");
      table.className = "values";
      host.appendChild(table);
    }
    const row = table.insertRow();
    row.dataset.label = step.label;
    row.dataset.part = step.part;
    const name = row.insertCell();
    name.className = "name";
    name.textContent = step.label;
    const value = row.insertCell();
    value.className = "value";
    const kind = step.value.kind;
    if (kind === "squares") {
      value.appendChild(miniBoard(step.value.value, answer.square));
      const hex = document.createElement("div");
      hex.textContent = "0x" + step.value.value;
      value.appendChild(hex);
    } else {
      const shown = document.createElement("div");
      shown.className = "shown";
      if (kind === "word") {
        shown.textContent = wordBits(step.value.value);
        shown.title = "0x" + step.value.value;
      } else {
        shown.textContent = String(step.value.value);
      }
      value.appendChild(shown);
    }
    if (step.note) {
      const note = document.createElement("div");
      note.className = "note";
      note.textContent = step.note;
      value.appendChild(note);
    }
  }
}

start();
