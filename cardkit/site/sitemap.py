"""The site's locales and where each page of the site is (:mod:`cardkit.site.api`'s map).

:class:`Site` knows every locale of the site (every gallery's, English first when built), its
interface strings and its own name, which cards each game's galleries have, and the path of
each page in each language: the site index, the search and report pages, a game's pages — so
the navigation, the language switcher and the reports' card links are one set of rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..i18n.pseudo import PSEUDO_CODE, pseudo_locale
from .html import search_file
from .messages import Messages

SOURCE = "en"


@dataclass(slots=True)
class Site:
    """The locales of the whole site (every gallery's, in order) and what each one needs: its
    interface strings and its own name. The first locale (English when built) has the site
    index and the reports at their plain paths."""

    codes: list[str]
    messages: dict[str, Messages]
    natives: dict[str, str]
    reports: bool
    cards: dict[str, dict[str, set[str]]] = field(default_factory=dict)  # game -> locale -> ids

    def card_links(self, code: str) -> dict[str, dict[str, str]]:
        """game -> card id -> its page from a report page in ``code``: the card in that
        language where the game has it, else in the game's first."""
        root = "../" * self.report_dir(code).count("/")
        out: dict[str, dict[str, str]] = {}
        for game, by_locale in self.cards.items():
            locale = code if code in by_locale else next(iter(by_locale))
            out[game] = {i: f"{root}{game}/{locale}/cards/{i}.html"
                         for i in sorted(by_locale[locale])}
        return out

    def home(self, code: str) -> str:
        """The site index in ``code``, relative to the site's top folder."""
        return "index.html" if code == self.codes[0] else f"index.{code}.html"

    def same_page(self, rel: str, games: dict[str, tuple[str, ...]]
                  ) -> list[tuple[str, str, str]]:
        """The page ``rel`` in every language it exists in: ``(code, native, rel)``. A game's
        pages switch between the game's locales (the translators' view, which English lacks,
        to the gallery); the site index, search and report pages between the site's."""
        parts = rel.split("/")
        if parts[0] in games and len(parts) >= 3:
            rest = "/".join(parts[2:])
            return [(c, self.natives[c], f"{parts[0]}/{c}/" + (
                "index.html" if rest == "review.html" and c in (SOURCE, PSEUDO_CODE) else rest))
                for c in games[parts[0]]]
        if parts[0] == "reports":
            return [(c, self.natives[c], self.report_dir(c) + parts[-1]) for c in self.codes]
        if parts[0].startswith("search."):
            return [(c, self.natives[c], self.search_page(c)) for c in self.codes]
        return [(c, self.natives[c], self.home(c)) for c in self.codes]

    def search_page(self, code: str) -> str:
        """The search page in ``code``, relative to the site's top folder (as the header's
        search form finds it: ``search.html`` for English, ``search.<code>.html`` else)."""
        return search_file(code)

    def report_dir(self, code: str) -> str:
        """The folder of the report pages in ``code`` (``reports/``, ``reports/el/``)."""
        return "reports/" if code == self.codes[0] else f"reports/{code}/"

    def nav(self, code: str, game: Any = None, review: bool = False
            ) -> list[tuple[str, str]]:
        """Links relative to the site's top folder (the writer prefixes the page's root)."""
        tr = self.messages[code]
        nav = [(tr("All games"), self.home(code))]
        if game is not None:
            nav.append((f"{game.title} · {self.natives[code]}",
                        f"{game.game}/{code}/index.html"))
            if review:
                nav.append((tr("Translators’ view"), f"{game.game}/{code}/review.html"))
        if self.reports:
            nav.append((tr("Reports"), self.report_dir(code) + "index.html"))
        return nav


def _locale_model(data: Any, code: str) -> Any:
    """The locale's definition (qps: English's number format and plurals)."""
    return pseudo_locale(data.locales[SOURCE]) if code == PSEUDO_CODE else data.locales[code]


def site_of(plan: list[Any], reports: bool) -> Site:
    """The site's locales from the plan's games (``.locales``, ``.data``), English first."""
    codes: list[str] = []
    models: dict[str, Any] = {}
    for item in sorted(plan, key=lambda i: SOURCE not in i.locales):
        for code in item.locales:
            if code not in models:
                codes.append(code)
                models[code] = _locale_model(item.data, code)
    if SOURCE in codes:
        codes.remove(SOURCE)
        codes.insert(0, SOURCE)
    return Site(codes, {c: Messages(c, models[c]) for c in codes},
                 {c: models[c].native_name for c in codes}, reports)
