// jantaku keep: the scorekeeper's page. Plain JS, no build; every rule is the server's.
"use strict";

const WINDS = ["東", "南", "西", "北"];
const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const LIMIT_TEXT = {
  mangan: "Mangan 満貫", haneman: "Haneman 跳満", baiman: "Baiman 倍満",
  sanbaiman: "Sanbaiman 三倍満", yakuman: "Yakuman 役満",
};
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
  const PLACES = ["1st", "2nd", "3rd", "4th"];
  match.names.forEach((name, s) => {
    const d = last ? last[s] : 0;
    const dealer = !L.over && s === L.dealer;
    const final = L.over ? L.final[s] : null;
    const riichi = !L.over && sel && sel.riichi.has(s);
    const card = el("button", {
      class: "seat" + (dealer ? " dealer" : "") + (riichi ? " riichi" : ""),
      type: "button", "data-seat": s, disabled: L.over || null,
      title: "tap the stick: riichi put down this hand", "aria-pressed": String(!!riichi),
    },
      el("div", { class: "wind" }, final ? PLACES[final.place - 1] : windOf(s) + (dealer ? " 親" : "")),
      el("div", { class: "name" }, name),
      el("div", { class: "score" }, String(final ? final.points : L.scores[s])),
      el("div", { class: "stick", title: "tap: riichi stick put down this hand" }, riichi ? "リーチ" : "＋ riichi"),
      el("div", { class: "delta " + (d > 0 ? "plus" : d < 0 ? "minus" : "") }, d ? signed(d) : ""));
    card.addEventListener("click", (ev) => {
      // only the stick area toggles the riichi stick: a tap elsewhere on the card is no entry
      if (sel && ev.target.closest(".stick")) { toggle(sel.riichi, s); render(); }
    });
    seats.append(card);
  });
  const sticks = L.deposits ? ` · ${L.deposits} riichi stick${L.deposits > 1 ? "s" : ""}` : "";
  $("round").textContent = L.over ? "Match over" : `${L.next_hand}${sticks}`;
  $("round").title = `${match.rules_label}: ${match.rules_summary}`;
  $("board-hint").hidden = L.over;
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
    el("h3", {}, `${h.label}: ${match.texts[i]}`),
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
      el("span", {}, el("b", {}, h.label), " ", match.texts[i]), el("span", { class: "tools" }, edit, del)),
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
  box.hidden = false;
  $("series-select").value = String(id);
  box.scrollIntoView();
}

// --- putting it together ---------------------------------------------------------------------

function render() {
  renderBoard();
  if (!match) return;
  renderEntry();
  renderLast();
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
  const keep = { riichi: sel.riichi, chombo: sel.chombo, minor: sel.minor };
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
route();
