// The board page: a backend's `show` view, and its `explain` for a clicked piece, step by step.
"use strict";

const $ = (id) => document.getElementById(id);
const state = readQuery({ fen: "", moves: "", chess960: "", backend: "", square: "", step: "" });
let position = null;
let explained = null;
let step = 0;

async function start() {
  $("fen").value = state.fen;
  $("moves").value = state.moves;
  $("chess960").checked = state.chess960 === "true";
  try {
    const info = await serverInfo();
    const options = info.backends
      .filter((b) => b.runs_here)
      .map((b) => [b.name, b.name]);
    fillSelect($("backend"), options, state.backend || info.default_backend);
  } catch (err) {
    status($("status"), err.message, "error");
    return;
  }
  $("form").addEventListener("submit", (event) => {
    event.preventDefault();
    state.square = "";
    state.step = "";
    load();
  });
  $("backend").addEventListener("change", () => load());
  $("prev").addEventListener("click", () => showStep(step - 1));
  $("next").addEventListener("click", () => showStep(step + 1));
  $("tab-svg").addEventListener("click", () => tab(true));
  $("tab-text").addEventListener("click", () => tab(false));
  await load();
}

function tab(svg) {
  $("tab-svg").setAttribute("aria-pressed", svg);
  $("tab-text").setAttribute("aria-pressed", !svg);
  $("view-svg").hidden = !svg;
  $("view-text").hidden = svg;
}

function params() {
  return {
    fen: $("fen").value.trim(),
    moves: $("moves").value.trim(),
    chess960: $("chess960").checked ? "true" : "",
    backend: $("backend").value,
  };
}

async function load() {
  Object.assign(state, params());
  writeQuery(state);
  status($("status"), "loading…", "busy");
  try {
    position = await api("position", { ...params(), square: state.square });
  } catch (err) {
    if (!aborted(err)) status($("status"), err.message, "error");
    return;
  }
  status($("status"), `${position.fen} — ${position.turn} to move${position.in_check ? ", in check" : ""}, ${position.legal.length} legal moves`);
  $("position-title").textContent = `Position (${position.backend})`;
  $("view-title").textContent = `What ${position.backend} keeps`;
  $("view-svg").innerHTML = position.show.svg;
  $("view-text").textContent = position.show.text;
  if (state.square && position.pieces[state.square]) {
    await explain(state.square);
  } else {
    explained = null;
    drawSteps();
  }
}

async function explain(square) {
  if (!position || !position.pieces[square]) {
    status($("status"), `no piece on ${square}: click a piece to explain it`, "error");
    return;
  }
  state.square = square;
  writeQuery(state);
  try {
    explained = await api("explain", { ...params(), square }, "explain");
  } catch (err) {
    if (!aborted(err)) status($("status"), err.message, "error");
    return;
  }
  // A link may name the step to open at (`step=3`, counted from 1).
  step = Math.max(0, Math.min(Number(state.step || 1) - 1, explained.steps.length - 1));
  state.step = "";
  drawSteps();
}

// A FEN letter in words, "white knight".
function pieceName(letter) {
  const roles = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
  const color = letter === letter.toUpperCase() ? "white" : "black";
  return `${color} ${roles[letter.toLowerCase()] || "piece"}`;
}

// A step's marks as the board draws them: square name to how it is marked.
function marksOf(current) {
  return Object.fromEntries(current.marks.map((mark) => [mark.square, mark.how]));
}

function drawSteps() {
  const marks = explained ? marksOf(explained.steps[step]) : {};
  drawBoard($("board"), {
    pieces: position ? position.pieces : {},
    marks,
    focus: explained ? explained.square : null,
    onClick: explain,
  });
  const have = explained !== null;
  $("prev").disabled = !have || step === 0;
  $("next").disabled = !have || step === explained.steps.length - 1;
  $("step-text").hidden = !have;
  if (!have) {
    $("counter").textContent = "click a piece on the board";
    $("step-title").textContent = "";
    $("step-marked").textContent = "";
    return;
  }
  const current = explained.steps[step];
  const letter = position ? position.pieces[explained.square] : null;
  const piece = letter ? pieceName(letter) : "the piece";
  $("counter").textContent = `${piece} on ${explained.square}: step ${step + 1} of ${explained.steps.length}`;
  $("step-title").textContent = current.title || explained.title;
  const count = current.marks.length;
  $("step-marked").textContent = count ? `marked on the board: ${count} square${count === 1 ? "" : "s"}` : "nothing to mark in this step";
  $("step-text").textContent = (current.title ? [current.title] : []).concat(current.notes).join("\n");
}

function showStep(n) {
  if (!explained) return;
  step = Math.max(0, Math.min(n, explained.steps.length - 1));
  writeQuery({ ...state, step: step + 1 });
  drawSteps();
}

start();
