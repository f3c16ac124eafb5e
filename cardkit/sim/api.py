"""``cardkit simulate`` as a library call."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.checking import MAX_FILE_BYTES, load_game
from ..core.diagnostics import Severity
from ..core.discovery import discover
from ..core.errors import UsageProblem
from ..core.registry import get_game
from ..i18n.translations import is_translation_file
from .protocol import BotSpec
from .runner import DEFAULT_TURN_CAP, Backend, Progress, RunResult, Setup, run
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

    def to_dict(self, rows: bool = True) -> dict[str, Any]:
        """The JSON document (no timings: the same seed gives the same document)."""
        out: dict[str, Any] = {
            "game": self.game, "seed": self.seed, "bots": self.bots,
            "players": len(self.bots), "games_requested": self.result.requested,
            "games_played": len(self.result.rows), "interrupted": self.result.interrupted,
            "summary": self.summary, "extras": self.extras,
        }
        if rows:
            out["rows"] = [r.to_dict() for r in self.result.rows]
        return out


def resolve_bots(game: str, bots: list[str] | None, players: int | None,
                 engine: Any = None) -> list[str]:
    """Seat bots: as given (one given bot fills every seat), else the game's defaults."""
    sim = get_game(game).sim  # type: ignore[attr-defined]
    chosen = list(bots) if bots else list(sim.default_bots)
    if players is not None:
        if len(chosen) == 1:
            chosen = chosen * players
        elif len(chosen) != players:
            raise UsageProblem(f"{len(chosen)} bots for {players} players; give one bot per "
                               "player, or a single bot for every seat")
    for text in chosen:
        try:
            sim.make_bot(BotSpec.parse(text), engine)
        except KeyError:
            raise UsageProblem(f"unknown bot {text!r}; {game} bots: "
                               f"{'; '.join(sim.bots.values())}") from None
        except ValueError as exc:
            raise UsageProblem(f"bot {text!r}: {exc}") from None
    return chosen


def simulate(game: str, content_dir: Path = Path("content"), games: int = 100, seed: int = 1,
             bots: list[str] | None = None, players: int | None = None,
             backend: Backend = "process", workers: int = 2, scheduler: str | None = None,
             turn_cap: int = DEFAULT_TURN_CAP, progress: Progress | None = None,
             engine_options: tuple[tuple[str, Any], ...] = (), mirrored: bool = False
             ) -> SimReport:
    """Play a seeded batch of games with bots and summarise it."""
    spec = get_game(game)
    sim = getattr(spec, "sim", None)
    if sim is None:
        raise UsageProblem(f"{game!r} has no simulation engine yet")
    if games < 1:
        raise UsageProblem("--games must be at least 1")
    content, diags = load_game(game, content_dir)
    errors = [d for d in diags if d.severity is Severity.ERROR]
    if errors or not content.complete:
        first = errors[0] if errors else None
        where = f": {first.file}:{first.line}:{first.col} {first.code} {first.message}" \
            if first else ""
        raise UsageProblem(f"the {game} content has errors; run `cardkit check`{where}")
    engine = sim.make_engine(content, **dict(engine_options))
    chosen = resolve_bots(game, bots, players, engine)
    if not engine.min_players <= len(chosen) <= engine.max_players:
        raise UsageProblem(f"{game} is for {engine.min_players}-{engine.max_players} players, "
                           f"not {len(chosen)}")
    files = tuple((s.relpath, s.raw) for s in discover(content_dir, game, MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    setup = Setup(game, files, tuple(chosen), seed, turn_cap, engine_options=engine_options,
                  mirrored=mirrored)
    result = run(setup, games, backend, workers, scheduler, progress)
    extras = sim.extras(result.rows, content) if sim.extras and result.rows else {}
    return SimReport(game, seed, chosen, result, summarise(result.rows), extras)


def transcript(game: str, content_dir: Path, seed: int, bots: list[str] | None = None,
               index: int = 0) -> str:
    """A readable record of one game (every action, then the scores), for golden tests."""
    from .runner import play

    content, _ = load_game(game, content_dir)
    chosen = resolve_bots(game, bots, None, get_game(game).sim.make_engine(content))  # type: ignore[attr-defined]
    files = tuple((s.relpath, s.raw) for s in discover(content_dir, game, MAX_FILE_BYTES)
                  if not is_translation_file(s.relpath))
    lines: list[str] = []
    row = play(Setup(game, files, tuple(chosen), seed), index, lines)
    lines.append(f"seats: {', '.join(row.seats)}")
    lines.append(f"scores: {', '.join(f'{s:g}' for s in row.scores)}; winners: "
                 f"{', '.join(map(str, row.winners))}; turns: {row.turns}; end: {row.end_reason}")
    if row.details:
        import json

        lines.append("details: " + json.dumps(row.details, sort_keys=True))
    return "\n".join(lines) + "\n"


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

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"card": self.card, "games": self.games, "win_rate": self.win_rate,
                "ci95": list(self.ci95), "ties": self.ties, "length": self.length,
                "end_reasons": self.end_reasons, "copies_bought": self.bought}


def card_strength(game: str, content_dir: Path = Path("content"), games_per_card: int = 200,
                  seed: int = 1, cards: list[str] | None = None, backend: Backend = "process",
                  workers: int = 2, progress: Progress | None = None) -> list[StrengthRow]:
    """For each card: the game's test bot (baseline + card) against its baseline, both seat
    orders on shared seeds (mirrored pairs), win rate with a Wilson 95% interval."""
    from .stats import wilson

    sim = get_game(game).sim  # type: ignore[attr-defined]
    if sim is None or sim.strength_cards is None:
        raise UsageProblem(f"{game!r} has no card-strength setup")
    content, _ = load_game(game, content_dir)
    chosen = cards or sim.strength_cards(content)
    rows = []
    games = games_per_card + games_per_card % 2
    for i, card in enumerate(chosen):
        bots, options = sim.strength_setup(card)
        report = simulate(game, content_dir, games, derive(seed, "strength", card), bots,
                          None, backend, workers, None, DEFAULT_TURN_CAP, None,
                          options, mirrored=True)
        test = bots[0]
        line = next(b for b in report.summary["bots"] if b["bot"] == test)
        owned = [r.details.get("kingdom_owned", [{}] * len(r.seats))[r.seats.index(test)]
                 .get(card, 0) for r in report.result.rows]
        lo, hi = wilson(line["win_rate"] * line["games"], line["games"])
        rows.append(StrengthRow(card, line["games"], line["win_rate"], (round(lo, 4),
                                round(hi, 4)), line["ties"], report.summary["length"],
                                report.summary["end_reasons"],
                                round(sum(owned) / len(owned), 2) if owned else 0.0))
        if progress:
            progress(i + 1, len(chosen))
    rows.sort(key=lambda r: (-r.win_rate, r.card))
    return rows
