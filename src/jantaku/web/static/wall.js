/* The wall of a replayed Tenhou record, behind a toggle in the replay controls
   (#wall-toggle, a checkbox #wall-open shown only for a record with walls).

   A record with the seed of its walls comes with each round's wall (rounds[k].wall: the
   live wall in drawing order, the replacement tiles, the dora and ura indicators, the
   dice) and, in each frame, how far the game has taken from it (frame.wall: live tiles
   drawn, replacement tiles drawn, indicators turned, the seat to draw next). Shown: the
   next draws of each seat if nobody calls, the live wall left in drawing order (each
   tile marked with the seat that would draw it), and the dead wall with the ura
   indicators, in the page's language. Uses tile() and el() of app.js and the words of
   i18n.js; app.js calls jantakuWall.draw(data, i) after drawing a frame. */
"use strict";

(() => {
  const { T, LANG } = window.jantakuI18n;
  const WINDS = LANG === "ja" ? ["東", "南", "西", "北"] : ["East", "South", "West", "North"];
  const NEXT_SHOWN = 6;  // next draws listed per seat
  const view = { open: false, data: null, i: 0 };

  function panel() {
    let p = document.getElementById("wall-view");
    if (!p) {
      p = el("div", "wall-view");
      p.id = "wall-view";
      p.setAttribute("aria-label", T("wall.aria"));
      const controls = document.getElementById("replay-controls");
      controls.appendChild(p);
    }
    return p;
  }

  function roundAt(data, i) {
    let found = null;
    for (const r of data.rounds) if (r.frame <= i) found = r;
    return found;
  }

  function seatName(data, seat, oya) {
    const wind = WINDS[(seat - oya + data.players) % data.players];
    const name = data.names && data.names[seat] ? data.names[seat] : T("seat.n", seat);
    return T("wall.seat", wind, name);
  }

  function section(title) {
    const s = el("div", "wall-part");
    s.appendChild(el("h3", null, title));
    return s;
  }

  function render(p, data, i) {
    const round = roundAt(data, i);
    const frame = data.frames[i];
    p.textContent = "";
    if (!round || !round.wall || !frame || !frame.wall) {
      p.appendChild(el("p", "hint", T("wall.none")));
      return;
    }
    const w = round.wall;
    const [drawn, used, turned, next] = frame.wall;
    const n = data.players;
    const oya = frame.oya;
    const left = w.live.slice(drawn, Math.max(drawn, w.live.length - used));
    const head = el("div", "wall-head", T("wall.head", w.dice[0], w.dice[1], left.length));
    p.appendChild(head);

    const nextPart = section(T("wall.next"));
    for (let k = 0; k < n; k++) {
      const seat = (next + k) % n;
      const row = el("div", `wall-seat seat${seat}`);
      row.dataset.seat = seat;
      row.appendChild(el("span", "who", seatName(data, seat, oya)));
      const tiles = el("span", "tiles");
      for (let j = k, shown = 0; j < left.length && shown < NEXT_SHOWN; j += n, shown++) {
        tiles.appendChild(tile(left[j]));
      }
      if (!tiles.childNodes.length) tiles.appendChild(el("span", "hint", T("wall.nothing")));
      row.appendChild(tiles);
      nextPart.appendChild(row);
    }
    p.appendChild(nextPart);

    const livePart = section(T("wall.live"));
    const live = el("div", "wall-live");
    left.forEach((code, j) => {
      const seat = (next + j) % n;
      const t = tile(code, { cls: [`seat${seat}`] });
      t.dataset.seat = seat;
      if (j === left.length - 1) { t.classList.add("haitei"); t.title += T("wall.last"); }
      live.appendChild(t);
    });
    livePart.appendChild(live);
    p.appendChild(livePart);

    const deadPart = section(T("wall.dead"));
    const rinshan = el("div", "wall-rinshan");
    w.rinshan.forEach((code, j) => {
      rinshan.appendChild(tile(code, { cls: j < used ? ["dim", "used"] : [] }));
    });
    deadPart.appendChild(rinshan);
    const pairs = el("div", "wall-indicators");
    w.dora.forEach((code, j) => {
      const pair = el("div", "wall-pair");
      pair.appendChild(tile(code, { cls: j < turned ? ["dora", "turned"] : ["dora", "dim"] }));
      pair.appendChild(tile(w.ura[j], { cls: ["ura"] }));
      pairs.appendChild(pair);
    });
    deadPart.appendChild(pairs);
    p.appendChild(deadPart);
  }

  function draw(data, i) {
    view.data = data;
    view.i = i;
    const toggle = document.getElementById("wall-toggle");
    const has = !!(data && data.rounds && data.rounds.some((r) => r.wall));
    if (toggle) toggle.hidden = !has;
    const p = panel();
    p.hidden = !(has && view.open);
    if (!p.hidden) render(p, data, i);
  }

  const box = document.getElementById("wall-open");
  if (box) {
    box.addEventListener("change", () => {
      view.open = box.checked;
      if (view.data) draw(view.data, view.i);
    });
  }

  window.jantakuWall = { draw };
})();
