"""The page shell of the site and HTML escaping.

Every page: ``<!doctype html>``, ``<html lang>``, charset and viewport, the shipped style sheet,
a skip link to ``<main id="main">``, the site navigation, the search form (instant search over
every game and locale, see :mod:`cardkit.site.search`) and the page's scripts, all by relative
URL (``root`` leads back to the site's top folder) so the site opens from the file system.
Nothing here depends on the clock or on dict order: the same arguments give the same bytes.
"""

from __future__ import annotations

from html import escape

#: Scripts every page loads (the search index and the search), relative to the site's top.
SEARCH_SCRIPTS = ("assets/search-index.js", "assets/search.js")


def esc(text: object) -> str:
    """``text`` as HTML text or attribute value (``&``, ``<``, ``>``, both quotes escaped)."""
    return escape(str(text), quote=True)


def attrs(pairs: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> str:
    """`` name="value"`` for every pair, in the order given."""
    return "".join(f' {name}="{esc(value)}"' for name, value in pairs)


def search_form(root: str) -> str:
    """The search form and its results list (filled by ``search.js``)."""
    return (f'<form role="search" id="search" data-root="{esc(root)}" lang="en" '
            'action="#" autocomplete="off">'
            '<label for="q">Search all cards, every game and language</label> '
            '<input id="q" type="search" name="q" spellcheck="false" '
            'aria-describedby="search-status">'
            '<noscript><p class="meta">Search needs JavaScript; every card is also reachable '
            'from the galleries.</p></noscript>'
            '</form>\n'
            '<p id="search-status" class="meta" lang="en"></p>\n'
            '<ul id="results" aria-live="polite"></ul>\n')


def page(*, title: str, lang: str, body: str, root: str, nav: list[tuple[str, str]],
         scripts: tuple[str, ...] = ()) -> str:
    """A whole HTML page. ``root`` is the relative URL of the site's top folder (``""``,
    ``"../"``, ``"../../../"``); ``nav`` are ``(label, href)`` links; ``scripts`` are paths
    relative to the top folder, loaded after the search scripts."""
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
        '<a class="skip" href="#main" lang="en">Skip to content</a>\n'
        '<header class="site" lang="en">\n'
        f'<nav aria-label="Site"><ul>{links}</ul></nav>\n'
        f"{search_form(root)}"
        "</header>\n"
        f'<main id="main">\n{body}</main>\n'
        f"{tags}"
        "</body>\n"
        "</html>\n"
    )
