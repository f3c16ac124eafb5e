"""The glossary read backwards (I18N037): a glossary translation in a text whose English does
not have the term.

I18N013 (:func:`cardkit.i18n.checks.glossary`) requires the translation where the English has
the term, and reports the term's ``forbidden`` variants there; this check reports the opposite
slip — the Polish says «Rząd» (the glossary's word for *Row*) where the English says nothing
about a row: a mistranslation, or a term the English spells in a way the glossary's ``match``
does not list yet (then add it there). A term the locale uses more widely than the English word
(a common verb) sets ``reverse: false``.
"""

from __future__ import annotations

from collections.abc import Iterator

from .glossary import Term, mentions
from .pairs import Issue, Pair

def found_translation(term: Term, text: str) -> str | None:
    """The term's glossary translation or accepted form that ``text`` has (whole words), or
    ``None``. Stems are not used: read backwards, a word beginning says too little («tur» of
    *turn* begins «turystyczny»)."""
    for form in dict.fromkeys([term.translation, *term.forms]):
        if mentions(text, [form]):
            return form
    return None


def reverse_glossary(pair: Pair) -> Iterator[Issue]:
    """A glossary translation appears only where the English has its term (the glossary read
    backwards: its translation or one of its accepted forms, as whole words).

    Bad:
        # pl glossary: region -> region (stems: [region])
        # en: "Which continent is it on?"
        text: W jakim regionie to jest?

    Good:
        text: Na jakim kontynencie to jest?
    """
    key = pair.source.key
    for form, english, text in pair.forms():
        for term in pair.env.terms:
            if not term.reverse or (term.fields and key not in term.fields):
                continue
            if mentions(english, term.match or [term.term]):
                continue
            word = found_translation(term, text)
            if word is not None:
                yield Issue(f"{word!r} is the glossary's translation of {term.term!r}, but the "
                            f"English has no {term.term!r}", form)
