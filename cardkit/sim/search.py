"""The search bot of every game: information-set Monte Carlo tree search (``mcts``).

Single-observer ISMCTS (Cowling, Powley and Whitehouse 2012, as OpenSpiel's ``ISMCTSBot`` and
TAG's ``BasicMCTSPlayer`` with redeterminization): every iteration draws one determinization of
the game as the bot's seat sees it (``state.determinize(seat, rng)``, see
:mod:`cardkit.sim.protocol`: the hidden cards resampled, the chance reseeded — the bot never sees
what its seat cannot), then walks one shared tree of *actions* from the root:

* **selection** among the children whose action is legal in this determinization, by UCB1 with
  *availability* counts (a child is only compared over the iterations it could have been played)
  and a progressive bias towards the rollout policy's own choice, ``bias / (1 + visits)``: with
  a small budget the search leaves the policy's move only on evidence;
* **expansion** of one untried legal action — the rollout policy's choice first, so a small
  budget searches around the policy's line rather than among random moves — with progressive
  widening (a node grows a new child while it has fewer than ``1 + sqrt(visits)``), so a node
  with hundreds of legal actions is searched in depth instead of only sampled;
* **rollout** with the game's rollout policy (by default its first default bot, a greedy or
  priority bot; ``random`` otherwise) for at most ``horizon`` actions;
* **backpropagation** of every seat's reward: each node keeps the value for the seat that chose
  its action, so opponents are modelled as maximizing their own result (max^n).

The reward of a finished game is half its win share (1 for a sole winner, shared on a tie, 0 for
a loser: scores, then the game's ``tiebreak``) and half the score margin to the best other seat,
``1 / (1 + e^(-margin / scale))`` (a win by more is worth more, which makes each rollout less
noisy); a rollout cut at the horizon is scored by the margin alone, a solo game by its score
(half of it, the other half whether it was won, when the game says who won: ``winners()``).
The budget is a number of iterations, never a time: the same seed gives the same moves on any
machine and any worker count.

``mcts[:ITERATIONS[:ROLLOUT]][:hHORIZON]`` names it on the command line (``mcts:400:greedy``,
``mcts:40:h60`` for rollouts of at most 60 actions).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from .protocol import Action, BotSpec, State, winners_of

NAME = "mcts"
HELP = ("information-set Monte Carlo tree search over determinizations: "
        "mcts[:ITERATIONS[:ROLLOUT_BOT]][:hHORIZON] (default 200 iterations, the game's first "
        "default bot rolling out to the end; h60: rollouts of at most 60 actions)")
DEFAULT_ITERATIONS = 200
MAX_ITERATIONS = 100_000
DEFAULT_HORIZON = 10_000  # rollout actions at most (a safety cap: games end first)
EXPLORATION = 0.7  # UCB1's c: rewards lie in [0, 1]
MARGIN_SCALE = 4.0  # points of margin for a 73 % reward
POLICY_BIAS = 2.0  # progressive bias of the policy's own choice: bias / (1 + visits)


@dataclass(slots=True)
class Node:
    """One action's statistics in the tree (the root has no action)."""

    action: Action | None = None
    seat: int = -1  # who chose the action
    visits: int = 0
    total: float = 0.0
    available: int = 0  # iterations in which the action was legal here
    children: dict[Hashable, Node] = field(default_factory=dict)
    preferred: Hashable | None = None  # the rollout policy's choice here (its first answer)

    def ucb(self, c: float, bias: float = 0.0) -> float:
        """UCB1 over the iterations the action was available, plus a progressive ``bias``
        that fades with the visits (the policy's own choice gets it)."""
        if self.visits == 0:
            return math.inf
        return (self.total / self.visits + bias / (1 + self.visits)
                + c * math.sqrt(math.log(max(self.available, 1)) / self.visits))


def rewards(state: State, players: int) -> list[float]:
    """Every seat's reward in [0, 1] for a state (finished or cut at the horizon)."""
    scores = list(state.scores())
    if players == 1:
        shaped = 1 / (1 + math.exp(-scores[0] / (MARGIN_SCALE * 5)))
        if state.is_terminal() and hasattr(state, "winners"):  # a solo game won or lost
            return [0.5 * (0 in state.winners()) + 0.5 * shaped]
        return [shaped]
    margins = [1 / (1 + math.exp(-(scores[seat] - max(scores[o] for o in range(players)
                                                       if o != seat)) / MARGIN_SCALE))
               for seat in range(players)]
    if not state.is_terminal():
        return margins
    winners = winners_of(state, scores) or list(range(players))
    # half the win share, half the margin: a win by more is worth more (less noise per rollout)
    return [0.5 * (1 / len(winners) if s in winners else 0.0) + 0.5 * margins[s]
            for s in range(players)]


class SearchBot:
    """ISMCTS with a fixed iteration budget (see the module docstring)."""

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, rollout: Any = None,
                 horizon: int = DEFAULT_HORIZON, exploration: float = EXPLORATION,
                 bias: float = POLICY_BIAS, name: str = NAME) -> None:
        self.iterations = iterations
        self.rollout = rollout  # a bot, or None for uniformly random rollouts
        self.horizon = horizon
        self.exploration = exploration
        self.bias = bias
        self.name = name

    def choose(self, state: State, seat: int, rng: random.Random) -> Action:
        """The action with the most visits after the budget (ties: the first legal one)."""
        legal = list(state.legal_actions())
        if len(legal) == 1:
            return legal[0]
        root = Node()
        players = len(state.scores())
        for _ in range(self.iterations):
            seed = random.Random(rng.getrandbits(64))
            world = state.determinize(seat, seed)  # type: ignore[attr-defined]
            self._iterate(root, world, players, rng)
        order = {a: i for i, a in enumerate(legal)}
        best = max((child for child in root.children.values() if child.action in order),
                   key=lambda n: (n.visits, n.total, -order[n.action]), default=None)
        return legal[0] if best is None else best.action  # type: ignore[return-value]

    def _iterate(self, root: Node, world: State, players: int, rng: random.Random) -> None:
        path = [root]
        node = root
        while not world.is_terminal():
            legal = list(world.legal_actions())
            for action in legal:  # availability: every legal child counts this iteration
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            mover = world.current_player()
            tried = sum(1 for a in legal if a in node.children)
            # progressive widening: a new child once the visits allow (1 + sqrt(visits)),
            # so a wide node (hundreds of placements) is searched, not only sampled
            if untried and (tried < 1 + math.isqrt(node.visits) or not tried):
                action = self._expansion(world, mover, untried, rng)
                if node.preferred is None and self.rollout is not None:
                    node.preferred = action  # the policy's choice came first
                child = Node(action, mover, available=1)
                node.children[action] = child
                world.apply(action)
                path.append(child)
                break
            preferred = node.preferred
            node = max((node.children[a] for a in legal if a in node.children),
                       key=lambda n: n.ucb(self.exploration,
                                           self.bias if n.action == preferred else 0.0))
            world.apply(node.action)
            path.append(node)
        self._roll_out(world, rng)
        values = rewards(world, players)
        root.visits += 1
        for step in path[1:]:
            step.visits += 1
            step.total += values[step.seat] if 0 <= step.seat < players else 0.0

    def _expansion(self, world: State, mover: int, untried: list[Action],
                   rng: random.Random) -> Action:
        """The action to add to the tree: the rollout policy's own choice first (so that a
        small budget searches around the policy's line instead of among random moves), then
        the others at random."""
        if self.rollout is not None:
            preferred = self.rollout.choose(world.copy(), mover, rng)  # type: ignore[attr-defined]
            if preferred in untried:
                return preferred
        return untried[rng.randrange(len(untried))]

    def _roll_out(self, world: State, rng: random.Random) -> None:
        for _ in range(self.horizon):
            if world.is_terminal():
                return
            mover = world.current_player()
            if self.rollout is not None:
                action = self.rollout.choose(world, mover, rng)
            else:
                legal = list(world.legal_actions())
                action = legal[rng.randrange(len(legal))]
            world.apply(action)


def supports_search(engine: Any) -> bool:
    """Whether the engine's states can be determinized (a search bot can play them)."""
    state = engine.new_game(max(engine.min_players, 1), random.Random(0))
    return callable(getattr(state, "determinize", None))


def search_bot(spec: BotSpec, engine: Any, default_rollout: str | None,
               make: Callable[[BotSpec, Any], Any]) -> SearchBot:
    """The bot ``mcts[:ITERATIONS[:ROLLOUT]][:hHORIZON]`` for ``engine`` (``h40``: rollouts cut
    after 40 actions and scored by the margin); ``ValueError`` for bad parameters or a game
    whose states cannot be determinized."""
    if not supports_search(engine):
        raise ValueError("this game's states have no determinize(): no search bot")
    iterations = DEFAULT_ITERATIONS
    if spec.params and spec.params[0]:
        text = spec.params[0]
        if not text.isdigit() or not 1 <= int(text) <= MAX_ITERATIONS:
            raise ValueError(f"iterations must be a whole number from 1 to {MAX_ITERATIONS}, "
                             f"not {text!r}")
        iterations = int(text)
    rest = list(spec.params[1:])
    horizon = DEFAULT_HORIZON
    if rest and re.fullmatch(r"h\d+", rest[-1]):
        horizon = int(rest.pop()[1:])
        if not 1 <= horizon <= DEFAULT_HORIZON:
            raise ValueError(f"the rollout horizon must be from 1 to {DEFAULT_HORIZON} actions, "
                             f"not {horizon}")
    rollout_name = ":".join(rest) if rest else default_rollout
    rollout = None
    if rollout_name and rollout_name != "random":
        if rollout_name.split(":")[0] == NAME:
            raise ValueError("a search bot cannot roll out with a search bot")
        rollout = make(BotSpec.parse(rollout_name), engine)
    return SearchBot(iterations, rollout, horizon, name=str(spec))


def make_bot(sim: Any, spec: BotSpec, engine: Any) -> Any:
    """A game's bot by name, the search bot ``mcts`` included (its rollouts by the game's first
    default bot unless the name says otherwise); ``KeyError`` for an unknown name."""
    if spec.name == NAME:
        default = sim.default_bots[0] if sim.default_bots else None
        return search_bot(spec, engine, default, sim.make_bot)
    return sim.make_bot(spec, engine)


def bot_names(sim: Any) -> dict[str, str]:
    """Every bot a game can seat: its own and the search bot (name -> one-line help)."""
    return {**sim.bots, NAME: HELP}
