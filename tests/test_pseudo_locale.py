"""Every print output of every game, built in the pseudo-locale ``qps``, has no English left.

In ``qps`` every text that comes through the locale is pseudo-localized (``⟦Çàŕđ~⟧``, see
:mod:`cardkit.i18n.pseudo`), so a plain ASCII word in a ``qps`` PDF is a string the templates
wrote themselves: hard-coded English a reader of another locale would see. Each game — the five
built-in ones and the declared example (``examples/content/lantern-road``) — is printed once, in
process (:func:`~cardkit.export.printing.render_game`: every deck with its information,
calibration and index pages and every footer, the game's extra pages such as Terra's bar strip
and region list, and its boards and sheets: the Trains and Mars Dice maps, the Cartographers map
sheets, the Terra Futura score sheet), and the text of every page is read back with pypdfium2.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from cardkit.core.registry import use_content
from cardkit.export.printing import render_game
from cardkit.i18n.api import load
from cardkit.i18n.lookup import Localizer
from cardkit.i18n.pseudo import (CLOSE, OPEN, PSEUDO_CODE, leftover_english, pseudo_locale,
                                 pseudo_text)
from cardkit.pdf import words as words_module
from cardkit.pdf.api import PdfFile, PdfJob, content_hash
from cardkit.pdf.deck import PrintDeck
from cardkit.pdf.words import Words

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "content"
EXAMPLES = ROOT / "examples" / "content"

#: ``(game, content folder, unit systems)``: Terra prints both sides of its board.
GAMES = (
    ("terra", SHIPPED, ("metric", "imperial")),
    ("trains", SHIPPED, ("metric",)),
    ("cartographers", SHIPPED, ("metric",)),
    ("terra-futura", SHIPPED, ("metric",)),
    ("mars-dice", SHIPPED, ("metric",)),
    ("lantern-road", EXAMPLES, ("metric",)),
)

#: Words that are legitimately the same in every locale. Keep this tiny: anything else a reader
#: sees must come from the locale (a string in the game's strings.yaml, translated).
ALLOWED = frozenset({
    # The tool's own name on the information page ("Made by: cardkit 0.1.0"): a product name,
    # like the version number beside it.
    "cardkit",
    # Terra Futura's level numeral on the badge of level II cards (level I's "I" is one letter,
    # which leftover_english does not count): the game's own card symbol, printed the same on
    # every edition. Greek writes the level's name «Επίπεδο Βʹ», so the badge belongs in the
    # locale too; it is not there yet because the number check (I18N007) counts a Roman "II"
    # against a Greek "Βʹ" but not a lone "I" against "Αʹ", so no Greek badge passes both.
    "II",
})

#: The boards and sheets each game prints besides its decks (ids of the files).
BOARDS = {
    "trains": {"board-tokyo", "board-osaka"},
    "cartographers": {"sheet-a", "sheet-b"},
    "terra-futura": {"score-sheet"},
    "mars-dice": {"board"},
}


@dataclass
class Built:
    """One game's ``qps`` PDFs and their text, page by page."""

    files: list[PdfFile] = field(default_factory=list)
    pages: dict[tuple[str, int], str] = field(default_factory=dict)  # (file name, page) -> text


def _page_texts(path: Path) -> Iterator[tuple[int, str]]:
    doc = pdfium.PdfDocument(str(path))
    try:
        for i in range(len(doc)):
            page = doc[i]
            textpage = page.get_textpage()
            yield i + 1, textpage.get_text_range()
            textpage.close()
            page.close()
    finally:
        doc.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Built]:
    """Every game printed once in ``qps`` (the default file names, under a temporary folder)."""
    use_content(EXAMPLES)
    where = tmp_path_factory.mktemp("qps")
    here = Path.cwd()
    out: dict[str, Built] = {}
    os.chdir(where)  # default paths are build/... under the working folder
    try:
        for game, content, unit_systems in GAMES:
            got = out.setdefault(game, Built())
            for units in unit_systems:
                files = render_game(PdfJob(game, content, PSEUDO_CODE, units=units, force=True,
                                           cache_dir=None))
                got.files += files
                for f in files:
                    for n, text in _page_texts(where / f.path):
                        got.pages[(f.path.name, n)] = text
    finally:
        os.chdir(here)
    return out


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_every_print_output_has_no_english_left(built: dict[str, Built], game: str) -> None:
    content = next(c for g, c, _ in GAMES if g == game)
    digest = content_hash(content, game, PSEUDO_CODE)  # hex digits, not words
    found = []
    for (name, page), text in sorted(built[game].pages.items()):
        for word in leftover_english(text.replace(digest, " "), ALLOWED):
            found.append(f"{name} p.{page}: {word!r}")
    assert not found, f"{len(found)} hard-coded English word(s):\n" + "\n".join(found[:40])


@pytest.mark.parametrize("game", [g for g, _, _ in GAMES])
def test_every_kind_of_output_was_built_and_read(built: dict[str, Built], game: str) -> None:
    got = built[game]
    boards = {f.deck for f in got.files if f.board}
    assert boards == BOARDS.get(game, set())
    assert any(not f.board for f in got.files)  # the card decks
    assert all(OPEN in text for text in got.pages.values())  # every page shows locale text


def test_terra_prints_its_extra_pages_and_both_board_sides(built: dict[str, Built]) -> None:
    names = {name for name, _ in built["terra"].pages}
    assert any(n.endswith("-imperial.pdf") for n in names) and len(names) == 2
    text = "\n".join(built["terra"].pages.values())
    for english in ("The three bars", "Regions of the world map", "Metric", "Imperial"):
        assert pseudo_of(english) in text  # the extra pages' titles and sides, from the locale


def pseudo_of(english: str) -> str:
    """The letters of ``english`` as ``qps`` writes them (brackets and padding left out)."""
    return pseudo_text(english, 0.0).strip(f"{OPEN}{CLOSE}~")


def test_a_generic_string_the_content_lacks_is_still_pseudo_localized(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A game without one of the generic pages' strings prints its English fallback, and the
    fallback goes through the locale: in ``qps`` it is pseudo-localized, not raw English."""
    data = load("lantern-road", EXAMPLES)
    loc = Localizer(data.content, pseudo_locale(data.locales["en"]), None, pseudo=True,
                    pseudo_expansion=0.0)
    monkeypatch.setitem(words_module.ENGLISH, "print-test-only", "Only in the code")
    deck = PrintDeck("d", "Deck", (63.0, 88.0), [], strings=loc.string, locale=PSEUDO_CODE)
    text, _ = Words(deck)("print-test-only")
    assert text.startswith(OPEN) and not leftover_english(text)
    english = Localizer(data.content, data.locales["en"], None)
    plain = PrintDeck("d", "Deck", (63.0, 88.0), [], strings=english.string)
    assert Words(plain)("print-test-only")[0] == "Only in the code"
