"""Lossless XLIFF 2.0 and 1.2 (issue 11): inline codes, segments, states, located and bounded
parsing of hostile files, language labels, round trips that change nothing."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cardkit.i18n import api
from cardkit.i18n.exchange import (
    MAX_ERRORS,
    MAX_EXCHANGE_BYTES,
    MAX_FIELD_CHARS,
    ImportPlan,
)
from cardkit.i18n.overlay import Entry, LocaleOverlay, Translation
from cardkit.i18n.sources import SourceText, fingerprint
from cardkit.i18n.xliff import NS12, NS20, export_xliff, plan_xliff

from .conftest import ROOT, SHIPPED, digests, run

SCHEMAS = ROOT / "schemas"

REF = ("cards", "normal-train", "name")
CTX = "cards/normal-train/name"


@pytest.fixture(scope="module")
def loaded() -> dict[str, api.GameI18n]:
    return {game: api.load(game, SHIPPED) for game in ("terra", "trains")}


@pytest.fixture(scope="module")
def base(loaded: dict[str, api.GameI18n]) -> SourceText:
    """The English of trains' cards/normal-train/name, to be given other texts."""
    return next(s for s in loaded["trains"].sources() if s.context == CTX)


def source(base: SourceText, text: str) -> dict[str, SourceText]:
    return {CTX: replace(base, text=text)}


def overlay_with(src: SourceText, text: str | dict[str, str], basis: str | None = None,
                 same: bool = False) -> LocaleOverlay:
    ov = LocaleOverlay("pl")
    ov.entries = {src.kind: {src.object_id: {src.key: Entry(
        Translation(text=text, src=basis or src.fingerprint, same=same), "x.yaml", ())}}}
    return ov


def x20(body: str, trg: str = "pl") -> str:
    """An XLIFF 2.0 file: ``body`` starts on line 4."""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="{NS20}" version="2.0" '
            f'srcLang="en" trgLang="{trg}">\n<file id="trains">\n{body}\n</file>\n</xliff>\n')


def x12(body: str, trg: str = "pl") -> str:
    """An XLIFF 1.2 file: ``body`` starts on line 5."""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="{NS12}" version="1.2">\n'
            f'<file original="trains" source-language="en" target-language="{trg}" '
            f'datatype="plaintext">\n<body>\n{body}\n</body>\n</file>\n</xliff>\n')


def unit20(source_xml: str, target_xml: str | None, state: str | None = None,
           uid: str = CTX) -> str:
    st = f' state="{state}"' if state else ""
    tgt = f"<target>{target_xml}</target>" if target_xml is not None else ""
    return f'<unit id="{uid}"><segment{st}><source>{source_xml}</source>{tgt}</segment></unit>'


def unit12(source_xml: str, target_xml: str | None, state: str | None = None,
           uid: str = CTX) -> str:
    st = f' state="{state}"' if state else ""
    tgt = f"<target{st}>{target_xml}</target>" if target_xml is not None else ""
    return f'<trans-unit id="{uid}"><source>{source_xml}</source>{tgt}</trans-unit>'


def plan_text(tmp_path: Path, text: str | bytes, sources: dict[str, SourceText],
              overlay: LocaleOverlay | None = None, locale: str = "pl",
              loaded: dict[str, api.GameI18n] | None = None, name: str = "f.xlf") -> ImportPlan:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    locales = (loaded or {}).get("trains") or api.load("trains", SHIPPED)
    return plan_xliff(path, locales.locales[locale], sources, overlay or LocaleOverlay(locale))


def errors(plan: ImportPlan) -> list[tuple[int, int, str]]:
    assert all(d.code == "I18N020" for d in plan.errors)
    return [(d.line, d.col, d.message) for d in plan.errors]


# ------------------------------------------------------------------------------ round trips --

@pytest.mark.parametrize("version", ["2.0", "1.2"])
@pytest.mark.parametrize("locale", ["el", "pl"])
@pytest.mark.parametrize("game", ["terra", "trains"])
def test_export_then_import_without_edits_changes_nothing(
        loaded: dict[str, api.GameI18n], tmp_path: Path, game: str, locale: str,
        version: str) -> None:
    data = loaded[game]
    sources = data.sources()
    text = export_xliff(game, data.locales[locale], sources, data.overlay(locale), version)
    assert (NS20 if version == "2.0" else NS12) in text.splitlines()[1]
    path = tmp_path / "out.xlf"
    path.write_text(text, "utf-8")
    plan = plan_xliff(path, data.locales[locale], {s.context: s for s in sources},
                      data.overlay(locale))
    assert (plan.errors, plan.updates, plan.skipped_fuzzy) == ([], {}, 0)
    assert export_xliff(game, data.locales[locale], sources, data.overlay(locale),
                        version) == text


@pytest.mark.parametrize("fmt", ["xliff", "xliff12"])
def test_cli_import_of_an_unedited_export_writes_nothing(shipped: Path, tmp_path: Path,
                                                         loaded: dict[str, api.GameI18n],
                                                         fmt: str) -> None:
    data = loaded["trains"]
    out = tmp_path / "trains-el.xlf"
    out.write_text(export_xliff("trains", data.locales["el"], data.sources(), data.overlay("el"),
                                "2.0" if fmt == "xliff" else "1.2"), "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "trains", str(out), "--content", str(shipped), "--schemas",
                 str(SCHEMAS))
    assert result.exit_code == 0, result.output
    assert "el: 0 field(s) changed" in result.stderr
    assert digests(shipped) == before


TRICKY = [
    ("Draw a card. <b>Gain</b> 2 [coin].", "Dobierz kartę. <b>Zyskaj</b> 2 [coin]."),
    # overlapping tags, repeated and reordered tokens, unpaired tags, a code not in the source
    ("<b>x<i>y</b>z</i> [coin][coin] {n}<br/>end </u> <em>",
     "<i>x<b>y</i>z</b> [coin] {n}[coin]<br/>k </u> <em> [rail] <b>nowy</b>"),
    ("a\r\nb\tc & < > \"' ]]> --> ", "a\r\nb\tc & < > \"' ]]> -->"),
    ("  leading and trailing  ", "  x  "),
    ("<B >bold</b>\n", "<b>pogrubione</B >\n"),
    ("[coin]", "[coin]!"),
]


@pytest.mark.parametrize("version", ["2.0", "1.2"])
@pytest.mark.parametrize("english, translation", TRICKY)
def test_inline_codes_round_trip_exactly(loaded: dict[str, api.GameI18n], base: SourceText,
                                         tmp_path: Path, version: str, english: str,
                                         translation: str) -> None:
    sources = source(base, english)
    src = sources[CTX]
    text = export_xliff("trains", loaded["trains"].locales["pl"], [src],
                        overlay_with(src, translation), version)
    if "[coin]" in english:  # protected as codes, not as text
        assert ">[coin]<" not in text.split("<source>")[1].split("</source>")[0] or \
            version == "2.0"
        assert 'equiv-text="[coin]"' in text if version == "1.2" else 'dataRef="d' in text
    plan = plan_text(tmp_path, text, sources, LocaleOverlay("pl"), loaded=loaded)
    assert errors(plan) == []
    assert plan.updates[REF].text == translation
    assert plan.updates[REF].src == src.fingerprint  # the English read back exactly too


def test_a_control_character_is_a_cp_element_in_2_0(loaded: dict[str, api.GameI18n],
                                                    base: SourceText, tmp_path: Path) -> None:
    sources = source(base, "a\x01b")
    src = sources[CTX]
    text = export_xliff("trains", loaded["trains"].locales["pl"], [src],
                        overlay_with(src, "c\x01d"))
    assert '<cp hex="0001"/>' in text
    plan = plan_text(tmp_path, text, sources, loaded=loaded)
    assert plan.updates[REF].text == "c\x01d"


def test_plural_units_round_trip_and_need_every_form(loaded: dict[str, api.GameI18n],
                                                     tmp_path: Path) -> None:
    data = loaded["terra"]
    src = next(s for s in data.sources() if s.context == "strings/card-count/text")
    forms = {"one": "{n} karta", "few": "{n} karty", "many": "{n} kart"}
    text = export_xliff("terra", data.locales["pl"], [src], overlay_with(src, forms), "1.2")
    assert [f"strings/card-count/text#{c}" in text for c in forms] == [True] * 3
    plan = plan_text(tmp_path, text, {src.context: src}, loaded=loaded)
    assert errors(plan) == [] and plan.updates[("strings", "card-count", "text")].text == forms
    few = text.index('<trans-unit id="strings/card-count/text#few"')
    line = text[:few].count("\n") + 1
    broken = text.replace('<target state="translated"><x id="1" ctype="x-cardkit-token" '
                          'equiv-text="{n}"/> kart</target>', "")
    plan = plan_text(tmp_path, broken, {src.context: src}, loaded=loaded)
    message = ("strings/card-count/text: plural forms one, few, many needed; missing or "
               "untranslated: many")
    assert errors(plan) == [(line - 5, 7, message)]  # at the unit of the first form


def test_same_note_keeps_a_copy_of_the_english(loaded: dict[str, api.GameI18n],
                                               base: SourceText, tmp_path: Path) -> None:
    sources = source(base, "Berlin")
    src = sources[CTX]
    for version in ("2.0", "1.2"):
        text = export_xliff("trains", loaded["trains"].locales["pl"], [src],
                            overlay_with(src, "Berlin", same=True), version)
        assert "x-cardkit-same" in text
        plan = plan_text(tmp_path, text, sources, loaded=loaded)
        assert plan.updates[REF].same is True
        without = "\n".join(line for line in text.splitlines() if "x-cardkit-same" not in line)
        plan = plan_text(tmp_path, without, sources, loaded=loaded)
        assert (plan.updates, plan.empty) == ({}, 1)  # a plain copy is untranslated


def test_stale_translations_are_exported_fuzzy_and_left_alone(
        loaded: dict[str, api.GameI18n], base: SourceText, tmp_path: Path) -> None:
    sources = source(base, "Normal Train")
    src = sources[CTX]
    for version, marker in (("2.0", 'state="initial"'),
                            ("1.2", 'state="needs-review-translation"')):
        ov = overlay_with(src, "Pociąg", basis="0123456789ab")
        text = export_xliff("trains", loaded["trains"].locales["pl"], [src], ov, version)
        assert marker in text and ">Pociąg<" in text
        plan = plan_text(tmp_path, text, sources, ov, loaded=loaded)
        assert (plan.updates, plan.skipped_fuzzy, plan.errors) == ({}, 1, [])


# ---------------------------------------------------------------------- the defects --

def test_target_is_not_cut_at_its_first_inline_element(loaded: dict[str, api.GameI18n],
                                                       base: SourceText, tmp_path: Path) -> None:
    sources = source(base, "Draw a card. Gain 2 coins.")
    body = unit20('Draw a card. <pc id="1">Gain</pc> 2 coins.',
                  'Dobierz kartę. <pc id="1">Zyskaj</pc> 2 monety.')
    plan = plan_text(tmp_path, x20(body), sources, loaded=loaded)
    assert plan.updates[REF].text == "Dobierz kartę. Zyskaj 2 monety."
    assert plan.updates[REF].src == fingerprint("Draw a card. Gain 2 coins.")
    # with the game's markup as original data, the tags come back
    sources = source(base, "Draw a card. <b>Gain</b> 2 coins.")
    body = ('<unit id="cards/normal-train/name"><originalData><data id="a">&lt;b&gt;</data>'
            '<data id="b">&lt;/b&gt;</data></originalData><segment><source>Draw a card. '
            '<pc id="1" dataRefStart="a" dataRefEnd="b">Gain</pc> 2 coins.</source><target>'
            'Dobierz kartę. <pc id="1">Zyskaj</pc> 2 monety.</target></segment></unit>')
    plan = plan_text(tmp_path, x20(body), sources, loaded=loaded)
    assert plan.updates[REF].text == "Dobierz kartę. <b>Zyskaj</b> 2 monety."


def test_segments_are_joined_with_ignorable_whitespace(loaded: dict[str, api.GameI18n],
                                                       base: SourceText, tmp_path: Path) -> None:
    sources = source(base, "Draw a card.\n Gain 2 coins.")
    body = ('<unit id="cards/normal-train/name"><segment><source>Draw a card.</source>'
            '<target>Dobierz kartę.</target></segment><ignorable><source>\n </source>'
            '</ignorable><segment state="final"><source>Gain 2 coins.</source>'
            '<target>Zyskaj 2 monety.</target></segment></unit>')
    plan = plan_text(tmp_path, x20(body), sources, loaded=loaded)
    assert plan.updates[REF].text == "Dobierz kartę.\n Zyskaj 2 monety."
    assert plan.updates[REF].src == sources[CTX].fingerprint
    # one segment still untranslated: the unit is not imported half-done
    half = body.replace("<target>Zyskaj 2 monety.</target>", "")
    plan = plan_text(tmp_path, x20(half), sources, loaded=loaded)
    assert (plan.updates, plan.skipped_fuzzy) == ({}, 1)


def test_xliff_1_2_imports_with_its_inline_elements(loaded: dict[str, api.GameI18n],
                                                    base: SourceText, tmp_path: Path) -> None:
    sources = source(base, "Gain [coin]: <b>2</b> coins.<br/>Done")
    body = unit12('Gain <x id="1" equiv-text="[coin]"/>: <bpt id="2">&lt;b&gt;</bpt>2'
                  '<ept id="2">&lt;/b&gt;</ept> coins.<ph id="3">&lt;br/&gt;</ph>Done',
                  'Zyskaj <x id="1"/>: <g id="2">2</g> <mrk mtype="x-term">monety</mrk>.'
                  '<ph id="3"/>Gotowe')
    plan = plan_text(tmp_path, x12(body), sources, loaded=loaded)
    assert errors(plan) == []
    assert plan.updates[REF].text == "Zyskaj [coin]: <b>2</b> monety.<br/>Gotowe"
    assert plan.updates[REF].src == sources[CTX].fingerprint
    # a code the source does not have must bring its text; an <x/> without it is an error
    for extra, what in (('<ph id="9">&lt;i&gt;</ph>', None), ('<ph id="9"/>', "ph"),
                        ('<x id="9"/>', "x"), ('<x id="9" equiv-text="[rail]"/>', None),
                        ('<g id="9">x</g>', "g")):
        plan = plan_text(tmp_path, x12(body.replace("Gotowe", "Gotowe" + extra)), sources,
                         loaded=loaded)
        if what is None:
            assert errors(plan) == [] and plan.updates[REF].text.endswith(
                "Gotowe" + ("<i>" if "ph" in extra else "[rail]"))
        else:
            col = x12(body).splitlines()[4].index("Gotowe") + 7
            message = f"inline code <{what} id='9'> is not in the source and has no original data"
            assert errors(plan) == [(5, col, message)]


@pytest.mark.parametrize("text, line, col, what", [
    ("<html><body><p>Dobierz kartę</p></body></html>", 1, 1, "root element is <html>"),
    ("\n\n  <html><body><br/></body></html>", 3, 3, "root element is <html>"),
    ('<xliff xmlns="urn:oasis:names:tc:xliff:document:1.1" version="1.1"/>', 1, 1,
     "XLIFF 2.0 or 1.2"),
    ('<xliff version="2.0" trgLang="pl"><file id="x"/></xliff>', 1, 1, "(no namespace)"),
    ("<html><body><p>Dobierz kartę<br></p></body></html>", 1, 37, "malformed XLIFF"),
    ("", 1, 1, "malformed XLIFF"),
])
def test_anything_but_xliff_2_0_or_1_2_is_a_located_error(
        loaded: dict[str, api.GameI18n], base: SourceText, tmp_path: Path, text: str,
        line: int, col: int, what: str) -> None:
    plan = plan_text(tmp_path, text, source(base, "Normal Train"), loaded=loaded)
    (found,) = errors(plan)
    assert found[:2] == (line, col) and what in found[2] and not plan.updates


@pytest.mark.parametrize("version, state, outcome", [
    ("2.0", None, "translated"), ("2.0", "translated", "translated"),
    ("2.0", "reviewed", "translated"), ("2.0", "final", "translated"),
    ("2.0", "initial", "fuzzy"),
    ("1.2", None, "translated"), ("1.2", "translated", "translated"),
    ("1.2", "signed-off", "translated"), ("1.2", "final", "translated"),
    ("1.2", "x-checked", "translated"), ("1.2", "new", "empty"),
    ("1.2", "needs-translation", "empty"), ("1.2", "needs-review-translation", "fuzzy"),
    ("1.2", "needs-adaptation", "fuzzy"), ("1.2", "needs-l10n", "fuzzy"),
])
def test_target_states(loaded: dict[str, api.GameI18n], base: SourceText, tmp_path: Path,
                       version: str, state: str | None, outcome: str) -> None:
    sources = source(base, "Normal Train")
    make, wrap = (unit20, x20) if version == "2.0" else (unit12, x12)
    plan = plan_text(tmp_path, wrap(make("Normal Train", "Pociąg osobowy", state)), sources,
                     loaded=loaded)
    got = ("translated" if plan.updates else "fuzzy" if plan.skipped_fuzzy else
           "empty" if plan.empty else "?")
    assert (got, plan.errors) == (outcome, [])
    if outcome == "translated":
        assert plan.updates[REF].text == "Pociąg osobowy"


@pytest.mark.parametrize("version", ["2.0", "1.2"])
def test_copies_and_empty_targets_are_untranslated(loaded: dict[str, api.GameI18n],
                                                   base: SourceText, tmp_path: Path,
                                                   version: str) -> None:
    sources = source(base, "Normal Train")
    make, wrap = (unit20, x20) if version == "2.0" else (unit12, x12)
    for target, state in (("", None), (None, None), ("Normal Train", "initial"),
                          ("Normal Train", None)):
        if version == "1.2" and state == "initial":
            state = "new"
        plan = plan_text(tmp_path, wrap(make("Normal Train", target, state)), sources,
                         loaded=loaded)
        assert (plan.updates, plan.empty, plan.skipped_fuzzy, plan.errors) == ({}, 1, 0, [])


@pytest.mark.parametrize("version", ["2.0", "1.2"])
def test_an_unknown_state_is_an_error_at_its_attribute(loaded: dict[str, api.GameI18n],
                                                       base: SourceText, tmp_path: Path,
                                                       version: str) -> None:
    make, wrap = (unit20, x20) if version == "2.0" else (unit12, x12)
    text = wrap(make("Normal Train", "Pociąg", "done"))
    line = 4 if version == "2.0" else 5
    col = text.splitlines()[line - 1].index('state="done"') + 1
    plan = plan_text(tmp_path, text, source(base, "Normal Train"), loaded=loaded)
    assert [e[:2] for e in errors(plan)] == [(line, col)] and "'done'" in errors(plan)[0][2]


def test_unit_errors_carry_the_line_and_column_of_their_element(
        loaded: dict[str, api.GameI18n], base: SourceText, tmp_path: Path) -> None:
    sources = source(base, "Normal Train")
    ok = unit20("Normal Train", "Pociąg osobowy")
    body = ("  " + ok + "  " + unit20("x", "y", uid="cards/nope/name") + "\n"
            + '  <unit\n      id="cards/normal-train/name#one">\n'
            '<segment><source>Normal Train</source></segment></unit>\n'
            + "    " + unit20("Normal Train", "Pociąg osobowy").replace("Pociąg", "P"))
    plan = plan_text(tmp_path, x20(body), sources, loaded=loaded)
    first = 2 + len(ok) + 2 + len('<unit ') + 1
    assert errors(plan) == [
        (4, first, "unknown unit id 'cards/nope/name'"),
        (6, 7, "cards/normal-train/name: the English has no plural forms"),
        (8, 11, "duplicate unit id 'cards/normal-train/name' (first at line 4)")]


def test_a_minified_file_locates_each_unit(loaded: dict[str, api.GameI18n], base: SourceText,
                                           tmp_path: Path) -> None:
    units = "".join(unit12("a", "b", uid=f"cards/no-{i}/name") for i in range(3))
    text = x12(units).replace("\n", "")
    plan = plan_text(tmp_path, text, source(base, "Normal Train"), loaded=loaded)
    cols = [text.index(f'id="cards/no-{i}/name"') + 1 for i in range(3)]
    assert [e[:2] for e in errors(plan)] == [(1, c) for c in cols]


@pytest.mark.parametrize("version", ["2.0", "1.2"])
def test_a_file_for_another_language_is_refused_at_its_label(
        loaded: dict[str, api.GameI18n], base: SourceText, tmp_path: Path, version: str) -> None:
    make, wrap = (unit20, x20) if version == "2.0" else (unit12, x12)
    text = wrap(make("Normal Train", "Κανονικό τρένο"), trg="el")
    attr = "trgLang" if version == "2.0" else "target-language"
    line = 2 if version == "2.0" else 3
    plan = plan_text(tmp_path, text, source(base, "Normal Train"), loaded=loaded)
    col = text.splitlines()[line - 1].index(attr) + 1
    assert errors(plan) == [(line, col, f"XLIFF {attr} is 'el', not 'pl'")]
    assert plan_text(tmp_path, wrap(make("Normal Train", "Pociąg"), trg="pl-PL"),
                     source(base, "Normal Train"), loaded=loaded).errors == []


@pytest.mark.parametrize("target, what", [
    ("a <b>x</b>", "unknown inline element <b>"),
    ('a <h:b xmlns:h="http://www.w3.org/1999/xhtml">x</h:b>', "unknown inline element <h:b>"),
    ('a <ph id="9"/>', "inline code <ph id='9'> is not in the source and has no original data"),
    ('a <pc id="9">x</pc>', ("inline code <pc id='9'> is not in the source and has no "
                            "original data")),
    ('a <ph id="9" dataRef="zz"/>', "dataRef='zz' is not in the unit's <originalData>"),
    ('a <ph/>', "<ph> has no id"),
    ('a <cp hex="D800"/>', "<cp hex='D800'> is not a character"),
    ('a <cp hex="zz"/>', "<cp hex='zz'> is not a character"),
])
def test_unknown_inline_content_is_an_error_never_dropped(
        loaded: dict[str, api.GameI18n], base: SourceText, tmp_path: Path, target: str,
        what: str) -> None:
    text = x20("   " + unit20("a", target))
    line = text.splitlines()[3]
    col = (line.index("dataRef") if what.startswith("dataRef") else line.index("hex") if
           what.startswith("<cp") else
           line.index("<" + target.split("<")[1].split()[0].rstrip(">/"))) + 1
    plan = plan_text(tmp_path, text, source(base, "a"), loaded=loaded)
    assert errors(plan) == [(4, col, what)] and not plan.updates


def test_third_party_codes_comments_and_markers(loaded: dict[str, api.GameI18n],
                                                base: SourceText, tmp_path: Path) -> None:
    sources = source(base, "Gain [coin] now")
    body = unit20('Gain <ph id="c" equiv="[coin]" disp="coin"/> now',
                  'Zyskaj <!-- a comment --><mrk id="m" translate="yes">'
                  '<ph id="c"/></mrk><sm id="s"/> teraz<em startRef="s"/><?pi x?>')
    plan = plan_text(tmp_path, x20(body), sources, loaded=loaded)
    assert errors(plan) == [] and plan.updates[REF].text == "Zyskaj [coin] teraz"
    # a tool that turns a <pc> into <sc>/<ec> spanning two segments
    sources = source(base, "Draw <b>a card. Gain</b> 2 coins.")
    body = ('<unit id="cards/normal-train/name"><originalData><data id="a">&lt;b&gt;</data>'
            '<data id="b">&lt;/b&gt;</data></originalData><segment><source>Draw '
            '<sc id="1" dataRef="a"/>a card.</source><target><sc id="1"/>Dobierz kartę.</target>'
            '</segment><ignorable><source> </source></ignorable><segment><source>Gain'
            '<ec startRef="1" dataRef="b"/> 2 coins.</source><target>Zyskaj<ec startRef="1"/> '
            '2 monety.</target></segment></unit>')
    plan = plan_text(tmp_path, x20(body), sources, loaded=loaded)
    assert errors(plan) == []
    assert plan.updates[REF].text == "<b>Dobierz kartę. Zyskaj</b> 2 monety."
    assert plan.updates[REF].src == sources[CTX].fingerprint


def test_too_many_errors_stop_the_reading(loaded: dict[str, api.GameI18n], base: SourceText,
                                          tmp_path: Path) -> None:
    units = "\n".join(unit20("a", "b", uid=f"cards/no-{i}/name") for i in range(MAX_ERRORS + 10))
    plan = plan_text(tmp_path, x20(units), source(base, "a"), loaded=loaded)
    assert len(plan.errors) == MAX_ERRORS + 1
    assert plan.errors[-1].message.startswith("too many errors")
    assert plan.errors[-1].line == 4 + MAX_ERRORS


# ---------------------------------------------------------------------------- hostile input --

LAUGHS = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
          + "".join(f' <!ENTITY lol{i} "{("&lol" + str(i - 1) + ";") * 10}">\n'
                    for i in range(1, 10)).replace("&lol0;", "&lol;")
          + f']>\n<xliff xmlns="{NS20}" version="2.0"><file id="t">&lol9;</file></xliff>\n')
XXE = (f'<?xml version="1.0"?>\n<!-- hi -->\n  <!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
       f'\n<xliff xmlns="{NS20}" version="2.0" trgLang="pl"><file id="t"><unit id="{CTX}">'
       f'<segment><source>Normal Train</source><target>&xxe;</target></segment></unit></file>'
       f'</xliff>\n')
NESTED = x20(unit20("a", "<mrk id='m'>" * 100_000 + "x" + "</mrk>" * 100_000))


@pytest.mark.parametrize("raw, line, col, what", [
    (LAUGHS.encode(), 2, 1, "<!DOCTYPE>"),
    (XXE.encode(), 3, 3, "<!DOCTYPE>"),
    (NESTED.encode(), 4, None, "malformed XLIFF: elements nested more than 256 deep"),
    (x20(unit20("a", "Dobierz kart\xe9")).encode("latin-1"), 4, 83, "not UTF-8 (byte 0xe9)"),
    (x20(unit20("a", "b")).replace("UTF-8", "ISO-8859-1").encode(), 1, 31, "'ISO-8859-1'"),
    (x20(unit20("a", "b")).encode("utf-16"), 1, 1, "UTF-16"),
    (b"\x00\x01\x02garbage\xc3\xa9", 1, None, "malformed XLIFF"),
    (b"msgid \"\"\nmsgstr \"\"\n", 1, 1, "malformed XLIFF"),
])
def test_hostile_files_are_located_errors(loaded: dict[str, api.GameI18n], base: SourceText,
                                          tmp_path: Path, raw: bytes, line: int,
                                          col: int | None, what: str) -> None:
    plan = plan_text(tmp_path, raw, source(base, "a"), loaded=loaded)
    (found,) = errors(plan)
    assert found[0] == line and (col is None or found[1] == col) and what in found[2], found
    assert "root:" not in found[2] and not plan.updates


def test_a_huge_file_is_refused_before_it_is_read(loaded: dict[str, api.GameI18n],
                                                  base: SourceText, tmp_path: Path) -> None:
    path = tmp_path / "huge.xlf"
    with path.open("wb") as out:
        out.write(x20("").encode())
        out.truncate(MAX_EXCHANGE_BYTES + 1)  # sparse: nothing is really written
    plan = plan_xliff(path, loaded["trains"].locales["pl"], source(base, "a"),
                      LocaleOverlay("pl"))
    assert errors(plan) == [(1, 1, "exchange file larger than 32 MiB")]


@pytest.mark.parametrize("where", ["target", "source"])
def test_a_text_over_the_field_limit_is_refused_at_its_element(
        loaded: dict[str, api.GameI18n], base: SourceText, tmp_path: Path, where: str) -> None:
    long = "ą" * (MAX_FIELD_CHARS + 1)
    body = ('<unit id="cards/normal-train/name">\n<segment>\n'
            f'<source>{long if where == "source" else "a"}</source>\n'
            f' <target>{long if where == "target" else "b"}</target></segment></unit>')
    plan = plan_text(tmp_path, x20(body), source(base, "a"), loaded=loaded)
    at = (7, 2) if where == "target" else (4, 1)
    message = f"{CTX}: a text of {MAX_FIELD_CHARS + 1:,} characters (at most {MAX_FIELD_CHARS:,})"
    assert errors(plan) == [(*at, message)]
    ok = body.replace(long, "ą" * MAX_FIELD_CHARS)
    assert plan_text(tmp_path, x20(ok), source(base, "a"), loaded=loaded).errors == []


@pytest.mark.parametrize("raw", [LAUGHS, NESTED, "<html><body>Hi</body></html>"])
def test_cli_reports_hostile_files_without_a_traceback(shipped: Path, tmp_path: Path,
                                                       raw: str) -> None:
    path = tmp_path / "bad.xlf"
    path.write_text(raw, "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "trains", str(path), "--locale", "pl", "--content",
                 str(shipped), "--schemas", str(SCHEMAS))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "bad.xlf:" in result.stderr and " error I18N020 " in result.stderr
    assert "bad.xlf:1:1:" not in result.stderr or raw.startswith("<html>")
    assert digests(shipped) == before


# ------------------------------------------------------------------------- CLI and formats --

def test_cli_imports_an_edited_xliff_1_2(shipped: Path, tmp_path: Path,
                                         loaded: dict[str, api.GameI18n]) -> None:
    data = loaded["trains"]
    text = export_xliff("trains", data.locales["pl"], data.sources(), data.overlay("pl"), "1.2")
    old = '<target state="translated">Pociąg osobowy</target>'
    assert text.count(old) == 1
    path = tmp_path / "trains-pl.xliff"
    path.write_text(text.replace(old, "<target>Zwykły pociąg osobowy</target>"), "utf-8")
    before = digests(shipped)
    result = run("i18n", "import", "trains", str(path), "--content", str(shipped), "--schemas",
                 str(SCHEMAS))
    assert result.exit_code == 0, result.output
    assert "pl: 1 field(s) changed" in result.stderr
    after = digests(shipped)
    assert [k for k in after if after[k] != before.get(k)] == ["trains/i18n/pl/cards.yaml"] or \
        "trains/i18n/pl/cards.yaml" in [k for k in after if after[k] != before.get(k)]
    tr = api.load("trains", shipped).overlay("pl").get(*REF)
    assert tr is not None and tr.translation.text == "Zwykły pociąg osobowy"


@pytest.mark.parametrize("name, content, message", [
    ("file.po", '<?xml version="1.0"?>\n<xliff/>', "is named .po but contains XML"),
    ("file.xlf", 'msgid ""\nmsgstr ""\n', "is named .xlf but looks like a PO file"),
])
def test_a_name_that_lies_about_the_format_is_refused(shipped: Path, tmp_path: Path, name: str,
                                                      content: str, message: str) -> None:
    path = tmp_path / name
    path.write_text(content, "utf-8")
    result = run("i18n", "import", "trains", str(path), "--locale", "pl", "--content",
                 str(shipped), "--schemas", str(SCHEMAS))
    assert result.exit_code == 2 and message in result.stderr
    assert "Traceback" not in result.output


def test_other_names_go_by_the_content(tmp_path: Path) -> None:
    from cardkit.i18n.xliff import exchange_format

    cases = {"a.txt": "\ufeff\n <?xml version='1.0'?><xliff/>", "b.txt": 'msgid ""\n',
             "c.XLF": "<xliff/>", "d": "# translator comment\n", "e.xliff": ""}
    for name, text in cases.items():
        (tmp_path / name).write_text(text, "utf-8")
    assert {n: exchange_format(tmp_path / n) for n in cases} == {
        "a.txt": "xliff", "b.txt": "po", "c.XLF": "xliff", "d": "po", "e.xliff": "xliff"}


def test_export_formats() -> None:
    assert api.EXPORT_FORMATS == ("po", "xliff", "xliff12")
    result = run("i18n", "export", "--help")
    assert "xliff12" in result.stdout and "XLIFF 1.2" in result.stdout
    assert run("i18n", "export", "trains", "--locale", "pl", "--format", "xliff13", "-o",
               "x.xlf").exit_code == 2


# ------------------------------------------------------------------------------ performance --

def test_twenty_thousand_units_plan_linearly(loaded: dict[str, api.GameI18n], base: SourceText,
                                             tmp_path: Path) -> None:
    sources = [replace(base, object_id=f"card-{i}", text=f"Gain {i} [coin]")
               for i in range(20_000)]
    full = LocaleOverlay("pl")
    full.entries = {"cards": {s.object_id: {s.key: Entry(Translation(
        text=f"Zyskaj {i} [coin]", src=s.fingerprint), "x.yaml", ())}
        for i, s in enumerate(sources)}}
    text = export_xliff("trains", loaded["trains"].locales["pl"], sources, full)
    plan = plan_text(tmp_path, text, {s.context: s for s in sources}, loaded=loaded)
    assert errors(plan) == [] and len(plan.updates) == 20_000
    assert plan.updates[("cards", "card-19999", "name")].text == "Zyskaj 19999 [coin]"
