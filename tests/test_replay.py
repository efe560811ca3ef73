"""Replay of real Tenhou games through the engine, checked to the point against the record.

The records in ``/work/shared/data`` are the truth (SOURCES.md): every win's yaku, han,
fu and payments, every draw's payments and the final scores and results must be what
Tenhou wrote. Where Tenhou's rule differs from the seeds, the ``tenhou`` preset has an
option; each test below names the record that decides it, and shows that the other
setting of the option diverges on that very record.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import corpus
from jantaku.cli import main
from jantaku.logs.mjai import dumps_game
from jantaku.logs.mjai import read_game as read_mjai
from jantaku.logs.replay import GameReplay, replay_events, replay_game, replay_path
from jantaku.logs.tenhou import TenhouGame, read_game, read_xml, to_tenhou6
from jantaku.logs.tenhou_check import TenhouCheck
from jantaku.rules import Rounding, Rules

DATA = corpus.DATA
BULK = sorted((DATA / "tenhou_xml/agony5757_houou_2020").glob("*.xml.gz"))
EDGE = (
    sorted((DATA / "paired_xml_json").glob("*/*.xml"))
    + sorted((DATA / "tenhou_xml/mjx_extra").glob("*.xml"))
    + sorted((DATA / "tenhou_xml/dnovikoff_tenhou").glob("*.xml"))
    + sorted((DATA / "tenhou_xml/liuzj2019_edge_cases").glob("*.xml"))
)
SAMPLE = EDGE + BULK[::25]  # every edge-case set and 32 bulk games (4p, sanma, tonpuu)
CORPUS = EDGE + BULK


def _game(name: str) -> TenhouGame:
    hits = [p for p in sorted(DATA.glob(f"**/{name}*")) if ".xml" in p.name]
    assert hits, name
    return read_game(hits[0])


def _replay(game: TenhouGame, **changes: object) -> GameReplay:
    rules = dataclasses.replace(game.rules, **changes) if changes else game.rules
    return replay_events(game.events, rules, check=TenhouCheck(game.results, game.final))


def test_the_corpus_is_complete() -> None:
    assert len(CORPUS) == 843
    assert sum(1 for p in BULK if "00b9" in p.name) == 219


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.name.split(".")[0])
def test_sample_replays_without_divergence(path: Path) -> None:
    [result] = replay_path(path)
    assert result.status == "ok", result.line()
    raw = path.read_bytes()
    text = gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw
    assert result.complete and result.rounds == text.count(b"<INIT ")


@pytest.mark.slow
def test_every_complete_game_replays() -> None:
    """The acceptance run: 843 games (623 four-player, 220 three-player), 8,316 rounds."""
    results = [r for p in CORPUS for r in replay_path(p)]
    bad = [r.line() for r in results if not r.ok]
    assert bad == []
    assert sum(r.rounds for r in results) == 8316
    assert sum(1 for r in results if r.players == 3) == 220


# --- Tenhou's rules, each decided by a record ----------------------------------------


def test_final_points_round_half_away_from_zero() -> None:
    # owari: 13,500 → −36 (−16.5 → −16, then uma −20); 7,500 → −32 in a1f76e98
    game = _game("2020010100gm-00a9-0000-a67d91f3")
    assert game.final is not None and game.final[0] == (13500, -36.0)
    assert _replay(game).ok
    wrong = _replay(game, final_rounding=Rounding.FIVE_DOWN_SIX_UP)
    assert wrong.divergence is not None and wrong.divergence.what == "final result"
    assert _replay(_game("2020010100gm-00a9-0000-a1f76e98")).ok


def test_the_top_dealer_stops_when_tenpai_at_the_last_draw() -> None:
    # South 4 ends in an exhaustive draw with the dealer (seat 3) tenpai and top: over
    game = _game("2020010100gm-00a9-0000-45ea0ff1")
    assert game.rules.tenpai_yame
    assert _replay(game).ok
    wrong = _replay(game, tenpai_yame=False)
    assert wrong.divergence is not None and wrong.divergence.what == "illegal"


def test_pao_pays_the_whole_hand() -> None:
    # daisangen (pao on seat 2) + tsuuiisou by tsumo: seat 2 pays all 64,000 (+900 honba)
    game = _game("2019103023gm-00a9-0000-f90e0fe9")
    win = game.results[-1][0]
    assert win.deltas == (64900, 0, -64900, 0) and win.pao == 2
    assert _replay(game).ok
    wrong = _replay(game, pao_whole_hand=False)
    assert wrong.divergence is not None and wrong.divergence.what == "deltas"
    assert wrong.divergence.computed == "(64900, -8000, -40900, -16000)"


def test_chankan_keeps_ippatsu() -> None:
    # E2: riichi, ippatsu, chankan, pinfu, red 2: haneman 12,000 robbed off a kakan
    game = _game("2018010702gm-00a9-0000-5dd4f9b4")
    assert (2, 1) in game.results[1][0].yaku and (3, 1) in game.results[1][0].yaku
    assert _replay(game).ok


def test_sanma_riichi_needs_three_tiles_left() -> None:
    # E3: seat 2 declares riichi with three tiles left in the live wall
    game = _game("2020010119gm-00b9-0000-65807333")
    assert game.rules.riichi_min_tiles_left == 3
    assert _replay(game).ok
    wrong = _replay(game, riichi_min_tiles_left=4)
    assert wrong.divergence is not None and "riichi needs 4 tiles" in wrong.divergence.computed


@pytest.mark.parametrize(
    "name",
    [
        "2020010100gm-00b9-0000-983b55a1",  # tsumo on a kita replacement: rinshan kaihou
        "2020010100gm-00b9-0000-2eca4cd0",  # … and the kita ended the winner's ippatsu
        "2020010118gm-00b9-0000-fec27b29",  # ron on a north set aside keeps ippatsu
    ],
)
def test_kita_replacement_and_ippatsu(name: str) -> None:
    assert _replay(_game(name)).ok


def test_old_records_have_older_rules() -> None:
    # 2009 records (no <SHUFFLE>): no tenpai-yame, east-only uma 10-5
    bug1 = _game("bug1.xml")
    assert bug1.legacy and not bug1.rules.tenpai_yame
    assert _replay(bug1).ok
    bye = _game("bye.xml")
    assert bye.legacy and bye.rules.uma == (10000, 5000, -5000, -10000)
    assert _replay(bye).ok
    assert not _replay(bye, uma=(20000, 10000, -10000, -20000)).ok
    modern = _game("2020010100gm-00e1-0000-b17e8df8")  # east-only, 2020: uma 20-10
    assert not modern.legacy and modern.rules.uma == (20000, 10000, -10000, -20000)


def test_recent_records_keep_tenths() -> None:
    game = _game("2023053016gm-0029-0000-e54b3b98")
    assert game.final is not None and game.final[0] == (53800, 63.8)
    assert game.rules.final_rounding is Rounding.EXACT
    assert _replay(game).ok


def test_disconnections_are_not_divergences() -> None:
    for name in ("bye.xml", "2019081518gm-00a9-0000-cce9d00c"):
        game = _game(name)
        assert game.disconnections
        assert replay_game(game).ok


# --- divergences are reported where they happen ---------------------------------------

_SOURCE = DATA / "paired_xml_json/mjx/2011020401gm-00a9-0000-f6eff225.xml"


def test_a_wrong_payment_is_reported() -> None:
    text = _SOURCE.read_text()
    m = re.search(r'<AGARI [^>]*sc="([^"]*)"', text)
    assert m is not None
    sc = m.group(1).split(",")
    sc[1] = str(int(sc[1]) + 10)  # seat 0 gets 1,000 more in the record
    bad = text.replace(m.group(1), ",".join(sc), 1)
    result = replay_game(read_xml(bad, ref="tampered"))
    assert result.status == "diverged" and result.divergence is not None
    d = result.divergence
    assert d.what == "deltas" and d.round == "E1-0"
    assert d.record != d.computed
    assert "tampered: diverged: E1-0 event" in result.line()


def test_a_yaku_unlike_ours_is_reported_after_the_true_record_replayed() -> None:
    # East 1: riichi, menzen tsumo, pinfu (ids 1, 0, 7) and no ura; call the pinfu tanyao
    text = _SOURCE.read_text()
    assert replay_game(read_xml(text)).ok
    bad = text.replace('yaku="1,1,0,1,7,1,53,0"', 'yaku="1,1,0,1,8,1,53,0"', 1)
    assert bad != text
    d = replay_game(read_xml(bad)).divergence
    assert d is not None and (d.what, d.round) == ("yaku", "E1-0")
    assert d.record == "menzen_tsumo 1, riichi 1, tanyao 1"
    assert d.computed == "menzen_tsumo 1, riichi 1, pinfu 1"
    assert replay_game(read_xml(text)).ok


def test_a_winning_hand_unlike_ours_is_reported() -> None:
    text = _SOURCE.read_text()
    m = re.search(r'<AGARI [^>]*?hai="(\d+),', text)
    assert m is not None
    first = int(m.group(1))
    other = (first + 40) % 136  # another kind in place of the first tile
    bad = text.replace(m.group(0), m.group(0).replace(f'hai="{first},', f'hai="{other},'), 1)
    result = replay_game(read_xml(bad))
    assert result.divergence is not None and result.divergence.what == "hand"


def test_a_tenpai_unlike_ours_is_reported() -> None:
    # 2010081709 East 2: seats 1 and 2 tenpai; hide seat 2's hand in the record
    path = DATA / "paired_xml_json/mjx/2010081709gm-00a9-0000-fe3371ad.xml"
    text = path.read_text()
    bad = text.replace(' hai2="30,95,96,101"', "", 1)
    assert bad != text
    result = replay_game(read_xml(bad))
    assert result.divergence is not None and result.divergence.what == "tenpai"
    assert (result.divergence.record, result.divergence.computed) == ("[1]", "[1, 2]")


def test_an_illegal_discard_is_reported() -> None:
    text = _SOURCE.read_text()
    first = re.search(r"<D(\d+)/>", text)
    assert first is not None
    bad = text.replace(first.group(0), "<D135/>", 1)  # a tile seat 0 does not hold
    result = replay_game(read_xml(bad))
    assert result.divergence is not None and result.divergence.what == "illegal"


def test_a_wrong_final_result_is_reported() -> None:
    text = _SOURCE.read_text()
    m = re.search(r'owari="(-?\d+),(-?[\d.]+),', text)
    assert m is not None
    bad = text.replace(m.group(0), f'owari="{m.group(1)},{float(m.group(2)) + 1},', 1)
    result = replay_game(read_xml(bad))
    assert result.divergence is not None
    assert result.divergence.what in ("final result", "final scores")


# --- other formats ---------------------------------------------------------------------


def test_tenhou6_json_games_replay() -> None:
    ranked = DATA / "tenhou_json/mjai_reviewer_convlog_testdata/ranked_game.json"
    assert [r.status for r in replay_path(ranked)] == ["ok"]
    for jsonl in sorted((DATA / "paired_xml_json/mjx").glob("*.jsonl"))[:5]:
        [result] = replay_path(jsonl)
        assert result.ok and not result.complete  # the lines carry no final result


def test_mjai_logs_replay() -> None:
    for path in sorted((DATA / "mjai").glob("*/*.jsonl")):
        [result] = replay_path(path)
        assert result.ok and result.rounds == 12


def test_special_rules_and_unreadable_files_are_errors(tmp_path: Path) -> None:
    chip = DATA / "tenhou_xml/dnovikoff_tenhou/nonstandard_rules/chip.xml"
    [result] = replay_path(chip)
    assert result.status == "error" and "GO type 553" in (result.error or "")
    junk = tmp_path / "junk.xml"
    junk.write_text("<mjloggm><INIT seed='x'/>")
    [result] = replay_path(junk)
    assert result.status == "error"
    [result] = replay_path(tmp_path / "missing.xml")
    assert result.status == "error" and "cannot read" in (result.error or "")


# --- the command line -----------------------------------------------------------------


def _cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["replay", *args])
    return status, out.getvalue()


def test_cli_prints_one_line_per_game_and_a_total() -> None:
    files = [str(p) for p in EDGE[:3]]
    status, text = _cli(*files)
    lines = text.splitlines()
    assert status == 0 and len(lines) == 4
    assert all(line.endswith("rounds)") for line in lines[:3])
    assert lines[3].startswith("total: 3 games,") and "3 ok, 0 diverged, 0 errors" in lines[3]


def test_cli_json_and_exit_status(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    bad.write_text(_SOURCE.read_text().replace('owari="', 'owari="1', 1))
    status, text = _cli(str(EDGE[0]), str(bad), "--json")
    objects = [json.loads(line) for line in text.splitlines()]
    assert status == 1
    assert objects[0]["status"] == "ok" and objects[0]["file"] == str(EDGE[0])
    assert objects[1]["status"] == "diverged"
    assert set(objects[1]["divergence"]) == {"round", "event", "what", "record", "computed"}
    total = objects[2]["total"]
    assert (total["games"], total["ok"], total["diverged"], total["error"]) == (2, 1, 1, 0)


def test_cli_walks_directories(tmp_path: Path) -> None:
    status, text = _cli(str(DATA / "tenhou_xml/liuzj2019_edge_cases"), "--quiet")
    assert status == 0 and text.startswith("total: 1 games, 5 rounds: 1 ok")
    assert Rules.preset("tenhou").tenpai_yame  # the default preset plays Tenhou


@pytest.mark.parametrize(
    "path",
    [p for p in EDGE if p.parent.name in ("dnovikoff_tenhou", "mjx_extra")] + BULK[5::100],
    ids=lambda p: p.name.split(".")[0],
)
def test_tenhou_games_as_mjai_logs_replay(path: Path) -> None:
    """Tenhou record → events → mjai JSON lines → events: same game, rules in the header."""
    game = read_game(path)
    text = dumps_game(game.events)
    back = read_mjai(io.StringIO(text), strict=True)
    assert back is not None and back.events == list(game.events)
    rules = back.rules()
    assert rules == game.rules
    result = replay_events(back.events, rules)  # the hora/ryukyoku deltas of the log itself
    assert result.ok, result.line()


def _canonical(rounds: list[object]) -> list[object]:
    """tenhou.net/6 rounds with each win's yaku list sorted (Tenhou orders yakuhai by hand)."""
    out = json.loads(json.dumps(rounds, ensure_ascii=False))
    for rnd in out:
        result = rnd[-1]
        for k in range(2, len(result), 2):
            if isinstance(result[k], list):
                result[k] = result[k][:4] + sorted(result[k][4:])
    return out


@pytest.mark.parametrize(
    "xml", sorted((DATA / "paired_xml_json").glob("*/*.xml")), ids=lambda p: p.stem
)
def test_games_scored_by_the_engine_write_tenhous_own_json(xml: Path) -> None:
    """Replay, keep the engine's own hora/ryukyoku (its yaku, fu, payments), write
    tenhou.net/6: the log equals Tenhou's export but for the order of the yaku."""
    from jantaku.engine.state import State
    from jantaku.engine.transition import apply
    from jantaku.events import Event, Hora, Ryukyoku

    game = read_game(xml)
    state = State(game.rules)
    ours: list[Event] = []
    for event in game.events:
        apply(state, event)
        if isinstance(event, Hora | Ryukyoku):
            done = state.results[-1]
            assert isinstance(done, Hora | Ryukyoku)
            ours.append(dataclasses.replace(done, scores=None))
        else:
            ours.append(event)
    official = xml.with_suffix(".json")
    if official.exists():
        rounds = json.loads(official.read_text(encoding="utf-8"))["log"]
    else:
        lines = xml.with_name(xml.name[:-4] + ".tenhou6.jsonl").read_text(encoding="utf-8")
        rounds = [json.loads(line)["log"][0] for line in lines.splitlines() if line.strip()]
    assert _canonical(to_tenhou6(ours)["log"]) == _canonical(rounds)


def test_yaku_names_are_the_scoring_registrys() -> None:
    from jantaku.logs.tenhou import YAKU
    from jantaku.scoring.yaku import YAKU as REGISTRY

    by_tenhou: dict[int, str] = {}
    for y in REGISTRY:
        if y.tenhou_id is not None:
            by_tenhou.setdefault(y.tenhou_id, y.id)
    for tenhou_id, name in by_tenhou.items():
        assert YAKU[tenhou_id][0] == name
    assert [YAKU[i][0] for i in (52, 53, 54)] == ["dora", "ura", "aka"]


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 4), (3, 3), (3, 5)])
def test_selfplay_games_write_and_read_back_as_tenhou6(players: int, seed: int) -> None:
    """A jantaku game → tenhou.net/6 (for Tenhou's viewer) → the same game.

    tenhou.net/6 does not say when a kan's dora was shown, so the reader shows it
    where Tenhou does (before the next discard); the dora themselves are the same.
    """
    from jantaku.agents import Agent, EfficiencyAgent, RandomAgent
    from jantaku.events import Dora, EndGame, Event, Hora, Penalty, StartGame
    from jantaku.logs.tenhou import read_tenhou6
    from jantaku.match import play_match

    rules = Rules.preset("tenhou" if players == 4 else "tenhou-sanma")
    agents: list[Agent] = [EfficiencyAgent(), RandomAgent(seed), EfficiencyAgent(), RandomAgent(9)]
    played = play_match(agents[:players], rules=rules, seed=seed).log
    written = json.loads(json.dumps(to_tenhou6(played), ensure_ascii=False))
    back = read_tenhou6(written)

    def plain(events: list[Event] | tuple[Event, ...]) -> list[object]:
        out: list[object] = []
        for e in events:
            if isinstance(e, StartGame | EndGame | Penalty | Dora):
                continue
            if isinstance(e, Hora):
                out.append((e.actor, e.target, e.pai, e.deltas))
            else:
                out.append(_without_detail(e))
        return out

    assert plain(played) == plain(back.events)
    dora = [e for e in played if isinstance(e, Dora)]
    assert dora == [e for e in back.events if isinstance(e, Dora)]
    assert back.players == players and back.rounds == sum(
        1 for e in played if type(e).__name__ == "StartKyoku"
    )


def _without_detail(e: object) -> object:
    """What tenhou.net/6 keeps of an event: no dice, sorted hands and calls, draws' kinds."""
    from jantaku.events import Ankan, Chi, Daiminkan, Kakan, Pon, Ryukyoku, StartKyoku

    if isinstance(e, StartKyoku):
        hands = tuple(tuple(sorted(h)) for h in e.tehais)
        return dataclasses.replace(e, dice=None, wall_break=None, tehais=hands)
    if isinstance(e, Ryukyoku):
        return (e.reason, e.deltas)
    if isinstance(e, Chi | Pon | Daiminkan | Kakan | Ankan):
        return dataclasses.replace(e, consumed=tuple(sorted(e.consumed)))
    return e
