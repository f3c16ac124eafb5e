"""The fast fit (:func:`cardkit.text.flow.flow_text`: a box no shape crosses is broken into lines
once per size, and a size whose words overfill every line is passed over unbroken) against the
full layout (:func:`cardkit.text.flow.flow_full`: every line count, every band's free interval)
on every string the shipped games print and on crafted near-limit Greek and Polish strings —
the same lines, the same size, the same verdict and the same reported problem; and the fit
check shared among processes against one process's."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from cardkit.core.registry import get_game
from cardkit.pdf import layout
from cardkit.pdf.geometry import MM_TO_PT
from cardkit.pdf.layout import Face, Frame, Shape, TextSource
from cardkit.text import flow
from cardkit.text.fonts import BOLD, REGULAR
from cardkit.text.runs import TextStyle

from .conftest import point_modelines

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
GAMES = ["terra", "trains", "cartographers", "mars-dice", "terra-futura"]

#: Greek and Polish words from the shipped translations, to grow near-limit strings from.
GREEK = ("Πόσο βαθιά είναι η λίμνη στο βαθύτερο σημείο της, το μεγαλύτερο βάθος λίμνης στον "
         "κόσμο; Το νερό πέφτει από το χείλος του Αουγιάν-τεπούι, ενός ψαμμιτικού βουνού")
POLISH = ("Jak głęboko sięga jezioro w najgłębszym miejscu, najgłębszym jeziorze świata? Woda "
          "spada z krawędzi Auyán-tepui, płaskowyżu z piaskowca w Parku Narodowym Canaima")


def _printed_calls(game: str) -> set[tuple[Any, ...]]:
    """The arguments of every layout the fit check of a shipped game makes, in every locale
    and unit system (board sides)."""
    from cardkit.i18n.api import load
    from cardkit.i18n.lookup import Localizer
    from cardkit.pdf.fitcheck import game_faces

    data = load(game, CONTENT)
    spec = get_game(game)
    calls: set[tuple[Any, ...]] = set()
    codes = set()
    for code, locale in sorted(data.locales.items()):
        overlay = data.translations.overlays.get(code) if code != "en" else None
        if code != "en" and overlay is None:
            continue
        codes.add(code)
        loc = Localizer(data.content, locale, overlay)
        for units in getattr(spec, "print_units", ("metric",)):
            for _key, _label, face in game_faces(spec, data.content, loc, units):
                for kind, p in face.items:
                    if kind == "text":
                        calls.add((p.text, p.frame, tuple(s.obstacle() for s in face.shapes
                                                          if not s.box.holds(p.frame.box)),
                                   p.icons))
    if game in ("terra", "trains"):
        assert {"en", "el", "pl"} <= codes, codes
    return calls


def _both(text: str, frame: Frame, obstacles: tuple[Any, ...] = (),
          icons: frozenset[str] = frozenset()) -> tuple[Any, Any]:
    k = MM_TO_PT
    args = (text, frame.x * k, frame.y * k, frame.w * k, frame.h * k, frame.style, icons,
            obstacles, frame.valign, frame.max_lines)
    return flow.flow_text.__wrapped__(*args), flow.flow_full(*args)


@pytest.mark.parametrize("game", GAMES)
def test_every_shipped_string_lays_out_the_same_fast_and_in_full(game: str) -> None:
    calls = _printed_calls(game)
    assert len(calls) > 50
    free = 0
    for text, frame, obstacles, icons in calls:
        fast, full = _both(text, frame, obstacles, icons)
        assert fast == full, (game, text, frame.name)
        k = MM_TO_PT
        if fast is not None and not obstacles:
            free += 1
            assert flow.fits(text, frame.x * k, frame.w * k, frame.h * k, frame.style,
                             frame.max_lines, icons)
    assert free > 10  # the fast path was taken


def _frames() -> list[Frame]:
    """Boxes like the cards': a one-line name, a three-line topic, a question, an answer."""
    return [Frame("name", 4.0, 76.0, 55.5, 8.5, TextStyle(BOLD, 11, 6.5, align="center"),
                  max_lines=1),
            Frame("topic", 4.0, 90.0, 48.0, 11.0, TextStyle(BOLD, 13, 7, leading=1.12),
                  max_lines=3),
            Frame("question", 6.0, 50.0, 50.0, 20.0, TextStyle(REGULAR, 10.5, 6)),
            Frame("info", 4.0, 5.2, 55.0, 12.0, TextStyle(REGULAR, 8.5, 5.5), valign="top")]


def _limit(words: str, frame: Frame) -> int:
    """The length of the longest beginning of ``words`` that fits ``frame`` (full layout)."""
    k = MM_TO_PT
    n = 1
    while n <= len(words) and flow.flow_full(words[:n], frame.x * k, frame.y * k, frame.w * k,
                                             frame.h * k, frame.style, frozenset(), (),
                                             frame.valign, frame.max_lines) is not None:
        n += 1
    return n - 1


@pytest.mark.parametrize("words", [GREEK, POLISH], ids=["el", "pl"])
def test_near_limit_greek_and_polish_give_the_same_verdict_and_problem(words: str) -> None:
    text = (words + " ") * 4
    for frame in _frames():
        limit = _limit(text, frame)
        assert 0 < limit < len(text), frame.name
        # every length up to the limit and past it (each size's limit is crossed on the way)
        for n in range(1, min(len(text), limit + 12)):
            fast, full = _both(text[:n], frame)
            assert fast == full, (frame.name, n)
        below, above = text[:limit], text[:limit + 1]
        for s in (below, above):
            problems = []
            for fitter in (flow.flow_text, flow.flow_full):
                face = Face("t", 63.5, 120.0)
                face.text(s, frame, TextSource("cards", "x", "topic"))
                layout.flow_text = fitter  # what Face.placed lays out with
                try:
                    problems.append([(p.frame.name, p.message(), p.source)
                                     for p in face.problems()])
                finally:
                    layout.flow_text = flow.flow_text
            assert problems[0] == problems[1], (frame.name, s)
        assert _both(below, frame)[0] is not None and _both(above, frame)[0] is None


def test_the_fast_path_is_taken_only_where_no_shape_crosses(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    full_calls = []
    real = flow.flow_full

    def spy(*args: Any) -> Any:
        full_calls.append(args[0])
        return real(*args)

    monkeypatch.setattr(flow, "flow_full", spy)
    frame = _frames()[0]
    k = MM_TO_PT
    args = (frame.x * k, frame.y * k, frame.w * k, frame.h * k, frame.style)
    flow.flow_text.__wrapped__("Κλειστό κουτί", *args)
    assert full_calls == []
    badge = Shape("value", layout.Box(5.8, 74.8, 8.4, 8.4), "circle").obstacle()
    flow.flow_text.__wrapped__("Κλειστό κουτί", *args, frozenset(), (badge,))
    assert full_calls == ["Κλειστό κουτί"]


def test_a_size_is_passed_over_only_when_no_break_can_fit(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The width test that skips a size without breaking lines never skips a size the text
    fits at: a text that fills one line exactly is found at the size it fills."""
    frame = _frames()[0]
    k = MM_TO_PT
    style = frame.style
    word = "Łódź"
    text = word
    while flow.string_width(text + " " + word, style.font, style.max_size) <= frame.w * k:
        text += " " + word
    found = flow.flow_text.__wrapped__(text, 0.0, 0.0, frame.w * k, frame.h * k, style,
                                       max_lines=1)
    assert found is not None and found.size == style.max_size
    broken = []
    real = flow._wrap
    monkeypatch.setattr(flow, "_wrap", lambda *a: broken.append(1) or real(*a))
    longer = text + " " + word * 3
    flow._free_fit.__wrapped__(longer, frozenset(), style, frame.w * k, frame.h * k, 1)
    n_sizes = len(flow._sizes(style))
    assert 0 < len(broken) < n_sizes  # the sizes too small for its width were not broken


def _planted(tmp_path: Path) -> Path:
    """Terra with some Greek and Polish texts four times as long (I18N018, I18N021)."""
    from ruamel.yaml import YAML

    dest = tmp_path / "content"
    shutil.copytree(CONTENT / "terra", dest / "terra")
    shutil.copytree(CONTENT / "locales", dest / "locales")
    yaml = YAML()
    yaml.width = 4096
    for code, every in (("el", 7), ("pl", 5)):
        path = dest / "terra" / "i18n" / code / "cards.yaml"
        data = yaml.load(path)
        k = 0
        for fields in data["entries"].values():
            for key, entry in fields.items():
                k += 1
                if k % every == 0:
                    entry["text"] = (entry["text"] + " ") * (2 if key == "topic" else 4)
        yaml.dump(data, path)
    point_modelines(dest, CONTENT)
    return dest


def test_the_shared_check_finds_what_one_process_finds(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from cardkit.i18n.api import load
    from cardkit.pdf import fitshare
    from cardkit.pdf.fitcheck import fit_diagnostics

    data = load("terra", _planted(tmp_path))
    args = (data.content, data.translations.overlays, data.locales)
    runs = {}
    for workers in ("1", "2", "3"):
        monkeypatch.setenv("CARDKIT_FIT_WORKERS", workers)
        runs[workers] = fit_diagnostics(*args)
    monkeypatch.setattr(layout, "flow_text", flow.flow_full)  # no shortcut at all
    monkeypatch.setenv("CARDKIT_FIT_WORKERS", "1")
    full = fit_diagnostics(*args)
    codes = [d.code for d in runs["1"]]
    assert codes.count("I18N018") > 20 and codes.count("I18N021") > 20
    assert runs["1"] == runs["2"] == runs["3"] == full
    monkeypatch.setattr(fitshare.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    for wanted in ("auto", None):  # unset: as auto
        if wanted is None:
            monkeypatch.delenv("CARDKIT_FIT_WORKERS")
        else:
            monkeypatch.setenv("CARDKIT_FIT_WORKERS", wanted)
        assert fitshare.fit_workers(10) == 1  # a small check stays in one process
        assert fitshare.fit_workers(10**6) == 2  # a large one uses the CPUs it may


def test_a_locales_second_unit_pass_does_not_lay_out_its_generic_pages_again(
        tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A locale's metric and imperial passes read the same generic inputs, so the second pass's
    generic pages (information, index, footers) are not laid out again (``fitcheck._seen``).
    The findings are those of a check that lays out both — a planted finding on the generic
    pages (a deck name too long for the information and index pages, in every pass) included."""
    from cardkit.i18n.api import load
    from cardkit.pdf import fitcheck

    dest = tmp_path / "content"
    shutil.copytree(CONTENT / "terra", dest / "terra")
    shutil.copytree(CONTENT / "locales", dest / "locales")
    decks = dest / "terra" / "decks.yaml"
    decks.write_text(decks.read_text("utf-8").replace("name: Terra cards",
                                                      "name: " + "W" * 60), "utf-8")
    point_modelines(dest, CONTENT)
    data = load("terra", dest)
    args = (data.content, data.translations.overlays, data.locales)
    laid_out: list[tuple[float, float]] = []
    faces = fitcheck.GenericPages.faces

    def counted(self, w, h):  # type: ignore[no-untyped-def]
        laid_out.append((w, h))
        return faces(self, w, h)

    monkeypatch.setattr(fitcheck.GenericPages, "faces", counted)
    monkeypatch.setenv("CARDKIT_FIT_WORKERS", "1")
    skipping = fitcheck.fit_diagnostics(*args)
    n_passes = len(fitcheck.fit_passes(*args))
    assert len(laid_out) == len(fitcheck.CHECK_PAGES) * n_passes // 2  # metric ones only
    monkeypatch.setattr(fitcheck, "_seen", lambda *a: False)
    laid_out.clear()
    everything = fitcheck.fit_diagnostics(*args)
    assert len(laid_out) == len(fitcheck.CHECK_PAGES) * n_passes
    assert skipping == everything
    assert any("index title box" in d.message for d in skipping)
