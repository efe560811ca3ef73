/* The page's words in English and Japanese. The language is chosen once (by the
   browser's language until the person picks one) and kept in this browser.
   T(key, ...args) gives a word or a sentence; an entry is a string or a function of args.
   In the page, data-i18n="key" sets an element's text, data-i18n-title, -aria and -ph its
   title, aria-label and placeholder. */
"use strict";

(() => {
const LANGS = ["en", "ja"];
const LANG = (() => {
  const kept = localStorage.getItem("jantaku.lang");
  if (LANGS.includes(kept)) return kept;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
})();

const WORDS = {
  // the page: lobby
  "title": ["jantaku — 雀卓", "雀卓 — jantaku"],
  "brand.sub": ["riichi mahjong", "リーチ麻雀"],
  "keep": ["scorekeeper 点数計算", "点数計算"],
  "keep.title": ["keep the score of a match played with real tiles", "実際の牌で打つ対局の点数を記録"],
  "lang": ["Language", "言語"],
  "learn": ["learn 学習", "学習"],
  "learn.title": ["drills: scoring, waits, what to discard", "練習問題: 点数計算・待ち・何を切るか"],
  "new": ["New match", "新しい対局"],
  "rules": ["Rules", "ルール"],
  "length": ["Length", "長さ"],
  "east_only": ["East only (東風)", "東風戦"],
  "east_south": ["East–South (半荘)", "半荘戦"],
  "seed": ["Seed", "シード"],
  "random": ["random", "ランダム"],
  "timer": ["Timer", "持ち時間"],
  "timer.off": ["off", "なし"],
  "timer.tenhou": ["5 s + 10 s bank (Tenhou)", "5秒 + 持ち時間10秒（天鳳）"],
  "timer.majsoul": ["5 s + 20 s bank (Mahjong Soul)", "5秒 + 持ち時間20秒（雀魂）"],
  "timer.20": ["20 s", "20秒"],
  "timer.60": ["60 s", "60秒"],
  "pace": ["Bots play", "ボットの速さ"],
  "pace.0": ["at once", "すぐに"],
  "pace.350": ["at a table's pace", "卓の速さで"],
  "pace.800": ["slowly", "ゆっくり"],
  "start": ["Start the match", "対局開始"],
  "past": ["Past matches", "過去の対局"],
  "when": ["When", "日時"],
  "players": ["Players (place)", "プレイヤー（順位）"],
  "replay.record": ["Replay a record", "牌譜を再生"],
  "replay.hint": ["Tenhou mjlog XML, tenhou.net/6 JSON or an mjai log.",
    "天鳳の牌譜（mjlog・tenhou.net/6 形式）または mjai 形式の記録。"],
  "record.file": ["record file", "牌譜ファイル"],
  "preset": [(name, n) => `${name} (${n} players)`, (name, n) => `${name}（${n}人）`],
  "seat.of": [(w) => `${w} seat`, (w) => `${w}家`],
  "seat.name": [(w) => `${w} seat: name`, (w) => `${w}家の名前`],
  "name": ["name", "名前"],
  "person": ["person", "人"],
  "bot": [(k) => `${k} bot`, (k) => `${k}ボット`],
  "mjai.bot": [(k) => `${k} (mjai bot)`, (k) => `${k}（mjai ボット）`],
  "links": ["A link for each person's seat (share over the LAN):", "各席のリンク（LAN で共有）："],
  "link.seat": [(who, w) => `${who} (${w} seat)`, (who, w) => `${who}（${w}家）`],
  "reading": [(f) => `Reading ${f}…`, (f) => `${f} を読み込み中…`],
  "server.status": [(n) => `the server answered ${n}`, (n) => `サーバーの応答 ${n}`],
  "len.east_only": ["East only", "東風"],
  "len.east_south": ["East–South", "半荘"],
  "review.small": [(sh, n) => ` ${sh} shanten, ${n} tiles`, (sh, n) => ` ${sh}向聴 ${n}枚`],
  "resume": ["resume", "再開"],
  "replay": ["replay", "牌譜"],
  "status.playing": ["playing", "対局中"],
  "status.done": ["done", "終了"],
  "status.failed": ["failed", "中断"],
  // the table
  "table": ["table", "卓"],
  "aids.drawer": ["Aids ☰", "補助 ☰"],
  "home": ["lobby", "ロビー"],
  "auto_win": ["Auto-win", "自動和了"],
  "auto_pass": ["Auto-pass", "自動スキップ"],
  "no_call": ["No calls", "鳴きなし"],
  "aids": ["Learning aids", "学習補助"],
  "aids.which": ["which aids", "表示する補助"],
  "aid.shanten": ["shanten", "向聴数"],
  "aid.acceptance": ["acceptance", "受け入れ"],
  "aid.marks": ["best discards", "最善の打牌"],
  "aid.waits": ["waits", "待ち"],
  "aid.value": ["value now", "打点"],
  "aid.review": ["review", "振り返り"],
  "sound": ["Sound", "音"],
  "keys": ["Keys: ← → choose a tile, Enter discard · R riichi · T tsumo/ron · C chii · P pon · K kan · S skip · 9 kyuushu · N kita",
    "キー: ← → 牌を選ぶ・Enter 打牌・R リーチ・T ツモ/ロン・C チー・P ポン・K カン・S スキップ・9 九種九牌・N 北抜き"],
  "keys.replay": ["Keys: ← → step through the events", "キー: ← → 一手ずつ進む・戻る"],
  "prev.round": ["previous round", "前の局"],
  "next.round": ["next round", "次の局"],
  "prev": ["previous event", "一手戻る"],
  "next": ["next event", "一手進む"],
  "open.hands": ["open hands", "手牌を公開"],
  "wall": ["wall 牌山", "牌山"],
  "round": ["round", "局"],
  "event": ["event", "手番"],
  "export": ["tenhou.net/6 JSON", "tenhou.net/6 形式で保存"],
  "hidden": ["hidden tile", "伏せ牌"],
  "dora.indicators": ["dora indicators", "ドラ表示牌"],
  "riichi": ["riichi", "リーチ"],
  "seat.n": [(s) => `seat ${s}`, (s) => `${s}番席`],
  "diff.title": [(n) => `${n} — click to show differences`, (n) => `${n} — クリックで点差を表示`],
  "round.name": [(w, k) => `${["East", "South", "West", "North"][w]} ${k}`, (w, k) => `${"東南西北"[w]}${k}局`],
  "honba": [(n) => `${n} honba`, (n) => `${n}本場`],
  "sticks": [(h, k) => `${h} honba · ${k} sticks`, (h, k) => `${h} 本場 · 供託 ${k}`],
  "left": [(n) => `${n} left`, (n) => `残り ${n}`],
  "reconnecting": ["reconnecting…", "再接続中…"],
  "watching": [(r) => `${r} · watching`, (r) => `${r} · 観戦中`],
  "watch.link": ["Spectator link", "観戦リンク"],
  "watch.title": ["a link that watches this match without seeing any concealed tile",
    "手牌を見ずにこの対局を観戦するリンク"],
  "replay.open": ["Replay this match with every hand open", "全員の手牌を公開して牌譜を見る"],
  "over": ["match over", "対局終了"],
  "you.are": [(r, w) => `${r} · you are ${w}`, (r, w) => `${r} · あなたは${w}家`],
  "dealt.in": [(n) => `the next hand is dealt in ${n} s`, (n) => `${n}秒後に次の局へ`],
  "waiting.for": [(who) => `waiting for ${who}`, (who) => `${who} を待っています`],
  "the.table": ["the table", "卓"],
  "call.from": [(who) => [`Call `, ` from ${who}?`], (who) => [`${who} の `, ` を鳴きますか？`]],
  "log.call": [(who, kind) => `${who} ${kind}`, (who, kind) => `${who} ${kind}`],
  "log.riichi": [(who) => `${who} riichi`, (who) => `${who} リーチ`],
  "log.you.win": [(how) => `you win (${how})`, (how) => `あなたの和了（${how}）`],
  "log.wins": [(who, how) => `${who} wins (${how})`, (who, how) => `${who} の和了（${how}）`],
  "log.dora": ["dora indicator ", "ドラ表示牌 "],
  // calls and their shouts
  "k.chii": ["Chii", "チー"], "k.pon": ["Pon", "ポン"], "k.kan": ["Kan", "カン"],
  "k.riichi": ["Riichi", "リーチ"], "k.tsumo": ["Tsumo", "ツモ"], "k.ron": ["Ron", "ロン"],
  "k.kyuushu": ["Kyuushu", "九種九牌"], "k.kita": ["Kita", "北抜き"], "k.skip": ["Skip", "スキップ"],
  "k.daiminkan": ["kan", "大明槓"], "k.kakan": ["kan", "加槓"], "k.ankan": ["kan", "暗槓"],
  "k.chi": ["chii", "チー"], "k.pon.log": ["pon", "ポン"],
  "style.head": ["How would you like to play?", "どちらで遊びますか？"],
  "style.learning": ["Learning", "学習モード"],
  "style.learning.note": ["the aids on: shanten, acceptance, waits, a review after each hand",
    "補助あり: 向聴数・受け入れ・待ち・局後の振り返り"],
  "style.playing": ["Playing", "対局モード"],
  "style.playing.note": ["the aids off, as at Tenhou or Mahjong Soul", "補助なし: 天鳳や雀魂と同じ"],
  "style.later": ["Kept for the next matches; “Learning aids” beside the table changes it.",
    "次の対局からも同じ設定です。卓の横の「学習補助」で切り替えられます。"],
  // aids
  "complete": ["Complete hand", "和了形"],
  "tenpai.head": ["Tenpai (聴牌)", "聴牌"],
  "shanten.head": [(n) => `${n}-shanten (${n}向聴)`, (n) => `${n}向聴`],
  "tsumo.now": [(s, t, y) => `Tsumo now: ${s} — ${t} (${y})`, (s, t, y) => `今ツモ和了なら: ${s} — ${t}（${y}）`],
  "discards.head": ["Discards: acceptance (受け入れ)", "打牌ごとの受け入れ"],
  "accept.aria": ["acceptance of each discard", "打牌ごとの受け入れ"],
  "col.discard": ["tile", "打"], "col.shanten": ["shanten", "向聴"], "col.tiles": ["tiles", "枚"],
  "col.loss": ["loss", "ロス"],
  "tenpai": ["tenpai", "聴牌"],
  "back": ["back", "戻り"],
  "back.title": ["goes back a shanten", "向聴が戻る"],
  "show.best": [(n) => `show the best ${n}`, (n) => `上位${n}つを表示`],
  "show.all": [(n) => `show all ${n}`, (n) => `全${n}つを表示`],
  "waits.head": ["Waits (待ち)", "待ち"],
  "furiten": ["Furiten (振聴): no ron on these waits", "振聴: この待ちではロンできません"],
  "n.left": [(n) => `${n} left`, (n) => `残り${n}枚`],
  "no.yaku": ["no yaku", "役なし"],
  "ron.tsumo": [(r, t) => `ron ${r} · tsumo ${t}`, (r, t) => `ロン ${r} · ツモ ${t}`],
  "acceptance.head": [(n) => `Acceptance (受け入れ): ${n}枚`, (n) => `受け入れ: ${n}枚`],
  // results
  "tsumo.win": ["Tsumo (自摸)", "ツモ"],
  "ron.on": [(who) => `Ron (栄和) on ${who}`, (who) => `ロン（放銃: ${who}）`],
  "dora": ["Dora ", "ドラ "],
  "ura": ["  Ura ", "  裏ドラ "],
  "yaku.aria": ["yaku", "役"],
  "fu.aria": ["fu", "符"],
  "han": [(n) => `${n} han`, (n) => `${n}翻`],
  "fu": [(n) => `${n} fu`, (n) => `${n}符`],
  "fu.han": [(f, h) => `${f ? f + " fu " : ""}${h} han`, (f, h) => `${f ? f + "符" : ""}${h}翻`],
  "tenpai.list": [(who) => `Tenpai: ${who}`, (who) => `聴牌: ${who}`],
  "nobody": ["nobody", "なし"],
  "payments": ["payments", "点数の移動"],
  "col.before": ["before", "前"], "col.riichi": ["riichi", "リーチ"], "col.change": ["change", "収支"],
  "col.after": ["after", "後"],
  "review.head": ["Review: where the efficiency bot would have discarded differently",
    "振り返り: 効率ボットなら違う牌を切った局面"],
  "you": ["you ", "あなた "],
  "bot.short": ["bot ", "ボット "],
  "ok": ["OK", "閉じる"],
  "final": ["Final result (終局)", "終局"],
  "points": ["points", "点数"],
  "result.col": ["result (oka, uma)", "成績（オカ・ウマ込み）"],
  "place": [(n) => ["1st", "2nd", "3rd", "4th"][n - 1] || `${n}th`, (n) => `${n}位`],
  "replay.this": ["Replay this match", "この対局の牌譜"],
  "lobby": ["Lobby", "ロビー"],
  "close": ["Close", "閉じる"],
  "stopped": [(e) => `stopped: ${e}`, (e) => `中断: ${e}`],
  "events": [(n) => `${n} events`, (n) => `${n}手`],
  // draws
  "draw.exhaustive": ["Exhaustive draw (荒牌平局)", "荒牌平局"],
  "draw.kyuushu_kyuuhai": ["Nine terminals (九種九牌)", "九種九牌"],
  "draw.suufon_renda": ["Four winds (四風連打)", "四風連打"],
  "draw.suucha_riichi": ["Four riichi (四家立直)", "四家立直"],
  "draw.suukan_sanra": ["Four kans (四槓散了)", "四槓散了"],
  "draw.sanchahou": ["Triple ron (三家和)", "三家和"],
  "draw.nagashi_mangan": ["Nagashi mangan (流し満貫)", "流し満貫"],
  "draw": ["Draw", "流局"],
  "n.tiles": [(n) => `${n} tiles`, (n) => `${n}枚`],
  "furiten.short": ["furiten", "振聴"],
  "hint.tap": ["Tap a tile to choose it, tap it again to discard", "牌をタップで選び、もう一度タップで打牌"],
  "hint.click": ["Click a tile to discard it", "牌をクリックで打牌"],
  "net.down": ["the server cannot be reached", "サーバーに接続できません"],
  "dock": ["the table's calls and last events", "鳴きの操作と直近の出来事"],
  "stopped.at": [(n) => `stopped: event ${n} cannot be replayed`, (n) => `中断: ${n}手目を再生できません`],
  // a call's shape, on its button when there are several (chii 3m with 2m 4m …)
  "lbl.chi": ["chii", "チー"], "lbl.pon": ["pon", "ポン"], "lbl.daiminkan": ["open kan", "大明槓"],
  "lbl.kakan": ["added kan", "加槓"], "lbl.ankan": ["closed kan", "暗槓"],
  "call.label": [(kind, t, by) => (by ? `${kind} ${t} with ${by}` : `${kind} ${t}`),
    (kind, t, by) => (by ? `${by}で${t}を${kind}` : `${t}を${kind}`)],
  "call.join": [" + ", "・"],
  // the wall of a replayed record (wall.js)
  "wall.aria": ["the wall", "牌山"],
  "wall.none": ["No wall before the first deal.", "配牌の前には牌山がありません。"],
  "wall.head": [(a, b, n) => `Wall 牌山 · dice ${a}+${b} · ${n} live tiles left`,
    (a, b, n) => `牌山 · サイコロ ${a}+${b} · 残り${n}枚`],
  "wall.next": ["Next draws if nobody calls", "鳴きがなければ次にツモる牌"],
  "wall.nothing": ["none", "なし"],
  "wall.live": ["Live wall, in drawing order", "山（ツモ順）"],
  "wall.last": [" (the last tile)", "（海底牌）"],
  "wall.dead": ["Dead wall: replacement tiles, dora over ura", "王牌: 嶺上牌、ドラ表示牌（下に裏ドラ表示牌）"],
  "wall.seat": [(w, who) => `${w} · ${who}`, (w, who) => `${w}家 · ${who}`],
  // the server's errors, by their codes (jantaku.web.protocol.ERROR_CODES); in English the
  // server's own text is shown, these only when it sent none
  "error.close": ["Close the message", "メッセージを閉じる"],
  "err.malformed": ["The message was not understood.", "メッセージの形式が正しくありません。"],
  "err.unknown": ["An unknown message.", "不明なメッセージです。"],
  "err.stale": ["That decision is already over.", "その選択はもう締め切られています。"],
  "err.not_pending": ["There is nothing to decide now.", "今は選ぶ場面ではありません。"],
  "err.illegal": ["That move is not allowed now.", "その操作は今はできません。"],
  "err.over": ["The match has ended.", "対局は終了しています。"],
  "err.forbidden": ["No such match, or the seat's link is wrong.", "対局が見つからないか、席のリンクが正しくありません。"],
  "err.failed": ["The match stopped: a bot or the server failed.", "ボットかサーバーの障害で対局が中断されました。"],
  "err.rate_limited": ["Too many messages: the connection was closed.", "送信が多すぎるため接続を切りました。"],
  "err.busy": ["This seat was opened in another window.", "この席は別のウィンドウで開かれました。"],
  "err.internal": ["Part of the table could not be shown.", "卓の一部を表示できませんでした。"],
  "err.no_tile": ["No such tile picture.", "その牌の画像はありません。"],
  "err.too_many_matches": ["Too many new matches from this address: wait a minute.",
    "このアドレスからの新しい対局が多すぎます。1分ほど待ってください。"],
  "err.unknown_preset": ["No such rules.", "そのルールはありません。"],
  "err.bad_setup": ["The match cannot be set up so.", "この設定では対局を始められません。"],
  "err.no_match": ["No such match.", "その対局は見つかりません。"],
  "err.still_playing": ["The match is still being played.", "その対局はまだ続いています。"],
  "err.not_exportable": ["This match cannot be saved as a tenhou.net/6 record.",
    "この対局は tenhou.net/6 形式で保存できません。"],
  "err.foreign_site": ["A request from another site is refused.", "他のサイトからの要求は受け付けません。"],
  "err.content_type": ["The server does not read this kind of data.", "サーバーはこの種類のデータを読みません。"],
  "err.too_large": ["The file is too large.", "ファイルが大きすぎます。"],
  "err.slow_body": ["The upload did not arrive in time.", "送信が時間内に届きませんでした。"],
  "err.bad_gzip": ["The compressed file cannot be read.", "圧縮ファイルを展開できません。"],
  "err.empty_record": ["The record is empty.", "牌譜が空です。"],
  "err.unreadable": ["This record cannot be read.", "この牌譜は読み込めません。"],
  "err.too_many_events": ["The record is too long.", "牌譜が長すぎます。"],
  "err.long_name": ["A player's name in the record is too long.", "牌譜のプレイヤー名が長すぎます。"],
  "err.long_attribute": ["The record holds a value that is too long.", "牌譜に長すぎる値があります。"],
  "err.too_big_replay": ["The record is too large to replay.", "牌譜が大きすぎて再生できません。"],
  "err.shutting_down": ["The server is shutting down.", "サーバーは停止中です。"],
  "err.readers_busy": ["The server is reading other records: try again shortly.",
    "ほかの牌譜を読み込み中です。少し待ってからもう一度どうぞ。"],
  "err.too_slow": ["The record took too long to read.", "牌譜の読み込みに時間がかかりすぎました。"],
  "err.reader_failed": ["The record's reader stopped: try again.", "牌譜の読み込みが止まりました。もう一度どうぞ。"],
};

/* names the server sends as ids: presets, bots, limits, extra han, mjai event types */
const JA_NAMES = {
  tenhou: "天鳳", majsoul: "雀魂", mleague: "Ｍリーグ", wrc: "世界選手権", ema: "欧州選手権",
  textbook: "教本", "tenhou-sanma": "天鳳三麻", "majsoul-sanma": "雀魂三麻",
  random: "ランダム", tsumogiri: "ツモ切り", efficiency: "牌効率", defensive: "守備型",
  learned: "学習型",
  mangan: "満貫", haneman: "跳満", baiman: "倍満", sanbaiman: "三倍満", "kazoe yakuman": "数え役満",
  yakuman: "役満", "double yakuman": "ダブル役満", "triple yakuman": "トリプル役満",
  dora: "ドラ", aka: "赤ドラ", ura: "裏ドラ", kita: "抜きドラ", flower: "花牌",
  start_game: "対局開始", start_kyoku: "配牌", tsumo: "ツモ", dahai: "打牌", chi: "チー", pon: "ポン",
  daiminkan: "大明槓", kakan: "加槓", ankan: "暗槓", reach: "リーチ", reach_accepted: "リーチ成立",
  dora_event: "ドラ", hora: "和了", ryukyoku: "流局", end_kyoku: "局終了", end_game: "終局",
  nukidora: "北抜き",
};
const EN_NAMES = { aka: "red five", ura: "ura dora", kita: "north dora", flower: "flower" };

/* a fu item as the engine names it ("closed triplet 111m", "kanchan wait", ...) */
const JA_FU = [
  [/^base$/, "副底"], [/^closed ron$/, "門前加符"], [/^tsumo$/, "ツモ符"], [/^open pinfu shape$/, "喰い平和"],
  [/^chiitoitsu$/, "七対子"], [/^rounding$/, "切り上げ"],
  [/^open triplet (\S+) \(ron\)$/, "明刻（ロン） $1"], [/^open triplet (\S+)$/, "明刻 $1"],
  [/^closed triplet (\S+)$/, "暗刻 $1"], [/^closed kan (\S+)$/, "暗槓 $1"], [/^open kan (\S+)$/, "明槓 $1"],
  [/^pair (\S+)$/, "雀頭 $1"], [/^kanchan wait$/, "嵌張待ち"], [/^penchan wait$/, "辺張待ち"],
  [/^tanki wait$/, "単騎待ち"],
];

function T(key, ...args) {
  const entry = WORDS[key];
  if (!entry) return key;
  const word = entry[LANG === "ja" ? 1 : 0];
  return typeof word === "function" ? word(...args) : word;
}

/* a name the server sends as an id, in the page's language */
function nameOf(id) {
  if (LANG === "ja") return JA_NAMES[id] || id;
  return EN_NAMES[id] || id;
}

function fuItemName(item) {
  if (LANG !== "ja") return item;
  for (const [re, ja] of JA_FU) if (re.test(item)) return item.replace(re, ja);
  return item;
}

/* a payment as the engine writes it: "3900", "1000/2000", "2000 all", "8000 from X" */
function paymentText(text) {
  if (LANG !== "ja" || typeof text !== "string") return text;
  return text.replace(/ all$/, "オール").replace(/ from /g, " ← ");
}

/* a score's summary as the engine writes it: "30 fu 3 han", "40 fu 4 han mangan", "yakuman" */
function summaryText(text) {
  if (LANG !== "ja" || typeof text !== "string") return text;
  const m = text.match(/^(\d+) fu (\d+) han(?: (.+))?$/);
  if (m) return `${m[1]}符${m[2]}翻` + (m[3] ? ` ${nameOf(m[3])}` : "");
  return nameOf(text);
}

/* a name the server gave a seat nobody named ("you", "player3", "efficiency1"), in the
   page's language; a name a person chose stays as it is */
function displayName(name) {
  if (LANG !== "ja" || typeof name !== "string") return name;
  if (name === "you") return "あなた";
  const seat = name.match(/^seat (\d)$/);  // a record's seat that has no name
  if (seat) return T("seat.n", seat[1]);
  const m = name.match(/^(player|random|tsumogiri|efficiency|defensive|learned)(\d)$/);
  if (!m) return name;
  return (m[1] === "player" ? "プレイヤー" : nameOf(m[1])) + m[2];
}

/* an error the server sent: in Japanese the page's words for its code, in English the
   server's own text; a code the page does not know falls back to the server's text */
function errorText(code, message) {
  const key = `err.${code}`;
  if (WORDS[key] && (LANG === "ja" || !message)) return T(key);
  return message || (WORDS[key] ? T(key) : String(code || ""));
}

/* the codes the page has words for */
function errorCodes() {
  return Object.keys(WORDS).filter((k) => k.startsWith("err.")).map((k) => k.slice(4));
}

/* the words of the page itself */
function applyWords(root = document) {
  document.documentElement.lang = LANG;
  document.title = T("title");
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = T(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-title]")) e.title = T(e.dataset.i18nTitle);
  for (const e of root.querySelectorAll("[data-i18n-aria]")) e.setAttribute("aria-label", T(e.dataset.i18nAria));
  for (const e of root.querySelectorAll("[data-i18n-ph]")) e.placeholder = T(e.dataset.i18nPh);
}

function setLang(lang) {
  localStorage.setItem("jantaku.lang", lang);
}

window.jantakuI18n = { LANG, T, nameOf, displayName, fuItemName, paymentText, summaryText, applyWords, setLang,
  errorText, errorCodes };
})();
