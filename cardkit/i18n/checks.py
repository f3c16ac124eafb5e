"""Translation checks (``I18N…``): each a small function with a stable code and a docstring.

Set-level checks look at which translations exist (missing, orphan, stale); pair-level checks look
at one English text and its translation. Names in brackets are the equivalent pofilter/Weblate
checks. The PDF layer adds the fit check (I18N018) through :attr:`TranslationEnv.extra_checks`.
"""

from __future__ import annotations

import inspect
import unicodedata
from collections.abc import Iterable, Iterator

from ..core.diagnostics import CodeInfo, Diagnostic, Severity
from .agreement import number_agreement, plural_text_agreement
from .consistency import CONSISTENCY_CODES
from .glossary import term_issues
from .language import wrong_language, wrong_script
# Pair, PairCheck and TranslationEnv are imported from here too (the checks' public names)
from .names import referenced_names
from .orthography import (double_tonos, final_sigma, identifier_letters, missing_diacritics,
                          missing_tonos, numeral_sign)
from .pairs import Issue, Pair, PairCheck, TranslationEnv, per_form  # noqa: F401
from .rawvalues import raw_values
from .reverse import reverse_glossary
from .style import (doubled_words, lookalikes, number_parity, number_word_check,
                    quotes_and_brackets, spacing)
from .text import invisible_chars, is_prose, markup, mixed_script_words, tokens

E, W = Severity.ERROR, Severity.WARNING
SENTENCE_ENDS = ("?", "!", ".", ":", "…")
CLOSERS = "\"'”’»)]"


def token_parity(pair: Pair) -> Iterator[Issue]:
    """Placeholders and icon tokens are the same multiset as in the English [variables].

    Bad:
        # en: "Gain {n} [coin]"
        text: Zyskaj [coin]

    Good:
        text: Zyskaj {n} [coin]
    """
    def check(english: str, text: str) -> str | None:
        a, b = tokens(english), tokens(text)
        if a == b:
            return None
        lost = sorted((a - b).elements())
        extra = sorted((b - a).elements())
        parts = ([f"missing {', '.join(lost)}"] if lost else []) + \
            ([f"unexpected {', '.join(extra)}"] if extra else [])
        return "tokens differ from the English: " + "; ".join(parts)
    yield from per_form(pair, check)


def unknown_tokens(pair: Pair) -> Iterator[Issue]:
    """Every token is one the game defines (its token registry).

    Bad:
        # the game's icon is [coin]
        text: Zyskaj {n} [coins]

    Good:
        text: Zyskaj {n} [coin]
    """
    registry = pair.env.token_registry
    for form, _, text in pair.forms():
        unknown = sorted(set(tokens(text)) - registry)
        if unknown:
            yield Issue(f"unknown token(s) {', '.join(unknown)}; known: "
                        f"{', '.join(sorted(registry)) or 'none'}", form)


def markup_parity(pair: Pair) -> Iterator[Issue]:
    """Inline tags are the same as in the English [xmltags].

    Bad:
        # en: "<i>Welwitschia</i> lives for centuries."
        text: Η Welwitschia ζει αιώνες.

    Good:
        text: Η <i>Welwitschia</i> ζει αιώνες.
    """
    def check(english: str, text: str) -> str | None:
        a, b = markup(english), markup(text)
        return None if a == b else (f"markup differs from the English: {sorted(a.elements())} vs "
                                    f"{sorted(b.elements())}")
    yield from per_form(pair, check)


def unchanged(pair: Pair) -> Iterator[Issue]:
    """A translation of prose is not a copy of the English [unchanged].

    A name that is really the same in the locale is marked ``same: true`` by the translator;
    one-word names are not prose and pass.

    Bad:
        # en: "Did you know?"
        text: Did you know?

    Good:
        text: Czy wiesz?
    """
    if pair.entry.translation.same:
        return

    def check(english: str, text: str) -> str | None:
        return "identical to the English" if text == english and is_prose(english) else None
    yield from per_form(pair, check)


def whitespace(pair: Pair) -> Iterator[Issue]:
    """Not blank; no leading or trailing whitespace; no double spaces [blank, *whitespace].

    Bad:
        text: " Czy  wiesz? "

    Good:
        text: Czy wiesz?
    """
    def check(english: str, text: str) -> str | None:
        if not text.strip():
            return "translation is blank"
        if text != text.strip():
            return "leading or trailing whitespace"
        if "  " in text:
            return "double space"
        return None
    yield from per_form(pair, check)


def _end(text: str) -> str:
    stripped = text.rstrip().rstrip(CLOSERS)
    return stripped[-1:] if stripped else ""


def end_punctuation(pair: Pair) -> Iterator[Issue]:
    """A sentence ends as the English does, in the locale's way: Greek `?` is `;` [endpunc].

    Bad:
        # en: "How long is it?"
        text: Πόσο μακρύ είναι?

    Good:
        text: Πόσο μακρύ είναι;
    """
    mapping = pair.env.locale.end_punctuation

    def check(english: str, text: str) -> str | None:
        src_end, tr_end = _end(english), _end(text)
        if src_end in SENTENCE_ENDS:
            accepted = mapping.get(src_end, [src_end])
            if tr_end not in accepted:
                return (f"ends with {tr_end or 'nothing'!r}; the English ends with {src_end!r}, "
                        f"which is {' or '.join(repr(a) for a in accepted)} here")
        elif tr_end in ("?", "!", ";") and tr_end not in (english[-1:],):
            return f"ends with {tr_end!r}; the English has no closing punctuation"
        return None
    yield from per_form(pair, check)


def line_breaks(pair: Pair) -> Iterator[Issue]:
    """The same number of line breaks as the English [newlines].

    Bad:
        # en: "Line one\\nLine two"
        text: Linia pierwsza linia druga

    Good:
        text: "Linia pierwsza\\nLinia druga"
    """
    def check(english: str, text: str) -> str | None:
        a, b = english.count("\n"), text.count("\n")
        return None if a == b else f"{b} line break(s); the English has {a}"
    yield from per_form(pair, check)


def glossary(pair: Pair) -> Iterator[Issue]:
    """Key terms use the glossary's translation, in any accepted inflected form.

    Bad:
        # en: "Which region is it in?"; the el glossary says region = περιοχή
        text: Σε ποια ζώνη βρίσκεται;

    Good:
        text: Σε ποια περιοχή βρίσκεται;
    """
    key = pair.source.key
    for form, english, text in pair.forms():
        for term in pair.env.terms:
            if term.fields and key not in term.fields:
                continue
            for message in term_issues(term, english, text):
                yield Issue(message, form)


def mixed_scripts(pair: Pair) -> Iterator[Issue]:
    """No word mixes scripts (a Latin `o` in a Greek word, a Cyrillic `а` in a Polish one).

    Bad:
        text: Αθηνa  # the last letter is a Latin a

    Good:
        text: Αθηνα
    """
    for form, _, text in pair.forms():
        words = mixed_script_words(text)
        if words:
            yield Issue(f"word(s) mixing scripts: {', '.join(words)}", form)


def normalisation(pair: Pair) -> Iterator[Issue]:
    """Text is Unicode NFC with no zero-width, bidi or control characters.

    Bad:
        text: "wie\\u200bsz"  # a zero-width space inside the word

    Good:
        text: wiesz
    """
    for form, _, text in pair.forms():
        if unicodedata.normalize("NFC", text) != text:
            yield Issue("text is not NFC-normalised", form)
        hidden = invisible_chars(text)
        if hidden:
            yield Issue(f"invisible or control character(s) {', '.join(hidden)}", form)


def glyph_coverage(pair: Pair) -> Iterator[Issue]:
    """Every character exists in the font cards are printed with [validchars].

    Bad:
        text: 漢字  # not in the card font: it would print as boxes

    Good:
        text: Πύργος του Άιφελ  # Greek and Polish letters are in the font
    """
    glyphs = pair.env.glyphs
    if glyphs is None:
        return
    for form, _, text in pair.forms():
        missing = sorted({ch for ch in set(text) if ord(ch) not in glyphs and ch != "\n"})
        if missing:
            shown = ", ".join(f"{c!r} U+{ord(c):04X}" for c in missing[:5])
            yield Issue(f"character(s) missing from the card font: {shown}", form)


def plural_forms(pair: Pair) -> Iterator[Issue]:
    """A pluralised text gives exactly the locale's plural forms (Polish: one, few, many).

    Bad:
        text: {one: "{n} karta", other: "{n} karty"}

    Good:
        text: {one: "{n} karta", few: "{n} karty", many: "{n} kart"}
    """
    src, tr = pair.source.text, pair.entry.translation.text
    wanted = pair.env.locale.plural.categories
    if isinstance(src, dict) and not isinstance(tr, dict):
        yield Issue(f"the English has plural forms; give {', '.join(wanted)}")
    elif isinstance(src, str) and isinstance(tr, dict):
        yield Issue("the English has no plural forms; give one text")
    elif isinstance(tr, dict):
        missing = [c for c in wanted if c not in tr]
        extra = [c for c in tr if c not in wanted]
        if missing or extra:
            yield Issue(f"plural forms of {pair.env.locale.code} are {', '.join(wanted)}"
                        + (f"; missing {', '.join(missing)}" if missing else "")
                        + (f"; not used: {', '.join(extra)}" if extra else ""))


def size_limit(pair: Pair) -> Iterator[Issue]:
    """A translation is no longer than the limit translators are shown for the field (the PO
    and XLIFF comments say "at most N characters") [max-size].

    Bad:
        # a card name: at most 28 characters
        name: Πολύ μεγάλο όνομα κάρτας τρένου

    Good:
        name: Τρένο εξπρές
    """
    limit = pair.source.field.max_chars
    for form, _english, text in pair.forms():
        if len(text) > limit:
            label = pair.source.field.label or "text"
            yield Issue(f"{len(text)} characters; the limit for a {label} is {limit}", form)


PAIR_CHECKS: tuple[PairCheck, ...] = (
    PairCheck("I18N004", "tokens match the English", token_parity),
    PairCheck("I18N005", "tokens are known to the game", unknown_tokens),
    PairCheck("I18N006", "markup matches the English", markup_parity),
    PairCheck("I18N007", "numbers match the English", number_parity),
    PairCheck("I18N008", "translation is not a copy of the English", unchanged, W),
    PairCheck("I18N009", "no blank text or stray whitespace", whitespace),
    PairCheck("I18N010", "end punctuation matches", end_punctuation),
    PairCheck("I18N011", "the locale's quotation marks; balanced brackets", quotes_and_brackets),
    PairCheck("I18N012", "line breaks match", line_breaks),
    PairCheck("I18N013", "glossary terms used", glossary),
    PairCheck("I18N014", "no word mixes scripts", mixed_scripts),
    PairCheck("I18N015", "NFC, no invisible characters", normalisation),
    PairCheck("I18N016", "every character is in the card font", glyph_coverage),
    PairCheck("I18N017", "plural forms of the locale", plural_forms),
    PairCheck("I18N022", "no longer than the size limit shown to translators", size_limit),
    PairCheck("I18N023", "number words match the English", number_word_check),
    PairCheck("I18N024", "no doubled words", doubled_words),
    PairCheck("I18N025", "no space before punctuation or NBSP next to a space", spacing),
    PairCheck("I18N026", "no Latin look-alikes, micro sign or mid-sentence ';' in Greek",
              lookalikes),
    PairCheck("I18N027", "written in the locale's script", wrong_script),
    PairCheck("I18N028", "in the locale's language, not another of its script", wrong_language),
    PairCheck("I18N035", "a counted noun agrees with the number before it", number_agreement),
    PairCheck("I18N036", "each plural form's counted noun agrees with its category",
              plural_text_agreement),
    PairCheck("I18N037", "a glossary translation only where the English has its term",
              reverse_glossary, W),
    PairCheck("I18N038", "Greek final sigma", final_sigma),
    PairCheck("I18N039", "Greek words of two or more syllables carry a tonos", missing_tonos),
    PairCheck("I18N040", "one tonos per Greek word", double_tonos),
    PairCheck("I18N041", "the Greek numeral sign is the keraia U+0374", numeral_sign),
    PairCheck("I18N042", "glossary words keep their diacritics", missing_diacritics),
    PairCheck("I18N045", "a name the English refers to reads as its translated name",
              referenced_names, W),
    PairCheck("I18N046", "no raw ids, field names or enum values printed as words", raw_values),
    PairCheck("I18N047", "identifier letters in the locale's own letters", identifier_letters),
)

SET_CODES: tuple[CodeInfo, ...] = (
    CodeInfo("I18N001", W, "translation missing", inspect.cleandoc("""
        A translatable field has no translation in a locale that the game is translated into.
        Absent means untranslated: never copy the English in as a placeholder.

        Bad:
            # content/terra/i18n/el/cards.yaml: the card eiffel-tower has no entry
            locale: el
            entries: {}

        Good:
            locale: el
            entries:
              eiffel-tower:
                topic: {text: Πύργος του Άιφελ, src: ca5f05f1e577}
        """)),
    CodeInfo("I18N002", W, "orphan translation", inspect.cleandoc("""
        A translation for an object or field that does not exist (renamed or deleted). An
        object that exists but fails its schema is reported there, not here.

        Bad:
            entries:
              eifel-tower:  # no card has this id
                topic: {text: Πύργος του Άιφελ, src: ca5f05f1e577}

        Good:
            entries:
              eiffel-tower:
                topic: {text: Πύργος του Άιφελ, src: ca5f05f1e577}
        """)),
    CodeInfo("I18N003", W, "stale translation", inspect.cleandoc("""
        The English changed after the translation was made (its fingerprint differs).
        Re-translate, or confirm it with `cardkit i18n confirm`, which writes the new
        fingerprint.

        Bad:
            eiffel-tower:
              topic: {text: Πύργος του Άιφελ, src: 0123456789ab}  # an older English topic

        Good:
            eiffel-tower:
              topic: {text: Πύργος του Άιφελ, src: ca5f05f1e577}  # the current English
        """)),
    CodeInfo("I18N018", E, "translated text fits its frame on the printed card",
             inspect.cleandoc("""
        The translation fits the frame it is printed in, beside the card's badges and icons,
        at the frame's minimum font size (the print layer lays out every face in every locale
        and reports what does not fit, at the overlay entry).

        Bad:
            # en: "Lay one rail. Gain a Waste."
            text: Połóż jeden tor kolejowy na dowolnym wolnym polu planszy, a następnie
              weź kartę Odpadów ze stosu Odpadów i połóż ją na swoim stosie kart odrzuconych.

        Good:
            text: Połóż jeden tor. Weź Odpady.
        """)),
    CodeInfo("I18N021", W, "translation prints far smaller than the English", inspect.cleandoc("""
        The translation fits, but only at under three quarters of the font size the English
        gets in the same frame: players will find it hard to read. Shorten it.

        Bad:
            # en: "Ironworks" at 11 pt
            name: Zakłady hutnicze i walcownia stali  # fits at 7 pt

        Good:
            name: Huta
        """)),
    CodeInfo("I18N019", E, "overlay of an unknown or mismatched locale", inspect.cleandoc("""
        The overlay's `locale:` must equal its folder name, and a locale file
        content/locales/<code>.yaml must define it. An undefined locale folder is one finding
        (not one per file), saying where its files belong; so is a missing content/locales/.

        Bad:
            # content/terra/i18n/el/cards.yaml
            locale: pl

        Good:
            # content/terra/i18n/el/cards.yaml
            locale: el
        """)),
) + CONSISTENCY_CODES


def pair_diagnostics(pair: Pair, checks: Iterable[PairCheck]) -> Iterator[Diagnostic]:
    """Run pair checks and place their issues on the translated text (or plural form)."""
    for check in checks:
        for issue in check.run(pair):
            pointer = pair.entry.pointer + ("text",) + ((issue.form,) if issue.form else ())
            yield Diagnostic(check.code, check.severity,
                             f"{pair.env.locale.code}: {issue.message}", pair.entry.file,
                             object_id=pair.source.object_id, pointer=pointer)
