"""File discovery, exclusion, decoding, prefilter, result cache, parallel linting, fixes.

The engine never imports libcst itself: :mod:`lint_rules.checker` is asked first whether a
file can possibly match (``needs_parse``) and only the files that can are parsed, in worker
processes when there are enough of them to pay for the fork.  Output order is the sorted
display path order whatever ``--jobs`` is.
"""

from __future__ import annotations

import os
import re
import stat as stat_mod
import sys
import tempfile
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional

from .config import Config, RuleCatalog, expand_selector
from .model import FileResult, Finding, ScopeConfig
from .source import (
    BOM,
    DecodedSource,
    SourceDecodeError,
    SourceEncodeError,
    _may_have_cookie,
    decode_source,
    encode_source,
)

PY_SUFFIXES = (".py", ".pyi")

# Fork workers only when the files to parse are worth it (a fork + libcst import is ~0.1 s).
MIN_PARALLEL_FILES = 2
MIN_PARALLEL_BYTES = 48 * 1024
# From this many uncached files on, parse jobs are streamed to workers while the prefilter runs;
# below it, prefilter first, then fork for the parse queue only if it is worth it.
MIN_PARALLEL_PENDING = 200

# Set in the parent just before forking a pool (workers inherit it); None otherwise.
_POOL_STATE = None
_FIX_STATE = None


# --------------------------------------------------------------------------------------------
# Glob patterns (exclude, per-file-ignores)
# --------------------------------------------------------------------------------------------


def _glob_to_regex(pattern: str) -> str:
    out = []
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "*":
            if pattern.startswith("**", i):
                i += 2
                if i < n and pattern[i] == "/":
                    out.append("(?:.*/)?")
                    i += 1
                else:
                    out.append(".*")
                continue
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[":
            j = pattern.find("]", i + 2)
            if j == -1:
                out.append(re.escape(ch))
            else:
                body = pattern[i + 1 : j]
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = j
        else:
            out.append(re.escape(ch))
        i += 1
    return "".join(out)


class PathMatcher:
    """ruff-like matching: a pattern without ``/`` matches any path component (a file or a
    directory name); a pattern with ``/`` matches the path relative to the project root, or any
    of its parent directories."""

    def __init__(self, patterns: Iterable[str], root: str) -> None:
        names, paths = [], []
        for raw in patterns:
            pat = raw.strip()
            if not pat:
                continue
            if pat.startswith("./"):
                pat = pat[2:]
            pat = pat.rstrip("/") or pat
            if os.path.isabs(pat):
                if _is_under(pat, root):
                    pat = os.path.relpath(pat, root).replace(os.sep, "/")
                    paths.append(_glob_to_regex(pat))
                else:
                    paths.append(_glob_to_regex(pat.replace(os.sep, "/")))
            elif "/" in pat:
                paths.append(_glob_to_regex(pat))
            else:
                names.append(_glob_to_regex(pat))
        self._name = re.compile("(?:%s)\\Z" % "|".join(names)) if names else None
        self._path = re.compile("(?:%s)\\Z" % "|".join(paths)) if paths else None
        self.empty = not names and not paths

    def match_name(self, name: str) -> bool:
        return bool(self._name and self._name.match(name))

    def match_entry(self, name: str, rel: str) -> bool:
        """One walk step: the entry's own name and its root-relative path."""
        if self._name is not None and self._name.match(name):
            return True
        return bool(self._path is not None and self._path.match(rel))

    def match_path(self, rel: str) -> bool:
        """A path and all its parents (for explicitly named files, per-file-ignores)."""
        if self.empty:
            return False
        parts = rel.split("/")
        for i in range(len(parts)):
            if self._name is not None and parts[i] and self._name.match(parts[i]):
                return True
            if self._path is not None and self._path.match("/".join(parts[: i + 1])):
                return True
        return False


def _is_under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _rel(abspath: str, root: str) -> str:
    if abspath == root:
        return "."
    prefix = root.rstrip(os.sep) + os.sep
    rel = abspath[len(prefix) :] if abspath.startswith(prefix) else abspath
    return rel.replace(os.sep, "/") if os.sep != "/" else rel


def _display(path: str) -> str:
    return os.path.normpath(path).replace(os.sep, "/")


# --------------------------------------------------------------------------------------------
# Discovery
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    abspath: str
    display: str
    rel: str  # relative to the project root (POSIX), absolute when outside it
    explicit: bool = False


@dataclass
class Discovery:
    targets: list[Target] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)  # (display path, reason)


def _os_reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def discover(paths: Iterable[str], config: Config, force_exclude: bool = False) -> Discovery:
    root = config.root
    excluder = PathMatcher(config.all_excludes, root)
    found = Discovery()
    seen: set[str] = set()

    def add(abspath: str, display: str, explicit: bool) -> None:
        if abspath not in seen:
            seen.add(abspath)
            found.targets.append(Target(abspath, display, _rel(abspath, root), explicit))

    for arg in paths:
        display = _display(arg)
        abspath = os.path.abspath(arg)
        try:
            st = os.stat(abspath)  # explicitly named: follow links
        except OSError as exc:
            found.errors.append((display, _os_reason(exc)))
            continue
        if stat_mod.S_ISDIR(st.st_mode):
            if force_exclude and excluder.match_path(_rel(abspath, root)):
                continue
            _walk(abspath, display, root, excluder, add, found.errors)
        elif stat_mod.S_ISREG(st.st_mode):
            if force_exclude and excluder.match_path(_rel(abspath, root)):
                continue
            add(abspath, display, True)
        else:
            found.errors.append((display, "not a regular file or directory"))
    found.targets.sort(key=lambda t: t.display)
    return found


def _dangling(path: str) -> bool:
    """A symbolic link whose target does not exist (not a loop: those are cut silently)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return False


def _walk(
    top: str, top_display: str, root: str, excluder: PathMatcher, add: Callable, errors: list
) -> None:
    top_real = os.path.realpath(top)
    visited = {top_real}
    # (path, display, real path)
    stack = [(top, top_display, top_real)]
    while stack:
        directory, display, real_dir = stack.pop()
        try:
            with os.scandir(directory) as it:
                entries = list(it)
        except OSError as exc:
            errors.append((display, f"cannot list directory: {_os_reason(exc)}"))
            continue
        for entry in entries:
            name = entry.name
            child_display = name if display == "." else f"{display}/{name}"
            try:
                if entry.is_symlink():
                    if name.endswith(PY_SUFFIXES) and _dangling(entry.path):
                        # A link to nothing is reported (as ruff does), not skipped silently.
                        if excluder.empty or not excluder.match_entry(
                            name, _rel(entry.path, root)
                        ):
                            errors.append((child_display, "No such file or directory (broken link)"))
                        continue
                    # Follow links only within the tree that was named (loops are cut below).
                    real = os.path.realpath(entry.path)
                    if not _is_under(real, top_real):
                        continue
                    is_dir = os.path.isdir(real)
                    is_file = not is_dir and os.path.isfile(real)
                else:
                    real = None
                    is_dir = entry.is_dir(follow_symlinks=False)
                    is_file = not is_dir and entry.is_file(follow_symlinks=False)
            except OSError:
                continue  # vanished while we looked
            if is_dir:
                child_real = real if real is not None else os.path.join(real_dir, name)
                if child_real in visited:
                    continue
                if not excluder.empty and excluder.match_entry(name, _rel(entry.path, root)):
                    continue
                visited.add(child_real)
                stack.append((entry.path, child_display, child_real))
            elif is_file and name.endswith(PY_SUFFIXES):
                if not excluder.empty and excluder.match_entry(name, _rel(entry.path, root)):
                    continue
                add(entry.path, child_display, False)


# --------------------------------------------------------------------------------------------
# Linting
# --------------------------------------------------------------------------------------------


@dataclass
class Options:
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False
    use_cache: bool = True
    report_unused: bool = False
    jobs: Optional[int] = None
    force_exclude: bool = False


@dataclass
class FileReport:
    target: Target
    result: FileResult
    fixed: list[Finding] = field(default_factory=list)
    diff: Optional[str] = None
    fix_error: Optional[str] = None
    fix_target: Optional[str] = None


@dataclass
class RunReport:
    files: list[FileReport] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    stats: dict = field(default_factory=dict)
    fix_errors: int = 0

    @property
    def findings(self) -> list[tuple[str, Finding]]:
        return [(fr.target.display, f) for fr in self.files for f in fr.result.findings]


class Linter:
    def __init__(
        self, config: Config, catalog: RuleCatalog, codes: frozenset[str], options: Options
    ) -> None:
        self.config = config
        self.catalog = catalog
        self.codes = codes
        self.options = options
        self.scope: ScopeConfig = config.scope
        self._pfi = [
            (
                PathMatcher([pattern], config.root),
                frozenset(
                    c
                    for s in sels
                    for c in expand_selector(
                        s,
                        catalog.all_codes,
                        f"{config.path or 'configuration'} [tool.kvguard] per-file-ignores {pattern!r}",
                    )
                ),
            )
            for pattern, sels in config.per_file_ignores
        ]
        from .registry import RULES

        self._needles = {
            code: tuple(tuple(n.encode("utf-8") for n in group) for group in RULES[code].needles)
            for code in codes
            if code in RULES and all(n.isascii() for group in RULES[code].needles for n in group)
        }
        # Per selected code set: (a rule lacks byte needles -> always check the text, needles).
        self._needle_plans: dict[frozenset[str], tuple] = {}

    # -- per-file settings -------------------------------------------------------------------

    def codes_for(self, target: Target) -> frozenset[str]:
        codes = self.codes
        for matcher, ignored in self._pfi:
            if matcher.match_path(target.rel) or matcher.match_path(target.display):
                codes = codes - ignored
        return codes

    def _cache(self):
        from . import __version__
        from .cache import ResultCache, settings_key, tool_fingerprint

        key = settings_key(
            {
                "tool": tool_fingerprint(),
                "root": self.config.root,
                "codes": sorted(self.codes),
                "scope": [
                    list(self.scope.paths),
                    list(self.scope.base_patterns),
                    self.scope.all_code,
                ],
                "pfi": [[p, list(c)] for p, c in self.config.per_file_ignores],
                "unused": self.options.report_unused,
            }
        )
        cache = ResultCache(self.config.resolved_cache_dir, __version__, key)
        cache.load()
        return cache

    def _needs_parse(self, text: str, display: str, codes: frozenset[str]) -> bool:
        from . import checker

        return bool(codes) and checker.needs_parse(text, display, codes, self.scope)

    def _proven_clean(self, text: str, codes: frozenset[str]) -> bool:
        """The checker's stdlib-ast proof that no finding is possible (cheap: no libcst), so the
        file never goes to a parse worker."""
        from . import checker

        return checker.proven_clean(text, codes)

    def _unparsed_result(self, text: str, display: str, codes: frozenset[str]) -> FileResult:
        """Result for a file the prefilter rules out; still scans suppressions when asked."""
        lowered = text.lower() if self.options.report_unused else ""
        if self.options.report_unused and ("noqa" in lowered or "kvguard" in lowered):
            # The checker scans suppression comments without parsing (no libcst import).
            return _lint_one((text, display, codes, self.scope, True))
        return FileResult(path=display)

    # -- main entry --------------------------------------------------------------------------

    # -- one file, up to the parse decision ----------------------------------------------------

    def _bytes_may_match(self, data: bytes, codes: frozenset[str]) -> bool:
        """Byte-level form of the registry prefilter (every needle group present).

        Only used for UTF-8 input without a cookie: there an ASCII needle occurs in the bytes
        exactly when it occurs in the decoded text, so this never hides a file that
        ``checker.needs_parse`` would parse (it is implied by it).
        """
        if self.options.report_unused and (b"noqa" in data.lower() or b"kvguard" in data.lower()):
            return True
        plan = self._needle_plans.get(codes)
        if plan is None:
            unknown = any(code not in self._needles for code in codes)
            plan = self._needle_plans[codes] = (
                unknown,
                tuple(self._needles[c] for c in sorted(codes) if c in self._needles),
            )
        if plan[0]:
            return True
        # Each distinct needle is searched at most once (the rules share most of them).
        seen: dict[bytes, bool] = {}
        for needles in plan[1]:
            for group in needles:
                hit = False
                for n in group:
                    found = seen.get(n)
                    if found is None:
                        found = seen[n] = n in data
                    if found:
                        hit = True
                        break
                if not hit:
                    break
            else:
                return True
        return False

    def _prepare(self, index: int, target: Target, cache, want_text: bool) -> tuple:
        """Read, decode and prefilter one file.

        Returns ``("done", index, result, st, digest, cacheable)``, ``("hit", index, result,
        st, digest)`` or ``("parse", index, st, digest, text-or-None)``.
        """
        try:
            st, data = _read(target.abspath)
        except OSError as exc:
            return (
                "done",
                index,
                FileResult(path=target.display, error=_os_reason(exc)),
                None,
                None,
                False,
            )
        digest = None
        if cache is not None:
            entry = cache.entries.get(target.abspath)
            if entry is not None and entry[3] is not None:
                from .cache import content_hash

                digest = content_hash(data)
                hit = cache.by_hash(target.abspath, target.display, st, digest, refresh=False)
                if hit is not None:
                    return ("hit", index, hit, st, digest)
        codes = self.codes_for(target)
        if not codes:
            return ("done", index, FileResult(path=target.display), st, None, True)
        if (
            not data.startswith(BOM)
            and not _may_have_cookie(data)
            and not self._bytes_may_match(data, codes)
        ):
            # UTF-8 by Python's rules and no rule can match: validate the encoding only.
            if not data.isascii():
                try:
                    data.decode("utf-8")
                except UnicodeDecodeError:
                    pass  # fall through to decode_source for the precise message
                else:
                    return ("done", index, FileResult(path=target.display), st, None, True)
            else:
                return ("done", index, FileResult(path=target.display), st, None, True)
        try:
            source = decode_source(data)
        except SourceDecodeError as exc:
            return ("done", index, FileResult(path=target.display, error=str(exc)), st, None, False)
        if self._needs_parse(source.text, target.display, codes) and not self._proven_clean(
            source.text, codes
        ):
            from .cache import content_hash

            digest = digest or content_hash(data)
            return ("parse", index, st, digest, source.text if want_text else None)
        result = self._unparsed_result(source.text, target.display, codes)
        result.path = target.display
        return ("done", index, result, st, None, True)

    def _parse_task(self, index: int, target: Target) -> tuple:
        """Worker side of a parse: re-read (the file may have changed), decode, lint."""
        try:
            st, data = _read(target.abspath)
            source = decode_source(data)
        except OSError as exc:
            return (index, FileResult(path=target.display, error=_os_reason(exc)), None, None)
        except SourceDecodeError as exc:
            return (index, FileResult(path=target.display, error=str(exc)), None, None)
        from .cache import content_hash

        result = _lint_one(
            (
                source.text,
                target.display,
                self.codes_for(target),
                self.scope,
                self.options.report_unused,
            )
        )
        return (index, result, st, content_hash(data))

    # -- main entry --------------------------------------------------------------------------

    def run(self, discovery: Discovery) -> RunReport:
        report = RunReport(errors=list(discovery.errors))
        cache = self._cache() if self.options.use_cache else None
        targets = discovery.targets
        results: list[Optional[FileResult]] = [None] * len(targets)
        stats = {"files": len(targets), "cached": 0, "prefiltered": 0, "parsed": 0}

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

        def settle(item: tuple) -> None:
            kind, index = item[0], item[1]
            target = targets[index]
            if kind == "hit":
                _, _, result, st, digest = item
                stats["cached"] += 1
                results[index] = result
                cache.refresh(target.abspath, st, digest)
            elif kind == "done":
                _, _, result, st, digest, cacheable = item
                stats["prefiltered"] += result.error is None
                results[index] = result
                if cache is not None and cacheable and st is not None:
                    cache.put(target.abspath, target.display, st, digest, result)

        def parsed(index: int, result: FileResult, st, digest) -> None:
            target = targets[index]
            stats["parsed"] += 1
            result.path = target.display
            results[index] = result
            if cache is not None and result.error is None and st is not None:
                cache.put(target.abspath, target.display, st, digest, result)

        jobs = self.options.jobs or _cpu_count()
        stats["workers"] = self._prefilter_and_parse(jobs, pending, targets, cache, settle, parsed)

        for index, target in enumerate(targets):
            report.files.append(FileReport(target=target, result=results[index]))

        if self.options.fix or self.options.diff:
            self._apply_fixes(report, cache)

        if cache is not None:
            cache.save()
            stats["cache_file"] = cache.path
            if cache.load_error:
                stats["cache_load_error"] = cache.load_error
        report.stats = stats
        return report

    def _scope_first(self, pending: list[int], targets: list[Target]) -> list[int]:
        """Files under the backend path globs first: they are the likely parse candidates, and
        their parse jobs should start while the rest of the tree is still being prefiltered."""
        from .scope import path_matches

        patterns = self.scope.paths
        if not patterns:
            return pending
        likely, rest = [], []
        for index in pending:
            display = targets[index].display
            (likely if any(path_matches(p, display) for p in patterns) else rest).append(index)
        return likely + rest

    def _prefilter_and_parse(self, jobs, pending, targets, cache, settle, parsed) -> int:
        """Prefilter in this process; parse the candidates, in forked workers when it pays.

        Reading and prefiltering a file is far cheaper than shipping it to another process, so
        that always happens here.  On a large run (``MIN_PARALLEL_PENDING`` files or more) every
        parse job goes to the pool the moment its file is found, so the workers' libcst import
        and parses overlap with the rest of the prefilter; on a small run the parse queue is
        farmed out at the end, largest file first, when it is big enough to pay for a fork.
        The pool has ``jobs - 1`` workers: once done prefiltering, this process takes the jobs
        no worker has started yet, from the end of the queue.  The pool is created (forked) only
        when a first file needs a parse (the workers inherit the checker; libcst is imported only
        where a file needs it).
        Workers inherit this linter and the targets through ``fork``; a job is just an index.
        Returns the parallelism used: ``jobs`` when a pool was forked, else 1.
        """
        global _POOL_STATE
        parallel = jobs > 1 and _can_fork()
        stream = parallel and len(pending) >= MIN_PARALLEL_PENDING
        _POOL_STATE = (self, targets, cache)
        pool = None
        futures: list = []  # (future or None, index)

        def submit(index: int) -> None:
            nonlocal pool
            if pool is None:
                import multiprocessing
                from concurrent.futures import ProcessPoolExecutor

                # A file may need the parser. Import the checker and the stdlib-ast reduction
                # here so the forked workers inherit them; libcst itself is imported only by a
                # process that meets a file the reduction cannot prove clean (in sglang >= 0.5.14,
                # none), so it is not imported ahead of need.
                _import_checker()
                pool = ProcessPoolExecutor(
                    max_workers=jobs - 1,
                    mp_context=multiprocessing.get_context("fork"),
                    initializer=_die_with_parent,
                )
            futures.append((pool.submit(_pool_parse, index), index))

        try:
            queue: list[tuple[int, int]] = []  # (size, index), small-run parse candidates
            order = self._scope_first(pending, targets) if stream else pending
            for index in order:
                item = self._prepare(index, targets[index], cache, want_text=False)
                if item[0] != "parse":
                    settle(item)
                elif stream:
                    submit(index)
                else:
                    queue.append((item[2].st_size, index))
            if queue:
                big = (
                    len(queue) >= MIN_PARALLEL_FILES
                    and sum(size for size, _ in queue) >= MIN_PARALLEL_BYTES
                )
                for _, index in sorted(queue, key=lambda q: (-q[0], q[1])):
                    if parallel and big:
                        submit(index)
                    else:
                        futures.append((None, index))
            # Help: run, here, every job no worker has started (from the end of the queue).
            done_here: dict[int, tuple] = {}
            for future, index in reversed(futures):
                if future is None or future.cancel():
                    done_here[index] = self._parse_task(index, targets[index])
            for future, index in futures:
                if index in done_here:
                    parsed(*done_here[index])
                    continue
                try:
                    parsed(*future.result())
                except Exception as exc:  # a crashed worker: report the file, never hang
                    reason = f"internal error: {type(exc).__name__}: {exc}"
                    settle(
                        (
                            "done",
                            index,
                            FileResult(path=targets[index].display, error=reason),
                            None,
                            None,
                            False,
                        )
                    )
        finally:
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
            _POOL_STATE = None
        return jobs if pool is not None else 1

    # -- fixes -------------------------------------------------------------------------------

    def _fix_allowed(self, finding: Finding) -> bool:
        if finding.fix is None:
            return False
        return finding.fix.applicability == "safe" or self.options.unsafe_fixes

    def _fix_task(self, target: Target) -> tuple:
        """(source, outcome, error) for one file: read, decode, ``fixer.fix_text``."""
        try:
            _, data = _read(target.abspath)
            source = decode_source(data)
        except OSError as exc:
            return None, None, _os_reason(exc)
        except SourceDecodeError as exc:
            return None, None, str(exc)
        try:
            outcome = self.fix_source(source, target.display, self.codes_for(target))
        except Exception as exc:  # the fixer promises not to raise; never lose other files
            return None, None, f"fix failed: internal error: {type(exc).__name__}: {exc}"
        return source, outcome, None

    def _run_fixes(self, targets: list[Target]) -> list[tuple]:
        """``_fix_task`` for every target, in forked workers when there are several (a fix
        re-lints its file a few times, so it is worth a worker); this process helps, taking the
        jobs no worker has started from the end of the queue.  Results in input order."""
        jobs = self.options.jobs or _cpu_count()
        if jobs <= 1 or len(targets) < MIN_PARALLEL_FILES or not _can_fork():
            return [self._fix_task(t) for t in targets]
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        global _FIX_STATE
        _import_parser()
        _FIX_STATE = (self, targets)
        results: list = [None] * len(targets)
        try:
            ctx = multiprocessing.get_context("fork")
            with ProcessPoolExecutor(
                max_workers=jobs - 1, mp_context=ctx, initializer=_die_with_parent
            ) as pool:
                order = sorted(range(len(targets)), key=lambda i: -_size(targets[i].abspath))
                futures = [(pool.submit(_pool_fix, i), i) for i in order]
                for future, i in reversed(futures):
                    if future.cancel():
                        results[i] = self._fix_task(targets[i])
                for future, i in futures:
                    if results[i] is None:
                        try:
                            results[i] = future.result()
                        except Exception as exc:  # a crashed worker
                            results[i] = (
                                None,
                                None,
                                f"fix failed: internal error: {type(exc).__name__}: {exc}",
                            )
        finally:
            _FIX_STATE = None
        return results

    def _apply_fixes(self, report: RunReport, cache) -> None:
        todo = [
            fr
            for fr in report.files
            if fr.result.error is None and any(self._fix_allowed(f) for f in fr.result.findings)
        ]
        for fr, (source, outcome, error) in zip(todo, self._run_fixes([fr.target for fr in todo])):
            target = fr.target
            if error is not None:
                fr.fix_error = error
                continue
            fr.fix_target = getattr(outcome, "target", None)
            if outcome.error:
                fr.fix_error = outcome.error
                continue
            if outcome.new_text == source.text:
                continue
            try:
                new_bytes = encode_source(outcome.new_text, source.encoding, source.bom)
            except SourceEncodeError as exc:
                fr.fix_error = str(exc)
                continue
            if self.options.diff:
                fr.diff = unified_diff(source.text, outcome.new_text, target.display)
                fr.fixed = list(outcome.fixed)
                continue
            try:
                atomic_write(target.abspath, new_bytes)
            except OSError as exc:
                fr.fix_error = f"cannot write: {_os_reason(exc)}"
                continue
            fr.fixed = list(outcome.fixed)
            fr.result = FileResult(
                path=target.display,
                findings=list(outcome.remaining),
                unused_suppressions=fr.result.unused_suppressions,
            )
            if cache is not None:
                cache.drop(target.abspath)
        report.fix_errors = sum(1 for fr in report.files if fr.fix_error)

    def fix_source(self, source: DecodedSource, display: str, codes: frozenset[str]):
        from . import fixer

        tv = None if self.config.target_version == "auto" else self.config.target_version
        return fixer.fix_text(
            source.text, display, codes, self.scope, tv, self.options.unsafe_fixes
        )

    def lint_source(self, text: str, display: str, codes: frozenset[str]) -> FileResult:
        if self._needs_parse(text, display, codes):
            result = _lint_one((text, display, codes, self.scope, self.options.report_unused))
        else:
            result = self._unparsed_result(text, display, codes)
        result.path = display
        return result


def _pool_fix(index: int) -> tuple:
    linter, targets = _FIX_STATE
    return linter._fix_task(targets[index])


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _die_with_parent() -> None:
    """In a worker: have the kernel send SIGTERM when the parent dies, even by SIGKILL, so no
    worker outlives a killed run (Linux ``PR_SET_PDEATHSIG``; a no-op elsewhere)."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM))  # 1 == PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent died before prctl took effect
            os._exit(1)
    except Exception:
        pass


def _import_checker() -> None:
    from . import checker, reduce  # noqa: F401


def _import_parser() -> None:
    try:
        import libcst  # noqa: F401
    except ImportError:  # pragma: no cover - reported per file by the checker
        pass


def _pool_parse(index: int) -> tuple:
    linter, targets, _cache = _POOL_STATE
    return linter._parse_task(index, targets[index])


def _read(path: str) -> tuple[os.stat_result, bytes]:
    """stat + read through one descriptor (the stat describes the bytes read)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat_mod.S_ISREG(st.st_mode):
            raise (
                IsADirectoryError(21, "not a regular file")
                if stat_mod.S_ISDIR(st.st_mode)
                else OSError(0, "not a regular file")
            )
        # One read of size+1 normally returns the whole file and proves EOF (short read).
        want = st.st_size + 1
        first = os.read(fd, want)
        if len(first) < want:
            return st, first
        chunks = [first]
        while True:
            block = os.read(fd, 1 << 20)
            if not block:
                break
            chunks.append(block)
        return st, b"".join(chunks)
    finally:
        os.close(fd)


def _lint_one(args) -> FileResult:
    text, display, codes, scope, report_unused = args
    from . import checker

    try:
        return checker.lint_text(
            text, display, codes, scope, report_unused_suppressions=report_unused
        )
    except Exception as exc:  # the checker promises not to raise; never lose the other files
        return FileResult(path=display, error=f"internal error: {type(exc).__name__}: {exc}")


def _can_fork() -> bool:
    return hasattr(os, "fork") and sys.platform != "darwin"


def _cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover
        return os.cpu_count() or 1


def unified_diff(old: str, new: str, display: str) -> str:
    import difflib

    a = old.splitlines(keepends=True)
    b = new.splitlines(keepends=True)
    lines = []
    for line in difflib.unified_diff(a, b, fromfile=display, tofile=display):
        if not line.endswith(("\n", "\r")):
            line += "\n\\ No newline at end of file\n"
        lines.append(line)
    return "".join(lines)


def atomic_write(path: str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, keeping its permission bits.

    SIGINT and SIGTERM are held back (blocked, not lost) from creating the temporary file to
    the rename, so an interrupt can never leave it behind; it is delivered right after."""
    import signal

    real = os.path.realpath(path)  # write through a symlink, do not replace the link
    directory = os.path.dirname(real)
    mode = stat_mod.S_IMODE(os.stat(real).st_mode)
    try:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    except (AttributeError, OSError, ValueError):  # no pthread_sigmask on this platform
        previous = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".kvguard-", suffix=".tmp", dir=directory)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, mode)
            os.replace(tmp, real)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
