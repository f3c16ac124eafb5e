"""The search bot (``mcts``, :mod:`cardkit.sim.search`) on toy games whose right move is known,
and its wiring into every game's bot names.

* Nim (take 1–3 stones, who takes the last one wins): from 5 stones the only winning move is to
  take 1; from 7, to take 3. A bot that does not search picks them by chance.
* A hidden card (solo): guess the face-down card (A or B, even odds: 10 points if right) or pass
  (6 points). Playing by expectation, passing is right; a bot that saw the card would always guess
  right. The search bot must pass: it plays determinizations, not the hidden truth.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardkit.core.errors import UsageProblem
from cardkit.core.registry import builtin_ids, get_game
from cardkit.sim.api import resolve_bots
from cardkit.sim.protocol import BotSpec
from cardkit.sim.search import NAME, SearchBot, bot_names, make_bot, rewards, search_bot


class Nim:
    """Two players take 1–3 stones in turn; who takes the last stone wins."""

    def __init__(self, stones: int, player: int = 0) -> None:
        self.stones, self.player, self.winner = stones, player, -1

    def current_player(self) -> int:
        return self.player

    def legal_actions(self) -> list[int]:
        return [n for n in (1, 2, 3) if n <= self.stones]

    def apply(self, action: int) -> None:
        self.stones -= action
        if self.stones == 0:
            self.winner = self.player
        self.player = 1 - self.player

    def is_terminal(self) -> bool:
        return self.stones == 0

    def scores(self) -> list[float]:
        return [float(self.winner == seat) for seat in (0, 1)]

    def copy(self) -> Nim:
        twin = Nim(self.stones, self.player)
        twin.winner = self.winner
        return twin

    def determinize(self, player: int, rng: random.Random) -> Nim:
        return self.copy()  # nothing hidden


class HiddenCard:
    """Solo: guess the face-down card or pass."""

    def __init__(self, card: str) -> None:
        self.card, self.score, self.done = card, 0.0, False

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> list[str]:
        return ["guess A", "guess B", "pass"]

    def apply(self, action: str) -> None:
        if action == "pass":
            self.score = 6.0
        else:
            self.score = 10.0 if action.endswith(self.card) else 0.0
        self.done = True

    def is_terminal(self) -> bool:
        return self.done

    def scores(self) -> list[float]:
        return [self.score]

    def determinize(self, player: int, rng: random.Random) -> HiddenCard:
        return HiddenCard(rng.choice("AB"))  # the card is resampled: never read


@pytest.mark.parametrize(("stones", "right"), [(5, 1), (7, 3), (6, 2)])
def test_the_search_finds_the_winning_nim_move(stones: int, right: int) -> None:
    bot = SearchBot(iterations=600)
    assert bot.choose(Nim(stones), 0, random.Random(1)) == right  # type: ignore[arg-type]


def test_the_same_seed_gives_the_same_move() -> None:
    moves = {SearchBot(iterations=40).choose(Nim(9), 0, random.Random(7))  # type: ignore[arg-type]
             for _ in range(3)}
    assert len(moves) == 1


@pytest.mark.parametrize("card", ["A", "B"])
def test_the_search_does_not_see_the_hidden_card(card: str) -> None:
    bot = SearchBot(iterations=400)
    assert bot.choose(HiddenCard(card), 0, random.Random(3)) == "pass"  # type: ignore[arg-type]


def test_rewards_share_a_tie_and_score_a_cut_game_by_its_margin() -> None:
    nim = Nim(0)
    nim.winner = 1
    lost, won = rewards(nim, 2)  # type: ignore[arg-type]
    assert won > 0.75 and lost < 0.25 and won + lost == pytest.approx(1.0)  # win, plus margin
    running = Nim(4)
    assert rewards(running, 2) == [0.5, 0.5]  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [g for g in builtin_ids() if getattr(get_game(g), "sim", None)])
def test_every_game_seats_the_search_bot(game: str) -> None:
    from cardkit.core.loading import load_game

    from .conftest import SHIPPED

    sim = get_game(game).sim
    content, _ = load_game(game, SHIPPED)
    engine = sim.make_engine(content)
    assert NAME in bot_names(sim)
    bot = make_bot(sim, BotSpec.parse("mcts:3"), engine)
    assert bot.iterations == 3 and bot.rollout is not None  # the game's default bot rolls out
    state = engine.new_game(max(engine.min_players, 2), random.Random(1))
    assert bot.choose(state, state.current_player(), random.Random(2)) in state.legal_actions()


@pytest.mark.parametrize("text", ["mcts:0", "mcts:abc", "mcts:10:mcts", "mcts:10:nobot"])
def test_bad_search_bot_names_are_usage_problems(text: str) -> None:
    from cardkit.core.loading import load_game

    from .conftest import SHIPPED

    content, _ = load_game("trains", SHIPPED)
    engine = get_game("trains").sim.make_engine(content)
    with pytest.raises(UsageProblem):
        resolve_bots("trains", [text], None, engine)


def test_a_game_without_determinize_has_no_search_bot() -> None:
    class Engine:
        min_players = max_players = 2

        def new_game(self, players: int, rng: Any) -> Nim:
            state = Nim(5)
            return state

    class Plain(Nim):
        determinize = None  # type: ignore[assignment]

    class PlainEngine(Engine):
        def new_game(self, players: int, rng: Any) -> Plain:  # type: ignore[override]
            return Plain(5)

    assert search_bot(BotSpec.parse("mcts"), Engine(), None, lambda s, e: None)
    with pytest.raises(ValueError, match="determinize"):
        search_bot(BotSpec.parse("mcts"), PlainEngine(), None, lambda s, e: None)


@pytest.mark.parametrize("game", [g for g in builtin_ids() if getattr(get_game(g), "sim", None)])
def test_every_bot_plays_on_from_a_copy_of_any_state(game: str) -> None:
    """A search rolls out from states a bot did not reach itself (copies, determinizations):
    every bot must act from any state, not only from its own plan (Terra Futura's greedy bot once
    answered a mid-turn placement with a scoring choice)."""
    from cardkit.core.loading import load_game

    from .conftest import SHIPPED

    sim = get_game(game).sim
    content, _ = load_game(game, SHIPPED)
    engine = sim.make_engine(content)
    for name in dict.fromkeys(sim.default_bots):
        bot = make_bot(sim, BotSpec.parse(name), engine)
        state = engine.new_game(max(2, engine.min_players), random.Random(4))
        pick = random.Random(4)
        while not state.is_terminal():
            world = state.determinize(state.current_player(), random.Random(state.turns))
            for _ in range(8):
                if world.is_terminal():
                    break
                world.apply(bot.choose(world, world.current_player(), pick))  # legal or raises
            state.apply(bot.choose(state, state.current_player(), pick))


def test_a_search_bot_run_is_the_same_on_any_backend() -> None:
    """Same seed, same games: in one process, and in two worker processes."""
    from cardkit.sim.api import simulate

    from .conftest import SHIPPED

    runs = [simulate("trains", SHIPPED, games=2, seed=5, bots=["mcts:3", "baseline"],
                     backend=backend, workers=2, cache_dir=None)
            for backend in ("serial", "process")]
    assert [(r.scores, r.winners, r.turns) for r in runs[0].result.rows] == \
        [(r.scores, r.winners, r.turns) for r in runs[1].result.rows]
