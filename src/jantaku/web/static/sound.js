/* The table's sounds, made here by Web Audio synthesis (no recorded asset): a discard's
   click, a tone of its own for each call, riichi and win, a chime for the own turn and
   a blip for each of the timer's last seconds. Muted or not, as last chosen in this
   browser. The audio starts at the first key or tap (browsers start none before). */
"use strict";

(() => {
  let ctx = null;
  const played = [];  // the last sounds made, newest last (read by the page's tests)

  const on = () => localStorage.getItem("jantaku.sound") !== "off";
  function setOn(value) {
    localStorage.setItem("jantaku.sound", value ? "on" : "off");
  }

  function start() {
    if (ctx) return;
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return;
    try { ctx = new Audio(); } catch { ctx = null; }
  }
  for (const ev of ["pointerdown", "keydown"]) window.addEventListener(ev, start, { capture: true, passive: true });

  /* one note: a wave at freq (sliding to `to`), from `at` s for `len` s, at `vol` */
  function note(freq, at, len, { type = "sine", vol = 0.18, to = null } = {}) {
    const t0 = ctx.currentTime + at;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t0);
    if (to) osc.frequency.exponentialRampToValueAtTime(to, t0 + len);
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(vol, t0 + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
    osc.connect(gain).connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + len + 0.02);
  }

  const SOUNDS = {
    dahai: () => note(900, 0, 0.07, { type: "triangle", vol: 0.25, to: 260 }),
    turn: () => { note(660, 0, 0.14); note(880, 0.12, 0.2); },
    hurry: () => note(1040, 0, 0.06, { type: "square", vol: 0.08 }),
    chii: () => { note(520, 0, 0.1, { type: "triangle" }); note(700, 0.09, 0.16, { type: "triangle" }); },
    pon: () => { note(440, 0, 0.09, { type: "square", vol: 0.1 }); note(440, 0.11, 0.16, { type: "square", vol: 0.1 }); },
    kan: () => [392, 311, 262].forEach((f, i) => note(f, i * 0.09, 0.2, { type: "sawtooth", vol: 0.08 })),
    riichi: () => note(400, 0, 0.35, { type: "triangle", vol: 0.22, to: 1200 }),
    ron: () => [523, 659, 784].forEach((f) => note(f, 0, 0.5, { type: "sawtooth", vol: 0.07 })),
    tsumo: () => [587, 740, 880, 1175].forEach((f, i) => note(f, i * 0.05, 0.5, { type: "triangle", vol: 0.1 })),
  };

  function play(name) {
    if (!on() || !SOUNDS[name]) return;
    played.push(name);
    if (played.length > 50) played.shift();
    if (!ctx) return;
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    try { SOUNDS[name](); } catch { /* a sound is never worth an error */ }
  }

  window.jantakuSound = { play, on, setOn, played, names: Object.keys(SOUNDS) };
})();
