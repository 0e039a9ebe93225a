"""Which code is attention-backend code: path globs and base-class patterns (no libcst).

Used by the analysis (exact, per class) and by the prefilter (sound, per file).
"""

from __future__ import annotations

import fnmatch
import re
from functools import lru_cache
from typing import Optional

from .model import ScopeConfig

@lru_cache(maxsize=256)
def _glob_regex(pattern: str) -> re.Pattern:
    """``**`` spans directories, ``*`` and ``?`` do not; a leading ``**/`` may match nothing."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("(?:.*/)?" + "".join(out) + "$" if not pattern.startswith("/") else "".join(out) + "$")


def path_matches(pattern: str, path: str) -> bool:
    """Match a POSIX path against a glob; patterns without '/' match any path component run."""
    path = path.replace("\\", "/")
    if "/" not in pattern.strip("/"):
        return any(fnmatch.fnmatchcase(part, pattern) for part in path.split("/"))
    return bool(_glob_regex(pattern).match(path))


def base_literals(pattern: str) -> list[str]:
    """Literal pieces of an fnmatch pattern (for the sound prefilter)."""
    return [piece for piece in re.split(r"[*?\[\]]+", pattern) if piece]


_CLASS_RE = re.compile(r"^[ \t]*class[\s\\]+\w+[\s\\]*\(", re.MULTILINE)


def _bases_segment(text: str, open_paren: int) -> Optional[str]:
    """Text between a class's ``(`` and its matching ``)``; None when a quote or comment in it
    makes bracket counting unreliable (the caller then assumes it may match)."""
    depth = 0
    for i in range(open_paren, len(text)):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth == 0:
                return text[open_paren + 1 : i]
        elif ch in "\'\"#":
            return None
    return None


@lru_cache(maxsize=64)
def _alias_regex(piece: str) -> re.Pattern:
    """``<...piece...> as <name>``: an imported base-pattern name bound to another name."""
    return re.compile(re.escape(piece) + r"\w*\s+as\s")


def scope_may_match(text: str, path: str, scope: ScopeConfig) -> bool:
    """Sound: False only when no code in the file can be in scope.

    Out of the scope paths, only classes deriving from a base-pattern class are in scope. Every
    class statement starts a logical line, so each one with bases is found by ``_CLASS_RE``; its
    bases must contain a literal piece of a base pattern, unless an imported name matching a
    pattern is aliased (``import FooAttnBackend as Base``) - then any class may be in scope.
    """
    if scope.all_code or any(path_matches(p, path) for p in scope.paths):
        return True
    literal_sets = [base_literals(p) for p in scope.base_patterns]
    if any(not pieces for pieces in literal_sets):
        return True  # a pattern like "*" can match any base
    if not any(all(piece in text for piece in pieces) for pieces in literal_sets):
        return False
    for pieces in literal_sets:
        for piece in pieces:
            if _alias_regex(piece).search(text):
                return True
    for match in _CLASS_RE.finditer(text):
        segment = _bases_segment(text, match.end() - 1)
        if segment is None:
            return True
        if any(all(piece in segment for piece in pieces) for pieces in literal_sets):
            return True
    return False
