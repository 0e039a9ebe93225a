"""What every rule declares, without libcst: its code, cases, fixes and docs.

A rule decided on the stdlib ``ast`` (a ``RuleMeta.check``: KVG005) subclasses
:class:`RuleSpec` alone, so reporting its findings and planning its fixes never imports
libcst; a rule decided on libcst subclasses ``rules.base.Rule``, which adds the visitor.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Optional, Union

from ..model import ScopeConfig


@dataclass(frozen=True)
class Case:
    """An INVALID example: the code, and how many findings of this rule it must give."""

    code: str
    count: int = 1
    path: str = "sglang/srt/layers/attention/example_backend.py"
    # guards: a case that needs settings (e.g. KVG004's kvg004_write_gating); None = defaults
    scope: Optional[ScopeConfig] = None


class RuleSpec:
    """A rule's declarations. Subclasses set the class attributes."""

    code: ClassVar[str]  # name, summary, default and prefilter needles: lint_rules.registry
    VALID: ClassVar[list[Union[str, Case]]] = []  # a str runs under Case's default path
    INVALID: ClassVar[list[Case]] = []

    # ---- fixes (the fixer's block) ------------------------------------------------------
    # The fix transforms this rule offers (lint_rules.fixes.*), asked in order at report time;
    # each checks its own shape and preconditions. No fix code names a rule code.
    FIXES: ClassVar[tuple] = ()
    # Selecting this rule makes the fixes emit the resolver (never a pool cached at __init__).
    FIX_NEEDS_RESOLVER: ClassVar[bool] = False

    @classmethod
    def reduced_keeps(cls, candidates: list, lines: list, tree) -> Optional[set]:
        """The reduced module (lint_rules/sparse.py) for a rule without reduction anchors:
        the indices of the ``candidates`` (``sparse.Candidate``: functions outside functions,
        ``ast`` of the full text, whose ``lines`` and ``tree`` are given) whose bodies this
        rule needs, because it can report there or reads their libcst nodes from elsewhere.
        None (the default): not reducible, the module is parsed whole. Rules with anchors
        are kept by the anchors (sparse.py)."""
        return None

    @classmethod
    def doc(cls) -> str:
        import sys
        import textwrap

        return textwrap.dedent(sys.modules[cls.__module__].__doc__ or "").strip()
