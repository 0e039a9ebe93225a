"""The one glob dialect of kvguard: exclusions, per-file-ignores and backend paths.

``*`` matches within one path component, ``?`` one character of it, ``[...]`` / ``[!...]`` a
character class, ``**`` any run of characters across components, and ``**/`` zero or more
directories. Paths are POSIX (``/``-separated).

A pattern without ``/`` matches one path component: a file or directory name anywhere. A pattern
with ``/`` matches a whole path, either *anchored* at the path's start (exclusions and
per-file-ignores: the path is relative to the project root, as in ruff) or at any directory
boundary (backend paths: ``layers/attention/*.py`` matches wherever the tree sits). An absolute
pattern is an absolute filesystem path, made root-relative when it lies under the project root.
A path matches when it, or one of its parent directories, matches.
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Iterable, Optional


@lru_cache(maxsize=512)
def glob_regex(pattern: str) -> str:
    """Regular expression source for one pattern (no anchors)."""
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


def is_under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


class GlobSet:
    """Any of ``patterns`` (see the module doc); ``root``: the project root absolute patterns are
    made relative to."""

    def __init__(self, patterns: Iterable[str], anchored: bool, root: Optional[str] = None):
        names, paths = [], []
        literal_names = set()  # name patterns without wildcards: a set lookup, not a regex
        lead = "" if anchored else "(?:.*/)?"
        for raw in patterns:
            pat = raw.strip().replace(os.sep, "/")
            if not pat:
                continue
            if pat.startswith("./"):
                pat = pat[2:]
            pat = pat.rstrip("/") or pat
            if os.path.isabs(pat):
                if root is not None and is_under(pat, root):
                    paths.append(glob_regex(os.path.relpath(pat, root).replace(os.sep, "/")))
                else:
                    paths.append(glob_regex(pat))  # matches paths outside the root
            elif "/" in pat:
                paths.append(lead + glob_regex(pat))
            elif not any(c in pat for c in "*?["):
                literal_names.add(pat)
            else:
                names.append(glob_regex(pat))
        self._names = frozenset(literal_names)
        self._name = re.compile("(?:%s)\\Z" % "|".join(names)) if names else None
        self._path = re.compile("(?:%s)\\Z" % "|".join(paths)) if paths else None
        self.empty = not names and not paths and not literal_names
        # Only wildcard-free name patterns (the default exclusions): what a walk can test
        # with a set lookup alone (``match_entry(name, path)`` is ``name in names_only``).
        self.names_only = self._names if not names and not paths else None

    def match_entry(self, name: str, path: str) -> bool:
        """One walk step (its parents were checked on the way down): the name and the path."""
        if name in self._names or (self._name is not None and self._name.match(name)):
            return True
        return bool(self._path is not None and self._path.match(path))

    def match(self, path: str) -> bool:
        """``path`` or one of its parent directories."""
        if self.empty:
            return False
        parts = path.split("/")
        for i in range(len(parts)):
            part = parts[i]
            if part and (
                part in self._names or (self._name is not None and self._name.match(part))
            ):
                return True
            if self._path is not None and self._path.match("/".join(parts[: i + 1])):
                return True
        return False


@lru_cache(maxsize=64)
def glob_set(patterns: tuple[str, ...], anchored: bool, root: Optional[str] = None) -> GlobSet:
    return GlobSet(patterns, anchored, root)
