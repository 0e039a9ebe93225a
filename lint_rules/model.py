"""Plain data types shared by the rules, the engine, the fixer and the reporters.

Nothing here imports libcst, so reporters and the cache can use these types
without paying for the parser import.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional


@dataclass(frozen=True, order=True, slots=True)
class Location:
    """1-based line and 1-based column, like ruff."""

    row: int
    column: int


@dataclass(frozen=True, slots=True)
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
    # The text edits, as ruff's JSON has them: (content, row, column, end_row, end_column),
    # 1-based, the end exclusive; positions are those of the unfixed file.
    edits: tuple[tuple[str, int, int, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class ScopeConfig:
    """Which code counts as attention-backend code (the only code findings are reported in).

    ``paths``: glob patterns (matched against the POSIX path) of backend modules; every
    class and module-level helper in them is in scope.
    ``base_patterns``: fnmatch patterns on base-class names; a class that derives from a
    matching base (directly, or through a class of the same module that does) is in scope
    wherever it lives.
    ``all_code``: also backend-like code anywhere (audits; lint_rules/audit.py).
    ``kvg004_write_gating``: KVG004 also reports caches that only gate KV writes.
    ``full_location_sources``, ``swa_translators``: KVG005's full-pool location sources and
    full->SWA translator methods (forks rename them; lint_rules/index_space.py).
    ``root``: the project root ``paths`` are matched relative to (``"/"``: absolute paths);
    None: the path as given (see :func:`lint_rules.scope.scope_path`).
    ``target_version``: the sglang release rules that depend on it judge against (KVG006;
    ``target-version``); None: ``"auto"`` (the file's sglang tree, else the installed sglang;
    :func:`lint_rules.fixes.target.detect_target`).
    """

    paths: tuple[str, ...] = ("**/layers/attention/**",)
    base_patterns: tuple[str, ...] = ("AttentionBackend", "*AttnBackend", "*AttentionBackend")
    all_code: bool = False
    # The attribute names that hold the allocator (``allocator-attributes``; forks rename it).
    allocator_attributes: tuple[str, ...] = ("token_to_kv_pool_allocator",)
    kvg004_write_gating: bool = False
    root: Optional[str] = None
    full_location_sources: tuple[str, ...] = (
        "out_cache_loc",
        "req_to_token",
        "page_table",
        "kv_indices",
    )
    swa_translators: tuple[str, ...] = ("translate_loc_from_full_to_swa",)
    target_version: Optional[str] = None


@dataclass(slots=True)
class FileResult:
    """Outcome of linting one file."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    # A clear, single-line reason when the file could not be read/decoded/parsed.
    error: Optional[str] = None
    # Suppression comments that matched no finding: (line, code) pairs.
    unused_suppressions: list[tuple[int, str]] = field(default_factory=list)


def exception_reason(exc: BaseException) -> str:
    """``<type>: <one line>`` for an unexpected exception, safe to build whatever it holds: its
    message is formatted only when every argument is a plain string or number (``str()`` of a
    ``KeyError`` keyed by a deeply nested libcst node recurses again); a ``RecursionError``
    (or an error raised while one unwound) says so in words."""
    name = type(exc).__name__
    seen: BaseException | None = exc
    for _ in range(8):  # an error raised while unwinding a RecursionError is its echo
        if seen is None:
            break
        if isinstance(seen, RecursionError):
            return "RecursionError: nesting too deep"
        seen = seen.__context__
    args = getattr(exc, "args", ())
    message = ""
    if args and all(isinstance(a, (str, int, float)) for a in args):
        try:
            message = str(exc)
        except Exception:  # a broken __str__ of a subclass
            message = ""
    message = (message.strip().splitlines() or [""])[0][:300]
    return f"{name}: {message}" if message else name


def internal_error(exc: BaseException) -> str:
    """A file's one-line reason for an exception kvguard did not expect."""
    return f"internal error: {exception_reason(exc)}"
