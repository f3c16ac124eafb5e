"""Terra's source policy: which references count toward a card's two independent sources.

A card's answers are checked against at least two **independent reputable** sources:
encyclopaedias with editors, official bodies (UNESCO, NASA, a national park service, the owner of
a structure), national statistics, peer-reviewed papers, museums and universities, major press.

- Wikipedia and its mirrors may be listed but never count: they are where a reviewer starts,
  not what a reviewer trusts (:data:`NOT_COUNTED`).
- Content farms, SEO question sites, blogs, app-hosting pages, shops and spam are refused
  outright (:data:`UNTRUSTED`, :data:`UNTRUSTED_SUFFIXES`): a card citing one is an error.
- Two sources are independent when their publishers differ (and their web sites, if given).
- A source names a real publisher, a title and (when it has one) a real url: a placeholder
  (``TODO``, ``TBD``, ``xxx``, ``n/a``, ``example.com`` …) never counts (:func:`placeholders`).
- The content folder may declare publishers it does not accept (``sources-policy.yaml``, a
  :class:`~.model.SourcesPolicyFile`): a source from one never counts (:func:`weak`).

A source is judged by its ``url`` host when it has one, else by its ``publisher`` (which may be
a bare domain name, as older cards wrote them).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache, wraps
from typing import Any, TypeVar
from urllib.parse import urlsplit

from ..model import Source, SourcesPolicyFile, WeakPublisher

T = TypeVar("T")

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

#: Whole values that stand for "not filled in yet" (compared as lower-case words).
PLACEHOLDER_VALUES: frozenset[str] = frozenset({
    "todo", "to do", "tbd", "tba", "tbc", "fixme", "fix me", "n a", "na", "none", "null", "nil",
    "undefined", "unknown", "placeholder", "dummy", "test", "sample", "example", "foo", "asdf",
    "qwerty", "lorem", "lorem ipsum", "publisher", "title", "source", "url", "link", "missing",
    "empty", "blank", "same", "ditto", "ibid", "idem", "see above", "to be determined",
    "to be added", "to be confirmed", "to be announced", "coming soon", "wip",
})
#: Markers that make any value a placeholder, wherever they stand in it (as words). ``xxx``
#: only counts as the whole value: Super Bowl XXX is a title.
_MARKER = re.compile(r"(?<![\w-])(?:todo|fixme|tbd)(?![\w-])|\?\?|lorem ipsum", re.IGNORECASE)
_ONLY_X = re.compile(r"^x{2,}$")
#: A template slot left in: ``<publisher>``, ``[title]``, ``{url}``.
_SLOT = re.compile(r"^\s*[<\[{][^<>\[\]{}]*[>\]}]\s*$")
#: Host names reserved for examples and tests (RFC 2606 / 6761): never a real source.
_RESERVED_HOSTS = ("example.com", "example.net", "example.org", "localhost")
_RESERVED_TLDS = ("example", "invalid", "test", "localhost", "local")
#: A url's host label or path segment that is a placeholder (a whole segment).
_URL_WORDS = frozenset({"todo", "tbd", "tba", "fixme", "placeholder", "xxx", "lorem",
                        "lorem-ipsum", "dummy", "undefined", "null", "none"})


def _by_fields(fn: Callable[..., T]) -> Callable[..., T]:
    """``fn(source, *more)`` remembered by what it reads of the source (its publisher, title
    and url) and the other arguments: the language server checks the same sources after every
    keystroke."""
    seen: dict[tuple[Any, ...], T] = {}

    @wraps(fn)
    def remembered(source: Source, *more: Any) -> T:
        key = (source.publisher, source.title, source.url, *more)
        if key not in seen:
            if len(seen) > 65536:
                seen.clear()
            seen[key] = fn(source, *more)
        return seen[key]
    return remembered


@_by_fields
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


@lru_cache(maxsize=65536)
def normalise(text: str) -> str:
    """A publisher name for comparison: no accents, case, punctuation or leading 'the'."""
    text = unicodedata.normalize("NFKD", text.replace("æ", "ae").replace("Æ", "Ae")
                                 .replace("œ", "oe").replace("Œ", "Oe"))
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = re.sub(r"[^a-z0-9]+", " ", text).strip()
    return text[4:] if text.startswith("the ") else text


@_by_fields
def refusal(source: Source) -> str | None:
    """Why this source may not be cited at all (a content farm, blog, shop …), or None."""
    name = host(source)
    if name is None:
        return None
    if _matches(name, UNTRUSTED) or name.endswith(UNTRUSTED_SUFFIXES):
        return f"{name} is not a reputable source (a content farm, blog, shop or spam site)"
    return None


def placeholder_text(text: str) -> str | None:
    """Why a publisher or title is a placeholder (``TODO``, ``TBD``, ``xxx``, ``???``, ``-``,
    ``n/a``, ``unknown``, lorem ipsum, blank, ``<title>`` …), or None for a real value."""
    if not any(c.isalnum() for c in text):
        return "is blank" if not text.strip() else f"{text.strip()!r} is only punctuation"
    words = " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())
    marker = _MARKER.search(text)
    if words in PLACEHOLDER_VALUES or _ONLY_X.match(words) or _SLOT.match(text):
        return f"{text.strip()!r} is a placeholder"
    if marker is not None:
        return f"{text.strip()!r} holds the placeholder {marker.group(0)!r}"
    return None


def placeholder_url(url: str) -> str | None:
    """Why a url is a placeholder (a host reserved for examples, a ``/todo`` or ``xxx``
    segment), or None."""
    parts = urlsplit(url)
    name = (parts.hostname or "").lower()
    if _matches(name, _RESERVED_HOSTS) or name.rsplit(".", 1)[-1] in _RESERVED_TLDS:
        return f"{url!r} is on {name}, a host reserved for examples"
    words = [w for w in name.split(".")[:-1] if w != "www"]
    words += [w.casefold() for w in parts.path.split("/") if w]
    found = next((w for w in words if w in _URL_WORDS), None)
    return None if found is None else f"{url!r} holds the placeholder {found!r}"


@_by_fields
def placeholders(source: Source, require_url: bool = False) -> list[tuple[str, str]]:
    """``(field, why)`` for every field of a source that is a placeholder or missing: a
    publisher, a title and a url (when it has one, or when ``require_url``) must be real. A
    publisher that is a web address, or only the url's host repeated, names no one."""
    out: list[tuple[str, str]] = []
    for name in ("publisher", "title"):
        why = placeholder_text(getattr(source, name))
        if why is not None:
            out.append((name, why))
    if source.url is not None:
        why = placeholder_url(source.url)
        if why is not None:
            out.append(("url", why))
        site = host(source)
        pub = source.publisher.strip().casefold().removeprefix("www.").rstrip("/")
        if site and not any(f == "publisher" for f, _ in out) and pub in (site, f"www.{site}"):
            out.append(("publisher", f"{source.publisher.strip()!r} only repeats the url's host"))
    elif require_url:
        out.append(("url", "has no url, and sources-policy.yaml requires one"))
    if "://" in source.publisher and not any(f == "publisher" for f, _ in out):
        out.append(("publisher", f"{source.publisher.strip()!r} is a web address"))
    return out


@dataclass(frozen=True, slots=True, eq=False)
class Policy:
    """A content folder's source policy, ready for lookups: weak publishers by normalised name
    and by host, and whether every source needs a url."""

    names: dict[str, WeakPublisher] = field(default_factory=dict)
    hosts: tuple[tuple[str, WeakPublisher], ...] = ()
    require_url: bool = False

    @classmethod
    def of(cls, model: SourcesPolicyFile) -> Policy:
        """The lookup form of a validated ``sources-policy.yaml`` (the same object for the same
        policy: :func:`counts` remembers its answers per policy)."""
        return _policy_of(model.model_dump_json())


@lru_cache(maxsize=16)
def _policy_of(dumped: str) -> Policy:
    model = SourcesPolicyFile.model_validate_json(dumped)
    names: dict[str, WeakPublisher] = {}
    for w in model.weak_publishers:
        for n in w.names:
            names.setdefault(normalise(n), w)
    hosts = tuple((h.removeprefix("www."), w) for w in model.weak_publishers for h in w.hosts)
    return Policy(names, hosts, model.require_url)


def weak(source: Source, policy: Policy | None) -> WeakPublisher | None:
    """The declared weak publisher a source is from, or None: by the url's host when the
    source has a url (papers may share a name), else by the publisher's name."""
    if policy is None:
        return None
    if source.url is not None:
        name = host(source) or ""
        return next((w for h, w in policy.hosts if name == h or name.endswith("." + h)), None)
    return policy.names.get(normalise(source.publisher))


@_by_fields
def counts(source: Source, policy: Policy | None = None) -> bool:
    """Whether the source counts toward the two: not refused, not Wikipedia or a mirror, no
    placeholder in it, not from a publisher the content's policy does not accept."""
    return _counts(source, policy)


def _counts(source: Source, policy: Policy | None) -> bool:
    if refusal(source) is not None:
        return False
    if placeholders(source, policy.require_url if policy is not None else False):
        return False
    if weak(source, policy) is not None:
        return False
    name = host(source)
    if name is not None and _matches(name, NOT_COUNTED):
        return False
    return normalise(source.publisher) not in NOT_COUNTED_NAMES


def independent_count(sources: list[Source], policy: Policy | None = None) -> int:
    """How many counting sources have distinct publishers and distinct web sites."""
    publishers: set[str] = set()
    sites: set[str] = set()
    n = 0
    for s in sources:
        if not counts(s, policy):
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
