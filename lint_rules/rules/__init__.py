"""The KVG rule family: one module per rule, each with its docs and VALID/INVALID cases.

Selection and prefilter metadata live in :mod:`lint_rules.registry` (no libcst import).
"""

from __future__ import annotations

from ..registry import RULES, load_rule
from .base import Case, Rule

ALL_RULES: dict[str, type[Rule]] = {code: load_rule(code) for code in RULES}

__all__ = ["ALL_RULES", "Case", "Rule"]
