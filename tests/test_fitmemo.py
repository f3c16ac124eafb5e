"""The fit check remembered card by card (:mod:`cardkit.pdf.fitmemo`), what the language server
runs after every keystroke.

Two things are held: the promise a game makes with ``fit_local`` (a card's faces read no other
card, a deck's extra pages read no card), checked on every game that makes it by changing one
card and comparing every other face; and the memo's findings against a check without it after
each of a series of edits that reach a card, a translation, a region every card prints, a
deck, the card list — the same diagnostics, and only the changed cards laid out again.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from cardkit.checking.run import CheckOptions, CheckSession, run_check
from cardkit.core.registry import get_game
from cardkit.i18n.api import load
from cardkit.i18n.lookup import Localizer
from cardkit.pdf.fitcheck import face_groups, fit_passes

from .conftest import point_modelines

ROOT = Path(__file__).resolve().parent.parent
GAMES = ["terra", "trains", "cartographers", "mars-dice", "terra-futura"]
LOCAL = [g for g in GAMES if get_game(g).fit_local]


def _strings_changed(value: Any) -> Any:
    """A copy of a model with every string made longer and different (ids and enum values
    stay: only what a face prints changes)."""
    if hasattr(type(value), "model_fields"):
        changes = {}
        for name in type(value).model_fields:
            if name in ("id",):
                continue
            new = _strings_changed(getattr(value, name))
            if new is not getattr(value, name):
                changes[name] = new
        return value.model_copy(update=changes) if changes else value
    if isinstance(value, str) and " " in value:  # prose, not an id or a token
        return value + " and a few more words to change its lines"
    if isinstance(value, list):
        out = [_strings_changed(v) for v in value]
        return out if any(a is not b for a, b in zip(out, value)) else value
    return value


def _faces(content: Any, overlays: dict[str, Any], locales: dict[str, Any]
           ) -> dict[tuple[Any, ...], list[Any]]:
    """Every group's faces but the generic pages, as what they print: per pass, per face, each
    text and its verdict and size."""
    out: dict[tuple[Any, ...], list[Any]] = {}
    for code, locale, overlay, units in fit_passes(content, overlays, locales):
        loc = Localizer(content, locale, overlay)
        for key, build in face_groups(content.game, content, loc, units):
            if "generic" in key:
                continue
            out.setdefault(key, []).append(
                [(code, units, label, [(p.text, p.fits, p.flowed.size if p.flowed else None)
                                       for p in face.placed]) for _, label, face in build()])
    return out


@pytest.mark.parametrize("game", LOCAL)
def test_a_card_s_faces_read_no_other_card(game: str) -> None:
    """Changing every printed text of a card (three of each of the game's card kinds) changes
    that card's faces and no other face the memo would keep."""
    data = load(game, ROOT / "content")
    content, overlays, locales = data.content, data.translations.overlays, data.locales
    before = _faces(content, overlays, locales)
    card_ids = {k[1] for k in before if len(k) == 3 and k[2] in ("front", "back")}
    kinds_of: dict[str, int] = {}
    for records in content.records.values():
        for r in records:
            kinds_of[r.id] = kinds_of.get(r.id, 0) + 1
    tried = 0
    for kind, records in content.records.items():  # an id two kinds share is no card's own
        for rec in [r for r in records if r.id in card_ids and kinds_of[r.id] == 1][:3]:
            changed = _strings_changed(rec.obj)
            if changed is rec.obj:
                continue
            after = _faces(content.with_objects(kind, {rec.id: changed}), overlays, locales)
            assert after.keys() == before.keys()
            if all(after[k] == before[k] for k in before if k[1] == rec.id):
                continue  # nothing of it printed changed: it proves nothing
            others = [k for k in before if k[1] != rec.id and after[k] != before[k]]
            assert not others, f"{kind}/{rec.id} changed other faces: {others[:3]}"
            tried += 1
    assert tried, f"{game}: no card kind tried"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text("utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), "utf-8")


def test_the_memo_finds_what_a_check_without_it_finds(tmp_path: Path) -> None:
    """After every edit the remembered check reports exactly what a check without memory
    reports, and lays out only the cards whose inputs changed."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    point_modelines(content, ROOT / "content")
    session = CheckSession()
    cards = content / "terra" / "cards"
    card_file = sorted(cards.glob("*.yaml"))[0]

    def both() -> tuple[list[str], list[str], int]:
        kept = run_check(CheckOptions(("terra",), content, None, session=session))
        fresh = run_check(CheckOptions(("terra",), content, None))
        return ([str(d.to_dict()) for d in kept.diagnostics],
                [str(d.to_dict()) for d in fresh.diagnostics],
                session.fit_memo("terra").laid_out)

    kept, fresh, laid_out = both()
    assert kept == fresh
    long_topic = "A topic far too long to be printed on the front of one small card " * 3
    el_file = content / "terra" / "i18n" / "el" / "cards.yaml"
    region_file = content / "terra" / "regions.yaml"
    region_line = next(line for line in region_file.read_text().splitlines()
                       if line.strip().startswith("name:"))
    edits = [
        ("one card's topic too long", lambda: _edit(card_file, "topic: ", f"topic: {long_topic}")),
        ("the same card put right", lambda: _edit(card_file, f"topic: {long_topic}", "topic: ")),
        ("a Greek topic too long", lambda: _edit(el_file, "text: ", f"text: {long_topic}")),
        ("a region every card may print", lambda: _edit(
            region_file, region_line, region_line + " and its neighbouring provinces" * 4)),
        ("a deck renamed", lambda: _edit(content / "terra" / "decks.yaml", "name: ",
                                         "name: Renamed ")),
    ]
    for what, edit in edits:
        edit()
        kept, fresh, laid_out = both()
        assert kept == fresh, what
        if what.startswith("one card") or what.startswith("the same card"):
            assert laid_out <= 4, (what, laid_out)  # its two sides, the index pages
    assert any("TER018" in d for d in fresh) or any("I18N018" in d for d in fresh)
