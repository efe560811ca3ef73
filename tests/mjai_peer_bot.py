"""Start one of the ``mjai`` package's reference bots on standard input and output.

Usage: ``python tests/mjai_peer_bot.py CLASS [SEAT]`` where CLASS is ``RulebaseBot``,
``RiichiBot`` or ``Bot`` (tsumogiri), or ``KyuushuBot`` / ``KyuushuReasonBot``: a
``RulebaseBot`` that declares kyuushu kyuuhai whenever it may, with the package's own
``{"type":"ryukyoku"}`` or with the original server's ``"reason":"kyushukyuhai"``.
The seat defaults to ``$JANTAKU_SEAT``. A test tool only: jantaku never imports the
``mjai`` package.
"""

from __future__ import annotations

import json
import os
import sys


def main(argv: list[str]) -> int:
    """Run the named bot at its seat until its input closes."""
    import mjai.bot.riichibot
    import mjai.bot.rulebase
    from mjai import Bot

    class KyuushuBot(mjai.bot.rulebase.RulebaseBot):  # type: ignore[misc]
        def think(self) -> str:
            if self.can_ryukyoku:
                return str(self.action_ryukyoku())
            return str(super().think())

    class KyuushuReasonBot(mjai.bot.rulebase.RulebaseBot):  # type: ignore[misc]
        def think(self) -> str:
            if self.can_ryukyoku:
                return json.dumps({"type": "ryukyoku", "reason": "kyushukyuhai"})
            return str(super().think())

    classes = {
        "Bot": Bot,
        "RulebaseBot": mjai.bot.rulebase.RulebaseBot,
        "RiichiBot": mjai.bot.riichibot.RiichiBot,
        "KyuushuBot": KyuushuBot,
        "KyuushuReasonBot": KyuushuReasonBot,
    }
    name = argv[0] if argv else "RulebaseBot"
    seat = int(argv[1]) if len(argv) > 1 else int(os.environ["JANTAKU_SEAT"])
    try:  # the reference bots log every decision through loguru: keep stderr quiet
        from loguru import logger

        logger.remove()
    except ImportError:  # pragma: no cover - loguru comes with mjai
        pass
    classes[name](player_id=seat).start()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
