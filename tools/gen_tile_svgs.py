"""Generate the tile faces shipped in ``src/jantaku/web/static/tiles/``.

One SVG per tile, ``viewBox="0 0 60 80"``, the face only (the page draws the tile's
body): ``1m``…``9m`` and ``0m`` (the red five), the same for ``p`` and ``s``, ``1z``…``7z``
(東 南 西 北, 白 haku, 發 hatsu, 中 chun), ``1f``…``8f`` (梅 蘭 竹 菊, 春 夏 秋 冬, in the
order of the Unicode mahjong block) and ``back``.

The colours follow the usual Japanese set: man tiles a dark numeral over a red 萬 (the
red five all red); pin tiles circles in blue, green and red (6p, 7p two or three green
over four red; 8p all blue; 9p rows of blue, red and green); sou tiles green bamboo
with red at 5s's centre, 7s's top and 9s's middle column, 1s a bird; winds in black,
中 red, 發 green, 白 a blank face in a blue frame. The red fives draw every circle and
stick red.

Writing is drawn as SVG paths, never ``<text>``: the glyph outlines come from Noto
Serif CJK JP Bold (SIL Open Font License 1.1, see ``tiles/LICENSE``), read with
fontTools, so the page needs no font at run time. The outlines are scaled into the
tile, rounded to a tenth of a unit and written with relative commands to keep each file
at a few KB. The output is deterministic: the test suite regenerates the set into a
temporary folder and compares it byte for byte with the shipped files.

Run ``python tools/gen_tile_svgs.py`` (needs ``fonttools``, in the ``test`` extra, and
Debian's ``fonts-noto-cjk``); ``--check`` compares with the shipped files instead of
writing them; ``--out DIR`` writes elsewhere.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent.parent / "src" / "jantaku" / "web" / "static" / "tiles"
FONT = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
FONT_NUMBER = 0  # the JP face of the collection
FONT_VERSION = "Version 2.001"
"""The font version the shipped files were made from (another version may draw differently)."""

WIDTH, HEIGHT = 60, 80

IVORY = "#fbf8ef"
EDGE = "#d3ccb8"
INK = "#1c1d33"
RED = "#d11f2c"
BLUE = "#1f4e9e"
GREEN = "#19804a"
PIN_GREEN = "#1f8a4c"
FRAME_BLUE = "#2e6fd6"
DARK = {GREEN: "#0d5a31", RED: "#9c1420"}
BACK = "#e99a2c"
BACK_DARK = "#c9781b"

NUMERALS = "一二三四五六七八九"
HONORS = "東南西北白發中"
FLOWERS = "梅蘭竹菊春夏秋冬"


# --- numbers and paths ---------------------------------------------------------------------


def num(tenths: int) -> str:
    """A length in tenths of a unit, written short: ``15 -> "1.5"``, ``-5 -> "-.5"``."""
    if tenths % 10 == 0:
        return str(tenths // 10)
    sign = "-" if tenths < 0 else ""
    whole, frac = divmod(abs(tenths), 10)
    return f"{sign}{whole if whole else ''}.{frac}"


def join_numbers(values: list[int], previous: str = "") -> str:
    """Numbers with the fewest separators SVG path syntax allows after ``previous``."""
    out: list[str] = []
    for v in values:
        text = num(v)
        if previous and not (text.startswith("-") or (text.startswith(".") and "." in previous)):
            out.append(" ")
        out.append(text)
        previous = text
    return "".join(out)


def fmt(value: float) -> str:
    """A coordinate for an attribute, rounded to a tenth."""
    return num(round(value * 10))


class PathWriter:
    """Collect absolute points (in tenths) and write them as a compact relative path."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.command = ""
        self.x = self.y = 0
        self.start = (0, 0)
        self.last = ""

    def _emit(self, command: str, values: list[int]) -> None:
        if command != self.command or command == "m":
            self.parts.append(command)
            self.last = ""
        text = join_numbers(values, self.last)
        self.parts.append(text)
        self.last = num(values[-1])
        self.command = command

    def move(self, x: int, y: int) -> None:
        self._emit("m", [x - self.x, y - self.y])
        self.command = "m"
        self.x, self.y = x, y
        self.start = (x, y)

    def line(self, x: int, y: int) -> None:
        dx, dy = x - self.x, y - self.y
        if dx == 0 and dy == 0:
            return
        if dy == 0:
            self._emit("h", [dx])
        elif dx == 0:
            self._emit("v", [dy])
        else:
            self._emit("l", [dx, dy])
        self.x, self.y = x, y

    def curve(self, x1: int, y1: int, x2: int, y2: int, x: int, y: int) -> None:
        ox, oy = self.x, self.y
        if (x1, y1, x2, y2) == (ox, oy, x, y):
            self.line(x, y)
            return
        self._emit("c", [x1 - ox, y1 - oy, x2 - ox, y2 - oy, x - ox, y - oy])
        self.x, self.y = x, y

    def close(self) -> None:
        self.parts.append("z")
        self.command = "z"
        self.x, self.y = self.start

    def text(self) -> str:
        return "".join(self.parts)


@dataclass(frozen=True)
class Box:
    """Where a glyph's em square goes on the tile: left, top, width, height."""

    x: float
    y: float
    w: float
    h: float


class Font:
    """Glyph outlines of one face of the CJK collection, as path data placed on the tile."""

    def __init__(self, path: Path = FONT, number: int = FONT_NUMBER) -> None:
        from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

        self.font: Any = TTFont(str(path), fontNumber=number, lazy=True)
        self.version = str(self.font["name"].getDebugName(5)).split(";")[0]
        self.glyphs = self.font.getGlyphSet()
        self.cmap = self.font.getBestCmap()
        os2 = self.font["OS/2"]
        self.top = float(os2.sTypoAscender)  # the ideographic em box: 880 … -120
        self.bottom = float(os2.sTypoDescender)
        self.em = float(self.font["head"].unitsPerEm)

    def path(self, char: str, box: Box) -> str:
        """The outline of ``char`` with its em square scaled into ``box``."""
        from fontTools.pens.basePen import BasePen  # type: ignore[import-untyped]

        sx = box.w / self.em
        sy = box.h / (self.top - self.bottom)
        writer = PathWriter()

        def point(p: tuple[float, float]) -> tuple[int, int]:
            return round((box.x + p[0] * sx) * 10), round((box.y + (self.top - p[1]) * sy) * 10)

        class Pen(BasePen):  # type: ignore[misc]
            def _moveTo(self, p: tuple[float, float]) -> None:
                writer.move(*point(p))

            def _lineTo(self, p: tuple[float, float]) -> None:
                writer.line(*point(p))

            def _curveToOne(
                self, p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]
            ) -> None:
                writer.curve(*point(p1), *point(p2), *point(p3))

            def _closePath(self) -> None:
                writer.close()

        self.glyphs[self.cmap[ord(char)]].draw(Pen(self.glyphs))
        return writer.text()


# --- drawing -------------------------------------------------------------------------------


def face() -> str:
    return f'<rect x=".5" y=".5" width="59" height="79" rx="5.5" fill="{IVORY}" stroke="{EDGE}"/>'


def svg(title: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f"<title>{title}</title>" + "".join(body) + "</svg>\n"
    )


def glyph(font: Font, char: str, box: Box, colour: str) -> str:
    return f'<path fill="{colour}" d="{font.path(char, box)}"/>'


def circle(cx: float, cy: float, r: float, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}"{extra}/>'


def coin(cx: float, cy: float, r: float, colour: str) -> str:
    """One circle of a pin tile: a coloured ring, an ivory band, a coloured eye."""
    return "".join(
        [
            circle(cx, cy, r, fill=colour),
            circle(cx, cy, r * 0.72, fill=IVORY),
            circle(cx, cy, r * 0.58, fill=colour),
            circle(cx, cy, r * 0.2, fill=IVORY),
        ]
    )


def stick(cx: float, cy: float, h: float, colour: str, angle: float = 0, w: float = 8) -> str:
    """One bamboo stick: a rounded stem with a joint at the middle and near each end."""
    x, y = cx - w / 2, cy - h / 2
    dark = DARK[colour]
    parts = [
        f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" '
        f'rx="{fmt(w * 0.45)}" fill="{colour}"/>',
        # the joints: a darker ring with an ivory notch across the stem
        f'<path stroke="{dark}" stroke-width="2.4" d="M{fmt(x - 0.4)} {fmt(cy)}h{fmt(w + 0.8)}'
        f'M{fmt(x)} {fmt(y + 3.2)}h{fmt(w)}M{fmt(x)} {fmt(y + h - 3.2)}h{fmt(w)}"/>',
        f'<path stroke="{IVORY}" stroke-width=".8" d="M{fmt(x + 0.6)} {fmt(cy)}h{fmt(w - 1.2)}'
        f"M{fmt(x + 1)} {fmt(y + 3.2)}h{fmt(w - 2)}"
        f'M{fmt(x + 1)} {fmt(y + h - 3.2)}h{fmt(w - 2)}"/>',
        # a light vein along the stem
        f'<path stroke="{IVORY}" stroke-opacity=".6" stroke-width="1" stroke-linecap="round" '
        f'd="M{fmt(cx - w * 0.12)} {fmt(y + 6)}V{fmt(cy - 3)}M{fmt(cx - w * 0.12)} {fmt(cy + 3)}'
        f'V{fmt(y + h - 6)}"/>',
    ]
    if angle:
        return f'<g transform="rotate({fmt(angle)} {fmt(cx)} {fmt(cy)})">{"".join(parts)}</g>'
    return "".join(parts)


def man(font: Font, n: int, red: bool) -> str:
    numeral = RED if red else INK
    body = [
        face(),
        glyph(font, NUMERALS[n - 1], Box(9, 5, 42, 28), numeral),
        glyph(font, "萬", Box(7, 35.5, 46, 41), RED),
    ]
    return svg(f"{n}m" if not red else "0m", body)


Layout = tuple[float, Sequence[tuple[float, float, str]]]
"""A pin tile: the circles' radius, and each circle's centre and colour."""

PIN_LAYOUTS: dict[int, Layout] = {
    2: (12.5, [(30, 22, PIN_GREEN), (30, 58, BLUE)]),
    3: (10.5, [(16, 17, BLUE), (30, 40, RED), (44, 63, PIN_GREEN)]),
    4: (11, [(17, 23, BLUE), (43, 23, PIN_GREEN), (17, 57, PIN_GREEN), (43, 57, BLUE)]),
    5: (
        10,
        [
            (16, 17, BLUE),
            (44, 17, PIN_GREEN),
            (30, 40, RED),
            (16, 63, PIN_GREEN),
            (44, 63, BLUE),
        ],
    ),
    6: (
        9,
        [(18.5, 14, PIN_GREEN), (41.5, 14, PIN_GREEN)]
        + [(x, y, RED) for y in (43, 65) for x in (18.5, 41.5)],
    ),
    7: (
        8.3,
        [(14, 12, PIN_GREEN), (30, 19, PIN_GREEN), (46, 26, PIN_GREEN)]
        + [(x, y, RED) for y in (47, 67) for x in (19, 41)],
    ),
    8: (8.5, [(x, y, BLUE) for y in (13, 31, 49, 67) for x in (19, 41)]),
    9: (
        8.5,
        [(x, y, c) for y, c in ((15, BLUE), (40, RED), (65, PIN_GREEN)) for x in (13, 30, 47)],
    ),
}


def one_pin() -> list[str]:
    """1p: a large ornamented circle."""
    cx, cy = 30, 40
    parts = [
        circle(cx, cy, 25, fill=PIN_GREEN),
        circle(cx, cy, 22.6, fill=IVORY),
        circle(cx, cy, 21, fill=BLUE),
        circle(cx, cy, 18.6, fill=IVORY),
    ]
    for i in range(12):  # a ring of red beads
        a = 2 * math.pi * i / 12
        parts.append(circle(cx + 15.3 * math.cos(a), cy + 15.3 * math.sin(a), 2.3, fill=RED))
    parts += [
        circle(cx, cy, 11, fill=PIN_GREEN),
        circle(cx, cy, 8.8, fill=IVORY),
    ]
    for i in range(8):  # a flower of eight petals
        a = 2 * math.pi * (i + 0.5) / 8
        parts.append(circle(cx + 5.2 * math.cos(a), cy + 5.2 * math.sin(a), 2.4, fill=RED))
    parts.append(circle(cx, cy, 2.6, fill=BLUE))
    return parts


def pin(n: int, red: bool) -> str:
    if n == 1:
        return svg("1p", [face(), *one_pin()])
    r, layout = PIN_LAYOUTS[n]
    body = [face()] + [coin(x, y, r, RED if red else c) for x, y, c in layout]
    return svg("0p" if red else f"{n}p", body)


Stick = tuple[float, float, float, float, bool]
"""A bamboo stick: centre x and y, length, angle, whether it is red."""

SOU_LAYOUTS: dict[int, Sequence[Stick]] = {
    # (x, y, height, angle, red)
    2: [(30, 22, 33, 0, False), (30, 58, 33, 0, False)],
    3: [(30, 22, 33, 0, False), (18.5, 58, 33, 0, False), (41.5, 58, 33, 0, False)],
    4: [(x, y, 33, 0, False) for y in (22, 58) for x in (18.5, 41.5)],
    5: [(x, y, 31, 0, False) for y in (21, 59) for x in (13.5, 46.5)] + [(30, 40, 31, 0, True)],
    6: [(x, y, 33, 0, False) for y in (22, 58) for x in (13.5, 30, 46.5)],
    7: [(30, 15, 23, 0, True)] + [(x, y, 23, 0, False) for y in (40, 64) for x in (13.5, 30, 46.5)],
    8: [
        (9.5, 22, 33, 0, False),
        (22.5, 22, 33, -16, False),
        (37.5, 22, 33, 16, False),
        (50.5, 22, 33, 0, False),
        (9.5, 58, 33, 0, False),
        (22.5, 58, 33, 16, False),
        (37.5, 58, 33, -16, False),
        (50.5, 58, 33, 0, False),
    ],
    9: [(x, y, 23, 0, x == 30) for y in (15.5, 40, 64.5) for x in (13.5, 30, 46.5)],
}


def bird() -> list[str]:
    """1s: a stylised peacock standing on a bamboo stem, looking left."""
    return [
        # the tail: three feathers fanning down behind the body, with eyes
        f'<path fill="{GREEN}" d="M30 46C22 56 14 66 11 75c7-1 14-8 19-20'
        'C28 64 27 71 30 77c4-6 3-13 1-22C36 66 42 72 49 75c-3-9-11-19-19-29z"/>',
        f'<path fill="none" stroke="{IVORY}" stroke-width=".9" d="M29 56C25 62 20 67 15 71'
        'M30 57v14M31 56c4 6 9 11 14 15"/>',
        circle(15.5, 70.5, 2.6, fill=BLUE),
        circle(30, 71, 2.6, fill=BLUE),
        circle(44.5, 70.5, 2.6, fill=BLUE),
        circle(15.5, 70.5, 1.1, fill=RED),
        circle(30, 71, 1.1, fill=RED),
        circle(44.5, 70.5, 1.1, fill=RED),
        # the body and the neck
        f'<path fill="{GREEN}" d="M22 44c0-9 4-15 8-20c-2-4-2-9 1-12c3-2 8-1 9 3'
        'c1 3 0 6-3 8c3 5 6 11 5 19c-1 7-6 11-11 11c-6 0-9-4-9-9z"/>',
        # the wing
        f'<path fill="{BLUE}" d="M25 42c3-6 9-8 13-6c-1 7-6 13-14 14c0-3 0-5 1-8z"/>',
        f'<path fill="none" stroke="{IVORY}" stroke-width="1" d="M27 45c3-3 6-4 9-5'
        'M26 48c4-2 7-3 9-5"/>',
        # the crest, the beak and the eye
        f'<path fill="{RED}" d="M33 12c-1-4 0-7 2-8c0 3 1 4 3 5c-2 0-3 1-5 3z'
        'M32 11c-3-3-3-6-2-8c1 2 2 4 3 5z"/>',
        f'<path fill="{RED}" d="M31 15l-7 3l7 1z"/>',
        circle(34.2, 15.2, 1.6, fill=IVORY),
        circle(34.4, 15.2, 0.8, fill=INK),
        # the feet, on the tail
        f'<path fill="none" stroke="{RED}" stroke-width="1.3" stroke-linecap="round" '
        'd="M28 54v4l-2.5 1.5M28 58l2 1.5M33 54v4l-2 1.5M33 58l2.5 1.5"/>',
    ]


def sou(n: int, red: bool) -> str:
    if n == 1:
        return svg("1s", [face(), *bird()])
    body = [face()]
    for x, y, h, angle, is_red in SOU_LAYOUTS[n]:
        body.append(stick(x, y, h, RED if (red or is_red) else GREEN, angle))
    return svg("0s" if red else f"{n}s", body)


def honor(font: Font, n: int) -> str:
    char = HONORS[n - 1]
    if char == "白":
        frame = (
            f'<rect x="11" y="12" width="38" height="56" rx="3" fill="none" '
            f'stroke="{FRAME_BLUE}" stroke-width="3.2"/>'
        )
        return svg(f"{n}z", [face(), frame])
    colour = {"發": GREEN, "中": RED}.get(char, INK)
    return svg(f"{n}z", [face(), glyph(font, char, Box(5, 12, 50, 56), colour)])


def flower(font: Font, n: int) -> str:
    colour = (RED, BLUE, GREEN, INK)[(n - 1) % 4]
    body = [
        face(),
        glyph(font, FLOWERS[n - 1], Box(8, 18, 44, 48), colour),
        glyph(font, NUMERALS[(n - 1) % 4], Box(5, 4, 14, 14), RED),
    ]
    return svg(f"{n}f", body)


def back() -> str:
    body = [
        f'<rect x=".5" y=".5" width="59" height="79" rx="5.5" fill="{BACK}" stroke="{BACK_DARK}"/>',
        f'<rect x="5" y="5" width="50" height="70" rx="3.5" fill="none" '
        f'stroke="{BACK_DARK}" stroke-width="1.2"/>',
    ]
    return svg("back", body)


def tiles(font: Font) -> Iterator[tuple[str, str]]:
    """Every tile's file name and SVG text, in a fixed order."""
    for n in range(1, 10):
        yield f"{n}m.svg", man(font, n, False)
    yield "0m.svg", man(font, 5, True)
    for n in range(1, 10):
        yield f"{n}p.svg", pin(n, False)
    yield "0p.svg", pin(5, True)
    for n in range(1, 10):
        yield f"{n}s.svg", sou(n, False)
    yield "0s.svg", sou(5, True)
    for n in range(1, 8):
        yield f"{n}z.svg", honor(font, n)
    for n in range(1, 9):
        yield f"{n}f.svg", flower(font, n)
    yield "back.svg", back()


def generate(out: Path, font_path: Path = FONT) -> list[Path]:
    """Write every tile into ``out``; return the files written."""
    font = Font(font_path)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in tiles(font):
        path = out / name
        path.write_bytes(text.encode("utf-8"))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--font", type=Path, default=FONT)
    parser.add_argument("--check", action="store_true", help="compare with the shipped files")
    args = parser.parse_args(argv)
    if args.check:
        font = Font(args.font)
        stale = [
            name
            for name, text in tiles(font)
            if not (args.out / name).is_file() or (args.out / name).read_bytes() != text.encode()
        ]
        for name in stale:
            print(f"differs: {name}", file=sys.stderr)
        return 1 if stale else 0
    written = generate(args.out, args.font)
    total = sum(p.stat().st_size for p in written)
    print(f"wrote {len(written)} files, {total} bytes, into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
