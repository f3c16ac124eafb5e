"""A check is proven by what it catches: a planted-error corpus over a copy of the shipped
content (Terra's 150 cards with their translations, and the declared example lantern-road).

Errors of nine classes are planted by editing single lines of the copy — placeholder publishers
and titles, placeholder or empty urls, publishers ``sources-policy.yaml`` does not accept,
``TODO`` in card texts, ``FIXME`` in notes, ``TODO`` in translations, enum values listed twice
and placeholders no declared template fills — together with near misses that must pass (a
Roman-numeral title, "Todos Santos", a museum on a host that merely contains "example", The
Daily Star of Dhaka). One check run must report every planted error with its code at its line
(and column), and nothing else of the watched codes anywhere: the rest of the shipped content,
untouched, is the passing fixture. The share caught per class is printed (``pytest -s``)."""

from __future__ import annotations

import random
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML

from .conftest import ROOT, SHIPPED, check_dir

EXAMPLES = ROOT / "examples"
CARD_FILES = ("blue", "green", "red", "yellow")
#: The codes the corpus watches: any of them outside a planted place is a false positive.
WATCHED = frozenset({"TER026", "TER027", "CK005", "GAM004", "GAM007", "SCH001"})
#: ``TODO`` / ``FIXME`` as words, any case: the CK005 rule as the issue states it.
MARKER = re.compile(r"(?<![\w-])(todo|fixme)(?![\w-])", re.IGNORECASE)
LINE = re.compile(r"^(?P<indent> *)(?P<dash>- )?(?P<key>[a-z0-9_.-]+):(?: (?P<value>.*))?$")
PER_CLASS = 8


@dataclass(frozen=True, slots=True)
class Field:
    """A ``key: value`` line of a content file: 0-based line, the value's 1-based column."""

    line: int
    col: int
    key: str
    value: str
    owner: str  # the card (or object) the line belongs to
    section: str  # the card's list the line is in (sources, bars) or ""
    single: bool  # the value is a plain scalar on this one line


@dataclass(frozen=True, slots=True)
class Plant:
    """One planted error (or near miss, ``codes`` empty) and where it must be reported."""

    cls: str
    file: str  # relative to the content folder
    line: int  # 1-based
    col: int | None
    codes: frozenset[str]


def scan(lines: list[str]) -> list[Field]:
    """Every ``key: value`` line whose value is plain text (no quotes, flow or block)."""
    out: list[Field] = []
    owner, section = "", ""
    for i, text in enumerate(lines):
        m = LINE.match(text)
        if m is None:
            continue
        indent, key, value = len(m["indent"]), m["key"], m["value"] or ""
        if (m["dash"] and key == "id" and indent == 2) or (indent == 2 and not value):
            owner, section = value or key, ""  # a card, or an overlay's entry
        if indent == 4 and not m["dash"]:
            section = key if not value else section
        key_col = indent + len(m["dash"] or "")
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        single = len(nxt) - len(nxt.lstrip(" ")) <= key_col or not nxt.strip()
        if value and value[0] not in "'\"{[>|&*!%@`":
            out.append(Field(i, key_col + len(key) + 3, key, value, owner, section, single))
    return out


class Corpus:
    """A copy of the content with edits planted line by line (lines never move)."""

    def __init__(self, root: Path, rng: random.Random) -> None:
        self.root, self.rng = root, rng
        self.lines: dict[str, list[str]] = {}
        self.plants: list[Plant] = []
        self.used: set[tuple[str, str]] = set()  # (file, owner): one edit per card

    def text(self, rel: str) -> list[str]:
        """The lines of a file of the copy (edited so far)."""
        if rel not in self.lines:
            self.lines[rel] = (self.root / rel).read_text("utf-8").split("\n")
        return self.lines[rel]

    def pick(self, rel: str, want: object, n: int) -> list[Field]:
        """``n`` fields of ``rel`` meeting ``want``, each of a card not edited yet."""
        fields = [f for f in scan(self.text(rel)) if want(f) and (rel, f.owner) not in self.used]
        self.rng.shuffle(fields)
        out: list[Field] = []
        for f in fields:
            if (rel, f.owner) not in self.used and len(out) < n:
                self.used.add((rel, f.owner))
                out.append(f)
        assert len(out) == n, (rel, n, len(out))
        return out

    def set_value(self, cls: str, rel: str, f: Field, new: str, codes: set[str],
                  col: int | None = 0) -> None:
        """Replace the field's value by ``new``; record where ``codes`` must be reported."""
        lines = self.text(rel)
        lines[f.line] = lines[f.line][:f.col - 1] + new
        if MARKER.search(new) and not codes:  # a marker an error already names is that error
            codes = codes | {"CK005"}
        self.plants.append(Plant(cls, rel, f.line + 1, f.col if col == 0 else col,
                                 frozenset(codes)))

    def write(self) -> None:
        """Write every edited file back into the copy."""
        for rel, lines in self.lines.items():
            (self.root / rel).write_text("\n".join(lines), "utf-8")


def cards(n: int, rng: random.Random) -> list[str]:
    """``n`` card files (relative to the content folder), spread over the four."""
    return [f"terra/cards/{CARD_FILES[rng.randrange(4)]}.yaml" for _ in range(n)]


def make_copy(tmp: Path) -> Path:
    """content/ (terra, locales, lantern-road) and schemas/ side by side, as in a clone."""
    content = tmp / "content"
    shutil.copytree(SHIPPED / "terra", content / "terra")
    shutil.copytree(SHIPPED / "locales", content / "locales")
    shutil.copytree(EXAMPLES / "content" / "lantern-road", content / "lantern-road")
    shutil.copytree(ROOT / "schemas", tmp / "schemas")
    shutil.copytree(EXAMPLES / "schemas" / "lantern-road", tmp / "schemas" / "lantern-road")
    return content


def plant_terra(c: Corpus) -> None:
    """Placeholder sources, weak publishers, TODO and FIXME in texts, notes, translations."""
    rng = c.rng
    source = lambda key: lambda f: f.section == "sources" and f.key == key and f.single  # noqa: E731
    publishers = ["TODO", "TBD", "xxx", "???", "n/a", "Unknown", "Lorem ipsum", "--"]
    for rel, value in zip(cards(PER_CLASS, rng), publishers):
        (f,) = c.pick(rel, source("publisher"), 1)
        c.set_value("placeholder publisher", rel, f, value, {"TER026"})
    titles = ["tbd", "XXXX", "'??'", "N/A", "todo", "<title>", "Title", "'FIXME: the article'"]
    for rel, value in zip(cards(PER_CLASS, rng), titles):
        (f,) = c.pick(rel, source("title"), 1)
        c.set_value("placeholder title", rel, f, value, {"TER026"})
    urls = ["https://example.com/", "https://www.example.org/wiki/Angel_Falls",
            "https://whc.unesco.org/en/list/xxx", "https://www.britannica.com/TODO",
            "https://tbd.org/page", "https://museum.invalid/collection", None, None]
    for rel, value in zip(cards(PER_CLASS, rng), urls):
        (f,) = c.pick(rel, source("url"), 1)
        if value is None:  # `url:` written and left empty: a schema error at the key's line
            c.text(rel)[f.line] = c.text(rel)[f.line][:f.col - 2]  # "url:"
            c.plants.append(Plant("missing or placeholder url", rel, f.line + 1, None,
                                  frozenset({"SCH001"})))
        else:
            c.set_value("missing or placeholder url", rel, f, value, {"TER026"})
    policy = YAML(typ="safe").load((c.root / "terra/sources-policy.yaml").read_text("utf-8"))
    weak = policy["weak_publishers"]
    for k, rel in enumerate(cards(PER_CLASS, rng)):
        entry = weak[rng.randrange(len(weak))]
        if k % 2 or not entry.get("hosts"):  # by name: a source without a url
            (f,) = c.pick(rel, lambda f: source("publisher")(f) and not _has_url(c, rel, f), 1)
            c.set_value("weak publisher", rel, f, entry["names"][-1], {"TER027"})
        else:  # by host: the url of a source that has one
            (f,) = c.pick(rel, source("url"), 1)
            c.set_value("weak publisher", rel, f,
                        f"https://www.{entry['hosts'][0]}/news/article-{k}.html", {"TER027"})
    prefixes = ["TODO ", "todo ", "(TODO) ", "TODO - ", "Todo, ", "TODO ", "(todo) ", "TODO "]
    for rel, prefix in zip(cards(PER_CLASS, rng), prefixes):
        (f,) = c.pick(rel, lambda f: f.key in ("question", "topic"), 1)
        c.set_value("TODO in a card text", rel, f, prefix + f.value, set())
    prefixes = ["FIXME ", "fixme ", "(FIXME) ", "FIXME - ", "Fixme, ", "FIXME ", "FIXME ",
                "(fixme) "]
    for rel, prefix in zip(cards(PER_CLASS, rng), prefixes):
        (f,) = c.pick(rel, lambda f: f.key in ("note", "basis"), 1)
        c.set_value("FIXME in a note", rel, f, prefix + f.value, set())
    for k in range(PER_CLASS):
        rel = f"terra/i18n/{('el', 'pl')[k % 2]}/cards.yaml"
        (f,) = c.pick(rel, lambda f: f.key == "text", 1)
        c.set_value("TODO in a translation", rel, f, ("TODO ", "(todo) ")[k % 3 == 0] + f.value,
                    set())


def _has_url(c: Corpus, rel: str, f: Field) -> bool:
    """Whether the source starting at ``f`` (its publisher line) gives a url."""
    for text in c.text(rel)[f.line + 1:]:
        m = LINE.match(text)
        if m is None or m["dash"] or len(m["indent"]) != f.col - len("publisher: ") - 1:
            return False
        if m["key"] == "url":
            return True
    return False


def plant_declared(c: Corpus) -> None:
    """Enum values listed twice, and placeholders no template fills (cards and strings)."""
    rel = "lantern-road/game.yaml"
    lines = c.text(rel)
    for old, extra in (("values: [crimson, amber, jade, azure, plum, slate]", ["jade", "plum"]),
                       ("values: [bridge, inn, shrine, market, gate]", ["inn", "gate"])):
        (i,) = [k for k, text in enumerate(lines) if old in text]
        end = lines[i].index(old) + len(old) - 1  # the closing bracket
        lines[i] = lines[i][:end] + "".join(f", {v}" for v in extra) + lines[i][end:]
        for v in extra:  # each copy at its own column (1-based, after ", ")
            c.plants.append(Plant("enum value listed twice", rel, i + 1, end + 3,
                                  frozenset({"GAM004"})))
            end += 2 + len(v)
    rel = "lantern-road/cards/base.yaml"
    for token in ("{n}", "{count}", "{N}", "{0}"):
        (f,) = c.pick(rel, lambda f: f.key == "text" and " " in f.value, 1)
        head, tail = f.value.split(" ", 1)
        c.set_value("unfilled template placeholder", rel, f, f"{head} {token} {tail}", {"GAM007"})
    rel = "lantern-road/strings.yaml"
    for token in ("{n}", "{guild}"):
        (f,) = c.pick(rel, lambda f: f.key == "text" and " " in f.value, 1)
        c.set_value("unfilled template placeholder", rel, f, f"{f.value} {token}", {"GAM007"})


def plant_near_misses(c: Corpus) -> None:
    """Values close to a planted error that are right and must pass."""
    rel = "terra/cards/green.yaml"
    source = lambda key: lambda f: f.section == "sources" and f.key == key and f.single  # noqa: E731
    for key, value in (("title", "Games of the XXX Olympiad"), ("publisher", "Nature"),
                       ("title", "What to do in an earthquake"),
                       ("url", "https://www.example-museum.org/collection/1"),
                       ("url", "https://www.thedailystar.net/news/world/angel-falls")):
        (f,) = c.pick(rel, source(key), 1)
        c.set_value("near miss", rel, f, value, set())
    rel = "terra/cards/red.yaml"
    for text in ("seen from Todos Santos; the mastodon bones are another story",
                 "nothing left to do here; FIXMEs and todo-lists are words of their own"):
        (f,) = c.pick(rel, lambda f: f.key == "note" and f.single, 1)
        c.set_value("near miss", rel, f, text, set())


def test_every_planted_error_is_caught_at_its_line(tmp_path: Path) -> None:
    content = make_copy(tmp_path)
    corpus = Corpus(content, random.Random(31))
    plant_terra(corpus)
    plant_declared(corpus)
    plant_near_misses(corpus)
    corpus.write()
    report = check_dir(content, "terra", "lantern-road")
    found = {(Path(d.file).resolve().relative_to(content.resolve()).as_posix(), d.line, d.col,
              d.code) for d in report.diagnostics if d.code in WATCHED}

    def caught(p: Plant) -> bool:
        return all(any(f[0] == p.file and f[1] == p.line and (p.col is None or f[2] == p.col)
                       and f[3] == code for f in found) for code in p.codes)

    planted = Counter(p.cls for p in corpus.plants if p.codes)
    hits = Counter(p.cls for p in corpus.plants if p.codes and caught(p))
    print("\nplanted-error corpus (class: caught / planted)")
    for cls, n in planted.items():
        print(f"  {cls:<32} {hits[cls]:>2} / {n:<2} {hits[cls] / n:.0%}")
    missed = [p for p in corpus.plants if p.codes and not caught(p)]
    assert not missed, missed
    assert sum(planted.values()) >= 60 and len(planted) == 9, planted
    # nothing else: every watched finding is a planted one (near misses and the untouched
    # shipped content are the passing fixture)
    expected = {(p.file, p.line, code) for p in corpus.plants for code in p.codes}
    extra = sorted(f for f in found if (f[0], f[1], f[3]) not in expected)
    assert not extra, extra


def test_a_policy_that_requires_urls_flags_every_source_without_one(terra_content) -> None:  # type: ignore[no-untyped-def]
    """``require_url: true``: the three sources of the fixture without a url are errors at
    their place and do not count, so neither card keeps two sources."""
    policy = (ROOT / "tests/fixtures/terra_base/terra/sources-policy.yaml").read_text("utf-8")
    content = terra_content({"sources-policy.yaml": policy.replace(
        "weak_publishers:", "require_url: true\nweak_publishers:")})
    report = check_dir(content, "terra")
    at = sorted((d.code, d.line, d.col) for d in report.diagnostics
                if d.code in ("TER026", "TER019"))
    assert at == [("TER019", 18, 14), ("TER019", 34, 14), ("TER026", 18, 15),
                  ("TER026", 34, 15), ("TER026", 34, 93)], at
    assert all("requires one" in d.message for d in report.diagnostics if d.code == "TER026")


# -- CK005 on its own: words, not ids; every file but the store of past English texts -----------

def test_todo_and_fixme_are_found_as_words_in_any_case() -> None:
    from cardkit.core.todo import todo_diagnostics

    data = {"cards": [{"id": "todo", "answers": ["todo", "todo-list"], "src": "TODO",
                       "note": "FIXME: check the height", "info": "Todos Santos, TODOS, to do",
                       "sources": [{"title": "(tbd) Todo"}]}]}
    found = todo_diagnostics(data, "cards.yaml")
    assert [(d.pointer, d.object_id, d.code) for d in found] == [
        (("cards", 0, "answers", 0), "todo", "CK005"),
        (("cards", 0, "note"), "todo", "CK005"),
        (("cards", 0, "sources", 0, "title"), "todo", "CK005")]
    assert todo_diagnostics({"entries": {"nile": {"info": {"text": "TODO"}}}}, "x")[0] \
        .object_id == "nile"


def test_a_glossary_note_is_read_and_the_history_store_is_not(terra_content) -> None:  # type: ignore[no-untyped-def]
    base = ROOT / "tests/fixtures/terra_base/terra"
    glossary = (base / "glossary/el.yaml").read_text("utf-8")
    history = (base / "i18n/sources.yaml").read_text("utf-8")
    content = terra_content({
        "glossary/el.yaml": glossary.replace("    translation: κάρτα\n",
                                             "    translation: κάρτα\n    note: TODO plural\n"),
        "i18n/sources.yaml": history.replace(": Golden Gate Bridge", ": TODO Golden Gate Bridge"),
    })
    report = check_dir(content, "terra")
    at = [(Path(d.file).name, d.line, d.col) for d in report.diagnostics if d.code == "CK005"]
    assert at == [("el.yaml", 12, 11)], [str(d) for d in report.diagnostics]


def test_a_todo_publisher_is_one_error_not_an_error_and_a_warning(terra_content) -> None:  # type: ignore[no-untyped-def]
    """One root cause, one finding: ``publisher: TODO`` is TER026 (it does not count); the
    CK005 marker warning at the same place says nothing more and is dropped."""
    base = ROOT / "tests/fixtures/terra_base/terra/cards"
    name = next(p.name for p in sorted(base.glob("*.yaml"))
                if "publisher: Encyclopaedia Britannica, title: Golden Gate" in p.read_text("utf-8"))
    text = (base / name).read_text("utf-8").replace(
        "{publisher: Encyclopaedia Britannica, title: Golden Gate Bridge}",
        "{publisher: TODO, title: Golden Gate Bridge}")
    content = terra_content({f"cards/{name}": text})
    report = check_dir(content, "terra")
    at = sorted((d.code, d.line) for d in report.diagnostics if d.code in ("TER026", "CK005"))
    assert at == [("TER026", 18)], [str(d) for d in report.diagnostics]
