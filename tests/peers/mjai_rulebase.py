"""The ``mjai`` package's RulebaseBot as an mjai bot process (a test-only opponent).

The package's bot takes its seat when it is built; this wrapper reads the seat from the
first ``start_game`` it is shown, then hands every line to the bot. Seat it as
``mjai:python tests/peers/mjai_rulebase.py``.
"""

from __future__ import annotations

import json
import sys
from typing import Any


def main() -> None:
    from loguru import logger
    from mjai.bot.rulebase import RulebaseBot

    logger.remove()  # the bot logs every discard otherwise
    bot: Any = None
    while line := sys.stdin.readline():
        line = line.strip()
        if bot is None:
            events = json.loads(line)
            seat = next((e["id"] for e in events if e.get("type") == "start_game"), 0)
            bot = RulebaseBot(player_id=int(seat))
        sys.stdout.write(bot.react(line) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
