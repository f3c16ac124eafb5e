"""Glossary export for CAT tools: TBX-Basic (TBX 2, ``martif``) and CSV.

**TBX** — the TBX-Basic dialect of ISO 30042:2008 (``<martif type="TBX-Basic">``, the
``termEntry``/``langSet``/``tig`` structure). It is what Weblate (through the Translate Toolkit),
memoQ and Trados MultiTerm import; TBX v3 (2019, ``<tbx>``/``conceptEntry``) is not yet read by
all of them. One ``termEntry`` per glossary term: an English ``langSet`` (the term, then its other
``match`` forms as admitted terms) and a target ``langSet`` (the translation as the preferred
term, the other accepted ``forms`` as admitted terms, ``stems`` as a note). Forbidden forms go in
a second entry of their own (``…-forbidden``) with ``deprecatedTerm-admn-sts``: Weblate marks a
whole entry forbidden when any of its terms is deprecated. A forbidden stem is a deprecated term
with a trailing ``*`` (any word starting with it). The fields a term is limited to and the
glossary note are notes.

**CSV** — UTF-8 (no byte-order mark), RFC 4180 quoting and line ends, header
``term,translation,forms,forbidden,note``; a cell a spreadsheet would run as a formula is
prefixed with ``'`` (:mod:`cardkit.core.csvcells`). ``forms`` and ``forbidden`` list several values
separated by ``"; "``; a stem is written with a trailing ``*`` (``πόντ*``).

Both are deterministic: the same glossary gives the same bytes (no dates, file order kept).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from ..core.csvcells import write_rows
from .glossary import Term
from .locale import Locale

GLOSSARY_FORMATS = ("tbx", "csv")
PREFERRED, ADMITTED, DEPRECATED = ("preferredTerm-admn-sts", "admittedTerm-admn-sts",
                                   "deprecatedTerm-admn-sts")
CSV_HEADER = ("term", "translation", "forms", "forbidden", "note")


def _unique(values: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for v in values:
        seen.setdefault(v, None)
    return list(seen)


def _note(term: Term) -> str:
    parts = []
    if term.note:
        parts.append(term.note)
    if term.fields:
        parts.append(f"only in: {', '.join(term.fields)}")
    return "; ".join(parts)


def _ids(game: str, terms: list[Term]) -> list[str]:
    out: list[str] = []
    for term in terms:
        base = f"{game}-" + (re.sub(r"[^a-z0-9]+", "-", term.term.lower()).strip("-") or "term")
        candidate, n = base, 2
        while candidate in out:
            candidate, n = f"{base}-{n}", n + 1
        out.append(candidate)
    return out


def _tig(term: str, status: str, indent: str) -> str:
    return (f"{indent}<tig>\n{indent}  <term>{escape(term)}</term>\n"
            f"{indent}  <termNote type=\"administrativeStatus\">{status}</termNote>\n"
            f"{indent}</tig>\n")


def _notes(notes: list[str], indent: str) -> str:
    return "".join(f"{indent}<note>{escape(n)}</note>\n" for n in notes if n)


def glossary_tbx(game: str, target: Locale, terms: list[Term], source: str = "en") -> str:
    """A game's glossary for ``target`` as a TBX-Basic document (see the module docstring);
    ``source`` is the language code of the English terms."""
    title = f"cardkit {game} glossary: {source} - {target.code} ({target.name})"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<!DOCTYPE martif SYSTEM "TBXBasiccoreStructV02.dtd">\n',
        f'<martif type="TBX-Basic" xml:lang={quoteattr(source)}>\n',
        "  <martifHeader>\n    <fileDesc>\n",
        f"      <titleStmt><title>{escape(title)}</title></titleStmt>\n",
        f"      <sourceDesc><p>content/{escape(game)}/glossary/{escape(target.code)}.yaml"
        "</p></sourceDesc>\n",
        "    </fileDesc>\n",
        '    <encodingDesc><p type="XCSURI">TBXBasicXCSV02.xcs</p></encodingDesc>\n',
        "  </martifHeader>\n  <text>\n    <body>\n",
    ]
    src_lang, tgt_lang = quoteattr(source), quoteattr(target.code)
    for entry_id, term in zip(_ids(game, terms), terms):
        english = _unique([term.term, *term.match])
        accepted = _unique([term.translation, *term.forms])
        out.append(f"      <termEntry id={quoteattr(entry_id)}>\n")
        out.append(_notes([_note(term)], "        "))
        out.append(f"        <langSet xml:lang={src_lang}>\n")
        out += [_tig(t, PREFERRED if i == 0 else ADMITTED, "          ")
                for i, t in enumerate(english)]
        out.append(f"        </langSet>\n        <langSet xml:lang={tgt_lang}>\n")
        out.append(_notes([f"accepted word beginnings: {', '.join(s + '*' for s in term.stems)}"
                           if term.stems else ""], "          "))
        out += [_tig(t, PREFERRED if i == 0 else ADMITTED, "          ")
                for i, t in enumerate(accepted)]
        out.append("        </langSet>\n      </termEntry>\n")
        if term.forbidden or term.forbidden_stems:
            out.append(f"      <termEntry id={quoteattr(entry_id + '-forbidden')}>\n")
            out.append(_notes([f"not used for {term.term!r}; write {term.translation!r}"],
                              "        "))
            out.append(f"        <langSet xml:lang={src_lang}>\n")
            out.append(_tig(term.term, PREFERRED, "          "))
            out.append(f"        </langSet>\n        <langSet xml:lang={tgt_lang}>\n")
            out.append(_notes(["a trailing * marks a stem: not used in any inflection"
                               if term.forbidden_stems else ""], "          "))
            forbidden = _unique([*term.forbidden, *(s + "*" for s in term.forbidden_stems)])
            out += [_tig(t, DEPRECATED, "          ") for t in forbidden]
            out.append("        </langSet>\n      </termEntry>\n")
    out.append("    </body>\n  </text>\n</martif>\n")
    return "".join(out)


def glossary_csv(terms: list[Term]) -> str:
    """A game's glossary for one locale as CSV (see the module docstring)."""
    rows: list[list[str]] = []
    for term in terms:
        forms = _unique([*(f for f in term.forms if f != term.translation),
                         *(s + "*" for s in term.stems)])
        forbidden = _unique([*term.forbidden, *(s + "*" for s in term.forbidden_stems)])
        rows.append([term.term, term.translation, "; ".join(forms), "; ".join(forbidden),
                     _note(term)])
    return write_rows([CSV_HEADER, *rows])
