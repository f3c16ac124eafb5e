"""Mars Dice's print-and-play kit (``cardkit/games/mars_dice/render/kit.py`` and its pages).

What the pages hold is compared with the content files, read here with a plain YAML reader:
the tiles sheet holds each tile as many times as ``tiles.yaml`` supplies it, at the map's hexagon
size; the tokens page the wild tokens of ``resources.yaml``, a marker per track, a score marker
and a player tile per player, a solo turn track of ``solo_turns`` spaces; the die nets one net per
die of ``dice.yaml`` with each face on as many sides as it has, and every net folds into a cube
whose every open edge meets a glue tab (folded here in 3-D). The icon legend names every icon the
content makes the cards and boards print — derived from the content, so an icon without an entry
fails (shown by planting one in the content and one in the templates) — and the icons the cards
really draw are among them. Blue actions read pay → gain. "Keep {n} more dice" takes its CLDR
plural form in English, Greek and Polish. The Greek and Polish kit prints no fallback English,
the pseudo-locale build of every Mars Dice PDF has no English word left, and every kit page fits
its paper in every locale.
"""

from __future__ import annotations

import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from cardkit.games.mars_dice import render
from cardkit.games.mars_dice.render import aids, dicenets, legend, pieces
from cardkit.games.mars_dice.render.board import map_geometry
from cardkit.games.mars_dice.render.kit import FOOT, MARGIN, Kit, kit_pages
from cardkit.i18n.lookup import Localizer
from cardkit.pdf.geometry import Box
from cardkit.pdf.layout import Face

from .conftest import SHIPPED, point_modelines

GAME = SHIPPED / "mars-dice"
PAPERS = ((210.0, 297.0), (215.9, 279.4))
LOCALES = ("en", "el", "pl")


def _yaml(rel: str, root: Path = GAME) -> Any:
    return YAML(typ="safe").load((root / rel).read_text("utf-8"))


@cache
def _data(content: Path = SHIPPED) -> Any:
    from cardkit.i18n.api import load
    return load("mars-dice", content)


def _loc(code: str = "en", content: Path = SHIPPED) -> Localizer:
    data = _data(content)
    overlay = data.translations.overlays.get(code) if code != "en" else None
    return Localizer(data.content, data.locales[code], overlay)


def _kit(code: str = "en") -> Kit:
    return Kit(_data().content, _loc(code))


def _names(face: Face, pattern: str) -> list[str]:
    return [s.name for s in face.shapes if re.fullmatch(pattern, s.name)]


# --- the kit is printed ---------------------------------------------------------------------------

def test_the_kit_prints_after_the_project_cards() -> None:
    decks = {d.id: d for d in render.print_decks(_data().content, _loc())}
    pages = [name for name, _ in decks["projects"].extra_pages]
    strings = {s["id"]: s["text"] for s in _yaml("strings.yaml")["strings"]}
    dice = _yaml("dice.yaml")["dice"]
    assert pages == [strings["kit-legend"], strings["kit-aids"], strings["kit-tiles"],
                     strings["kit-tokens"], *(d["name"] for d in dice)]
    assert all(not d.extra_pages for k, d in decks.items() if k != "projects")


@pytest.mark.parametrize("code", LOCALES)
def test_every_kit_page_fits_its_paper(code: str) -> None:
    for name, page in kit_pages(_data().content, _loc(code)):
        for w, h in PAPERS:
            face = page(w, h)
            assert not face.problems(), (name, [p.message() for p in face.problems()])
            room = Box(MARGIN - 1e-6, FOOT - 1e-6, w - 2 * MARGIN + 2e-6, h - MARGIN - FOOT + 2e-6)
            for s in face.shapes:
                assert room.holds(s.box), (name, w, s.name, s.box)
            for p in face.placed:
                assert room.holds(p.frame.box), (name, w, p.frame.name)


# --- tiles and tokens -----------------------------------------------------------------------------

def test_the_tiles_sheet_holds_the_contents_tiles_at_the_maps_size() -> None:
    kit = _kit()
    want = {t["id"]: t["supply"] for t in _yaml("tiles.yaml")["tiles"]}
    assert want == {"ocean": 7, "greenery": 20, "city": 16}
    for w, h in PAPERS:
        found: dict[str, int] = {}
        for k in range(pieces.tile_pages(kit)):
            for name in _names(pieces.tiles_page(kit, w, h, k), r"tile-[a-z]+-\d+-\d+"):
                tile_id = name.split("-")[1]
                found[tile_id] = found.get(tile_id, 0) + 1
        assert found == want, (w, h)
    (board,) = [rec.obj for rec in _data().content.of("board")]
    size = map_geometry(board)[0]
    face = pieces.tiles_page(kit, *PAPERS[0], 0)
    (hex_box,) = [s.box for s in face.shapes if s.name == "tile-ocean-0-0"]
    # a tile is a little smaller than the map's hexagon (corner to corner 2 x size), so it fits
    assert 0.9 * 2 * size <= hex_box.h < 2 * size


def test_the_tokens_page_holds_every_token_and_marker() -> None:
    kit = _kit()
    face = pieces.tokens_page(kit, *PAPERS[1])
    (wild,) = [r for r in _yaml("resources.yaml")["resources"] if r["kind"] == "wild"]
    assert len(_names(face, r"wild-\d+")) == wild["supply"] == 23
    tracks = [t["id"] for t in _yaml("tracks.yaml")["tracks"]]
    assert len(_names(face, r"track-marker-\d+")) == len(tracks) >= 2  # oxygen, temperature...
    (rules,) = _yaml("rules.yaml")["rules"]
    players = max(row["players"] for row in rules["bonus_cards"])
    assert players == 4
    assert len(_names(face, r"vp-marker-\d+")) == players
    assert len(_names(face, r"player-tile-\d+")) == players
    assert _names(face, "solo-marker")
    turns = [int(p.text) for p in face.placed if p.frame.name.startswith("solo-turn-")]
    assert turns == list(range(1, rules["solo_turns"] + 1))


# --- paper dice -----------------------------------------------------------------------------------

def test_every_die_has_its_net_with_its_faces_on_their_sides() -> None:
    kit = _kit()
    dice = _yaml("dice.yaml")["dice"]
    assert sum(d["count"] for d in dice) == 60
    for w, h in PAPERS:
        for d in dice:
            nets: dict[str, dict[str, int]] = {}
            for die_id, k in dicenets.net_pages(kit):
                if die_id != d["id"]:
                    continue
                face = dicenets.nets_page(kit, w, h, die_id, k)
                for name in _names(face, r"net-\d+-[A-Z]-face-[a-z]+"):
                    _, i, _, _, resource = name.split("-")
                    key = f"{k}-{i}"
                    nets.setdefault(key, {})
                    nets[key][resource] = nets[key].get(resource, 0) + 1
            assert len(nets) == d["count"], d["id"]
            want = {f["resource"]: f["sides"] for f in d["faces"]}
            assert sum(want.values()) == 6
            assert all(n == want for n in nets.values()), d["id"]


def _fold() -> dict[str, tuple[tuple[int, ...], dict[str, tuple[int, ...]]]]:
    """Roll a cube over the cross net: each face's outward normal and, per edge, the normal of
    the cube face it meets."""
    def neg(v: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(-x for x in v)
    at = {(x, y): pos for pos, x, y in dicenets.CROSS}
    out: dict[str, tuple[tuple[int, ...], dict[str, tuple[int, ...]]]] = {}
    start = next(iter(at))
    todo = [(start, (0, 0, -1), (1, 0, 0), (0, 1, 0))]  # normal, right, up
    while todo:
        cell, n, r, u = todo.pop()
        pos = at[cell]
        if pos in out:
            continue
        out[pos] = (n, {"right": r, "left": neg(r), "top": u, "bottom": neg(u)})
        x, y = cell
        for (dx, dy), (n2, r2, u2) in (((1, 0), (r, neg(n), u)), ((-1, 0), (neg(r), n, u)),
                                        ((0, 1), (u, r, neg(n))), ((0, -1), (neg(u), r, n))):
            if (x + dx, y + dy) in at:
                todo.append(((x + dx, y + dy), n2, r2, u2))
    return out


def test_each_net_folds_into_a_cube_with_a_tab_on_every_open_edge() -> None:
    folded = _fold()
    assert len({n for n, _ in folded.values()}) == 6  # six different sides: a cube
    edges: dict[frozenset[tuple[int, ...]], list[tuple[str, str]]] = {}
    for pos, (n, sides) in folded.items():
        for side, other in sides.items():
            edges.setdefault(frozenset({n, other}), []).append((pos, side))
    assert len(edges) == 12 and all(len(v) == 2 for v in edges.values())
    folds = {(p, e) for p, e in dicenets.FOLDS}
    tabs, cuts = set(dicenets.TABS), set(dicenets.CUT_EDGES)
    assert len(tabs) == len(cuts) == 7 and not tabs & cuts and not (tabs | cuts) & folds
    for pair in edges.values():
        a, b = pair
        if a in folds or b in folds:  # an edge between two faces of the net
            continue
        # an open edge: cut on one face, glued under the tab of the other
        assert {a in tabs, b in tabs} == {True, False}, pair
        assert {a in cuts, b in cuts} == {True, False}, pair


# --- the icon legend ------------------------------------------------------------------------------

KINDS = "face|die|pdie|wild|vp|card|tile|track|turn|arrow|gain"


def _drawn(faces: list[Face]) -> set[tuple[str, str]]:
    """The icons the faces draw, as legend keys, read from their shapes' names."""
    out = set()
    for face in faces:
        for s in face.shapes:
            m = re.search(rf"-({KINDS})-([a-z0-9]+)-\d+$", s.name)
            if m:
                out.add(legend.key(m.group(1), "" if m.group(2) == "any" else m.group(2)))
            elif m := re.fullmatch(r"action-\d+-timing-([a-z]+)", s.name):
                out.add(("timing", m.group(1)))
            elif m := re.fullmatch(r"vp-ribbon-([a-z]+)", s.name):
                out.add(("ribbon", m.group(1)))
            elif s.name == "storage":
                out.add(("storage", ""))
    return out


def test_the_legend_names_every_icon_the_content_prints() -> None:
    content = _data().content
    used = legend.used_icons(content)
    for w, h in PAPERS:
        named = legend.legend_keys(legend.legend_page(_kit(), w, h))
        assert not used - named, sorted(used - named)
    # the walk over the content is honest: every icon a card draws is in it
    cards = [c.front() for d in render.print_decks(content, _loc()) for c in d.cards]
    drawn = _drawn(cards)
    assert drawn and not drawn - used, sorted(drawn - used)
    faces = {r["resource"] for d in _yaml("dice.yaml")["dice"] for r in d["faces"]}
    assert {v for k, v in used if k == "face"} <= faces
    assert {("timing", t) for t in ("support", "main", "free")} <= used


def test_the_legend_names_each_icon_in_the_locale() -> None:
    for code in ("el", "pl"):
        loc = _loc(code)
        face = legend.legend_page(Kit(_data().content, loc), *PAPERS[0])
        texts = {p.frame.name: p.text for p in face.placed}
        for rec in _data().content.of("resources"):
            if rec.obj.kind == "face":
                assert texts[f"legend-face-{rec.id}-name"] == loc.text("resources", rec.id,
                                                                       "name")
        assert texts["legend-timing-support-name"] == loc.string("timing-support")
        assert texts["legend-tile-greenery-name"] == loc.text("tiles", "greenery", "name")


def test_the_d6_table_gives_each_die_the_six_pips() -> None:
    face = legend.legend_page(_kit(), *PAPERS[0])
    for d in _yaml("dice.yaml")["dice"]:
        pips = sorted(int(n.rsplit("-", 1)[1]) for n in _names(face, rf"legend-d6-{d['id']}-\d"))
        assert pips == [1, 2, 3, 4, 5, 6], d["id"]
        sides = [p.text for p in face.placed
                 if re.fullmatch(rf"legend-face-[a-z]+-sides", p.frame.name)
                 and p.frame.name.split("-")[2] in {f["resource"] for f in d["faces"]}]
        assert sides == [f"\u00d7{f['sides']}" for f in d["faces"]], d["id"]


def _copy(tmp_path: Path) -> Path:
    dest = tmp_path / "content"
    shutil.copytree(GAME, dest / "mars-dice")
    shutil.copytree(SHIPPED / "locales", dest / "locales")
    point_modelines(dest, SHIPPED)
    return dest


def test_a_planted_icon_without_a_legend_entry_is_caught(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # in the content: a face symbol on no die, in a card's cost
    dest = _copy(tmp_path)
    res = dest / "mars-dice" / "resources.yaml"
    res.write_text(res.read_text("utf-8") + "  - id: ice\n    kind: face\n    name: Ice\n",
                   "utf-8")
    red = dest / "mars-dice" / "cards" / "projects" / "red.yaml"
    text = red.read_text("utf-8")
    red.write_text(re.sub(r"cost: \{[a-z]+:", "cost: {ice:", text, count=1), "utf-8")
    from cardkit.i18n.api import load
    data = load("mars-dice", dest)
    used = legend.used_icons(data.content)
    loc = Localizer(data.content, data.locales["en"], None)
    named = legend.legend_keys(legend.legend_page(Kit(data.content, loc), *PAPERS[0]))
    assert used - named == {("face", "ice")}
    # in the templates: an effect drawn with an icon of a new kind
    real = legend.effect_tokens

    def sparkle(effect: Any, most: int = 3) -> list[Any]:
        return [("sparkle", "", 1.0)] if effect.do == "draw" else real(effect, most)
    monkeypatch.setattr(legend, "effect_tokens", sparkle)
    used = legend.used_icons(_data().content)
    named = legend.legend_keys(legend.legend_page(_kit(), *PAPERS[0]))
    assert used - named == {("sparkle", "")}


# --- blue actions ---------------------------------------------------------------------------------

def test_every_blue_action_reads_pay_then_gain() -> None:
    decks = {d.id: d for d in render.print_decks(_data().content, _loc())}
    blue = [p for p in _yaml("cards/projects/blue.yaml")["projects"] if p.get("actions")]
    free = 0
    for card in blue:
        (pc,) = [c for c in decks["projects"].cards if c.id == card["id"]]
        face = pc.front()
        for k, action in enumerate(card["actions"]):
            shapes = [s for s in face.shapes if re.fullmatch(rf"action-{k}-[a-z]+-[a-z0-9]+-\d+",
                                                            s.name)]
            marks = [s for s in shapes if s.name.split("-")[2] in ("arrow", "gain")]
            assert len(marks) == 1, (card["id"], k)
            (mark,) = marks
            assert mark.name.split("-")[2] == ("arrow" if action.get("pay") else "gain")
            left = [s for s in shapes if s.box.right <= mark.box.x + 1e-6]
            right = [s for s in shapes if s.box.x >= mark.box.right - 1e-6]
            assert sum(1 for s in left if s.name.split("-")[2] == "face") == \
                sum(action.get("pay", {}).values()), card["id"]
            assert len(left) + len(right) + 1 == len(shapes), card["id"]
            assert right, card["id"]  # what the action gives is right of the mark
            free += not action.get("pay")
    assert free >= 1  # Smelting Plant among them


# --- plurals and translations ---------------------------------------------------------------------

def test_keep_more_dice_takes_its_plural_form() -> None:
    en, el, pl = _loc("en"), _loc("el"), _loc("pl")
    assert en.string("storage", 1) == "Keep 1 more die"
    assert en.string("storage", 2) == "Keep 2 more dice"
    assert el.string("storage", 1) == "Κρατήστε 1 ζάρι ακόμη"
    assert el.string("storage", 3) == "Κρατήστε 3 ζάρια ακόμη"
    assert pl.string("storage", 1) == "Zachowaj 1 dodatkową kość"  # one
    assert pl.string("storage", 2) == "Zachowaj 2 dodatkowe kości"  # few
    assert pl.string("storage", 22) == "Zachowaj 22 dodatkowe kości"  # few
    assert pl.string("storage", 5) == "Zachowaj 5 dodatkowych kości"  # many
    assert pl.string("storage", 12) == "Zachowaj 12 dodatkowych kości"  # many, not few
    # and on the cards: a project keeping one more die says so in the singular
    ones = [p["id"] for c in ("green", "red", "blue")
            for p in _yaml(f"cards/projects/{c}.yaml")["projects"] if p.get("storage") == 1]
    assert ones
    decks = {d.id: d for d in render.print_decks(_data().content, _loc("pl"))}
    for card in decks["projects"].cards:
        if card.id in ones:
            (text,) = [p.text for p in card.front().placed if p.frame.name == "storage-text"]
            assert text == "Zachowaj 1 dodatkową kość", card.id


@pytest.mark.parametrize("code", ["el", "pl"])
def test_the_greek_and_polish_kit_prints_no_english(code: str) -> None:
    loc = _loc(code)
    for name, page in kit_pages(_data().content, loc):
        for w, h in PAPERS:
            page(w, h)
    assert not loc.fallbacks, sorted(set(loc.fallbacks))
    strings = _yaml("strings.yaml")["strings"]
    counted = [s["id"] for s in strings if isinstance(s["text"], dict)]
    assert "storage" in counted and len(counted) >= 8
    overlay = _yaml(f"i18n/{code}/strings.yaml")["entries"]
    forms = {"el": {"one", "other"}, "pl": {"one", "few", "many"}}[code]
    for sid in counted:
        assert set(overlay[sid]["text"]["text"]) == forms, sid


def test_no_english_is_left_in_the_pseudo_locale_build(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import pypdfium2 as pdfium

    from cardkit.export.printing import render_game
    from cardkit.i18n.pseudo import OPEN, PSEUDO_CODE, leftover_english
    from cardkit.pdf.api import PdfJob, content_hash

    monkeypatch.chdir(tmp_path)
    files = render_game(PdfJob("mars-dice", SHIPPED, PSEUDO_CODE, force=True, cache_dir=None))
    assert {f.deck for f in files} >= {"projects", "board"}
    digest = content_hash(SHIPPED, "mars-dice", PSEUDO_CODE)
    found, kit_pages_read = [], 0
    for f in files:
        doc = pdfium.PdfDocument(str(tmp_path / f.path))
        for i in range(len(doc)):
            tp = doc[i].get_textpage()
            text = tp.get_text_range()
            tp.close()
            found += [f"{f.path.name} p.{i + 1}: {w!r}"
                      for w in leftover_english(text.replace(digest, " "), frozenset({"cardkit"}))]
            kit_pages_read += f.deck == "projects" and OPEN in text
        doc.close()
    assert not found, "\n".join(found[:30])
    assert kit_pages_read > 20  # the card sheets and the kit's pages were read


def test_the_turn_summary_takes_its_numbers_from_the_content() -> None:
    (rules,) = _yaml("rules.yaml")["rules"]
    face = aids.aids_page(_kit(), *PAPERS[0])
    texts = {p.frame.name: p.text for p in face.placed}
    assert texts["aid-0-step-1"].startswith(f"Keep up to {rules['keep_dice']} dice")
    assert f"hold {rules['hand']} cards" in texts["aid-0-step-3"]
    assert f"draw {rules['draw_cards']} cards" in texts["aid-0-support-2"]
    assert f"and {rules['short_pool_wilds']} wild token." in texts["aid-0-step-4"]
    assert texts["aid-0-end"].startswith(f"When {rules['globals_to_end']} global parameters")
    assert len({n.split("-")[1] for n in texts if n.startswith("aid-") and n.endswith("-title")}
               ) == 4  # one per player
    convs = _yaml("conversions.yaml")["conversions"]
    for r, conv in enumerate(convs):  # the conversions' icons, pay then gain
        shown = [s.name for s in face.shapes if s.name.startswith(f"aid-0-conv-{r}-")]
        assert any("-arrow-" in n for n in shown), conv["id"]
        (symbol,) = conv["pay"]
        assert any(f"-face-{symbol}-" in n for n in shown), conv["id"]
