"""The page shell of the site and HTML escaping.

Every page: ``<!doctype html>``, ``<html lang>``, charset and viewport, the shipped style sheet, a
skip link to ``<main id="main">``, the site navigation, the language switcher (this page in every
language it exists in), the search form (instant search over the page's game and locale, submitting
to the search page; see :mod:`cardkit.site.search`) and the page's scripts, all by relative URL
(``root`` leads back to the site's top folder) so the site opens from the file system. Nothing here
depends on the clock or on dict order: the same arguments give the same bytes.
"""

from __future__ import annotations

import json
from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the catalog imports esc from here
    from .messages import Messages

#: Scripts every page loads (the list of search indexes and the search), relative to the site's
#: top; ``search.js`` adds the indexes a search needs itself, when it starts.
SEARCH_SCRIPTS = ("assets/index/catalog.js", "assets/search.js")


def esc(text: object) -> str:
    """``text`` as HTML text or attribute value (``&``, ``<``, ``>``, both quotes escaped)."""
    return escape(str(text), quote=True)


def attrs(pairs: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> str:
    """`` name="value"`` for every pair, in the order given."""
    return "".join(f' {name}="{esc(value)}"' for name, value in pairs)


def search_file(code: str) -> str:
    """The search page of a locale, relative to the site's top folder: ``search.html`` for
    English (the site's first locale whenever it is built), ``search.<code>.html`` for others."""
    return "search.html" if code == "en" else f"search.{code}.html"


def search_form(root: str, tr: Messages) -> str:
    """The header's search form: it submits (GET, ``?q=``) to the search page of the page's
    locale; ``search.js`` shows the first results as one types (``#results``), over the page's
    own game and locale on its pages (the ``#search-every`` link then leads to every game)."""
    noscript = tr("Search needs JavaScript; every card is also reachable from the galleries.")
    target = esc(root + search_file(tr.code))
    return (f'<form role="search" id="search" data-root="{esc(root)}" '
            f'action="{target}" method="get" autocomplete="off">'
            f'<label for="q">{esc(tr("Search all cards, every game and language"))}</label> '
            '<input id="q" type="search" name="q" spellcheck="false" '
            f'placeholder="{esc(tr("Card name or text"))}" aria-describedby="search-status">'
            f' <a id="search-every" href="{target}" hidden>{esc(tr("Search every game"))}</a>'
            f'<noscript><p class="meta">{esc(noscript)}</p></noscript>'
            '</form>\n'
            '<p id="search-status" class="meta"></p>\n'
            '<ul id="results" aria-live="polite"></ul>\n')


def script_messages(tr: Messages) -> dict[str, Any]:
    """What the page's scripts say, in the page's locale (read by ``search.js`` and
    ``filter.js`` from the ``cardkit-messages`` JSON blob)."""
    sep = ""
    if tr.locale is not None and tr.locale.group_chars:
        sep = tr.locale.group_chars[0]
        sep = "\u00a0" if sep.isspace() else sep
    return {
        "cards": tr.plural_forms("{n} card", "{n} cards"),
        "fields": tr.plural_forms("{n} field shown", "{n} fields shown"),
        "found": tr.plural_forms("{n} card found.", "{n} cards found."),
        "showing": tr.plural_forms("Showing {shown} of {n} card found.",
                                   "Showing {shown} of {n} cards found."),
        "none": tr("No card matches."),
        "more": tr.plural_forms("See all {n} result", "See all {n} results"),
        "range": tr.plural_forms("Showing {first}–{last} of {n} card",
                                 "Showing {first}–{last} of {n} cards"),
        "pageOf": tr("Page {page} of {pages}"),
        "scope": tr("Search {game} · {language}"),
        "loading": tr("Loading the search index…"),
        "badField": tr("Unknown field “{field}”: the fields are {fields}."),
        "badNumber": tr("“{field}” needs a number, as in {example}."),
        "badOp": tr("“{field}” takes “:”, as in {example}."),
        "group": sep,
        "groupMin": tr.locale.group_min_digits if tr.locale is not None else 4,
    }


def json_blob(element_id: str, data: Any) -> str:
    """``data`` as a JSON ``<script>`` data block (never run; ``</`` escaped)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("</", "<\\/").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f'<script type="application/json" id="{esc(element_id)}">{text}</script>\n'


def language_switcher(languages: list[tuple[str, str, str]], lang: str, tr: Messages) -> str:
    """The links to this page in the other languages: ``(code, the language's own name, href)``
    each, the page's own marked ``aria-current``; nothing with one language."""
    if len(languages) < 2:
        return ""
    items = "".join(
        f'<li><a href="{esc(href)}" lang="{esc(code)}" hreflang="{esc(code)}"'
        + (' aria-current="page"' if code == lang else "") + f">{esc(native)}</a></li>"
        for code, native, href in languages)
    return f'<nav class="languages" aria-label="{esc(tr("Language"))}"><ul>{items}</ul></nav>\n'


def page(*, title: str, lang: str, body: str, root: str, nav: list[tuple[str, str]],
         tr: Messages, scripts: tuple[str, ...] = (),
         languages: list[tuple[str, str, str]] = ()) -> str:  # type: ignore[assignment]
    """A whole HTML page in the locale ``lang`` (its interface strings from ``tr``).
    ``root`` is the relative URL of the site's top folder (``""``, ``"../"``,
    ``"../../../"``); ``nav`` are ``(label, href)`` links; ``scripts`` are paths relative to
    the top folder, loaded after the search scripts; ``languages`` are ``(code, name, href)``
    of this page in every language of its own (the language switcher)."""
    links = "".join(f'<li><a href="{esc(href)}">{esc(label)}</a></li>' for label, href in nav)
    tags = "".join(f'<script src="{esc(root + s)}"></script>\n'
                   for s in (*SEARCH_SCRIPTS, *(s for s in scripts if s not in SEARCH_SCRIPTS)))
    return (
        "<!doctype html>\n"
        f'<html lang="{esc(lang)}">\n'
        "<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n"
        f'<link rel="stylesheet" href="{esc(root)}assets/site.css">\n'
        "</head>\n"
        "<body>\n"
        f'<a class="skip" href="#main">{esc(tr("Skip to content"))}</a>\n'
        '<header class="site">\n'
        f'<nav aria-label="{esc(tr("Site"))}"><ul>{links}</ul></nav>\n'
        f"{language_switcher(list(languages), lang, tr)}"
        f"{search_form(root, tr)}"
        "</header>\n"
        f'<main id="main">\n{body}</main>\n'
        f"{json_blob('cardkit-messages', script_messages(tr))}"
        f"{tags}"
        "</body>\n"
        "</html>\n"
    )
