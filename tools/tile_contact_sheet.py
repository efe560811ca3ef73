"""Render every shipped tile face on one page, at several sizes, to look at them.

Writes an HTML page (and, with ``--png``, a screenshot taken by headless Chromium) that
shows the whole set at 45, 36 and 30 px wide, a hand at 24 px, and a few tiles turned
sideways as the table draws a called or riichi tile.

Run ``python tools/tile_contact_sheet.py --png out/tiles.png``.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TILES = Path(__file__).resolve().parent.parent / "src" / "jantaku" / "web" / "static" / "tiles"

ORDER = (
    [f"{n}m" for n in range(1, 10)]
    + ["0m"]
    + [f"{n}p" for n in range(1, 10)]
    + ["0p"]
    + [f"{n}s" for n in range(1, 10)]
    + ["0s"]
    + [f"{n}z" for n in range(1, 8)]
    + [f"{n}f" for n in range(1, 9)]
    + ["back"]
)
HAND = ["1m", "2m", "3m", "0p", "6p", "7p", "3s", "4s", "5s", "1z", "1z", "5z", "6z", "7z"]

STYLE = """
body { background: #2f6b4f; margin: 8px; font: 12px sans-serif; color: #eee; }
.row { display: flex; gap: 3px; margin: 0 0 6px 0; align-items: flex-end; flex-wrap: wrap; }
.tile { background: #fff; border-radius: 12%/9%; box-shadow: 0 2px 0 #bbb, 0 3px 2px #0006;
        line-height: 0; }
.tile img { width: 100%; height: auto; display: block; }
.turned { display: flex; align-items: center; justify-content: center; }
.turned .tile { transform: rotate(90deg); }
"""


def tile(name: str, width: int, sideways: bool = False) -> str:
    face = (
        f'<div class="tile" style="width:{width}px">'
        f'<img src="{TILES.as_uri()}/{name}.svg" alt="{name}"></div>'
    )
    if not sideways:
        return face
    height = width * 4 // 3  # the turned tile takes its height in the row
    return f'<div class="turned" style="width:{height}px;height:{width}px">{face}</div>'


def page() -> str:
    rows = []
    for width in (45, 36, 30):
        for group in (ORDER[:20], ORDER[20:37], ORDER[37:]):
            rows.append('<div class="row">' + "".join(tile(n, width) for n in group) + "</div>")
    rows.append('<div class="row">' + "".join(tile(n, 24) for n in HAND) + "</div>")
    rows.append(
        '<div class="row">'
        + "".join(tile(n, 36, i % 3 == 1) for i, n in enumerate(HAND[:9]))
        + "</div>"
    )
    head = f"<!doctype html><html><head><style>{STYLE}</style></head>"
    return f"{head}<body>{''.join(rows)}</body></html>"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="tile contact sheet")
    parser.add_argument("--html", type=Path, help="where to write the page")
    parser.add_argument("--png", type=Path, help="screenshot the page into this PNG")
    parser.add_argument("--size", default="1200,760", help="window size for the screenshot")
    args = parser.parse_args(argv)
    html = args.html or Path(tempfile.mkdtemp()) / "tiles.html"
    html.write_text(page(), encoding="utf-8")
    print(html)
    if args.png:
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if chromium is None:
            print("chromium is not installed", file=sys.stderr)
            return 1
        args.png.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                f"--screenshot={args.png.resolve()}",
                f"--window-size={args.size}",
                html.resolve().as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
        )
        print(args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
