"""One player's cards, rails and route bonus cards (a module of its own so that both halves of
the state, :mod:`.rails` and :mod:`.state`, can name its type)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class Player:
    """One player's cards, rails and route bonus cards."""

    deck: list[str] = field(default_factory=list)  # top = end of the list
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    play: list[str] = field(default_factory=list)
    gained: list[str] = field(default_factory=list)
    rails: set[int] = field(default_factory=set)
    vp_tokens: int = 0
    route_vp: int = 0
    bonuses: list[str] = field(default_factory=list)  # route bonus cards held, ability unused
    routes: list[str] = field(default_factory=list)  # route bonus cards completed

    def all_cards(self) -> list[str]:
        """Every card the player owns."""
        return self.deck + self.hand + self.discard + self.play + self.gained

    def clone(self) -> Player:
        """An independent copy."""
        return Player(self.deck[:], self.hand[:], self.discard[:], self.play[:], self.gained[:],
                      set(self.rails), self.vp_tokens, self.route_vp, self.bonuses[:],
                      self.routes[:])
