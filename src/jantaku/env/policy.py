"""A small policy learned from a dataset: a NumPy network over the planes, masked softmax.

:class:`Policy` is a two-layer network (the ``planes-v2`` planes of a decision, each row
scaled to about 0–1, then ``hidden`` ReLU units, then one logit per action id), its
inference plain NumPy: :meth:`Policy.act` picks the legal id of highest logit, and
:class:`PolicyAgent` seats it at a table as an agent (``act(view, legal)``).
:func:`train` fits it to a dataset folder written by :mod:`jantaku.env.dataset`
(cross-entropy of the recorded action under the legal mask, Adam, minibatches), keeping
the games of every ``holdout``-th record file aside to measure the agreement with the
recorded players: top-1 over every decision with a choice, and over the discards.

``jantaku train-policy RECORDS… --out FILE.npz`` converts records and trains in one
step; the package ships weights made by it (:func:`shipped_policy`), played by the
``learned`` bot of :func:`jantaku.agents.make_agent`.

A prototype: the network is small and the corpus too (Mortal and Suphx learn from
millions of games). ``docs/research.md`` gives its figures.

>>> import numpy as np
>>> policy = Policy.initial(hidden=8, seed=0)
>>> obs = np.zeros((2, 163, 34), dtype=np.uint8)
>>> mask = np.zeros((2, 125), dtype=bool); mask[0, [3, 5]] = mask[1, 124] = True
>>> policy.act(obs, mask).tolist()[1]
124
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

import numpy as np

from jantaku.agents.base import Agent
from jantaku.engine import View
from jantaku.env.actions import NUM_ACTIONS, RIICHI, RIICHI_TSUMOGIRI, action_id
from jantaku.env.features import PLANES_V2, encode_planes_v2
from jantaku.errors import JantakuError
from jantaku.events import Action, Dahai, Reach

__all__ = [
    "SHIPPED",
    "Policy",
    "PolicyAgent",
    "TrainingLog",
    "agreement",
    "shipped_policy",
    "train",
]

_INPUTS = PLANES_V2 * 34
_TSUMOGIRI = 37  # the discards are ids 0-37 (see jantaku.env.actions)


@dataclass(slots=True)
class Policy:
    """Weights of the network and the scale of each plane row (see the module docstring)."""

    w1: Any
    b1: Any
    w2: Any
    b2: Any
    scale: Any

    @classmethod
    def initial(cls, *, hidden: int = 128, seed: int = 0, scale: Any = None) -> Policy:
        """Random weights (He initialisation), ``scale`` per plane row (default 1/4)."""
        rng = np.random.default_rng(seed)
        w1 = rng.normal(0.0, np.sqrt(2.0 / _INPUTS), (_INPUTS, hidden)).astype(np.float32)
        w2 = rng.normal(0.0, np.sqrt(2.0 / hidden), (hidden, NUM_ACTIONS)).astype(np.float32)
        if scale is None:
            scale = np.full(PLANES_V2, 0.25, dtype=np.float32)
        return cls(
            w1,
            np.zeros(hidden, dtype=np.float32),
            w2,
            np.zeros(NUM_ACTIONS, dtype=np.float32),
            np.asarray(scale, dtype=np.float32),
        )

    def inputs(self, obs: Any) -> Any:
        """The network's input of a batch of ``(B, 163, 34)`` planes: float32, scaled."""
        x = np.asarray(obs, dtype=np.float32) * self.scale[None, :, None]
        return x.reshape(len(x), _INPUTS)

    def logits(self, obs: Any) -> Any:
        """``(B, 125)`` logits of a batch of planes."""
        h = np.maximum(self.inputs(obs) @ self.w1 + self.b1, 0.0)
        return h @ self.w2 + self.b2

    def decision_logits(self, planes: Any) -> Any:
        """The ``(125,)`` logits of one decision's ``(163, 34)`` planes, as :meth:`logits`
        gives them but from the nonzero inputs only (a few hundred of 5,542): a product too
        small for BLAS threads, which on a busy machine cost more than the product itself."""
        flat = np.asarray(planes).reshape(_INPUTS)
        nonzero = np.flatnonzero(flat)
        x = flat[nonzero].astype(np.float32) * self.scale[nonzero // 34]
        h = np.maximum(x @ self.w1[nonzero] + self.b1, 0.0)
        return h @ self.w2 + self.b2

    def act(self, obs: Any, mask: Any) -> Any:
        """The legal id of highest logit for each decision of a batch."""
        scores = np.where(np.asarray(mask, dtype=bool), self.logits(obs), -np.inf)
        return scores.argmax(axis=1)

    def save(self, path: str | Path, *, compact: bool = False) -> None:
        """The weights in an ``.npz`` file; ``compact`` stores them as float16, compressed
        (a quarter of the size; :meth:`load` reads either as float32)."""
        arrays: dict[str, Any] = {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2}
        if compact:
            halves: dict[str, Any] = {k: v.astype(np.float16) for k, v in arrays.items()}
            np.savez_compressed(path, scale=self.scale, **halves)
        else:
            np.savez(path, scale=self.scale, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """Weights saved by :meth:`save`.

        Raises :class:`~jantaku.errors.JantakuError` for a file without them.
        """
        try:
            with np.load(path) as f:
                w1, b1, w2, b2, scale = (
                    np.asarray(f[k], dtype=np.float32) for k in ("w1", "b1", "w2", "b2", "scale")
                )
                return cls(w1, b1, w2, b2, scale)
        except (OSError, KeyError, ValueError) as e:
            raise JantakuError(f"{path}: no policy weights ({e})") from None


SHIPPED: Final = "data/learned-policy.npz"
"""The weights the package ships, inside the ``jantaku`` package (``docs/research.md``
gives the command that made them)."""


@functools.cache
def shipped_policy() -> Policy:
    """The shipped weights (:data:`SHIPPED`), read once."""
    with resources.as_file(resources.files("jantaku").joinpath(SHIPPED)) as path:
        return Policy.load(path)


@dataclass(slots=True)
class TrainingLog:
    """One line per epoch: mean training loss, held-out top-1 agreement (decisions with a
    choice, and discards), CPU seconds so far."""

    epochs: list[dict[str, float]] = field(default_factory=list)


def _row_scale(obs: Any) -> Any:
    top = obs.reshape(len(obs), PLANES_V2, 34).max(axis=(0, 2)).astype(np.float32)
    return (1.0 / np.maximum(top, 1.0)).astype(np.float32)


def _agreement(policy: Policy, held: list[dict[str, Any]]) -> tuple[float, float]:
    hits = total = dhits = dtotal = 0
    for part in held:
        chosen = policy.act(part["obs"], part["mask"])
        right = chosen == part["action"]
        discard = part["action"] <= _TSUMOGIRI
        hits += int(right.sum())
        total += len(right)
        dhits += int(right[discard].sum())
        dtotal += int(discard.sum())
    return hits / max(total, 1), dhits / max(dtotal, 1)


def _held_out(data: Any, i: int, holdout: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Shard ``i``'s decisions with a choice: (training games, held-out games)."""
    arrays = data.shard(i, ("obs", "mask", "action", "game"))
    choice = arrays["mask"].sum(axis=1) > 1
    held_game = (arrays["game"] >> 10) % holdout == 0  # by record file
    aside = held_game & choice
    mine = ~held_game & choice
    return {k: v[mine] for k, v in arrays.items()}, {k: v[aside] for k, v in arrays.items()}


def agreement(policy: Policy, folder: str | Path, *, holdout: int = 10) -> tuple[float, float]:
    """Top-1 agreement of ``policy`` with the recorded players on the held-out games of
    the dataset in ``folder`` (those :func:`train` with the same ``holdout`` kept aside):
    over the decisions with a choice, and over the discards."""
    from jantaku.env.dataset import Dataset

    data = Dataset(folder)
    return _agreement(policy, [_held_out(data, i, holdout)[1] for i in range(len(data.shards))])


def train(
    folder: str | Path,
    *,
    hidden: int = 128,
    epochs: int = 4,
    batch: int = 512,
    lr: float = 1e-3,
    holdout: int = 10,
    seed: int = 0,
    limit: int | None = None,
    report: Callable[[dict[str, float]], None] | None = None,
) -> tuple[Policy, TrainingLog]:
    """Fit a :class:`Policy` to the decisions with a choice of the dataset in
    ``folder``; the games of every ``holdout``-th record file are held out to measure it.

    ``limit`` caps the training decisions (the first shards' first ones); ``report``
    is called with each epoch's line.

    Raises :class:`~jantaku.errors.JantakuError` for a dataset of other features or
    nothing to train on.
    """
    from jantaku.env.dataset import Dataset

    data = Dataset(folder)
    if data.features != "planes-v2":
        raise JantakuError(f"the policy reads planes-v2, not {data.features}")
    train_parts: list[dict[str, Any]] = []
    held: list[dict[str, Any]] = []
    kept = 0
    for i in range(len(data.shards)):
        part, aside = _held_out(data, i, holdout)
        held.append(aside)
        if limit is None or kept < limit:
            if limit is not None:
                part = {k: v[: limit - kept] for k, v in part.items()}
            kept += len(part["action"])
            train_parts.append(part)
    if not kept:
        raise JantakuError(f"{folder}: no decisions to train on outside the held-out games")
    obs = np.concatenate([p["obs"] for p in train_parts])
    mask = np.concatenate([p["mask"] for p in train_parts])
    action = np.concatenate([p["action"] for p in train_parts]).astype(np.int64)
    policy = Policy.initial(hidden=hidden, seed=seed, scale=_row_scale(obs))
    params = [policy.w1, policy.b1, policy.w2, policy.b2]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    rng = np.random.default_rng(seed)
    log = TrainingLog()
    start = time.process_time()
    t = 0
    for epoch in range(epochs):
        order = rng.permutation(len(action))
        losses = []
        for j in range(0, len(order), batch):
            pick = np.sort(order[j : j + batch])
            x = policy.inputs(obs[pick])
            pre = x @ policy.w1 + policy.b1
            h = np.maximum(pre, 0.0)
            z = h @ policy.w2 + policy.b2
            z = np.where(mask[pick], z, -1e9)
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            rows = np.arange(len(pick))
            losses.append(float(-np.log(p[rows, action[pick]] + 1e-12).mean()))
            p[rows, action[pick]] -= 1.0
            p /= len(pick)
            grads = [None, None, h.T @ p, p.sum(axis=0)]
            dh = (p @ policy.w2.T) * (pre > 0)
            grads[0] = x.T @ dh
            grads[1] = dh.sum(axis=0)
            t += 1
            for k, (param, grad) in enumerate(zip(params, grads, strict=True)):
                moments[k] = 0.9 * moments[k] + 0.1 * grad
                squares[k] = 0.999 * squares[k] + 0.001 * grad * grad
                m = moments[k] / (1 - 0.9**t)
                v = squares[k] / (1 - 0.999**t)
                param -= (lr * m / (np.sqrt(v) + 1e-8)).astype(np.float32)
        top1, discards = _agreement(policy, held)
        line = {
            "epoch": float(epoch + 1),
            "loss": float(np.mean(losses)),
            "held_out_top1": top1,
            "held_out_discard_top1": discards,
            "cpu_seconds": time.process_time() - start,
        }
        log.epochs.append(line)
        if report is not None:
            report(line)
    return policy, log


class PolicyAgent(Agent):
    """A :class:`Policy` seated as an agent: at each decision the view's ``planes-v2``
    and the legal actions' ids, the legal id of highest logit played. The ids cover every
    decision (discards, riichi, chii, pon, kans, tsumo and ron, the nine-terminal draw,
    pass), so the network decides them all, always among the legal actions only.

    A riichi is chosen as the environments choose it, by its discard: when the best id
    is ``RIICHI + t``, the agent declares the riichi and then discards ``t`` (or, if the
    engine refuses that discard after the riichi, its best riichi discard).

    >>> from jantaku.match import play_match
    >>> agents = [PolicyAgent(Policy.initial(hidden=8, seed=s)) for s in range(4)]
    >>> result = play_match(agents, seed=1)
    >>> sorted(result.placements)
    [1, 2, 3, 4]
    """

    name = "learned"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self._after_riichi: Any = None  # the logits of the riichi decision, for its discard

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """The legal action of highest logit."""
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise JantakuError("the learned policy needs the view")
        riichi = self._after_riichi
        self._after_riichi = None
        if riichi is not None:  # the discard after our riichi: the best riichi discard
            best = max(
                (a for a in legal if isinstance(a, Dahai)),
                key=lambda a: riichi[RIICHI_TSUMOGIRI if a.tsumogiri else RIICHI + a.pai],
                default=legal[0],
            )
            return best
        logits = self.policy.decision_logits(encode_planes_v2(view))
        ids: dict[int, Action] = {}
        for a in legal:
            if isinstance(a, Reach):
                for d in legal:
                    if isinstance(d, Dahai):
                        ids[RIICHI_TSUMOGIRI if d.tsumogiri else RIICHI + d.pai] = a
            else:
                ids.setdefault(action_id(a), a)
        best_id = max(ids, key=lambda i: logits[i])
        chosen = ids[best_id]
        if isinstance(chosen, Reach):
            self._after_riichi = logits
        return chosen


def main(argv: list[str] | None = None) -> int:
    """``python -m jantaku.env.policy DATASET --out WEIGHTS.npz``: train, print each
    epoch's line (loss, held-out agreement, CPU seconds), save the weights."""
    import argparse
    import json

    parser = argparse.ArgumentParser(prog="python -m jantaku.env.policy", description=main.__doc__)
    parser.add_argument("dataset", help="a folder written by jantaku dataset (planes-v2)")
    parser.add_argument("--out", required=True, help="the weights file to write (.npz)")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--holdout", type=int, default=10)
    parser.add_argument("--limit", type=int, default=None, help="at most N training decisions")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    policy, _log = train(
        args.dataset,
        hidden=args.hidden,
        epochs=args.epochs,
        batch=args.batch,
        lr=args.lr,
        holdout=args.holdout,
        seed=args.seed,
        limit=args.limit,
        report=lambda line: print(json.dumps({k: round(v, 4) for k, v in line.items()})),
    )
    policy.save(args.out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
