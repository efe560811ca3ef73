"""Every command, record and score the same everywhere (issue 28): silent mistakes
turned into right answers or one clear error."""

from __future__ import annotations

import gzip
import io
import itertools
import json
import random
from pathlib import Path

import pytest

import corpus
from jantaku import read_record, replay
from jantaku.agents import make_agent
from jantaku.cli import build_parser, main
from jantaku.engine import Referee, apply, legal_actions
from jantaku.errors import ArgumentTypeError, InvalidHandError
from jantaku.events import Dahai, Hora, Pass, Pon, Reach, Ryukyoku, StartKyoku, Tsumo
from jantaku.hand import advise, shanten, waits
from jantaku.keep import Hand, KeepError, Match, Winner
from jantaku.keep.export import to_tenhou6 as keep_tenhou6
from jantaku.logs.mjai import MjaiReader, read_games
from jantaku.logs.mjai import read_game as read_mjai_game
from jantaku.logs.replay import replay_game
from jantaku.logs.tenhou import read_xml
from jantaku.logs.tenhou6 import read_tenhou6, to_tenhou6
from jantaku.match import play_match
from jantaku.meld import parse_hand
from jantaku.rules import MAJSOUL, MLEAGUE, TENHOU, TEXTBOOK, Rules
from jantaku.tiles import counts34, parse_tiles
from scenarios import scripted, t
from test_catalogue_hand_flow import WAITING, start, turn
from test_engine import THREE_WAIT, first_hand, greedy

SEED_000 = (corpus.SEEDS / "000_f6a43ac494d58924.txt").read_text()


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def one_error_line(err: str) -> str:
    """The whole of standard error: one line starting ``jantaku``, no traceback."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("jantaku"), err
    return lines[0]


# --- rules names -------------------------------------------------------------------


def test_selfplay_names_the_three_player_rules_it_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        ["selfplay", "--players", "3", "--flowers", "8", "--games", "1", "--json"], capsys
    )
    assert status == 0
    assert json.loads(out)["rules"] == "tenhou-sanma with flowers=8"
    status, out, _ = run(["selfplay", "--players", "3", "--games", "1"], capsys)
    assert out.startswith("rules tenhou-sanma, seed 0")


# --- score --batch -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("extra", "named"),
    [(["--riichi"], "--riichi"), (["123m456p789s11555z"], "a hand"), (["--honba", "2"], "--honba")],
)
def test_score_batch_refuses_what_it_would_ignore(
    extra: list[str], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "hands.txt"
    batch.write_text("123m456p789s11555z --win 1z\n")
    status, out, err = run(["score", "--batch", str(batch), *extra], capsys)
    assert status == 2 and out == ""
    assert named in one_error_line(err)
    status, out, _ = run(["score", "--batch", str(batch), "--json"], capsys)
    assert status == 0 and json.loads(out)["total"] == 2400


# --- keep ----------------------------------------------------------------------------


def keep_run(db: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    return run(["keep", "--db", str(db), *args], capsys)


@pytest.mark.parametrize("spec", ["B:yakuman:0", "B:yakuman:x", "B:yakuman:7", "B:mangan:2"])
def test_keep_refuses_a_yakuman_count_it_cannot_score(
    spec: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "keep.db"
    assert keep_run(db, capsys, "new", "A", "B", "C", "D")[0] == 0
    status, _, err = keep_run(db, capsys, "add", "1", "tsumo", "--win", spec)
    assert status == 2
    assert "B:" in one_error_line(err)
    status, _, _ = keep_run(db, capsys, "add", "1", "tsumo", "--win", "B:yakuman:2")
    assert status == 0


# --- tenhou.net/6 writer -------------------------------------------------------------


@pytest.mark.parametrize("source", ["abc", b"abc", {"log": []}, 12, [1, 2]])
def test_to_tenhou6_refuses_what_is_not_a_game(source: object) -> None:
    with pytest.raises(ArgumentTypeError):
        to_tenhou6(source)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("preset", "red"), [("wrc", (0, 0, 0)), ("ema", (0, 0, 0)), ("textbook", (0, 0, 0))]
)
def test_to_tenhou6_writes_the_red_fives_of_the_rules(
    preset: str, red: tuple[int, int, int], tmp_path: Path
) -> None:
    rules = Rules.preset(preset)
    with (tmp_path / "m.jsonl").open("w") as f:
        play_match([make_agent("efficiency", seed=i) for i in range(4)], rules, 3, f)
    game = read_games(tmp_path / "m.jsonl")[0]
    rule = to_tenhou6(game.events)["rule"]
    assert (rule["aka51"], rule["aka52"], rule["aka53"]) == red
    assert "赤" not in rule["disp"] and "aka" not in rule
    back = read_tenhou6(to_tenhou6(game.events))
    assert back.rules.red_fives == red


# --- the replay checker reads ba -----------------------------------------------------

_DOUBLE = corpus.DATA / "tenhou_xml/agony5757_houou_2020/2020010100gm-00a9-0000-0b366d75.xml.gz"


@pytest.mark.parametrize(
    ("original", "tampered", "record", "ours"),
    [
        ('RYUUKYOKU ba="0,0"', 'RYUUKYOKU ba="1,0"', "1 honba, 0 sticks", "0 honba, 0 sticks"),
        ('AGARI ba="1,2"', 'AGARI ba="1,1"', "1 honba, 1 sticks", "1 honba, 2 sticks"),
        ('AGARI ba="1,0"', 'AGARI ba="1,2"', "1 honba, 2 sticks", "1 honba, 0 sticks"),
    ],
)
def test_a_record_contradicting_its_own_ba_diverges(
    original: str, tampered: str, record: str, ours: str
) -> None:
    text = gzip.decompress(_DOUBLE.read_bytes()).decode()
    assert replay_game(read_xml(text)).ok
    d = replay_game(read_xml(text.replace(original, tampered, 1))).divergence
    assert d is not None
    assert (d.what, d.record, d.computed) == ("ba (honba, sticks)", record, ours)


# --- presets settled from their sources ----------------------------------------------


def _riichi_with(rules: Rules, live: int) -> bool:
    """Whether seat 1, tenpai, may declare riichi with ``live`` tiles left after its draw."""
    s = start(WAITING, rules)
    s.live = live + 2
    turn(s, 0, "2z")
    apply(s, Tsumo(actor=1, pai=t("1z")))
    assert s.live == live
    return any(isinstance(a, Reach) for a in legal_actions(s, 1))


def test_mleague_riichi_without_a_draw_left() -> None:
    """M-League allows riichi with no draw of one's own left (ツモ番なしリーチあり,
    majannavi.com; mahjong-portal.com), never on the last tile (海底牌を摸した者は…);
    Tenhou wants four tiles left."""
    assert [_riichi_with(MLEAGUE, n) for n in (0, 1, 3, 4)] == [False, True, True, True]
    assert [_riichi_with(TENHOU, n) for n in (0, 1, 3, 4)] == [False, False, False, True]


def test_majsoul_pays_a_triple_ron() -> None:
    """Mahjong Soul: three rons on one discard all win (riichi.wiki "Mahjong Soul":
    sanchahou no; riichienv's default_mjsoul: sanchaho_is_draw false)."""
    from riichienv import GameRule

    assert GameRule.default_mjsoul().sanchaho_is_draw is False
    ref = Referee(MAJSOUL, seed=5, walls=scripted(THREE_WAIT, "9s", MAJSOUL))  # type: ignore[arg-type]
    log = first_hand(ref, greedy)
    assert [h.actor for h in log if isinstance(h, Hora)] == [1, 2, 3]
    assert not any(isinstance(e, Ryukyoku) for e in log)


# --- the scorekeeper -----------------------------------------------------------------


def test_textbook_ends_the_match_when_someone_cannot_pay() -> None:
    """000 対局の終了: 支払いのできないものが現れる; 収支: 不足が出たら他家が折半して負担
    する. The payer short of a dealer yakuman pays what it holds, the others split the
    rest, and the match is over."""
    assert "支払いのできないものが現れる" in SEED_000 and "他家が折半して負担する" in SEED_000
    m = Match.new(TEXTBOOK, ("Aoi", "Ben", "Chie", "Dai"))
    m = m.add(Hand.ron(discarder=1, winners=(Winner(seat=0, limit="yakuman"),)))
    ledger = m.ledger()
    assert ledger.hands[0].deltas == (48000, -25000, -11500, -11500)
    assert ledger.over and ledger.final is not None
    with pytest.raises(KeepError, match="the match is over"):
        m.add(Hand.draw(()))


def test_keep_tenhou6_export_reads_back_with_riichi_and_chombo() -> None:
    m = Match.new(TEXTBOOK, ("A", "B", "C", "D"))
    m = m.add(Hand.draw((0,), riichi=(0,)))
    m = m.add(Hand.ron(discarder=1, winners=(Winner(seat=0, han=2, fu=40),), riichi=(2,)))
    m = m.add(Hand.chombo(3))
    data = keep_tenhou6(m)
    assert data["rule"] == {"disp": "般南", "aka53": 0, "aka52": 0, "aka51": 0}
    rounds = data["log"]
    # every round starts at the last one's scores plus its deltas, riichi sticks included
    for before, after in itertools.pairwise(rounds):
        deltas = [sum(x) for x in zip(*before[16][1::2], strict=True)]
        assert [a + d for a, d in zip(before[1], deltas, strict=True)] == after[1]
    assert rounds[1][16][1] == [6200, -4200, -1000, 0]
    assert rounds[2][16] == ["錯和", [4000, 2000, 2000, -8000]]
    game = read_tenhou6(data, strict=True)
    assert game.players == 4
    assert [r[0].deltas for r in game.results] == [tuple(h.deltas) for h in m.ledger().hands]
    assert [type(e).__name__ for e in game.events if not isinstance(e, StartKyoku)][-2:] == [
        "Penalty",
        "EndKyoku",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tsumo", "--win", "B:mangan", "--nagashi", "C"], "--nagashi does not apply to a tsumo"),
        (["ron", "--from", "A", "--win", "B:3:30", "--tenpai", "C"], "--tenpai does not apply"),
        (["draw", "--win", "B:1:30"], "--win does not apply to a draw"),
        (["draw", "--offender", "B"], "--offender does not apply to a draw"),
        (["chombo", "--offender", "B", "--tenpai", "A"], "--tenpai does not apply"),
        (["draw", "--json", "{}"], "--json gives the whole hand"),
        (["ron", "--from", "B", "--win", "B:1:30"], "B dealt in"),
        (["draw", "--at", "0"], "no hand 0 (the match has hand 1)"),
        (["draw", "--at", "3"], "no hand 3 (the match has hand 1)"),
    ],
)
def test_keep_add_refuses_what_does_not_apply_naming_players_and_hands(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "keep.db"
    assert keep_run(db, capsys, "new", "A", "B", "C", "D")[0] == 0
    assert keep_run(db, capsys, "add", "1", "draw")[0] == 0
    status, _, err = keep_run(db, capsys, "add", "1", *args)
    assert status == 2
    assert message in one_error_line(err)
    status, _, err = keep_run(db, capsys, "delete", "1", "2")
    assert status == 2 and "no hand 2 (the match has hand 1)" in one_error_line(err)


def test_keep_shows_pao_in_the_board_and_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "keep.db"
    assert keep_run(db, capsys, "new", "A", "B", "C", "D")[0] == 0
    assert keep_run(db, capsys, "add", "1", "tsumo", "--win", "B:yakuman", "--pao", "D")[0] == 0
    status, out, _ = keep_run(db, capsys, "show", "1")
    assert status == 0 and "B yakuman (D liable, pao) by tsumo" in out
    status, out, _ = keep_run(db, capsys, "export", "1", "--format", "csv")
    assert "(D liable, pao)" in out.splitlines()[1]


# --- every subcommand on bad input: one line, a non-zero status, never a traceback ---

BAD_INPUTS = [
    ["shanten", "?"],
    ["shanten", "🀫🀇🀈🀉🀊🀋🀌🀍🀎🀏🀐🀑🀒🀓"],
    ["shanten", "123m456p789s1z[111m]"],
    ["shanten", "123x"],
    ["shanten"],
    ["advise", "?"],
    ["advise", "1m"],
    ["score", "123456789m1234p"],
    ["score", "123m456p789s11555z", "--dora", "11111m"],
    ["score", "123m456p789s11555z", "--seat", "X"],
    ["score", "--batch", "-", "--riichi"],
    ["rules", "nosuch"],
    ["selfplay", "--games", "0"],
    ["selfplay", "--seed", "-1"],
    ["selfplay", "--players", "5"],
    ["selfplay", "--players", "3", "--rules", "textbook"],
    ["selfplay", "--agents", "random,nosuch"],
    ["selfplay", "--timeout", "0"],
    ["arena", "--agents", "random", "--games", "0"],
    ["arena", "--agents", "random", "--seed", "-1"],
    ["arena", "--agents", "random", "--jobs", "0"],
    ["play", "--seed", "-1"],
    ["play", "--players", "5"],
    ["play", "--rules", "nosuch"],
    ["replay", "--jobs", "0", "x.xml"],
    ["mjai-server", "--port", "70000"],
    ["mjai-server", "--port", "-1"],
    ["mjai-server", "--port", "0", "--games", "0"],
    ["mjai-client", "--agent", "random", "x", "--games", "0"],
    ["mjai-client", "--agent", "random", "nohostport"],
    ["serve", "--port", "70000"],
    ["keep", "serve", "--port", "70000"],
    ["keep", "serve", "--port", "-1"],
    ["keep", "show", "99"],
    ["keep", "add", "1", "tsumo", "--win", "A:yakuman:0"],
    ["keep", "new", "A", "A", "B", "C"],
    ["keep", "delete", "1", "99"],
    ["nosuch"],
    [],
]


@pytest.mark.parametrize("args", BAD_INPUTS, ids=lambda a: " ".join(a) or "(nothing)")
def test_every_subcommand_says_one_line_on_bad_input(
    args: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("JANTAKU_DB", str(tmp_path / "store.sqlite3"))
    monkeypatch.setattr("sys.stdin", io.StringIO("123m456p789s11555z --win 1z\n"))
    if args[:1] == ["keep"] and args[1] in ("add", "delete"):
        assert main(["keep", "new", "A", "B", "C", "D"]) == 0
        capsys.readouterr()
    try:
        status = main(args)
    except SystemExit as e:
        status = e.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert status not in (0, None), out
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("jantaku"), err


# --- the API -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand", ["123m456p789s1122z", "🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀🀁🀁", "1m 2m 3m 4p 5p 6p 7s 8s 9s E E S S"]
)
def test_analysis_takes_a_hand_in_notation_or_a_hand(hand: str) -> None:
    counts = counts34(parse_hand(hand).concealed)
    assert shanten(hand) == shanten(parse_hand(hand)) == shanten(counts) == 0
    assert waits(hand) == waits(parse_hand(hand)) == waits(counts)
    drawn = parse_hand("123m456p789s11225z")
    assert advise("123m456p789s11225z") == advise(drawn) == advise(counts34(drawn.concealed))
    assert shanten("123m45p [1-23s]") == 0  # the concealed tiles; the melds are left out


def test_typed_errors_where_the_readme_promises_them() -> None:
    with pytest.raises(ArgumentTypeError):
        counts34(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        read_mjai_game(123)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError):
        shanten(None)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        read_record(123)  # type: ignore[arg-type]


def test_one_reader_and_one_replay_for_every_format(tmp_path: Path) -> None:
    xml = _DOUBLE
    tenhou6 = tmp_path / "game.json"
    tenhou6.write_text(json.dumps(to_tenhou6(read_xml(gzip.decompress(xml.read_bytes())))))
    mjai = tmp_path / "game.jsonl"
    with mjai.open("w") as f:
        play_match([make_agent("efficiency", seed=i) for i in range(4)], TENHOU, 3, f)
    formats = []
    for path in (xml, tenhou6, mjai):
        record = read_record(path)
        formats.append(record.format)
        assert record.events and record.rules.players == 4
        assert replay(record).ok and replay(path).ok
    assert formats == ["mjlog", "tenhou6", "mjai"]
    assert replay(list(read_record(mjai).events)).ok


def test_events_and_actions_print_in_tile_notation() -> None:
    assert repr(Dahai(1, 36, True)) == "Dahai(actor=1, pai='5sr', tsumogiri=True)"
    assert repr(Pon(2, 0, 31, (31, 31))) == "Pon(actor=2, target=0, pai='P', consumed='55z')"
    assert repr(Hora(1, 0, pai=4)) == "Hora(actor=1, target=0, pai='5m')"
    assert repr(Pass(3)) == "Pass(actor=3)"
    assert repr(Dahai(0, 99, False)) == "Dahai(actor=0, pai=99, tsumogiri=False)"  # never raises
    start = Referee(TENHOU, seed=1).log[1]
    assert repr(start).startswith("StartKyoku(bakaze='E', kyoku=1, honba=0")
    # the tiles shown are the tiles held: read back, they are the same
    assert isinstance(start, StartKyoku)
    shown = repr(start).split("tehais=(")[1].split(")")[0]
    hands = [parse_tiles(h.strip(" '")) for h in shown.split(",")]
    assert hands == [tuple(h) for h in start.tehais]


# --- the common flags: one spelling, one range ---------------------------------------

_REQUIRED = {
    "selfplay": [],
    "arena": ["--agents", "random"],
    "play": [],
    "mjai-server": ["--port", "0"],
    "mjai-client": ["--agent", "random", "localhost:1"],
}
_COMMON = {
    "--games": (["selfplay", "arena", "mjai-server", "mjai-client"], "1", "0"),
    "--seed": (["selfplay", "arena", "play", "mjai-server"], "5", "-1"),
    "--players": (["selfplay", "arena", "play"], "3", "5"),
    "--timeout": (["selfplay", "play", "mjai-server"], "2.5", "0"),
}


@pytest.mark.parametrize("flag", sorted(_COMMON))
def test_the_common_flags_read_the_same_everywhere(
    flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    commands, good, bad = _COMMON[flag]
    for command in commands:
        parser = build_parser(command)
        args = parser.parse_args([command, *_REQUIRED[command], flag, good])
        name = flag.lstrip("-")
        assert getattr(args, name, None) is not None or args.time_budget == 2.5
        with pytest.raises(SystemExit):
            parser.parse_args([command, *_REQUIRED[command], flag, bad])
        assert "Traceback" not in capsys.readouterr().err


def test_keep_takes_its_store_before_or_after_the_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "k.sqlite3"
    assert main(["keep", "new", "A", "B", "C", "D", "--db", str(db)]) == 0
    assert main(["keep", "--db", str(db), "show", "1"]) == 0
    assert main(["keep", "show", "1", "--db", str(db)]) == 0
    assert "25000" in capsys.readouterr().out


def test_selfplay_fills_the_seats_as_the_arena_does(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["selfplay", "--games", "1", "--agents", "efficiency,random", "--json"], capsys
    )
    assert status == 0
    assert sorted(json.loads(out)["agents"]) == [
        "0:efficiency",
        "1:random",
        "2:efficiency",
        "3:random",
    ]


def test_an_interrupted_arena_reports_the_games_that_finished(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import jantaku.arena

    real = jantaku.arena.play_game
    played: list[int] = []

    def play_then_stop(job: jantaku.arena.GameJob) -> jantaku.arena.GameRecord:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(job.game)
        return real(job)

    monkeypatch.setattr(jantaku.arena, "play_game", play_then_stop)
    status, out, _ = run(
        ["arena", "--agents", "efficiency,tsumogiri", "--games", "5", "--jobs", "1", "--no-store"],
        capsys,
    )
    assert status == 130
    assert out.startswith("interrupted after 3 of 10 games (not stored)")
    assert "efficiency: 6 seats played" in out


def test_the_arena_progress_counts_seatings(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two agents at four seats play each wall twice (ABAB, BABA): the bar's total is
    the games played, not walls × players."""
    import jantaku.cli.arena

    seen: list[tuple[int, int]] = []
    monkeypatch.setattr(
        jantaku.cli.arena,
        "_progress_bar",
        lambda total: (lambda done, _: seen.append((done, total)), lambda: None),
    )
    args = ["arena", "--agents", "efficiency,tsumogiri", "--games", "2", "--jobs", "1"]
    status, _, _ = run([*args, "--no-store"], capsys)
    assert status == 0 and seen[-1] == (4, 4)


def test_every_event_and_action_says_its_kind() -> None:
    from jantaku.events import event_to_mjai

    ref = Referee(TENHOU, seed=2)
    rng = random.Random(2)
    events = ref.play(lambda seat, state, legal: rng.choice(legal))
    for e in events:
        assert e.kind == event_to_mjai(e)["type"]
    assert Pass(0).kind == "none"


def test_keep_new_takes_the_tables_own_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "keep.db"
    status, out, _ = keep_run(
        db, capsys, "new", "A", "B", "C", "D", "--start-points", "30000", "--uma", "15,5,-5,-15"
    )
    assert status == 0
    assert "30,000 start, 35,000 back, uma +15/+5/-5/-15" in out
    status, out, _ = keep_run(db, capsys, "show", "1", "--json")
    assert json.loads(out)["scores"] == [30000] * 4
    status, _, err = keep_run(db, capsys, "new", "A", "B", "C", "D", "--uma", "1,2")
    assert status == 2 and "uma needs 4 places" in one_error_line(err)


def test_keep_exports_an_mjai_log_of_the_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "keep.db"
    assert keep_run(db, capsys, "new", "A", "B", "C", "D")[0] == 0
    assert keep_run(db, capsys, "add", "1", "ron", "--from", "C", "--win", "B:3:30")[0] == 0
    assert keep_run(db, capsys, "add", "1", "draw", "--tenpai", "A", "--riichi", "A")[0] == 0
    status, out, _ = keep_run(db, capsys, "export", "1", "--format", "mjai")
    assert status == 0
    game = MjaiReader(out.splitlines()).read_game()
    assert game is not None
    results = [e for e in game.events if e.kind in ("hora", "ryukyoku")]
    assert [e.deltas for e in results] == [(0, 3900, -3900, 0), (2000, -1000, -1000, -1000)]


def test_keep_show_gives_each_place_and_the_gap_above(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "keep.db"
    assert keep_run(db, capsys, "new", "A", "B", "C", "D")[0] == 0
    assert keep_run(db, capsys, "add", "1", "ron", "--from", "C", "--win", "B:3:30")[0] == 0
    _, out, _ = keep_run(db, capsys, "show", "1")
    place = next(line for line in out.splitlines() if line.startswith("place"))
    behind = next(line for line in out.splitlines() if line.startswith("behind"))
    assert place.split()[1:] == ["2nd", "1st", "4th", "3rd"]
    assert behind.split()[4:] == ["-3900", "-3900", "0"]


def test_serve_on_a_busy_port_says_so_in_one_line_and_prints_no_url(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("uvicorn")
    import socket

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        status = main(["serve", "--port", str(port), "--db", str(tmp_path / "s.sqlite3")])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.strip().splitlines() == [
        f"jantaku: error: cannot listen on 127.0.0.1:{port}: Address already in use "
        "(another server there? choose another --port)"
    ]
