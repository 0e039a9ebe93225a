"""Which code is attention-backend code: path globs and base-class patterns (no libcst).

Used by the analysis (exact, per class) and by the prefilter (sound, per file).
"""

from __future__ import annotations

import os
import re
from functools import lru_cache
from typing import Optional

from .globs import glob_set
from .model import ScopeConfig


def path_matches(pattern: str, path: str) -> bool:
    """One backend-path glob against a POSIX path (the dialect of :mod:`lint_rules.globs`,
    matched at any directory boundary)."""
    return glob_set((pattern,), False).match(path.replace("\\", "/"))


def scope_path(path: str, root: Optional[str]) -> str:
    """The path scope globs are matched on. ``root`` None: ``path`` as given (library use).
    Otherwise the file's path relative to the project root ``root`` (``"/"`` when there is
    none: the absolute path), with the symbolic links of its directories resolved: the same,
    whatever the working directory and however ``path`` was typed (``./x``, ``../x``,
    absolute, through a link to a directory). Equal to the ``rel`` of the engine's targets."""
    if root is None:
        return path.replace(os.sep, "/")
    head, tail = os.path.split(os.path.abspath(path))
    real = os.path.join(os.path.realpath(head), tail)
    prefix = real_root(root).rstrip(os.sep) + os.sep
    rel = real[len(prefix) :] if real.startswith(prefix) else real
    return rel.replace(os.sep, "/")


@lru_cache(maxsize=8)
def real_root(root: str) -> str:
    return os.path.realpath(root)


def scope_globs(scope: ScopeConfig):
    """The backend-path globs of ``scope`` (matched at any directory boundary)."""
    root = real_root(scope.root) if scope.root is not None else None
    return glob_set(tuple(scope.paths), False, root)


def path_in_scope(path: str, scope: ScopeConfig) -> bool:
    """Is every class and helper of the module at ``path`` in scope (``backend-paths``)? (The
    audit mode adds backend-like code class by class: lint_rules/audit.py.)"""
    if not scope.paths:
        return False
    return scope_globs(scope).match(scope_path(path, scope.root))


def backend_by_bases(info, bases_of, classes: dict, original, patterns, backend_base) -> bool:
    """Is the class ``info`` backend code by a base: a base (an alias resolved by
    ``original``, a dotted one by its last part) matching a base-class pattern, a base of
    another module the project index calls a backend (``backend_base(base)``:
    ``context.FileContext.backend_base`` for the module), or a class of this module
    (``classes``: name -> info) that is one, transitively. ``bases_of(info)``: the base names
    as written. Shared by the libcst analysis and the stdlib-``ast`` KVG004 check."""
    import fnmatch

    def matches(cls, seen: frozenset) -> bool:
        for base in bases_of(cls):
            last = base.rsplit(".", 1)[-1]
            terminal = original(last) if "." not in base else last
            if any(fnmatch.fnmatchcase(terminal, p) for p in patterns):
                return True
            if backend_base(base):
                return True
            local = classes.get(base)
            if local is not None and local.name not in seen:
                if matches(local, seen | {local.name}):
                    return True
        return False

    return matches(info, frozenset({info.name}))


def base_literals(pattern: str) -> list[str]:
    """Literal pieces of an fnmatch pattern (for the sound prefilter)."""
    return [piece for piece in re.split(r"[*?\[\]]+", pattern) if piece]


def base_byte_pieces(scope: ScopeConfig) -> Optional[tuple]:
    """The base patterns' literal pieces as bytes, one tuple per pattern, for the byte form of
    ``scope_may_match``'s first test (``Triage``); None when that test cannot answer no: every
    code is backend-like (``all_code``), a pattern has no piece, or a piece is not ASCII (an
    ASCII piece is in UTF-8 bytes exactly when it is in their text)."""
    sets = [base_literals(p) for p in scope.base_patterns]
    if scope.all_code or any(not pieces for pieces in sets):
        return None
    if not all(piece.isascii() for pieces in sets for piece in pieces):
        return None
    return tuple(tuple(piece.encode() for piece in pieces) for pieces in sets)


# a class statement with bases, from the start of its line
_CLASS_AT = re.compile(r"[ \t]*class[\s\\]+\w+[\s\\]*\(")


def _class_statements(text: str):
    """The matches of ``_CLASS_AT`` at line starts (``re.M``'s ``^`` + it, ``finditer``),
    tried only at the starts of lines holding ``class`` (a pattern starting with ``^`` is tried
    at every position); matches do not overlap, as ``finditer``'s do not."""
    end = 0
    last = -1
    at = text.find("class")
    while at >= 0:
        start = text.rfind("\n", 0, at) + 1
        if start != last and start >= end:
            last = start
            m = _CLASS_AT.match(text, start)
            if m is not None:
                end = m.end()
                yield m
        at = text.find("class", at + 5)


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
        elif ch in "'\"#":
            return None
    return None


@lru_cache(maxsize=64)
def _alias_regex(piece: str) -> re.Pattern:
    """``<...piece...> as <name>``: an imported base-pattern name bound to another name."""
    return re.compile(re.escape(piece) + r"\w*\s+as\s")


def scope_may_match(
    text: str, path: str, scope: ScopeConfig, in_scope: Optional[bool] = None
) -> bool:
    """Sound: False only when no code in the file can be in scope. ``in_scope``: the caller's
    ``path_in_scope(path, scope)``, when it has it already.

    Out of the scope paths, only classes deriving from a base-pattern class are in scope. Every
    class statement starts a logical line, so each one with bases is found by ``_class_statements``; its
    bases must contain a literal piece of a base pattern, unless an imported name matching a
    pattern is aliased (``import FooAttnBackend as Base``) - then any class may be in scope.
    """
    if in_scope is None:
        in_scope = path_in_scope(path, scope)
    if scope.all_code or in_scope:
        return True  # (the audit mode: backend-like code may be anywhere)
    literal_sets = [base_literals(p) for p in scope.base_patterns]
    if any(not pieces for pieces in literal_sets):
        return True  # a pattern like "*" can match any base
    if not any(all(piece in text for piece in pieces) for pieces in literal_sets):
        return False
    for pieces in literal_sets:
        for piece in pieces:
            if _alias_regex(piece).search(text):
                return True
    for match in _class_statements(text):
        segment = _bases_segment(text, match.end() - 1)
        if segment is None:
            return True
        if any(all(piece in segment for piece in pieces) for pieces in literal_sets):
            return True
    return False
