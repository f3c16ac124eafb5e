"""``cardkit site``: a static site of the content (galleries, card pages, search, reviews)."""

from __future__ import annotations

from .api import SiteJob, SiteResult, build_site

__all__ = ["SiteJob", "SiteResult", "build_site"]
