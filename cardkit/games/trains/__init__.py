"""Trains (Hisashi Hayashi; AEG 2013) and Trains: Rising Sun: a deck-builder on a hex map.

Content: ``cards/*.yaml`` (card kinds with effects as data), ``maps/*.yaml`` (Tokyo, Osaka),
``setup.yaml`` (supply rules, randomizers, presets) and ``route-bonus.yaml``.
"""

from __future__ import annotations

from ...core import compiled
from ...core.spec import FileKind, Game, TextField, lazy
from ...sim.protocol import SimSpec

#: The engine and bots run compiled (mypyc) when ``make`` built them from these very sources
#: (:mod:`cardkit.core.compiled`); otherwise, and with ``CARDKIT_COMPILED=0``, as Python.
COMPILED = compiled.use(__name__, __file__)

from .bots import BOTS, DEFAULT_BOTS, make_bot, strength_cards, strength_setup
from .checks import CHECKS, FIT_CODE
from .engine import make_engine
from ...pdf.model import DecksFile
from .model import BotsFile, CardsFile, MapsFile, RouteBonusFile, SetupFile, StringsFile

SPEC = Game(
    id="trains",
    title="Trains",
    kinds=(
        FileKind("cards", "cards/*.yaml", CardsFile, "cards",
                 description="Trains card kinds: numbers, rules text and effect steps.",
                 translatable=(TextField("name", 28, "card name"),
                               TextField("text", 200, "rules text"))),
        FileKind("maps", "maps/*.yaml", MapsFile, "maps",
                 description="Trains maps: hexes, terrain, cities, remote locations, barriers.",
                 translatable=(TextField("name", 30, "map name"),
                               TextField("hexes.*.name", 24, "place name"))),
        FileKind("setups", "setup.yaml", SetupFile, "setups",
                 description="Trains supply rules, randomizers and presets.",
                 translatable=(TextField("name", 40, "game name"),
                               TextField("presets.*.name", 40, "preset name"))),
        FileKind("bots", "bots/*.yaml", BotsFile, "bots", required=False,
                 description="Trains priority-list bots (buy rules and play order)."),
        FileKind("strings", "strings.yaml", StringsFile, "strings", required=False,
                 description="Texts printed by the Trains card templates.",
                 translatable=(TextField("text", 200, "template text"),)),
        FileKind("decks", "decks.yaml", DecksFile, "decks", required=False,
                 description="Trains' printable decks and their card size.",
                 translatable=(TextField("name", 40, "deck name"),)),
        FileKind("bonuses", "route-bonus.yaml", RouteBonusFile, "bonuses", required=False,
                 description="Trains: Rising Sun route bonus cards.",
                 translatable=(TextField("name", 30, "route name"),
                               TextField("text", 200, "route bonus text"))),
    ),
    checks=CHECKS,
    tokens=frozenset({"[coin]", "[vp]", "[waste]", "[rail]", "[station]"}),
    print_decks=lazy(f"{__name__}.render", "print_decks"),
    print_boards=lazy(f"{__name__}.render.board", "print_boards"),
    fit_code=FIT_CODE,
    fit_local=True,
    sim=SimSpec(make_engine, make_bot, BOTS, DEFAULT_BOTS,
                extras=lazy(f"{__name__}.report", "extras"),
                strength_cards=strength_cards, strength_setup=strength_setup,
                swap=lazy(f"{__name__}.bots.swap", "spec"),
                extras_text=lazy(f"{__name__}.report", "extras_text")),
)
