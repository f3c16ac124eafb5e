"""Terra's rules as an engine: placement and passing, occupied spaces, region and bar scoring
(7 / 3, each marker once, the exact-line rule), the marker pool and refill to 3, the rotating
first player, 6 cards a game, 2-6 players.

Markers are counted per player: in hand + on the board + in the common pool = 5 guessing
markers, always (an invariant checked after every action when asked).

Engine options (``cardkit simulate terra --option KEY=VALUE``), defaults as the rulebook says:

``first=rulebook|seat0`` (default ``rulebook``)
    Who starts the first card. The rulebook: the player to the LEFT of the most knowledgeable
    player (left = the next seat clockwise). In a simulation the most knowledgeable seat is the
    one whose bot has the highest ``knowledge`` (its accuracy; the runner passes every seat's
    to ``new_game`` because the engine says ``seats_knowledge``); ties are broken by the game's
    own seeded chance generator. ``seat0``: seat 0 starts (the old behaviour).
    Either way the card box then passes clockwise after each card.
``score_start=N`` (default 1)
    Where the score markers start: the rulebook puts them on space 1 of the score track.
``first_game=on|off`` (default ``off``)
    ``on`` leaves the red-framed (hardest) cards out, as the rulebook says for a first game;
    ``off`` deals from every card.
``side=metric|imperial`` (default ``metric``)
    The board side: bar lines and answer values of that side (``bars.side_value``).
``any_bar=on|off`` (default ``on``)
    The rules let a marker go on ANY empty bar space, also on the bar the card does not ask
    about (legal, but it scores nothing and goes to the pool); ``off`` offers only the card's
    two bars.

Information sets (:meth:`TerraState.observation`, :meth:`TerraState.determinize`): Terra has no
private information; every seat sees the same thing. Hidden from all are the order of the cards
still in the box and the answer half of the card being played (its top half is read aloud).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.content import GameContent
from ...sim.protocol import Action, IllegalAction, InvariantError
from ...sim.options import on_off
from .terms.bars import adjacent_spaces, correct_spaces, on_line, side_value
from .model import Card

DIFFICULTIES = ("yellow", "green", "blue", "red")

CARDS_PER_GAME = 6
GUESSING_MARKERS = 5
REFILL_TO = 3
EXACT, NEAR = 7, 3
PASS: tuple[str] = ("pass",)


@dataclass(frozen=True, slots=True)
class CardFacts:
    """A card reduced to what play needs: answer regions, neighbours of them, bar spaces."""

    id: str
    bars: tuple[str, ...]
    answers: frozenset[str]
    near: frozenset[str]  # regions adjacent to an answer region (answers excluded)
    correct: dict[str, frozenset[int]]
    adjacent: dict[str, frozenset[int]]
    on_line: tuple[bool, ...]
    difficulty: str = "yellow"
    count: int = 0  # regions the card asks for (Q1's N); 0 = len(answers)
    values: dict[str, float] = field(default_factory=dict)  # bar -> answer on the board side

    @property
    def asked(self) -> int:
        """How many regions Q1 asks for."""
        return self.count or len(self.answers)


@dataclass(frozen=True, slots=True)
class TerraWorld:
    """Content prepared once per worker: regions, neighbours, bar spaces, cards."""

    regions: tuple[str, ...]
    neighbours: dict[str, frozenset[str]]
    spaces: dict[str, int]  # bar id -> number of spaces on the board side
    cards: tuple[CardFacts, ...]
    lines: dict[str, tuple[float, ...]] = field(default_factory=dict)  # bar -> line values
    side: str = "metric"

    def without_red(self) -> TerraWorld:
        """The same world without the red-framed cards (a first game)."""
        return TerraWorld(self.regions, self.neighbours, self.spaces,
                          tuple(c for c in self.cards if c.difficulty != "red"), self.lines,
                          self.side)

    @classmethod
    def from_content(cls, content: GameContent, side: str = "metric") -> TerraWorld:
        """Build the world from validated content, on one board side (metric or imperial)."""
        if side not in ("metric", "imperial"):
            raise ValueError(f"no board side {side!r} (metric or imperial)")
        regions = tuple(r.id for r in content.of("regions"))
        neighbours = {r.id: frozenset(r.obj.neighbours) for r in content.of("regions")}
        bars = {r.id: getattr(r.obj, side).lines for r in content.of("bars")}
        cards = []
        for rec in content.of("cards"):
            card: Card = rec.obj
            answers = frozenset(card.regions.answers)
            near = frozenset(n for a in answers for n in neighbours.get(a, ())) - answers
            correct, adjacent, lines_hit, values = {}, {}, [], {}
            for q in card.bars:
                value = side_value(q.answer, side)  # type: ignore[arg-type]
                values[q.bar] = value
                correct[q.bar] = frozenset(correct_spaces(bars[q.bar], value))
                adjacent[q.bar] = frozenset(adjacent_spaces(bars[q.bar], value))
                lines_hit.append(on_line(bars[q.bar], value))
            cards.append(CardFacts(card.id, tuple(q.bar for q in card.bars), answers, near,
                                   correct, adjacent, tuple(lines_hit), card.difficulty,
                                   card.regions.count, values))
        return cls(regions, neighbours, {b: len(lines) - 1 for b, lines in bars.items()},
                   tuple(cards), {b: tuple(lines) for b, lines in bars.items()}, side)


@dataclass(slots=True)
class TerraState:
    """A game of Terra in progress."""

    world: TerraWorld
    players: int
    rng: random.Random
    deck: list[CardFacts]
    card_index: int = 0
    first: int = 0
    to_act: int = 0
    hand: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)
    regions: dict[str, int] = field(default_factory=dict)  # region -> owner
    spaces: dict[tuple[str, int], int] = field(default_factory=dict)  # (bar, space) -> owner
    placed_this_card: list[int] = field(default_factory=list)
    passed: list[bool] = field(default_factory=list)
    score: list[int] = field(default_factory=list)
    card_points: list[list[int]] = field(default_factory=list)
    _turns: int = 0
    _over: bool = False
    any_bar: bool = True
    score_start: int = 0
    opening: int = 0  # the first player of the first card
    card_markers: list[list[int]] = field(default_factory=list)  # markers placed per card, seat

    # -- protocol -------------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act."""
        return self.to_act

    @property
    def card(self) -> CardFacts:
        """The card being played."""
        return self.deck[self.card_index]

    def bars_open(self) -> tuple[str, ...]:
        """Bars a marker may go on: every bar (``any_bar``), else the card's two."""
        return tuple(self.world.spaces) if self.any_bar else self.card.bars

    def legal_actions(self) -> Sequence[Action]:
        """Free regions, free spaces of the bars (all three with ``any_bar``, else the card's
        two), and (after a first marker) pass."""
        if self._over:
            return []
        seat = self.to_act
        actions: list[Action] = []
        if self.hand[seat] > 0:
            actions += [("region", r) for r in self.world.regions if r not in self.regions]
            for bar in self.bars_open():
                actions += [("bar", bar, s) for s in range(self.world.spaces[bar])
                            if (bar, s) not in self.spaces]
        if self.placed_this_card[seat] > 0 or not actions:
            actions.append(PASS)
        return actions

    def apply(self, action: Action) -> None:
        """Place a marker or pass; score and move on when everyone has passed."""
        if self._over:
            raise IllegalAction("the game is over")
        seat = self.to_act
        if action == PASS:
            if self.placed_this_card[seat] == 0 and self.hand[seat] > 0:
                raise IllegalAction("every player places at least one marker before passing")
            self.passed[seat] = True
        elif isinstance(action, tuple) and action[0] == "region" and len(action) == 2:
            if action[1] in self.regions or action[1] not in self.world.neighbours:
                raise IllegalAction(f"region {action[1]!r} is occupied or unknown")
            self._take_marker(seat)
            self.regions[action[1]] = seat
        elif isinstance(action, tuple) and action[0] == "bar" and len(action) == 3:
            _, bar, space = action
            if bar not in self.bars_open() or not isinstance(space, int) or \
                    not 0 <= space < self.world.spaces[bar] or (bar, space) in self.spaces:
                raise IllegalAction(f"bar space {bar} {space} is occupied or not in play")
            self._take_marker(seat)
            self.spaces[(bar, space)] = seat
        else:
            raise IllegalAction(f"unknown action {action!r}")
        self._turns += 1
        if self.hand[seat] == 0 and self.placed_this_card[seat] > 0:
            self.passed[seat] = True  # no markers left: nothing more to do on this card
        self._advance()

    def _take_marker(self, seat: int) -> None:
        if self.hand[seat] <= 0:
            raise IllegalAction("no markers left in hand")
        self.hand[seat] -= 1
        self.placed_this_card[seat] += 1

    def _advance(self) -> None:
        if all(self.passed):
            self._score_card()
            return
        nxt = self.to_act
        for _ in range(self.players):
            nxt = (nxt + 1) % self.players
            if not self.passed[nxt]:
                break
        self.to_act = nxt

    def _score_card(self) -> None:
        card = self.card
        points = [0] * self.players
        returned = [0] * self.players
        for region, owner in self.regions.items():
            p = EXACT if region in card.answers else NEAR if region in card.near else 0
            points[owner] += p
            if p:
                returned[owner] += 1
            else:
                self.pool[owner] += 1
        for (bar, space), owner in self.spaces.items():  # a bar the card does not ask: 0
            p = EXACT if space in card.correct.get(bar, ()) else \
                NEAR if space in card.adjacent.get(bar, ()) else 0
            points[owner] += p
            if p:
                returned[owner] += 1
            else:
                self.pool[owner] += 1
        for seat in range(self.players):
            self.score[seat] += points[seat]
            self.hand[seat] += returned[seat]
        self.card_points.append(points)
        self.card_markers.append(list(self.placed_this_card))
        self.regions.clear()
        self.spaces.clear()
        self.card_index += 1
        if self.card_index >= len(self.deck):
            self._over = True
            return
        # the card box passes clockwise; everyone takes one own marker back, then refills to 3
        self.first = (self.first + 1) % self.players
        for seat in range(self.players):
            if self.pool[seat] > 0:
                self.pool[seat] -= 1
                self.hand[seat] += 1
            need = max(0, REFILL_TO - self.hand[seat])
            take = min(need, self.pool[seat])
            self.pool[seat] -= take
            self.hand[seat] += take
        self.placed_this_card = [0] * self.players
        self.passed = [False] * self.players
        self.to_act = self.first

    def is_terminal(self) -> bool:
        """After the sixth card is scored."""
        return self._over

    def scores(self) -> list[float]:
        """Points per seat."""
        return [float(s) for s in self.score]

    def copy(self) -> TerraState:
        """An independent copy (the generator too)."""
        clone = random.Random()
        clone.setstate(self.rng.getstate())
        return TerraState(self.world, self.players, clone, list(self.deck), self.card_index,
                          self.first, self.to_act, list(self.hand), list(self.pool),
                          dict(self.regions), dict(self.spaces), list(self.placed_this_card),
                          list(self.passed), list(self.score),
                          [list(p) for p in self.card_points], self._turns, self._over,
                          self.any_bar, self.score_start, self.opening,
                          [list(m) for m in self.card_markers])

    def observation(self, player: int) -> Hashable:
        """What ``player`` sees (the same for every seat: Terra hides nothing from one seat
        only): the cards scored so far with their revealed answers, the top half of the card
        being played (id = topic and questions, its two bars, how many regions it asks for,
        its difficulty), how many cards remain in the box, every marker on the board, in
        front of each player and in the pool, passes, scores and points per card, who starts
        and who acts. Never the answers of the card being played nor the cards to come."""
        return observe(self, player)

    def determinize(self, player: int, rng: random.Random) -> TerraState:
        """A copy in which what ``player`` cannot see is redrawn with ``rng`` only: the answer
        half of the card being played (its regions and bar values drawn from the answers of
        the cards not yet revealed) and the cards still to come (drawn from the unseen cards);
        the copy's own generator is reseeded. This state is untouched (see
        :func:`determinize`)."""
        return determinize(self, player, rng)

    @property
    def turns(self) -> int:
        """Actions so far (placements and passes)."""
        return self._turns

    @property
    def end_reason(self) -> str:
        """``cards`` once all six cards are scored."""
        return "cards" if self._over else ""

    def check_invariants(self) -> None:
        """Markers conserved per player; scores equal the sum of the card points."""
        for seat in range(self.players):
            on_board = sum(1 for o in self.regions.values() if o == seat) + \
                sum(1 for o in self.spaces.values() if o == seat)
            total = self.hand[seat] + self.pool[seat] + on_board
            if total != GUESSING_MARKERS or min(self.hand[seat], self.pool[seat]) < 0:
                raise InvariantError(f"seat {seat}: {total} guessing markers (hand "
                                     f"{self.hand[seat]}, pool {self.pool[seat]}, board "
                                     f"{on_board}), expected {GUESSING_MARKERS}")
            if self.score[seat] != self.score_start + sum(p[seat] for p in self.card_points):
                raise InvariantError(f"seat {seat}: score {self.score[seat]} is not the start "
                                     f"{self.score_start} plus the sum of its card points")
        if len(set(self.regions)) != len(self.regions):  # pragma: no cover - dict keys
            raise InvariantError("a region holds two markers")

    def describe(self, action: Action) -> str:
        """``region eastern-sahara``, ``bar year 9``, ``pass``."""
        return " ".join(str(a) for a in action) if isinstance(action, tuple) else str(action)

    def details(self) -> dict[str, Any]:
        """Cards played and the points each seat scored on each."""
        return {"cards": [c.id for c in self.deck], "card_points": self.card_points,
                "card_markers": self.card_markers, "first": self.opening,
                "on_line": [sum(c.on_line) for c in self.deck]}


def _seat(state: TerraState, player: int) -> None:
    if not 0 <= player < state.players:
        raise ValueError(f"no seat {player} in a {state.players}-player game")


def _revealed(card: CardFacts) -> tuple[Any, ...]:
    """A scored card with its answer half (public once it is scored)."""
    return (card.id, tuple(sorted(card.answers)), tuple(sorted(card.values.items())),
            tuple(sorted((b, tuple(sorted(s))) for b, s in card.correct.items())))


def observe(state: TerraState, player: int) -> Hashable:
    """``state.observation(player)``: the public record of the game (see the method)."""
    _seat(state, player)
    face = None
    if state.card_index < len(state.deck):
        card = state.card  # the top half only: never its answers
        face = (card.id, card.bars, card.asked, card.difficulty)
    return (state.players, len(state.deck) - state.card_index - (face is not None),
            tuple(_revealed(c) for c in state.deck[:state.card_index]), face,
            state.first, state.opening, state.to_act, state._turns, state._over,
            tuple(state.hand), tuple(state.pool), tuple(sorted(state.regions.items())),
            tuple(sorted(state.spaces.items())), tuple(state.placed_this_card),
            tuple(state.passed), tuple(state.score), tuple(map(tuple, state.card_points)),
            tuple(map(tuple, state.card_markers)), state.any_bar, state.score_start,
            state.world.side)


def redraw_answers(world: TerraWorld, face: CardFacts, pool: Sequence[CardFacts],
                   rng: random.Random) -> CardFacts:
    """The card ``face`` (its id, bars, region count and difficulty: its top half) with an
    answer half drawn with ``rng`` from the answers of ``pool`` (cards in a canonical order):
    ``face.asked`` distinct regions, each drawn in proportion to how often it answers a card
    of the pool; for each of its bars a value some card of the pool gives that bar (the middle
    of a random space if none does). Spaces and neighbours follow from them as for real cards.
    Nothing of ``face`` below its top half is read."""
    occurrences = sorted(r for c in pool for r in c.answers)  # a multiset, canonical
    chosen: list[str] = []
    if len(set(occurrences)) >= face.asked:
        while len(chosen) < face.asked:
            region = rng.choice(occurrences)
            if region not in chosen:
                chosen.append(region)
    else:  # a pool too small to answer: any regions
        chosen = rng.sample(sorted(world.regions), min(face.asked, len(world.regions)))
    answers = frozenset(chosen)
    near = frozenset(n for a in answers for n in world.neighbours.get(a, ())) - answers
    correct, adjacent, lines_hit, values = {}, {}, [], {}
    for bar in face.bars:
        lines = list(world.lines[bar])
        known = [c.values[bar] for c in pool if bar in c.values]
        if known:
            value = rng.choice(known)
        else:
            s = rng.randrange(len(lines) - 1)
            value = (lines[s] + lines[s + 1]) / 2.0
        values[bar] = value
        correct[bar] = frozenset(correct_spaces(lines, value))
        adjacent[bar] = frozenset(adjacent_spaces(lines, value))
        lines_hit.append(on_line(lines, value))
    return CardFacts(face.id, face.bars, answers, near, correct, adjacent, tuple(lines_hit),
                     face.difficulty, face.asked, values)


def determinize(state: TerraState, player: int, rng: random.Random) -> TerraState:
    """``state.determinize(player, rng)``: a copy of ``state`` (which is not changed and
    whose generator is not drawn from) in which

    * the card being played keeps its top half and gets an answer half drawn from the
      answers of the cards not yet revealed in this game (every card of the world but those
      scored, the card being played included: :func:`redraw_answers`) — so the truth is one
      possible draw among the content's answers, and what a seat *knows* about the card stays
      the business of its bot's accuracy;
    * the cards still to come are drawn from the unseen cards (neither scored nor being
      played), as many as remain in the box;
    * the copy's own generator is ``random.Random(rng.getrandbits(64))``.

    Both pools are built from the world's cards sorted by id, so two states the seat cannot
    tell apart give the same determinization for the same ``rng``."""
    _seat(state, player)
    det = state.copy()
    if state.card_index < len(state.deck):
        scored = state.deck[:state.card_index]
        gone = {c.id for c in scored}
        unrevealed = sorted((c for c in state.world.cards if c.id not in gone),
                            key=lambda c: c.id)
        face = state.card
        current = redraw_answers(state.world, face, unrevealed, rng)
        unseen = [c for c in unrevealed if c.id != face.id]
        rest = rng.sample(unseen, len(state.deck) - state.card_index - 1)
        det.deck = [*scored, current, *rest]
    det.rng = random.Random(rng.getrandbits(64))
    return det


@dataclass(frozen=True, slots=True)
class TerraEngine:
    """Makes Terra games from a prepared world (options: see the module docstring)."""

    world: TerraWorld
    min_players: int = 2
    max_players: int = 6
    first: str = "rulebook"
    score_start: int = 1
    any_bar: bool = True
    #: The runner passes each seat's bot ``knowledge`` to :meth:`new_game` (the rulebook's
    #: first player depends on who knows most; see ``cardkit.sim.runner.play``).
    seats_knowledge = True

    def new_game(self, players: int, rng: random.Random,
                 knowledge: Sequence[float] | None = None) -> TerraState:
        """Shuffle, draw six cards, give every player five guessing markers, put the score
        markers on ``score_start`` and pick the first player.

        ``knowledge``: each seat's bot's knowledge, in seat order (the runner passes it; without
        it every seat counts as equally knowledgeable and the chance rng picks)."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Terra is for {self.min_players}-{self.max_players} players")
        if len(self.world.cards) < CARDS_PER_GAME:
            raise ValueError(f"Terra needs at least {CARDS_PER_GAME} cards")
        if knowledge is None or len(knowledge) != players:
            knowledge = [0.0] * players
        deck = rng.sample(list(self.world.cards), CARDS_PER_GAME)
        first = 0
        if self.first == "rulebook":
            best = max(knowledge)
            wisest = rng.choice([s for s, k in enumerate(knowledge) if k == best])
            first = (wisest + 1) % players  # the player to the left of the most knowledgeable
        return TerraState(self.world, players, rng, deck, first=first, to_act=first,
                          hand=[GUESSING_MARKERS] * players, pool=[0] * players,
                          placed_this_card=[0] * players, passed=[False] * players,
                          score=[self.score_start] * players, any_bar=self.any_bar,
                          score_start=self.score_start, opening=first)


def make_engine(content: GameContent, first: str = "rulebook", score_start: int | str = 1,
                first_game: str | bool = "off", side: str = "metric",
                any_bar: str | bool = "on") -> TerraEngine:
    """The engine for validated Terra content; the options are described in the module
    docstring (defaults as the rulebook says)."""
    if first not in ("rulebook", "seat0"):
        raise ValueError(f"option first is rulebook or seat0, not {first!r}")
    try:
        start = int(score_start)
    except (TypeError, ValueError):
        raise ValueError(f"option score_start is a whole number, not {score_start!r}") from None
    world = TerraWorld.from_content(content, side)
    if on_off(first_game, "first_game"):
        world = world.without_red()
    return TerraEngine(world, first=first, score_start=start,
                       any_bar=on_off(any_bar, "any_bar") is not False)  # None: the default, on
