"""The KVG rule family: one module per rule, each with its docs and VALID/INVALID cases.

Selection and prefilter metadata live in :mod:`lint_rules.registry` (no libcst import);
:mod:`.spec` holds what every rule declares, :mod:`.base` the libcst visitor base.
"""

from __future__ import annotations

from ..registry import RULES, UnknownRuleError, default_codes, expand, load_rule, resolve_codes
from .spec import Case, RuleSpec


def __getattr__(name: str):
    # ``Rule`` (libcst) and ``ALL_RULES`` (every rule class) on first use: a run imports only
    # its selected rules, and a rule decided on ``ast`` (``RuleSpec`` alone) no libcst
    if name == "Rule":
        from .base import Rule

        return Rule
    if name == "ALL_RULES":
        rules: dict[str, type[RuleSpec]] = {code: load_rule(code) for code in RULES}
        globals()["ALL_RULES"] = rules
        return rules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# Selection helpers re-exported for convenience; import them from lint_rules.registry on hot
# paths (that module does not import libcst).
__all__ = [
    "ALL_RULES",
    "Case",
    "Rule",
    "RuleSpec",
    "UnknownRuleError",
    "default_codes",
    "expand",
    "resolve_codes",
]
