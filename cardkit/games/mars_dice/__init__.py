"""Terraforming Mars: The Dice Game (Jacob Fryxelius; FryxGames 2023): dice are resources —
rolled once when gained, spent as their face, turned by support actions — and projects cost exact
symbol multisets.

Content: ``resources.yaml`` (die faces and the wild token), ``dice.yaml`` (5 colours, faces
3 + 2 + 1), ``tracks.yaml`` (oxygen, temperature, oceans), ``tiles.yaml``, ``board.yaml`` (hex
areas), ``conversions.yaml``, ``rules.yaml`` (the fixed numbers), ``cards/projects/*.yaml``
(green production, red events, blue actions), ``cards/corporations.yaml``, ``cards/bonus.yaml``,
``cards/milestones.yaml``, ``cards/awards.yaml``, ``strings.yaml`` and ``decks.yaml``. The card
list is not public: the shipped set is original and provisional, balanced with ``cardkit
simulate`` (``content/mars-dice/balance.md``). ``checks.py`` holds the ``MD…`` rules, ``world.py``
the content compiled for play, ``engine.py`` the rules.
"""

from __future__ import annotations

from ...core.spec import FileKind, Game, TextField, lazy
from ...pdf.model import DecksFile
from ...sim.protocol import SimSpec
from .report.balance import CHECK as BALANCE_CHECK
from .checks import CHECKS, FIT_CODE
from .model import (
    AwardsFile,
    BoardFile,
    BonusFile,
    ConversionsFile,
    CorporationsFile,
    DiceFile,
    MilestonesFile,
    ProjectsFile,
    ResourcesFile,
    RulesFile,
    StringsFile,
    TilesFile,
    TracksFile,
)

_SIM = f"{__name__}"
#: Characters a card title may take: the seed's «Gigantyczne Lustro Kosmiczne» (28); the fit
#: check has the last word on what prints.
CARD_NAME = 28


def _kind(name: str, pattern: str, model: object, key: str, description: str, limit: int,
          label: str, *extra: TextField, required: bool = True) -> FileKind:
    return FileKind(name, pattern, model, key, description=description, required=required,
                    translatable=(TextField("name", limit, label), *extra))


SPEC = Game(
    id="mars-dice",
    title="Terraforming Mars: The Dice Game",
    kinds=(
        _kind("resources", "resources.yaml", ResourcesFile, "resources",
              "Mars Dice resources: the die faces and the wild token.", 24, "resource name"),
        _kind("dice", "dice.yaml", DiceFile, "dice",
              "Mars Dice dice: colours, how many, the faces and their sides.", 24, "die name"),
        _kind("tracks", "tracks.yaml", TracksFile, "tracks",
              "Mars Dice global tracks: start, step, levels, maximum, bonuses.", 24,
              "track name"),
        _kind("tiles", "tiles.yaml", TilesFile, "tiles",
              "Mars Dice tiles: ocean, greenery, city; placement and VP.", 24, "tile name"),
        _kind("board", "board.yaml", BoardFile, "boards",
              "The Mars Dice board: hex areas, ocean areas, placement bonuses.", 40,
              "board name"),
        _kind("conversions", "conversions.yaml", ConversionsFile, "conversions",
              "Mars Dice standard conversions (main actions).", 40, "conversion name"),
        _kind("rules", "rules.yaml", RulesFile, "rules",
              "Mars Dice's fixed numbers: hand, dice kept, bonus cards, milestones, awards, end.",
              40, "game name"),
        _kind("projects", "cards/projects/*.yaml", ProjectsFile, "projects",
              "Mars Dice project cards: green production, red events, blue actions.",
              CARD_NAME, "card name"),
        _kind("corporations", "cards/corporations.yaml", CorporationsFile, "corporations",
              "Mars Dice corporations: starting bonus, production dice, ability.", CARD_NAME,
              "corporation name"),
        _kind("bonus", "cards/bonus.yaml", BonusFile, "bonus",
              "Mars Dice bonus cards, taken at the VP thresholds.", CARD_NAME, "card name"),
        _kind("milestones", "cards/milestones.yaml", MilestonesFile, "milestones",
              "Mars Dice milestones (titles): what the first player to reach them did.",
              CARD_NAME, "milestone name"),
        _kind("awards", "cards/awards.yaml", AwardsFile, "awards",
              "Mars Dice awards: the symbol an award die shows.", CARD_NAME, "award name"),
        FileKind("strings", "strings.yaml", StringsFile, "strings",
                 description="Texts printed by the Mars Dice card and board templates.",
                 translatable=(TextField("text", 200, "template text"),)),
        FileKind("decks", "decks.yaml", DecksFile, "decks", required=False,
                 description="Mars Dice's printable decks and their card size.",
                 translatable=(TextField("name", 40, "deck name"),)),
    ),
    checks=(*CHECKS, BALANCE_CHECK),
    tokens=frozenset({"{n}"}),
    print_decks=lazy(f"{__name__}.render", "print_decks"),
    print_boards=lazy(f"{__name__}.render.board", "print_boards"),
    fit_code=FIT_CODE,
    fit_local=True,
    sim=SimSpec(lazy(f"{__name__}.engine", "make_engine"), lazy(f"{__name__}.bots", "make_bot"),
                {"random": "any legal action, uniformly",
                 "greedy": "the most VP soon: cards, conversions and steps valued now",
                 "builder": "an engine builder: production first, VP later"},
                ("greedy", "greedy"),
                extras=lazy(f"{__name__}.report", "extras"),
                swap=lazy(f"{__name__}.engine.swap", "spec"),
                extras_text=lazy(f"{__name__}.report", "extras_text"),
                balance=lazy(f"{__name__}.report.balance", "balance_report"),
                violations=lazy(f"{__name__}.report.balance", "violations_of"),
                fingerprints=lazy(f"{__name__}.report.balance", "fingerprints")),
)
