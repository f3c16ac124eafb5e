"""Terra Futura (Petr Vojtěch; ALBI 2021): a 3×3 tableau engine — each card placed activates its
row and column, resources sit on the cards that made them, pollution switches cards off.

Content: ``resources.yaml`` (raw materials, products, money, the wildcard, pollution),
``rules.yaml`` (the game's fixed numbers), ``cards/territory/{start,level-1,level-2}.yaml``,
``cards/scoring.yaml``, ``cards/help.yaml``, ``strings.yaml`` and ``decks.yaml``. The card list
is not public: the shipped set is original and provisional, balanced with ``cardkit simulate``
(``content/terra-futura/balance.md``). ``territory.py`` is the 3×3 grid, ``display.py`` the two
card rows, ``world.py`` the content compiled for play; ``checks.py`` holds the ``TF…`` rules.
"""

from __future__ import annotations

from ...core.spec import FileKind, Game, TextField, lazy
from ...pdf.model import DecksFile
from ...sim.protocol import SimSpec
from .report.balance import CHECK as BALANCE_CHECK
from .checks import CHECKS, FIT_CODE
from .model import CardsFile, HelpFile, ResourcesFile, RulesFile, ScoringFile, StringsFile
from .score import SCORER

_SIM = f"{__name__}.sim"

SPEC = Game(
    id="terra-futura",
    title="Terra Futura",
    kinds=(
        FileKind("resources", "resources.yaml", ResourcesFile, "resources",
                 description="Terra Futura resources: raw materials, products, money, the "
                             "any-raw-material symbol and pollution.",
                 translatable=(TextField("name", 30, "resource name"),)),
        FileKind("rules", "rules.yaml", RulesFile, "rules",
                 description="Terra Futura's fixed numbers: placements, display, scoring.",
                 translatable=(TextField("name", 30, "game name"),)),
        FileKind("cards", "cards/territory/*.yaml", CardsFile, "cards",
                 description="Terra Futura starting, level I and level II cards: options, "
                             "pollution slots, storage.",
                 translatable=(TextField("name", 26, "card name"),)),
        FileKind("scoring", "cards/scoring.yaml", ScoringFile, "scoring",
                 description="Terra Futura scoring cards: activation pattern and scoring method.",
                 translatable=(TextField("name", 26, "card name"),)),
        FileKind("help", "cards/help.yaml", HelpFile, "help",
                 description="Terra Futura help cards: the turn and scoring summary.",
                 translatable=(TextField("name", 30, "help card title"),
                               TextField("text", 400, "help card text"))),
        FileKind("strings", "strings.yaml", StringsFile, "strings",
                 description="Texts printed by the Terra Futura card and sheet templates.",
                 translatable=(TextField("text", 200, "template text"),)),
        FileKind("decks", "decks.yaml", DecksFile, "decks", required=False,
                 description="Terra Futura's printable decks and their card size.",
                 translatable=(TextField("name", 40, "deck name"),)),
    ),
    checks=(*CHECKS, BALANCE_CHECK),
    tokens=frozenset({"{n}"}),
    print_decks=lazy(f"{__name__}.render", "print_decks"),
    print_boards=lazy(f"{__name__}.render.scoresheet", "print_boards"),
    fit_code=FIT_CODE,
    fit_local=True,
    score_sheets=SCORER,
    sim=SimSpec(lazy(f"{__name__}.engine", "make_engine"), lazy(f"{__name__}.bots", "make_bot"),
                {"random": "any legal action, uniformly",
                 "greedy": "best points now plus progress toward its secret scoring cards",
                 "cautious": "greedy, but pays heavily for every card pollution switches off"},
                ("greedy", "greedy"),
                extras=lazy(f"{__name__}.report", "extras"),
                swap=lazy(f"{__name__}.engine.swap", "spec"),
                extras_text=lazy(f"{__name__}.report", "extras_text"),
                balance=lazy(f"{__name__}.report.balance", "balance_report"),
                violations=lazy(f"{__name__}.report.balance", "violations_of"),
                fingerprints=lazy(f"{__name__}.report.balance", "fingerprints")),
)
