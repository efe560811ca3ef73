"""Game records: mjai and Tenhou readers and writers, and replay through the engine.

- :mod:`jantaku.logs.mjai` — mjai JSON lines, read one game per call
  (:func:`~jantaku.logs.mjai.read_game`, :class:`~jantaku.logs.mjai.MjaiReader`) and
  written as a match is played (:class:`~jantaku.logs.mjai.MjaiWriter`);
- :mod:`jantaku.logs.tenhou` — Tenhou records in any of their formats
  (:func:`~jantaku.logs.tenhou.read_game` detects which), re-exporting the public names of
  the Tenhou modules:
  :mod:`~jantaku.logs.tenhou_ids` (tile ids and codes, yaku ids),
  :mod:`~jantaku.logs.tenhou_records` (:class:`~jantaku.logs.tenhou_records.TenhouGame`
  and what a record claims), :mod:`~jantaku.logs.mjlog` (the mjlog XML reader) and
  :mod:`~jantaku.logs.tenhou6` (the tenhou.net/6 JSON reader and writer);
- :mod:`jantaku.logs.replay` — records replayed through :func:`jantaku.engine.apply`, the
  generic loop; what a record claims about each result is checked on top of it by a
  :class:`~jantaku.logs.checks.RecordCheck` (:mod:`~jantaku.logs.checks`: the interface
  and a log's own claims; :mod:`~jantaku.logs.tenhou_check`: a Tenhou record's results).

One reader and one replay for them all, :func:`jantaku.read_record` (any format, told
apart by content) and :func:`jantaku.replay` (:mod:`~jantaku.logs.record`; the name
``jantaku.logs.replay`` is the module of the replay loop).

The submodules are imported on use, so reading one format never loads the others.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jantaku.logs.record import Record, read_record

__all__ = ["Record", "read_record"]


def __getattr__(name: str) -> object:
    """:func:`read_record` and :class:`Record`, imported on first use."""
    if name in __all__:
        from jantaku.logs import record

        return getattr(record, name)
    raise AttributeError(f"module 'jantaku.logs' has no attribute {name!r}")
