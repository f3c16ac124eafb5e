"""Terra's source checks: two independent reputable sources per card (TER019), no content farm
(TER020), no placeholder in a source (TER026), no publisher the content folder does not accept
(TER027). The rules themselves are in :mod:`.sources`; the content folder's own list of weak
publishers is ``sources-policy.yaml`` (:class:`~.model.SourcesPolicyFile`)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

from ....core.content import GameContent
from ....core.spec import Finding
from ..model import SourcesPolicyFile
from .sources import Policy, independent_count, placeholders, refusal, weak

#: The kind (and file) of the content folder's source policy.
POLICY_KIND = "sources-policy"


def policy_of(content: GameContent) -> Policy | None:
    """The content folder's source policy (``sources-policy.yaml``), or None without one."""
    model = content.models.get(f"{POLICY_KIND}.yaml")
    return Policy.of(model) if isinstance(model, SourcesPolicyFile) else None


def two_sources(content: GameContent) -> Iterator[Finding]:
    """A card cites at least two independent reputable sources: different publishers, neither
    Wikipedia nor one of its mirrors (those may be listed, but do not count), no placeholder
    (TER026) and no publisher the content's ``sources-policy.yaml`` does not accept (TER027).

    Bad:
        sources:
          - {publisher: Wikipedia, title: Angel Falls}
          - {publisher: Encyclopaedia Britannica, title: Angel Falls}

    Good:
        sources:
          - {publisher: Encyclopaedia Britannica, title: Angel Falls}
          - {publisher: UNESCO World Heritage Centre, title: Canaima National Park}
    """
    policy = policy_of(content)
    for rec in content.of("cards"):
        n = independent_count(rec.obj.sources, policy)
        if n < 2:
            listed = len(rec.obj.sources)
            yield Finding(f"{n} independent reputable source(s) of {listed} listed; a card needs "
                          "two (Wikipedia and its mirrors, placeholders and weak publishers do "
                          "not count; see the source policy)", rec, ("sources",))


def untrusted_source(content: GameContent) -> Iterator[Finding]:
    """No source is a content farm, an answers or essay site, a blog, a free app or page host,
    a shop or spam (the list is in :mod:`cardkit.games.terra.checks.sources`).

    Bad:
        - {publisher: reference.com, title: How Long Was the Berlin Wall?}

    Good:
        - {publisher: Encyclopaedia Britannica, title: Berlin Wall}
    """
    for rec in content.of("cards"):
        for i, s in enumerate(rec.obj.sources):
            why = refusal(s)
            if why is not None:
                yield Finding(why, rec, ("sources", i, "url" if s.url else "publisher"))


def placeholder_source(content: GameContent) -> Iterator[Finding]:
    """A source names a real publisher and a real title, and its url (when it has one) is a
    real page: a placeholder — ``TODO``, ``TBD``, ``FIXME``, ``xxx``, ``???``, ``-``, ``n/a``,
    ``unknown``, lorem ipsum, a blank, a ``<title>`` slot, a host reserved for examples
    (``example.com``), a publisher that is a web address or only the url's host again — is an
    error at that field, and the source does not count toward the two (TER019). With
    ``require_url: true`` in ``sources-policy.yaml``, a source without a url is one too.

    Bad:
        sources:
          - {publisher: TODO, title: tbd, url: 'https://www.britannica.com/place/Angel-Falls'}
          - {publisher: whc.unesco.org, title: xxx, url: 'https://whc.unesco.org/en/list/701'}

    Good:
        sources:
          - {publisher: Encyclopaedia Britannica, title: Angel Falls,
             url: 'https://www.britannica.com/place/Angel-Falls'}
          - {publisher: UNESCO World Heritage Centre, title: Canaima National Park,
             url: 'https://whc.unesco.org/en/list/701'}
    """
    policy = policy_of(content)
    require = policy.require_url if policy is not None else False
    for rec in content.of("cards"):
        for i, s in enumerate(rec.obj.sources):
            for name, why in placeholders(s, require):
                if name == "url" and s.url is None:
                    yield Finding("the source has no url, and sources-policy.yaml requires one "
                                  "(require_url): give the page it was read on", rec,
                                  ("sources", i))
                    continue
                yield Finding(f"the source's {name} {why}: give the real {name} (a source with "
                              "a placeholder does not count toward the two)", rec,
                              ("sources", i, name))


def weak_source(content: GameContent) -> Iterator[Finding]:
    """No source is from a publisher the content folder does not accept: ``sources-policy.yaml``
    lists them (tabloids, satire, propaganda outlets), each with its names and web hosts. A
    source with a url is matched by its host, one without by its publisher's name; it does not
    count toward the two (TER019).

    Bad:
        # sources-policy.yaml lists {id: daily-mail, names: [Daily Mail], hosts: [dailymail.co.uk]}
        - {publisher: Daily Mail, title: Angel Falls facts,
           url: 'https://www.dailymail.co.uk/travel/angel-falls.html'}

    Good:
        - {publisher: Encyclopaedia Britannica, title: Angel Falls,
           url: 'https://www.britannica.com/place/Angel-Falls'}
    """
    policy = policy_of(content)
    if policy is None:
        return
    for rec in content.of("cards"):
        for i, s in enumerate(rec.obj.sources):
            found = weak(s, policy)
            if found is not None:
                how = "its url's host" if s.url is not None else "its name"
                yield Finding(f"{s.publisher.strip()!r} is a publisher this content does not "
                              f"accept ({found.id} in sources-policy.yaml, by {how}: "
                              f"{found.why}); it does not count toward the two — cite a "
                              "reputable source instead", rec,
                              ("sources", i, "url" if s.url is not None else "publisher"))


def answer_checked(content: GameContent) -> Iterator[Finding]:
    """Every answer carries its verification record, ``checked``: the day its figure was read
    in the sources (a real date, not in the future) and which of the card's sources give it
    (``by``, 1 = the first listed). On a confirmed card those are two independent reputable
    sources at least (as TER019 counts them: distinct publishers and sites, no Wikipedia, no
    placeholder, no weak publisher); a ``status: provisional`` card may rest on one. Where the
    sources disagree, the answer says so with ``range`` and ``basis`` (TER025).

    Bad:
        answer: {value: 2810, unit: m}      # no record of who gives 2,810 m, or when

    Good:
        answer:
          value: 2772
          unit: m
          checked: {on: 2026-12-07, by: [1, 2]}
    """
    policy = policy_of(content)
    today = datetime.date.today()
    for rec in content.of("cards"):
        card = rec.obj
        for i, q in enumerate(card.bars):
            path: tuple[str | int, ...] = ("bars", i, "answer")
            checked = q.answer.checked
            if checked is None:
                yield Finding("the answer has no verification record: add `checked: {on: "
                              "YYYY-MM-DD, by: [the sources that give it]}`", rec, path)
                continue
            try:
                day = datetime.date.fromisoformat(checked.on)
            except ValueError:
                yield Finding(f"{checked.on!r} is not a date", rec, path + ("checked", "on"))
                continue
            if day > today:
                yield Finding(f"the answer is recorded as verified on {checked.on}, a day still "
                              "to come", rec, path + ("checked", "on"))
            bad = [n for n in checked.by if n > len(card.sources)]
            for n in bad:
                yield Finding(f"source {n} does not exist: the card lists "
                              f"{len(card.sources)}", rec,
                              path + ("checked", "by", checked.by.index(n)))
            if bad or card.status == "provisional":
                continue
            used = [card.sources[n - 1] for n in dict.fromkeys(checked.by)]
            if independent_count(used, policy) < 2:
                yield Finding("the answer is verified by fewer than two independent reputable "
                              f"sources (by: {checked.by}); find a second one, or mark the "
                              "card `status: provisional`", rec, path + ("checked", "by"))


__all__ = ["POLICY_KIND", "answer_checked", "placeholder_source", "policy_of", "two_sources",
           "untrusted_source", "weak_source"]
