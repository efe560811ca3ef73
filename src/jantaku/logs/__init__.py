"""Game records: mjai and Tenhou readers and writers, and replay through the engine.

- :mod:`jantaku.logs.mjai` — mjai JSON lines, read one game per call
  (:func:`~jantaku.logs.mjai.read_game`, :class:`~jantaku.logs.mjai.MjaiReader`) and
  written as a match is played (:class:`~jantaku.logs.mjai.MjaiWriter`);
- :mod:`jantaku.logs.tenhou` — Tenhou mjlog XML and tenhou.net/6 JSON;
- :mod:`jantaku.logs.replay` — records replayed through :func:`jantaku.engine.apply`.

The submodules are imported on use, so reading one format never loads the others.
"""
