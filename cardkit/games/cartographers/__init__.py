"""Cartographers (Jordy Adan; Thunderworks Games 2019): polyominoes drawn on an 11×11 map sheet
over four seasons, scored by four edicts.

Content: ``maps.yaml`` (sides A and B), ``cards/explore.yaml``, ``cards/ambush.yaml``,
``cards/scoring.yaml``, ``seasons.yaml``, ``edicts.yaml``, ``solo.yaml`` (titles) and
``sheet.yaml`` (the coin track). The board is bitmasks (``board.py``), shapes and their
placements are in ``shapes.py``, the 16 scoring rules in ``scoring.py``; ``checks.py`` holds the
consistency rules (``CAR…``).
"""

from __future__ import annotations

from dataclasses import replace

from ...core.spec import FileKind, Game, TextField, lazy
from ...pdf.model import DecksFile
from ...sim.protocol import SimSpec
from .bots import BOTS, DEFAULT_BOTS, make_bot
from .checks import CHECKS, FIT_CODE
from .engine import make_engine
from .model import (AmbushFile, EdictsFile, ExploreFile, MapsFile, ScoringFile, SeasonsFile,
                    SheetFile, StringsFile, TitlesFile)
from .score import SCORER

SPEC = Game(
    id="cartographers",
    title="Cartographers",
    kinds=(
        FileKind("maps", "maps.yaml", MapsFile, "maps",
                 description="Cartographers map sides A and B: mountains, ruins, wastelands.",
                 translatable=(TextField("name", 30, "map name"),)),
        FileKind("explore", "cards/explore.yaml", ExploreFile, "explore",
                 description="Cartographers explore cards: terrain and ruins cards.",
                 translatable=(TextField("name", 28, "card name"),)),
        FileKind("ambush", "cards/ambush.yaml", AmbushFile, "ambush",
                 description="Cartographers ambush cards: monster shape, pass direction, solo corner.",
                 translatable=(TextField("name", 28, "card name"),
                               TextField("rules", 200, "rules note"))),
        FileKind("scoring", "cards/scoring.yaml", ScoringFile, "scoring",
                 description="Cartographers scoring cards: stack, name, rule text, solo value.",
                 translatable=(TextField("name", 28, "card name"),
                               TextField("text", 200, "scoring rule text"))),
        FileKind("seasons", "seasons.yaml", SeasonsFile, "seasons",
                 description="Cartographers season cards: time threshold and edict pair.",
                 translatable=(TextField("name", 20, "season name"),)),
        FileKind("edicts", "edicts.yaml", EdictsFile, "edicts",
                 description="Cartographers edict cards A to D.",
                 translatable=(TextField("name", 20, "edict name"),)),
        FileKind("titles", "solo.yaml", TitlesFile, "titles",
                 description="Cartographers solo titles, best first, with the rating each needs.",
                 translatable=(TextField("name", 40, "solo title"),)),
        FileKind("sheets", "sheet.yaml", SheetFile, "sheets",
                 description="The Cartographers map sheet's fixed parts: the coin track.",
                 translatable=(TextField("name", 30, "sheet name"),)),
        FileKind("strings", "strings.yaml", StringsFile, "strings",
                 description="Texts printed by the Cartographers card and sheet templates.",
                 translatable=(TextField("text", 200, "template text"),)),
        FileKind("decks", "decks.yaml", DecksFile, "decks", required=False,
                 description="Cartographers' printable decks and their card size.",
                 translatable=(TextField("name", 40, "deck name"),)),
    ),
    checks=CHECKS,
    tokens=frozenset({"{n}"}),
    print_decks=lazy(f"{__name__}.render", "print_decks"),
    print_boards=lazy(f"{__name__}.render.mapsheet", "print_boards"),
    fit_code=FIT_CODE,
    fit_local=True,
    score_sheets=replace(SCORER, render=lazy(f"{__name__}.render.finished", "render_scored")),
    narrate=lazy(f"{__name__}.report.transcript", "narrate"),
    draw_played=lazy(f"{__name__}.render.finished", "draw_played"),
    sim=SimSpec(make_engine, make_bot, BOTS, DEFAULT_BOTS,
                extras=lazy(f"{__name__}.report", "extras"),
                swap=lazy(f"{__name__}.engine.swap", "spec"),
                extras_text=lazy(f"{__name__}.report", "extras_text")),
)
