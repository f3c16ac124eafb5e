"""Incremental ``cardkit site``: a rebuild draws only the card faces whose inputs changed, links
what the previous site holds byte for byte, and its result is a full build's, byte for byte —
after an edit, a rename and a delete of a Terra card, a translation edit, and with a changed
file in the previous site; a rebuild without a change makes no page (each game and locale is
linked whole from the previous site, :mod:`cardkit.site.units`). A rebuild whose face inputs or
unit keys were taken too narrow is caught by the same comparison.

The shipped Terra (150 cards) in English and Greek at the lowest resolution, in a copy of the
content folder."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cardkit.core.outdir import OutputProblem
from cardkit.core.reuse import INPUTS, Previous, inputs_record
from cardkit.export import inputs as face_inputs
from cardkit.site import SiteJob, build_site
from cardkit.site import api as site_api

from .conftest import SHIPPED

GAME = "terra"
LOCALES = ("en", "el")
DPI = 50
CARD = "angel-falls"
OLD_TEXT = "the longest single unbroken drop is about 807 m"


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def differences(a: Path, b: Path) -> list[str]:
    fa, fb = files(a), files(b)
    return sorted(k for k in fa.keys() | fb.keys() if fa.get(k) != fb.get(k))


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the shipped Terra and locales, and its site built once."""
    root = tmp_path_factory.mktemp("incremental")
    content = root / "content"
    for part in (GAME, "locales"):
        shutil.copytree(SHIPPED / part, content / part)
    build(root, "site")
    return root


def build(root: Path, name: str, force: bool = False):  # type: ignore[no-untyped-def]
    return build_site(SiteJob(root / "content", root / name, (GAME,), LOCALES, force=force,
                              cache_dir=root / "cache", dpi=DPI))


def cards_file(root: Path, card: str = CARD) -> Path:
    return next(p for p in (root / "content" / GAME / "cards").glob("*.yaml")
                if f"- id: {card}\n" in p.read_text("utf-8"))


def same_as_full(root: Path) -> None:
    """A full build of the content as it is now, fresh, equals the rebuilt site."""
    shutil.rmtree(root / "full", ignore_errors=True)
    build(root, "full")
    assert differences(root / "site", root / "full") == []


def test_a_rebuild_without_change_draws_nothing_and_writes_nothing(work: Path) -> None:
    before = files(work / "site")
    result = build(work, "site")
    assert result.drawn == 0
    assert result.reused == len(before) - 1  # every file but the manifest (written last)
    assert files(work / "site") == before


def test_an_edit_redraws_the_card_only_and_equals_a_full_build(work: Path) -> None:
    path = cards_file(work)
    text = path.read_text("utf-8")
    assert OLD_TEXT in text
    path.write_text(text.replace(OLD_TEXT, "the longest single drop is some 807 m"), "utf-8")
    result = build(work, "site")
    assert result.drawn == 2 * len(LOCALES)  # the card's front and back in each locale
    same_as_full(work)


def test_a_translation_edit_redraws_its_locale_only(work: Path) -> None:
    path = work / "content" / GAME / "i18n" / "el" / "cards.yaml"
    text = path.read_text("utf-8")
    start = text.index(f"\n  {CARD}:\n")
    at = text.index("Ποιο είναι το συνολικό ύψος", start)
    path.write_text(text[:at] + "Πόσο" + text[at + len("Ποιο"):], "utf-8")
    result = build(work, "site")
    assert result.drawn == 2  # the Greek card's front and back
    same_as_full(work)


def test_a_renamed_card_leaves_no_page_or_image_behind(work: Path) -> None:
    path = cards_file(work)
    path.write_text(path.read_text("utf-8").replace(f"- id: {CARD}\n", "- id: salto-angel\n"),
                    "utf-8")
    build(work, "site")
    left = [rel for rel in files(work / "site") if CARD in rel]
    assert left == []
    assert (work / "site" / GAME / "en" / "cards" / "salto-angel.html").is_file()
    same_as_full(work)


def test_a_deleted_card_leaves_no_page_or_image_behind(work: Path) -> None:
    path = cards_file(work, "salto-angel")
    text = path.read_text("utf-8")
    start = text.index("  - id: salto-angel\n")
    end = text.find("\n  - id: ", start + 1)
    path.write_text(text[:start] + (text[end + 1:] if end > 0 else ""), "utf-8")
    build(work, "site")
    assert [rel for rel in files(work / "site") if "salto-angel" in rel] == []
    same_as_full(work)


def test_a_changed_file_of_the_previous_site_is_never_reused(work: Path) -> None:
    image = next((work / "site" / GAME / "en" / "img").rglob("*-front.png"))
    image.write_bytes(image.read_bytes() + b"\0")
    with pytest.raises(OutputProblem, match="changed since"):
        build(work, "site")
    build(work, "site", force=True)
    same_as_full(work)


def test_a_foreign_file_still_stops_the_rebuild(work: Path) -> None:
    (work / "site" / GAME / "notes.txt").write_text("mine", "utf-8")
    try:
        with pytest.raises(OutputProblem, match=r"1 file\(s\) cardkit did not write .*notes\.txt"):
            build(work, "site")
    finally:
        (work / "site" / GAME / "notes.txt").unlink()


def test_face_inputs_taken_too_narrow_are_caught_by_the_comparison(
        work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: a face's own record left out of its inputs. The edit's rebuild then keeps the
    old image, and the comparison with a full build finds exactly the edited card's images."""
    monkeypatch.setattr(face_inputs, "_dump", lambda rec: [rec.kind, rec.id])
    # the planted narrowing is a change of code that the code's fingerprint cannot see (a
    # monkeypatch): the units recorded under the real code would be reused (see below), so
    # they are forgotten whenever the code changes here
    forget_units(work)
    build(work, "site", force=True)  # the old keys no longer match: a clean start
    path = work / "content" / GAME / "cards" / "blue.yaml"
    text = path.read_text("utf-8")
    card = re.search(r"  - id: ([a-z-]+)\n    topic: (.+)\n", text)
    assert card is not None
    question = re.compile(r"\n        question: (\S+)").search(text, card.end())
    assert question is not None
    path.write_text(text[:question.start(1)] + "Roughly, " + text[question.start(1):], "utf-8")
    result = build(work, "site")
    assert result.drawn == 0  # nothing looked changed
    shutil.rmtree(work / "full", ignore_errors=True)
    build(work, "full")
    stale = differences(work / "site", work / "full")
    assert stale and all(card.group(1) in rel or rel == INPUTS or rel.endswith(".json")
                         for rel in stale), stale
    monkeypatch.undo()
    forget_units(work)
    build(work, "site", force=True)
    same_as_full(work)


def forget_units(root: Path) -> None:
    """Drop the record of the site's units (:mod:`cardkit.site.units`) from the check cache."""
    shutil.rmtree(root / "cache" / "site", ignore_errors=True)


def test_an_unchanged_unit_is_linked_whole_without_making_a_page(
        work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With nothing changed, no game and locale is made again (no card page made, no face
    looked at); an edit of the game makes its units again."""
    made: list[str] = []
    real = site_api.card_page
    monkeypatch.setattr(site_api, "card_page", lambda *a: made.append(a[2].id) or real(*a))
    before = files(work / "site")
    result = build(work, "site")
    assert made == [] and result.drawn == 0
    assert files(work / "site") == before
    path = work / "content" / GAME / "cards" / "blue.yaml"
    text = path.read_text("utf-8")
    assert "\n    topic: " in text
    path.write_text(text.replace("\n    topic: ", "\n    topic:  ", 1), "utf-8")  # same data
    build(work, "site")
    assert len(made) == 2 * len(set(made)) > 100  # every card page, in both locales
    path.write_text(text, "utf-8")
    build(work, "site")
    same_as_full(work)


def test_unit_keys_taken_too_narrow_are_caught_by_the_comparison(
        work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: the content left out of the units' keys. An edit's rebuild then keeps the old
    pages and images of the game, and the comparison with a full build finds them."""
    monkeypatch.setattr(site_api, "content_digests", lambda folder: {})
    forget_units(work)
    build(work, "site", force=True)
    path = work / "content" / GAME / "cards" / "blue.yaml"
    text = path.read_text("utf-8")
    card = re.search(r"  - id: ([a-z-]+)\n    topic: (.+)\n", text)
    assert card is not None
    path.write_text(text[:card.start(2)] + "The " + text[card.start(2):], "utf-8")
    try:
        build(work, "site")
        shutil.rmtree(work / "full", ignore_errors=True)
        build(work, "full")
        stale = differences(work / "site", work / "full")
        assert any(card.group(1) in rel and rel.endswith(".html") for rel in stale), stale
    finally:
        path.write_text(text, "utf-8")
        monkeypatch.undo()
        forget_units(work)
    build(work, "site", force=True)
    same_as_full(work)


def test_the_inputs_record_is_read_only_from_an_unchanged_site(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "a.png").write_bytes(b"png")
    (site / INPUTS).write_bytes(inputs_record({"k": "a.png"}))
    assert Previous.of(site, "site", []).read("k") is None  # no manifest: nothing is cardkit's


def test_a_record_naming_files_outside_the_site_is_not_followed(tmp_path: Path) -> None:
    """Planted: a manifest and inputs record naming a file beside the site (``../``) and an
    absolute path. Neither is read back nor linked; the site's own listed file is."""
    from cardkit.core.manifest import MANIFEST, Manifest, Origin, digest_of

    site = tmp_path / "site"
    site.mkdir()
    (tmp_path / "secret.png").write_bytes(b"secret")
    (site / "a.png").write_bytes(b"png")
    (site / INPUTS).write_bytes(inputs_record({"in": "a.png", "out": "../secret.png",
                                               "abs": str(tmp_path / "secret.png")}))
    files = {"a.png": digest_of(site / "a.png"), INPUTS: digest_of(site / INPUTS),
             "../secret.png": digest_of(tmp_path / "secret.png"),
             str(tmp_path / "secret.png"): digest_of(tmp_path / "secret.png")}
    (site / MANIFEST).write_bytes(Manifest(files, {}, Origin("site")).to_bytes())
    found = Previous.of(site, "site", [])
    stored = found.read("in")
    assert stored is not None and stored.read() == b"png" and stored.digest == files["a.png"]
    assert found.read("out") is None and found.read("abs") is None
    assert not found.write(tmp_path / "new" / "x.png", b"secret")  # written, not linked


def test_a_card_of_another_kind_is_an_input_of_the_faces(tmp_path: Path) -> None:
    """Cartographers' edict cards show the seasons that name them (seasons are printed cards of
    another kind): a season's edicts edited changes the edicts' face inputs; the inputs of the
    other seasons' faces name no season and stay."""
    from cardkit.export.inputs import face_keys
    from cardkit.export.printing import localized_decks

    for part in ("cartographers", "locales"):
        shutil.copytree(SHIPPED / part, tmp_path / "content" / part)
    content = tmp_path / "content"

    def keys() -> dict:  # type: ignore[type-arg]
        decks, loc = localized_decks("cartographers", content, "en", "metric", False,
                                     tmp_path / "cache")
        return face_keys("cartographers", content, decks, loc, {})

    before = keys()
    seasons = content / "cartographers" / "seasons.yaml"
    text = seasons.read_text("utf-8")
    assert text.count("edicts: [A, B]") == 1
    seasons.write_text(text.replace("edicts: [A, B]", "edicts: [B, A]"), "utf-8")
    after = keys()
    changed = {k for k in before if before[k] != after.get(k)}
    edicts = {k for k in before if k[1] is not None and k[1].startswith("edict")}
    assert edicts and edicts <= changed
    summer = {k for k in before if k[1] == "summer"}
    assert summer and not summer & changed
