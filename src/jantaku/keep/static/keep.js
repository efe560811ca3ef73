// jantaku keep: the scorekeeper's page. Plain JS, no build; every rule is the server's.
"use strict";

const WINDS = ["東", "南", "西", "北"];
const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const LIMIT_TEXT = {
  mangan: "Mangan 満貫", haneman: "Haneman 跳満", baiman: "Baiman 倍満",
  sanbaiman: "Sanbaiman 三倍満", yakuman: "Yakuman 役満",
};
const DIE = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
// each seat's colour, on its seat at the table and its line in the graph (keep.css's
// .color-N says the same)
const COLORS = ["#2563eb", "#dc2626", "#7c3aed", "#b45309"];
const PLACES = ["1st", "2nd", "3rd", "4th"];
// where each seat sits around the table, in turn order (counter-clockwise from below)
const POSITIONS = ["bottom", "right", "top", "left"];
const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
// a match's or a series' id is its key: an opaque string, only ever put in a path or a hash
const KEY = "[A-Za-z0-9_-]+";
const MATCH_ROUTE = new RegExp(`^m=(${KEY})$`);
const SERIES_ROUTE = new RegExp(`^s=(${KEY})$`);

let match = null; // the server's view of the open match
let sel = null; // the hand being entered
let editing = null; // the index of the hand being replaced, or null for the next hand
let calc = { han: 3, fu: 30, limit: null, dealer: false, tsumo: false };

function freshSelection() {
  return {
    result: null, winners: [], values: {}, active: null, from: null,
    tenpai: new Set(), nagashi: new Set(), abort: null,
    riichi: new Set(), chombo: new Set(), minor: new Set(), pao: null,
    dice: [null, null],
  };
}

async function api(method, path, body) {
  const init = { method, headers: {} };
  if (method !== "GET") {  // the server takes a change only as JSON from this page
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body === undefined ? {} : body);
  }
  const res = await fetch(path, init);
  const data = await res.json();
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c);
  return node;
}

function chip(label, pressed, onclick, extra = {}) {
  return el("button", { class: "chip", type: "button", "aria-pressed": String(!!pressed), onclick, ...extra }, label);
}

function signed(n) { return n > 0 ? `+${n}` : `${n}`; }

// --- the score board --------------------------------------------------------------------

function windOf(seat) {
  const n = match.players;
  return WINDS[(seat - match.ledger.dealer + n) % n];
}

// each seat's place now (1 = top): by points, ties to the seat nearer the first dealer
function placesOf(scores) {
  const order = scores.map((x, s) => s).sort((a, b) => scores[b] - scores[a] || a - b);
  const place = [];
  order.forEach((s, i) => { place[s] = i + 1; });
  return place;
}

function grouped(n) { return Math.abs(n).toLocaleString("en-US"); }

function gapText(n) { return n === 0 ? "±0" : (n > 0 ? "+" : "−") + grouped(n); }

// the seats around the table: the first dealer below, the others in turn order
// counter-clockwise (right, across, left), each with its place and its gaps
function renderBoard() {
  const seats = $("seats");
  seats.replaceChildren();
  if (!match) {
    $("round").textContent = "—";
    return;
  }
  seats.classList.toggle("three", match.players === 3);
  const L = match.ledger;
  const last = L.hands.length ? L.hands[L.hands.length - 1].deltas : null;
  const scores = L.over ? L.final.map((f) => f.points) : L.scores;
  const place = L.over ? L.final.map((f) => f.place) : placesOf(scores);
  match.names.forEach((name, s) => {
    const d = last ? last[s] : 0;
    const dealer = !L.over && s === L.dealer;
    const riichi = !L.over && sel && sel.riichi.has(s);
    const gaps = el("ul", { class: "gaps", "aria-label": `${name}'s gap to each other player` });
    match.names.forEach((other, o) => {
      if (o === s) return;
      const g = scores[s] - scores[o];
      gaps.append(el("li", { class: g > 0 ? "ahead" : g < 0 ? "behind" : "" },
        el("span", { class: "gname" }, other), el("span", { class: "gval" }, gapText(g))));
    });
    const card = el("div", {
      // the colour by class: the page's policy takes no inline style
      class: `seat pos-${POSITIONS[s]} color-${s}` + (dealer ? " dealer" : "") + (riichi ? " riichi" : ""),
      "data-seat": s,
    },
      el("div", { class: "top-line" },
        el("span", { class: "wind" }, windOf(s) + (dealer ? " 親" : "")),
        el("span", { class: `place place-${place[s]}` }, PLACES[place[s] - 1])),
      el("div", { class: "name" }, name),
      el("div", { class: "score" }, String(scores[s])),
      el("div", { class: "delta " + (d > 0 ? "plus" : d < 0 ? "minus" : "") }, d ? signed(d) : ""),
      L.over ? "" : el("button", {
        class: "stick", type: "button", "aria-pressed": String(!!riichi),
        title: "tap: riichi stick put down this hand",
      }, riichi ? "リーチ" : "＋ riichi"),
      gaps);
    card.addEventListener("click", (ev) => {
      // only the stick toggles the riichi stick: a tap elsewhere on the seat is no entry
      if (sel && !L.over && ev.target.closest(".stick")) { toggle(sel.riichi, s); render(); }
    });
    seats.append(card);
  });
  seats.append(tableCenter(L));
  const sticks = L.deposits ? ` · ${L.deposits} riichi stick${L.deposits > 1 ? "s" : ""}` : "";
  $("round").textContent = L.over ? "Match over" : `${L.next_hand}${sticks}`;
  $("round").title = `${match.rules_label}: ${match.rules_summary}`;
  $("board-hint").hidden = L.over;
}

// the middle of the table: the hand, its honba and deposits, the dice of this hand
function tableCenter(L) {
  const box = el("div", { class: "center" });
  if (L.over) {
    box.append(el("div", { class: "c-round" }, "Final"),
      el("div", { class: "c-small" }, `${L.hands.length} hands`));
    return box;
  }
  box.append(el("div", { class: "c-round" }, L.next_hand.replace(/ \(.*/, "")),
    el("div", { class: "c-small" }, `${L.honba} honba`),
    el("div", { class: "c-small" }, `${L.deposits} riichi stick${L.deposits === 1 ? "" : "s"}`));
  const dice = sel ? sel.dice : [null, null];
  if (dice[0] && dice[1]) {
    const sum = dice[0] + dice[1];
    let text = `${DIE[dice[0] - 1]}${DIE[dice[1] - 1]} ${sum}`;
    if (match.players === 4) text += ` · ${match.names[(L.dealer + sum - 1) % 4]}'s wall`;
    box.append(el("div", { class: "c-dice", title: "the dice of this hand: whose wall is broken" }, text));
  }
  return box;
}

// --- entering a hand --------------------------------------------------------------------

function seatChips(box, isOn, onTap, disabled = () => false) {
  const node = $(box);
  node.replaceChildren();
  match.names.forEach((name, s) => {
    node.append(chip(name, isOn(s), () => onTap(s), { disabled: disabled(s) || null, "data-seat": s }));
  });
}

function valueText(v) {
  if (!v) return "";
  if (v.limit) return v.limit;
  if (v.han && v.fu) return `${v.han} han ${v.fu} fu`;
  if (v.han) return `${v.han} han`;
  return "";
}

function valueDone(v) { return !!v && (!!v.limit || (!!v.han && !!v.fu)); }

function toggle(set, s) { if (set.has(s)) set.delete(s); else set.add(s); }

function renderEntry() {
  const over = match.ledger.over;
  $("entry").hidden = over && editing === null;
  $("over").hidden = !over;
  $("editing").hidden = editing === null;
  if (editing !== null) {
    $("editing-text").textContent = `Replacing hand ${editing + 1} (${match.ledger.hands[editing].label}): enter it again.`;
  }
  if (over) renderFinal();
  if (over && editing === null) return;
  const r = sel.result;
  document.querySelectorAll(".result").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.result === r)));
  $("step-who").hidden = !(r === "ron" || r === "tsumo");
  $("step-from").hidden = !(r === "ron" && sel.winners.length);
  $("step-value").hidden = !(sel.active !== null && (r === "ron" || r === "tsumo"));
  $("step-tenpai").hidden = r !== "draw";
  $("step-abort").hidden = r !== "abort";
  const multi = r === "ron" && match.options.multiple_ron !== "head_bump";
  $("who-prompt").textContent = multi ? "Who won? (tap each winner of a double ron)" : "Who won?";
  seatChips("who", (s) => sel.winners.includes(s), (s) => {
    if (sel.winners.includes(s)) {
      if (sel.active !== s && multi) { sel.active = s; return render(); }
      sel.winners = sel.winners.filter((w) => w !== s);
      sel.active = sel.winners.length ? sel.winners[sel.winners.length - 1] : null;
    } else {
      sel.winners = multi ? [...sel.winners, s] : [s];
      sel.active = s;
      if (sel.from === s) sel.from = null;
    }
    render();
  });
  document.querySelectorAll("#who .chip").forEach((b) => {
    const s = Number(b.dataset.seat);
    if (sel.winners.includes(s) && valueDone(sel.values[s])) b.append(el("small", {}, ` ${valueText(sel.values[s])}`));
    if (s === sel.active && sel.winners.length > 1) b.classList.add("on-value");
  });
  seatChips("from", (s) => sel.from === s, (s) => { sel.from = s; render(); }, (s) => sel.winners.includes(s));
  renderValue();
  seatChips("tenpai", (s) => sel.tenpai.has(s), (s) => { toggle(sel.tenpai, s); render(); });
  $("nagashi-wrap").hidden = !match.options.nagashi_mangan;
  seatChips("nagashi", (s) => sel.nagashi.has(s), (s) => { toggle(sel.nagashi, s); render(); });
  const aborts = $("aborts");
  aborts.replaceChildren();
  for (const a of match.options.aborts) {
    aborts.append(chip(a.replace(/_/g, " "), sel.abort === a, () => { sel.abort = a; render(); }));
  }
  if (match.options.abort_chombo) {
    aborts.append(chip("chombo draw", sel.abort === "chombo", () => { sel.abort = "chombo"; render(); }));
  }
  [0, 1].forEach((k) => {
    const box = $(`die${k}`);
    box.replaceChildren();
    DIE.forEach((face, i) => {
      box.append(chip(face, sel.dice[k] === i + 1, () => {
        sel.dice[k] = sel.dice[k] === i + 1 ? null : i + 1;
        render();
      }, { "aria-label": `die ${k + 1}: ${i + 1}`, class: "chip die" }));
    });
  });
  seatChips("riichi", (s) => sel.riichi.has(s), (s) => { toggle(sel.riichi, s); render(); });
  seatChips("chombo", (s) => sel.chombo.has(s), (s) => { toggle(sel.chombo, s); render(); });
  $("minor-label").textContent = match.options.minor_foul_deposit
    ? `Minor foul (錯) by — ${match.options.minor_foul_deposit} to the table`
    : "Minor foul (錯) by — no win this hand";
  seatChips("minor", (s) => sel.minor.has(s), (s) => { toggle(sel.minor, s); render(); });
  $("pao-wrap").hidden = !match.options.pao;
  seatChips("pao", (s) => sel.pao === s, (s) => { sel.pao = sel.pao === s ? null : s; render(); });
  $("record").disabled = !ready();
}

function renderValue() {
  const s = sel.active;
  if (s === null) return;
  const v = sel.values[s] || (sel.values[s] = {});
  $("value-who").textContent = match.names[s];
  $("value-now").textContent = valueText(v) || "tap han and fu, or a limit";
  const han = $("han");
  han.replaceChildren(el("span", { class: "hint" }, "han"));
  for (const h of [1, 2, 3, 4]) {
    han.append(chip(String(h), v.han === h && !v.limit, () => { v.han = h; v.limit = null; render(); }));
  }
  const fu = $("fu");
  fu.replaceChildren(el("span", { class: "hint" }, "fu"));
  for (const f of FU) {
    fu.append(chip(String(f), v.fu === f && !v.limit, () => { v.fu = f; v.limit = null; render(); }));
  }
  const limits = $("limits");
  limits.replaceChildren();
  for (const l of match.options.limits) {
    limits.append(chip(LIMIT_TEXT[l] || l, v.limit === l, () => { v.limit = l; v.han = null; v.fu = null; render(); }));
  }
}

function ready() {
  const r = sel.result;
  if (r === "ron") return sel.winners.length > 0 && sel.from !== null && sel.winners.every((w) => valueDone(sel.values[w]));
  if (r === "tsumo") return sel.winners.length === 1 && valueDone(sel.values[sel.winners[0]]);
  if (r === "draw") return true;
  if (r === "abort") return sel.abort !== null && (sel.abort !== "chombo" || sel.chombo.size > 0);
  return false;
}

function handOfSelection() {
  const r = sel.result;
  const fouls = [...sel.chombo].map((s) => ({ kind: "chombo", seat: s }))
    .concat([...sel.minor].map((s) => ({ kind: "minor_foul", seat: s })));
  const hand = { result: r, riichi: [...sel.riichi], fouls };
  if (sel.dice[0] && sel.dice[1]) hand.dice = [...sel.dice];
  if (r === "ron" || r === "tsumo") {
    hand.winners = sel.winners.map((w) => {
      const v = sel.values[w];
      const entry = { seat: w };
      if (v.limit) entry.limit = v.limit; else { entry.han = v.han; entry.fu = v.fu; }
      if (sel.pao !== null) entry.pao = sel.pao;
      return entry;
    });
    if (r === "ron") hand.discarder = sel.from;
  } else if (r === "draw") {
    hand.tenpai = [...sel.tenpai];
    hand.nagashi = [...sel.nagashi];
  } else if (sel.abort === "chombo") {
    hand.result = "chombo";
  } else {
    hand.abort = sel.abort;
  }
  return hand;
}

function showError(message) {
  $("error").hidden = !message;
  $("error").textContent = message || "";
}

async function record() {
  try {
    if (editing === null) {
      match = await api("POST", `api/matches/${match.id}/hands`, handOfSelection());
    } else {
      match = await api("PUT", `api/matches/${match.id}/hands/${editing}`, handOfSelection());
      editing = null;
    }
    sel = freshSelection();
    showError("");
    $("fouls-box").open = false;
  } catch (e) {
    showError(e.message);
  }
  render();
}

// --- the last hand, the history, the final result ----------------------------------------

function renderLast() {
  const box = $("last");
  box.replaceChildren();
  const hands = match.ledger.hands;
  if (!hands.length) return;
  const i = hands.length - 1;
  const h = hands[i];
  const who = (s) => (s === null ? "table" : match.names[s]);
  const list = el("ul", { class: "sticks" });
  for (const t of match.sticks[i]) {
    let text = `${who(t.payer)} → ${who(t.receiver)} ${t.amount}: ${t.handed}`;
    if (t.change !== "-") text += `, change ${t.change}`;
    if (t.exchange) text += " (change sticks at the box first)";
    if (t.short) text += ` (${t.short} short)`;
    list.append(el("li", {}, text));
  }
  const deltas = match.names.map((n, s) => `${n} ${signed(h.deltas[s])}`).join(" · ");
  box.append(el("div", { class: "card", id: "last-card" },
    el("h3", {}, `${h.label}: ${match.texts[i]}`, diceText(h.entry)),
    el("p", {}, deltas),
    el("p", { class: "muted" }, "Point sticks (点棒) to hand over:"),
    list));
}

function renderHistory() {
  const ol = $("history");
  ol.replaceChildren();
  match.ledger.hands.forEach((h, i) => {
    const del = el("button", { class: "del", type: "button", title: "delete this hand", onclick: () => remove(i) }, "✕ delete");
    const edit = el("button", { class: "del edit", type: "button", title: "enter this hand again", onclick: () => startEdit(i) }, "✎ edit");
    ol.append(el("li", {}, el("div", { class: "line" },
      el("span", {}, el("b", {}, h.label), " ", match.texts[i], diceText(h.entry)),
      el("span", { class: "tools" }, edit, del)),
      el("div", { class: "nums" }, h.scores.join(" / "))));
  });
  $("csv").href = `api/matches/${match.id}/export.csv`;
  $("t6").href = `api/matches/${match.id}/export.tenhou6.json`;
}

// the selection that enters ``entry`` again (a win entered as tiles starts blank)
function selectionOf(entry) {
  const out = freshSelection();
  out.result = entry.result === "chombo" ? "abort" : entry.result;
  for (const w of entry.winners || []) {
    if (w.tiles) continue;
    out.winners.push(w.seat);
    out.values[w.seat] = w.limit ? { limit: w.limit } : { han: w.han, fu: w.fu };
    if (w.pao !== undefined && w.pao !== null) out.pao = w.pao;
  }
  out.active = out.winners.length ? out.winners[0] : null;
  out.from = entry.discarder === undefined ? null : entry.discarder;
  out.tenpai = new Set(entry.tenpai || []);
  out.nagashi = new Set(entry.nagashi || []);
  out.abort = entry.result === "chombo" ? "chombo" : (entry.abort || null);
  out.riichi = new Set(entry.riichi || []);
  out.dice = entry.dice ? [...entry.dice] : [null, null];
  for (const f of entry.fouls || []) {
    if (f.kind === "chombo") out.chombo.add(f.seat);
    if (f.kind === "minor_foul") out.minor.add(f.seat);
  }
  return out;
}

function startEdit(i) {
  editing = i;
  sel = selectionOf(match.ledger.hands[i].entry);
  showError("");
  render();
  window.scrollTo(0, 0);
}

async function remove(i) {
  if (!confirm(`Delete hand ${i + 1}? Every later hand is recomputed.`)) return;
  try {
    match = await api("DELETE", `api/matches/${match.id}/hands/${i}`);
    showError("");
  } catch (e) {
    showError(e.message);
  }
  render();
}

async function undo() {
  const n = match.ledger.hands.length;
  if (!n || !confirm(`Undo hand ${n} (${match.ledger.hands[n - 1].label})? It is deleted.`)) return;
  try {
    match = await api("POST", `api/matches/${match.id}/undo`);
    showError("");
  } catch (e) {
    showError(e.message);
  }
  render();
}

function diceText(entry) {
  if (!entry.dice) return "";
  const [a, b] = entry.dice;
  return el("span", { class: "dice-shown", title: `dice ${a} and ${b}` }, ` ${DIE[a - 1]}${DIE[b - 1]}`);
}

// --- the score graph -----------------------------------------------------------------------

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

// a step of the score axis that gives three to six lines
function niceStep(span) {
  for (const step of [1000, 2000, 5000, 10000, 20000, 50000, 100000]) {
    if (span / step <= 6) return step;
  }
  return 200000;
}

function renderGraph() {
  const hands = match.ledger.hands;
  $("graph-box").hidden = hands.length === 0;
  const graph = $("graph");
  graph.replaceChildren();
  if (!hands.length) return;
  const first = hands[0].scores.map((x, s) => x - hands[0].deltas[s]);  // the start points
  const series = [first, ...hands.map((h) => h.scores)];
  const all = series.flat();
  const startPoints = first[0];
  let lo = Math.min(...all, startPoints), hi = Math.max(...all, startPoints);
  const step = niceStep(Math.max(hi - lo, 1000));
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;
  if (hi === lo) hi = lo + step;
  // drawn at the size it is shown, so that its text is the page's size on a phone too
  const W = Math.max(280, Math.round(graph.parentElement.clientWidth - 24) || 640);
  const H = Math.round(Math.min(260, Math.max(180, W * 0.42)));
  const left = 52, right = 12, top = 10, bottom = 26;
  graph.setAttribute("viewBox", `0 0 ${W} ${H}`);
  const x = (i) => left + (i * (W - left - right)) / Math.max(series.length - 1, 1);
  const y = (v) => top + ((hi - v) * (H - top - bottom)) / (hi - lo);
  for (let v = lo; v <= hi; v += step) {
    graph.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: v === startPoints ? "g-start" : "g-grid" }));
    graph.append(svg("text", { x: left - 6, y: y(v) + 4, class: "g-label", "text-anchor": "end" }, v.toLocaleString("en-US")));
  }
  if (startPoints % step !== 0) {
    graph.append(svg("line", { x1: left, x2: W - right, y1: y(startPoints), y2: y(startPoints), class: "g-start" }));
  }
  // the rounds along the bottom (E1, E2 …; a repeated hand once), as many as fit
  const room = Math.max(3, Math.floor((W - left - right) / 34));
  const every = Math.ceil(series.length / room);
  let shown = "";
  series.forEach((_, i) => {
    if (i === 0 || (i - 1) % every) return;
    const label = hands[i - 1].label.replace(/ \(.*/, "").replace(/^(\w)\w* /, "$1");
    if (label === shown) return;
    shown = label;
    graph.append(svg("text", { x: x(i), y: H - 8, class: "g-label", "text-anchor": "middle" }, label));
  });
  match.names.forEach((name, s) => {
    const points = series.map((sc, i) => `${x(i).toFixed(1)},${y(sc[s]).toFixed(1)}`).join(" ");
    const line = svg("polyline", { points, class: "g-line", stroke: COLORS[s], "data-seat": s });
    line.append(svg("title", {}, `${name}: ${series.map((sc) => sc[s]).join(" → ")}`));
    graph.append(line);
    const lastPoint = series[series.length - 1][s];
    graph.append(svg("circle", { cx: x(series.length - 1), cy: y(lastPoint), r: 3.5, fill: COLORS[s] }));
  });
  const legend = $("graph-legend");
  legend.replaceChildren();
  match.names.forEach((name, s) => {
    legend.append(el("span", { class: "key" }, el("i", { class: `color-${s}` }), name));
  });
}

function renderFinal() {
  const t = $("final");
  t.replaceChildren(el("tr", {}, el("th", {}, "Place"), el("th", {}, "Player"), el("th", {}, "Points"), el("th", {}, "Result")));
  const rows = [...match.ledger.final].sort((a, b) => a.place - b.place);
  for (const s of rows) {
    t.append(el("tr", {}, el("td", {}, String(s.place)), el("td", {}, match.names[s.seat]),
      el("td", {}, String(s.points)), el("td", {}, (s.score > 0 ? "+" : "") + s.score.toFixed(1))));
  }
}

// --- the calculator ------------------------------------------------------------------------

async function renderCalc() {
  const han = $("calc-han");
  han.replaceChildren(el("span", { class: "hint" }, "han"));
  for (const h of [1, 2, 3, 4]) han.append(chip(String(h), calc.han === h && !calc.limit, () => { calc.han = h; calc.limit = null; renderCalc(); }));
  for (const [l, h] of [["mangan", 5], ["haneman", 6], ["baiman", 8], ["sanbaiman", 11], ["yakuman", 13]]) {
    han.append(chip(l, calc.limit === l, () => { calc.limit = l; calc.han = h; renderCalc(); }));
  }
  const fu = $("calc-fu");
  fu.replaceChildren(el("span", { class: "hint" }, "fu"));
  for (const f of FU) fu.append(chip(String(f), calc.fu === f, () => { calc.fu = f; renderCalc(); }, { disabled: calc.limit ? true : null }));
  $("calc-dealer").setAttribute("aria-pressed", String(calc.dealer));
  $("calc-tsumo").setAttribute("aria-pressed", String(calc.tsumo));
  const rules = match && match.rules ? match.rules : "tenhou";
  const q = new URLSearchParams({ han: calc.han, dealer: calc.dealer ? 1 : 0, tsumo: calc.tsumo ? 1 : 0, rules });
  if (calc.limit === "yakuman") { q.set("yakuman", 1); } else if (!calc.limit) { q.set("fu", calc.fu); }
  try {
    const b = await api("GET", `api/breakdown?${q}`);
    $("calc-out").textContent = b.lines.join("\n");
  } catch (e) {
    $("calc-out").textContent = e.message;
  }
}

// --- starting a match ----------------------------------------------------------------------

let presets = [];
let roll = null;
let firstDealer = 0;

function renderFirstChoices() {
  const names = [...$("name-inputs").querySelectorAll("input")].map((i) => i.value.trim());
  const first = $("first-choices");
  first.replaceChildren();
  names.forEach((name, i) => {
    first.append(chip(name || `Player ${i + 1}`, !roll && firstDealer === i, () => {
      firstDealer = i;
      roll = null;
      $("roll-text").textContent = "";
      renderFirstChoices();
    }));
  });
}

async function renderStart() {
  if (!presets.length) presets = await api("GET", "api/presets");
  const select = $("preset");
  if (!select.options.length) {
    for (const p of presets) select.append(el("option", { value: p.name }, `${p.name} (${p.players} players)`));
  }
  const preset = presets.find((p) => p.name === select.value);
  const players = preset.players;
  $("preset-summary").textContent = preset.summary;
  if ($("preset").dataset.shown !== preset.name) {  // the points follow the preset chosen
    $("preset").dataset.shown = preset.name;
    $("start-points").value = preset.start_points;
    $("return-points").value = preset.return_points;
    $("uma").value = preset.uma.map((u) => u / 1000).join(",");
  }
  const inputs = $("name-inputs");
  const old = [...inputs.querySelectorAll("input")].map((i) => i.value);
  if (old.length !== players) {
    inputs.replaceChildren();
    for (let i = 0; i < players; i++) {
      inputs.append(el("input", { name: `name${i}`, placeholder: `Player ${i + 1} (${WINDS[i]})`, value: old[i] || "", "aria-label": `player ${i + 1}`, required: true }));
    }
  }
  renderFirstChoices();
  const matches = await api("GET", "api/matches");
  const list = $("match-list");
  list.replaceChildren();
  for (const m of matches) {
    const scores = (m.result || m.scores).map((x, s) => `${m.names[s]} ${x}`).join(" · ");
    const when = String(m.updated || "").slice(0, 10);
    list.append(el("li", {}, el("a", { href: `#m=${m.id}` }, el("b", {}, `${when} · ${m.over ? "final" : `${m.hands} hands`}`), el("br"), scores)));
  }
  const series = await api("GET", "api/series");
  const ss = $("series-select");
  const chosen = ss.value;
  ss.replaceChildren(el("option", { value: "" }, "none"));
  const slist = $("series-list");
  slist.replaceChildren();
  for (const s of series) {
    ss.append(el("option", { value: s.id }, s.name));
    slist.append(el("li", { "data-series": s.id }, el("a", { href: `#s=${s.id}` }, s.name)));
  }
  ss.value = chosen;
}

async function startMatch(ev) {
  ev.preventDefault();
  const names = [...$("name-inputs").querySelectorAll("input")].map((i) => i.value.trim());
  const body = { rules: $("preset").value, names };
  const preset = presets.find((p) => p.name === body.rules);
  const start = Number($("start-points").value), back = Number($("return-points").value);
  const uma = $("uma").value.split(",").map((x) => Math.round(Number(x) * 1000));
  if (start !== preset.start_points) body.start_points = start;
  if (back !== preset.return_points) body.return_points = back;
  if (uma.join() !== preset.uma.join()) body.uma = uma;
  if (roll) body.roll = roll; else body.first_dealer = firstDealer;
  if ($("series-select").value) body.series = $("series-select").value;
  try {
    match = await api("POST", "api/matches", body);
    location.hash = `m=${match.id}`;
  } catch (e) {
    alert(e.message);
  }
}

function rollDice() {
  const die = () => 1 + Math.floor(Math.random() * 6);
  roll = [die() + die(), die() + die()];
  $("roll-text").textContent = `Rolled ${roll[0]}, then ${roll[1]}: counted from the first name (仮東), in turn order.`;
  renderFirstChoices();
}

async function showSeries(id) {
  match = null;
  $("play").hidden = true;
  $("start").hidden = false;
  renderBoard();
  await renderStart();
  const s = await api("GET", `api/series/${id}`);
  const table = el("table", { class: "standings" },
    el("tr", {}, el("th", {}, "Player"), el("th", {}, "Total"), el("th", {}, "Matches"), el("th", {}, "Places")));
  for (const r of s.standings) {
    table.append(el("tr", {}, el("td", {}, r.name), el("td", {}, (r.total > 0 ? "+" : "") + r.total.toFixed(1)),
      el("td", {}, String(r.matches)), el("td", {}, r.places.join(" "))));
  }
  const box = $("series-view");
  box.replaceChildren(el("h3", {}, `${s.name}: cumulative results`),
    s.standings.length ? table : el("p", { class: "muted" }, "No finished match yet."));
  if (s.stats.length) box.append(el("h3", { class: "stats-title" }, "Players over the series"), statsTable(s.stats));
  box.hidden = false;
  $("series-select").value = String(id);
  box.scrollIntoView();
}

function pct(x) { return x === null ? "–" : `${Math.round(x * 100)}%`; }

function statsTable(rows) {
  // counts with their share of the hands played
  const head = ["Player", "Avg place", "Avg result", "Wins", "Deal-ins", "Riichi", "Avg win", "Hands"];
  const counted = (n, rate) => el("td", {}, String(n), el("small", { class: "rate" }, ` ${pct(rate)}`));
  const table = el("table", { class: "stats", id: "series-stats" },
    el("tr", {}, ...head.map((h) => el("th", {}, h))));
  for (const r of rows) {
    const cells = [
      r.name,
      r.average_place === null ? "–" : r.average_place.toFixed(2),
      r.average_result === null ? "–" : (r.average_result > 0 ? "+" : "") + r.average_result.toFixed(1),
      counted(r.wins, r.win_rate), counted(r.deal_ins, r.deal_in_rate), counted(r.riichi, r.riichi_rate),
      r.average_win === null ? "–" : grouped(r.average_win),
      String(r.hands),
    ];
    table.append(el("tr", { "data-player": r.name }, ...cells.map((c) => (typeof c === "string" ? el("td", {}, c) : c))));
  }
  return el("div", { class: "table-scroll" }, table);
}

// --- putting it together ---------------------------------------------------------------------

function render() {
  renderBoard();
  if (!match) return;
  renderEntry();
  renderLast();
  renderGraph();
  renderHistory();
}

async function route() {
  const h = location.hash.replace(/^#/, "");
  const m = MATCH_ROUTE.exec(h);
  const s = SERIES_ROUTE.exec(h);
  if (s) return showSeries(s[1]);
  if (m) {
    try {
      match = await api("GET", `api/matches/${m[1]}`);
    } catch (e) {
      match = null;
      location.hash = "";
      return;
    }
    sel = freshSelection();
    window.scrollTo(0, 0);
    $("start").hidden = true;
    $("play").hidden = false;
    render();
    renderCalc();
    return;
  }
  match = null;
  $("play").hidden = true;
  $("start").hidden = false;
  $("series-view").hidden = true;
  renderBoard();
  await renderStart();
}

document.querySelectorAll(".result").forEach((b) => b.addEventListener("click", () => {
  const r = b.dataset.result;
  const keep = { riichi: sel.riichi, chombo: sel.chombo, minor: sel.minor, dice: sel.dice };
  sel = { ...freshSelection(), ...keep, result: r };
  showError("");
  render();
}));
// a change to the entry answers the last error: it goes once the entry is touched again
document.addEventListener("click", (ev) => {
  const b = ev.target.closest("#entry button, #seats .stick");
  if (b && !b.closest("#record")) showError("");
}, true);
$("record").addEventListener("click", record);
$("cancel-edit").addEventListener("click", () => { editing = null; sel = freshSelection(); showError(""); render(); });
$("undo").addEventListener("click", undo);
$("new-form").addEventListener("submit", startMatch);
$("roll").addEventListener("click", rollDice);
$("preset").addEventListener("change", () => renderStart());
$("name-inputs").addEventListener("input", renderFirstChoices);
$("calc-dealer").addEventListener("click", () => { calc.dealer = !calc.dealer; renderCalc(); });
$("calc-tsumo").addEventListener("click", () => { calc.tsumo = !calc.tsumo; renderCalc(); });
$("series-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  try {
    await api("POST", "api/series", { name: $("series-name").value });
    $("series-name").value = "";
  } catch (e) {
    alert(e.message);
  }
  renderStart();
});
$("home").addEventListener("click", (ev) => { ev.preventDefault(); location.hash = ""; });
window.addEventListener("hashchange", route);
// the graph is drawn at the size it is shown: again when that changes
let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => { if (match && !$("play").hidden) renderGraph(); }, 150);
});
route();
