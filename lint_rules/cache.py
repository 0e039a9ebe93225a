"""Per-project result cache.

One JSON file per (tool fingerprint, settings) pair, under
``<cache-dir>/<version>/<settings-key>.json``; each entry maps a file's absolute path to the
file's stat signature, the hash of its bytes and its lint result (including "prefilter said
no parse needed" results, which are most of them).

Lookup order:

1. stat shortcut: ``(mtime_ns, size, inode)`` equal to the entry's, *and* the entry was written
   at least :data:`RACY_WINDOW_NS` after the file's mtime.  An entry written within that window
   is "racy" (the file could have been modified again within the same timestamp tick), so it is
   only trusted after re-hashing the bytes;
2. content hash: the file's bytes hash to the entry's hash.

Anything unexpected in the cache file (bad JSON, wrong shapes, another format version) makes
the cache start empty; an entry whose fields have the wrong types is a miss; neither is fatal.
Writes are atomic (a temporary file created exclusively under an unpredictable name in the
entry's own directory, then ``os.replace``). The cache directory is trusted as the user's own
(docs/reliability.md, "The cache's trust model"), but never through a link a checkout could
plant: a cache directory (or its version directory, or entry file) that is a symbolic link is
not used, and the marker files are created with ``O_EXCL | O_NOFOLLOW`` (an existing entry or
dangling link there is left alone).
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from typing import Any, Optional

from .model import FileResult, Finding, FixInfo, Location

FORMAT = 3
RACY_WINDOW_NS = 2_000_000_000

_GITIGNORE = "# Automatically created by kvguard.\n*\n"
_CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by kvguard.\n"
)


def _deps_unchanged(entry: list) -> bool:
    """The files an entry's imported facts came from (lint_rules.project) are as they were."""
    if len(entry) < 8 or not entry[7]:
        return True
    try:
        for path, mtime_ns, size in entry[7]:
            try:
                st = os.stat(path)
            except OSError:
                if mtime_ns != -1:
                    return False
                continue
            if st.st_mtime_ns != mtime_ns or st.st_size != size:
                return False
    except (TypeError, ValueError):
        return False
    return True


def content_hash(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def tool_fingerprint() -> str:
    """Tool version plus the (name, size, mtime) of the package sources.

    Bumping the version invalidates every cache; so does editing a rule in a development
    checkout (an editable install), without anyone having to remember to bump anything.
    """
    from . import __version__

    pkg = os.path.dirname(os.path.abspath(__file__))
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{__version__}|{sys.version_info[0]}.{sys.version_info[1]}|{FORMAT}".encode())
    for dirpath, dirnames, filenames in os.walk(pkg):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            if name.endswith(".py"):
                try:
                    st = os.stat(os.path.join(dirpath, name))
                except OSError:
                    continue
                rel = os.path.relpath(os.path.join(dirpath, name), pkg)
                h.update(f"{rel}:{st.st_size}:{st.st_mtime_ns};".encode())
    return h.hexdigest()


def settings_key(parts: Any) -> str:
    blob = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.blake2b(blob.encode(), digest_size=16).hexdigest()


def _finding_to_row(f: Finding) -> list:
    fix = [f.fix.applicability, f.fix.message, f.fix.key, f.fix.edits] if f.fix else None
    return [
        f.code,
        f.message,
        f.location.row,
        f.location.column,
        f.end_location.row,
        f.end_location.column,
        f.context,
        fix,
    ]


def _is_int(value) -> bool:
    return type(value) is int


def _fix_info(row) -> FixInfo:
    """A cached fix row (lists where the record has tuples) as the record."""
    if len(row) > 3:
        row = (*row[:3], tuple(map(tuple, row[3])))
    return FixInfo(*row)


def _valid_fix(fix) -> bool:
    """A fix row as :func:`_finding_to_row` writes it: applicability, message, key, and the
    edits ``[content, row, column, end_row, end_column]``."""
    if not (isinstance(fix, list) and len(fix) == 4 and all(isinstance(x, str) for x in fix[:3])):
        return False
    edits = fix[3]
    return isinstance(edits, list) and all(
        isinstance(e, list) and len(e) == 5 and isinstance(e[0], str) and all(map(_is_int, e[1:]))
        for e in edits
    )


def _valid_entry(entry) -> bool:
    """``entry`` has the types :meth:`ResultCache.put` writes (checked when it is used)."""
    if not (isinstance(entry, list) and len(entry) in (7, 8)):
        return False
    mtime, size, ino, digest, written, display, result = entry[:7]
    if not (all(map(_is_int, (mtime, size, ino, written))) and isinstance(display, str)):
        return False
    if not (digest is None or isinstance(digest, str)):
        return False
    if not (isinstance(result, list) and len(result) == 2):
        return False
    rows, unused = result
    if not (isinstance(rows, list) and isinstance(unused, list)):
        return False
    for row in rows:
        if not (isinstance(row, list) and len(row) == 8):
            return False
        code, message, r, c, er, ec, context, fix = row
        if not (isinstance(code, str) and isinstance(message, str) and isinstance(context, str)):
            return False
        if not all(map(_is_int, (r, c, er, ec))):
            return False
        if fix is not None and not _valid_fix(fix):
            return False
    for pair in unused:
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and _is_int(pair[0])
            and isinstance(pair[1], str)
        ):
            return False
    if len(entry) == 8:
        deps = entry[7]
        if not isinstance(deps, list):
            return False
        for dep in deps:
            if not (
                isinstance(dep, list)
                and len(dep) == 3
                and isinstance(dep[0], str)
                and _is_int(dep[1])
                and _is_int(dep[2])
            ):
                return False
    return True


def _real_dir(path: str) -> bool:
    """``path`` is a directory and not a symbolic link (lstat)."""
    import stat

    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _row_to_finding(row: list) -> Finding:
    code, message, r, c, er, ec, context, fix = row
    return Finding(
        code=code,
        message=message,
        location=Location(r, c),
        end_location=Location(er, ec),
        context=context,
        fix=_fix_info(fix) if fix else None,
    )


class ResultCache:
    """Load-once, save-once cache of :class:`FileResult` per file."""

    def __init__(self, cache_dir: str, version: str, key: str) -> None:
        self.cache_dir = cache_dir
        self.path = os.path.join(cache_dir, version, f"{key}.json")
        self.entries: dict[str, list] = {}
        self.dirty = False
        self.hits = 0
        self.misses = 0
        self.load_error: Optional[str] = None
        self._touched: set[str] = set()
        self._loaded_sig: Optional[tuple[int, int]] = None
        self.disabled = False  # refused (``refusal``): nothing is read or written

    # -- persistence -------------------------------------------------------------------------

    def refusal(self) -> Optional[str]:
        """Why the cache directory is not used (a symbolic link where kvguard reads or writes),
        or None."""
        for directory in (self.cache_dir, os.path.dirname(self.path)):
            if os.path.islink(directory):
                return f"{directory} is a symbolic link"
        return None

    def load(self) -> None:
        self.load_error = self.refusal()
        if self.load_error is not None:
            self.disabled = True
            return
        try:
            fd = os.open(self.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            with open(fd, "rb") as handle:
                st = os.fstat(handle.fileno())
                raw = handle.read()
        except OSError:
            return
        self._loaded_sig = (st.st_mtime_ns, st.st_size)
        try:
            doc = json.loads(raw)
            if not isinstance(doc, dict) or doc.get("format") != FORMAT:
                raise ValueError("unknown cache format")
            entries = doc["files"]
            if not isinstance(entries, dict):
                raise ValueError("bad entries")
            self.entries = entries  # each entry's types are checked when it is used
        except Exception as exc:  # corrupt cache: start empty, rewrite on save
            self.entries = {}
            self.dirty = True
            self.load_error = f"{type(exc).__name__}: {exc}"

    def _merge_concurrent_writes(self) -> None:
        """Keep entries another kvguard process saved since we loaded (pre-commit runs several
        processes on batches of files at once); our own updates win."""
        try:
            st = os.stat(self.path)
        except OSError:
            return
        if (st.st_mtime_ns, st.st_size) == self._loaded_sig:
            return
        other = ResultCache(self.cache_dir, "", "")
        other.path = self.path
        other.load()
        if other.load_error is None and other.entries:
            merged = other.entries
            for key in self._touched:
                if key in self.entries:
                    merged[key] = self.entries[key]
                else:
                    merged.pop(key, None)
            self.entries = merged

    def save(self) -> None:
        if not self.dirty or self.disabled:
            return
        import tempfile

        directory = os.path.dirname(self.path)
        self._merge_concurrent_writes()
        tmp = None
        try:
            parent = os.path.dirname(os.path.abspath(self.cache_dir))
            os.makedirs(parent, exist_ok=True)
            for d in (self.cache_dir, directory):
                try:
                    os.mkdir(d)
                except FileExistsError:
                    pass
                if not _real_dir(d):  # a link (planted or raced in): never written through
                    return
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            for name, text in ((".gitignore", _GITIGNORE), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
                try:
                    fd = os.open(os.path.join(self.cache_dir, name), flags, 0o644)
                except FileExistsError:  # there already (a file, or a link left alone)
                    continue
                with open(fd, "w", encoding="utf-8") as handle:
                    handle.write(text)
            fd, tmp = tempfile.mkstemp(
                prefix=os.path.basename(self.path) + ".", suffix=".tmp", dir=directory
            )
            with open(fd, "w", encoding="utf-8") as handle:
                json.dump({"format": FORMAT, "files": self.entries}, handle, separators=(",", ":"))
            os.replace(tmp, self.path)  # replaces a link at the entry's path, never follows it
            tmp = None
        except OSError:
            # A read-only checkout or a full disk must not fail the lint.
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass

    # -- entries -----------------------------------------------------------------------------
    # entry = [mtime_ns, size, ino, digest, written_ns, display, [result], deps]
    # deps (optional): [[path, mtime_ns, size], ...] of the files the project index drew the
    # file's imported facts from (-1: the path did not exist); any change there is a miss.
    # result = [findings rows, unused suppressions]

    def by_stat(self, abspath: str, display: str, st: os.stat_result) -> Optional[FileResult]:
        entry = self.entries.get(abspath)
        if not _valid_entry(entry) or entry[5] != display:
            return None
        if entry[0] != st.st_mtime_ns or entry[1] != st.st_size or entry[2] != st.st_ino:
            return None
        if entry[4] - entry[0] < RACY_WINDOW_NS:
            return None
        if not _deps_unchanged(entry):
            return None
        return self._result(entry, display)

    def by_hash(
        self, abspath: str, display: str, st: os.stat_result, digest: str, refresh: bool = True
    ) -> Optional[FileResult]:
        entry = self.entries.get(abspath)
        if not _valid_entry(entry) or entry[5] != display or entry[3] != digest:
            return None
        if not _deps_unchanged(entry):
            return None
        result = self._result(entry, display)
        if result is not None and refresh:
            self.refresh(abspath, st, digest)
        return result

    def refresh(self, abspath: str, st: os.stat_result, digest: str) -> None:
        """New stat signature for an entry whose content hash still matches."""
        entry = self.entries.get(abspath)
        if _valid_entry(entry):
            self.entries[abspath] = [
                st.st_mtime_ns,
                st.st_size,
                st.st_ino,
                digest,
                time.time_ns(),
                entry[5],
                entry[6],
                *entry[7:8],
            ]
            self._touched.add(abspath)
            self.dirty = True

    def _result(self, entry: list, display: str) -> Optional[FileResult]:
        try:
            rows, unused = entry[6]
            findings = [_row_to_finding(row) for row in rows]
            unused_pairs = [(int(line), str(code)) for line, code in unused]
        except Exception:
            return None
        return FileResult(path=display, findings=findings, unused_suppressions=unused_pairs)

    def put(
        self,
        abspath: str,
        display: str,
        st: os.stat_result,
        digest: Optional[str],
        result: FileResult,
        deps: Optional[list] = None,
    ) -> None:
        """Store a result; ``digest`` None (prefilter negatives) means "trust the stat only":
        on a stat mismatch the file is simply prefiltered again, which costs about a hash."""
        rows = [_finding_to_row(f) for f in result.findings]
        unused = [[line, code] for line, code in result.unused_suppressions]
        self.entries[abspath] = [
            st.st_mtime_ns,
            st.st_size,
            st.st_ino,
            digest,
            time.time_ns(),
            display,
            [rows, unused],
        ]
        if deps:
            self.entries[abspath].append([list(d) for d in deps])
        self._touched.add(abspath)
        self.dirty = True

    def drop(self, abspath: str) -> None:
        self._touched.add(abspath)
        if self.entries.pop(abspath, None) is not None:
            self.dirty = True
