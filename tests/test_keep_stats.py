"""The scorekeeper's per-player stats and the dice of each hand: the model, the store,
the exports, the command line and the JSON API."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from jantaku.cli import main
from jantaku.events import StartKyoku
from jantaku.keep import Hand, KeepError, Winner
from jantaku.keep.api import create_keep_app
from jantaku.keep.entries import Foul
from jantaku.keep.export import to_mjai, to_tenhou6
from jantaku.keep.model import Match
from jantaku.keep.stats import player_stats
from jantaku.keep.store import KeepStore
from jantaku.logs.mjai import loads_game
from jantaku.rules import TENHOU

with warnings.catch_warnings():  # Starlette's client names httpx's successor in a warning
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

NAMES = ("Aoi", "Ben", "Chie", "Dai")


def _hands() -> Match:
    """East 1 to 4 of a match, every kind of hand the stats read."""
    m = Match.new(TENHOU, NAMES)
    # E1: Ben (riichi) rons Chie for 3900
    m = m.add(Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30),), riichi=(1,)))
    # E2 (Ben deals): Aoi and Dai both ron Ben's discard (a double ron: one deal-in)
    m = m.add(
        Hand.ron(
            discarder=1,
            winners=(Winner(seat=0, han=2, fu=30), Winner(seat=3, limit="mangan")),
            riichi=(0, 3),
        )
    )
    # E3 (Chie deals): Chie tsumo 2 han 30 fu as dealer, 1000 all
    m = m.add(Hand.tsumo(Winner(seat=2, han=2, fu=30)))
    # E3 1 honba: a draw, Chie tenpai; then a draw with a chombo by Dai
    m = m.add(Hand.draw((2,)))
    return m.add(Hand.draw((), fouls=(Foul(kind="chombo", seat=3),)))


def test_the_stats_of_one_match_count_what_each_hand_holds() -> None:
    m = _hands()
    stats = {s.name: s for s in player_stats([m])}
    aoi, ben, chie, dai = (stats[n] for n in NAMES)
    assert all(s.hands == 5 and s.matches == 1 and s.finished == 0 for s in stats.values())
    assert (ben.wins, ben.tsumo, ben.win_points, ben.riichi) == (1, 0, 3900, 1)
    assert (aoi.wins, aoi.win_points, aoi.riichi) == (1, 2000, 1)
    assert (dai.wins, dai.win_points, dai.riichi, dai.chombo) == (1, 8000, 1, 1)
    assert (chie.wins, chie.tsumo, chie.win_points) == (1, 1, 3000)  # dealer: 1000 all
    # the double ron is one deal-in for Ben, worth both wins; Chie dealt in once
    assert (ben.deal_ins, ben.deal_in_points, ben.average_deal_in) == (1, 10000, 10000)
    assert (chie.deal_ins, chie.deal_in_points) == (1, 3900)
    assert aoi.deal_ins == dai.deal_ins == 0 and aoi.average_deal_in is None
    assert ben.win_rate == pytest.approx(1 / 5) and ben.riichi_rate == pytest.approx(1 / 5)
    # no match over: no place, no result
    assert ben.places == () and ben.average_place is None and ben.average_result is None
    assert ben.total == 0
    d = ben.to_dict()
    assert d["deal_ins"] == 1 and d["win_rate"] == 0.2 and d["average_place"] is None


def test_the_stats_of_a_series_add_players_up_by_name_across_seatings() -> None:
    bust = Hand.ron(discarder=1, winners=(Winner(seat=0, limit="yakuman"),))
    first = Match.new(TENHOU, NAMES).add(bust)  # Aoi busts Ben: over
    second = Match.new(TENHOU, ("Dai", "Chie", "Ben", "Aoi")).add(bust)  # Dai busts Chie
    third = _hands()  # still playing: its hands count, no place
    stats = {s.name: s for s in player_stats([first, second, third])}
    aoi, ben, chie, dai = (stats[n] for n in NAMES)
    assert aoi.matches == 3 and aoi.finished == 2 and aoi.hands == 1 + 1 + 5
    f1, f2 = first.ledger().final, second.ledger().final
    assert f1 is not None and f2 is not None
    for name, s in stats.items():
        finals = [x for m, f in ((first, f1), (second, f2)) for x in f if m.names[x.seat] == name]
        assert s.places == tuple(x.place for x in finals)
        assert s.points == tuple(x.points for x in finals)
        assert s.total == round(sum(x.score for x in finals), 1)
        assert s.average_place == pytest.approx(sum(s.places) / 2)
    assert aoi.wins == 1 + 0 + 1 and aoi.places[0] == 1 and ben.places[0] == 4
    assert dai.wins == 1 + 1 and dai.places[1] == 1 and chie.places[1] == 4
    assert ben.deal_ins == 1 + 1 and chie.deal_ins == 1 + 1
    # best total first
    ordered = player_stats([first, second, third])
    assert [s.total for s in ordered] == sorted((s.total for s in ordered), reverse=True)


def test_the_dice_are_kept_with_the_hand_and_only_two_dice_from_1_to_6() -> None:
    hand = Hand.draw((0,)).with_dice((3, 5))
    assert hand.to_dict() == {"result": "draw", "tenpai": [0], "dice": [3, 5]}
    assert Hand.from_dict(hand.to_dict()) == hand
    assert Hand.from_dict({"result": "draw"}).dice is None
    for bad in ([3], [3, 5, 1], [0, 4], [2, 7], ["3", 5], [True, 2], "35", 8):
        with pytest.raises(KeepError, match="dice"):
            Hand.from_dict({"result": "draw", "dice": bad})
    # the dice change no payment
    m = Match.new(TENHOU, NAMES)
    with_dice = m.add(hand).ledger()
    assert with_dice.scores == m.add(Hand.draw((0,))).ledger().scores


def test_the_mjai_export_writes_each_hands_dice() -> None:
    m = Match.new(TENHOU, NAMES).add(Hand.draw((0,)).with_dice((6, 2))).add(Hand.draw((0,)))
    starts = [e for e in loads_game(to_mjai(m), strict=False) if isinstance(e, StartKyoku)]
    assert [s.dice for s in starts] == [(6, 2), None]
    assert to_tenhou6(m)["log"]  # the tenhou.net/6 log has no place for them, and is unchanged


def test_the_store_keeps_the_dice_and_gives_a_series_stats(tmp_path: Path) -> None:
    keep = KeepStore(tmp_path / "k.sqlite3")
    try:
        night = keep.new_series("Friday")
        mid = keep.new_match(TENHOU, NAMES, series=night)
        keep.add(mid, Hand.draw((0,)).with_dice((1, 4)))
        assert keep.match(mid).entries[0].dice == (1, 4)
        [other] = [keep.new_match(TENHOU, NAMES)]  # not in the series
        keep.add(other, Hand.tsumo(Winner(seat=0, limit="mangan")))
        stats = {s.name: s for s in keep.stats(night)}
        assert stats["Aoi"].hands == 1 and stats["Aoi"].wins == 0
        with pytest.raises(KeepError, match="no series 9"):
            keep.stats(9)
    finally:
        keep.close()


def test_cli_dice_and_stats(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "k.sqlite3")
    assert main(["keep", "--db", db, "series", "new", "Friday"]) == 0
    assert main(["keep", "--db", db, "new", *NAMES, "--series", "1"]) == 0
    cmd = ["keep", "--db", db, "add", "1", "ron", "--from", "Chie", "--win", "Ben:3:30"]
    assert main([*cmd, "--riichi", "Ben", "--dice", "3,5"]) == 0
    assert "(dice 3+5)" in capsys.readouterr().out
    assert main(["keep", "add", "1", "tsumo", "--win", "Aoi:mangan", "--db", db]) == 0
    assert main(["keep", "show", "1", "--db", db]) == 0
    shown = capsys.readouterr().out
    assert shown.count("(dice") == 1
    assert main(["keep", "show", "1", "--json", "--db", db]) == 0
    ledger = json.loads(capsys.readouterr().out)
    assert ledger["hands"][0]["entry"]["dice"] == [3, 5]
    assert "dice" not in ledger["hands"][1]["entry"]

    assert main(["keep", "stats", "1", "--json", "--db", db]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert (rows["Ben"]["wins"], rows["Ben"]["riichi"], rows["Ben"]["hands"]) == (1, 1, 2)
    assert (rows["Chie"]["deal_ins"], rows["Aoi"]["tsumo"]) == (1, 1)
    assert main(["keep", "--db", db, "stats", "--series", "1", "--json"]) == 0
    assert {r["name"]: r for r in json.loads(capsys.readouterr().out)} == rows
    assert main(["keep", "stats", "--series", "1", "--db", db]) == 0
    text = capsys.readouterr().out
    assert text.startswith("series 1: Friday") and "deal-ins" in text
    ben = next(line for line in text.splitlines() if line.startswith("Ben"))
    assert ben.split()[1:6] == ["1", "2", "1", "0", "0"]  # matches hands wins tsumo deal-ins

    for bad, message in (
        (["keep", "--db", db, "add", "1", "draw", "--dice", "7,1"], "--dice is two dice"),
        (["keep", "--db", db, "add", "1", "draw", "--dice", "3"], "--dice is two dice"),
        (["keep", "--db", db, "stats"], "a match or --series"),
        (["keep", "--db", db, "stats", "1", "--series", "1"], "a match or --series"),
        (["keep", "--db", db, "stats", "--series", "4"], "no series 4"),
        (["keep", "--db", db, "stats", "7"], "no match 7"),
    ):
        assert main(bad) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_api_keeps_the_dice_and_gives_stats(tmp_path: Path) -> None:
    app = create_keep_app(tmp_path / "k.sqlite3")
    try:
        client = TestClient(app)
        series = client.post("/api/series", json={"name": "Friday"}).json()["id"]
        view = client.post("/api/matches", json={"names": list(NAMES), "series": series}).json()
        key = view["id"]
        hand = {"result": "draw", "tenpai": [0], "dice": [2, 2]}
        view = client.post(f"/api/matches/{key}/hands", json=hand).json()
        assert view["entries"][0]["dice"] == [2, 2]
        assert view["ledger"]["hands"][0]["entry"]["dice"] == [2, 2]
        assert [s["hands"] for s in view["stats"]] == [1, 1, 1, 1]
        bad = client.post(f"/api/matches/{key}/hands", json={"result": "draw", "dice": [9, 1]})
        assert bad.status_code == 400 and "dice" in bad.json()["error"]
        got = client.get(f"/api/series/{series}").json()
        assert {s["name"] for s in got["stats"]} == set(NAMES)
        assert all(s["hands"] == 1 for s in got["stats"])
    finally:
        app.state.keep_store.close()
