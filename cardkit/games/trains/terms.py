"""The named hooks card effects may use: what each must do. The engine implements the base-game
hooks under the same names (a test keeps them in step); the check TRN005 refuses a hook that is
not listed here."""

from __future__ import annotations

HOOKS: dict[str, str] = {
    "amusement-park": "gain coins equal to the coin value of one Train card in play",
    "bullet-train": "gain 1 more coin if a Normal Train is in play",
    "command-central": "name a card, reveal the top card; take it if named, else leave it",
    "switchback": "put one Train card from play on top of the deck",
    "information-central": "look at the top 4 cards, take up to 1 into hand, put the rest back",
    "maintenance-factory": "reveal a Train card in hand and gain a copy of it",
    "pulling": "put a Train card from the discard pile into hand",
    "signals": "look at the top card of the deck; discard it or leave it",
    "stationmaster-office": "carry out the effect of an Action card in hand, which stays there",
    "wagon-factory": "trash a Train from hand; gain a Train costing up to 3 more into hand",
    # Trains: Rising Sun (provisional cards)
    "charitable-support": "pay 4 coins, then take a 1-VP token",
    "legal-counsel": "pay 1 coin, then draw 2; as a reaction, ignore an Attack",
    "politician": "each other player discards a card",
    "protesters": "each other player gains a Waste",
    "regulations": "each other player discards a Rail card or reveals a hand without one",
    "roundhouse": "each other player reveals the top card and discards it if it is a Train",
    "unhappy-passengers": "each other player discards a Train card or reveals a hand without one",
    "upgrade": "discard exactly 2 cards, then draw 3",
}
