"""Cartographers' rules as an engine (1–6 players): four seasons of explore cards, ruins, ambushes,
coins, mountain coins, season scoring from two edicts, coins and monsters.

The players draw at the same time in the real game; here they draw one after the other in seat
order, which changes nothing because every sheet is separate. Decisions:

- ``("draw", terrain, shape, mask)``: draw shape option ``shape`` (0-based; ``-1`` for a 1×1
  fallback) in ``terrain`` at the cells of ``mask`` (rotations and mirrors are in the mask);
- ``("monster", victim, mask)``: during an ambush, draw the monster on the sheet of ``victim``
  (the sheet was passed to the acting seat in the arrow's direction);
- ``("skip",)``: only when the sheet has no empty space left.

Rulings (``shared/spec/cartographers.md``, ``docs/rulings.md``): a ruins card makes the next
explore card's shape cover a ruins space; if no option can, or every ruins space is covered, a
1×1 of any terrain goes anywhere. When no option fits at all, a 1×1 of any terrain goes anywhere
(the Polish rules: "z terenem według własnego wyboru"). "Any terrain" is one of the five a player
draws, :data:`~.board.FALLBACK` — forest, village, farm, water or monster, as the Rift Lands card
offers them; mountains and wastelands are printed on the map, never drawn. The first-game
variant ("W pierwszej grze możecie je odłożyć": the ambush cards may be set aside) plays
without ambushes: ``make_engine(..., variant="first-game")``, ``--option
variant=first-game``. An ambush right after a ruins card is resolved and the
ruins requirement carries over. Clockwise passing hands a sheet to the next seat. The monster's
owner is the sheet's owner for mountain coins. Solo ambushes follow the corner walk
(:mod:`.ambush`); an opponent may rotate and mirror the monster; a monster that fits nowhere is
a 1×1 monster space (solo: the ambush is ignored).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ....core.content import GameContent
from ....sim.protocol import Action, IllegalAction, InvariantError
from .ambush import solo_placement
from .board import FALLBACK, Board, cells_of
from . import information
from .scoring import coins_from_mountains, monster_penalty
from .shapes import placements
from .world import CardFacts, ScoringFacts, World

SKIP: tuple[str] = ("skip",)
SINGLE = frozenset({(0, 0)})
LETTERS = ("A", "B", "C", "D")


@dataclass(slots=True)
class Sheet:
    """One player's map sheet and what is written on it."""

    board: Board
    shape_coins: int = 0
    seasons: list[tuple[int, int, int, int]] = field(default_factory=list)  # (a, b, coins, -)
    no_fit: int = 0  # drawings where no shape option fitted (the 1×1 fallback)
    ruins_fallback: int = 0  # drawings where no option could cover a ruins space

    def coins(self, track: int) -> int:
        """Filled coins on the track: shape coins plus mountain coins, at most the track."""
        return min(track, self.shape_coins + coins_from_mountains(self.board))

    def copy(self) -> Sheet:
        """An independent copy (boards are immutable)."""
        return Sheet(self.board, self.shape_coins, list(self.seasons), self.no_fit,
                     self.ruins_fallback)


@dataclass(slots=True)
class CartographersState:
    """A game of Cartographers in progress."""

    world: World
    players: int
    rng: random.Random
    side: str
    edicts: dict[str, ScoringFacts]
    sheets: list[Sheet]
    ambush_deck: list[CardFacts]
    deck: list[CardFacts] = field(default_factory=list)
    season: int = 0
    time: int = 0
    card: CardFacts | None = None
    ruins: bool = False  # the next explore card must cover a ruins space
    phase: str = "draw"  # "draw" or "monster"
    queue: list[tuple[int, int]] = field(default_factory=list)  # (actor, sheet) still to act
    revealed: list[str] = field(default_factory=list)  # this season's cards, in order
    ambushes: list[str] = field(default_factory=list)  # resolved ambushes (left the game)
    ignored: int = 0  # solo ambushes that fit nowhere
    draws: int = 0
    #: The ambush cards in this game: all of them, or none in the first-game variant.
    ambush_total: int = 4
    _turns: int = 0
    _over: bool = False
    _legal: tuple[int, list[Action]] | None = None

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act."""
        return self.queue[0][0] if self.queue else 0

    @property
    def sheet_index(self) -> int:
        """The sheet the acting seat draws on (its own, or the victim's in an ambush)."""
        return self.queue[0][1]

    @property
    def season_facts(self) -> Any:
        """The current season card."""
        return self.world.seasons[self.season]

    def legal_actions(self) -> Sequence[Action]:
        """Every drawing (terrain, shape option, cells) the acting seat may make, in a stable
        order: terrains as on the card, shape options in order, masks ascending."""
        if self._over:
            return []
        if self._legal is not None and self._legal[0] == self._turns:
            return self._legal[1]
        actions = self._monster_actions() if self.phase == "monster" else self._draw_actions()
        self._legal = (self._turns, actions)
        return actions

    def _draw_actions(self) -> list[Action]:
        card = self.card
        assert card is not None
        board = self.sheets[self.sheet_index].board
        filled = board.filled
        open_ruins = board.ruins & ~filled
        options: list[tuple[int, list[int]]] = []
        for i, shape in enumerate(card.shapes):
            fits = [m for m in placements(shape) if not m & filled]
            if self.ruins:
                fits = [m for m in fits if m & open_ruins]
            if fits:
                options.append((i, fits))
        if not options:
            return self._single(board, FALLBACK, "draw")
        return [("draw", t, i, m) for t in card.terrains for i, fits in options for m in fits]

    def _monster_actions(self) -> list[Action]:
        card = self.card
        assert card is not None
        victim = self.sheet_index
        board = self.sheets[victim].board
        filled = board.filled
        fits = [m for m in placements(card.shapes[0]) if not m & filled]
        if not fits:
            return [("monster", victim, m) for m in (1 << b for b in _bits(board.empty))] or [SKIP]
        return [("monster", victim, m) for m in fits]

    @staticmethod
    def _single(board: Board, terrains: Sequence[str], verb: str) -> list[Action]:
        empty = list(_bits(board.empty))
        if not empty:
            return [SKIP]
        return [(verb, t, -1, 1 << b) for t in terrains for b in empty]

    def apply(self, action: Action) -> None:
        """Play a drawing; move on (reveal, score a season, end) when every seat has acted."""
        if self._over:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions():
            raise IllegalAction(f"not a legal action now: {action!r}")
        _, target = self.queue.pop(0)
        sheet = self.sheets[target]
        if action != SKIP:
            if self.phase == "draw":
                _, terrain, shape, mask = action  # type: ignore[misc]
                if shape >= 0 and self.card is not None and self.card.coins[shape]:
                    sheet.shape_coins += 1
                if shape < 0:
                    if self.ruins and self._fits_any(sheet.board, ruins=False):
                        sheet.ruins_fallback += 1
                    else:
                        sheet.no_fit += 1
                sheet.board = sheet.board.drawn(terrain, mask)
                self.draws += 1
            else:
                sheet.board = sheet.board.drawn("monster", action[2])  # type: ignore[index]
        self._turns += 1
        self._legal = None
        if not self.queue:
            if self.phase == "draw":
                self._after_drawing()
            else:
                self._reveal()

    def _fits_any(self, board: Board, ruins: bool) -> bool:
        card = self.card
        assert card is not None
        filled = board.filled
        for shape in card.shapes:
            for m in placements(shape):
                if not m & filled and (not ruins or m & board.ruins):
                    return True
        return False

    # -- the season loop ------------------------------------------------------------------------
    def start_season(self, order: Sequence[CardFacts] | None = None) -> None:
        """Shuffle every explore card, the unrevealed ambushes and one new ambush into the deck,
        then reveal.

        ``order`` (top card first) puts those cards on top of the shuffled deck, for tests and
        replays of a table's real deck; an ambush it names comes out of the ambush pile.
        """
        unrevealed = [c for c in self.deck if c.kind == "ambush"]
        deck = list(self.world.explore) + unrevealed
        if self.ambush_deck:
            deck.append(self.ambush_deck.pop())
        self.rng.shuffle(deck)
        if order is not None:
            chosen = list(order)
            for card in chosen:
                if card.kind == "ambush" and card not in deck:
                    if card not in self.ambush_deck:
                        raise ValueError(f"ambush {card.id} has left the game")
                    self.ambush_deck.remove(card)
                    deck.append(card)
            deck = [c for c in deck if c not in chosen] + chosen[::-1]
        self.deck = deck
        self.time = 0
        self.revealed = []
        self.ruins = False
        self._reveal()

    def _reveal(self) -> None:
        """Reveal cards until one asks for a decision (or the season runs out of cards)."""
        while True:
            if not self.deck:  # cannot happen with content that passes CAR005
                self._score_season()
                return
            card = self.deck.pop()
            self.revealed.append(card.id)
            self.card = card
            if card.kind == "ruins":
                self.ruins = True
                continue
            if card.kind == "ambush":
                self.ambushes.append(card.id)
                if self._ambush(card):
                    return
                continue
            self.time += card.time
            self.phase = "draw"
            self.queue = [(seat, seat) for seat in range(self.players)]
            return

    def _ambush(self, card: CardFacts) -> bool:
        """Resolve an ambush; True when seats must place the monster (not solo)."""
        if self.players == 1:
            sheet = self.sheets[0]
            mask = solo_placement(sheet.board, card.shapes[0], card.corner, card.passes > 0)
            if mask is None:
                self.ignored += 1
            else:
                sheet.board = sheet.board.drawn("monster", mask)
            return False
        self.phase = "monster"
        # sheet s is passed to seat s + offset, who draws the monster on it
        self.queue = sorted(((victim + card.passes) % self.players, victim)
                            for victim in range(self.players))
        return True

    def _after_drawing(self) -> None:
        self.ruins = False
        if self.time >= self.season_facts.time:
            self._score_season()
        else:
            self._reveal()

    def _score_season(self) -> None:
        first, second = self.season_facts.edicts
        a_rule, b_rule = self.edicts[first].rule, self.edicts[second].rule
        for sheet in self.sheets:
            board = sheet.board
            sheet.seasons.append((a_rule(board), b_rule(board),
                                  sheet.coins(self.world.coin_track), monster_penalty(board)))
        self.season += 1
        if self.season >= len(self.world.seasons):
            self._over = True
            self.queue = []
            self.card = None
            return
        self.start_season()

    # -- results --------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """After winter is scored."""
        return self._over

    def scores(self) -> list[float]:
        """Reputation stars per seat: every season's A + B + coins − monsters."""
        return [float(sum(a + b + c - m for a, b, c, m in s.seasons)) for s in self.sheets]

    def tiebreak(self) -> list[float]:
        """Fewest stars lost to monsters wins a tie."""
        return [-float(sum(m for *_, m in s.seasons)) for s in self.sheets]

    def copy(self) -> CartographersState:
        """An independent copy (the generator too)."""
        clone = random.Random()
        clone.setstate(self.rng.getstate())
        return CartographersState(
            self.world, self.players, clone, self.side, dict(self.edicts),
            [s.copy() for s in self.sheets], list(self.ambush_deck), list(self.deck),
            self.season, self.time, self.card, self.ruins, self.phase, list(self.queue),
            list(self.revealed), list(self.ambushes), self.ignored, self.draws,
            self.ambush_total, self._turns, self._over, None)

    def observation(self, player: int) -> Hashable:
        """What ``player`` sees: every sheet, the edicts, the season's revealed cards, the card
        shown, whose turn it is, the counters, and only the sizes of the deck and the ambush
        pile (:func:`.information.observation`)."""
        return information.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> CartographersState:
        """A copy with what ``player`` cannot see resampled from ``rng``: the deck's order,
        which unrevealed ambushes it holds, the ambush pile's order and the copy's own chance
        (:func:`.information.determinize`); this state is untouched."""
        return information.determinize(self, player, rng)

    @property
    def turns(self) -> int:
        """Decisions taken so far (drawings and monster placements)."""
        return self._turns

    @property
    def end_reason(self) -> str:
        """``winter`` once the fourth season is scored."""
        return "winter" if self._over else ""

    def solo_rating(self) -> int:
        """Solo: the score minus the corner values of the four scoring cards in play."""
        return int(self.scores()[0]) - sum(card.solo for card in self.edicts.values())

    def check_invariants(self) -> None:
        """The printed map is untouched, coins within the track, cards conserved."""
        base = self.world.maps[self.side]
        for seat, sheet in enumerate(self.sheets):
            b = sheet.board
            if (b.mountain, b.wasteland, b.ruins) != (base.mountain, base.wasteland, base.ruins):
                raise InvariantError(f"seat {seat}: the printed map changed")
            Board(**dict(b.masks()))  # raises when two terrains overlap
            if not 0 <= sheet.coins(self.world.coin_track) <= self.world.coin_track:
                raise InvariantError(f"seat {seat}: coins off the track")
        explore = len(self.world.explore)
        in_play = sum(1 for c in self.deck if c.kind != "ambush") + \
            sum(1 for i in self.revealed if i not in self._ambush_ids)
        if not self._over and in_play != explore:
            raise InvariantError(f"{in_play} explore cards in the deck and revealed, "
                                 f"expected {explore}")
        ambush = len(self.ambush_deck) + len(self.ambushes) + \
            sum(1 for c in self.deck if c.kind == "ambush")
        if ambush != self.ambush_total:
            raise InvariantError(f"{ambush} ambush cards, expected {self.ambush_total}")

    @property
    def _ambush_ids(self) -> frozenset[str]:
        return frozenset(c.id for c in self.world.ambush)

    def describe(self, action: Action) -> str:
        """``orchard (ruins): forest #0 at r3c4 r3c5…`` / ``gnoll-raid: monster on sheet 1 at
        r0c0…``: the card shown (and whether a ruins card came before it), then the drawing."""
        card = f"{self.card.id}{' (ruins)' if self.ruins else ''}: " if self.card else ""
        if action == SKIP:
            return f"{card}skip (no empty space)"
        if isinstance(action, tuple) and action[0] == "draw":
            _, terrain, shape, mask = action
            what = "1x1" if shape < 0 else f"#{shape}"
            return f"{card}{terrain} {what} at {_cells(mask)}"
        if isinstance(action, tuple) and action[0] == "monster":
            return f"{card}monster on sheet {action[1]} at {_cells(action[2])}"
        return str(action)

    def details(self) -> dict[str, Any]:
        """Edicts in play, every season's four numbers per seat, fallbacks, solo rating."""
        out: dict[str, Any] = {
            "map": self.side,
            "edicts": {letter: card.id for letter, card in sorted(self.edicts.items())},
            "seasons": [[list(s.seasons[k]) for s in self.sheets]
                        for k in range(min(len(s.seasons) for s in self.sheets))],
            "no_fit": [s.no_fit for s in self.sheets],
            "ruins_fallback": [s.ruins_fallback for s in self.sheets],
            "draws": self.draws,
            "ambushes": len(self.ambushes),
        }
        if self.players == 1 and self._over:
            rating = self.solo_rating()
            out["solo"] = {"rating": rating, "title": self.world.title(rating),
                           "ignored_ambushes": self.ignored}
        return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _cells(mask: int) -> str:
    return " ".join(f"r{r}c{c}" for r, c in cells_of(mask))


@dataclass(frozen=True, slots=True)
class CartographersEngine:
    """Makes Cartographers games from a prepared world on one map side."""

    world: World
    side: str = "A"
    min_players: int = 1
    max_players: int = 6
    #: False: the first-game variant, the ambush cards set aside for the whole game.
    ambushes: bool = True

    def new_game(self, players: int, rng: random.Random, edicts: dict[str, str] | None = None,
                 order: Sequence[str] | None = None) -> CartographersState:
        """Deal the edicts (one random card from each stack under A–D in random order), shuffle
        the ambushes, give everyone a blank sheet and reveal the first card.

        ``edicts`` (letter -> scoring card id) fixes the four edicts instead, and ``order``
        (card ids, top first) the first cards of spring: for tests and for replaying a table.
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Cartographers is for {self.min_players}-{self.max_players} players")
        by_id = {c.id: c for stack in self.world.stacks.values() for c in stack}
        if edicts is None:
            drawn = [rng.choice(stack) for _, stack in sorted(self.world.stacks.items())]
            rng.shuffle(drawn)
            dealt = dict(zip(LETTERS, drawn, strict=True))
        else:
            dealt = {letter: by_id[i] for letter, i in edicts.items()}
        ambush = list(self.world.ambush) if self.ambushes else []
        rng.shuffle(ambush)  # an empty pile draws nothing from rng: the same games otherwise
        base = self.world.maps[self.side]
        state = CartographersState(self.world, players, rng, self.side, dealt,
                                   [Sheet(base) for _ in range(players)], ambush,
                                   ambush_total=len(ambush))
        cards = {c.id: c for c in (*self.world.explore, *self.world.ambush)}
        state.start_season(None if order is None else [cards[i] for i in order])
        return state


#: The engine's variants: the full game, and the first game with the ambush cards set aside.
VARIANTS = ("standard", "first-game")


def make_engine(content: GameContent, map: str = "A", variant: str = "standard"
                ) -> CartographersEngine:
    """The engine for validated Cartographers content, played on map side ``map`` (A or B), in
    ``variant`` (:data:`VARIANTS`; ``first-game`` sets the ambush cards aside)."""
    side = map.upper()
    world = World.from_content(content)
    if side not in world.maps:
        raise ValueError(f"no map side {side!r}; the content has {', '.join(sorted(world.maps))}")
    if variant not in VARIANTS:
        raise ValueError(f"no variant {variant!r}; the variants are {', '.join(VARIANTS)}")
    return CartographersEngine(world, side, ambushes=variant != "first-game")

