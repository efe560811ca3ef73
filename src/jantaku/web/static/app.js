/* jantaku's table in the browser: lobby, live table, result screens, replay viewer.
   Plain JS, no build step. The server sends each seat only what its view holds. */
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));
const WIND = "東南西北";
const { T, LANG, nameOf, displayName, fuItemName, paymentText, summaryText, errorText } = window.jantakuI18n;
const displayNames = (names) => (names ? names.map(displayName) : names);
/* a seat wind's word: East … in English, 東 … in Japanese */
const windWord = (i) => (LANG === "ja" ? WIND[i] : ["East", "South", "West", "North"][i]);
const HONOR_NAMES = LANG === "ja"
  ? { "1z": "東", "2z": "南", "3z": "西", "4z": "北", "5z": "白", "6z": "發", "7z": "中" }
  : { "1z": "East", "2z": "South", "3z": "West", "4z": "North", "5z": "Haku", "6z": "Hatsu", "7z": "Chun" };
const KIND_LABEL = (kind) => T(`k.${kind}`);
const BEST_DISCARDS = 6;  // discards listed in the acceptance aid before "show all"
const LOG_LENGTH = 6;  // events kept in the side panel's list
const KIND_ORDER = ["tsumo", "ron", "riichi", "kan", "pon", "chii", "kita", "kyuushu", "skip"];
const KEYS = { r: "riichi", t: "win", c: "chii", p: "pon", k: "kan", s: "skip", escape: "skip", 9: "kyuushu", n: "kita" };
const MJAI_TO_CODE = { E: "1z", S: "2z", W: "3z", N: "4z", P: "5z", F: "6z", C: "7z" };
const DRAW_SPELLINGS = { kyushukyuhai: "kyuushu_kyuuhai", suukaikan: "suukan_sanra" };  // mjai's
/* a draw's name; an exhaustive draw is mjai's plain ryukyoku, with no reason */
function drawName(reason) {
  const key = `draw.${DRAW_SPELLINGS[reason] || reason || "exhaustive"}`;
  const name = T(key);
  return name === key ? `${T("draw")} (${reason})` : name;
}

/* the server's options (presets, bots, the yaku's names), fetched once */
let optionsPromise = null;
function options() {
  if (!optionsPromise) optionsPromise = fetch("/api/options").then((r) => r.json());
  return optionsPromise;
}
const YAKU = new Map();  // id and romaji → [id, romaji, kanji]
options().then((o) => { for (const y of o.yaku || []) { YAKU.set(y[0], y); YAKU.set(y[1], y); } });

/* a yaku's name: romaji and kanji in English (kanji as the players know them), kanji in
   Japanese; dora and the like by their own names */
function yakuName(name, short = false) {
  const y = YAKU.get(name);
  if (!y) return nameOf(name);
  if (LANG === "ja") return y[2];
  return short ? y[1] : `${y[1]} ${y[2]}`;
}

/* an mjai event type in the replay's frame label */
function eventName(type) {
  if (LANG !== "ja") return type;
  return nameOf(type === "dora" ? "dora_event" : type);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function tileName(code) {
  if (!code || code === "?") return T("hidden");
  if (code[1] === "z") return HONOR_NAMES[code];
  if (LANG === "ja") {
    const suit = { m: "萬", p: "筒", s: "索" }[code[1]];
    return code[0] === "0" ? `赤5${suit}` : `${code[0]}${suit}`;
  }
  const suit = { m: "man", p: "pin", s: "sou" }[code[1]];
  return code[0] === "0" ? `red 5 ${suit}` : `${code[0]} ${suit}`;
}

function tile(code, opts = {}) {
  const t = el("div", "tile");
  if (!code || code === "?" || opts.back) {
    t.classList.add("back");
  } else {
    const img = el("img");
    img.src = `/static/tiles/${code}.svg`;
    img.alt = code;
    t.appendChild(img);
    t.dataset.tile = code;
    t.title = tileName(code);
  }
  if (opts.side) t.classList.add("side");
  for (const c of opts.cls || []) t.classList.add(c);
  return t;
}

function mjaiCode(name) {
  if (!name) return null;
  if (MJAI_TO_CODE[name]) return MJAI_TO_CODE[name];
  if (name.endsWith("r")) return "0" + name[1];
  return name;
}

function roundName(bakaze, kyoku, honba) {
  const wind = Math.max(0, "1234".indexOf(bakaze[0]));
  return T("round.name", wind, kyoku) + (honba ? ` ${T("honba", honba)}` : "");
}

/* ---------------- the board: seat areas rotated around the center ---------------- */

function relPos(seat, me, n) {
  const rel = (seat - me + n) % n;
  return n === 3 && rel === 2 ? 3 : rel;
}

/* a meld; fresh: it was just called, and the claimed tile is lit for a moment */
function meldNode(m, fresh = false) {
  const node = el("div", "meld");
  m.tiles.forEach((code, i) => {
    if (i === m.added) return;
    const down = m.down && m.down.includes(i);
    const side = i === m.sideways;
    const t = tile(code, { side, back: down, cls: fresh && side ? ["claimed"] : [] });
    if (side && m.added >= 0) {
      const stack = el("div", "stack");
      stack.appendChild(t);
      stack.appendChild(tile(m.tiles[m.added], { side: true }));
      node.appendChild(stack);
    } else {
      node.appendChild(t);
    }
  });
  return node;
}

function pondNode(river, isLast) {
  const pond = el("div", "pond");
  let row = el("div", "row");
  pond.appendChild(row);
  let count = 0;
  river.forEach((d, i) => {
    if (count === 6 || count === 12) {
      row = el("div", "row");
      pond.appendChild(row);
    }
    count += 1;
    const cls = [];
    if (d.called) cls.push("called");
    if (d.tsumogiri) cls.push("tsumogiri");
    if (isLast && i === river.length - 1) cls.push("last");
    row.appendChild(tile(d.tile, { side: d.riichi, cls }));
  });
  return pond;
}

/* t: the table (a view plus, in a replay, every hand); me: the seat at the bottom */
function renderBoard(t, me, ui) {
  const board = $("#board");
  board.textContent = "";
  const n = t.players;
  for (let seat = 0; seat < n; seat++) {
    const pos = relPos(seat, me, n);
    const area = el("div", `seat-area rel${pos}`);
    area.dataset.seat = seat;
    const mine = seat === me && !ui.spectator;
    if (mine) area.classList.add("mine");
    const lastHere = t.last_discarder === seat || (t.last_discarder == null && ui.lastSeat === seat);
    area.appendChild(pondNode(t.rivers[seat], lastHere));
    // the hand
    const row = el("div", "hand-row");
    const open = t.hands && t.hands[seat] && t.hands[seat].length ? t.hands[seat] : null;
    if (mine) {
      buildOwnHand(row, t, ui);
    } else if (open) {
      if (ui.revealSmall) area.classList.add("reveal");
      for (const code of open) row.appendChild(tile(code));
      const drawn = t.drawns ? t.drawns[seat] : null;
      if (drawn) { const d = tile(drawn); d.style.marginLeft = "8px"; row.appendChild(d); }
    } else {
      const size = t.hand_sizes[seat];
      const drawnApart = size % 3 === 2;
      for (let i = 0; i < size; i++) {
        const b = tile(null);
        if (drawnApart && i === size - 1) b.style.marginLeft = "8px";
        row.appendChild(b);
      }
    }
    area.appendChild(row);
    // melds, north tiles, name
    const melds = el("div", "melds");
    const claimed = ui.claimed && ui.claimed.seat === seat && performance.now() < ui.claimed.until
      ? t.melds[seat].length - 1 : -1;
    [...t.melds[seat]].reverse().forEach((m, j) => {
      melds.appendChild(meldNode(m, t.melds[seat].length - 1 - j === claimed));
    });
    area.appendChild(melds);
    if (t.nuki && t.nuki[seat]) {
      const nk = el("div", "nuki");
      for (let i = 0; i < t.nuki[seat]; i++) nk.appendChild(tile("4z"));
      area.appendChild(nk);
    }
    if (t.melds[seat].length) area.classList.add("open-melds");
    if (t.turn === seat && t.phase !== "end") area.classList.add("turn");  // whose turn: the pond lit
    area.appendChild(nameTag(t, seat));
    board.appendChild(area);
  }
  const center = centerPanel(t);
  for (let seat = 0; seat < n; seat++) {  // each seat's side of the center: wind, score, riichi stick
    const side = el("div", `center-seat rel${relPos(seat, me, n)}`);
    if (t.turn === seat) side.classList.add("turn");
    side.appendChild(seatLabel(t, seat, me, ui));
    if (t.riichi[seat]) side.appendChild(el("div", "riichi-stick"));
    center.appendChild(side);
  }
  board.appendChild(center);
  if (ui.prompt) board.appendChild(ui.prompt);
  if (ui.timer) board.appendChild(ui.timer);
  fitBoard();
  shown.table = t;
  showCopies(shown.tile);
}

/* ---------------- a tile's copies: hover (tap on a phone) lights them, with how many are left ---------------- */

const shown = { table: null, tile: null };
const kindOf = (code) => (code && code[0] === "0" ? "5" + code[1] : code);

/* how many of a kind are not in sight: four less those in the ponds, melds, dora
   indicators, north tiles and the hands the page shows */
function copiesLeft(t, code) {
  const kind = kindOf(code);
  let seen = 0;
  const count = (c) => { if (kindOf(c) === kind) seen += 1; };
  for (const river of t.rivers) for (const d of river) if (!d.called) count(d.tile);
  for (const melds of t.melds) for (const m of melds) m.tiles.forEach(count);
  (t.dora_markers || []).forEach(count);
  if (kind === "4z") for (const n of t.nuki || []) seen += n;
  if (t.hand) { t.hand.forEach(count); if (t.drawn) count(t.drawn); }
  (t.hands || []).forEach((h, s) => {
    if (t.hand && s === t.seat) return;
    (h || []).forEach(count);
    if (t.drawns && t.drawns[s] && h && h.length) count(t.drawns[s]);
  });
  return Math.max(0, 4 - seen);
}

function showCopies(code) {
  shown.tile = code || null;
  for (const x of $$("#board .tile.same")) x.classList.remove("same");
  const note = $("#copies");
  if (!code || !shown.table) { note.hidden = true; return; }
  const kind = kindOf(code);
  let anchor = null;
  for (const x of $$("#board .tile[data-tile]")) {
    if (kindOf(x.dataset.tile) !== kind) continue;
    x.classList.add("same");
    if (!anchor || x.matches(":hover")) anchor = x;
  }
  note.textContent = "";
  note.append(tile(code), el("span", null, T("n.left", copiesLeft(shown.table, code))));
  note.dataset.tile = kind;
  note.hidden = false;
}

const boardEl = $("#board");
boardEl.addEventListener("mouseover", (ev) => {
  const x = ev.target.closest && ev.target.closest(".tile[data-tile]");
  if (x && !matchMedia("(hover: none)").matches) showCopies(x.dataset.tile);
});
boardEl.addEventListener("mouseleave", () => { if (!matchMedia("(hover: none)").matches) showCopies(null); });
boardEl.addEventListener("click", (ev) => {  // a tap on a tile out of the hand: its copies, or none
  const x = ev.target.closest && ev.target.closest(".tile[data-tile]");
  if (x && x.closest(".mine .hand-row")) return;
  showCopies(x && kindOf(x.dataset.tile) !== kindOf(shown.tile) ? x.dataset.tile : null);
});

/* an opponent's name, seat wind and score, by its hand (turned to read upright) */
function nameTag(t, seat) {
  const tag = el("div", "name-tag");
  const windIndex = (seat - t.oya + t.players) % t.players;
  if (windIndex === 0) tag.classList.add("oya");
  if (t.turn === seat) tag.classList.add("turn");
  tag.appendChild(el("div", "who", displayName(t.names[seat]) || T("seat.n", seat)));
  const line = el("div", "line");
  line.appendChild(el("span", "wind", WIND[windIndex]));
  line.appendChild(el("span", "score", `${t.scores[seat]}`));
  if (t.riichi[seat]) {
    const stick = el("span", "stick");
    stick.title = T("riichi");
    line.appendChild(stick);
  }
  tag.appendChild(line);
  return tag;
}

function seatLabel(t, seat, me, ui) {
  const wrap = el("div", "seat-label");
  const windIndex = (seat - t.oya + t.players) % t.players;
  if (windIndex === 0) wrap.classList.add("oya");
  if (t.turn === seat) wrap.classList.add("turn");
  wrap.appendChild(el("span", "wind", WIND[windIndex]));
  const score = el("span", "score");
  if (ui.diff && seat !== me) {
    const d = t.scores[seat] - t.scores[me];
    score.textContent = (d > 0 ? "+" : "") + d;
    score.classList.add("diff", d >= 0 ? "pos" : "neg");
  } else {
    score.textContent = t.scores[seat];
  }
  wrap.appendChild(score);
  wrap.title = T("diff.title", displayName(t.names[seat]));
  wrap.addEventListener("click", () => { ui.diff = !ui.diff; ui.redraw && ui.redraw(); });
  wrap.dataset.seat = seat;
  return wrap;
}

function centerPanel(t) {
  const c = el("div", "center");
  c.appendChild(el("div", "round", roundName(t.bakaze, t.kyoku, 0)));
  c.appendChild(el("div", "sticks", T("sticks", t.honba, t.kyotaku)));
  c.appendChild(el("div", "left", T("left", t.tiles_left)));
  const dora = el("div", "dora");
  dora.setAttribute("aria-label", T("dora.indicators"));
  for (let i = 0; i < 5; i++) dora.appendChild(tile(t.dora_markers[i] || null, { cls: t.dora_markers[i] ? ["indicator"] : [] }));
  c.appendChild(dora);
  return c;
}

function fitBoard() {
  const stage = $("#stage");
  const board = $("#board");
  const size = Math.min(stage.clientWidth, stage.clientHeight);
  board.style.transform = `scale(${size / 720})`;
}
window.addEventListener("resize", fitBoard);

/* ---------------- the live table ---------------- */

const live = { ws: null, msg: null, me: 0, sel: -1, ui: { diff: false }, queue: [], chooser: null,
  matchId: null, token: null, timerHandle: null, closed: false, lastSeat: null };

/* which learning aids to show (each on its own toggle, kept in this browser) */
function aidOn(name) {
  try { return (JSON.parse(localStorage.getItem("jantaku.aids") || "{}")[name]) !== false; } catch { return true; }
}
function setAid(name, on) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem("jantaku.aids") || "{}"); } catch { all = {}; }
  all[name] = on;
  localStorage.setItem("jantaku.aids", JSON.stringify(all));
}

function tokens() {
  try { return JSON.parse(localStorage.getItem("jantaku.tokens") || "{}"); } catch { return {}; }
}
function rememberToken(id, token, seat, watch) {
  const all = tokens();
  all[id] = { ...(all[id] || {}), token, seat, ...(watch ? { watch } : {}) };
  localStorage.setItem("jantaku.tokens", JSON.stringify(all));
}

function startTable(matchId, token, spectator = false) {
  live.matchId = matchId;
  live.token = token;
  live.spectator = spectator;
  $("#play").hidden = false;
  $("#replay-controls").hidden = true;
  $("#toggles").hidden = spectator;
  const watch = (tokens()[matchId] || {}).watch;  // the link to give a spectator
  if (watch && !spectator) {
    $("#watch-link").href = watch;
    $("#watch").hidden = false;
  }
  connect();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${live.matchId}`);
  live.ws = ws;
  // the seat's token goes in the first message, never in a URL the server sees
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: "hello", token: live.token }));
    if (live.spectator) return;  // a spectator only watches
    // this page shows each hand's result: the table waits for it to be closed; the aids
    // as the person chose at the first match (learning or playing)
    const style = localStorage.getItem("jantaku.style");
    ws.send(JSON.stringify({ type: "settings", pause: true,
      ...(style ? { aids: style === "learning" } : {}) }));
  };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = (ev) => {
    if (live.closed || ev.code === 4403 || ev.code === 4409) return;
    setStatus(T("reconnecting"));
    setTimeout(connect, 800);
  };
}

function send(obj) {
  if (live.spectator) return;
  if (live.ws && live.ws.readyState === 1) live.ws.send(JSON.stringify(obj));
}

function act(action) {
  if (!live.msg || !live.msg.legal.length) return;
  send({ type: "act", decision: live.msg.decision, index: action.index });
  live.msg = { ...live.msg, legal: [] };
  live.chooser = null;
  drawLive();
}

/* the table's status line: in the side panel, and on a phone in the dock too */
function setStatus(text) {
  $("#status").textContent = text;
  $("#dock-status").textContent = text;
}

/* an error the server sent, in the page's language (the server's English text kept in
   data-detail): in a notice over the table until it is closed, and on the status line
   when the table is lost to this window */
const LASTING_ERRORS = ["forbidden", "failed", "busy", "rate_limited"];
function showError(code, message) {
  const text = errorText(code, message);
  if (LASTING_ERRORS.includes(code)) setStatus(text);
  const box = $("#notice");
  $("#notice-text").textContent = text;
  box.dataset.code = code || "";
  box.dataset.detail = message || "";
  box.hidden = false;
  live.noticeAt = live.msg ? live.msg.decision : null;
}

/* a passing error (a late or refused answer) goes once the table has moved on */
function clearPassingError(msg) {
  const box = $("#notice");
  if (!box.hidden && !LASTING_ERRORS.includes(box.dataset.code) && msg.decision !== live.noticeAt) box.hidden = true;
}
$("#notice-close").addEventListener("click", () => { $("#notice").hidden = true; });

function onMessage(msg) {
  if (msg.type === "error") {
    showError(msg.code, msg.message);
    if (msg.code === "forbidden") live.closed = true;
    return;
  }
  if (msg.type !== "state") return;
  clearPassingError(msg);
  msg.receivedAt = performance.now();  // the timer counts from here
  msg.view.names = displayNames(msg.view.names);
  if (msg.final && msg.final.names) msg.final.names = displayNames(msg.final.names);
  live.me = msg.view.seat;
  live.chooser = null;
  if (!msg.legal.length || !live.msg || live.msg.decision !== msg.decision) live.sel = -1;
  if (msg.legal.length && (!live.msg || live.msg.decision !== msg.decision)) sound("turn");
  soundEvents(msg.events);
  for (const e of msg.events) {
    logEvent(e, msg.view);
    if (e.type === "dahai") live.lastSeat = e.actor;
    if (["chi", "pon", "daiminkan"].includes(e.type)) {  // the claimed tile, lit for a moment
      const until = performance.now() + 1600;
      live.ui.claimed = { seat: e.actor, until };
      setTimeout(() => { if (live.ui.claimed && live.ui.claimed.until === until) drawLive(); }, 1700);
    }
  }
  flashEvents(msg.events, msg.view);
  live.msg = msg;
  if (msg.last_result) live.queue.push(msg.last_result);
  for (const r of msg.results || []) live.queue.push(r);
  for (const box of $$("#toggles input[data-pref]")) box.checked = !!msg.prefs[box.dataset.pref];
  const v = msg.view;
  setStatus(msg.done ? T("over") : live.spectator
    ? T("watching", roundName(v.bakaze, v.kyoku, v.honba))
    : T("you.are", roundName(v.bakaze, v.kyoku, v.honba), windWord((v.seat - v.oya + v.players) % v.players)));
  drawLive();
  if (!localStorage.getItem("jantaku.style") && !msg.done && !live.spectator) showStyleChoice();
  showNextOverlay();
  drawPause();
}

/* the first match: learning (the aids on) or playing (the aids off), asked once, in a
   banner over the top of the table that leaves the own hand free */
function showStyleChoice() {
  if ($("#style-choice")) return;
  const box = el("div", "style-choice");
  box.id = "style-choice";
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", T("style.head"));
  box.appendChild(el("h2", null, T("style.head")));
  const row = el("div", "choices");
  for (const style of ["learning", "playing"]) {
    const b = el("button", `style ${style}`);
    b.type = "button";
    b.dataset.style = style;
    b.append(el("strong", null, T(`style.${style}`)), el("span", null, T(`style.${style}.note`)));
    b.addEventListener("click", () => chooseStyle(style));
    row.appendChild(b);
  }
  box.appendChild(row);
  box.appendChild(el("p", "hint", T("style.later")));
  $("#stage").appendChild(box);
}

function chooseStyle(style) {
  localStorage.setItem("jantaku.style", style);
  send({ type: "settings", aids: style === "learning" });
  const box = $("#style-choice");
  if (box) box.remove();
}

/* between hands: whom the table waits for, and the seconds the others have left */
function drawPause() {
  clearInterval(live.pauseHandle);
  for (const n of $$(".pause-note")) n.remove();
  const p = live.msg && live.msg.pause;
  if (!p) return;
  const reading = !$("#overlay").hidden;
  const others = p.waiting.filter((s) => s !== live.me).map((s) => live.msg.view.names[s]);
  if (reading && p.deadline == null) return;  // nobody has closed it yet: take your time
  const note = el("div", "pause-note");
  note.setAttribute("role", "status");
  (reading ? $("#overlay-body") : $("#board")).appendChild(note);
  const end = p.deadline == null ? null : performance.now() + p.deadline * 1000;
  const tick = () => {
    const left = end == null ? null : Math.max(0, Math.ceil((end - performance.now()) / 1000));
    note.dataset.left = left == null ? "" : left;
    if (reading) note.textContent = T("dealt.in", left);
    else note.textContent = T("waiting.for", others.join(", ") || T("the.table")) + (left == null ? "" : ` · ${left} s`);
  };
  tick();
  if (end != null) live.pauseHandle = setInterval(tick, 250);
}

/* the last few events in the side panel, tiles drawn as tiles */
function logEvent(e, v) {
  const name = (s) => (v.names[s] || T("seat.n", s));
  const parts = [];
  switch (e.type) {
    case "start_kyoku": parts.push(`— ${roundName(e.bakaze === "E" ? "1z" : e.bakaze === "S" ? "2z" : e.bakaze === "W" ? "3z" : "4z", e.kyoku, e.honba)} —`); break;
    case "dahai": parts.push(`${name(e.actor)} `, tile(mjaiCode(e.pai), { cls: e.tsumogiri ? ["tsumogiri"] : [] })); break;
    case "chi": case "pon": case "daiminkan": case "kakan": case "ankan":
      parts.push(T("log.call", name(e.actor), T(e.type === "pon" ? "k.pon.log" : `k.${e.type}`)));
      if (e.pai) parts.push(" ", tile(mjaiCode(e.pai)));
      break;
    case "reach": parts.push(T("log.riichi", name(e.actor))); break;
    case "hora": {
      const how = T(e.actor === e.target ? "k.tsumo" : "k.ron");
      const mine = e.actor === v.seat && !live.spectator;
      parts.push(mine ? T("log.you.win", how) : T("log.wins", name(e.actor), how));
      break;
    }
    case "ryukyoku": parts.push(drawName(e.reason)); break;
    case "dora": parts.push(T("log.dora"), tile(mjaiCode(e.dora_marker))); break;
    default: break;
  }
  if (!parts.length) return;
  const li = el("li");
  li.append(...parts);
  for (const log of [$("#log"), $("#dock-log")]) {  // the side panel's list, and the dock's
    log.appendChild(log.id === "log" ? li : li.cloneNode(true));
    while (log.children.length > LOG_LENGTH) log.removeChild(log.firstChild);
  }
}

/* the sounds of what happened: the weightiest call or win, else a discard */
const SOUND_OF = { dahai: "dahai", chi: "chii", pon: "pon", daiminkan: "kan", kakan: "kan", ankan: "kan",
  reach: "riichi" };
const sound = (name) => window.jantakuSound.play(name);
function soundEvents(events) {
  let best = null;
  for (const e of events.slice(-8)) {
    const name = e.type === "hora" ? (e.actor === e.target ? "tsumo" : "ron") : SOUND_OF[e.type];
    if (name && (best === null || best === "dahai")) best = name;
  }
  if (best) sound(best);
}

function flashEvents(events, v) {
  const shout = { chi: "chii", pon: "pon", daiminkan: "kan", kakan: "kan", ankan: "kan", reach: "riichi",
    nukidora: "kita" };
  for (const e of events) {
    let word = shout[e.type] && KIND_LABEL(shout[e.type]);
    if (e.type === "hora") word = KIND_LABEL(e.actor === e.target ? "tsumo" : "ron");
    if (!word) continue;
    const f = el("div", "flash", word);
    const board = $("#board");
    setTimeout(() => { board.appendChild(f); setTimeout(() => f.remove(), 950); }, 10);
  }
}

function legalDahais() {
  const m = live.msg;
  if (!m) return [];
  return m.legal.filter((a) => a.kind === "dahai");
}

function buildOwnHand(row, t, ui) {
  const m = live.msg;
  const discards = ui.spectator ? [] : legalDahais();
  const canCodes = new Set(discards.map((a) => a.tile));
  const best = new Set();
  if (m && m.aids && m.aids.discards && discards.length && aidOn("marks")) {
    const top = m.aids.discards[0];
    for (const d of m.aids.discards) if (d.shanten === top.shanten && d.loss === 0) best.add(d.tile);
    for (const c of [...best]) if (c[0] === "5") best.add("0" + c[1]);  // the red five too
  }
  const tiles = [...t.hand.map((c) => ({ code: c, drawn: false }))];
  if (t.drawn) tiles.push({ code: t.drawn, drawn: true });
  tiles.forEach((x, i) => {
    const cls = [];
    if (x.drawn) cls.push("drawn");
    if (discards.length) cls.push(canCodes.has(x.code) ? "can" : "dim");
    if (best.has(x.code) && discards.length) cls.push("mark");
    if (i === live.sel) cls.push("sel");
    const node = tile(x.code, { cls });
    node.dataset.index = i;
    node.setAttribute("role", "button");
    node.addEventListener("click", () => {
      if (matchMedia("(hover: none)").matches && live.sel !== i) {  // a phone: tap to look, again to discard
        live.sel = i;
        shown.tile = x.code;
        drawLive();
        return;
      }
      discardAt(i);
    });
    row.appendChild(node);
  });
  live.handTiles = tiles;
}

function discardAt(i) {
  const x = live.handTiles && live.handTiles[i];
  if (!x) return;
  const options = legalDahais().filter((a) => a.tile === x.code);
  if (!options.length) return;
  const exact = options.find((a) => a.tsumogiri === x.drawn) || options[0];
  act(exact);
}

function buildPrompt(legal) {
  const calls = legal.filter((a) => a.kind !== "dahai");
  if (!calls.length) return null;
  const wrap = el("div", "prompt");
  wrap.id = "prompt";
  // a call on another seat's tile: which tile, thrown by whom
  const v = live.msg && live.msg.view;
  const claim = calls.find((a) => ["ron", "chii", "pon", "kan"].includes(a.kind));
  const from = v ? (v.last_discarder ?? live.lastSeat) : null;
  if (claim && claim.tile && !legal.some((a) => a.kind === "dahai") && from != null && from !== v.seat) {
    const line = el("div", "claim");
    const [before, after] = T("call.from", v.names[from]);
    line.append(el("span", null, before), tile(claim.tile), el("span", null, after));
    wrap.appendChild(line);
  }
  const groups = {};
  for (const a of calls) (groups[a.kind] = groups[a.kind] || []).push(a);
  for (const kind of KIND_ORDER) {
    const list = groups[kind];
    if (!list) continue;
    const b = el("button", kind === "tsumo" || kind === "ron" ? "win" : kind, KIND_LABEL(kind));
    b.dataset.kind = kind;
    b.addEventListener("click", () => choose(kind));
    wrap.appendChild(b);
  }
  if (live.chooser) {
    const row = el("div", "choices");
    for (const a of groups[live.chooser] || []) {
      const b = el("button");
      b.dataset.index = a.index;
      b.title = callLabel(a);
      b.setAttribute("aria-label", b.title);
      const shown = a.consumed.length ? a.consumed : [a.tile];
      for (const c of shown) b.appendChild(tile(c));
      b.addEventListener("click", () => act(a));
      row.appendChild(b);
    }
    wrap.appendChild(row);
  }
  return wrap;
}

/* a call's shape in words: "chii 3 man with 2 man + 4 man", 「2萬・4萬で3萬をチー」 (the
   server's label, in mpsz, when the page has no words for it) */
function callLabel(a) {
  const type = a.mjai && a.mjai.type;
  const kind = T(`lbl.${type}`);
  if (kind === `lbl.${type}` || !a.tile) return a.label;
  const shown = ["chi", "pon", "daiminkan"].includes(type) ? a.consumed : [];
  return T("call.label", kind, tileName(a.tile), shown.map(tileName).join(T("call.join")));
}

function choose(kind) {
  const m = live.msg;
  if (!m) return;
  let list = m.legal.filter((a) => a.kind === kind);
  if (kind === "win") list = m.legal.filter((a) => a.kind === "tsumo" || a.kind === "ron");
  if (!list.length) return;
  // several shapes (chii 34m or 46m, a kan of two kinds, pon with or without the red five): choose
  if (list.length > 1 && ["chii", "pon", "kan"].includes(kind)) {
    live.chooser = kind;
    drawLive();
    return;
  }
  act(list[0]);
}

/* the seconds left to decide: the timer's, then the time bank's, each spent visibly */
function timerNode(msg) {
  clearInterval(live.timerHandle);
  if (msg.deadline == null || !msg.legal.length) return null;
  const wrap = el("div", "timer");
  wrap.setAttribute("role", "timer");
  const secs = el("span", "secs");
  const bar = el("div", "bar");
  const fill = el("div", "fill");
  bar.appendChild(fill);
  const bank = el("span", "bank");
  wrap.append(secs, bar, bank);
  const banked = msg.bank || 0;
  wrap.dataset.bank = banked;
  const base = Math.max(msg.timer || msg.deadline, 0.001);
  const end = (msg.receivedAt || performance.now()) + msg.deadline * 1000;
  const tick = () => {
    const left = Math.max(0, end - performance.now()) / 1000;
    const baseLeft = Math.max(0, left - banked);
    const bankLeft = Math.min(banked, left);
    secs.textContent = `${Math.ceil(baseLeft)}`;
    fill.style.width = `${(100 * baseLeft) / base}%`;
    bank.textContent = banked ? `+${Math.ceil(bankLeft)}` : "";
    bank.hidden = !banked;
    wrap.classList.toggle("in-bank", baseLeft <= 0 && banked > 0);
    wrap.classList.toggle("hurry", left <= 3);
    const whole = Math.ceil(left);
    const blip = `${msg.decision}:${whole}`;  // once a second, however often the table is drawn
    if (left > 0 && whole <= 3 && live.blip !== blip) { live.blip = blip; sound("hurry"); }
    live.secondsLeft = left;
    if (left <= 0) clearInterval(live.timerHandle);
  };
  tick();
  live.timerHandle = setInterval(tick, 200);
  return wrap;
}

/* a phone, either way up: the call buttons, the timer and the last events sit in a dock
   beside or below the table, at the phone's own size (the table is scaled down) */
const PHONE = matchMedia("(max-width: 600px), (max-height: 500px)");
PHONE.addEventListener("change", () => drawLive());

function drawLive() {
  const m = live.msg;
  if (!m) return;
  const ui = live.ui;
  ui.redraw = drawLive;
  const prompt = buildPrompt(m.legal);
  const timer = timerNode(m);
  const docked = PHONE.matches;
  ui.prompt = docked ? null : prompt;
  ui.timer = docked ? null : timer;
  ui.lastSeat = live.lastSeat;
  ui.spectator = !!live.spectator;
  renderBoard(m.view, m.view.seat, ui);
  const dock = $("#dock-act");
  dock.textContent = "";
  if (docked) {
    if (timer) dock.appendChild(timer);
    if (prompt) dock.appendChild(prompt);
    if (legalDahais().length && !live.chooser) {
      dock.appendChild(el("p", "dock-hint", T(matchMedia("(hover: none)").matches ? "hint.tap" : "hint.click")));
    }
  }
  const board = $("#board");  // for scripts and tests: which decision the page shows
  board.dataset.decision = m.decision;
  board.dataset.pending = m.legal.length ? "yes" : "no";
  board.dataset.done = m.done ? "yes" : "no";
  board.dataset.paused = m.pause ? "yes" : "no";
  drawAids(m);
  drawDockAids(m, docked);
  drawPause();
}

/* the aids at a glance in a phone's dock: the shanten and the best discards (or the
   waits); the whole aids are in the drawer */
function drawDockAids(m, docked) {
  const box = $("#dock-aids");
  box.textContent = "";
  const a = m.aids;
  if (!docked || !a) return;
  if (aidOn("shanten")) {
    const sh = a.shanten;
    box.appendChild(el("strong", "head", sh === -1 ? T("complete") : sh === 0 ? T("tenpai") : T("shanten.head", sh)));
  }
  const pick = (code, text) => {
    const x = el("span", "pick");
    x.append(tile(code), el("span", null, text));
    box.appendChild(x);
  };
  if (a.discards && a.discards.length && aidOn("acceptance")) {
    const top = a.discards[0];
    const best = a.discards.filter((d) => d.shanten === top.shanten && d.loss === 0).slice(0, 3);
    box.appendChild(el("span", "label", T("aid.marks")));
    for (const d of best) pick(d.tile, T("n.tiles", d.total));
  } else if (a.waits && a.waits.length && aidOn("waits")) {
    box.appendChild(el("span", "label", T("aid.waits")));
    for (const w of a.waits) pick(w.tile, T("n.left", w.remaining));
    if (a.furiten) box.appendChild(el("span", "warn", T("furiten.short")));
  } else if (a.acceptance && aidOn("acceptance")) {
    box.appendChild(el("span", "label", T("acceptance.head", a.acceptance.total)));
  }
}

function drawAids(m) {
  const box = $("#aids");
  box.textContent = "";
  const a = m.aids;
  $("#aid-toggles").hidden = !a;
  if (!a) return;
  const sh = a.shanten;
  const head = el("h3", null, sh === -1 ? T("complete") : sh === 0 ? T("tenpai.head") : T("shanten.head", sh));
  if (aidOn("shanten")) box.appendChild(head);
  if (a.win_now && typeof a.win_now === "object" && aidOn("value")) {
    const w = a.win_now;
    box.appendChild(el("div", null, T("tsumo.now", summaryText(w.summary), paymentText(w.text),
      w.yaku.map((y) => yakuName(y, true)).join(LANG === "ja" ? "・" : ", "))));
  }
  if (a.discards && a.discards.length && aidOn("acceptance")) {
    box.appendChild(el("h3", null, T("discards.head")));
    const top = a.discards[0];
    const shown = live.allDiscards ? a.discards : a.discards.slice(0, BEST_DISCARDS);
    const table = el("table", "accept");
    table.setAttribute("aria-label", T("accept.aria"));
    const head = el("tr", "head");
    for (const [text, cls] of [["col.discard", ""], ["col.shanten", ""], ["col.tiles", "n"], ["col.loss", ""]]) {
      head.appendChild(el("th", cls, T(text)));
    }
    table.appendChild(head);
    for (const d of shown) {
      const best = d.shanten === top.shanten && d.loss === 0;
      const tr = el("tr", best ? "main best" : "main");
      const c1 = el("td", "discard"); c1.appendChild(tile(d.tile)); tr.appendChild(c1);
      tr.appendChild(el("td", "sh", d.shanten === 0 ? T("tenpai") : `${d.shanten}`));
      tr.appendChild(el("td", "n total", `${d.total}`));
      const back = d.loss === null || d.loss === undefined;
      const lossText = back ? T("back") : d.loss ? `−${d.loss}` : "0";
      const lossCell = el("td", `n loss${back || d.loss ? " bad" : ""}`, lossText);
      if (back) lossCell.title = T("back.title");
      tr.appendChild(lossCell);
      table.appendChild(tr);
      const line = el("tr", best ? "tiles best" : "tiles");
      const cell = el("td");
      cell.colSpan = 4;
      cell.appendChild(acceptLine(d.tiles, d.remaining));
      line.appendChild(cell);
      table.appendChild(line);
    }
    box.appendChild(table);
    if (a.discards.length > BEST_DISCARDS) {
      const more = el("a", "more", live.allDiscards ? T("show.best", BEST_DISCARDS) : T("show.all", a.discards.length));
      more.dataset.count = a.discards.length;
      more.href = "#";
      more.addEventListener("click", (ev) => { ev.preventDefault(); live.allDiscards = !live.allDiscards; drawAids(live.msg); });
      box.appendChild(more);
    }
  }
  if (a.waits && a.waits.length && aidOn("waits")) {
    box.appendChild(el("h3", null, T("waits.head")));
    if (a.furiten) box.appendChild(el("div", "warn", T("furiten")));
    const table = el("table");
    for (const w of a.waits) {
      const tr = el("tr");
      const c1 = el("td"); c1.appendChild(tile(w.tile)); tr.appendChild(c1);
      tr.appendChild(el("td", null, T("n.left", w.remaining)));
      const val = (x) => (x === "no yaku" ? T("no.yaku") : x ? paymentText(`${x.text}`) : "—");
      if (aidOn("value")) tr.appendChild(el("td", null, T("ron.tsumo", val(w.ron), val(w.tsumo))));
      table.appendChild(tr);
    }
    box.appendChild(table);
  }
  if (a.acceptance && aidOn("acceptance")) {
    box.appendChild(el("h3", null, T("acceptance.head", a.acceptance.total)));
    box.appendChild(acceptLine(a.acceptance.tiles, a.acceptance.remaining));
  }
}

/* the accepted tiles, each with how many remain, as one small wrapped line */
function acceptLine(codes, remaining) {
  const line = el("div", "accepts");
  codes.forEach((code, i) => {
    const x = el("span", "acc");
    x.appendChild(tile(code));
    x.appendChild(el("small", null, `${remaining[i]}`));
    line.appendChild(x);
  });
  return line;
}

/* ---------------- result and final screens ---------------- */

function showNextOverlay() {
  if (!$("#overlay").hidden) return;
  const r = live.queue.shift();
  if (r) { showResult(r, live.msg ? live.msg.view.names : r.names, live.me, true); return; }
  if (live.msg && live.msg.done && live.msg.final) showFinal(live.msg.final);
}

function closeOverlay() {
  $("#overlay").hidden = true;
  if ($("#play").dataset.mode !== "live") return;
  showNextOverlay();
  // every result read: the table may deal on
  if ($("#overlay").hidden && live.msg && live.msg.pause) send({ type: "ready" });
  drawPause();
}

const signed = (x) => (x > 0 ? `+${x}` : `${x}`);
const signClass = (x) => (x > 0 ? "pos" : x < 0 ? "neg" : "");

/* the payments: each seat's score before the hand, the riichi sticks it paid in the
   hand, the change at its end and the score after (before + riichi + change = after) */
function payTable(r, names) {
  const t = el("table", "pay");
  t.setAttribute("aria-label", T("payments"));
  const deltas = r.deltas || [];
  const after = r.scores && r.scores.length === deltas.length ? r.scores : null;
  const start = after && r.start_scores && r.start_scores.length === deltas.length ? r.start_scores : null;
  const riichi = start ? deltas.map((d, s) => after[s] - start[s] - d) : null;
  const sticks = riichi && riichi.some((x) => x !== 0);
  const head = el("tr");
  const cols = [["", ""], [start ? T("col.before") : null, "num"], [sticks ? T("col.riichi") : null, "num"],
    [T("col.change"), "num"], [after ? T("col.after") : null, "num"]];
  for (const [h, cls] of cols) if (h !== null) head.appendChild(el("th", cls, h));
  t.appendChild(head);
  deltas.forEach((d, s) => {
    const tr = el("tr");
    tr.dataset.seat = s;
    tr.appendChild(el("td", null, names[s] || T("seat.n", s)));
    if (start) tr.appendChild(el("td", "num start", `${start[s]}`));
    if (sticks) tr.appendChild(el("td", `num riichi ${signClass(riichi[s])}`, riichi[s] ? signed(riichi[s]) : ""));
    tr.appendChild(el("td", `num delta ${signClass(d)}`, signed(d)));
    if (after) tr.appendChild(el("td", "num after", `${after[s]}`));
    t.appendChild(tr);
  });
  return t;
}

function showResult(r, names, me, live_) {
  const body = $("#overlay-body");
  body.textContent = "";
  body.className = "panel result";
  names = names || r.names || [];
  if (r.kind === "hora") {
    const how = r.tsumo ? T("tsumo.win") : T("ron.on", names[r.target]);
    body.appendChild(el("h2", null, `${names[r.actor]} — ${how}`));
    const hand = el("div", "hand");
    const codes = [...(r.hand || [])];
    const drawnAt = r.tsumo && r.tile ? codes.lastIndexOf(r.tile) : -1;
    if (drawnAt >= 0 && codes.length % 3 === 2) codes.splice(drawnAt, 1);  // shown apart
    for (const c of codes) hand.appendChild(tile(c));
    if (r.tile) { const w = tile(r.tile, { cls: ["win"] }); hand.appendChild(w); }
    for (const m of r.melds || []) hand.appendChild(meldNode(m));
    body.appendChild(hand);
    const ind = el("div", "indicators");
    ind.appendChild(el("span", null, T("dora")));
    for (const c of r.dora_markers || []) ind.appendChild(tile(c));
    if (r.ura_markers && r.ura_markers.length) {
      ind.appendChild(el("span", null, T("ura")));
      for (const c of r.ura_markers) ind.appendChild(tile(c));
    }
    body.appendChild(ind);
    const cols = el("div", "cols");
    const yaku = el("table", "yaku");
    yaku.setAttribute("aria-label", T("yaku.aria"));
    for (const [name, han] of r.yaku) {
      const tr = el("tr");
      tr.appendChild(el("td", null, yakuName(name)));
      tr.appendChild(el("td", "num", T("han", han)));
      yaku.appendChild(tr);
    }
    cols.appendChild(yaku);
    if (r.fu_items && r.fu_items.length) {
      const fu = el("table", "fu");
      fu.setAttribute("aria-label", T("fu.aria"));
      for (const [name, f] of r.fu_items) {
        const tr = el("tr");
        tr.appendChild(el("td", null, fuItemName(name)));
        tr.appendChild(el("td", "num", T("fu", f)));
        fu.appendChild(tr);
      }
      cols.appendChild(fu);
    }
    body.appendChild(cols);
    const total = el("div", "total");
    total.dataset.han = r.han; total.dataset.fu = r.fu; total.dataset.points = r.points;
    total.appendChild(el("span", null, `${T("fu.han", r.fu, r.han)} — ${paymentText(r.payment || `${r.points}`)}`));
    if (r.limit) total.appendChild(el("span", "limit", nameOf(r.limit)));
    body.appendChild(total);
    body.appendChild(payTable(r, names));
  } else {
    body.appendChild(el("h2", null, drawName(r.reason)));
    if (r.tenpai) body.appendChild(el("div", null, T("tenpai.list", r.tenpai.length ? r.tenpai.map((s) => names[s]).join(", ") : T("nobody"))));
    (r.tehais || []).forEach((h, s) => {
      if (!h.length) return;
      const row = el("div", "hand");
      row.appendChild(el("span", null, `${names[s]} `));
      for (const c of h) row.appendChild(tile(c));
      body.appendChild(row);
    });
    body.appendChild(payTable(r, names));
  }
  if (r.review && r.review.length && aidOn("review")) {
    const rv = el("div", "review");
    rv.appendChild(el("h3", null, T("review.head")));
    const t = el("table");
    for (const x of r.review.slice(0, 5)) {
      const tr = el("tr");
      const a = el("td"); a.appendChild(el("span", null, T("you"))); a.appendChild(tile(x.yours.tile));
      a.appendChild(el("small", null, T("review.small", x.yours.shanten, x.yours.acceptance)));
      const b = el("td"); b.appendChild(el("span", null, T("bot.short"))); b.appendChild(tile(x.bot.tile));
      b.appendChild(el("small", null, T("review.small", x.bot.shanten, x.bot.acceptance)));
      tr.appendChild(el("td", null, T("left", x.tiles_left))); tr.appendChild(a); tr.appendChild(b);
      t.appendChild(tr);
    }
    rv.appendChild(t);
    body.appendChild(rv);
  }
  const ok = el("button", "ok", T("ok"));
  ok.addEventListener("click", closeOverlay);
  body.appendChild(ok);
  $("#overlay").hidden = false;
  ok.focus();
}

function showFinal(final) {
  const body = $("#overlay-body");
  body.textContent = "";
  body.className = "panel final-screen";
  body.appendChild(el("h2", null, T("final")));
  const t = el("table", "final");
  const order = final.scores.map((_, s) => s).sort((a, b) => final.placements[a] - final.placements[b]);
  const head = el("tr");
  for (const h of ["", "", T("points"), T("result.col")]) head.appendChild(el("th", null, h));
  t.appendChild(head);
  for (const s of order) {
    const tr = el("tr");
    tr.appendChild(el("td", "place", T("place", final.placements[s])));
    tr.appendChild(el("td", null, final.names[s]));
    tr.appendChild(el("td", "num", `${final.scores[s]}`));
    const res = final.result[s];
    tr.appendChild(el("td", "num", `${res > 0 ? "+" : ""}${res.toFixed(1)}`));
    t.appendChild(tr);
  }
  body.appendChild(t);
  const links = el("p");
  const replay = el("a", null, T(live.spectator ? "replay.open" : "replay.this"));
  replay.href = `/replay/${live.matchId}`;
  const lobby = el("a", null, T("lobby")); lobby.href = "/";
  links.append(replay, " · ", lobby);
  body.appendChild(links);
  const ok = el("button", "ok", T("close"));
  ok.addEventListener("click", () => { $("#overlay").hidden = true; });
  body.appendChild(ok);
  $("#overlay").hidden = false;
}

/* ---------------- keyboard ---------------- */

document.addEventListener("keydown", (ev) => {
  if ($("#play").hidden) return;
  const key = ev.key.toLowerCase();
  if (!$("#overlay").hidden) {
    if (key === "enter" || key === "escape" || key === " ") { ev.preventDefault(); closeOverlay(); }
    return;
  }
  if ($("#play").dataset.mode === "replay") {
    if (key === "arrowright") step(1);
    else if (key === "arrowleft") step(-1);
    return;
  }
  const m = live.msg;
  if (!m || !m.legal.length) return;
  const tiles = live.handTiles || [];
  if (key === "arrowleft" || key === "arrowright") {
    ev.preventDefault();
    const delta = key === "arrowleft" ? -1 : 1;
    const start = live.sel < 0 ? (delta > 0 ? -1 : tiles.length) : live.sel;
    live.sel = Math.max(0, Math.min(tiles.length - 1, start + delta));
    drawLive();
  } else if (key === "enter" || key === " ") {
    ev.preventDefault();
    if (live.sel < 0 && tiles.length) live.sel = tiles.length - 1;
    discardAt(live.sel);
  } else if (KEYS[key]) {
    ev.preventDefault();
    const kind = KEYS[key];
    if (kind === "skip" && live.chooser) { live.chooser = null; drawLive(); return; }
    choose(kind);
  } else if (/^[1-9]$/.test(key) && live.chooser) {
    const list = m.legal.filter((a) => a.kind === live.chooser);
    const a = list[Number(key) - 1];
    if (a) act(a);
  }
});

/* ---------------- replay viewer ---------------- */

const rv = { data: null, i: 0, ui: { diff: false }, shown: -1 };

function startReplay(data, exportHref, exportJson) {
  data.names = displayNames(data.names);
  rv.data = data;
  rv.i = 0;
  $("#play").hidden = false;
  $("#play").dataset.mode = "replay";
  $("#toggles").hidden = true;
  $("#aid-toggles").hidden = true;
  $("#replay-controls").hidden = false;
  $("#keys").dataset.i18n = "keys.replay";
  $("#keys").textContent = T("keys.replay");
  $("#status").textContent = data.error ? stoppedText(data.error) : T("events", data.frames.length);
  const sel = $("#round-select");
  sel.textContent = "";
  for (const r of data.rounds) {
    const f = data.frames[r.frame];
    const o = el("option", null, f && f.bakaze ? roundName(f.bakaze, f.kyoku, f.honba) : r.label);
    o.value = r.frame;
    sel.appendChild(o);
  }
  const range = $("#frame-range");
  range.max = Math.max(0, data.frames.length - 1);
  const exp = $("#export");
  if (exportHref) { exp.href = exportHref; exp.hidden = false; }
  else if (exportJson) {
    exp.href = URL.createObjectURL(new Blob([JSON.stringify(exportJson)], { type: "application/json" }));
    exp.download = "tenhou6.json"; exp.hidden = false;
  } else exp.hidden = true;
  drawReplay();
}

function step(delta) {
  if (!rv.data) return;
  const n = rv.data.frames.length;
  if (delta === "round+" || delta === "round-") {
    const starts = rv.data.rounds.map((r) => r.frame);
    if (delta === "round+") rv.i = starts.find((f) => f > rv.i) ?? n - 1;
    else rv.i = [...starts].reverse().find((f) => f < rv.i) ?? 0;
  } else {
    rv.i = Math.max(0, Math.min(n - 1, rv.i + delta));
  }
  drawReplay();
}

function drawReplay() {
  const f = rv.data.frames[rv.i];
  if (!f) return;
  const openHands = $("#open-hands").checked;
  const t = { ...f };
  if (!openHands) t.hands = f.hands.map((h, s) => (s === 0 ? h : []));
  rv.ui.redraw = drawReplay;
  rv.ui.spectator = true;
  rv.ui.revealSmall = true;
  rv.ui.prompt = null;
  rv.ui.timer = null;
  renderBoard(t, 0, rv.ui);
  $("#frame-range").value = rv.i;
  const rounds = rv.data.rounds.filter((r) => r.frame <= rv.i);
  if (rounds.length) $("#round-select").value = rounds[rounds.length - 1].frame;
  $("#frame-label").textContent = `${rv.i + 1} / ${rv.data.frames.length}: ${eventName(f.event.type)}`;
  $("#aids").textContent = "";
  if (window.jantakuWall) window.jantakuWall.draw(rv.data, rv.i);  // the wall (wall.js)
  if ((f.result || f.final) && rv.shown !== rv.i) {
    rv.shown = rv.i;
    if (f.result) showResult(withStart(f.result, rv.i), rv.data.names, 0, false);
    else showFinalReplay(f.final);
  }
}

/* a replayed result with the scores before it: the round's start, or the result before
   it in the same round (a double ron) */
function withStart(result, i) {
  if (!result.scores) result = { ...result, scores: rv.data.frames[i].scores };
  if (result.start_scores) return result;
  const rounds = rv.data.rounds.filter((r) => r.frame <= i);
  if (!rounds.length) return result;
  const first = rounds[rounds.length - 1].frame;
  let start = rv.data.frames[first].scores;
  for (let j = first; j < i; j++) if (rv.data.frames[j].result) start = rv.data.frames[j].result.scores || start;
  return { ...result, start_scores: start };
}

/* why a record's replay stopped early ("event 12 (IllegalAction): …"), in the page's
   language; the server's text is English */
function stoppedText(error) {
  const at = /^event (\d+)/.exec(error);
  return LANG === "ja" && at ? T("stopped.at", Number(at[1]) + 1) : T("stopped", error);
}

function showFinalReplay(final) {
  const placements = final.scores.map((s, i) => 1 + final.scores.filter((x, j) => x > s || (x === s && j < i)).length);
  showFinal({ ...final, placements, names: rv.data.names });
}

for (const b of $$("#replay-controls button")) {
  b.addEventListener("click", () => {
    const s = b.dataset.step;
    step(s.startsWith("round") ? s : Number(s));
  });
}
$("#frame-range").addEventListener("input", (ev) => { rv.i = Number(ev.target.value); drawReplay(); });
$("#round-select").addEventListener("change", (ev) => { rv.i = Number(ev.target.value); drawReplay(); });
$("#open-hands").addEventListener("change", drawReplay);

/* ---------------- lobby ---------------- */

async function startLobby() {
  $("#lobby").hidden = false;
  const opts = await options();
  const preset = $("#preset");
  for (const p of opts.presets) {
    const o = el("option", null, T("preset", nameOf(p.name), p.players));
    o.value = p.name;
    o.dataset.players = p.players;
    preset.appendChild(o);
  }
  const seatChoices = () => {
    const n = Number(preset.selectedOptions[0].dataset.players);
    const box = $("#seat-choices");
    const old = $$("select", box).map((s) => s.value);
    box.textContent = "";
    const oldNames = $$("input.name", box).map((x) => x.value);
    for (let s = 0; s < n; s++) {
      const row = el("div", "seat-row");
      const label = el("label", null, T("seat.of", windWord(s)));
      label.htmlFor = `seat-${s}`;
      const sel = el("select");
      sel.id = `seat-${s}`;
      sel.dataset.seat = s;
      // the server's own mjai bots, offered by the names its operator gave them
      const kinds = ["human", ...opts.bots, ...opts.mjai.map((name) => `mjai:${name}`)];
      for (const kind of kinds) {
        const o = el("option", null, kind === "human" ? T("person")
          : kind.startsWith("mjai:") ? T("mjai.bot", kind.slice(5)) : T("bot", nameOf(kind)));
        o.value = kind;
        sel.appendChild(o);
      }
      sel.value = old[s] || (s === 0 ? "human" : "defensive");
      // a person's name, shown at the seat, in the logs, results and past matches
      const name = el("input", "name");
      name.type = "text";
      name.maxLength = 24;
      name.placeholder = T("name");
      name.setAttribute("aria-label", T("seat.name", windWord(s)));
      name.value = oldNames[s] !== undefined ? oldNames[s] : s === 0 ? localStorage.getItem("jantaku.name") || "" : "";
      const showName = () => { name.hidden = sel.value !== "human"; };
      sel.addEventListener("change", showName);
      showName();
      row.append(label, sel, name);
      box.appendChild(row);
    }
  };
  preset.addEventListener("change", seatChoices);
  seatChoices();
  // the timer chosen last, kept in this browser
  const timer = $("#timer");
  const keptTimer = localStorage.getItem("jantaku.timer");
  if (keptTimer && $$("option", timer).some((o) => o.value === keptTimer)) timer.value = keptTimer;
  timer.addEventListener("change", () => localStorage.setItem("jantaku.timer", timer.value));
  $("#new-match").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const seats = $$("#seat-choices select").map((x) => x.value);
    const names = $$("#seat-choices input.name").map((x, s) => (seats[s] === "human" ? x.value.trim() : ""));
    const own = names.find((x) => x);
    if (own) localStorage.setItem("jantaku.name", own);
    const seedText = $("#seed").value.trim();
    const body = { preset: preset.value, length: $("input[name=length]:checked").value, seats, names,
      seed: seedText === "" ? null : Number(seedText),
      timer: Number($("#timer").value.split("+")[0]), bank: Number($("#timer").value.split("+")[1] || 0),
      pace: Number($("#pace").value) };
    const r = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify(body) });
    const data = await r.json();
    if (!r.ok) { $("#lobby-error").textContent = errorText(data.code, data.error); return; }
    const watch = data.spectator ? data.spectator.url : null;
    for (const l of data.links) rememberToken(data.id, l.token, l.seat, watch);
    if (data.links.length > 1) {
      const box = $("#links");
      box.textContent = "";
      box.appendChild(el("p", null, T("links")));
      for (const l of data.links) {
        const who = names[l.seat] || displayName(`player${l.seat + 1}`);
        const a = el("a", null, T("link.seat", who, windWord(l.seat)));
        a.href = l.url;
        box.append(a, " ");
      }
      if (watch) {
        const a = el("a", "watch", T("watch.link"));
        a.href = watch;
        box.append(a);
      }
      return;
    }
    location.href = data.links[0].url;
  });
  $("#upload").addEventListener("change", async (ev) => {
    const input = ev.target;
    const file = input.files[0];
    if (!file) return;
    // reading a record takes a second or more (the first one starts the server's reader)
    const status = $("#upload-status");
    status.textContent = T("reading", file.name);
    status.classList.remove("error");
    input.disabled = true;
    let data;
    try {
      const r = await fetch("/api/replay", { method: "POST",
        headers: { "content-type": "application/octet-stream" }, body: await file.arrayBuffer() });
      data = await r.json().catch(() => null);
      if (!r.ok || !data) {  // the server's error in the page's language
        const err = new Error(data && data.error ? errorText(data.code, data.error) : T("server.status", r.status));
        err.fromServer = true;
        err.code = data && data.code;
        throw err;
      }
    } catch (err) {
      status.textContent = `${file.name}: ${err.fromServer ? err.message : T("net.down")}`;
      status.dataset.code = err.code || "";
      status.classList.add("error");
      return;
    } finally {
      input.disabled = false;
      input.value = "";
    }
    $("#lobby").hidden = true;
    history.pushState({}, "", "/replay");
    startReplay(data, null, data.tenhou6_json);
  });
  const list = await (await fetch("/api/matches")).json();
  const body = $("#matches tbody");
  const mine = tokens();
  for (const m of list.matches) {
    const tr = el("tr");
    tr.appendChild(el("td", null, new Date(m.created * 1000).toLocaleString(LANG === "ja" ? "ja-JP" : "en-GB")));
    tr.appendChild(el("td", null, `${nameOf(m.preset)}, ${T(`len.${m.length}`)}`));
    const who = displayNames(m.names).map((name, s) => (m.final && m.final.placements ? `${name} (${m.final.placements[s]})` : name));
    tr.appendChild(el("td", null, who.join(", ")));
    const td = el("td");
    if (m.status === "playing" && mine[m.id]) {
      const a = el("a", null, T("resume")); a.href = `/table/${m.id}`; td.appendChild(a);
    } else if (m.status === "done") {
      const a = el("a", null, T("replay")); a.href = `/replay/${m.id}`; td.appendChild(a);
    } else {
      const key = `status.${m.status}`;
      td.textContent = T(key) === key ? m.status : T(key);
    }
    tr.appendChild(td);
    body.appendChild(tr);
  }
}

/* ---------------- routes ---------------- */

$$("#aid-toggles input").forEach((box) => {
  box.checked = aidOn(box.dataset.aid);
  box.addEventListener("change", () => { setAid(box.dataset.aid, box.checked); drawLive(); });
});
const soundBox = $("#sound-on");  // sound, or none: kept in this browser
soundBox.checked = window.jantakuSound.on();
soundBox.addEventListener("change", () => window.jantakuSound.setOn(soundBox.checked));
$$("#toggles input[data-pref]").forEach((box) => {
  box.addEventListener("change", () => {
    send({ type: "settings", [box.dataset.pref]: box.checked });
    if (box.dataset.pref === "aids") localStorage.setItem("jantaku.style", box.checked ? "learning" : "playing");
  });
});

/* on a phone the side panel is a drawer beside or below the table, open or shut as it
   was last left in this browser */
function setDrawer(open) {
  $("#play").classList.toggle("drawer-open", open);
  $("#drawer-toggle").setAttribute("aria-expanded", open ? "true" : "false");
  localStorage.setItem("jantaku.drawer", open ? "open" : "shut");
}
setDrawer(localStorage.getItem("jantaku.drawer") === "open");
$("#drawer-toggle").addEventListener("click", () => setDrawer(!$("#play").classList.contains("drawer-open")));

/* the language: the page's own words now, the rest as it is drawn; a change is kept and
   the page drawn again */
window.jantakuI18n.applyWords();
for (const sel of $$(".lang-select")) {
  sel.value = LANG;
  sel.addEventListener("change", () => { window.jantakuI18n.setLang(sel.value); location.reload(); });
}

async function route() {
  await options().catch(() => null);  // the yaku's names before any result
  const path = location.pathname;
  const q = new URLSearchParams(location.search);
  let m;
  const fragment = new URLSearchParams(location.hash.slice(1));
  if ((m = path.match(/^\/table\/([\w-]+)$/)) && fragment.get("watch")) {
    // a spectator's link: kept in no list of seats, and out of the address bar
    history.replaceState(null, "", path);
    $("#play").dataset.mode = "live";
    startTable(m[1], fragment.get("watch"), true);
  } else if ((m = path.match(/^\/table\/([\w-]+)$/))) {
    // a seat's link carries its token in the fragment (#token=…), which no server sees;
    // it is kept in this browser and taken out of the address bar and the history
    const token = fragment.get("token") || q.get("token") || (tokens()[m[1]] || {}).token;
    if (token) rememberToken(m[1], token, null);
    if (location.hash || location.search) history.replaceState(null, "", path);
    $("#play").dataset.mode = "live";
    startTable(m[1], token || "");
  } else if ((m = path.match(/^\/replay\/([\w-]+)$/))) {
    const r = await fetch(`/api/matches/${m[1]}/replay`);
    const data = await r.json();
    if (!r.ok) { $("#lobby").hidden = false; $("#lobby-error").textContent = errorText(data.code, data.error); return; }
    startReplay(data, data.tenhou6, null);
  } else {
    startLobby();
  }
}
route();
