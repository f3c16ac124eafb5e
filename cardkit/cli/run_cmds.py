"""Commands that play games: ``simulate``, ``balance`` and ``strength``."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..core.errors import UsageProblem
from ..core.registry import get_game
from ..sim.limits import MAX_GAMES, MAX_PLAYERS, MAX_SEED, MAX_TURN_CAP, MAX_WORKERS
from .app import _guard, content_option, force_option
from .exits import interrupted_code

WORKERS_HELP = ("Worker processes (default and maximum: this machine's CPUs; with --scheduler "
                f"at most {MAX_WORKERS}, and they only size the batches).")
SEED_HELP = f"Root seed of the run (0 to 2^64-1 = {MAX_SEED})."


@click.command()
@click.argument("game")
@content_option
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
              help=f"Number of games to play (at most {MAX_GAMES:,}: every game's row is kept "
              "for the report; run more seeds for more games).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help=SEED_HELP)
@click.option("--bots", default=None, help="Comma-separated bots, one per seat "
              "(e.g. guesser:0.8,hedger:0.5); default: the game's own set.")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None,
              help="Number of players (a single --bots entry fills every seat; without --bots the "
                   f"game's own set is repeated round the table). At most {MAX_PLAYERS}; each "
                   "game has its own range (terra 2-6, trains 2-4...).")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=None, help=WORKERS_HELP)
@click.option("--backend", type=click.Choice(("serial", "process", "dask")), default="process",
              show_default=True, help="Where the games run: in this process, in worker "
              "processes, or on a Dask cluster.")
@click.option("--scheduler", default=None, help="Dask scheduler address, tcp://HOST:PORT "
              "(implies --backend dask; default: a local cluster).")
@click.option("--turn-cap", type=click.IntRange(1, MAX_TURN_CAP), default=10_000,
              show_default=True, help="Stop a game after this many actions (reported, never "
              f"hidden; at most {MAX_TURN_CAP:,}).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
              help="An engine option of the game, repeatable: map=B or variant=first-game "
              "(Cartographers: the first game, ambush cards set aside), "
              "map=osaka or preset=... (Trains).")
@click.option("--invariants/--no-invariants", default=True, show_default=True,
              help="Check every rule invariant of the game at the end of every turn (a broken "
              "one stops the run naming the game and turn); --no-invariants plays faster with "
              "the same results.")
@click.option("--until-width", "until_width", type=click.FloatRange(0.1, 100), default=None,
              metavar="PP", help="Sequential sampling: play rounds of 100 games and stop once "
              "every 95% interval of the report (win rates, a balance run's card deltas) is at "
              "most PP percentage points wide (--games is then the cap; the same seed stops at "
              "the same game everywhere).")
@click.option("--format", "fmt", type=click.Choice(("text", "json", "csv")), default="text",
              show_default=True, help="What to print.")
@click.option("-o", "--out", type=click.Path(path_type=Path), default=None,
              help="Write the JSON report (every game row) to this file.")
@click.option("--report", "report_pdf", type=click.Path(path_type=Path), default=None,
              help="Write a PDF report with charts.")
@click.option("--balance", "balance_md", type=click.Path(path_type=Path), default=None,
              help="Write the game's balance report (Markdown: the card tables against the "
              "bounds the set is balanced to; Terra Futura).")
@click.option("--transcript", "transcript_to", type=click.Path(path_type=Path), default=None,
              help="Also write game 0 of the run, decision by decision, with the season "
              "scores and the final sheets; FILE.pdf or FILE.png draws the finished sheets "
              "(Cartographers).")
@click.option("--locale", default="en", show_default=True,
              help="The language of the drawn finished sheets (--transcript FILE.pdf|png).")
@force_option
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal).")
@_guard
def simulate(game: str, content_dir: Path, games: int, seed: int, bots: str | None,
             players: int | None, workers: int | None, backend: str, scheduler: str | None,
             turn_cap: int, options: tuple[str, ...], fmt: str, out: Path | None,
             report_pdf: Path | None, balance_md: Path | None, progress: bool | None,
             force: bool, until_width: float | None = None, invariants: bool = True,
             transcript_to: Path | None = None, locale: str = "en") -> None:
    """Play seeded games with bots; report win rates, lengths and the game's statistics.

    The same seed gives the same results on any backend and worker count. Ctrl-C or SIGTERM
    stops the run and reports the games that finished (also in --out, marked interrupted).
    """
    from ..core.outputs import check_output, distinct_outputs, write_output
    from ..sim import report as rep
    from ..sim.api import balance_report, write_transcript
    from ..sim.api import simulate as run_simulation

    roots = (content_dir,)
    distinct_outputs(out, report_pdf, balance_md, transcript_to)
    for target in (out, report_pdf, balance_md, transcript_to):  # refuse before the run
        if target is not None:
            check_output(target, force=force, content_roots=roots)
    if balance_md is not None and getattr(get_game(game).sim, "balance", None) is None:
        raise UsageProblem(f"{game!r} has no balance report (--balance)")

    show = sys.stderr.isatty() if progress is None else progress
    bar = _ProgressBar() if show else None
    result = run_simulation(game, content_dir, games, seed, _split_list(bots), players,
                            _backend_for(backend, scheduler),  # type: ignore[arg-type]
                            workers, scheduler, turn_cap, bar.update if bar else None,
                            engine_options=_key_values(options),
                            until_width=None if until_width is None else until_width / 100,
                            check_invariants=invariants)
    if bar:
        bar.close()
    text = {"text": rep.to_text, "json": rep.to_json, "csv": rep.to_csv}[fmt](result)
    click.echo(text, nl=False)
    if out is not None:
        write_output(out, rep.to_json(result), force=force, content_roots=roots)
        click.echo(f"wrote {out}", err=True)
    if report_pdf is not None:
        write_output(report_pdf, rep.to_pdf(result), force=force, content_roots=roots)
        click.echo(f"wrote {report_pdf}", err=True)
    if balance_md is not None:
        # the run's result depends on these options only (never on workers or backend)
        command = " ".join([f"cardkit simulate {game} --games {games} --seed {seed}",
                            *([f"--bots {bots}"] if bots else []),
                            *([f"--players {players}"] if players else []),
                            *([f"--until-width {until_width:g}"] if until_width else []),
                            *(f"--option {o}" for o in options), f"--balance {balance_md}"])
        write_output(balance_md, balance_report(result, content_dir, command), force=force,
                     content_roots=roots)
        click.echo(f"wrote {balance_md}", err=True)
    if transcript_to is not None:
        for path in write_transcript(game, content_dir, seed, transcript_to,
                                     bots=_split_list(bots), players=players,
                                     engine_options=_key_values(options), locale=locale,
                                     force=force):
            click.echo(f"wrote {path}", err=True)
    if result.result.interrupted:
        click.echo(f"cardkit: interrupted after {len(result.result.rows)} of {games} games",
                   err=True)
        sys.exit(interrupted_code())


@click.command()
@click.argument("game")
@content_option
@click.option("--measure", type=click.Choice(("baseline", "swap")), default=None,
              help="baseline: \"baseline + card\" against the baseline bot (Trains, the "
              "default there); swap: each card as it is against the same card made neutral, on "
              "the same seeds, flagging dead cards (every other game's default).")
@click.option("--games", "games_per_card", type=click.IntRange(2, MAX_GAMES), default=200,
              show_default=True, help="Games per card (baseline: half in each seat order; "
              f"swap: seed pairs). At most {MAX_GAMES:,}.")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help=SEED_HELP)
@click.option("--cards", default=None, help="Comma-separated cards (default: every card the "
              "game measures: Trains' kingdom cards of the set, Terra Futura's level I and II "
              "cards, Mars Dice's projects, Cartographers' scoring cards, Terra's cards).")
@click.option("--set", "card_set", default=None, metavar="SET",
              help="The card set whose kingdom cards to rank (Trains: base, rising-sun; "
              "default: base).")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None,
              help="Seats of a swap run (default: the game's own number of default bots).")
@click.option("--until-width", "until_width", type=click.FloatRange(0.1, 100), default=None,
              metavar="PCT", help="Swap: play rounds of 50 pairs per card until its verdict is "
              "decided or its score difference's interval is at most PCT % of the mean score "
              "wide (--games is then the cap).")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=None,
              help="Worker processes (default and maximum: this machine's CPUs).")
@click.option("--backend", type=click.Choice(("serial", "process", "dask")), default="process",
              show_default=True, help="Where the games run: in this process, in worker "
              "processes, or on a Dask cluster.")
@click.option("-o", "--out", type=click.Path(path_type=Path), default=None, help="JSON report.")
@click.option("--report", "report_pdf", type=click.Path(path_type=Path), default=None,
              help="PDF chart (the baseline measure).")
@force_option
@_guard
def strength(game: str, content_dir: Path, measure: str | None, games_per_card: int, seed: int,
             cards: str | None, card_set: str | None, players: int | None,
             until_width: float | None, workers: int | None, backend: str, out: Path | None,
             report_pdf: Path | None, force: bool) -> None:
    """Card strength: what each card adds to a bot's play, and which cards are dead.

    Ctrl-C or SIGTERM stops the run and reports the cards that finished.
    """
    from ..core.outputs import check_output, distinct_outputs, write_output
    from ..sim import report as rep
    from ..sim.api import card_strength
    from ..sim.swap import swap_strength

    sim = getattr(get_game(game), "sim", None)
    if measure is None:
        measure = "baseline" if getattr(sim, "strength_setup", None) is not None else "swap"
    if measure == "swap" and (card_set is not None or report_pdf is not None):
        raise UsageProblem("--set and --report go with --measure baseline")
    if measure == "baseline" and (players is not None or until_width is not None):
        raise UsageProblem("--players and --until-width go with --measure swap")
    roots = (content_dir,)
    distinct_outputs(out, report_pdf)
    for target in (out, report_pdf):  # refuse before the run, not after it
        if target is not None:
            check_output(target, force=force, content_roots=roots)

    bar = _ProgressBar() if sys.stderr.isatty() else None
    if measure == "swap":
        rows: Any = swap_strength(game, content_dir, games_per_card, seed, _split_list(cards),
                                  players, backend, workers,  # type: ignore[arg-type]
                                  None if until_width is None else until_width / 100,
                                  bar.update if bar else None)
        text = rep.swap_text(rows)
    else:
        rows = card_strength(game, content_dir, games_per_card, seed, _split_list(cards),
                             backend, workers, bar.update if bar else None,  # type: ignore[arg-type]
                             card_set=card_set)
        text = rep.strength_text(game, rows)
    if bar:
        bar.close()
    click.echo(text, nl=False)
    if out is not None:
        write_output(out, json.dumps(rows.to_dict(), indent=1, sort_keys=True) + "\n",
                     force=force, content_roots=roots)
        click.echo(f"wrote {out}", err=True)
    if report_pdf is not None:
        write_output(report_pdf, rep.strength_pdf(game, rows), force=force, content_roots=roots)
        click.echo(f"wrote {report_pdf}", err=True)
    if rows.interrupted:
        click.echo(f"cardkit: interrupted after {len(rows)} of {len(rows.cards)} cards", err=True)
        sys.exit(interrupted_code())


@click.command("balance")
@click.argument("game")
@content_option
@click.option("--games", type=click.IntRange(1, MAX_GAMES), default=2000, show_default=True,
              help="Games per player count under the game's greedy bot.")
@click.option("--search", default="mcts:10", show_default=True, metavar="BOT",
              help="The strong bot, run at every player count too (mcts[:ITERATIONS[:ROLLOUT]]).")
@click.option("--search-games", type=click.IntRange(0, MAX_GAMES), default=100,
              show_default=True, help="Games per player count under the search bot (0: none).")
@click.option("--seed", type=click.IntRange(0, MAX_SEED), default=1, show_default=True,
              help=SEED_HELP)
@click.option("--until-width", "until_width", type=click.FloatRange(0.1, 100), default=None,
              metavar="PP", help="Sequential sampling in every run: rounds of 100 games until "
              "each 95% interval of its report is at most PP points wide (the games are then "
              "the cap).")
@click.option("--workers", type=click.IntRange(1, MAX_WORKERS), default=None, help=WORKERS_HELP)
@click.option("--backend", type=click.Choice(("serial", "process", "dask")), default="process",
              show_default=True, help="Where the games run.")
@click.option("-o", "--out", type=click.Path(path_type=Path), required=True,
              help="The Markdown document to write (outside the content folder, e.g. "
              "build/balance.md; copy it to content/GAME/balance.md to adopt the verdict).")
@force_option
@_guard
def balance(game: str, content_dir: Path, games: int, search: str, search_games: int,
            seed: int, workers: int | None, backend: str, out: Path, force: bool,
            until_width: float | None = None) -> None:
    """The balance verdict at every player count, under the greedy and the search bot.

    Writes one document: the verdict table, where the verdicts differ, then every run's
    tables. Adopted as content/GAME/balance.md, its rules and engine fingerprints make
    `cardkit check` warn as soon as the rules, the engine or the bots change.
    """
    from ..core.outputs import check_output, write_output
    from ..sim.suite import balance_suite, suite_runs_text

    roots = (content_dir,)
    check_output(out, force=force, content_roots=roots)
    command = (f"cardkit balance {game} --games {games} --search {search} "
               f"--search-games {search_games} --seed {seed}"
               + (f" --until-width {until_width:g}" if until_width else "") + f" -o {out}")

    def announce(players: int, bot: str) -> None:
        click.echo(f"{players} player{'s' if players != 1 else ''}, {bot}...", err=True)

    suite = balance_suite(game, content_dir, games, seed, search, search_games,
                          backend, workers, command, announce,  # type: ignore[arg-type]
                          until_width=None if until_width is None else until_width / 100)
    click.echo(suite_runs_text(suite), nl=False)
    if suite.interrupted:
        click.echo("cardkit: interrupted; the document was not written", err=True)
        sys.exit(interrupted_code())
    write_output(out, suite.markdown, force=force, content_roots=roots)
    click.echo(f"wrote {out}", err=True)


def _key_values(options: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """``KEY=VALUE`` options as pairs; one without ``=`` is a usage error."""
    pairs = []
    for option in options:
        key, sep, value = option.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{option!r} is not KEY=VALUE", param_hint="--option")
        pairs.append((key.strip(), value.strip()))
    return tuple(pairs)


def _split_list(text: str | None) -> list[str] | None:
    """A comma-separated option as a list of stripped entries (``"a, b"`` is ``a`` and ``b``)."""
    return [part.strip() for part in text.split(",")] if text else None


def _backend_for(backend: str, scheduler: str | None) -> str:
    """``--scheduler`` implies ``--backend dask`` when no backend was given; given together with
    another backend it is a usage error (reported by the library)."""
    source = click.get_current_context().get_parameter_source("backend")
    if scheduler is not None and source is click.core.ParameterSource.DEFAULT:
        return "dask"
    return backend


class _ProgressBar:
    """A one-line progress bar on stderr."""

    def __init__(self) -> None:
        import time

        self.start = time.perf_counter()

    def update(self, done: int, total: int) -> None:
        import time

        width = 30
        filled = int(width * done / total)
        rate = done / max(1e-9, time.perf_counter() - self.start)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                         f"({rate:.0f}/s)")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\n")
