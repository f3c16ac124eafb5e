"""Terra's source policy: which references count toward a card's two independent sources.

A card's answers are checked against at least two **independent reputable** sources:
encyclopaedias with editors, official bodies (UNESCO, NASA, a national park service, the owner of
a structure), national statistics, peer-reviewed papers, museums and universities, major press.

- Wikipedia and its mirrors may be listed but never count: they are where a reviewer starts,
  not what a reviewer trusts (:data:`NOT_COUNTED`).
- Content farms, SEO question sites, blogs, app-hosting pages, shops and spam are refused
  outright (:data:`UNTRUSTED`, :data:`UNTRUSTED_SUFFIXES`): a card citing one is an error.
- Two sources are independent when their publishers differ (and their web sites, if given).

A source is judged by its ``url`` host when it has one, else by its ``publisher`` (which may be
a bare domain name, as older cards wrote them).
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import urlsplit

from .model import Source

#: Hosts (and their subdomains) that may be listed but do not count: Wikipedia and its mirrors.
NOT_COUNTED: tuple[str, ...] = (
    "wikipedia.org", "wikimedia.org", "wikiwand.com", "dbpedia.org", "wikidata.org",
    "wiki2.org", "wikizero.com", "infogalactic.com", "everybodywiki.com", "justapedia.org",
    "kiddle.co", "simple.wikipedia.org", "db0nus869y26v.cloudfront.net",
)
#: Publisher names (normalised) that mean the same as :data:`NOT_COUNTED`.
NOT_COUNTED_NAMES: tuple[str, ...] = (
    "wikipedia", "english wikipedia", "simple english wikipedia", "wikimedia", "wikiwand",
    "dbpedia", "wikidata", "kiddle", "everybodywiki",
)
#: Hosts refused outright: content farms, SEO answer sites, aggregators of scraped text, spam.
UNTRUSTED: tuple[str, ...] = (
    "reference.com", "liquisearch.com", "ask.com", "answers.com", "wisegeek.com", "ehow.com",
    "ukessays.com", "studymode.com", "coursehero.com", "chegg.com",
    "quora.com", "reddit.com", "answers.yahoo.com", "enotes.com", "wikihow.com",
    "facts.net", "factslegend.org", "thefactfile.org", "kidadl.com", "worldatlas.com",
    "amateurgeeksex.com", "mafiacorruption.pl", "themodelist.ru", "pinterest.com",
    "amazon.com", "ebay.com", "etsy.com", "aliexpress.com", "tripadvisor.com",
    "getyourguide.com", "viator.com", "booking.com",
)
#: Host endings refused outright: personal blogs and free app or page hosting.
UNTRUSTED_SUFFIXES: tuple[str, ...] = (
    ".web.app", ".firebaseapp.com", ".netlify.app", ".vercel.app", ".github.io",
    ".wordpress.com", ".blogspot.com", ".medium.com", ".substack.com", ".tumblr.com",
    ".wixsite.com", ".weebly.com",
)
_DOMAIN = re.compile(r"^(?:[a-z0-9-]+\.)+[a-z]{2,}$")


def host(source: Source) -> str | None:
    """The web host a source stands for: its URL's, or a publisher written as a domain."""
    if source.url:
        name = (urlsplit(source.url).hostname or "").lower()
    else:
        name = source.publisher.strip().lower().split()[0] if source.publisher.strip() else ""
        if not _DOMAIN.match(name):
            return None
    return name[4:] if name.startswith("www.") else name


def _matches(name: str, hosts: tuple[str, ...]) -> bool:
    return any(name == h or name.endswith("." + h) for h in hosts)


def normalise(text: str) -> str:
    """A publisher name for comparison: no accents, case, punctuation or leading 'the'."""
    text = unicodedata.normalize("NFKD", text.replace("æ", "ae").replace("Æ", "Ae")
                                 .replace("œ", "oe").replace("Œ", "Oe"))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"[^a-z0-9]+", " ", text).strip()
    return text[4:] if text.startswith("the ") else text


def refusal(source: Source) -> str | None:
    """Why this source may not be cited at all (a content farm, blog, shop …), or None."""
    name = host(source)
    if name is None:
        return None
    if _matches(name, UNTRUSTED) or name.endswith(UNTRUSTED_SUFFIXES):
        return f"{name} is not a reputable source (a content farm, blog, shop or spam site)"
    return None


def counts(source: Source) -> bool:
    """Whether the source counts toward the two (not refused, not Wikipedia or a mirror)."""
    if refusal(source) is not None:
        return False
    name = host(source)
    if name is not None and _matches(name, NOT_COUNTED):
        return False
    return normalise(source.publisher) not in NOT_COUNTED_NAMES


def independent_count(sources: list[Source]) -> int:
    """How many counting sources have distinct publishers and distinct web sites."""
    publishers: set[str] = set()
    sites: set[str] = set()
    n = 0
    for s in sources:
        if not counts(s):
            continue
        pub, site = normalise(s.publisher), host(s)
        if pub in publishers or (site is not None and _site(site) in sites):
            continue
        publishers.add(pub)
        if site is not None:
            sites.add(_site(site))
        n += 1
    return n


def _site(name: str) -> str:
    """The registrable part of a host (``whc.unesco.org`` -> ``unesco.org``; keeps ``co.uk``)."""
    parts = name.split(".")
    if len(parts) >= 3 and len(parts[-1]) == 2 and parts[-2] in ("co", "ac", "gov", "org",
                                                                  "com", "edu", "net"):
        return ".".join(parts[-3:])
    return ".".join(parts[-2:])
