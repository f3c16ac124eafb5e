"""``cardkit simulate`` as a library call."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..checking.gate import require_clean
from ..core.content import GameContent, is_translation_file
from ..core.discovery import discover
from ..core.errors import UsageProblem
from ..core.loading import DEFAULT_CACHE_DIR, MAX_FILE_BYTES
from ..core.registry import get_game
from .limits import MAX_GAMES, MAX_PLAYERS, MAX_SEED, check_count, check_run_limits
from .protocol import BotSpec
from .search import bot_names, make_bot
from .runner import (DEFAULT_TURN_CAP, Backend, GameRow, Progress, RunResult, Setup,
                     available_cpus, check_workers, run)
from .seeding import derive
from .stats import summarise


@dataclass(slots=True)
class SimReport:
    """A finished (or interrupted) run with its statistics."""

    game: str
    seed: int
    bots: list[str]
    result: RunResult
    summary: dict[str, Any] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)
    #: Engine options of the run (``--option``), when any were given.
    options: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, rows: bool = True) -> dict[str, Any]:
        """The JSON document (no timings: the same seed gives the same document)."""
        out: dict[str, Any] = {
            "game": self.game, "seed": self.seed, "bots": self.bots,
            "players": len(self.bots), "games_requested": self.result.requested,
            "games_played": len(self.result.rows), "interrupted": self.result.interrupted,
            "summary": self.summary, "extras": self.extras,
        }
        if self.options:
            out["options"] = {k: list(v) if isinstance(v, tuple) else v
                              for k, v in self.options.items()}
        if rows:
            out["rows"] = [r.to_dict() for r in self.result.rows]
        return out


def resolve_bots(game: str, bots: list[str] | None, players: int | None,
                 engine: Any = None) -> list[str]:
    """Seat bots: as given (one given bot fills every seat), else the game's defaults (repeated
    round the table when ``players`` asks for another number of seats).

    Entries are stripped (``"a, b"`` is ``a`` and ``b``); an empty or unknown entry is a
    :class:`UsageProblem` that lists the game's bot names, with the closest match.
    """
    sim = get_game(game).sim  # type: ignore[attr-defined]
    if players is not None:
        check_count("--players", players, 1, MAX_PLAYERS)
    chosen = [b.strip() for b in bots] if bots else list(sim.default_bots)
    if any(not b for b in chosen):
        raise UsageProblem("--bots has an empty entry; give comma-separated bot names, e.g. "
                           f"{','.join(sim.default_bots)}")
    if players is not None:
        if len(chosen) == 1:
            chosen = chosen * players
        elif not bots:  # the game's own set, repeated round the table
            chosen = [chosen[seat % len(chosen)] for seat in range(players)]
        elif len(chosen) != players:
            raise UsageProblem(f"{len(chosen)} bots for {players} players; give one bot per "
                               "player, or a single bot for every seat")
    for text in chosen:
        try:
            make_bot(sim, BotSpec.parse(text), engine)
        except KeyError:
            raise UsageProblem(_unknown_bot(game, text, list(bot_names(sim)))) from None
        except ValueError as exc:
            raise UsageProblem(f"bot {text!r}: {exc}") from None
    return chosen


def _unknown_bot(game: str, text: str, names: list[str]) -> str:
    """"unknown bot 'gueser' (did you mean 'guesser'?); terra bots: random, guesser, hedger"."""
    import difflib

    name = BotSpec.parse(text).name
    close = difflib.get_close_matches(name, [n for n in names if "+" not in n], n=1,
                                      cutoff=0.6)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"unknown bot {name!r}{hint}; {game} bots: {', '.join(names)}"


def seat_labels(rows: list[GameRow]) -> list[GameRow]:
    """Rows whose seats name the *entries* of the bot list, so that a bot given twice
    (``baseline,baseline``) is two players, ``baseline#1`` and ``baseline#2``, in the statistics
    instead of one bot counted twice per game. Rows without a repeated bot come back as they are.
    """
    if not rows or len(set(rows[0].seats)) == len(rows[0].seats):
        return rows
    k = len(rows[0].seats)
    # seat s of game i holds entry (s + i) % k of the list (see runner.seats_for)
    entries = [rows[0].seats[(j - rows[0].index) % k] for j in range(k)]
    seen: dict[str, int] = {}
    labels = []
    for bot in entries:
        seen[bot] = seen.get(bot, 0) + 1
        labels.append(f"{bot}#{seen[bot]}" if entries.count(bot) > 1 else bot)
    return [replace(r, seats=[labels[(s + r.index) % k] for s in range(k)]) for r in rows]


def simulate(game: str, content_dir: Path = Path("content"), games: int = 100, seed: int = 1,
             bots: list[str] | None = None, players: int | None = None,
             backend: Backend = "process", workers: int | None = 2,
             scheduler: str | None = None, turn_cap: int = DEFAULT_TURN_CAP,
             progress: Progress | None = None,
             engine_options: tuple[tuple[str, Any], ...] = (), mirrored: bool = False,
             cache_dir: Path | None = DEFAULT_CACHE_DIR,
             until_width: float | None = None, check_invariants: bool = True) -> SimReport:
    """Play a seeded batch of games with bots and summarise it.

    ``check_invariants``: check the engine's invariants at the end of every turn (the
    default; a broken one raises, naming the game and turn); off, the same games play faster.

    ``until_width`` (a proportion, ``0.05`` = 5 percentage points): sequential sampling — play
    in rounds and stop once every 95 % interval of the report (each bot's win rate, and the
    game's statistics: a balance run's card deltas) is at most that wide; ``games`` is then
    the cap (:func:`~.runner.run`, :func:`intervals_narrow`).

    ``workers=None`` uses every available CPU; more local workers than CPUs, a ``scheduler``
    without the Dask backend, or a count beyond its limit (``games`` above
    :data:`~.limits.MAX_GAMES`, ``turn_cap``, ``seed``, ``players``) is a :class:`UsageProblem`.

    The content goes through the gate first (the checks of ``cardkit check GAME``, through the
    check cache in ``cache_dir``): content with errors raises
    :class:`~cardkit.core.errors.ContentBlocked` and never reaches the engine.
    """
    _sim_of(game)
    check_run_limits(games, turn_cap, seed)
    workers = run_options(backend, workers, scheduler)
    content = require_clean(game, content_dir, cache_dir=cache_dir)
    if until_width is not None and not (isinstance(until_width, (int, float))
                                        and 0.001 <= until_width <= 1):
        raise UsageProblem(f"--until-width must be from 0.1 to 100 percentage points, not "
                           f"{until_width!r}")
    return _simulate_checked(game, content, content_dir, games, seed, bots, players, backend,
                             workers, scheduler, turn_cap, progress, engine_options, mirrored,
                             until_width, check_invariants)


def intervals_narrow(width: float, extras: Any = None) -> Any:
    """The stop rule of a sequential run: every 95 % interval the report will print at most
    ``width`` wide — each bot's win rate, and with ``extras`` (``rows -> the game's
    statistics``) every ``ci95`` in them (a balance run's card deltas and win rates)."""
    def narrow(rows: list[GameRow]) -> bool:
        found = list(_intervals(summarise(seat_labels(rows))["bots"]))
        if extras is not None:
            found += list(_intervals(extras(rows)))
        return bool(found) and all(hi - lo <= width for lo, hi in found)
    return narrow


def _intervals(data: Any) -> Iterator[tuple[float, float]]:
    """Every ``ci95: [low, high]`` in a report's data, at any depth."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "ci95" and isinstance(value, list) and len(value) == 2:
                yield float(value[0]), float(value[1])
            elif key == "ci95" and value is None:  # no interval yet (a card never picked)
                yield 0.0, math.inf
            else:
                yield from _intervals(value)
    elif isinstance(data, list):
        for value in data:
            yield from _intervals(value)


def balance_report(report: SimReport, content_dir: Path, command: str,
                   cache_dir: Path | None = DEFAULT_CACHE_DIR) -> str:
    """The game's Markdown balance report of a finished run (``simulate --balance``);
    a :class:`UsageProblem` for a game without one."""
    sim = _sim_of(report.game)
    if sim.balance is None:
        raise UsageProblem(f"{report.game!r} has no balance report")
    content = require_clean(report.game, content_dir, cache_dir=cache_dir)
    return str(sim.balance(report.to_dict(rows=False), content, command))


def run_options(backend: Backend, workers: int | None, scheduler: str | None) -> int:
    """Validate the backend options before any work starts (a scheduler must be a well-formed
    address of a Dask scheduler that answers within seconds); return the worker count."""
    from .runner import check_scheduler_address, probe_scheduler

    if scheduler is not None and backend != "dask":
        raise UsageProblem("--scheduler needs --backend dask")
    if backend == "dask":
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            raise UsageProblem("the dask backend needs Dask: pip install 'cardkit[dask]' (or "
                               "use --backend process)") from None
    if scheduler is not None:
        probe_scheduler(check_scheduler_address(scheduler))
    workers = available_cpus() if workers is None else workers
    if backend != "serial":
        check_workers(backend, workers, scheduler)
    return workers


def _sim_of(game: str) -> Any:
    sim = getattr(get_game(game), "sim", None)
    if sim is None:
        raise UsageProblem(f"{game!r} has no simulation engine yet")
    return sim


def engine_option_values(game: str, make_engine: Any,
                         options: tuple[tuple[str, Any], ...]) -> tuple[tuple[str, Any], ...]:
    """Check engine options against the keyword parameters of the game's ``make_engine`` (a
    name it does not take is a :class:`UsageProblem` listing the ones it does) and turn a text
    value for a tuple parameter into its comma-separated parts (``include=tunnel,viaduct``)."""
    from ..core.spec import signature_of

    params = {name: p for name, p in list(signature_of(make_engine).parameters.items())[1:]
              if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}
    out = []
    for name, value in options:
        if name not in params:
            known = ", ".join(sorted(params)) or "none"
            raise UsageProblem(f"{game} has no engine option {name!r} (its options: {known})")
        if isinstance(value, str) and "tuple" in str(params[name].annotation):
            value = tuple(part.strip() for part in value.split(",") if part.strip())
        out.append((name, value))
    return tuple(out)


def _simulate_checked(game: str, content: GameContent, content_dir: Path, games: int, seed: int,
                      bots: list[str] | None, players: int | None, backend: Backend,
                      workers: int, scheduler: str | None, turn_cap: int,
                      progress: Progress | None, engine_options: tuple[tuple[str, Any], ...],
                      mirrored: bool, until_width: float | None = None,
                      check_invariants: bool = True) -> SimReport:
    """:func:`simulate` on content that passed the gate."""
    sim = _sim_of(game)
    engine_options = engine_option_values(game, sim.make_engine, engine_options)
    try:
        engine = sim.make_engine(content, **dict(engine_options))
    except ValueError as exc:  # an engine option names no map, preset or card of the content
        raise UsageProblem(f"{game}: {exc}") from None
    chosen = resolve_bots(game, bots, players, engine)
    if not engine.min_players <= len(chosen) <= engine.max_players:
        raise UsageProblem(f"{game} is for {engine.min_players}-{engine.max_players} players, "
                           f"not {len(chosen)}")
    files = tuple((s.relpath, s.raw) for s in discover(content_dir, game, MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    setup = Setup(game, files, tuple(chosen), seed, turn_cap, check_invariants,
                  engine_options=engine_options, mirrored=mirrored)
    game_stats = (lambda rows: sim.extras(rows, content)) if sim.extras else None
    result = run(setup, games, backend, workers, scheduler, progress,
                 until=None if until_width is None else intervals_narrow(until_width,
                                                                         game_stats))
    extras = sim.extras(result.rows, content) if sim.extras and result.rows else {}
    return SimReport(game, seed, chosen, result, summarise(seat_labels(result.rows)), extras,
                     dict(engine_options))


@dataclass(slots=True)
class PlayedGame:
    """One game of a run as it was played: the runner's line per decision, its row (seats,
    scores, details), the seed its chance stream was drawn from, and the run's engine options
    (a game's narrator replays it from these: ``Game.narrate``)."""

    game: str
    content: GameContent
    lines: list[str]
    row: GameRow
    game_seed: int
    engine_options: dict[str, Any]
    seed: int = 0  # the run's root seed
    index: int = 0  # the game's number in the run


def play_one(game: str, content_dir: Path, seed: int, bots: list[str] | None = None,
             index: int = 0, cache_dir: Path | None = DEFAULT_CACHE_DIR,
             players: int | None = None, engine_options: tuple[tuple[str, Any], ...] = ()
             ) -> PlayedGame:
    """Play game ``index`` of a run (root ``seed``, ``bots``, ``engine_options``) as
    :func:`simulate` would, recording every decision."""
    from .runner import play

    content = require_clean(game, content_dir, cache_dir=cache_dir)
    sim = _sim_of(game)
    engine_options = engine_option_values(game, sim.make_engine, engine_options)
    try:
        engine = sim.make_engine(content, **dict(engine_options))
    except ValueError as exc:
        raise UsageProblem(f"{game}: {exc}") from None
    chosen = resolve_bots(game, bots, players, engine)
    files = tuple((s.relpath, s.raw) for s in discover(content_dir, game, MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    lines: list[str] = []
    row = play(Setup(game, files, tuple(chosen), seed, engine_options=engine_options), index,
               lines)
    return PlayedGame(game, content, lines, row, derive(seed, "game", index),
                      dict(engine_options), seed, index)


def transcript(game: str, content_dir: Path, seed: int, bots: list[str] | None = None,
               index: int = 0, cache_dir: Path | None = DEFAULT_CACHE_DIR,
               players: int | None = None, engine_options: tuple[tuple[str, Any], ...] = ()
               ) -> str:
    """A record of one game (every decision, then the seats, scores and details): the golden
    tests' form, and ``simulate --transcript`` for a game without a narrator of its own."""
    played = play_one(game, content_dir, seed, bots, index, cache_dir, players, engine_options)
    row, lines = played.row, list(played.lines)
    lines.append(f"seats: {', '.join(row.seats)}")
    lines.append(f"scores: {', '.join(f'{s:g}' for s in row.scores)}; winners: "
                 f"{', '.join(map(str, row.winners))}; turns: {row.turns}; end: {row.end_reason}")
    if row.details:
        import json

        lines.append("details: " + json.dumps(row.details, sort_keys=True))
    return "\n".join(lines) + "\n"


def write_transcript(game: str, content_dir: Path, seed: int, out: Path, *,
                     bots: list[str] | None = None, players: int | None = None,
                     engine_options: tuple[tuple[str, Any], ...] = (), locale: str = "en",
                     force: bool = False, cache_dir: Path | None = DEFAULT_CACHE_DIR
                     ) -> list[Path]:
    """``simulate --transcript FILE``: game 0 of the run, recorded. A ``.pdf`` or ``.png``
    file gets the game's finished sheets drawn (``Game.draw_played``; a game without them is a
    usage error); any other file the game's readable transcript (``Game.narrate``), or the
    runner's line per decision for a game without a narrator."""
    from ..core.outputs import write_output

    spec = get_game(game)
    drawn = out.suffix.lower() in (".pdf", ".png")
    draw = getattr(spec, "draw_played", None)
    if drawn and draw is None:
        raise UsageProblem(f"{game} draws no finished sheets: give --transcript a text file")
    played = play_one(game, content_dir, seed, bots, 0, cache_dir, players, engine_options)
    if drawn:
        return list(draw(played, out, content_dir, locale, force))
    narrate = getattr(spec, "narrate", None)
    text = narrate(played) if narrate is not None else transcript(
        game, content_dir, seed, bots, 0, cache_dir, players, engine_options)
    return [write_output(out, text, force=force, content_roots=(content_dir,))]


@dataclass(slots=True)
class StrengthRow:
    """One card's "baseline + card" against the baseline."""

    card: str
    games: int
    win_rate: float
    ci95: tuple[float, float]
    ties: int
    length: dict[str, float]
    end_reasons: dict[str, int]
    bought: float  # copies the test bot ended with, on average
    #: Turns per player (every seat of every game), when the rows' ``details["turns"]`` give
    #: them (Trains); empty otherwise (``length`` counts actions).
    turns: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        out = {"card": self.card, "games": self.games, "win_rate": self.win_rate,
               "ci95": list(self.ci95), "ties": self.ties, "length": self.length,
               "end_reasons": self.end_reasons, "copies_bought": self.bought}
        if self.turns:
            out["turns_per_player"] = self.turns
        return out


@dataclass(slots=True)
class StrengthReport:
    """A card-strength run: the cards that finished, and what an interrupt cut short.

    Iterating gives the complete rows (strongest first). A card whose games were interrupted
    is never among them: it is named in ``cut_short`` with the games it got through, and the
    cards never started are in :attr:`not_run`.
    """

    game: str
    seed: int
    games_per_card: int
    cards: list[str]  # the cards asked for, in run order
    rows: list[StrengthRow] = field(default_factory=list)
    interrupted: bool = False
    cut_short: tuple[str, int] | None = None  # (card, games finished) of the interrupted card

    def __iter__(self) -> Iterator[StrengthRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def not_run(self) -> list[str]:
        """Cards neither finished nor cut short (after an interrupt)."""
        done = {r.card for r in self.rows} | ({self.cut_short[0]} if self.cut_short else set())
        return [c for c in self.cards if c not in done]

    def to_dict(self) -> dict[str, Any]:
        """The JSON document."""
        out: dict[str, Any] = {"game": self.game, "seed": self.seed,
                               "games_per_card": self.games_per_card,
                               "cards": [r.to_dict() for r in self.rows],
                               "interrupted": self.interrupted}
        if self.interrupted:
            out["incomplete"] = ([{"card": self.cut_short[0], "games": self.cut_short[1],
                                   "of": self.games_per_card}] if self.cut_short else [])
            out["not_run"] = self.not_run
        return out


def progressed(progress: Progress | None, done: int, total: int) -> bool:
    """Report ``done`` of ``total`` cards to ``progress``; False when Ctrl-C arrived during the
    call (the card is complete: the run stops after it)."""
    if progress:
        try:
            progress(done, total)
        except KeyboardInterrupt:
            return False
    return True


def card_strength(game: str, content_dir: Path = Path("content"), games_per_card: int = 200,
                  seed: int = 1, cards: list[str] | None = None, backend: Backend = "process",
                  workers: int | None = 2, progress: Progress | None = None,
                  cache_dir: Path | None = DEFAULT_CACHE_DIR,
                  card_set: str | None = None) -> StrengthReport:
    """For each card: the game's test bot (baseline + card) against its baseline, both seat
    orders on shared seeds (mirrored pairs), win rate with a Wilson 95% interval. ``cards``
    default to every kingdom card of ``card_set`` (the game's default set when None).

    The content goes through the gate once (see :func:`simulate`). Ctrl-C stops the run: the
    cards finished so far are reported, the interrupted card is dropped (named in
    ``cut_short``), never reported on fewer games as if complete."""
    from .stats import quantiles, wilson

    sim = getattr(get_game(game), "sim", None)
    if sim is None or sim.strength_cards is None:
        raise UsageProblem(f"{game!r} has no card-strength setup")
    check_count("--games", games_per_card, 2, MAX_GAMES)
    check_count("--seed", seed, 0, MAX_SEED)
    workers = run_options(backend, workers, None)
    if cards is not None and any(not c.strip() for c in cards):
        raise UsageProblem("--cards has an empty entry; give comma-separated card ids")
    if cards and card_set is not None:
        raise UsageProblem("give --cards or --set, not both")
    content = require_clean(game, content_dir, cache_dir=cache_dir)
    try:
        chosen = list(dict.fromkeys(c.strip() for c in cards)) if cards \
            else sim.strength_cards(content, card_set)
        for card in chosen:
            sim.strength_setup(card, content)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from exc
    games = games_per_card + games_per_card % 2  # at most MAX_GAMES, an even number
    out = StrengthReport(game, seed, games, chosen)
    for i, card in enumerate(chosen):
        try:
            bots, options = sim.strength_setup(card, content)
            report = _simulate_checked(game, content, content_dir, games,
                                       derive(seed, "strength", card), bots, None, backend,
                                       workers, None, DEFAULT_TURN_CAP, None, options,
                                       mirrored=True)
        except KeyboardInterrupt:  # between two cards' runs
            out.interrupted, out.cut_short = True, (card, 0)
            break
        if len(report.result.rows) < games:  # Ctrl-C in the middle of this card
            out.interrupted, out.cut_short = True, (card, len(report.result.rows))
            break
        test = bots[0]
        line = next(b for b in report.summary["bots"] if b["bot"] == test)
        owned = [r.details.get("kingdom_owned", [{}] * len(r.seats))[r.seats.index(test)]
                 .get(card, 0) for r in report.result.rows]
        lo, hi = wilson(line["win_rate"] * line["games"], line["games"])
        turns = [float(t) for r in report.result.rows for t in r.details.get("turns", [])]
        out.rows.append(StrengthRow(card, line["games"], line["win_rate"], (round(lo, 4),
                                    round(hi, 4)), line["ties"], report.summary["length"],
                                    report.summary["end_reasons"],
                                    round(sum(owned) / len(owned), 2) if owned else 0.0,
                                    quantiles(turns)))
        if report.result.interrupted:  # Ctrl-C after the card's last game: it is complete
            out.interrupted = True
            break
        if not progressed(progress, i + 1, len(chosen)):
            out.interrupted = True
            break
    out.rows.sort(key=lambda r: (-r.win_rate, r.card))
    return out
