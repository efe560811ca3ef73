"""The tile faces the browser table ships (``jantaku/web/static/tiles``).

Every tile the notation can write has a face, named by its mpsz notation (``1m``, ``0p``
the red five, ``7z`` chun, ``1f`` a flower) plus ``back``; each is a small SVG with the
60×80 viewBox, whose writing is paths (no ``<text>``, no font), that stays inside the
tile. The red fives differ from the plain fives only by being red. The generator
(``tools/gen_tile_svgs.py``, glyph outlines from Noto Serif CJK) reproduces the shipped
files byte for byte.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

from jantaku.tiles import FLOWER, format_tiles

ROOT = Path(__file__).resolve().parent.parent
TILES = ROOT / "src" / "jantaku" / "web" / "static" / "tiles"
GENERATOR = ROOT / "tools" / "gen_tile_svgs.py"
SVG = "{http://www.w3.org/2000/svg}"

NAMES = [format_tiles([t]) for t in range(37)] + [
    f"{n}f" for n in range(1, 9)
]  # 34 kinds, 3 red fives, 8 flowers
FILES = [*NAMES, "back"]

RED = "#d11f2c"


def read(name: str) -> ET.Element:
    return ET.parse(TILES / f"{name}.svg").getroot()


def colours(root: ET.Element) -> set[str]:
    return {
        value.lower()
        for element in root.iter()
        for key in ("fill", "stroke")
        if (value := element.get(key)) and value.startswith("#")
    }


def test_every_tile_has_a_face() -> None:
    assert format_tiles([FLOWER]) == "1f"
    assert len(set(NAMES)) == 45
    assert {"1m", "9m", "0m", "1p", "0p", "9s", "0s", "1z", "7z"} <= set(NAMES)
    shipped = {p.stem for p in TILES.glob("*.svg")}
    assert shipped == set(FILES)
    assert (TILES / "LICENSE").read_text(encoding="utf-8").count("SIL Open Font License") >= 1


@pytest.mark.parametrize("name", FILES)
def test_face_is_a_small_self_contained_svg(name: str) -> None:
    data = (TILES / f"{name}.svg").read_bytes()
    assert len(data) < 8000, f"{name}.svg is {len(data)} bytes"
    root = ET.fromstring(data)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 60 80"
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text == name
    tags = {element.tag.removeprefix(SVG) for element in root.iter()}
    assert tags <= {"svg", "title", "rect", "circle", "path", "g"}, tags
    text = data.decode("utf-8").lower()
    for banned in ("<text", "font", "href", "<image", "<script", "<style"):
        assert banned not in text, f"{name}.svg contains {banned!r}"


def absolute_points(d: str) -> list[tuple[float, float]]:
    """Every end and control point of a path (commands M m L l H h V v C c Z z)."""
    tokens = re.findall(r"[MmLlHhVvCcZz]|-?(?:\d+\.?\d*|\.\d+)", d)
    points: list[tuple[float, float]] = []
    x = y = start_x = start_y = 0.0
    command = ""
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            command = token
            i += 1
            if command in "Zz":
                x, y = start_x, start_y
            continue
        arity = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6}[command.lower()]
        values = [float(v) for v in tokens[i : i + arity]]
        assert len(values) == arity, d
        i += arity
        relative = command.islower()
        if command in "Hh":
            x = values[0] + (x if relative else 0)
            points.append((x, y))
        elif command in "Vv":
            y = values[0] + (y if relative else 0)
            points.append((x, y))
        else:
            base_x, base_y = (x, y) if relative else (0.0, 0.0)
            for k in range(0, arity, 2):
                points.append((base_x + values[k], base_y + values[k + 1]))
            x, y = points[-1]
        if command in "Mm":
            start_x, start_y = x, y
            command = "l" if relative else "L"
    return points


def test_path_reader_reads_relative_and_absolute_commands() -> None:
    assert absolute_points("M1 2h3v4l-1-1c1 1 2 2 3 3zm1 1") == [
        (1, 2),
        (4, 2),
        (4, 6),
        (3, 5),
        (4, 6),
        (5, 7),
        (6, 8),
        (2, 3),
    ]
    assert absolute_points("m.5.5.5.5") == [(0.5, 0.5), (1.0, 1.0)]


@pytest.mark.parametrize("name", FILES)
def test_drawing_stays_on_the_face(name: str) -> None:
    root = read(name)
    paths = [p for p in root.iter(f"{SVG}path")]
    for path in paths:
        for x, y in absolute_points(path.get("d", "")):
            assert 0 <= x <= 60 and 0 <= y <= 80, (name, x, y)
    for c in root.iter(f"{SVG}circle"):
        cx, cy, r = (float(c.get(k, "nan")) for k in ("cx", "cy", "r"))
        assert r <= cx <= 60 - r and r <= cy <= 80 - r, (name, cx, cy, r)


@pytest.mark.parametrize("suit", "mps")
def test_red_five_is_the_five_in_red(suit: str) -> None:
    five, red = read(f"5{suit}"), read(f"0{suit}")
    face_colours = {"#fbf8ef", "#d3ccb8"}
    # the same drawing: the same elements in the same places
    assert [e.tag for e in five.iter()] == [e.tag for e in red.iter()]
    assert [e.get("d") for e in five.iter()] == [e.get("d") for e in red.iter()]
    # the plain five has colours besides red; the red five has none
    assert colours(five) - face_colours - {RED}
    assert all(c in {RED, "#9c1420"} for c in colours(red) - face_colours), colours(red)


def test_colours_follow_the_usual_set() -> None:
    assert RED in colours(read("1m"))  # 萬 is red
    assert colours(read("1z")) & {"#1c1d33"}  # winds in black ink
    assert RED in colours(read("7z"))  # 中
    assert "#19804a" in colours(read("6z"))  # 發 green
    haku = read("5z")
    assert not list(haku.iter(f"{SVG}path"))  # a blank face with a frame
    assert "#2e6fd6" in colours(haku)
    # 9p rows: blue, red, green; 8p all blue
    assert colours(read("8p")) - {"#fbf8ef", "#d3ccb8"} == {"#1f4e9e"}
    # 7s top stick and 9s middle column red, 2s all green
    assert RED in colours(read("7s")) and RED in colours(read("9s"))
    assert RED not in colours(read("2s"))


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_tile_svgs", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_generator_writes_compact_numbers() -> None:
    gen = load_generator()
    assert [gen.num(v) for v in (0, 10, 15, -5, 5, -123)] == ["0", "1", "1.5", "-.5", ".5", "-12.3"]
    assert gen.join_numbers([5, 5, -5, 10]) == ".5.5-.5 1"


def test_generator_reproduces_the_shipped_files(tmp_path: Path) -> None:
    pytest.importorskip("fontTools", reason="fonttools (the test extra) is not installed")
    gen = load_generator()
    if not gen.FONT.is_file():
        pytest.skip(f"the font {gen.FONT} (Debian fonts-noto-cjk) is not installed")
    font = gen.Font(gen.FONT)
    if font.version != gen.FONT_VERSION:
        pytest.skip(
            f"the installed font is {font.version}, the tiles were made from {gen.FONT_VERSION}"
        )
    written = gen.generate(tmp_path)
    assert sorted(p.name for p in written) == sorted(f"{n}.svg" for n in FILES)
    for path in written:
        assert path.read_bytes() == (TILES / path.name).read_bytes(), path.name
