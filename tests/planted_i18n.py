"""A planted-error corpus of translations, shared by tests/test_planted_translations.py and
bench/bench_i18n_planted.py.

The shipped content is copied, the copy's Polish Terra glossary gets the counted forms of
«karta» (so number agreement has data), and errors of many classes — the reviewer checks
(I18N035-I18N046) and older ones (tokens, numbers, look-alikes, forbidden terms) — are planted
into single-line Greek and Polish translations, one per entry, each line replaced in place (no
line moves). One i18n check of the copy must report each planted error with its code at its
line; findings already present before planting (the content is being edited) do not count.
"""

from __future__ import annotations

import random
import re
import shutil
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardkit.core.sourcemap import compose, locate
from cardkit.i18n import api
from cardkit.i18n.consistency import normalise
from cardkit.i18n.orthography import ENCLITICS, UNACCENTED, WORD_RE, accents, greek_words, syllables

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("terra", "trains", "cartographers", "mars-dice", "terra-futura")
PER_CLASS = 4
COUNTED = "    counted: {one: karta, few: karty, many: kart}\n"


@dataclass(frozen=True, slots=True)
class Slot:
    """A single-line translation: where it is and what it says."""

    game: str
    locale: str
    file: str  # relative to the content folder
    line: int  # 0-based
    prefix: str  # the line up to the value
    text: str
    english: str
    label: str
    order: int  # position of its English in the game's content order
    owner: str


@dataclass(frozen=True, slots=True)
class Plant:
    """One planted error and the codes (any of them) that must report it at file:line."""

    cls: str
    file: str
    line: int  # 1-based
    codes: frozenset[str]


@dataclass(slots=True)
class Corpus:
    """The copy, its translation slots and what was planted."""

    root: Path
    rng: random.Random
    slots: list[Slot] = field(default_factory=list)
    plants: list[Plant] = field(default_factory=list)
    lines: dict[str, list[str]] = field(default_factory=dict)
    used: set[tuple[str, int]] = field(default_factory=set)
    #: ``(file, line)`` with a finding before planting: nothing is planted there.
    busy: set[tuple[str, int]] = field(default_factory=set)

    def text(self, rel: str) -> list[str]:
        """The lines of a file of the copy (edited so far)."""
        if rel not in self.lines:
            self.lines[rel] = (self.root / rel).read_text("utf-8").split("\n")
        return self.lines[rel]

    def plant(self, cls: str, slot: Slot, new: str, codes: set[str]) -> None:
        """Replace the slot's text by ``new``; record where ``codes`` must be reported."""
        assert "\n" not in new and ": " not in new and " #" not in new, new
        self.text(slot.file)[slot.line] = slot.prefix + new
        self.used.add((slot.file, slot.line))
        self.plants.append(Plant(cls, slot.file, slot.line + 1, frozenset(codes)))

    def choose(self, want: Callable[[Slot], bool], n: int = PER_CLASS) -> list[Slot]:
        """Up to ``n`` unused slots meeting ``want``, at random."""
        pool = [s for s in self.slots if (s.file, s.line) not in self.used | self.busy
                and want(s)]
        self.rng.shuffle(pool)
        return pool[:n]

    def write(self) -> None:
        """Write every edited file back into the copy."""
        for rel, lines in self.lines.items():
            (self.root / rel).write_text("\n".join(lines), "utf-8")


def make_copy(tmp: Path) -> Path:
    """The shipped content and schemas, side by side; the Polish «karta» gets counted forms."""
    content = tmp / "content"
    shutil.copytree(ROOT / "content", content)
    shutil.copytree(ROOT / "schemas", tmp / "schemas")
    gloss = content / "terra" / "glossary" / "pl.yaml"
    text = gloss.read_text("utf-8")
    anchor = "    translation: karta\n"
    assert anchor in text
    gloss.write_text(text.replace(anchor, anchor + COUNTED, 1), "utf-8")
    return content


def find_slots(content: Path) -> list[Slot]:
    """Every single-line plain-scalar translation of the games' el and pl overlays."""
    slots: list[Slot] = []
    for game in GAMES:
        data = api.load(game, content)
        roots: dict[str, object] = {}
        for order, src in enumerate(data.sources()):
            if not isinstance(src.text, str):
                continue
            for code in ("el", "pl"):
                entry = data.overlay(code).get(src.kind, src.object_id, src.key)
                if entry is None or not isinstance(entry.translation.text, str):
                    continue
                path = Path(entry.file)
                rel = path.resolve().relative_to(content.resolve()).as_posix()
                if rel not in roots:
                    roots[rel] = compose(path.read_text("utf-8"))
                line, col = locate(roots[rel], entry.pointer + ("text",))  # type: ignore[arg-type]
                lines = (content / rel).read_text("utf-8").split("\n")
                raw = lines[line - 1]
                value = entry.translation.text
                if raw[col - 1:] != value or value[:1] in "'\"{[>|&*!%@`":
                    continue
                slots.append(Slot(game, code, rel, line - 1, raw[:col - 1], value, src.text,
                                  src.field.label or src.key, order,
                                  f"{src.kind}/{src.object_id}"))
    return slots


def _end_split(text: str) -> tuple[str, str]:
    """The text and its closing punctuation."""
    m = re.search(r"[.?!;:…]*$", text)
    return text[:m.start()], text[m.start():]  # type: ignore[union-attr]


def _replace_word(text: str, pick: Callable[[str], str | None], rng: random.Random) -> str | None:
    words = list(greek_words(text))
    rng.shuffle(words)
    for m in words:
        nxt = WORD_RE.match(text[m.end():].lstrip())
        if nxt and nxt.group().lower() in ENCLITICS:
            continue  # «όνομά του»: a second tonos is right there
        new = pick(m.group())
        if new is not None and new != m.group():
            return text[:m.start()] + new + text[m.end():]
    return None


def _unaccent(word: str) -> str | None:
    if word != word.lower() or accents(word) != 1:
        return None
    bare = unicodedata.normalize("NFC", "".join(
        c for c in unicodedata.normalize("NFD", word) if c != "\u0301"))
    return None if bare in UNACCENTED or syllables(bare) < 2 else bare  # «μία» / «μια»


def _second_tonos(word: str) -> str | None:
    if word != word.lower() or accents(word) != 1 or syllables(word) < 3:
        return None
    nfd = unicodedata.normalize("NFD", word)
    last = max(i for i, c in enumerate(nfd) if c in "αεηιουω")
    if nfd[last + 1:last + 2] == "\u0301" or "\u0301" in nfd[last - 1:last + 2]:
        return None
    return unicodedata.normalize("NFC", nfd[:last + 1] + "\u0301" + nfd[last + 1:])


def plant_all(c: Corpus) -> None:
    """Plant every class (PER_CLASS each where the content has places for it)."""
    rng = c.rng
    el = lambda s: s.locale == "el"  # noqa: E731
    pl = lambda s: s.locale == "pl"  # noqa: E731
    long_el = lambda s: el(s) and len(s.text.split()) >= 3  # noqa: E731

    for s, tail in zip(c.choose(lambda s: pl(s) and s.game == "terra"),
                       [" (5 karty)", " (2 kart)", " (22 karta)", " (12 karty)"]):
        body, end = _end_split(s.text)
        c.plant("number agreement", s, body + tail + end, {"I18N035"})
    for s in c.choose(lambda s: el(s) and bool(re.search(r"ς(?!\w)", s.text))):
        words = [m for m in greek_words(s.text) if m.group().endswith("ς")]
        m = rng.choice(words)
        c.plant("final sigma", s, s.text[:m.end() - 1] + "σ" + s.text[m.end():], {"I18N038"})
    for s in c.choose(lambda s: long_el(s) and _replace_word(s.text, _unaccent, rng) is not None):
        c.plant("missing tonos", s, _replace_word(s.text, _unaccent, rng) or "", {"I18N039"})
    for s in c.choose(lambda s: long_el(s) and _replace_word(s.text, _second_tonos, rng)
                      is not None):
        c.plant("double tonos", s, _replace_word(s.text, _second_tonos, rng) or "", {"I18N040"})
    for s, num in zip(c.choose(long_el), ["Β\u0384", "Γ\u0384", "ΙΔ\u0384", "Α\u0384"]):
        body, end = _end_split(s.text)
        c.plant("numeral sign", s, f"{body}, {num} φάση{end}", {"I18N041"})
    for s in c.choose(lambda s: el(s) and "ο" in s.text):
        i = s.text.index("ο")
        c.plant("Latin look-alike", s, s.text[:i] + "o" + s.text[i + 1:], {"I18N014", "I18N026"})
    for s in c.choose(lambda s: s.game == "terra"
                      and re.search(r"\bregion", s.english, re.I) is not None
                      and re.search(r"(?i)region\w*|περιοχ\w*", s.text) is not None):
        c.plant("forbidden term", s, re.sub(r"(?i)\bregion\w*", "obszar", re.sub(
            r"(?i)περιοχ\w*", "ζώνη", s.text, count=1), count=1), {"I18N013"})
    plant_plural_forms(c)
    for s in c.choose(lambda s: s.game == "terra" and s.label in ("bar question", "info box")
                      and not re.search(r"\bregion", s.english, re.I)):
        # a glossary word of the locale whose term the English lacks (Greek «περιοχή» has
        # `reverse: false` in the shipped glossary: it also means "area")
        word = "Region" if s.locale == "pl" else "Πυξίδα"
        c.plant("reverse glossary", s, f"{word} — {s.text}", {"I18N037"})
    plant_diacritics(c)
    plant_names(c)
    for s, raw in zip(c.choose(lambda s: el(s) and s.game == "terra" and len(s.text) > 20
                               and not re.search(r"[A-Za-z]", s.text)),
                      ["yellow", "structures", "golden-gate-bridge", "nature"]):
        body, end = _end_split(s.text)
        c.plant("raw model value", s, f"{body} {raw}{end}", {"I18N046"})
    for s in c.choose(lambda s: bool(re.search(r"\{\w+\}|\[\w+\]", s.text))):
        m = re.search(r" ?(\{\w+\}|\[\w+\])", s.text)
        c.plant("token dropped", s, s.text[:m.start()] + s.text[m.end():], {"I18N004"})  # type: ignore[union-attr]
    for s in c.choose(lambda s: bool(re.search(r"(?<![\d.,])\d{2,4}(?![\d.,])", s.text))):
        m = re.search(r"(?<![\d.,])\d{2,4}(?![\d.,])", s.text)
        new = str(int(m.group()) + 1)  # type: ignore[union-attr]
        c.plant("number changed", s, s.text[:m.start()] + new + s.text[m.end():], {"I18N007"})  # type: ignore[union-attr]
    plant_consistency(c)


def plant_plural_forms(c: Corpus) -> None:
    """A plural text whose few form takes the many form of the counted «karta» (quoted values,
    which the slots leave out, edited in place)."""
    rel = "terra/i18n/pl/strings.yaml"
    lines = c.text(rel)
    for i, text in enumerate(lines):
        if text.strip() == "few: '{n} karty'" and (rel, i) not in c.busy:
            lines[i] = text.replace("karty", "kart")
            c.plants.append(Plant("plural form disagrees", rel, i + 1, frozenset({"I18N036"})))


def plant_diacritics(c: Corpus) -> None:
    """A Polish glossary word without its diacritics (ć, ę, ó, ś… before its last vowel)."""
    targets = {"długość": "dlugosc", "ćwiartka": "cwiartka", "odległość": "odleglosc",
               "długości": "dlugosci", "ćwiartce": "cwiartce", "ćwiartki": "cwiartki",
               "odległości": "odleglosci", "źródło": "zrodlo"}
    for s in c.choose(lambda s: s.locale == "pl" and any(
            re.search(rf"(?<!\w){w}(?!\w)", s.text, re.I) for w in targets)):
        for w, bare in targets.items():
            m = re.search(rf"(?<!\w){w}(?!\w)", s.text, re.I)
            if m:
                new = bare if m.group()[0].islower() else bare.capitalize()
                c.plant("missing diacritics", s, s.text[:m.start()] + new + s.text[m.end():],
                        {"I18N042"})
                break
    if not any(p.cls == "missing diacritics" for p in c.plants):
        for s in c.choose(lambda s: s.locale == "pl" and s.game == "terra"
                          and s.label == "info box"):
            body, end = _end_split(s.text)
            c.plant("missing diacritics", s, f"{body} (dlugosc){end}", {"I18N042"})


def _waives(c: Corpus, s: Slot, code: str) -> bool:
    """Whether the slot's entry waives ``code`` (a reviewed exception: nothing to plant)."""
    lines = c.text(s.file)
    indent = len(s.prefix) - len(s.prefix.lstrip())
    for line in lines[s.line + 1:]:
        if line.strip() and len(line) - len(line.lstrip()) < indent - 2:
            break
        if line.strip().startswith(f"{code}:"):
            return True
    return False


def plant_names(c: Corpus) -> None:
    """A text that names another object (the whole text, or quoted) given another name."""
    found: list[Slot] = []
    for game in GAMES:
        is_name = lambda s: s.label.endswith("name") or s.label == "topic"  # noqa: E731
        names = {s.english: s for s in c.slots if s.game == game and is_name(s)}
        for s in c.slots:
            if s.game == game and not is_name(s) and s.english.strip() in names \
                    and (s.file, s.line) not in c.busy and not _waives(c, s, "I18N045"):
                found.append(s)
    c.rng.shuffle(found)
    for s in [s for s in found if (s.file, s.line) not in c.used][:PER_CLASS]:
        c.plant("wrong referenced name", s, "Xyzzy " + s.text.split()[-1][::-1],
                {"I18N045"})


def plant_consistency(c: Corpus) -> None:
    """The same short English translated two ways; two Englishes translated alike."""
    groups: dict[tuple[str, str, str, str], list[Slot]] = {}
    for s in c.slots:
        if len(s.english.split()) <= 6 and len(normalise(s.english)) > 1:
            groups.setdefault((s.game, s.locale, s.label, normalise(s.english)), []).append(s)
    same = [sorted(g, key=lambda s: s.order) for g in groups.values() if len(g) >= 2
            and len({x.text for x in g}) == 1 and len({x.english for x in g}) == 1]
    c.rng.shuffle(same)
    for g in same[:PER_CLASS]:
        later = g[-1]
        if (later.file, later.line) in c.used:
            continue
        c.plant("same English, two translations", later, later.text + " bis", {"I18N043"})
    by_label: dict[tuple[str, str, str], list[Slot]] = {}
    for s in c.slots:
        if s.label.endswith("name") and len(s.english.split()) <= 6:
            by_label.setdefault((s.game, s.locale, s.label), []).append(s)
    pairs = []
    for group in by_label.values():
        group.sort(key=lambda s: s.order)
        for a, b in zip(group, group[1:]):
            if normalise(a.english) != normalise(b.english) and a.text != b.text:
                pairs.append((a, b))
    c.rng.shuffle(pairs)
    done = 0
    for a, b in pairs:
        if done == PER_CLASS or (b.file, b.line) in c.used or (a.file, a.line) in c.used:
            continue
        c.plant("two Englishes, one translation", b, a.text, {"I18N044"})
        c.used.add((a.file, a.line))
        done += 1


def build(tmp: Path, seed: int = 33) -> tuple[Path, Corpus, set[tuple[str, str, int]]]:
    """Copy, take the baseline findings, plant, write: the content folder, the corpus and the
    baseline ``(code, file, line)`` set."""
    content = make_copy(tmp)
    baseline = findings(content)
    corpus = Corpus(content, random.Random(seed))
    corpus.busy = {(f, line - 1) for _, f, line in baseline}  # slots count from 0
    corpus.slots = find_slots(content)
    plant_all(corpus)
    corpus.write()
    return content, corpus, baseline


def findings(content: Path) -> set[tuple[str, str, int]]:
    """``(code, file relative to the content folder, line)`` of every i18n check finding."""
    report = api.check(GAMES, content)
    out = set()
    for d in report.diagnostics:
        rel = Path(d.file).resolve().relative_to(content.resolve()).as_posix()
        out.add((d.code, rel, d.line))
    return out


def score(corpus: Corpus, found: set[tuple[str, str, int]], baseline: set[tuple[str, str, int]]
          ) -> dict[str, tuple[int, int]]:
    """Per class: (caught, planted). A plant is caught by a new finding of one of its codes at
    its file and line."""
    new = found - baseline
    out: dict[str, tuple[int, int]] = {}
    for p in corpus.plants:
        hit = any((code, p.file, p.line) in new for code in p.codes)
        caught, total = out.get(p.cls, (0, 0))
        out[p.cls] = (caught + hit, total + 1)
    return out


def missed(corpus: Corpus, found: set[tuple[str, str, int]],
           baseline: set[tuple[str, str, int]]) -> list[Plant]:
    """The plants no new finding reports."""
    new = found - baseline
    return [p for p in corpus.plants if not any((c, p.file, p.line) in new for c in p.codes)]


def lines(scores: dict[str, tuple[int, int]]) -> list[str]:
    """The per-class and total catch share, as printed."""
    out = [f"{cls:34} caught {a}/{b}" for cls, (a, b) in sorted(scores.items())]
    caught = sum(a for a, _ in scores.values())
    total = sum(b for _, b in scores.values())
    out.append(f"caught {caught}/{total} ({100.0 * caught / max(total, 1):.1f} %)")
    return out
