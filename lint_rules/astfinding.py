"""The raw finding of a rule decided on the stdlib ``ast`` (``RuleMeta.check``: KVG004's
``gating.findings``, KVG005's ``index_space.findings``), below those checks and the lint state
(``sparse.LintState``) that positions it. No libcst."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


class Span(tuple):
    """A node's (start row, start col, end row, end col), known without libcst: what a rule
    decided on the stdlib ``ast`` reports (rows 1-based, columns 0-based character offsets)."""

    __slots__ = ()

    def __new__(cls, row: int, col: int, end_row: int, end_col: int) -> "Span":
        return tuple.__new__(cls, (row, col, end_row, end_col))


@dataclass(eq=False, slots=True)
class AstFinding:
    """A raw finding of a rule decided on the stdlib ``ast`` (``RuleMeta.check``): the fields
    of ``rules.base.RawFinding`` that the checker, the fix planner and the fixer read, with
    :class:`Span` positions instead of libcst nodes. It takes the same path from here on
    (positioned by :meth:`LintState.positioned`, suppressions, reporters, cache)."""

    code: str
    node: Span
    statement: Optional[Span]
    message: str
    context: str
    fix: object = None
    function: object = None
