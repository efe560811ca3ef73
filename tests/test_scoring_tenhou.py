"""Every win of the Tenhou records scored from its tiles alone (S, Y, X; issue 3 §3).

Each ``AGARI`` of ``data/tenhou_xml`` gives the winner's tiles, melds, winning tile,
dora and ura indicators, honba, deposits and the seats; the situation flags that the
tiles cannot show (riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou)
are taken from the record's yaku list. We score the win under the ``tenhou`` (or
``tenhou-sanma``) preset and compare fu, han, the yaku, the limit, the hand's points and
every seat's point change with the record: 6,749 wins of 809 games (four and three
players), all equal.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from jantaku.logs.tenhou import decode_meld, tile_of_id
from jantaku.meld import Meld, MeldKind
from jantaku.rules import TENHOU, TENHOU_SANMA
from jantaku.scoring import Riichi, WinSituation, score_win

DATA = Path("/work/shared/data/tenhou_xml")
FILES = sorted(
    p for p in DATA.rglob("*.xml*") if "nonstandard" not in str(p) and p.suffix in (".xml", ".gz")
)
_ELEMENT = re.compile(r"<(GO|INIT|AGARI|RYUUKYOKU)\b([^>]*)/>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_KINDS = {
    "chi": MeldKind.CHII,
    "pon": MeldKind.PON,
    "daiminkan": MeldKind.DAIMINKAN,
    "kakan": MeldKind.KAKAN,
    "ankan": MeldKind.ANKAN,
}
DORA_IDS = (52, 53, 54)
LIMITS = {
    "none": 0,
    "mangan": 1,
    "haneman": 2,
    "baiman": 3,
    "sanbaiman": 4,
    "kazoe yakuman": 5,
    "yakuman": 5,
}


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _meld(code: int, who: int) -> Meld | None:
    m = decode_meld(code, who=who)
    if m.kind == "kita":
        return None
    tiles = tuple(tile_of_id(i) for i in m.ids)
    kind = _KINDS[m.kind]
    if kind is MeldKind.ANKAN:
        return Meld(kind, tiles)
    assert m.called is not None and m.target is not None
    rel = (m.target - who) % 4
    if kind is MeldKind.KAKAN:
        assert m.added is not None
        added = tile_of_id(m.added)
        return Meld(kind, (*tiles, added), tile_of_id(m.called), rel, added)
    return Meld(kind, tiles, tile_of_id(m.called), rel)


def _wins(path: Path) -> list[tuple[str, dict[str, str], int, int, bool, bool]]:
    raw = path.read_bytes()
    text = (gzip.decompress(raw) if path.suffix == ".gz" else raw).decode("utf-8")
    out = []
    sanma = False
    oya = bakaze = 0
    previous = ""
    for tag, attrs_text in _ELEMENT.findall(text):
        attrs = dict(_ATTR.findall(attrs_text))
        if tag == "GO":
            sanma = bool(int(attrs.get("type", "0")) & 0x10)
        elif tag == "INIT":
            oya = int(attrs["oya"])
            bakaze = 27 + _ints(attrs["seed"])[0] // 4
        elif tag == "AGARI":
            out.append((path.name, attrs, oya, bakaze, sanma, previous == "AGARI"))
        previous = tag
    return out


def _check(
    name: str, a: dict[str, str], oya: int, bakaze: int, sanma: bool, second: bool
) -> str | None:
    who, from_who = int(a["who"]), int(a["fromWho"])
    melds = []
    kita = 0
    for code in _ints(a.get("m", "")):
        m = _meld(code, who)
        if m is None:
            kita += 1
        else:
            melds.append(m)
    yaku = _ints(a.get("yaku", ""))
    pairs = dict(zip(yaku[::2], yaku[1::2], strict=True))
    yakuman = _ints(a.get("yakuman", ""))
    ids = set(pairs) | set(yakuman)
    honba, sticks = _ints(a["ba"])
    riichi = Riichi.DOUBLE if 21 in ids else Riichi.RIICHI if 1 in ids else Riichi.NONE
    rules = TENHOU_SANMA if sanma else TENHOU
    s = WinSituation(
        concealed=tuple(tile_of_id(i) for i in _ints(a["hai"])),
        melds=tuple(melds),
        win_tile=tile_of_id(int(a["machi"])),
        discarder=None if who == from_who else from_who,
        riichi=riichi,
        ippatsu=2 in ids,
        haitei=5 in ids,
        houtei=6 in ids,
        rinshan=4 in ids,
        chankan=3 in ids,
        first_turn=bool({37, 38} & ids),
        round_wind=bakaze,
        winner=who,
        dealer=oya,
        pao=int(a["paoWho"]) if "paoWho" in a else None,
        dora_indicators=tuple(tile_of_id(i) for i in _ints(a["doraHai"])),
        ura_indicators=tuple(tile_of_id(i) for i in _ints(a.get("doraHaiUra", ""))),
        kita=kita,
        honba=0 if second else honba,
        deposits=0 if second else sticks,
        rules=rules,
    )
    r = score_win(s)
    fu, points, limit = _ints(a["ten"])
    han = sum(pairs.values()) if pairs else 13 * len(yakuman)
    theirs_ids = {i for i in ids if i not in DORA_IDS}
    ours_ids = {y_id for y_id in (_tenhou_id(y.id) for y in r.yaku)}
    sc = _ints(a["sc"])
    deltas = tuple(100 * d for d in sc[1::2])[: rules.players]
    got = (r.han, r.total, ours_ids, r.deltas, r.fu if not r.yakuman else fu, LIMITS[r.limit.value])
    want = (han, points, theirs_ids, deltas, fu, limit)
    if got != want:
        return f"{name} who={who}: got {got}, record {want}"
    return None


def _tenhou_id(yaku_id: str) -> int | None:
    from jantaku.scoring import BY_ID

    return BY_ID[yaku_id].tenhou_id


def _run(files: list[Path]) -> tuple[int, list[str]]:
    count = 0
    failures = []
    for path in files:
        for win in _wins(path):
            count += 1
            problem = _check(*win)
            if problem:
                failures.append(problem)
    return count, failures


def test_every_tenhou_win_scores_as_recorded() -> None:
    count, failures = _run(FILES)
    assert len(FILES) > 800 and count > 6500
    assert failures == []
