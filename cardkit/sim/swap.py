"""The swap measure of ``cardkit strength``: what a card's presence changes, paired on seeds.

For a card A, game pair ``j`` plays one seed twice with the same seats (:attr:`Setup.swap
<cardkit.sim.runner.Setup.swap>`): once with the content as it is, once with A made
**neutral** by the game (:class:`~cardkit.sim.protocol.SwapSpec`: the same card, cost and
place, doing nothing). Everything else — deals, dice, the bots' own randomness — is common,
so the difference of a pair is A's effect and the bots' answers to it, with far less noise
than two independent samples (common random numbers).

Measured over the pairs in which some seat held A in the game as it is (took it, played it,
owned it, or scored it) — what A changes when it is in someone's hands: per pair, the mean
over those seats of the score difference and of the win-share difference (as is minus
neutral), reported with 95 % intervals (normal, over the pairs), beside the share of pairs in
which A was held at all (a card never held is a finding of its own: nobody chooses it). When
every seat holds A (a Cartographers edict) the win shares cannot move; the score tells. A card is **dead** when its score difference's interval lies within
±:data:`DEAD_SHARE` of the mean score — its presence changes nothing measurable — **live**
when the interval lies wholly outside that band, and **undecided** otherwise (more games will
tell: ``--until-width``); a card no seat held in any pair — or held in so few (one pair in
:data:`RARELY` at most) that nothing is measurable, with no difference at all in those — is
**unused**: for these bots it is as dead as a card that does nothing.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..checking.gate import require_clean
from ..core.content import is_translation_file
from ..core.discovery import discover
from ..core.errors import UsageProblem
from ..core.loading import DEFAULT_CACHE_DIR, MAX_FILE_BYTES
from ..core.suggest import did_you_mean
from .api import _sim_of, progressed, resolve_bots, run_options
from .limits import MAX_GAMES, MAX_SEED, check_count
from .runner import SEQUENTIAL_STEP, Backend, GameRow, Setup, run
from .seeding import derive

#: A card whose effect moves its holders' scores by less than this share of the mean score
#: (for sure: the whole 95 % interval) is dead.
DEAD_SHARE = 0.01
Z95 = 1.959964


@dataclass(slots=True)
class SwapRow:
    """One card's swap measure."""

    card: str
    pairs: int
    held: float  # share of the pairs in which some seat held the card (the measured ones)
    score_delta: float
    score_ci: tuple[float, float]
    win_delta: float
    win_ci: tuple[float, float]
    verdict: str  # "dead", "live", "undecided", or "unused" (never or barely held, see ``rarely``)
    mean_score: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"card": self.card, "pairs": self.pairs, "held": self.held,
                "score_delta": self.score_delta, "score_ci95": list(self.score_ci),
                "win_delta": self.win_delta, "win_ci95": list(self.win_ci),
                "verdict": self.verdict, "mean_score": self.mean_score}


def _win_share(row: GameRow, seat: int) -> float:
    return 1.0 / len(row.winners) if seat in row.winners else 0.0


def pair_differences(rows: list[GameRow], card: str,
                     holders: Callable[[dict[str, Any], str], list[int]]
                     ) -> tuple[list[float], list[float], int, list[float]]:
    """Score and win-share differences of every complete pair in which ``card`` was held (as
    is minus neutral, over the seats that held it as is), the number of complete pairs, and
    every score of the games as they are."""
    by_index = {r.index: r for r in rows}
    scores: list[float] = []
    wins: list[float] = []
    all_scores: list[float] = []
    pairs = 0
    for j in range(len(rows) // 2):
        base, neutral = by_index.get(2 * j), by_index.get(2 * j + 1)
        if base is None or neutral is None:
            continue
        pairs += 1
        all_scores += base.scores
        seats = holders(base.details, card)
        if not seats:
            continue
        scores.append(statistics.fmean(base.scores[s] - neutral.scores[s] for s in seats))
        wins.append(statistics.fmean(_win_share(base, s) - _win_share(neutral, s)
                                     for s in seats))
    return scores, wins, pairs, all_scores


#: A card held in at most one pair in this many (and changing nothing there) is unused.
RARELY = 20


def mean_ci(values: list[float]) -> tuple[float, tuple[float, float]]:
    """The mean and its normal 95 % interval (a single value or none: an unbounded one)."""
    if not values:
        return 0.0, (-math.inf, math.inf)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, (-math.inf, math.inf)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, (mean - half, mean + half)


def verdict(ci: tuple[float, float], mean_score: float) -> str:
    """``dead``, ``live`` or ``undecided`` for a score difference's interval."""
    band = DEAD_SHARE * max(abs(mean_score), 1.0)
    if -band <= ci[0] and ci[1] <= band:
        return "dead"
    if ci[0] > band or ci[1] < -band:
        return "live"
    return "undecided"


def swap_row(rows: list[GameRow], card: str,
             holders: Callable[[dict[str, Any], str], list[int]], chosen: bool = True
             ) -> SwapRow:
    """The swap measure of ``card`` from a run's rows (pairs in index order); ``chosen``: a
    card no seat held in any pair is "unused" (else, a dealt card, merely undecided)."""
    scores, wins, pairs, all_scores = pair_differences(rows, card, holders)
    score, score_ci = mean_ci(scores)
    win, win_ci = mean_ci(wins)
    mean_score = statistics.fmean(all_scores) if all_scores else 0.0
    return SwapRow(card, pairs, round(len(scores) / pairs, 4) if pairs else 0.0,
                   round(score, 4), (round(score_ci[0], 4), round(score_ci[1], 4)),
                   round(win, 4), (round(win_ci[0], 4), round(win_ci[1], 4)),
                   verdict(score_ci, mean_score) if scores and not rarely(scores, wins, pairs)
                   else ("unused" if chosen else "undecided"),
                   round(mean_score, 2))


def rarely(scores: list[float], wins: list[float], pairs: int) -> bool:
    """Whether a card was held in so few pairs (at most one in :data:`RARELY`, when it was
    held at all) that nothing can be measured, and those few showed no difference at all: for
    these bots it is as unused as a card never held (a card held rarely that did change a game
    stays undecided)."""
    return 0 < len(scores) <= max(1, pairs // RARELY) and not any(scores) and not any(wins)


def narrow(width: float, card: str, holders: Callable[[dict[str, Any], str], list[int]],
           chosen: bool = True) -> Callable[[list[GameRow]], bool]:
    """The stop rule of a sequential swap run: the verdict is decided (dead or live), or the
    score difference's interval is at most ``width`` times the mean score wide."""
    def done(rows: list[GameRow]) -> bool:
        row = swap_row(rows, card, holders, chosen)
        lo, hi = row.score_ci
        return row.verdict in ("dead", "live") or hi - lo <= width * max(abs(row.mean_score), 1.0)
    return done


@dataclass(slots=True)
class SwapReport:
    """A swap-measure run: the cards that finished (in run order) and what Ctrl-C cut short."""

    game: str
    seed: int
    players: int
    cap: int  # pairs per card at most
    cards: list[str]
    rows: list[SwapRow] = field(default_factory=list)
    interrupted: bool = False
    cut_short: tuple[str, int] | None = None

    def __iter__(self) -> Any:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def dead(self) -> list[str]:
        """The cards found dead, or unused (never held, or barely and to no effect)."""
        return [r.card for r in self.rows if r.verdict in ("dead", "unused")]

    def to_dict(self) -> dict[str, Any]:
        """The JSON document."""
        out: dict[str, Any] = {"game": self.game, "measure": "swap", "seed": self.seed,
                               "players": self.players, "pairs_per_card": self.cap,
                               "cards": [r.to_dict() for r in self.rows],
                               "dead": self.dead, "interrupted": self.interrupted}
        if self.cut_short:
            out["incomplete"] = [{"card": self.cut_short[0], "pairs": self.cut_short[1]}]
        return out


def swap_strength(game: str, content_dir: Path, pairs: int = 200, seed: int = 1,
                  cards: list[str] | None = None, players: int | None = None,
                  backend: Backend = "process", workers: int | None = 2,
                  until_width: float | None = None,
                  progress: Callable[[int, int], None] | None = None,
                  cache_dir: Path | None = DEFAULT_CACHE_DIR) -> SwapReport:
    """The swap measure of every card (``cards``: these only): ``pairs`` seed pairs each (the
    cap with ``until_width``, which stops a card once its verdict is decided or its score
    difference's interval is that share of the mean score wide), the game's bot at every seat. Ctrl-C reports the
    cards finished; the interrupted one is named, never reported on fewer pairs."""
    sim = _sim_of(game)
    if sim.swap is None:
        raise UsageProblem(f"{game!r} has no card-strength measure: no card of it is chosen by "
                           "a player or made neutral by its engine (its per-card numbers are "
                           f"in `cardkit simulate {game}`)")
    check_count("--games", pairs, 2, MAX_GAMES // 2)
    check_count("--seed", seed, 0, MAX_SEED)
    workers = run_options(backend, workers, None)
    content = require_clean(game, content_dir, cache_dir=cache_dir)
    spec = sim.swap()
    known = [r.id for r in content.of(spec.kind)]
    chosen = list(dict.fromkeys(c.strip() for c in cards)) if cards else \
        (spec.cards(content) if spec.cards else known)
    for card in chosen:
        if card not in known:
            raise UsageProblem(f"no {spec.kind} card {card!r} in {game}"
                               f"{did_you_mean(card, known)}")
    count = players if players is not None else len(sim.default_bots)
    files = tuple((s.relpath, s.raw) for s in discover(content_dir, game, MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    out = SwapReport(game, seed, count, pairs, chosen)
    for i, card in enumerate(chosen):
        bot, options = spec.setup(card, content) if spec.setup else (None, ())
        seats = tuple([bot or sim.default_bots[0]] * count)
        resolve_bots(game, list(seats), None, sim.make_engine(content, **dict(options)))
        setup = Setup(game, files, seats, derive(seed, "swap", card), engine_options=options,
                      swap=(card,))
        until = None if until_width is None else narrow(until_width, card, spec.holders,
                                                        spec.chosen)
        try:
            result = run(setup, 2 * pairs, backend, workers, None, None, until=until,
                         step=SEQUENTIAL_STEP)  # an even step: whole pairs
        except KeyboardInterrupt:
            out.interrupted, out.cut_short = True, (card, 0)
            break
        if result.interrupted:
            out.interrupted, out.cut_short = True, (card, len(result.rows) // 2)
            break
        out.rows.append(swap_row(result.rows, card, spec.holders, spec.chosen))
        if not progressed(progress, i + 1, len(chosen)):
            out.interrupted = True
            break
    return out
