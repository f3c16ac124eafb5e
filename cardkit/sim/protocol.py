"""The engine protocol every game implements (after OpenSpiel's state interface).

An engine makes states; a state knows whose turn it is, the legal actions, how to apply one,
when the game is over and the scores. All chance lives inside the state's own
``random.Random``, seeded from the game's seed, so a game replays exactly from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

Action = Hashable


class State(Protocol):
    """One game in progress."""

    def current_player(self) -> int:
        """Seat index (0-based) of the player to act."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Actions the current player may take, in a stable order."""
        ...

    def apply(self, action: Action) -> None:
        """Play an action (raises ``IllegalAction`` for one not in :meth:`legal_actions`)."""
        ...

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        ...

    def scores(self) -> list[float]:
        """Points per seat (final when terminal)."""
        ...

    def copy(self) -> State:
        """An independent copy (bots may look ahead on it)."""
        ...

    # Optional: ``tiebreak() -> list[float]``, compared when scores are equal (Trains: rails).
    # Optional: ``winners() -> list[int]``, the game's own verdict of who won a finished game
    # when it is not simply the best score (Mars Dice solo: won only with every global done in
    # time, else no winner — a lost solo game has no score to win with).

    # Information sets (what a search bot may know; every built-in game has them):
    #
    # ``observation(player) -> Hashable``: everything ``player`` can see now and nothing else —
    # their own hand and sheet, the public board, scores, discard piles, the *sizes* of the
    # hidden piles and hands; never another player's hand, a deck's order or a face-down card.
    #
    # ``determinize(player, rng) -> State``: an independent copy in which everything ``player``
    # cannot see is resampled, consistently with what they have seen (deck orders shuffled,
    # other hands dealt again from the cards ``player`` cannot account for, face-down cards
    # redrawn), and whose own chance (future dice, draws, reshuffles) is reseeded from ``rng``.
    # It must have the same ``observation(player)`` and the same legal actions when ``player``
    # is to act; it must not read the hidden parts of the state it copies (a bot would cheat).
    # ``tests/test_sim_determinize.py`` holds every game to this.

    @property
    def turns(self) -> int:
        """Actions taken so far."""
        ...

    @property
    def end_reason(self) -> str:
        """Why the game ended (``"cards"``, ``"rails"``...) or ``""`` while running."""
        ...

    def check_invariants(self) -> None:
        """Raise ``InvariantError`` if the state breaks a rule of the game."""
        ...

    def describe(self, action: Action) -> str:
        """A short readable form of an action (for transcripts)."""
        ...

    def details(self) -> dict[str, Any]:
        """Game-specific data for reports (points per card...)."""
        ...


class Engine(Protocol):
    """Makes games of one game from its content."""

    min_players: int
    max_players: int

    def new_game(self, players: int, rng: random.Random) -> State:
        """A fresh game for ``players`` seats; ``rng`` is the game's own chance."""
        ...


class Bot(Protocol):
    """A player strategy."""

    name: str

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        """Pick one of ``state.legal_actions()``."""
        ...


class IllegalAction(ValueError):
    """An action that is not legal in the state."""


class InvariantError(AssertionError):
    """A state broke a rule of the game (cards or markers not conserved, ...)."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot named on the command line: ``guesser:0.8`` is name ``guesser``, parameter 0.8."""

    name: str
    params: tuple[str, ...] = field(default=())

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """Parse ``name[:param[:param...]]``."""
        name, *params = text.strip().split(":")
        return cls(name, tuple(params))

    def __str__(self) -> str:
        return ":".join((self.name, *self.params))


@dataclass(frozen=True, slots=True)
class SwapSpec:
    """What the swap measure of ``cardkit strength`` needs of a game: which cards it measures
    and how each one is made neutral — the same card (id, kind, cost, place in the deck) that
    does nothing — and which seats held a card in a finished game."""

    kind: str  # the content kind of the cards (``cards``, ``projects``, ``scoring``)
    neutral: Any  # (card object) -> the same card doing nothing
    holders: Any  # (row details, card id) -> seats that held, played or scored it
    #: (GameContent) -> the card ids measured by default (None: every record of ``kind``).
    cards: Any = None
    #: (card id, GameContent) -> (bot for every seat or None: the game's first default bot,
    #: engine options), for a game whose card must be put into play or into a bot's plans.
    setup: Any = None
    #: Whether a player chooses the card (a game without a holder then means nobody wanted
    #: it: "unused"); False for dealt cards (a Terra question, a Cartographers edict), whose
    #: absence from a game means it was not dealt.
    chosen: bool = True


@dataclass(frozen=True, slots=True)
class SimSpec:
    """What a game gives the simulation layer."""

    make_engine: Any  # (GameContent, **options) -> Engine
    make_bot: Any  # (BotSpec, Engine) -> Bot; raises KeyError for an unknown bot name
    bots: dict[str, str]  # name -> one-line help
    default_bots: tuple[str, ...]
    extras: Any = None  # (rows, GameContent) -> dict of game-specific statistics
    #: Card strength: ``(content, card_set) -> list of card ids`` (``card_set`` None: the
    #: game's default set; an unknown set raises ``ValueError``) and
    #: ``(card) -> (bots, engine options)``
    strength_cards: Any = None
    strength_setup: Any = None
    #: Lines the text report prints for the game's statistics: ``(extras) -> list[str]``.
    extras_text: Any = None
    #: The balance report of ``simulate --balance FILE.md``:
    #: ``(report dict, GameContent, command line) -> Markdown``.
    balance: Any = None
    #: The items of a run outside the game's balance bounds: ``(report dict) -> ["id: why"]``.
    violations: Any = None
    #: ``(GameContent) -> (rules fingerprint, engine fingerprint)`` of a balance verdict.
    fingerprints: Any = None
    #: The swap measure of ``cardkit strength``: ``() -> SwapSpec`` (lazy: a game module).
    swap: Any = None


def winners_of(state: Any, scores: list[float]) -> list[int]:
    """The seats that won a finished game: the game's own ``winners()`` when it has one, else
    the best score (then the game's ``tiebreak``; still equal, all of them)."""
    if hasattr(state, "winners"):
        return list(state.winners())
    tiebreak = state.tiebreak() if hasattr(state, "tiebreak") else [0.0] * len(scores)
    keys = list(zip(scores, tiebreak, strict=True))
    best = max(keys)
    return [s for s, v in enumerate(keys) if v == best]
