"""Plain data types shared by the rules, the engine, the fixer and the reporters.

Nothing here imports libcst, so reporters and the cache can use these types
without paying for the parser import.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


@dataclass(frozen=True, order=True)
class Location:
    """1-based line and 1-based column, like ruff."""

    row: int
    column: int


@dataclass(frozen=True)
class FixInfo:
    """What a fix for a finding would do; the edit itself is made by the fixer.

    ``applicability`` follows ruff: ``"safe"`` fixes keep behaviour, ``"unsafe"``
    fixes change runtime behaviour on purpose and need ``--unsafe-fixes`` (or
    ``kvguard fix``).
    """

    applicability: str
    message: str
    # Findings whose fixes share a non-empty key (within one file) are fixed by one edit, and
    # count as one fix in the summaries.
    key: str = ""


@dataclass(frozen=True)
class Finding:
    """One finding of a rule in a file: where, what, and the fix it offers (if any)."""

    code: str
    message: str
    location: Location
    end_location: Location
    # Qualified name of the enclosing function (``Class.method``), or "<module>".
    context: str = "<module>"
    fix: Optional[FixInfo] = None

    def sort_key(self) -> tuple:
        return (self.location.row, self.location.column, self.code, self.message)


@dataclass(frozen=True)
class ScopeConfig:
    """Which code counts as attention-backend code (the only code findings are reported in).

    ``paths``: glob patterns (matched against the POSIX path) of backend modules; every
    class and module-level helper in them is in scope.
    ``base_patterns``: fnmatch patterns on base-class names; a class that derives from a
    matching base (directly, or through a class of the same module that does) is in scope
    wherever it lives.
    ``all_code``: also backend-like code anywhere (audits; lint_rules/audit.py).
    ``kvg004_write_gating``: KVG004 also reports caches that only gate KV writes.
    ``root``: the project root ``paths`` are matched relative to (``"/"``: absolute paths);
    None: the path as given (see :func:`lint_rules.scope.scope_path`).
    """

    paths: tuple[str, ...] = ("**/layers/attention/**",)
    base_patterns: tuple[str, ...] = ("AttentionBackend", "*AttnBackend", "*AttentionBackend")
    all_code: bool = False
    # The attribute names that hold the allocator (``allocator-attributes``; forks rename it).
    allocator_attributes: tuple[str, ...] = ("token_to_kv_pool_allocator",)
    kvg004_write_gating: bool = False
    root: Optional[str] = None


@dataclass
class FileResult:
    """Outcome of linting one file."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    # A clear, single-line reason when the file could not be read/decoded/parsed.
    error: Optional[str] = None
    # Suppression comments that matched no finding: (line, code) pairs.
    unused_suppressions: list[tuple[int, str]] = field(default_factory=list)
