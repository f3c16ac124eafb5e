"""Terra (Friedemann Friese): a trivia game where being close scores.

Content: ``regions.yaml`` (cardkit's own world map), ``bars.yaml`` (line values per board side)
and ``cards/*.yaml`` (topics). See ``checks.py`` for the consistency rules.
"""

from __future__ import annotations

from ...core.spec import FileKind, Game, TextField, lazy
from .checks import CHECKS, FIT_CODE
from .terms.describe import label, resolve
from ...pdf.model import DecksFile
from .model import BarsFile, CardsFile, RegionsFile, SourcesPolicyFile, StringsFile
from ...sim.protocol import SimSpec
from .bots import BOTS, DEFAULT_BOTS, make_bot
from .engine import make_engine
from .report import extras, extras_text
from .checks.giveaway import LOCALE_CHECKS
from .checks.wording import TRANSLATION_CHECKS

SPEC = Game(
    id="terra",
    title="Terra",
    kinds=(
        FileKind("regions", "regions.yaml", RegionsFile, "regions",
                 description="Terra's world map: land and sea regions with quadrants and neighbours.",
                 translatable=(TextField("name", 40, "region name"),)),
        FileKind("bars", "bars.yaml", BarsFile, "bars",
                 description="Terra's three bars with line values for the metric and imperial sides.",
                 translatable=(TextField("label", 30, "bar label"),)),
        FileKind("cards", "cards/*.yaml", CardsFile, "cards",
                 description="Terra topic cards: region question, two bar questions, info, sources.",
                 translatable=(TextField("topic", 60, "topic"),
                               TextField("bars.*.question", 160, "bar question"),
                               TextField("info", 600, "info box"))),
        FileKind("strings", "strings.yaml", StringsFile, "strings",
                 description="Texts printed by Terra's card templates: labels, units, phrases.",
                 translatable=(TextField("text", 200, "template text"),)),
        FileKind("decks", "decks.yaml", DecksFile, "decks", required=False,
                 description="Terra's printable decks and their card size.",
                 translatable=(TextField("name", 40, "deck name"),)),
        FileKind("sources-policy", "sources-policy.yaml", SourcesPolicyFile, "weak_publishers",
                 required=False,
                 description="Terra's source policy: publishers the content does not accept "
                             "(TER027), whether every source needs a url (TER026)."),
    ),
    checks=CHECKS,
    extra_translation_checks=TRANSLATION_CHECKS + LOCALE_CHECKS,
    tokens=frozenset({"{n}", "{unit}"}),
    print_decks=lazy(f"{__name__}.render", "print_decks"),
    fit_code=FIT_CODE,
    fit_local=True,
    print_units=("metric", "imperial"),
    sim=SimSpec(make_engine, make_bot, BOTS, DEFAULT_BOTS, extras, extras_text=extras_text,
                swap=lazy(f"{__name__}.bots.swap", "spec")),
    label=label,
    resolve=resolve,
)
