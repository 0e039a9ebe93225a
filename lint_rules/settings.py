"""A run's settings: options, selected rules, per-file rule sets and the result cache's key.

libcst-free: the checker is imported only when a file is linted.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from .config import Config
from .discovery import Target, project_root
from .globs import GlobSet
from .model import FileResult, Finding, internal_error
from .registry import expand


@dataclass(slots=True)
class Options:
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False
    use_cache: bool = True
    report_unused: bool = False
    jobs: Optional[int] = None


def _fix_planned(finding: Finding) -> bool:
    from .fixes.plan import NO_FIX

    return finding.fix is not None or NO_FIX in finding.message


class RunSettings:
    def __init__(self, config: Config, codes: frozenset[str], options: Options) -> None:
        self.fix_outcomes: dict = {}  # (display, codes) -> (text, fix_text outcome)
        # the run's project index (lint_rules.project.Index; the engine builds it; forked
        # workers inherit it), and the last file's context (its proof, then its lint and fix)
        self.index = None
        self._context = None
        self.config = config
        self.codes = codes
        self.options = options
        self.scope = config.scope
        if config.target_version != "auto" and config.scope.target_version is None:
            # the rules that depend on the release read it from the scope (KVG006)
            self.scope = replace(config.scope, target_version=config.target_version)
        origin = f"{config.path or 'configuration'} [tool.kvguard] per-file-ignores"
        root = project_root(config)
        self._scope_dirs: dict[str, bool] = {}
        self._scope_globs: Optional[GlobSet] = None
        self._scope_probe: dict[str, bool] = {}
        self._base_word_cache: Optional[tuple] = None
        self._pfi = [
            (
                GlobSet([pattern], anchored=True, root=root),
                frozenset(c for s in sels for c in expand(s, f"{origin} {pattern!r}")),
            )
            for pattern, sels in config.per_file_ignores
        ]

    def codes_for(self, target: Target) -> frozenset[str]:
        """The selected rules minus the file's per-file-ignores (matched root-relative)."""
        codes = self.codes
        for matcher, ignored in self._pfi:
            if matcher.match(target.rel):
                codes = codes - ignored
        return codes

    def in_scope(self, target: Target) -> bool:
        """``scope.path_in_scope`` for a target of the run (its ``rel`` is the scope path when
        the scope has a root, else the display path is), with the parent directories' answer
        memoised: a glob set matches a path when it matches a parent directory or the path
        itself (``GlobSet.match``), so per file only the last step is left."""
        if self.dir_in_scope(target):
            return True
        if not self.scope.paths:
            return False
        path = self._scope_path(target)
        return self._globs().match_entry(path.rpartition("/")[2], path)

    def dir_likely_in_scope(self, target: Target) -> bool:
        """Are files of the target's directory likely backend code: in scope, judged by a
        made-up file name there (``**/layers/attention/**``, ``layers/attention/*.py``), or a
        directory path holding a word of the base-class patterns (``hardware_backend/npu/
        attention``: backends by a base class)? Memoised per directory; for ordering work
        only, never for deciding what is checked."""
        head = self._scope_path(target).rpartition("/")[0]
        hit = self._scope_probe.get(head)
        if hit is None:
            hit = False
            if self.scope.paths:
                probe = f"{head}/_.py" if head else "_.py"
                hit = self.dir_in_scope(target) or self._globs().match_entry("_.py", probe)
            if not hit:
                lowered = head.lower()
                hit = any(word in lowered for word in self._base_words())
            self._scope_probe[head] = hit
        return hit

    def _base_words(self) -> tuple:
        words = self._base_word_cache
        if words is None:
            import re

            words = self._base_word_cache = tuple(
                {
                    w.lower()
                    for p in self.scope.base_patterns
                    for w in re.findall(r"[A-Z][a-z]+|[a-z]{3,}", p)
                }
            )
        return words

    def dir_in_scope(self, target: Target) -> bool:
        """Is the target's directory in scope (then the target is)? Memoised per directory."""
        if not self.scope.paths:
            return False
        head, sep, _ = self._scope_path(target).rpartition("/")
        if not sep:
            return False
        hit = self._scope_dirs.get(head)
        if hit is None:
            hit = self._scope_dirs[head] = self._globs().match(head)
        return hit

    def _scope_path(self, target: Target) -> str:
        return target.rel if self.scope.root is not None else target.display

    def _globs(self):
        globs = self._scope_globs
        if globs is None:
            from .scope import scope_globs

            # once per run: ``scope_globs``'s cache key hashes the whole scope configuration
            globs = self._scope_globs = scope_globs(self.scope)
        return globs

    def fix_allowed(self, finding: Finding) -> bool:
        if finding.fix is None:
            return False
        return finding.fix.applicability == "safe" or self.options.unsafe_fixes

    def open_cache(self):
        from . import __version__
        from .cache import ResultCache, settings_key, tool_fingerprint

        scope = self.scope
        key = settings_key(
            {
                "tool": tool_fingerprint(),
                "root": self.config.root,
                "codes": sorted(self.codes),
                "scope": [
                    list(scope.paths),
                    list(scope.base_patterns),
                    scope.all_code,
                    scope.root,
                    list(scope.allocator_attributes),
                    scope.kvg004_write_gating,
                    list(scope.full_location_sources),
                    list(scope.swa_translators),
                ],
                "pfi": [[p, list(c)] for p, c in self.config.per_file_ignores],
                "unused": self.options.report_unused,
                "target": self.config.target_version,  # the fixes reported depend on it
            }
        )
        cache = ResultCache(self.config.resolved_cache_dir, __version__, key)
        cache.load()
        if cache.disabled:
            import sys

            sys.stderr.write(f"kvguard: warning: cache not used: {cache.load_error}\n")
        return cache

    def context(self, abspath: Optional[str]):
        """The ``context.FileContext`` of the file at ``abspath`` (None: not a file of the
        run): the last one made when it is for that file (what its triage proved, its lint
        saw), else a fresh one under the run's index."""
        from .context import FileContext

        last = self._context
        if last is not None and last.index is self.index:
            ctx = last.for_path(abspath)
        else:
            ctx = FileContext(self.index, abspath)
        self._context = ctx
        return ctx

    def lint(
        self, text: str, display: str, codes: frozenset[str], abspath: Optional[str] = None
    ) -> FileResult:
        """``checker.lint_text`` that never raises (a crash becomes the file's error). With
        ``abspath`` (a file of the run), a file that can matter through another module (the
        project index) is linted without the single-file prefilter."""
        from . import checker

        matters = False
        index = self.index
        ctx = self.context(abspath)
        try:
            if index is not None and abspath is not None:
                matters = index.gate(abspath, text.encode("utf-8", "surrogatepass"))[0]
            result = checker.lint_text(
                text,
                display,
                codes,
                self.scope,
                report_unused_suppressions=self.options.report_unused,
                prefilter=not matters,
                ctx=ctx,
            )
        except Exception as exc:  # the checker promises not to raise; never lose other files
            result = FileResult(path=display, error=internal_error(exc))
        result.path = display
        if result.error is None and any(_fix_planned(f) for f in result.findings):
            self._report_fixes(result, text, display, codes, ctx)
        return result

    def _report_fixes(self, result: FileResult, text: str, display: str, codes, ctx) -> None:
        """Each finding is reported with the fix ``fix_text`` really makes (one source for
        every fix count); the outcome is kept for this run's ``--fix``/``--diff``."""
        from . import fixer

        try:
            outcome = fixer.fix_text(
                text, display, codes, self.scope, self.target_version(), ctx=ctx
            )
        except Exception as exc:  # the fixer promises not to raise; report no fix then
            outcome = fixer.FixOutcome(text, [], list(result.findings), error=f"fix failed: {exc}")
        fixer.report_fixes(result, text, outcome)
        self.fix_outcomes[(display, codes)] = (text, outcome)

    def fix_outcome(self, text: str, display: str, codes):
        """The outcome :meth:`lint` computed for this text, if any (None otherwise)."""
        kept = self.fix_outcomes.pop((display, codes), None)
        return kept[1] if kept is not None and kept[0] == text else None

    def target_version(self) -> Optional[str]:
        tv = self.config.target_version
        return None if tv == "auto" else tv
