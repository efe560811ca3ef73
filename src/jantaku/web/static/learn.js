// The Learn page: scoring, waits and discard drills over /api/learn, progress, reference.
// Plain DOM, no inline script or style (the server's CSP), tiles from /static/tiles/CODE.svg.
"use strict";

(function () {
  const $ = (sel) => document.querySelector(sel);
  const state = { tab: "scoring", levels: {}, level: {}, question: null, picked: new Set(), answered: false };
  const SEATS = ["you", "right", "opposite", "left"];
  const ALL_TILES = [];
  for (const s of "mps") for (let n = 1; n <= 9; n++) ALL_TILES.push(n + s);
  for (let n = 1; n <= 7; n++) ALL_TILES.push(n + "z");

  function h(tag, attrs, ...kids) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(el.dataset, v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return el;
  }

  function tile(code, extra) {
    return h("img", { class: "tile " + (extra || ""), src: "/static/tiles/" + code + ".svg", alt: code, title: code, dataset: { tile: code } });
  }

  function tiles(codes, extra) {
    return h("span", { class: "tiles" }, codes.map((c) => tile(c, extra)));
  }

  async function api(path, body) {
    const opts = body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
    const r = await fetch(path, opts);
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || r.statusText);
    return data;
  }

  function showError(msg) {
    $("#error").textContent = msg || "";
  }

  // --- tabs -----------------------------------------------------------------------------

  function selectTab(tab) {
    state.tab = tab;
    for (const b of document.querySelectorAll("#tabs button")) b.setAttribute("aria-selected", String(b.dataset.tab === tab));
    const drill = ["scoring", "waits", "discard"].includes(tab);
    $("#drill").hidden = !drill;
    $("#progress").hidden = tab !== "progress";
    $("#reference").hidden = tab !== "reference";
    if (drill) {
      fillLevels();
      nextQuestion();
    } else if (tab === "progress") loadProgress();
    else loadReference();
    if (location.hash !== "#" + tab) history.replaceState(null, "", "#" + tab);
  }

  function fillLevels() {
    const sel = $("#level");
    sel.replaceChildren();
    for (const [name, text] of state.levels[state.tab] || []) {
      sel.append(h("option", { value: name, selected: name === state.level[state.tab] }, name + " — " + text));
    }
    if (!state.level[state.tab]) state.level[state.tab] = sel.value;
  }

  // --- a question -----------------------------------------------------------------------

  async function nextQuestion() {
    showError("");
    $("#verdict").hidden = true;
    state.answered = false;
    state.picked = new Set();
    const kind = state.tab;
    const level = state.level[kind] || "";
    const seed = new URLSearchParams(location.search).get("seed");
    const q = "?kind=" + encodeURIComponent(kind) + "&level=" + encodeURIComponent(level) + (seed && !state.question ? "&seed=" + encodeURIComponent(seed) : "");
    try {
      const data = await api("/api/learn/next" + q);
      state.question = data.question;
      $("#status").textContent = data.box ? "a mistake coming back (box " + data.box + ")" : "";
      $("#status").className = data.box ? "status again" : "status";
      if (data.new_mistakes) $("#status").textContent += " · " + data.new_mistakes + " discards from your matches added";
      renderQuestion(data.question);
    } catch (e) {
      state.question = null;
      $("#question").replaceChildren(h("p", { class: "empty" }, e.message));
      $("#answer").replaceChildren();
    }
  }

  function situation(q) {
    const chips = [];
    const chip = (label, value, cls) => chips.push(h("span", { class: "chip " + (cls || "") }, h("b", {}, label), " ", value));
    if (q.round) chip("round", q.round + (q.honba ? ", " + q.honba + " honba" : ""));
    if (q.seat_wind) chip("seat", tile(q.seat_wind, "small"));
    if (q.round_wind) chip("round wind", tile(q.round_wind, "small"));
    if (q.kind === "scoring") {
      chip("", q.dealer ? "dealer 親" : "non-dealer 子", q.dealer ? "dealer" : "");
      chip("win", q.tsumo ? "tsumo ツモ" : "ron ロン from " + q.from);
      if (q.riichi !== "none") chip("", q.riichi === "double" ? "double riichi" : "riichi 立直", "riichi");
      if (q.deposits) chip("deposits 供託", q.deposits);
      chip("rules", q.rules);
    }
    if (q.dora_indicators && q.dora_indicators.length) chip("dora indicator", tiles(q.dora_indicators, "small"));
    if (q.ura_indicators && q.ura_indicators.length) chip("ura indicator", tiles(q.ura_indicators, "small"));
    if (q.tiles_left !== undefined) chip("tiles left", q.tiles_left);
    return h("div", { class: "chips" }, chips);
  }

  function meldView(m) {
    return h("span", { class: "meld", title: m.kind }, m.tiles.map((c, i) => {
      const sideways = m.called && c === m.called && i === m.tiles.indexOf(m.called) && m.kind !== "ankan";
      const back = m.kind === "ankan" && (i === 0 || i === 3);
      return back ? h("img", { class: "tile", src: "/static/tiles/back.svg", alt: "back" }) : tile(c, sideways ? "sideways" : "");
    }), h("small", {}, m.kind));
  }

  function renderQuestion(q) {
    const box = $("#question");
    box.replaceChildren();
    box.dataset.qid = q.id;
    if (q.final_points) {
      box.append(h("h2", {}, "Final points → score (五捨六入)"), h("p", { class: "note" }, q.note));
      box.append(h("table", { class: "finals" }, h("tr", {}, q.final_points.map((_, i) => h("th", {}, "seat " + i))), h("tr", {}, q.final_points.map((p) => h("td", {}, p.toLocaleString("en"))))));
      renderAnswerForm(q);
      return;
    }
    box.append(situation(q));
    const hand = h("div", { class: "hand", id: "hand" });
    if (q.kind === "discard") {
      q.hand.forEach((c, i) => hand.append(h("button", { type: "button", class: "pick", dataset: { tile: c, i: String(i) }, onclick: () => chooseDiscard(c) }, tile(c))));
    } else {
      hand.append(tiles(q.hand));
    }
    if (q.kind === "scoring") hand.append(h("span", { class: "win" }, tile(q.win, "winning"), h("small", {}, q.tsumo ? "ツモ" : "ロン")));
    if (q.melds && q.melds.length && q.kind === "scoring") hand.append(h("span", { class: "melds" }, q.melds.map(meldView)));
    box.append(hand);
    if (q.pond && q.pond.length) box.append(h("div", { class: "pond" }, h("b", {}, "your pond 河 "), tiles(q.pond, "small")));
    if (q.rivers) {
      const grid = h("div", { class: "rivers" });
      q.rivers.forEach((r, i) => {
        const melds = q.melds && q.melds[i] ? q.melds[i] : [];
        grid.append(h("div", { class: "river" + (q.riichi && q.riichi[i] ? " in-riichi" : "") },
          h("b", {}, SEATS[i] + (q.scores ? " " + q.scores[i] : "") + (q.riichi && q.riichi[i] ? " · riichi" : "")),
          h("span", { class: "tiles" }, r.map((d) => tile(d.tile, "small" + (d.riichi ? " sideways" : "") + (d.called ? " called" : "")))),
          melds.length ? h("span", { class: "tiles" }, melds.map((m) => tiles(m, "small"))) : null));
      });
      box.append(grid);
    }
    renderAnswerForm(q);
  }

  const LABELS = {
    han: "han 翻", fu: "fu 符", points: "ron: points paid", all: "each pays (dealer tsumo)",
    nondealer: "each non-dealer pays", dealer: "the dealer pays", gain: "the winner gains in all",
  };

  function renderAnswerForm(q) {
    const form = $("#answer");
    form.replaceChildren();
    if (q.kind === "scoring") {
      const fields = h("div", { class: "fields" });
      for (const name of q.asked) {
        const label = name.startsWith("score") ? "score, seat " + name.slice(5) : LABELS[name] || name;
        fields.append(h("label", {}, label, h("input", { type: "number", name: name, step: name.startsWith("score") ? "0.1" : "1", inputmode: "decimal", required: true })));
      }
      form.append(fields, h("button", { type: "submit", id: "check" }, "Check"));
    } else if (q.kind === "waits") {
      form.append(h("p", { class: "ask" }, "Pick every winning tile:"));
      const grid = h("div", { class: "picker" });
      for (const c of ALL_TILES) grid.append(h("button", { type: "button", class: "pick", dataset: { tile: c }, "aria-pressed": "false", onclick: (ev) => togglePick(ev.currentTarget) }, tile(c)));
      form.append(grid);
      if (q.asked.includes("furiten")) {
        form.append(h("fieldset", { class: "inline" }, h("legend", {}, "Furiten? フリテン"),
          h("label", {}, h("input", { type: "radio", name: "furiten", value: "yes" }), " yes"),
          h("label", {}, h("input", { type: "radio", name: "furiten", value: "no" }), " no")));
      }
      form.append(h("button", { type: "submit", id: "check" }, "Check"));
    } else {
      form.append(h("p", { class: "ask" }, "Click the tile to discard."));
    }
    const first = form.querySelector("input");
    if (first) first.focus();
  }

  function togglePick(btn) {
    if (state.answered) return;
    const c = btn.dataset.tile;
    if (state.picked.has(c)) state.picked.delete(c);
    else state.picked.add(c);
    btn.setAttribute("aria-pressed", String(state.picked.has(c)));
  }

  function chooseDiscard(c) {
    if (state.answered) return;
    for (const b of document.querySelectorAll("#hand .pick")) b.classList.toggle("chosen", b.dataset.tile === c);
    submit({ tile: c });
  }

  async function onSubmit(ev) {
    ev.preventDefault();
    const q = state.question;
    if (!q || state.answered) return;
    const answer = {};
    if (q.kind === "scoring") {
      for (const input of $("#answer").querySelectorAll("input")) answer[input.name] = input.value === "" ? null : Number(input.value);
    } else if (q.kind === "waits") {
      answer.waits = [...state.picked];
      const f = $("#answer").querySelector("input[name=furiten]:checked");
      if (q.asked.includes("furiten")) answer.furiten = f ? f.value === "yes" : null;
    }
    submit(answer);
  }

  async function submit(answer) {
    const q = state.question;
    try {
      const v = await api("/api/learn/answer", { id: q.id, answer: answer });
      state.answered = true;
      renderVerdict(q, v);
    } catch (e) {
      showError(e.message);
    }
  }

  // --- the verdict ----------------------------------------------------------------------

  function value(v) {
    if (Array.isArray(v)) return v.length ? v.join(" ") : "—";
    if (v === true) return "yes";
    if (v === false) return "no";
    return v === null || v === undefined || v === "" ? "—" : String(v);
  }

  function renderVerdict(q, v) {
    const box = $("#verdict");
    box.hidden = false;
    box.className = "card " + (v.correct ? "right" : "wrong");
    box.replaceChildren(h("h2", { id: "verdict-title" }, v.correct ? "Right! 正解" : "Not quite"));
    box.append(h("table", { class: "parts" },
      h("tr", {}, h("th", {}, ""), h("th", {}, "answer"), h("th", {}, "yours")),
      v.parts.map((p) => h("tr", { class: p.ok ? "ok" : "bad" }, h("th", {}, LABELS[p.name] || p.name), h("td", {}, value(p.expected)), h("td", {}, value(p.given))))));
    if (v.explanation.length) box.append(h("ul", { class: "explanation" }, v.explanation.map((line) => h("li", {}, line))));
    const d = v.detail || {};
    if (q.kind === "scoring" && d.yaku) {
      const cols = h("div", { class: "breakdown" });
      cols.append(h("div", {}, h("h3", {}, "Yaku 役"), h("ul", {}, d.yaku.map((y) => h("li", {}, y.name + " " + y.kanji + " — " + y.han + " han")),
        Object.entries(d.dora).map(([k, n]) => h("li", {}, k + " — " + n + " han")))));
      cols.append(h("div", {}, h("h3", {}, "Fu 符"), h("ul", {}, d.fu_items.map(([n, f]) => h("li", {}, n + " — " + f))), h("p", {}, "= " + d.fu + " fu, wait: " + d.wait)));
      cols.append(h("div", {}, h("h3", {}, "Payment"), h("p", {}, d.summary + (d.limit_kanji ? " " + d.limit_kanji : "")), h("ul", {}, d.steps.map((s) => h("li", {}, s)))));
      box.append(cols);
    }
    if (q.kind === "waits" && d.waits) {
      box.append(h("h3", {}, "Each wait: shape and tiles left"), h("table", { class: "waits" },
        h("tr", {}, h("th", {}, "tile"), h("th", {}, "shape"), h("th", {}, "left")),
        d.waits.map((w) => h("tr", { class: w.in_pond ? "furiten" : "" }, h("td", {}, tile(w.tile, "small")), h("td", {}, w.shapes.join(" / ") + (w.in_pond ? " (in your pond)" : "")), h("td", {}, w.left)))),
        h("p", {}, d.left + " tiles left in all"));
      for (const b of document.querySelectorAll(".picker .pick")) {
        const want = d.waits.some((w) => w.tile === b.dataset.tile);
        if (want) b.classList.add("answer");
        if (state.picked.has(b.dataset.tile) && !want) b.classList.add("miss");
      }
    }
    if (q.kind === "discard" && d.advice) {
      box.append(h("h3", {}, "The advisor's ranking (受け入れ)"), h("table", { class: "advice" },
        h("tr", {}, h("th", {}, "discard"), h("th", {}, "shanten"), h("th", {}, "tiles"), h("th", {}, "accepts"), h("th", {}, "loss")),
        d.advice.map((a) => h("tr", { class: v.answer.best.includes(a.tile) ? "best" : a.tile === d.choice ? "theirs" : "" },
          h("td", {}, tile(a.tile, "small"), a.tile === d.choice ? h("small", {}, " player") : null),
          h("td", {}, a.shanten), h("td", {}, tiles(a.tiles, "tiny")), h("td", {}, a.total), h("td", {}, a.loss === null ? "↩" : a.loss)))));
      for (const b of document.querySelectorAll("#hand .pick")) if (v.answer.best.includes(b.dataset.tile)) b.classList.add("answer");
    }
    if (v.box) box.append(h("p", { class: "again" }, "This one comes back (box " + v.box + ")."));
    $("#next").focus();
  }

  // --- progress and reference -------------------------------------------------------------

  function chart(days) {
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    const W = 560, H = 160, pad = 28;
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("class", "chart");
    const kinds = ["scoring", "waits", "discard"];
    const byDay = [...new Set(days.map((d) => d.day))];
    const x = (i) => pad + (byDay.length <= 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (byDay.length - 1));
    const y = (acc) => H - pad - acc * (H - 2 * pad);
    const el = (tag, attrs) => { const e = document.createElementNS(NS, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v); return e; };
    for (const acc of [0, 0.5, 1]) {
      svg.append(el("line", { x1: pad, x2: W - pad, y1: y(acc), y2: y(acc), class: "grid" }));
      const t = el("text", { x: 2, y: y(acc) + 4, class: "axis" }); t.textContent = Math.round(acc * 100) + "%"; svg.append(t);
    }
    kinds.forEach((k) => {
      const pts = days.filter((d) => d.kind === k).map((d) => [x(byDay.indexOf(d.day)), y(d.correct / d.answered)]);
      if (!pts.length) return;
      svg.append(el("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "line " + k }));
      for (const [px, py] of pts) svg.append(el("circle", { cx: px, cy: py, r: 4, class: "dot " + k }));
    });
    byDay.forEach((d, i) => { const t = el("text", { x: x(i) - 30, y: H - 6, class: "axis" }); t.textContent = d; svg.append(t); });
    return svg;
  }

  async function loadProgress() {
    const box = $("#progress");
    try {
      const p = await api("/api/learn/progress");
      box.replaceChildren(h("h2", {}, "Progress"));
      if (!p.levels.length) { box.append(h("p", { class: "empty" }, "No answers yet: try a drill.")); return; }
      box.append(h("div", { class: "legend" }, ["scoring", "waits", "discard"].map((k) => h("span", { class: "key " + k }, k))), chart(p.days));
      box.append(h("table", { class: "levels" }, h("tr", {}, h("th", {}, "drill"), h("th", {}, "level"), h("th", {}, "answered"), h("th", {}, "right"), h("th", {}, "accuracy")),
        p.levels.map((l) => h("tr", {}, h("td", {}, l.kind), h("td", {}, l.level), h("td", {}, l.answered), h("td", {}, l.correct), h("td", {}, Math.round((100 * l.correct) / l.answered) + "%")))));
      const boxes = Object.entries(p.boxes);
      box.append(h("p", {}, "Mistakes to review (Leitner boxes): " + (boxes.length ? boxes.map(([b, n]) => "box " + b + ": " + n).join(", ") : "none")));
    } catch (e) { box.replaceChildren(h("p", { class: "error" }, e.message)); }
  }

  async function loadReference() {
    const box = $("#reference");
    try {
      const r = await api("/api/learn/reference");
      box.replaceChildren(h("h2", {}, "Yaku 役 (" + r.preset + ")"));
      box.append(h("table", { class: "yaku" }, h("tr", {}, h("th", {}, "yaku"), h("th", {}, ""), h("th", {}, "closed"), h("th", {}, "open")),
        r.yaku.map((y) => h("tr", {}, h("td", {}, y.name), h("td", { class: "jp" }, y.kanji), h("td", {}, y.yakuman ? (y.yakuman > 1 ? "double yakuman" : "yakuman") : y.han[0]), h("td", {}, y.yakuman ? (y.han[1] ? "yes" : "—") : y.han[1] || "—")))));
      box.append(h("h2", {}, "Fu 符"), h("table", { class: "fu" }, h("tr", {}, h("th", {}, "set"), h("th", {}, "2–8"), h("th", {}, "1, 9, honors")),
        r.fu.sets.map((s) => h("tr", {}, h("td", {}, s.set), h("td", {}, s.simple), h("td", {}, s.terminal_or_honor)))),
        h("p", {}, "base 20; closed ron +10; tsumo +2 (not pinfu); kanchan, penchan, tanki +2; a pair of dragons or a yakuhai wind +2 (double wind " + r.fu.double_wind_pair + "); seven pairs 25; round up to 10."));
      box.append(h("h2", {}, "Scores 点数表 (non-dealer ron)"));
      const t = r.scores.nondealer_ron;
      box.append(h("table", { class: "scores" }, h("tr", {}, h("th", {}, "fu \\ han"), [1, 2, 3, 4].map((n) => h("th", {}, n))),
        Object.entries(t).map(([fu, row]) => h("tr", {}, h("th", {}, fu), row.map((v) => h("td", {}, v === null ? "—" : v))))));
      box.append(h("p", {}, r.limits.map((l) => l.limit + " " + l.kanji + " from " + l.from_han + " han: " + l.basic + " basic").join(" · ")));
    } catch (e) { box.replaceChildren(h("p", { class: "error" }, e.message)); }
  }

  // --- start ----------------------------------------------------------------------------

  async function start() {
    for (const b of document.querySelectorAll("#tabs button")) b.addEventListener("click", () => selectTab(b.dataset.tab));
    $("#level").addEventListener("change", (ev) => { state.level[state.tab] = ev.target.value; state.question = null; nextQuestion(); });
    $("#next").addEventListener("click", () => nextQuestion());
    window.addEventListener("hashchange", () => {
      const tab = location.hash.slice(1);
      if (tab !== state.tab && ["scoring", "waits", "discard", "progress", "reference"].includes(tab)) selectTab(tab);
    });
    $("#answer").addEventListener("submit", onSubmit);
    const data = await api("/api/learn/levels");
    state.levels = data.levels;
    const params = new URLSearchParams(location.search);
    const tab = (location.hash || "#scoring").slice(1);
    const wanted = params.get("level");
    const first = ["scoring", "waits", "discard", "progress", "reference"].includes(tab) ? tab : "scoring";
    if (wanted) state.level[first] = wanted;
    selectTab(first);
  }

  start().catch((e) => showError(e.message));
})();
