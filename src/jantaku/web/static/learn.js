// The Learn page: scoring, waits and discard drills over /api/learn, progress, reference.
// Plain DOM, no inline script or style (the server's CSP), tiles from /static/tiles/CODE.svg.
"use strict";

(function () {
  const $ = (sel) => document.querySelector(sel);
  const state = { tab: "scoring", levels: {}, level: {}, question: null, picked: new Set(), answered: false };
  const ALL_TILES = [];
  for (const s of "mps") for (let n = 1; n <= 9; n++) ALL_TILES.push(n + s);
  for (let n = 1; n <= 7; n++) ALL_TILES.push(n + "z");

  // --- words: the page in English and Japanese (the language the lobby keeps) -------------

  const I18N = window.jantakuI18n || { LANG: "en", setLang: () => {} };
  const LANG = I18N.LANG === "ja" ? "ja" : "en";
  const WORDS = {
    "title": ["jantaku — Learn 学習", "学習 — 雀卓"],
    "home": ["back to the lobby", "ロビーへ戻る"],
    "learn": ["Learn", "学習"],
    "lang": ["Language", "言語"],
    "tab.scoring": ["Scoring 点数計算", "点数計算"], "tab.waits": ["Waits 待ち", "待ち"],
    "tab.discard": ["Discard 何切る", "何切る"], "tab.progress": ["Progress", "成績"],
    "tab.reference": ["Reference", "資料"],
    "level": ["Level", "レベル"], "next": ["Next question →", "次の問題 →"],
    "right": ["Right! 正解", "正解！"], "wrong": ["Not quite", "不正解"],
    "col.answer": ["answer", "正解"], "col.yours": ["yours", "あなた"],
    "again": [(b) => "This one comes back (box " + b + ").", (b) => "この問題はまた出題されます（" + b + "番の箱）。"],
    "again.status": [(b) => "a mistake coming back (box " + b + ")", (b) => "間違えた問題の復習（" + b + "番の箱）"],
    "mistakes.added": [(n) => n + " discards from your matches added", (n) => "対局から" + n + "問を追加"],
    "click.discard": ["Click the tile to discard.", "切る牌をクリックしてください。"],
    "pick.waits": ["Pick every winning tile:", "和了牌をすべて選んでください:"],
    "check": ["Check", "答え合わせ"],
    "ranking": ["The advisor's ranking (受け入れ)", "牌効率の順位（受け入れ）"],
    "c.discard": ["discard", "打牌"], "c.shanten": ["shanten", "向聴"], "c.tiles": ["tiles", "有効牌"],
    "c.accepts": ["accepts", "枚数"], "c.loss": ["loss", "ロス"], "player": [" player", " 打ち手"],
    // the defensive bot's view
    "def.head": ["The defensive bot 守備型", "守備型ボットの判断"],
    "def.discards": ["discards", "打牌"],
    "def.riichi": ["and declares riichi", "リーチ宣言"],
    "stance.push": ["push 押し", "押し"], "stance.fold": ["fold 降り", "降り"], "stance.riichi": ["riichi declared", "リーチ宣言後"],
    "stance.forced": ["the only discard", "唯一の打牌"],
    "def.quiet": ["Nobody threatens: the bot plays for speed.", "脅威なし: 速度を優先します。"],
    "def.threats": ["Threats", "脅威"],
    "threat": [(seat, why, p, v) => seat + " · " + why + " · tenpai " + p + " · worth " + v,
      (seat, why, p, v) => seat + " · " + why + " · 聴牌率 " + p + " · 打点 " + v],
    "def.danger": ["Danger of each choice", "選択ごとの危険度"],
    "c.tile": ["tile", "牌"], "c.vs": [(seat) => "deals in vs " + seat, (seat) => seat + "への放銃率"],
    "c.cost": ["expected loss", "損失期待値"],
    "row.yours": ["yours", "あなた"], "row.bot": ["defensive bot", "守備型ボット"],
    "row.player": ["Houou player", "鳳凰卓の打ち手"], "row.safest": ["safest", "最も安全"],
    "def.note": ["expected loss = chance of tenpai × chance the tile deals in × the hand's value",
      "損失期待値 = 聴牌率 × 放銃率 × 打点"],
    "seat.you": ["you", "自分"], "seat.right": ["right", "下家"], "seat.opposite": ["opposite", "対面"],
    "seat.left": ["left", "上家"],
    // the real wall
    "wall.head": ["The real wall: your next draws", "実際の牌山: この後のツモ"],
    "wall.none": ["No draw of yours before the stop.", "この先に自分のツモはありません。"],
    "wall.rule": ["The others play as recorded; each line then discards as the advisor would.",
      "他家は実戦どおり、以降は牌効率どおりに打った場合です。"],
    "wall.missing": [(why) => "No continuation: " + why, (why) => "続きは表示できません: " + why],
    "wall.draw": [(n) => "draw " + n, (n) => n + "巡目"],
    "wall.draws": ["draws →", "ツモ →"],
    "wall.cells": ["Under each draw: the tile each line discards, and its shanten after.",
      "各ツモの下: その後に切る牌と向聴数。"],
    "line": [(t) => "discard " + t, (t) => t + "切り"],
    "stop.call": [(who, call) => who + " called " + call + ": after a call the draws come in another order",
      (who, call) => who + "が" + call + ": 鳴きでツモ順が変わるのでここまで"],
    "stop.end": [(who, how) => "the round ended: " + how + " by " + who, (who, how) => "局終了: " + who + "の" + how],
    "stop.draw": ["the round ended in a draw", "流局"], "stop.wall": ["the wall ran out", "牌山が尽きました"],
    "stop.record": ["the record ends", "牌譜の終わり"],
    "call.chii": ["chii", "チー"], "call.pon": ["pon", "ポン"], "call.kan": ["kan", "カン"], "call.kita": ["kita", "北抜き"],
    "how.ron": ["ron", "ロン"], "how.tsumo": ["tsumo", "ツモ"],
    "fate.tsumo": [(n, what, pts) => "tsumo on draw " + n + ": " + what + ", " + pts + " points",
      (n, what, pts) => n + "巡目にツモ和了: " + what + " " + pts + "点"],
    "fate.noyaku": [(n) => "complete on draw " + n + ", but no yaku", (n) => n + "巡目に和了形（役なし）"],
    "fate.tenpai0": ["tenpai at once", "すぐに聴牌"],
    "fate.tenpai": [(n) => "tenpai on draw " + n, (n) => n + "巡目に聴牌"],
    "fate.shanten": [(s, n) => s + "-shanten after " + n + " draws", (s, n) => n + "巡後も" + s + "向聴"],
    "shanten.short": [(s) => s === 0 ? "tenpai" : s + "-sh", (s) => s === 0 ? "聴牌" : s + "向聴"],
    // the reference and its examples
    "yaku.head": [(p) => "Yaku 役 (" + p + ")", (p) => "役（" + p + "）"],
    "c.yaku": ["yaku", "役"], "c.closed": ["closed", "門前"], "c.open": ["open", "副露"], "c.example": ["example", "例"],
    "show.example": ["show", "表示"], "hide.example": ["hide", "閉じる"],
    "yes": ["yes", "あり"],
    "ex.scores": ["scores as", "成立役"],
    "ex.tsumo": ["tsumo ツモ", "ツモ"], "ex.ron": [(who) => "ron ロン from " + who, (who) => "ロン（" + who + "から）"],
    "dealer": ["dealer 親", "親"], "nondealer": ["non-dealer 子", "子"],
    "seat.wind": ["seat", "自風"], "round.wind": ["round wind", "場風"],
    "riichi": ["riichi 立直", "立直"], "double": ["double riichi", "ダブル立直"],
    "flag.ippatsu": ["ippatsu 一発", "一発"], "flag.haitei": ["last tile 海底", "海底"],
    "flag.houtei": ["last discard 河底", "河底"], "flag.rinshan": ["after a kan 嶺上", "嶺上"],
    "flag.chankan": ["robbing a kan 槍槓", "槍槓"], "flag.first_turn": ["first turn 第一巡", "第一巡"],
    "rules": ["rules", "ルール"],
    "yakuman": ["yakuman", "役満"], "han": [(n) => n + " han", (n) => n + "翻"],
    // the question, the answer form and the verdict of every drill
    "s.round": ["round", "局"], "s.honba": [(n) => ", " + n + " honba", (n) => " " + n + "本場"],
    "s.win": ["win", "和了"], "s.ron": [(who) => "ron ロン from " + who, (who) => "ロン（" + who + "）"],
    "s.deposits": ["deposits 供託", "供託"], "s.dora": ["dora indicator", "ドラ表示牌"],
    "s.ura": ["ura indicator", "裏ドラ表示牌"], "s.left": ["tiles left", "残り枚数"],
    "finals": ["Final points → score (五捨六入)", "最終持ち点 → 成績（五捨六入）"],
    "seat.n": [(i) => "seat " + i, (i) => "席" + i], "score.seat": [(i) => "score, seat " + i, (i) => "成績（席" + i + "）"],
    "your.pond": ["your pond 河 ", "自分の河 "], "riichi.short": ["riichi", "リーチ"],
    "furiten.q": ["Furiten? フリテン", "フリテン？"], "w.yes": ["yes", "はい"], "w.no": ["no", "いいえ"],
    "b.yaku": ["Yaku 役", "役"], "b.fu": ["Fu 符", "符"], "b.payment": ["Payment", "支払い"],
    "b.fu.total": [(fu, wait) => "= " + fu + " fu, wait: " + wait, (fu, wait) => "= " + fu + "符、待ち: " + wait],
    "w.head": ["Each wait: shape and tiles left", "待ちごとの形と残り枚数"], "w.shape": ["shape", "形"],
    "w.left": ["left", "残り"], "w.inpond": [" (in your pond)", "（自分の河にあり）"],
    "w.total": [(n) => n + " tiles left in all", (n) => "合計 残り" + n + "枚"],
    "kind.scoring": ["scoring", "点数計算"], "kind.waits": ["waits", "待ち"], "kind.discard": ["discard", "何切る"],
    "p.none": ["No answers yet: try a drill.", "まだ解答がありません。問題を解いてみましょう。"],
    "p.drill": ["drill", "問題"], "p.answered": ["answered", "解答数"], "p.right": ["right", "正解"],
    "p.accuracy": ["accuracy", "正答率"], "p.boxes": ["Mistakes to review (Leitner boxes): ", "復習する問題（ライトナーの箱）: "],
    "p.box": [(b, n) => "box " + b + ": " + n, (b, n) => b + "番の箱: " + n],
    "p.empty": ["none", "なし"],
    "r.set": ["set", "面子"], "r.terminals": ["1, 9, honors", "么九牌・字牌"],
    "r.fu.rules": [(dw) => "base 20; closed ron +10; tsumo +2 (not pinfu); kanchan, penchan, tanki +2; a pair of dragons or a yakuhai wind +2 (double wind " + dw + "); seven pairs 25; round up to 10.",
      (dw) => "副底20符、門前ロン+10符、ツモ+2符（平和を除く）、嵌張・辺張・単騎+2符、三元牌・役牌の風の雀頭+2符（連風牌" + dw + "符）、七対子25符、10符単位に切り上げ。"],
    "r.scores": ["Scores 点数表 (non-dealer ron)", "点数表（子のロン）"], "r.fuhan": ["fu \\ han", "符＼翻"],
    "r.limit": [(lim, kanji, han, basic) => lim + " " + kanji + " from " + han + " han: " + basic + " basic",
      (lim, kanji, han, basic) => kanji + " " + han + "翻から: 基本点" + basic],
  };
  const ROUND_JA = { E: "東", S: "南", W: "西", N: "北" };
  const MELD_KIND = { chii: ["chii", "チー"], pon: ["pon", "ポン"], daiminkan: ["daiminkan", "大明槓"],
    kakan: ["kakan", "加槓"], ankan: ["ankan", "暗槓"] };
  const LEVEL_JA = {
    limits: "満貫以上: 翻と点数", basic: "門前、30符・40符", fu: "刻子・雀頭・待ちの符（符計算）",
    open: "副露と槓", rulebook: "教本の例: 本場・供託・五捨六入",
    simple: "待ち1〜2種", multi: "待ち3種以上", chinitsu: "清一色（待ちの数は自由）",
    early: "2〜3向聴", middle: "1〜2向聴", tenpai: "聴牌にとる打牌",
    houou: "鳳凰卓の実戦（jantaku drill build が必要）", mine: "自分の対局で指摘された打牌",
  };

  function levelText(name, text) {
    if (LANG !== "ja") return text;
    const m = /^chinitsu-(\d)$/.exec(name);
    return m ? "清一色、待ち" + m[1] + "種" : LEVEL_JA[name] || text;
  }

  const SHAPE_JA = { ryanmen: "両面", kanchan: "嵌張", penchan: "辺張", tanki: "単騎", shanpon: "双碰",
    seven_pairs_tanki: "七対子の単騎", kokushi_single: "国士無双の単騎", kokushi_13: "国士無双十三面",
    chuuren_9: "九蓮宝燈の九面" };

  function shapeText(shape) {
    return LANG === "ja" ? SHAPE_JA[shape] || shape : shape.replace(/_/g, " ");
  }

  function meldKind(kind) {
    return MELD_KIND[kind] ? MELD_KIND[kind][LANG === "ja" ? 1 : 0] : kind;
  }

  // the scoring drill names the seat that dealt in: "the player to your right", …
  function fromText(who) {
    if (LANG !== "ja") return who;
    const i = ["you", "the player to your right", "the player opposite", "the player to your left"].indexOf(who);
    return i < 0 ? who : seatName(i);
  }

  // a round as the drills name it ("E3", "East 1") in the page's language
  function roundText(r) {
    if (LANG !== "ja") return r;
    const m = /^(East|South|West|North|[ESWN]) ?(\d)$/.exec(r);
    return m ? ROUND_JA[m[1][0]] + m[2] + "局" : r;
  }
  const THREAT_WHY = { riichi: "リーチ", "closed, late": "門前・終盤", yakuhai: "役牌", "one suit": "染め",
    "all pons": "対々", dealer: "親", "1 call": "1副露", "2 calls": "2副露", "3 calls": "3副露", "4 calls": "4副露" };

  function t(key, ...args) {
    const entry = WORDS[key];
    if (!entry) return key;
    const word = entry[LANG === "ja" ? 1 : 0];
    return typeof word === "function" ? word(...args) : word;
  }

  function seatName(rel) {
    return t("seat." + ["you", "right", "opposite", "left"][rel]);
  }

  function threatWhy(why) {
    if (LANG !== "ja") return why;
    return why.split(", ").map((w) => THREAT_WHY[w] || w.replace(/^(\d+) dora shown$/, "ドラ$1枚見え")).join("・");
  }

  // the bot's line: "push +623 ≥ fold -0: win 9% × 7700, tile 5p costs 0, …"
  function reasonText(reason) {
    if (LANG !== "ja" || !reason) return reason;
    return reason
      .replace(/^attack: nobody presses$/, "攻め: 脅威なし")
      .replace(/^riichi: tsumogiri$/, "リーチ中: ツモ切り")
      .replace(/^riichi: declared, a discard that keeps tenpai$/, "リーチ宣言: 聴牌を保つ打牌")
      .replace(/^forced: the only legal discard$/, "打てる牌はこれだけ")
      .replace(/^fold: a safe lead in the last hand/, "降り: オーラスのトップ目")
      .replace(/^fold: two from tenpai against a riichi/, "降り: リーチに対して2向聴")
      .replace(/^push /, "押し ").replace(/^fold /, "降り ").replace(/ ≥ fold /, " ≥ 降り ").replace(/ > push /, " > 押し ")
      .replace(/win (\S+) × (\d+)/, "和了率 $1 × $2点")
      .replace(/tile (\S+) costs (\d+)/, "$1の損失 $2")
      .replace(/(\S+) more discards cost (\d+)/, "この後$1打の損失 $2")
      .replace(/safest (\S+) costs (\d+)/, "最も安全な$1の損失 $2");
  }

  function pct(x) {
    return x > 0 && x < 0.01 ? "<1%" : Math.round(x * 100) + "%";
  }

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
      sel.append(h("option", { value: name, selected: name === state.level[state.tab] }, name + " — " + levelText(name, text)));
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
      $("#status").textContent = data.box ? t("again.status", data.box) : "";
      $("#status").className = data.box ? "status again" : "status";
      if (data.new_mistakes) $("#status").textContent += " · " + t("mistakes.added", data.new_mistakes);
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
    if (q.round) chip(t("s.round"), roundText(q.round) + (q.honba ? t("s.honba", q.honba) : ""));
    if (q.seat_wind) chip(t("seat.wind"), tile(q.seat_wind, "small"));
    if (q.round_wind) chip(t("round.wind"), tile(q.round_wind, "small"));
    if (q.kind === "scoring") {
      chip("", q.dealer ? t("dealer") : t("nondealer"), q.dealer ? "dealer" : "");
      chip(t("s.win"), q.tsumo ? t("ex.tsumo") : t("s.ron", fromText(q.from)));
      if (q.riichi !== "none") chip("", q.riichi === "double" ? t("double") : t("riichi"), "riichi");
      if (q.deposits) chip(t("s.deposits"), q.deposits);
      chip(t("rules"), q.rules);
    }
    if (q.dora_indicators && q.dora_indicators.length) chip(t("s.dora"), tiles(q.dora_indicators, "small"));
    if (q.ura_indicators && q.ura_indicators.length) chip(t("s.ura"), tiles(q.ura_indicators, "small"));
    if (q.tiles_left !== undefined) chip(t("s.left"), q.tiles_left);
    return h("div", { class: "chips" }, chips);
  }

  function meldView(m) {
    return h("span", { class: "meld", title: m.kind }, m.tiles.map((c, i) => {
      const sideways = m.called && c === m.called && i === m.tiles.indexOf(m.called) && m.kind !== "ankan";
      const back = m.kind === "ankan" && (i === 0 || i === 3);
      return back ? h("img", { class: "tile", src: "/static/tiles/back.svg", alt: "back" }) : tile(c, sideways ? "sideways" : "");
    }), h("small", {}, meldKind(m.kind)));
  }

  function renderQuestion(q) {
    const box = $("#question");
    box.replaceChildren();
    box.dataset.qid = q.id;
    if (q.final_points) {
      box.append(h("h2", {}, t("finals")), h("p", { class: "note" }, q.note));
      box.append(h("table", { class: "finals" }, h("tr", {}, q.final_points.map((_, i) => h("th", {}, t("seat.n", i)))), h("tr", {}, q.final_points.map((p) => h("td", {}, p.toLocaleString("en"))))));
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
    if (q.pond && q.pond.length) box.append(h("div", { class: "pond" }, h("b", {}, t("your.pond")), tiles(q.pond, "small")));
    if (q.rivers) {
      const grid = h("div", { class: "rivers" });
      q.rivers.forEach((r, i) => {
        const melds = q.melds && q.melds[i] ? q.melds[i] : [];
        grid.append(h("div", { class: "river" + (q.riichi && q.riichi[i] ? " in-riichi" : "") },
          h("b", {}, seatName(i) + (q.scores ? " " + q.scores[i] : "") + (q.riichi && q.riichi[i] ? " · " + t("riichi.short") : "")),
          h("span", { class: "tiles" }, r.map((d) => tile(d.tile, "small" + (d.riichi ? " sideways" : "") + (d.called ? " called" : "")))),
          melds.length ? h("span", { class: "tiles" }, melds.map((m) => tiles(m, "small"))) : null));
      });
      box.append(grid);
    }
    renderAnswerForm(q);
  }

  const LABELS = LANG === "ja" ? {
    han: "翻", fu: "符", points: "ロン: 支払う点数", all: "各自の支払い（親のツモ）",
    nondealer: "子の支払い", dealer: "親の支払い", gain: "和了者の収入（合計）", tile: "打牌", waits: "待ち", furiten: "フリテン",
  } : {
    han: "han 翻", fu: "fu 符", points: "ron: points paid", all: "each pays (dealer tsumo)",
    nondealer: "each non-dealer pays", dealer: "the dealer pays", gain: "the winner gains in all",
  };

  function renderAnswerForm(q) {
    const form = $("#answer");
    form.replaceChildren();
    if (q.kind === "scoring") {
      const fields = h("div", { class: "fields" });
      for (const name of q.asked) {
        const label = name.startsWith("score") ? t("score.seat", name.slice(5)) : LABELS[name] || name;
        fields.append(h("label", {}, label, h("input", { type: "number", name: name, step: name.startsWith("score") ? "0.1" : "1", inputmode: "decimal", required: true })));
      }
      form.append(fields, h("button", { type: "submit", id: "check" }, t("check")));
    } else if (q.kind === "waits") {
      form.append(h("p", { class: "ask" }, t("pick.waits")));
      const grid = h("div", { class: "picker" });
      for (const c of ALL_TILES) grid.append(h("button", { type: "button", class: "pick", dataset: { tile: c }, "aria-pressed": "false", onclick: (ev) => togglePick(ev.currentTarget) }, tile(c)));
      form.append(grid);
      if (q.asked.includes("furiten")) {
        form.append(h("fieldset", { class: "inline" }, h("legend", {}, t("furiten.q")),
          h("label", {}, h("input", { type: "radio", name: "furiten", value: "yes" }), " " + t("w.yes")),
          h("label", {}, h("input", { type: "radio", name: "furiten", value: "no" }), " " + t("w.no"))));
      }
      form.append(h("button", { type: "submit", id: "check" }, t("check")));
    } else {
      form.append(h("p", { class: "ask" }, t("click.discard")));
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
    box.replaceChildren(h("h2", { id: "verdict-title" }, v.correct ? t("right") : t("wrong")));
    box.append(h("table", { class: "parts" },
      h("tr", {}, h("th", {}, ""), h("th", {}, t("col.answer")), h("th", {}, t("col.yours"))),
      v.parts.map((p) => h("tr", { class: p.ok ? "ok" : "bad" }, h("th", {}, LABELS[p.name] || p.name), h("td", {}, value(p.expected)), h("td", {}, value(p.given))))));
    const d = v.detail || {};
    const shown = v.explanation.slice(0, v.explanation.length - (d.review_lines || 0));
    if (shown.length) box.append(h("ul", { class: "explanation" }, shown.map((line) => h("li", {}, line))));
    if (q.kind === "scoring" && d.yaku) {
      const cols = h("div", { class: "breakdown" });
      cols.append(h("div", {}, h("h3", {}, t("b.yaku")), h("ul", {}, d.yaku.map((y) => h("li", {}, (LANG === "ja" ? y.kanji : y.name + " " + y.kanji) + " — " + t("han", y.han))),
        Object.entries(d.dora).map(([k, n]) => h("li", {}, (I18N.nameOf ? I18N.nameOf(k) : k) + " — " + t("han", n))))));
      cols.append(h("div", {}, h("h3", {}, t("b.fu")), h("ul", {}, d.fu_items.map(([n, f]) => h("li", {}, (I18N.fuItemName ? I18N.fuItemName(n) : n) + " — " + f))), h("p", {}, t("b.fu.total", d.fu, d.wait))));
      cols.append(h("div", {}, h("h3", {}, t("b.payment")), h("p", {}, summaryText(d.summary) + (d.limit_kanji && LANG !== "ja" ? " " + d.limit_kanji : "")), h("ul", {}, d.steps.map((s) => h("li", {}, s)))));
      box.append(cols);
    }
    if (q.kind === "waits" && d.waits) {
      box.append(h("h3", {}, t("w.head")), h("table", { class: "waits" },
        h("tr", {}, h("th", {}, t("c.tile")), h("th", {}, t("w.shape")), h("th", {}, t("w.left"))),
        d.waits.map((w) => h("tr", { class: w.in_pond ? "furiten" : "" }, h("td", {}, tile(w.tile, "small")), h("td", {}, w.shapes.map(shapeText).join(" / ") + (w.in_pond ? t("w.inpond") : "")), h("td", {}, w.left)))),
        h("p", {}, t("w.total", d.left)));
      for (const b of document.querySelectorAll(".picker .pick")) {
        const want = d.waits.some((w) => w.tile === b.dataset.tile);
        if (want) b.classList.add("answer");
        if (state.picked.has(b.dataset.tile) && !want) b.classList.add("miss");
      }
    }
    if (q.kind === "discard" && d.advice) {
      box.append(h("h3", {}, t("ranking")), h("div", { class: "scroll" }, h("table", { class: "advice" },
        h("tr", {}, h("th", {}, t("c.discard")), h("th", {}, t("c.shanten")), h("th", {}, t("c.tiles")), h("th", {}, t("c.accepts")), h("th", {}, t("c.loss"))),
        d.advice.map((a) => h("tr", { class: v.answer.best.includes(a.tile) ? "best" : a.tile === d.choice ? "theirs" : "" },
          h("td", {}, tile(a.tile, "small"), a.tile === d.choice ? h("small", {}, t("player")) : null),
          h("td", {}, a.shanten), h("td", {}, tiles(a.tiles, "tiny")), h("td", {}, a.total), h("td", {}, a.loss === null ? "↩" : a.loss))))));
      for (const b of document.querySelectorAll("#hand .pick")) if (v.answer.best.includes(b.dataset.tile)) b.classList.add("answer");
      const given = v.parts[0] ? v.parts[0].given : null;
      if (d.defense) box.append(defenseView(d.defense, given, d.choice));
      if (d.continuation || d.missing) box.append(continuationView(d.continuation, d.missing, given, d.choice));
    }
    if (v.box) box.append(h("p", { class: "again" }, t("again", v.box)));
    $("#next").focus();
  }

  // --- a real game's position looked at again: the defensive bot and the real wall ----------

  function defenseView(df, given, choice) {
    const sec = h("section", { class: "review defense", id: "defense" });
    sec.append(h("h3", {}, t("def.head")));
    const stance = WORDS["stance." + df.stance] ? t("stance." + df.stance) : df.stance;
    sec.append(h("p", { class: "bot-choice" }, t("def.discards"), " ", tile(df.tile, "small"),
      df.riichi ? h("span", { class: "badge riichi" }, t("def.riichi")) : null,
      h("span", { class: "badge " + df.stance }, stance)));
    if (df.reason) sec.append(h("p", { class: "reason" }, reasonText(df.reason)));
    if (!df.threats.length) {
      sec.append(h("p", { class: "note" }, t("def.quiet")));
      return sec;
    }
    sec.append(h("ul", { class: "threats" }, df.threats.map((th) =>
      h("li", { class: "chip" + (th.why.startsWith("riichi") ? " riichi" : "") },
        t("threat", seatName(th.seat), threatWhy(th.why), pct(th.tenpai), th.value.toLocaleString("en"))))));
    const byTile = Object.fromEntries(df.tiles.map((r) => [r.tile, r]));
    const safest = df.tiles.reduce((a, b) => (b.cost < a.cost ? b : a), df.tiles[0]);
    const rows = [];
    const seen = new Set();
    for (const [label, code] of [["row.yours", given], ["row.bot", df.tile], ["row.player", choice], ["row.safest", safest && safest.tile]]) {
      const r = code && byTile[code];
      if (!r) continue;
      if (seen.has(code)) { rows.find((x) => x.code === code).labels.push(t(label)); continue; }
      seen.add(code);
      rows.push({ code: code, labels: [t(label)], r: r });
    }
    sec.append(h("h4", {}, t("def.danger")), h("div", { class: "scroll" }, h("table", { class: "danger" },
      h("tr", {}, h("th", {}, ""), h("th", {}, t("c.tile")), df.threats.map((th) => h("th", {}, t("c.vs", seatName(th.seat)))), h("th", {}, t("c.cost"))),
      rows.map((row) => h("tr", { class: row.code === df.tile ? "best" : row.code === given ? "theirs" : "" },
        h("th", {}, row.labels.join(" · ")), h("td", {}, tile(row.code, "small")),
        row.r.deal_in.map((x) => h("td", { class: x >= 0.06 ? "hot" : x === 0 ? "safe" : "" }, pct(x))),
        h("td", {}, row.r.cost.toLocaleString("en")))))));
    sec.append(h("p", { class: "note" }, t("def.note")));
    return sec;
  }

  function stopText(why) {
    if (!why) return "";
    if (why.kind === "call") return t("stop.call", seatName(["you", "right", "opposite", "left"].indexOf(why.who)), t("call." + why.call));
    if (why.kind === "end") return t("stop.end", seatName(["you", "right", "opposite", "left"].indexOf(why.who)), t("how." + why.how));
    return t("stop." + why.kind);
  }

  function fateText(line, n) {
    if (line.won) return line.won.yaku ? t("fate.tsumo", line.won.draw, summaryText(line.won.summary), line.won.points.toLocaleString("en")) : t("fate.noyaku", line.won.draw);
    if (line.tenpai_at === 0) return t("fate.tenpai0");
    if (line.tenpai_at !== null && line.tenpai_at !== undefined) return t("fate.tenpai", line.tenpai_at);
    const last = line.steps.length ? line.steps[line.steps.length - 1].shanten : line.shanten;
    return t("fate.shanten", last, n);
  }

  function summaryText(s) {
    return I18N.summaryText ? I18N.summaryText(s) : s;
  }

  function continuationView(c, missing, given, choice) {
    const sec = h("section", { class: "review wall", id: "continuation" });
    sec.append(h("h3", {}, t("wall.head")));
    if (!c || !c.available) {
      sec.append(h("p", { class: "note" }, t("wall.missing", missing || (c && c.why) || "")));
      return sec;
    }
    const n = c.draws.length;
    if (!n) sec.append(h("p", { class: "note" }, t("wall.none")));
    else {
      const table = h("table", { class: "lines" },
        h("tr", {}, h("th", { class: "draws-label" }, t("wall.draws")), c.draws.map((d, i) => h("th", { title: t("wall.draw", i + 1) }, tile(d, "small")))));
      for (const line of c.lines) {
        const mine = line.discard === given;
        table.append(h("tr", { class: mine ? "theirs" : "player-line" },
          h("th", {}, h("span", { class: "line-label" }, tile(line.discard, "tiny"), " ", mine ? t("row.yours") : t("row.player"))),
          c.draws.map((_, i) => {
            const st = line.steps[i];
            if (!st) return h("td", {}, "");
            if (st.discard === null) return h("td", { class: "won" }, t("how.tsumo"));
            return h("td", { class: st.shanten === 0 ? "tenpai" : "" }, tile(st.discard, "tiny"), h("small", {}, t("shanten.short", st.shanten)));
          })));
      }
      sec.append(h("div", { class: "scroll" }, table), h("p", { class: "note" }, t("wall.cells")));
      sec.append(h("ul", { class: "fates" }, c.lines.map((line) =>
        h("li", { class: line.won && line.won.yaku ? "won" : line.tenpai_at !== null ? "tenpai" : "" },
          h("b", {}, t("line", line.discard), " (", line.discard === given ? t("row.yours") : t("row.player"), "): "), fateText(line, n)))));
    }
    if (c.why) sec.append(h("p", { class: "stop" }, "⏹ ", stopText(c.why)));
    sec.append(h("p", { class: "note" }, t("wall.rule")));
    return sec;
  }

  // --- an example hand per yaku ---------------------------------------------------------------

  function exampleMeld(m) {
    const kind = meldKind(m.kind);
    return h("span", { class: "meld", title: m.notation }, h("span", { class: "meld-tiles" }, m.tiles.map((c, i) => {
      if (m.kind === "ankan" && (i === 0 || i === 3)) return h("img", { class: "tile small", src: "/static/tiles/back.svg", alt: "back" });
      return tile(c, "small" + (i === m.sideways ? " sideways" : ""));
    })), h("small", {}, kind));
  }

  function exampleView(ex) {
    const box = h("div", { class: "example", dataset: { yaku: ex.id } });
    const hand = h("div", { class: "hand" }, tiles(ex.hand, "small"),
      h("span", { class: "win" }, tile(ex.win, "small winning"), h("small", {}, ex.tsumo ? "ツモ" : "ロン")));
    if (ex.melds.length) hand.append(h("span", { class: "melds" }, ex.melds.map(exampleMeld)));
    box.append(hand);
    const chips = [];
    const chip = (label, value, cls) => chips.push(h("span", { class: "chip " + (cls || "") }, label ? h("b", {}, label) : null, " ", value));
    chip(t("seat.wind"), tile(ex.seat_wind, "tiny"));
    chip(t("round.wind"), tile(ex.round_wind, "tiny"));
    chip("", ex.dealer ? t("dealer") : t("nondealer"), ex.dealer ? "dealer" : "");
    chip("", ex.tsumo ? t("ex.tsumo") : t("ex.ron", seatName(ex.from)));
    if (ex.riichi !== "none") chip("", ex.riichi === "double" ? t("double") : t("riichi"), "riichi");
    for (const f of ex.flags) chip("", t("flag." + f));
    if (ex.rules !== "tenhou") chip(t("rules"), ex.rules);
    box.append(h("div", { class: "chips" }, chips));
    box.append(h("p", { class: "scores-as" }, h("b", {}, t("ex.scores"), ": "),
      ex.yaku.map((y) => (LANG === "ja" ? y.kanji : y.name) + " " + (y.yakuman ? t("yakuman") : t("han", y.han))).join(" · "),
      " — ", summaryText(ex.summary), ", ", ex.total.toLocaleString("en"), LANG === "ja" ? "点" : " points"));
    if (ex.note && LANG !== "ja") box.append(h("p", { class: "note" }, ex.note));
    return box;
  }

  function toggleExample(btn, y, row) {
    const open = row.nextElementSibling && row.nextElementSibling.classList.contains("example-row");
    if (open) {
      row.nextElementSibling.remove();
      btn.textContent = t("show.example");
      btn.setAttribute("aria-expanded", "false");
      return;
    }
    row.after(h("tr", { class: "example-row" }, h("td", { colspan: "5" }, exampleView(y.example))));
    btn.textContent = t("hide.example");
    btn.setAttribute("aria-expanded", "true");
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
      const label = el("text", { x: 2, y: y(acc) + 4, class: "axis" }); label.textContent = Math.round(acc * 100) + "%"; svg.append(label);
    }
    kinds.forEach((k) => {
      const pts = days.filter((d) => d.kind === k).map((d) => [x(byDay.indexOf(d.day)), y(d.correct / d.answered)]);
      if (!pts.length) return;
      svg.append(el("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "line " + k }));
      for (const [px, py] of pts) svg.append(el("circle", { cx: px, cy: py, r: 4, class: "dot " + k }));
    });
    byDay.forEach((d, i) => { const label = el("text", { x: x(i) - 30, y: H - 6, class: "axis" }); label.textContent = d; svg.append(label); });
    return svg;
  }

  async function loadProgress() {
    const box = $("#progress");
    try {
      const p = await api("/api/learn/progress");
      box.replaceChildren(h("h2", {}, t("tab.progress")));
      if (!p.levels.length) { box.append(h("p", { class: "empty" }, t("p.none"))); return; }
      box.append(h("div", { class: "legend" }, ["scoring", "waits", "discard"].map((k) => h("span", { class: "key " + k }, t("kind." + k)))), chart(p.days));
      box.append(h("table", { class: "levels" }, h("tr", {}, h("th", {}, t("p.drill")), h("th", {}, t("level")), h("th", {}, t("p.answered")), h("th", {}, t("p.right")), h("th", {}, t("p.accuracy"))),
        p.levels.map((l) => h("tr", {}, h("td", {}, t("kind." + l.kind)), h("td", {}, l.level), h("td", {}, l.answered), h("td", {}, l.correct), h("td", {}, Math.round((100 * l.correct) / l.answered) + "%")))));
      const boxes = Object.entries(p.boxes);
      box.append(h("p", {}, t("p.boxes") + (boxes.length ? boxes.map(([b, n]) => t("p.box", b, n)).join(", ") : t("p.empty"))));
    } catch (e) { box.replaceChildren(h("p", { class: "error" }, e.message)); }
  }

  async function loadReference() {
    const box = $("#reference");
    try {
      const r = await api("/api/learn/reference");
      box.replaceChildren(h("h2", {}, t("yaku.head", r.preset)));
      const table = h("table", { class: "yaku" }, h("tr", {}, h("th", {}, t("c.yaku")), h("th", { class: "jp" }, ""), h("th", {}, t("c.closed")), h("th", {}, t("c.open")), h("th", {}, t("c.example"))));
      for (const y of r.yaku) {
        const other = LANG === "ja" ? y.name : y.kanji;
        const row = h("tr", { dataset: { yaku: y.id } }, h("td", {}, LANG === "ja" ? y.kanji : y.name, h("small", { class: "sub" }, other)), h("td", { class: "jp" }, other),
          h("td", {}, y.yakuman ? (y.yakuman > 1 ? (LANG === "ja" ? "ダブル役満" : "double yakuman") : t("yakuman")) : y.han[0]),
          h("td", {}, y.yakuman ? (y.han[1] ? t("yes") : "—") : y.han[1] || "—"), h("td", {}));
        if (y.example) {
          const btn = h("button", { type: "button", class: "secondary small-btn", "aria-expanded": "false", onclick: () => toggleExample(btn, y, row) }, t("show.example"));
          row.lastChild.append(btn);
        }
        table.append(row);
      }
      box.append(table);
      box.append(h("h2", {}, t("b.fu")), h("table", { class: "fu" }, h("tr", {}, h("th", {}, t("r.set")), h("th", {}, "2–8"), h("th", {}, t("r.terminals"))),
        r.fu.sets.map((s) => h("tr", {}, h("td", {}, s.set), h("td", {}, s.simple), h("td", {}, s.terminal_or_honor)))),
        h("p", {}, t("r.fu.rules", r.fu.double_wind_pair)));
      box.append(h("h2", {}, t("r.scores")));
      const ron = r.scores.nondealer_ron;
      box.append(h("table", { class: "scores" }, h("tr", {}, h("th", {}, t("r.fuhan")), [1, 2, 3, 4].map((n) => h("th", {}, n))),
        Object.entries(ron).map(([fu, row]) => h("tr", {}, h("th", {}, fu), row.map((v) => h("td", {}, v === null ? "—" : v))))));
      box.append(h("p", {}, r.limits.map((l) => t("r.limit", l.limit, l.kanji, l.from_han, l.basic)).join(" · ")));
    } catch (e) { box.replaceChildren(h("p", { class: "error" }, e.message)); }
  }

  // --- start ----------------------------------------------------------------------------

  function applyWords() {
    document.documentElement.lang = LANG;
    if (LANG === "ja") for (const e of document.querySelectorAll("h1 .jp")) e.hidden = true;
    document.title = t("title");
    for (const e of document.querySelectorAll("[data-l]")) e.textContent = t(e.dataset.l);
    for (const e of document.querySelectorAll("[data-l-title]")) e.title = t(e.dataset.lTitle);
    const sel = $("#lang");
    if (sel) {
      sel.value = LANG;
      sel.addEventListener("change", () => { I18N.setLang(sel.value); location.reload(); });
    }
  }

  async function start() {
    applyWords();
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
