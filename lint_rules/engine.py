"""The orchestrating engine: triage every target, parse what needs it, fix, report.

The jobs live in their own modules: :mod:`~lint_rules.discovery` (which files),
:mod:`~lint_rules.fileio` (read, atomic write, diff), :mod:`~lint_rules.triage` (cache lookup
and prefilter, typed outcomes), :mod:`~lint_rules.workers` (the one process pool) and
:mod:`~lint_rules.settings` (options, per-file rules, cache key). The engine never imports
libcst itself: only the files triage cannot rule out are parsed, in worker processes when there
are enough of them to pay for the fork. Files and stdin go through one fix-and-encode path
(:meth:`Engine.settle_fix`). Output order is the sorted display path order whatever ``--jobs``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Optional

from .config import Config
from .discovery import Discovery, Target, make_target, os_reason
from .fileio import atomic_write, file_size, read_file, unified_diff
from .model import FileResult, Finding, internal_error
from .settings import Options, RunSettings
from .source import (
    DecodedSource,
    SourceDecodeError,
    SourceEncodeError,
    decode_source,
    encode_source,
)
from .triage import Cached, NeedsParse, Settled, Triage
from .workers import WorkerPool, can_fork, cpu_count

__all__ = ["Engine", "FileReport", "Options", "RunReport"]

# Fork workers only when the files to parse are worth it (a fork + libcst import is ~0.1 s).
MIN_PARALLEL_FILES = 2
MIN_PARALLEL_BYTES = 48 * 1024
# From this many uncached files on, the triage itself is split across processes, in chunks
# (about TRIAGE_CHUNKS_PER_JOB per process, so the processes balance each other); below it,
# triage here first, then fork for the parse queue only if it is worth it. Below it the
# executor's start (its import, the fork, the result queue) costs more than the second process
# saves: an attention directory (about 140 files) triages faster here (benchmarks/speed.py).
MIN_PARALLEL_PENDING = 256
# From this many uncached files on, the byte needles are searched with libc ``strstr``
# (lint_rules/haystack.py): its ``ctypes`` import costs a few ms (and, done before the fork,
# spares each worker its own import for ``PR_SET_PDEATHSIG``).
MIN_FAST_SEARCH = MIN_PARALLEL_PENDING
# A chunk costs a worker ~0.2-0.5 ms to hand out and report on a busy two-core machine (the
# executor's threads here wake for each one: the sglang 0.5.23 tree had 218 chunks at 32 and
# 4, 25-35 ms per worker), a parse ~50 ms. 16 and 8 were ~25 ms faster there (also with
# KVG004, KVG005, the project index active), no slower on trees with many parses.
TRIAGE_CHUNKS_PER_JOB = 16
SCOPED_CHUNK = 8  # files per chunk in backend scope (each may cost as much as a whole chunk)


@dataclass(slots=True)
class FileReport:
    target: Target
    result: FileResult
    fixed: list[Finding] = field(default_factory=list)
    diff: Optional[str] = None
    fix_error: Optional[str] = None
    fix_target: Optional[str] = None


@dataclass(slots=True)
class RunReport:
    files: list[FileReport] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    stats: dict = field(default_factory=dict)
    fix_errors: int = 0


def _import_checker() -> None:
    # Forked workers inherit the checker and the stdlib-ast reduction; libcst itself is
    # imported only by a process that meets a file the reduction cannot prove clean.
    from . import checker, reduce  # noqa: F401


def _import_parser() -> None:
    try:
        import libcst  # noqa: F401
    except ImportError:  # pragma: no cover - reported per file by the checker
        pass


class Engine:
    def __init__(self, config: Config, codes: frozenset[str], options: Options) -> None:
        self.config = config
        self.codes = codes
        self.options = options
        self.settings = RunSettings(config, codes, options)
        self.triage = Triage(self.settings)
        self._targets: list[Target] = []
        self._cache = None
        self._chunks: list[list[int]] = []
        # The project index (lint_rules.project): built lazily from the project root, so a run
        # that names only changed files still sees what they import.
        from .discovery import project_root
        from .project import Index

        scope = self.settings.scope
        self.settings.index = Index(
            project_root(config),
            tuple(getattr(scope, "allocator_attributes", None) or ())
            or ("token_to_kv_pool_allocator",),
            tuple(scope.base_patterns),
            scope,
        )

    # -- a whole run -------------------------------------------------------------------------

    def run(self, discovery: Discovery) -> RunReport:
        report = RunReport(errors=list(discovery.errors))
        cache = self.settings.open_cache() if self.options.use_cache else None
        targets = discovery.targets
        stats = {"files": len(targets), "cached": 0, "prefiltered": 0, "parsed": 0}
        results = self._lint(targets, cache, stats)
        report.files = [FileReport(t, r) for t, r in zip(targets, results)]
        if self.options.fix or self.options.diff:
            self._apply_fixes(report, cache)
        if cache is not None:
            cache.save()
            stats["cache_file"] = cache.path
            if cache.load_error:
                stats["cache_load_error"] = cache.load_error
        report.stats = stats
        return report

    # -- linting -----------------------------------------------------------------------------

    def _lint(self, targets: list[Target], cache, stats: dict) -> list[FileResult]:
        """Triage every file, parse the candidates; in forked workers when it pays.

        On a large run (``MIN_PARALLEL_PENDING`` uncached files or more) the triage itself is
        split: the files go out in chunks (backend paths first, where the parse candidates
        are), each worker triages a chunk and parses its candidates on the spot, taking the
        chunks in queue order. On a small run everything is triaged here, and the parse queue is
        farmed out at the end, largest file first, when it is big enough to pay for a fork.
        """
        results: list[Optional[FileResult]] = [None] * len(targets)
        pending: list[int] = []
        for index, target in enumerate(targets):
            if cache is not None:
                try:
                    st = os.stat(target.abspath)
                except OSError:
                    st = None
                if st is not None:
                    hit = cache.by_stat(target.abspath, target.display, st)
                    if hit is not None:
                        stats["cached"] += 1
                        results[index] = hit
                        continue
            pending.append(index)

        deps_of: dict[int, list] = {}

        def store(index: int, result: FileResult, st, digest, cacheable: bool, deps=None) -> None:
            target = targets[index]
            result.path = target.display
            results[index] = result
            if cache is not None and cacheable and result.error is None and st is not None:
                cache.put(target.abspath, target.display, st, digest, result, deps)

        def settle(index: int, outcome) -> bool:
            """Record a cached or settled outcome; False for a file that needs a parse."""
            if isinstance(outcome, Cached):
                stats["cached"] += 1
                results[index] = outcome.result
                cache.refresh(targets[index].abspath, outcome.st, outcome.digest)
                return True
            if isinstance(outcome, Settled):
                stats["prefiltered"] += outcome.result.error is None
                store(
                    index,
                    outcome.result,
                    outcome.st,
                    outcome.digest,
                    outcome.cacheable,
                    outcome.deps,
                )
                return True
            return False

        jobs = self.options.jobs or cpu_count()
        self._targets = targets
        self._cache = cache
        if len(pending) >= MIN_FAST_SEARCH:
            from . import haystack

            haystack.enable()  # libc ``strstr`` for the byte needles: worth its import here
        if jobs > 1 and can_fork() and len(pending) >= MIN_PARALLEL_PENDING:
            likely, rest = self._scope_first(pending, targets)
            size = max(1, -(-len(rest) // (jobs * TRIAGE_CHUNKS_PER_JOB)))
            self._chunks = [
                likely[i : i + SCOPED_CHUNK] for i in range(0, len(likely), SCOPED_CHUNK)
            ] + [rest[i : i + size] for i in range(0, len(rest), size)]
            # no ``prepare``: a process imports the checker when a file of its chunks needs it
            with WorkerPool(self._triage_chunk, jobs) as pool:
                for chunk in range(len(self._chunks)):
                    pool.submit(chunk)
                for chunk, value, exc in pool.results():
                    if exc is not None:
                        reason = internal_error(exc)
                        for index in self._chunks[chunk]:
                            store(index, FileResult(path="", error=reason), None, None, False)
                        continue
                    clean, rest = value
                    for index in clean:
                        results[index] = FileResult(path=targets[index].display)
                    stats["prefiltered"] += len(clean)
                    for index, outcome, parsed in rest:
                        if parsed is None:
                            settle(index, outcome)
                            continue
                        stats["parsed"] += 1
                        result, st, digest = parsed
                        store(index, result, st, digest, st is not None, outcome.deps)
                stats["workers"] = jobs if pool.forked else 1
            return results  # type: ignore[return-value]

        with WorkerPool(self._parse_task, jobs, prepare=_import_checker) as pool:
            queue: list[tuple[int, int]] = []  # (size, index), parse candidates
            for index in pending:
                outcome = self.triage(targets[index], cache)
                if settle(index, outcome):
                    continue
                if outcome.deps:
                    deps_of[index] = outcome.deps
                queue.append((outcome.st.st_size, index))
            big = (
                len(queue) >= MIN_PARALLEL_FILES
                and sum(size for size, _ in queue) >= MIN_PARALLEL_BYTES
            )
            for _, index in sorted(queue, key=lambda q: (-q[0], q[1])):
                pool.submit(index) if big else pool.defer(index)
            for index, value, exc in pool.results():
                if exc is not None:
                    reason = internal_error(exc)
                    store(index, FileResult(path="", error=reason), None, None, False)
                    continue
                result, st, digest = value
                stats["parsed"] += 1
                store(index, result, st, digest, True, deps_of.get(index))
            stats["workers"] = jobs if pool.forked else 1
        return results  # type: ignore[return-value]

    def _triage_chunk(self, chunk: int) -> tuple[list, list]:
        """Worker side of a large run: triage a chunk of files and parse its candidates.
        Returns ``(clean, rest)``: without a cache, the indices of the files settled with
        nothing to report (most of a tree: only their index crosses the pipe); else, and for
        the others, ``(index, outcome, parse result or None)``."""
        clean: list[int] = []
        out = []
        cache = self._cache
        for index in self._chunks[chunk]:
            try:
                outcome = self.triage(self._targets[index], cache)
            except Exception as exc:  # never lose the other files of the chunk
                reason = internal_error(exc)
                outcome = Settled(FileResult(path="", error=reason), None, None, False)
            if isinstance(outcome, NeedsParse):
                result, st, digest = self._parse_task(index)
                if cache is None:
                    st = digest = None
                out.append((index, NeedsParse(None, "", outcome.deps), (result, st, digest)))
                continue
            if cache is None and isinstance(outcome, Settled):
                r = outcome.result
                if not (r.findings or r.error or r.unused_suppressions):
                    clean.append(index)
                    continue
                outcome.st = None
            out.append((index, outcome, None))
        return clean, out

    def _scope_first(self, pending: list[int], targets: list[Target]) -> tuple[list, list]:
        """(files likely to be backend code, the others), judged per directory
        (``RunSettings.dir_likely_in_scope``): the first are the likely parse candidates and
        the costly ones (proofs, the project index), so they go first, in small chunks, while
        the other processes still have the rest of the tree to share (an order only: every
        file is triaged)."""
        if self.settings.scope.all_code:
            return [], pending
        likely, rest = [], []
        for index in pending:
            # by directory (a backend-path glob such as ``**/layers/attention/**`` matches the
            # files of that directory, not the directory itself: a file name there is tried)
            (likely if self.settings.dir_likely_in_scope(targets[index]) else rest).append(index)
        return likely, rest

    def _parse_task(self, index: int) -> tuple:
        """Worker side of a parse: re-read (the file may have changed), decode, lint."""
        target = self._targets[index]
        try:
            st, data = read_file(target.abspath)
            source = decode_source(data)
        except OSError as exc:
            return FileResult(path=target.display, error=os_reason(exc)), None, None
        except SourceDecodeError as exc:
            return FileResult(path=target.display, error=str(exc)), None, None
        from .cache import content_hash

        result = self.settings.lint(
            source.text, target.display, self.settings.codes_for(target), target.abspath
        )
        return result, st, content_hash(data)

    def lint_source(self, text: str, display: str, codes: frozenset[str]) -> FileResult:
        if self.triage.needs_parse(text, display, codes):
            return self.settings.lint(text, display, codes)
        result = self.triage.unparsed_result(text, display, codes)
        result.path = display
        return result

    # -- fixing: one fix-and-encode path for files and stdin ---------------------------------

    def fix_source(
        self,
        source: DecodedSource,
        display: str,
        codes: frozenset[str],
        abspath: Optional[str] = None,
    ):
        """``fixer.fix_text`` of ``source`` (``abspath``: the file of the run it is, None for
        stdin), under the run's index and the file's context."""
        from . import fixer

        if self.options.unsafe_fixes:  # the fix the lint reported, if this process made it
            kept = self.settings.fix_outcome(source.text, display, codes)
            if kept is not None:
                return kept
        return fixer.fix_text(
            source.text,
            display,
            codes,
            self.settings.scope,
            self.settings.target_version(),
            self.options.unsafe_fixes,
            ctx=self.settings.context(abspath),
        )

    def settle_fix(
        self,
        fr: FileReport,
        source: DecodedSource,
        outcome,
        write: bool,
        expected: Optional[bytes] = None,
    ) -> Optional[bytes]:
        """Record a fix outcome on ``fr``: encode the fixed text in the file's own encoding,
        then (``--diff``) the diff, or (``write``) the file replaced atomically, only while it
        still holds ``expected`` (the bytes the fix was computed from). The new bytes, or None when nothing changes (or the fix cannot be used: ``fr.fix_error``).
        """
        fr.fix_target = getattr(outcome, "target", None) or None
        if outcome.error:
            fr.fix_error = outcome.error
            return None
        if outcome.new_text == source.text:
            return None
        try:
            new_bytes = encode_source(outcome.new_text, source.encoding, source.bom)
        except SourceEncodeError as exc:
            fr.fix_error = str(exc)
            return None
        if self.options.diff:
            fr.diff = unified_diff(source.text, outcome.new_text, fr.target.display)
            fr.fixed = list(outcome.fixed)
            return new_bytes
        if write:
            try:
                atomic_write(fr.target.abspath, new_bytes, expected)
            except OSError as exc:
                fr.fix_error = f"cannot write: {os_reason(exc)}"
                return None
        fr.fixed = list(outcome.fixed)
        fr.result = FileResult(
            path=fr.target.display,
            findings=list(outcome.remaining),
            unused_suppressions=fr.result.unused_suppressions,
        )
        return new_bytes

    def _wants_fix(self, fr: FileReport) -> bool:
        return fr.result.error is None and any(
            self.settings.fix_allowed(f) for f in fr.result.findings
        )

    def _fix_task(self, index: int) -> tuple:
        """(source, outcome, error, bytes read) for one file: read, decode, ``fixer.fix_text``."""
        target = self._targets[index]
        try:
            _, data = read_file(target.abspath)
            source = decode_source(data)
        except OSError as exc:
            return None, None, os_reason(exc), None
        except SourceDecodeError as exc:
            return None, None, str(exc), None
        try:
            outcome = self.fix_source(
                source, target.display, self.settings.codes_for(target), target.abspath
            )
        except Exception as exc:  # the fixer promises not to raise; never lose other files
            return None, None, f"fix failed: {internal_error(exc)}", None
        return source, outcome, None, data

    def _apply_fixes(self, report: RunReport, cache) -> None:
        """Fix every file with an applicable fix in forked workers (several when there are
        several files: a fix re-lints its file a few times). A worker reuses the outcome the
        check's fix report computed when this process computed it (``fix_source``)."""
        todo = [fr for fr in report.files if self._wants_fix(fr)]
        self._targets = [fr.target for fr in todo]
        jobs = self.options.jobs or cpu_count()
        if len(todo) < MIN_PARALLEL_FILES:
            jobs = 1
        # isolated: a fix parses with libcst, whose native parser can crash the interpreter on
        # input CPython accepts; only the worker (and its file's fix) is lost then
        with WorkerPool(self._fix_task, jobs, prepare=_import_parser, isolate=True) as pool:
            order = sorted(range(len(todo)), key=lambda i: -file_size(todo[i].target.abspath))
            for i in order:
                pool.submit(i)
            done = {}
            for i, value, exc in pool.results():
                if exc is not None:
                    value = (None, None, f"fix failed: {internal_error(exc)}", None)
                done[i] = value
        for i, fr in enumerate(todo):
            source, outcome, error, data = done[i]
            if error is not None:
                fr.fix_error = error
                continue
            if (
                self.settle_fix(fr, source, outcome, write=True, expected=data) is not None
                and not self.options.diff
            ):
                if cache is not None:
                    cache.drop(fr.target.abspath)
        report.fix_errors = sum(1 for fr in report.files if fr.fix_error)

    # -- stdin -------------------------------------------------------------------------------

    def check_stdin(
        self, source: DecodedSource, name: str, excluded: bool = False
    ) -> tuple[FileReport, Optional[bytes]]:
        """Lint (and with ``--fix``/``--diff`` fix) source read from stdin, reported as ``name``.
        Returns the report and the fixed bytes (None: unchanged). Runs in a forked worker: a
        crash of libcst's native parser on text CPython accepts (an ``and`` chain of 10 000
        terms) becomes this input's error, and the caller still gives the input back."""
        target = (
            make_target(name, self.config)
            if name != "-"
            else Target(os.path.abspath("-"), "-", "-", True)
        )
        codes = frozenset() if excluded else self.settings.codes_for(target)
        with WorkerPool(lambda _: self._stdin_task(source, target, codes), 1, isolate=True) as pool:
            pool.submit(0)
            _, value, exc = next(pool.results())
        if exc is not None:
            result = FileResult(path=target.display, error=internal_error(exc))
            return FileReport(target=target, result=result), None
        return value

    def _stdin_task(
        self, source: DecodedSource, target: Target, codes: frozenset[str]
    ) -> tuple[FileReport, Optional[bytes]]:
        fr = FileReport(target=target, result=self.lint_source(source.text, target.display, codes))
        if not (self.options.fix or self.options.diff) or not self._wants_fix(fr):
            return fr, None
        outcome = self.fix_source(source, target.display, codes)
        return fr, self.settle_fix(fr, source, outcome, False)
