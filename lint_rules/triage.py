"""Triage: read a file and decide, as cheaply as possible, whether it needs a parse.

In order: the result cache by content hash; the per-file rule set; a byte-level needle test (and
backend scope test) for plain UTF-8 input; decoding; the checker's sound text prefilter (needles
and scope) and its stdlib-``ast`` proof. The outcome is typed: :class:`Settled` (decided here), :class:`Cached`
(found in the cache) or :class:`NeedsParse`. No libcst import.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Callable, Optional, Union

from .discovery import Target, os_reason
from .fileio import read_file
from .haystack import Haystack
from .model import FileResult
from .registry import RULES
from .scope import base_byte_pieces
from .settings import RunSettings
from .source import BOM, SourceDecodeError, _may_have_cookie, decode_source


@dataclass(slots=True)
class Settled:
    """Decided without a parse (or unreadable): store ``result`` when ``cacheable``."""

    result: FileResult
    st: Optional[os.stat_result]
    digest: Optional[str]
    cacheable: bool
    deps: Optional[list] = None  # the project index's dependencies (lint_rules.project)


@dataclass(slots=True)
class Cached:
    """The cache holds the result of these very bytes (its stat signature is refreshed)."""

    result: FileResult
    st: os.stat_result
    digest: str


@dataclass(slots=True)
class NeedsParse:
    st: os.stat_result
    digest: str
    deps: Optional[list] = None


Outcome = Union[Settled, Cached, NeedsParse]

# ``Triage.bytes_may_match``'s answers besides 0 (no rule can match)
MAYBE = 1  # not decided on bytes: the text prefilter decides
NEEDLES_FOUND = 2  # some rule's needles all present: the text prefilter's needle test agrees


class Triage:
    def __init__(self, settings: RunSettings) -> None:
        self.settings = settings
        self.report_unused = settings.options.report_unused
        self._needles = {
            code: tuple(
                tuple(n.encode("utf-8") for n in group)
                for group in RULES[code].needles_for(settings.scope)
            )
            for code in settings.codes
            if code in RULES
            and all(n.isascii() for group in RULES[code].needles_for(settings.scope) for n in group)
        }
        # Per selected code set: ``_plan``'s answer.
        self._needle_plans: dict[frozenset[str], tuple] = {}
        self._scope_pieces = base_byte_pieces(settings.scope)

    def bytes_may_match(
        self, data: bytes, codes: frozenset[str], hay: Optional[Haystack] = None
    ) -> int:
        """Byte-level form of the registry prefilter (every needle group present): 0 (no
        rule can match), ``NEEDLES_FOUND`` (some rule's needle groups are all present, so the
        text-level needle test says yes too) or ``MAYBE`` (not decided on bytes).

        Only used for UTF-8 input without a cookie: there an ASCII needle occurs in the bytes
        exactly when it occurs in the decoded text, so this never hides a file that
        ``checker.needs_parse`` would parse (it is implied by it). ``hay``: ``data`` with the
        needles already searched for in it (the project index's gate asks first).
        """
        if self.report_unused and (b"noqa" in data.lower() or b"kvguard" in data.lower()):
            return MAYBE
        plan = self._needle_plans.get(codes)
        if plan is None:
            plan = self._needle_plans[codes] = self._plan(codes)
        unknown, groups, rules = plan
        if unknown:
            return MAYBE
        # Each distinct group, and needle, is searched at most once (the rules share most).
        if hay is None:
            hay = Haystack(data)
        present: dict[int, bool] = {}
        for rule in rules:
            for g in rule:
                found = present.get(g)
                if found is None:
                    found = False
                    for n in groups[g]:
                        if hay.has(n):
                            found = True
                            break
                    present[g] = found
                if not found:
                    break
            else:
                return NEEDLES_FOUND
        return 0

    def bytes_out_of_scope(self, hay: Haystack, in_scope: Callable[[], bool]) -> bool:
        """Byte form of ``scope.scope_may_match``'s first test: True when that function answers
        False (out of the backend paths, and no base pattern has all its literal pieces in
        the text), so ``checker.needs_parse`` does too. Only for UTF-8 input without a cookie,
        as ``bytes_may_match``."""
        pieces = self._scope_pieces
        return (
            pieces is not None
            and not any(all(hay.has(p) for p in group) for group in pieces)
            and not in_scope()
        )

    def _plan(self, codes: frozenset[str]) -> tuple:
        """(a rule lacks byte needles, the distinct needle groups, per rule its groups'
        indices)."""
        groups: list[tuple] = []
        rules = []
        for code in sorted(codes):
            if code not in self._needles:
                continue
            indices = []
            for group in self._needles[code]:
                if group not in groups:
                    groups.append(group)
                indices.append(groups.index(group))
            rules.append(tuple(indices))
        unknown = any(code not in self._needles for code in codes)
        return unknown, tuple(groups), tuple(rules)

    def unparsed_result(self, text: str, display: str, codes: frozenset[str]) -> FileResult:
        """Result for a file the prefilter rules out; still scans suppressions when asked."""
        if self.report_unused:
            lowered = text.lower()
            if "noqa" in lowered or "kvguard" in lowered:
                # The checker scans suppression comments without parsing (no libcst import).
                return self.settings.lint(text, display, codes)
        return FileResult(path=display)

    def needs_parse(
        self,
        text: str,
        display: str,
        codes: frozenset[str],
        in_scope: Optional[bool] = None,
        needles_found: bool = False,
    ) -> bool:
        from . import checker

        return bool(codes) and checker.needs_parse(
            text, display, codes, self.settings.scope, in_scope, needles_found
        )

    def __call__(self, target: Target, cache) -> Outcome:
        """Read, decode and prefilter one file."""
        display = target.display
        try:
            st, data = read_file(target.abspath)
        except OSError as exc:
            return Settled(FileResult(path=display, error=os_reason(exc)), None, None, False)
        digest = None
        if cache is not None:
            entry = cache.entries.get(target.abspath)
            if isinstance(entry, list) and len(entry) > 3 and entry[3] is not None:
                from .cache import content_hash

                digest = content_hash(data)
                hit = cache.by_hash(target.abspath, display, st, digest, refresh=False)
                if hit is not None:
                    return Cached(hit, st, digest)
        codes = self.settings.codes_for(target)
        if not codes:
            return Settled(FileResult(path=display), st, None, True)
        # The project index: can this file matter through another module? Then neither the
        # byte nor the text prefilter (they see one file) may skip it: the whole-module proof
        # runs with the facts its imports bring (lint_rules.project), and the cache entry is
        # keyed on the files those facts came from.
        known: list[bool] = []  # the file's backend-path scope, computed when first asked

        def in_scope() -> bool:
            if not known:
                known.append(self.settings.in_scope(target))
            return known[0]

        hay = Haystack(data)  # byte needles searched for (the gate's and the rules')
        matters, deps = self.gate(target, hay, in_scope)
        deps = deps or None
        by_bytes = MAYBE
        if (
            not matters
            and not data.startswith(BOM)
            and not _may_have_cookie(data)
            and (
                not (by_bytes := self.bytes_may_match(data, codes, hay))
                # (reporting unused suppressions: the text's comments are read below)
                or (not self.report_unused and self.bytes_out_of_scope(hay, in_scope))
            )
        ):
            # UTF-8 by Python's rules and no rule can match (no needle, or no code that may
            # be backend code): validate the encoding only.
            if data.isascii():
                return Settled(FileResult(path=display), st, None, True, deps)
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                pass  # fall through to decode_source for the precise message
            else:
                return Settled(FileResult(path=display), st, None, True, deps)
        try:
            source = decode_source(data)
        except SourceDecodeError as exc:
            return Settled(FileResult(path=display, error=str(exc)), st, None, False)
        if matters or self.needs_parse(
            source.text, display, codes, in_scope(), by_bytes == NEEDLES_FOUND
        ):
            from . import checker

            ctx = self.settings.context(target.abspath)  # its lint reads what the proof saw
            scope = self.settings.scope
            proof_codes = codes if matters else checker.prefiltered(source.text, codes, scope)
            if not checker.proven_clean(source.text, proof_codes, scope, ctx):
                from .cache import content_hash

                return NeedsParse(st, digest or content_hash(data), deps)
        return Settled(self.unparsed_result(source.text, display, codes), st, None, True, deps)

    def gate(
        self, target: Target, hay: Haystack, in_scope: Callable[[], bool]
    ) -> tuple[bool, list]:
        index = self.settings.index
        if index is None:
            return False, []
        return index.gate(target.abspath, None, in_scope, hay)
