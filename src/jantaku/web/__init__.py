"""The table in the browser: a thin layer over the engine, its bots and its store.

- :mod:`jantaku.web.app` — :func:`~jantaku.web.app.create_app`, the Starlette app
  (page, lobby API, replay viewer, one websocket per seat);
- :mod:`jantaku.web.tables` — live tables: the referee with bots and people at the seats;
- :mod:`jantaku.web.store` — the ``web`` component of the embedded store;
- :mod:`jantaku.web.protocol` — the websocket messages (``PROTOCOL.md``);
- :mod:`jantaku.web.aids` — learning aids and hand results from a seat's own view;
- :mod:`jantaku.web.replay` — a game's frames for the viewer; uploaded records;
- :mod:`jantaku.web.tiles` — tile faces drawn from a tile's name where no picture is
  shipped.

Needs the ``web`` extra (Starlette, uvicorn); ``jantaku serve`` runs it.
"""
