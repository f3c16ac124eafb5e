"""Games declared as data (``game.yaml``): the shipped example (examples/content/lantern-road)
checks clean, prints, exports and is on the site with no Python in its folder; each GAM check
has a failing edit of the example (and the example itself as the passing case); schema errors
of the built models are located; hostile declarations give located errors, never a
traceback; the example's schemas work in an editor (modelines lead to fresh draft-07 schemas
that validate the files with jsonschema alone); ``cardkit init --declare`` starts a game that
checks and prints."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
from ruamel.yaml import YAML

from cardkit.core.registry import get_game, use_content

from . import pdf_readback as rb
from .conftest import ROOT, check_dir, positions, run

EXAMPLES = ROOT / "examples" / "content"
SCHEMAS = ROOT / "examples" / "schemas"
GAME = "lantern-road"
SAFE = YAML(typ="safe", pure=True)


@pytest.fixture
def example(tmp_path: Path):  # type: ignore[no-untyped-def]
    """``make(edits)``: a copy of the example (content and schemas side by side) with exact,
    unique replacements ``{file: [(old, new), ...]}`` applied; returns the content folder."""
    def make(edits: dict[str, list[tuple[str, str]]] | None = None) -> Path:
        root = tmp_path / "ex"
        if root.exists():
            shutil.rmtree(root)
        shutil.copytree(EXAMPLES, root / "content")
        shutil.copytree(SCHEMAS, root / "schemas")
        for rel, pairs in (edits or {}).items():
            path = root / "content" / GAME / rel
            text = path.read_text("utf-8")
            for old, new in pairs:
                assert text.count(old) == 1, (rel, old)
                text = text.replace(old, new)
            path.write_text(text, "utf-8")
        return root / "content"
    return make


def codes_at(report, code: str, content: Path) -> list[str]:  # type: ignore[no-untyped-def]
    return positions(report, code, content / GAME)


# -- the example ------------------------------------------------------------------------------

def test_the_example_checks_clean_and_is_data_only() -> None:
    report = check_dir(EXAMPLES, GAME)
    assert report.diagnostics == [], [str(d) for d in report.diagnostics]
    folder = EXAMPLES / GAME
    assert not [p for p in folder.rglob("*") if p.suffix in (".py", ".pyc", ".so")]
    spec = get_game(GAME)
    assert spec.title == "Lantern Road"
    declared = [k.name for k in spec.kinds if k.name not in ("game", "strings")]
    assert declared == ["guilds", "cards"]
    guild_field = spec.kind("cards").model.model_fields["cards"].annotation.__args__[0] \
        .model_fields["guild"]
    assert guild_field.is_required()
    decks = rb.game_decks(GAME, "en", content_dir=EXAMPLES)
    assert sorted(len(d.cards) for d in decks) == [6, 24]  # 30 different cards, two kinds


def test_the_example_is_translated_in_full() -> None:
    done = run("i18n", "status", GAME, "--content", str(EXAMPLES), "--format", "json")
    assert done.exit_code == 0, done.output
    rows = json.loads(done.output)
    rows = rows.get("games", rows) if isinstance(rows, dict) else rows
    text = json.dumps(rows)
    assert '"el"' in text and '"pl"' in text
    assert re.findall(r'"percent": ([0-9.]+)', text) and \
        all(float(p) == 100.0 for p in re.findall(r'"percent": ([0-9.]+)', text))
    done = run("i18n", "check", GAME, "--content", str(EXAMPLES))
    assert done.exit_code == 0 and "0 errors, 0 warnings" in done.output, done.output


# -- each check: a failing edit (the clean example above is the passing case) -----------------

CASES = {
    "GAM001": ("cards/base.yaml", [("- id: night-vigil", "- id: trim-the-wick")],
               "cards/base.yaml:14:9"),
    "GAM002": ("cards/base.yaml", [("    guild: wick-keepers\n    cost: 3",
                                    "    guild: wick-keeper\n    cost: 3")],
               "cards/base.yaml:16:12"),
    "GAM003": ("cards/base.yaml", [("Gain 2 [lantern]. You cannot", "Gain 2 [lanterns]. You cannot")],
               "cards/base.yaml:20:11"),
    "GAM004": ("game.yaml", [("{id: cards, name: Cards, kind: cards,",
                              "{id: cards, name: Cards, kind: card,")], "game.yaml"),
    "GAM005": ("game.yaml", [("        x: 4\n        y: 76\n        w: 55.5",
                              "        x: 4\n        y: 76\n        w: 65.5")], "game.yaml"),
    "GAM006": ("game.yaml", [("        x: 4\n        y: 76\n        w: 55.5\n        h: 9\n"
                              "        size: 11\n        min_size: 7",
                              "        x: 4\n        y: 76\n        w: 15.5\n        h: 9\n"
                              "        size: 11\n        min_size: 10")], "cards/base.yaml"),
    "GAM007": ("cards/base.yaml", [("text: Gain 3 [lantern] and draw a card.",
                                    "text: Gain {n} [lantern] and draw a card.")],
               "cards/base.yaml:33:11"),
}


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_check_reports_its_failing_edit(example, code: str) -> None:  # type: ignore[no-untyped-def]
    rel, edits, where = CASES[code]
    content = example({rel: edits})
    report = check_dir(content, GAME)
    found = codes_at(report, code, content)
    assert found, [str(d) for d in report.diagnostics]
    assert any(f.startswith(where) for f in found), found
    others = {d.code for d in report.diagnostics} - {code, "GAM006" if code == "GAM005" else ""}
    assert not {c for c in others if c.startswith("GAM")}, [str(d) for d in report.diagnostics]


def test_the_reference_error_names_the_place_and_a_suggestion(example) -> None:  # type: ignore[no-untyped-def]
    content = example({"cards/base.yaml": [("    guild: wick-keepers\n    cost: 3",
                                            "    guild: wick-keeper\n    cost: 3")]})
    done = run("check", GAME, "--content", str(content), "--no-cache")
    assert done.exit_code == 1
    line = next(ln for ln in done.output.splitlines() if "GAM002" in ln)
    assert re.match(r".*lantern-road/cards/base\.yaml:16:12: error GAM002 guild 'wick-keeper': "
                    r"no guilds object has this id \(did you mean 'wick-keepers'\?\)", line), line


@pytest.mark.parametrize(("old", "new", "code", "words"), [
    ("    cost: 3\n    tags: [shrine, gate]", "    cost: 12\n    tags: [shrine, gate]", "SCH",
     "12"),
    ("    tags: [shrine, gate]", "    tags: [shrine, tower]", "SCH", "tower"),
    ("    tags: [shrine, gate]", "    tags: [shrine, gate]\n    colour: red", "SCH", "colour"),
], ids=["range", "enum", "unknown-field"])
def test_schema_errors_of_the_built_models_are_located(example, old: str, new: str, code: str,  # type: ignore[no-untyped-def]
                                                       words: str) -> None:
    content = example({"cards/base.yaml": [(old, new)]})
    report = check_dir(content, GAME)
    bad = [d for d in report.diagnostics if d.code.startswith(code)]
    assert bad and all(d.file.endswith("cards/base.yaml") and d.line in (17, 18, 19)
                       for d in bad), [str(d) for d in report.diagnostics]
    assert words in bad[0].message
    assert "pydantic" not in bad[0].message and "Literal" not in bad[0].message


def test_a_translation_that_does_not_fit_its_box_is_located_at_its_overlay(example) -> None:  # type: ignore[no-untyped-def]
    """A name box narrow enough for the English "Trim the Wick" but not for the Greek
    «Ψαλίδισμα φυτιλιού»: I18N018 at the Greek entry, no GAM006 for that English name."""
    content = example({"game.yaml": [("        x: 4\n        y: 76\n        w: 55.5\n        h: 9\n"
                                      "        size: 11\n        min_size: 7",
                                      "        x: 4\n        y: 76\n        w: 32\n        h: 9\n"
                                      "        size: 11\n        min_size: 10")]})
    report = check_dir(content, GAME)
    greek = [d for d in report.diagnostics if d.code == "I18N018" and d.object_id ==
             "trim-the-wick" and d.file.endswith("i18n/el/cards.yaml")]
    assert greek and "Ψαλίδισμα" in greek[0].message, [str(d) for d in report.diagnostics]
    assert not [d for d in report.diagnostics if d.code == "GAM006" and
                d.object_id == "trim-the-wick"]


def test_a_translation_that_drops_an_icon_is_an_error(example) -> None:  # type: ignore[no-untyped-def]
    content = example({"i18n/el/cards.yaml": [(
        "Πάρτε 1 [lantern]. Αν έχετε 3 ή περισσότερα [lantern], πάρτε επίσης 1 [coin].",
        "Πάρτε 1 [lantern]. Αν έχετε 3 ή περισσότερα [lantern], πάρτε επίσης 1 νόμισμα.")]})
    done = run("i18n", "check", GAME, "--content", str(content))
    assert done.exit_code == 1 and "I18N004" in done.output, done.output


# -- hostile declarations ------------------------------------------------------------------------

HOSTILE = {
    "not YAML": "id: lantern-road\nkinds: [ {id: x\n",
    "not a mapping": "- just\n- a list\n",
    "reserved field names": None,  # built below
    "a ref to no kind": None,
    "a default of the wrong type": None,
    "a kind every game has": None,
    "the folder's name differs": None,
    "items named like a pydantic method": None,
    "a colour chosen through a list": None,
}


def _hostile(name: str) -> str:
    base = (EXAMPLES / GAME / "game.yaml").read_text("utf-8")
    if HOSTILE[name] is not None:
        return HOSTILE[name]  # type: ignore[return-value]
    swaps = {
        "reserved field names": ("      - {id: cost, type: int, min: 0, max: 9}",
                                 "      - {id: model_config, type: int, min: 0, max: 9}\n"
                                 "      - {id: json, type: text, max_chars: 9, required: false}\n"
                                 "      - {id: cost, type: int, min: 0, max: 9}"),
        "a ref to no kind": ("{id: guild, type: ref, kind: guilds}",
                             "{id: guild, type: ref, kind: guildz}"),
        "a default of the wrong type": ("{id: copies, type: int, min: 1, max: 3, default: 1}",
                                        "{id: copies, type: int, min: 1, max: 3, default: 'x'}"),
        "a kind every game has": ("  - id: guilds\n    file: guilds.yaml",
                                  "  - id: strings\n    file: extra.yaml\n    items: strings\n"
                                  "    fields: [{id: text, type: text, max_chars: 9}]\n"
                                  "  - id: guilds\n    file: guilds.yaml"),
        "the folder's name differs": ("id: lantern-road\n", "id: lantern-street\n"),
        "items named like a pydantic method": ("    items: guilds\n", "    items: schema\n"),
        "a colour chosen through a list": ("{id: guild, type: ref, kind: guilds}",
                                           "{id: guild, type: list, of: ref, kind: guilds}"),
    }
    old, new = swaps[name]
    assert base.count(old) == 1, name
    return base.replace(old, new)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_declaration_is_a_located_error(example, name: str) -> None:  # type: ignore[no-untyped-def]
    content = example()
    (content / GAME / "game.yaml").write_text(_hostile(name), "utf-8")
    done = run("check", GAME, "--content", str(content), "--no-cache")
    assert done.exit_code == 1, done.output
    assert "internal error" not in done.output and "Traceback" not in done.output
    errors = [ln for ln in done.output.splitlines() if ": error " in ln]
    assert errors, done.output
    assert any(re.search(r"game\.yaml:\d+:\d+: error ", ln) for ln in errors), errors


def test_a_declaration_that_is_a_device_or_a_huge_file_is_refused(example) -> None:  # type: ignore[no-untyped-def]
    content = example()
    decl = content / GAME / "game.yaml"
    decl.unlink()
    decl.symlink_to("/dev/zero")
    done = run("check", GAME, "--content", str(content), "--no-cache")
    assert done.exit_code == 1 and "game.yaml:1:1: error YML" in done.output, done.output
    decl.unlink()
    decl.write_bytes(b"# " + b"x" * (5 * 1024 * 1024) + b"\n")
    done = run("check", GAME, "--content", str(content), "--no-cache")
    assert done.exit_code == 1 and "game.yaml:1:1: error YML" in done.output, done.output


def test_a_declared_game_cannot_take_a_built_in_id(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(EXAMPLES, content)
    (content / GAME).rename(content / "terra")
    done = run("games", "--content", str(content))
    assert "left out: declared game 'terra'" in done.output
    assert get_game("terra").__class__.__module__ == "cardkit.core.spec"
    assert get_game("terra").kinds[0].name != "game"  # the built-in Terra, not the declaration


def test_an_edited_declaration_takes_effect_on_the_next_command(example) -> None:  # type: ignore[no-untyped-def]
    content = example()
    use_content(content)
    before = get_game(GAME)
    decl = content / GAME / "game.yaml"
    decl.write_text(decl.read_text("utf-8").replace("title: Lantern Road", "title: Lamp Road"),
                    "utf-8")
    assert get_game(GAME).title == "Lamp Road" and before.title == "Lantern Road"


# -- the editor: modelines lead to fresh schemas that validate the files ---------------------

def test_the_examples_schemas_are_fresh_and_validate_every_file() -> None:
    from cardkit.checking.schemas import write_schemas

    use_content(EXAMPLES)
    result = write_schemas(SCHEMAS, check_only=True, content_roots=(EXAMPLES,), games=(GAME,))
    assert result.stale == [], "run `cardkit schema lantern-road --content examples/content " \
                               "-o examples/schemas`"
    files = sorted(EXAMPLES.rglob("*.yaml"))
    assert len(files) >= 14
    for path in files:
        first = path.read_text("utf-8").split("\n", 1)[0]
        m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
        assert m, (path, first)
        schema_path = (path.parent / m.group(1)).resolve()
        assert schema_path.is_file() and schema_path.is_relative_to(SCHEMAS.resolve()), path
        schema = json.loads(schema_path.read_text("utf-8"))
        assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
        jsonschema.Draft7Validator(schema).validate(SAFE.load(path.read_text("utf-8")))
    cards = json.loads((SCHEMAS / GAME / "cards.schema.json").read_text("utf-8"))
    bad = SAFE.load((EXAMPLES / GAME / "cards" / "base.yaml").read_text("utf-8"))
    bad["cards"][0]["cost"] = 12
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft7Validator(cards).validate(bad)


# -- printing, exporting, the site -----------------------------------------------------------

@pytest.mark.parametrize("locale", ["en", "el", "pl"])
def test_every_card_prints_its_name_in_its_locale_without_overlaps(locale: str) -> None:
    decks = rb.game_decks(GAME, locale, content_dir=EXAMPLES)
    pages = [p for d in decks for p in rb.read_back(d, locale=locale)]
    assert [p for p in pages if p.card is not None]
    problems = [x for page in pages for x in rb.overlaps(page)]
    missing = [x for page in pages for x in rb.missing_words(page)]
    assert not problems and not missing, (problems[:5], missing[:5])
    if locale == "el":
        text = " ".join(p.text for p in pages)
        assert "Φύλακες" in text or "Φανάρ" in text  # Greek names, not the English
        assert "Wick Keepers" not in text


def test_pdf_and_export_of_the_example(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    done = run("pdf", GAME, "--content", str(EXAMPLES), "--deck", "cards", "--locale", "pl",
               "-o", str(out))
    assert done.exit_code == 0, done.output
    assert out.read_bytes().startswith(b"%PDF") and "33 cards" in done.output
    png = tmp_path / "png"
    done = run("export", GAME, "--content", str(EXAMPLES), "--dpi", "50", "-o", str(png))
    assert done.exit_code == 0, done.output
    fronts = sorted(png.rglob("*-front.png"))
    assert len(fronts) == 30


def test_the_site_lists_every_card_of_the_example_in_every_locale(tmp_path: Path) -> None:
    from cardkit.site import SiteJob, build_site

    out = tmp_path / "site"
    result = build_site(SiteJob(EXAMPLES, out, (GAME,), ("en", "el", "pl"),
                                cache_dir=tmp_path / "cache", dpi=50))
    for locale in ("en", "el", "pl"):
        html = (out / GAME / locale / "index.html").read_text("utf-8")
        shown = re.findall(r'<li class="card" data-id="([^"]+)"', html)
        assert len(shown) == len(set(shown)) == 30, locale
        # the reference guild is a filter, its options named in the gallery's locale
        guild = re.search(r'<select name="guild" id="filter-guild">(.*?)</select>', html)
        assert guild, locale
        options = dict(re.findall(r'<option value="([a-z-]+)">([^<]+)</option>', guild.group(1)))
        assert len(options) == 6
        expected = {"en": "Wick Keepers", "el": "Φύλακες του Φυτιλιού", "pl": None}[locale]
        assert expected is None or options["wick-keepers"] == expected
        assert html.count('data-guild="wick-keepers"') == 4
    assert result.pages > 90


# -- cardkit init --declare ------------------------------------------------------------------

def test_init_declare_starts_a_game_that_checks_and_prints(tmp_path: Path) -> None:
    dest = tmp_path / "mine" / "content"
    done = run("init", str(dest), "--declare", "my-game")
    assert done.exit_code == 0, done.output
    assert (dest / ".schemas" / "my-game" / "cards.schema.json").is_file()  # inside: movable
    assert not (tmp_path / "mine" / "schemas").exists()
    done = run("check", "--content", str(dest), "--no-cache")
    assert done.exit_code == 0 and "0 errors, 0 warnings" in done.output, done.output
    out = tmp_path / "my.pdf"
    done = run("pdf", "my-game", "--content", str(dest), "-o", str(out))
    assert done.exit_code == 0 and out.is_file(), done.output
    done = run("games", "--content", str(dest))
    assert re.search(r"\* my-game +declared", done.output), done.output


@pytest.mark.parametrize(("name", "words"), [("Bad Name", "lower-case"),
                                             ("trains", "built-in or plug-in")])
def test_init_declare_refuses_a_bad_or_taken_id(tmp_path: Path, name: str, words: str) -> None:
    done = run("init", str(tmp_path / "c"), "--declare", name)
    assert done.exit_code == 2 and words in done.output, done.output
    assert not (tmp_path / "c").exists()


def test_codes_documents_the_declared_checks() -> None:
    done = run("codes", "GAM001", "GAM006")
    assert done.exit_code == 0 and "GAM001" in done.output and "GAM006" in done.output
    done = run("codes", GAME, "--content", str(EXAMPLES))
    assert done.exit_code == 0 and "GAM002" in done.output and "TER001" not in done.output
    assert os.path.isfile(ROOT / "docs" / "declared-games.md")


def test_show_resolves_references_and_list_shows_the_label() -> None:
    done = run("show", GAME, "night-vigil", "--content", str(EXAMPLES), "--format", "json")
    assert done.exit_code == 0, done.output
    shown = json.loads(done.output)
    assert shown["guild"] == {"id": "wick-keepers", "kind": "guilds", "name": "Wick Keepers"}
    assert shown["cost"] == 3 and shown["kind"] == "cards"
    done = run("list", GAME, "cards", "--content", str(EXAMPLES))
    assert done.exit_code == 0 and "night-vigil" in done.output and "Night Vigil" in done.output


# -- an outside review's findings: each a failing declaration and the example as the pass ------

REVIEW = {  # name: (game.yaml edits, the pointer the GAM004 is at, words of its message)
    "a label that is a reference": (
        [("    items: cards\n    label: name", "    items: cards\n    label: guild")],
        "kinds.1.label", "is not a text, int or enum field"),
    "a label that leads back to its own kind": (
        [("    items: cards\n    label: name", "    items: cards\n    label: parent"),
         ("      - {id: guild, type: ref, kind: guilds}",
          "      - {id: guild, type: ref, kind: guilds}\n"
          "      - {id: parent, type: ref, kind: cards, required: false}")],
        "kinds.1.label", "is not a text, int or enum field"),
    "copies without a max": (
        [("{id: copies, type: int, min: 1, max: 3, default: 1}",
          "{id: copies, type: int, min: 1, default: 1}")],
        "decks.1.copies", "needs a min of 0 or more and a max of 100 or less"),
    "copies that may be negative": (
        [("{id: copies, type: int, min: 1, max: 3, default: 1}",
          "{id: copies, type: int, min: -2, max: 3, default: 1}")],
        "decks.1.copies", "needs a min of 0"),
    "a deck declared twice": (
        [("  - {id: guilds, name: Guilds, kind: guilds, size: poker, front: guild, back: back}",
          "  - {id: guilds, name: Guilds, kind: guilds, size: poker, front: guild, back: back}\n"
          "  - {id: guilds, name: Again, kind: guilds, size: poker, front: guild, back: back}")],
        "decks.1.id", "deck 'guilds' is declared twice"),
    "a token declared twice": (
        [('  - {token: step, colour: "#5d6d7e", letter: "S"}',
          '  - {token: step, colour: "#5d6d7e", letter: "S"}\n'
          '  - {token: step, colour: "#000000", letter: "T"}')],
        "tokens.3.token", "token 'step' is declared twice"),
    "a field named kind": (
        [("      - {id: cost, type: int, min: 0, max: 9}",
          "      - {id: cost, type: int, min: 0, max: 9}\n"
          "      - {id: kind, type: enum, values: [hero, villain], required: false}")],
        "kinds.1.fields.3.id", "is reserved"),
    "two kinds claiming one file": (
        [("    file: cards/*.yaml\n", "    file: guilds.yaml\n")],
        "kinds.1.file", "both claim 'guilds.yaml'"),
    "a pattern that needs a sub-folder": (
        [("    file: cards/*.yaml\n", "    file: '**/*.yaml'\n")],
        "kinds.1.file", "matches files in sub-folders only"),
    "a kind in cardkit's glossary folder": (
        [("    file: cards/*.yaml\n", "    file: glossary/*.yaml\n")],
        "kinds.1.file", "belongs to cardkit"),
    "an icon letter the font cannot print": (
        [('{token: coin, colour: "#d4a017", letter: "$"}',
          '{token: coin, colour: "#d4a017", letter: "\u6f22"}')],
        "tokens.0.letter", "has no glyph in the font"),
    "fewer items allowed than needed": (
        [("        max_items: 3\n", "        min_items: 4\n        max_items: 3\n")],
        "kinds.1.fields.3.min_items", "min_items 4 is above max_items 3"),
    "an enum value listed twice": (
        [("values: [crimson, amber, jade, azure, plum, slate]}",
          "values: [crimson, amber, jade, azure, plum, slate, jade]}")],
        "kinds.0.fields.1.values.6", "the value 'jade' is listed twice"),
    "a list-of-enum value listed twice": (
        [("values: [bridge, inn, shrine, market, gate]",
          "values: [bridge, inn, shrine, inn, market, gate]")],
        "kinds.1.fields.3.values.3", "the value 'inn' is listed twice"),
}


@pytest.mark.parametrize("name", sorted(REVIEW))
def test_a_declaration_an_outside_review_broke_is_a_located_gam004(example, name: str) -> None:  # type: ignore[no-untyped-def]
    edits, pointer, words = REVIEW[name]
    content = example({"game.yaml": edits})
    report = check_dir(content, GAME)
    found = [d for d in report.diagnostics if d.code == "GAM004"]
    assert any(".".join(map(str, d.pointer or ())) == pointer and words in d.message
               for d in found), [(d.pointer, d.message) for d in report.diagnostics]
    for command in (["pdf", GAME, "-o", str(content.parent / "x.pdf")],
                    ["export", GAME, "-o", str(content.parent / "png"), "--dpi", "50"]):
        done = run(*command, "--content", str(content))
        assert done.exit_code == 1 and "GAM004" in done.output, done.output
        assert "internal error" not in done.output and "Traceback" not in done.output


def test_a_box_declared_twice_is_reported(example) -> None:  # type: ignore[no-untyped-def]
    text = (EXAMPLES / GAME / "game.yaml").read_text("utf-8")
    start = text.index("  - id: card\n")
    first_box = text.index("      - id: name\n", start)
    content = example({"game.yaml": [(text[first_box:text.index("      - id:", first_box + 1)],
                                      text[first_box:text.index("      - id:", first_box + 1)]
                                      * 2)]})
    found = [d for d in check_dir(content, GAME).diagnostics if d.code == "GAM004"]
    assert any("box 'name' is declared twice" in d.message for d in found), found


def test_a_self_referencing_label_never_recurses(example) -> None:  # type: ignore[no-untyped-def]
    """Even before the GAM004 gate: the printer prints the id where a label leads back."""
    from cardkit.games.declared.render import DeclaredPrinter
    from cardkit.games.declared.checks import declaration

    content = example({"game.yaml": REVIEW["a label that leads back to its own kind"][0],
                       "cards/base.yaml": [("    guild: wick-keepers\n    cost: 1",
                                            "    guild: wick-keepers\n    parent: trim-the-wick\n"
                                            "    cost: 1")]})
    report = check_dir(content, GAME)
    assert any(d.code == "GAM004" for d in report.diagnostics)
    loaded = rb._loaded(GAME, content)
    printer = DeclaredPrinter(loaded.content, declaration(loaded.content)[0],
                              _english(loaded))
    rec = loaded.content.index("cards")["trim-the-wick"]
    assert printer._field_text(rec, "parent")[0] == "trim-the-wick"


def _english(loaded):  # type: ignore[no-untyped-def]
    from cardkit.i18n.lookup import Localizer

    return Localizer(loaded.content, loaded.locales["en"], None)


def test_copies_0_prints_no_copy(example) -> None:  # type: ignore[no-untyped-def]
    content = example({"game.yaml": [("{id: copies, type: int, min: 1, max: 3, default: 1}",
                                      "{id: copies, type: int, min: 0, max: 3, default: 1}")],
                       "cards/base.yaml": [("    copies: 2\n  - id: night-vigil",
                                            "    copies: 0\n  - id: night-vigil")]})
    assert not [d for d in check_dir(content, GAME).diagnostics if d.severity.value == "error"]
    decks = {d.id: d for d in rb.game_decks(GAME, "en", content_dir=content)}
    cards = {c.id: c.count for c in decks["cards"].cards}
    assert "trim-the-wick" not in cards and len(cards) == 23 and cards["night-vigil"] == 1


def test_icons_are_checked_in_every_text_field_and_list(example) -> None:  # type: ignore[no-untyped-def]
    content = example({
        "game.yaml": [("      - {id: icon, type: icon}",
                       "      - {id: icon, type: icon}\n"
                       "      - {id: notes, type: list, of: text, max_chars: 20, required: false}\n"
                       "      - {id: plain, type: text, max_chars: 20, required: false}")],
        "cards/base.yaml": [("    copies: 2\n  - id: night-vigil",
                             "    copies: 2\n    notes: [fine, '[bogus] x']\n    plain: '[nosuch]'\n"
                             "  - id: night-vigil")]})
    found = [d for d in check_dir(content, GAME).diagnostics if d.code == "GAM003"]
    assert sorted(".".join(map(str, d.pointer or ())) for d in found) == \
        ["cards.0.notes.1", "cards.0.plain"], \
        [(d.pointer, d.message) for d in found]


def test_a_yes_no_field_prints_words_not_string_ids(example) -> None:  # type: ignore[no-untyped-def]
    from cardkit.games.declared.checks import declaration
    from cardkit.games.declared.render import DeclaredPrinter

    content = example({"game.yaml": [("      - {id: icon, type: icon}",
                                      "      - {id: icon, type: icon}\n"
                                      "      - {id: night, type: bool, default: false}")]})
    assert not [d for d in check_dir(content, GAME).diagnostics if d.severity.value == "error"]
    loaded = rb._loaded(GAME, content)
    printer = DeclaredPrinter(loaded.content, declaration(loaded.content)[0],
                              _english(loaded))
    rec = loaded.content.index("cards")["trim-the-wick"]
    assert printer._field_text(rec, "night")[0] == "no"


def test_list_shows_the_declared_label_field(example) -> None:  # type: ignore[no-untyped-def]
    content = example({"game.yaml": [("      - {id: icon, type: icon}",
                                      "      - {id: icon, type: icon}\n"
                                      "      - {id: heading, type: text, max_chars: 30, "
                                      "default: Heading here}"),
                                     ("    items: cards\n    label: name",
                                      "    items: cards\n    label: heading")]})
    done = run("list", GAME, "cards", "--content", str(content))
    assert done.exit_code == 0, done.output
    line = next(ln for ln in done.output.splitlines() if ln.startswith("night-vigil"))
    assert line.rstrip().endswith("Heading here") and "Night Vigil" not in line


def test_references_to_a_kind_that_could_not_be_built_are_not_reported(example) -> None:  # type: ignore[no-untyped-def]
    """Only the GAM004 that says why the kind is missing — not one GAM002 per reference."""
    content = example({"game.yaml": [("    items: guilds\n", "    items: schema\n")]})
    (content / GAME / "guilds.yaml").write_text(
        (content / GAME / "guilds.yaml").read_text("utf-8").replace("guilds:", "schema:", 1),
        "utf-8")
    report = check_dir(content, GAME)
    codes = [d.code for d in report.diagnostics]
    assert "GAM004" in codes and "GAM002" not in codes, [str(d) for d in report.diagnostics]


def test_two_plain_boxes_that_overlap_are_gam005(example) -> None:  # type: ignore[no-untyped-def]
    """Text over text (an outside review saw a name printed over a rules text); a box pushed
    around a drawn (filled) box is not an overlap: the example's badges stay clean."""
    content = example({"game.yaml": [("      - id: text\n        field: text\n",
                                      "      - {id: extra, field: name, x: 10, y: 20, w: 20, h: 8}\n"
                                      "      - id: text\n        field: text\n")]})
    found = [d for d in check_dir(content, GAME).diagnostics if d.code == "GAM005"]
    assert any("box 'text' overlaps box 'extra'" in d.message for d in found), \
        [str(d) for d in check_dir(content, GAME).diagnostics]
    # a drawn box (a shape, even without a fill) is one the texts flow around: no GAM005
    content = example({"game.yaml": [("      - id: text\n        field: text\n",
                                      "      - {id: extra, field: name, x: 10, y: 20, w: 20, h: 8,"
                                      " shape: circle}\n"
                                      "      - id: text\n        field: text\n")]})
    found = [d for d in check_dir(content, GAME).diagnostics if d.code == "GAM005"]
    assert not found, [str(d) for d in found]
