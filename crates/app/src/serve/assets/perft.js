// The perft page: divide counts from one or two generators, descent by click, and the diff's
// descent to the first difference.
"use strict";

const $ = (id) => document.getElementById(id);
const state = readQuery({ fen: "", moves: "", chess960: "", depth: "3", a: "", b: "", stats: "" });
// The moves played from the FEN on this page, one per click, so that "up" can take them back.
let moves = [];

async function start() {
  $("fen").value = state.fen;
  $("chess960").checked = state.chess960 === "true";
  $("depth").value = state.depth;
  $("with-stats").checked = state.stats === "true";
  moves = state.moves.split(/\s+/).filter((m) => m);
  let info;
  try {
    info = await serverInfo();
  } catch (err) {
    status($("status"), err.message, "error");
    return;
  }
  $("depth").max = info.budgets.max_divide_depth;
  const generators = info.backends.filter((b) => b.runs_here).map((b) => [b.name, b.name]);
  for (const program of info.programs) generators.push([program.id, `${program.name} (${info.protocol})`]);
  fillSelect($("a"), generators, state.a || info.default_backend);
  fillSelect($("b"), [["", "none"], ...generators], state.b);
  $("form").addEventListener("submit", (event) => {
    event.preventDefault();
    moves = $("moves").value.split(/\s+/).filter((m) => m);
    divide();
  });
  $("descend").addEventListener("click", firstDifference);
  $("b").addEventListener("change", () => { $("descend").disabled = !$("b").value; });
  $("descend").disabled = !$("b").value;
  if (state.a || state.b || state.fen || state.moves) divide();
  else drawPath();
}

function params(depth) {
  return {
    fen: $("fen").value.trim(),
    moves: moves.join(" "),
    chess960: $("chess960").checked ? "true" : "",
    depth: depth === undefined ? $("depth").value : depth,
    a: $("a").value,
    b: $("b").value,
    stats: $("with-stats").checked ? "true" : "",
  };
}

function drawPath() {
  $("moves").value = moves.join(" ");
  const path = $("path");
  path.innerHTML = "";
  const root = document.createElement("a");
  root.href = "#";
  root.textContent = "root";
  root.addEventListener("click", (event) => { event.preventDefault(); climb(0); });
  path.append("position: ", root);
  moves.forEach((mv, i) => {
    const link = document.createElement("a");
    link.href = "#";
    link.textContent = mv;
    link.addEventListener("click", (event) => { event.preventDefault(); climb(i + 1); });
    path.append(" › ", link);
  });
}

// Back up to the position after the first `keep` moves, one ply deeper for each move taken back.
function climb(keep) {
  const taken = moves.length - keep;
  moves = moves.slice(0, keep);
  $("depth").value = Number($("depth").value) + taken;
  divide();
}

async function divide() {
  const query = params();
  writeQuery(query);
  drawPath();
  $("divergence").innerHTML = "";
  status($("status"), "counting…", "busy");
  let answer;
  try {
    answer = await api("divide", query, "count");
  } catch (err) {
    if (!aborted(err)) status($("status"), err.message, "error");
    return;
  }
  const two = answer.b !== null;
  status($("status"), `${answer.fen} at depth ${answer.depth}` + (two ? (answer.differing ? `: ${answer.differing} move${answer.differing === 1 ? "" : "s"} differ${answer.differing === 1 ? "s" : ""}` : ": the counts agree") : ""));
  const table = document.createElement("table");
  table.className = "divide";
  const head = table.createTHead().insertRow();
  for (const title of ["move", answer.a.name].concat(two ? [answer.b.name] : [])) {
    const th = document.createElement("th");
    th.textContent = title;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const row of answer.rows) {
    const tr = body.insertRow();
    tr.dataset.move = row.move;
    if (row.differs) tr.className = "differs";
    const cell = tr.insertCell();
    cell.className = "move";
    if (answer.depth > 1) {
      const link = document.createElement("a");
      link.href = "#";
      link.textContent = row.move;
      link.title = `divide the position after ${row.move} at depth ${answer.depth - 1}`;
      link.addEventListener("click", (event) => { event.preventDefault(); descendInto(row.move); });
      cell.appendChild(link);
    } else {
      cell.textContent = row.move;
    }
    tr.insertCell().textContent = row.a === null ? "—" : row.a.toLocaleString("en");
    if (two) tr.insertCell().textContent = row.b === null ? "—" : row.b.toLocaleString("en");
  }
  const foot = table.createTFoot().insertRow();
  foot.insertCell().textContent = `${answer.rows.length} moves`;
  foot.insertCell().textContent = answer.a.total.toLocaleString("en");
  if (two) foot.insertCell().textContent = answer.b.total.toLocaleString("en");
  $("result").innerHTML = "";
  $("result").appendChild(table);
  drawStats(answer);
}

// The leaves' statistics of the first generator, as `boardlab perft --stats` prints them.
function drawStats(answer) {
  const box = $("stats");
  box.innerHTML = "";
  if (answer.stats === null) {
    box.className = "placeholder";
    box.textContent = $("with-stats").checked
      ? `${answer.a.name} is an outside program: the statistics need boardlab's own walk, so they are given for a backend only.`
      : "Tick leaf statistics to count the leaves' captures, checks and mates in the same walk (some thirty times a plain count).";
    return;
  }
  box.className = "";
  const table = document.createElement("table");
  table.className = "stats";
  const head = table.createTHead().insertRow();
  for (const title of ["column", answer.a.name]) {
    const th = document.createElement("th");
    th.textContent = title;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const [name, count] of Object.entries(answer.stats)) {
    const tr = body.insertRow();
    tr.dataset.column = name;
    tr.insertCell().textContent = name.replaceAll("_", " ");
    tr.insertCell().textContent = count.toLocaleString("en");
  }
  box.appendChild(table);
}

function descendInto(move) {
  moves.push(move);
  $("depth").value = Math.max(1, Number($("depth").value) - 1);
  divide();
}

async function firstDifference() {
  const query = params();
  status($("status"), "descending to the first difference…", "busy");
  let answer;
  try {
    answer = await api("descend", query, "count");
  } catch (err) {
    if (!aborted(err)) status($("status"), err.message, "error");
    return;
  }
  if (!answer.divergent) {
    $("divergence").innerHTML = "";
    const note = document.createElement("div");
    note.className = "divergence agree";
    note.textContent = `${answer.a} and ${answer.b} agree to depth ${answer.depth}.`;
    $("divergence").appendChild(note);
    status($("status"), "no difference");
    return;
  }
  // Show the divide at the divergent position (one ply, where the lists differ), then the report.
  moves = moves.concat(answer.path);
  $("depth").value = 1;
  await divide();
  const note = document.createElement("div");
  note.className = "divergence";
  note.id = "divergence-report";
  const list = (ms) => (ms.length ? ms.join(" ") : "(none)");
  note.innerHTML = "";
  const title = document.createElement("b");
  title.textContent = `The move lists differ after ${answer.path.length ? answer.path.join(" ") : "no move"}`;
  const lines = document.createElement("pre");
  lines.textContent = `${answer.fen}\nonly ${answer.a} has: ${list(answer.only_in_a)}\nonly ${answer.b} has: ${list(answer.only_in_b)}`;
  note.append(title, lines);
  $("divergence").innerHTML = "";
  $("divergence").appendChild(note);
}

start();
