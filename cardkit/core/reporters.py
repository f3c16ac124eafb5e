"""Reporters: turn a :class:`~cardkit.core.diagnostics.Report` into text, JSON, GitHub workflow
commands or SARIF 2.1.0. Each returns a string; only the CLI prints."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from .diagnostics import CodeInfo, Diagnostic, Report, Severity
from .version import __version__

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def format_text(report: Report, codes: Iterable[CodeInfo] = ()) -> str:
    """``path:line:col: severity CODE message [object-id]`` per line, then the summary."""
    lines = [text_line(d) for d in report.diagnostics]
    lines.append(report.summary.line())
    return "\n".join(lines) + "\n"


def text_line(d: Diagnostic) -> str:
    """One diagnostic in the compiler-style text form."""
    suffix = f" [{d.object_id}]" if d.object_id else ""
    return f"{d.file}:{d.line}:{d.col}: {d.severity.value} {d.code} {d.message}{suffix}"


def format_json(report: Report, codes: Iterable[CodeInfo] = ()) -> str:
    """A JSON document with ``diagnostics`` and ``summary``."""
    return json.dumps({"diagnostics": [d.to_dict() for d in report.diagnostics],
                       "summary": report.summary.to_dict()}, indent=2, ensure_ascii=False) + "\n"


def _gh_escape(value: str, prop: bool = False) -> str:
    value = value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if prop:
        value = value.replace(":", "%3A").replace(",", "%2C")
    return value


def format_github(report: Report, codes: Iterable[CodeInfo] = ()) -> str:
    """GitHub Actions workflow commands (``::error file=…,line=…,col=…,title=CODE::message``)."""
    level = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}
    out = []
    for d in report.diagnostics:
        suffix = f" [{d.object_id}]" if d.object_id else ""
        props = (f"file={_gh_escape(d.file, True)},line={d.line},col={d.col},"
                 f"title={_gh_escape(d.code, True)}")
        out.append(f"::{level[d.severity]} {props}::{_gh_escape(d.message + suffix)}")
    out.append(report.summary.line())
    return "\n".join(out) + "\n"


def format_sarif(report: Report, codes: Iterable[CodeInfo] = ()) -> str:
    """A SARIF 2.1.0 log with one run, the rules used, and one result per diagnostic."""
    known = {c.code: c for c in codes}
    used = sorted({d.code for d in report.diagnostics})
    rules = []
    for code in used:
        info = known.get(code)
        rule: dict[str, object] = {"id": code}
        if info:
            rule["shortDescription"] = {"text": info.summary}
            if info.doc:
                rule["fullDescription"] = {"text": info.doc}
            rule["defaultConfiguration"] = {"level": _sarif_level(info.severity)}
        rules.append(rule)
    index = {code: i for i, code in enumerate(used)}
    results = []
    for d in report.diagnostics:
        result: dict[str, object] = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _sarif_level(d.severity),
            "message": {"text": d.message},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": d.file},
                    "region": {"startLine": d.line, "startColumn": d.col},
                },
                **({"logicalLocations": [{"name": d.object_id, "kind": "object"}]}
                   if d.object_id else {}),
            }],
        }
        results.append(result)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "cardkit", "version": __version__, "rules": rules}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _sarif_level(severity: Severity) -> str:
    return {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note"}[severity]


REPORTERS: dict[str, Callable[[Report, Iterable[CodeInfo]], str]] = {
    "text": format_text,
    "json": format_json,
    "github": format_github,
    "sarif": format_sarif,
}
