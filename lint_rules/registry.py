"""The rule index: codes, names, prefilter needles and rule selection, without importing libcst.

The engine consults this to select rules and to skip files no selected rule can match, so a run
over a tree where nothing can match never pays for importing the parser. Each rule's docs,
cases and logic live in its own module under ``lint_rules/rules/``; :func:`load_rule` imports
it. Nothing outside ``lint_rules/rules/`` and this module names a rule code: the engine, the
checker and the reporters iterate over :data:`RULES` and ask each entry's properties.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Optional

# In needles: stands for the configured allocator attributes (``allocator-attributes``).
ROOTS = "<allocator-attributes>"
DEFAULT_ROOTS = ("token_to_kv_pool_allocator",)
# Every source of an allocator value (lint_rules/flow.py) contains a root attribute name, or an
# allocator class name (annotations, SWA allocator class tests): all contain "Allocator".
ALLOCATOR_SOURCES = (ROOTS, "Allocator")
# In needles: stands for the configured full->SWA translators (``swa-translators``).
TRANSLATORS = "<swa-translators>"
DEFAULT_TRANSLATORS = ("translate_loc_from_full_to_swa",)
# Every spelling of "swa": each KVG005 sink and mapping holds one (lint_rules/index_space.py).
SWA_SPELLINGS = tuple(a + b + c for a in "sS" for b in "wW" for c in "aA")
# In needles: stands for the words of the rule's anchors, read from their sink declarations
# (lint_rules/sinks.py: every form of a sink names the words its source holds).
ANCHOR_WORDS = "<anchor-words>"


@lru_cache(maxsize=64)
def _with_roots(
    needles: tuple, roots: tuple, translators: tuple = DEFAULT_TRANSLATORS, anchor_words: tuple = ()
) -> tuple[tuple[str, ...], ...]:
    # Asked per file by the prefilter (checker.needs_parse): computed once per rule, roots,
    # translators and anchor words.
    subst = {ROOTS: roots, TRANSLATORS: translators, ANCHOR_WORDS: anchor_words}
    return tuple(tuple(x for n in group for x in subst.get(n, (n,))) for group in needles)


@dataclass(frozen=True, slots=True)
class RuleMeta:
    """One rule's index entry: what selection, the prefilter and the reduction know of it."""

    code: str
    name: str
    summary: str
    module: str  # under lint_rules.rules
    default_enabled: bool
    # Prefilter: every group must be present in the text, each group by any one substring.
    # Sound by construction: each rule needs an allocator-derived value (all sources contain
    # "token_to_kv_pool_allocator") or, for KVG004, a pool read ("token_to_kv_pool"), and an
    # anchor (``ANCHOR_WORDS``: the words of its sinks' forms).
    needles: tuple[tuple[str, ...], ...]
    fixable: bool = False
    # Reduction anchors (lint_rules/reduce.py ANCHORS: what a finding of this rule sits on,
    # asked of the stdlib-ast flow model). None: not reducible, the engine always parses.
    anchors: Optional[tuple[str, ...]] = None
    # The rule's own libcst-free proof that a text has no finding ("module:function", called
    # with (text, scope, the file's context.FileContext)); None: the shared reduction
    # (reduce.py) covers it, if anything.
    reduction: Optional[str] = None
    # The rule decided on the stdlib ``ast`` ("module:function", called with (text, path,
    # scope, tree, context) -> a list of ``astfinding.AstFinding``, or None where the rule's
    # libcst class must decide): the lint reports from it without libcst (lint_rules/sparse.py).
    check: Optional[str] = None

    def needles_for(self, scope=None) -> tuple[tuple[str, ...], ...]:
        """The needles with ``ROOTS`` replaced by the configured allocator attributes,
        ``TRANSLATORS`` by the configured translators and ``ANCHOR_WORDS`` by the anchors'
        declared words."""
        roots = tuple(getattr(scope, "allocator_attributes", None) or DEFAULT_ROOTS)
        tr = tuple(getattr(scope, "swa_translators", None) or DEFAULT_TRANSLATORS)
        words: tuple = ()
        if self.anchors and any(ANCHOR_WORDS in group for group in self.needles):
            from .sinks import words as anchor_words

            words = anchor_words(self.anchors)
        try:
            return _with_roots(self.needles, roots, tr, words)
        except TypeError:  # needles given as lists (unhashable): computed, not memoised
            return _with_roots.__wrapped__(self.needles, roots, tr, words)

    def may_match(self, text: str, scope=None) -> bool:
        return all(any(n in text for n in group) for group in self.needles_for(scope))


RULES: dict[str, RuleMeta] = {
    m.code: m
    for m in (
        RuleMeta(
            "KVG001",
            "swa-mode-from-allocator",
            "SWA mode decided from the allocator instead of the KV pool",
            "kvg001_swa_mode_from_allocator",
            True,
            (ALLOCATOR_SOURCES, (ANCHOR_WORDS,)),
            fixable=True,
            anchors=("swa-class-test", "swa-member-probe", "swa-type-decision"),
        ),
        RuleMeta(
            "KVG002",
            "swa-translate-through-allocator",
            "full->SWA index translation through the allocator",
            "kvg002_swa_translate_through_allocator",
            True,
            (ALLOCATOR_SOURCES, (ANCHOR_WORDS,)),
            fixable=True,
            anchors=("allocator-member:translate_loc_from_full_to_swa,full_to_swa_index_mapping",),
        ),
        RuleMeta(
            "KVG003",
            "swa-pool-from-allocator-kvcache",
            "SWA pool taken from the allocator's kvcache without the draft-worker guard",
            "kvg003_swa_pool_from_allocator_kvcache",
            True,
            (ALLOCATOR_SOURCES, (ANCHOR_WORDS,)),
            fixable=True,
            anchors=("allocator-call:get_kvcache",),
        ),
        RuleMeta(
            "KVG004",
            "swa-flag-cached-at-init",
            "SWA pool flag cached at __init__ although FROZEN_KV MTP swaps the pool",
            "kvg004_swa_flag_cached_at_init",
            False,
            (("token_to_kv_pool",), ("isinstance", "swa", "SWA"), ("__init__",)),
            reduction="lint_rules.gating:proven_clean_for",
            check="lint_rules.gating:findings",
        ),
        RuleMeta(
            "KVG005",
            "full-loc-in-swa-read",
            "full-pool locations reach an SWA-layer read untranslated",
            "kvg005_full_loc_in_swa_read",
            # opt-in until its model meets the whole-tree speed bar (benchmarks/RESULTS.md)
            False,
            # the module translates (it may use an SWA pool), and every sink spells "swa"
            ((TRANSLATORS, "full_to_swa"), SWA_SPELLINGS),
            fixable=True,
            reduction="lint_rules.index_space:proven_clean_for",
            check="lint_rules.index_space:findings",
        ),
        RuleMeta(
            "KVG006",
            "narrow-swa-pool-class",
            "SWA pool tested as SWAKVPool where the release has other SWA pool classes",
            "kvg006_narrow_swa_pool_class",
            # opt-in: the backends that still test SWAKVPool (0.5.23) are not DeepSeek-V4's
            False,
            # every finding is a class test (isinstance / issubclass) naming SWAKVPool
            (("SWAKVPool",), ("isinstance", "issubclass")),
        ),
    )
}
PREFIX = "KVG"

# The planned home (README, "Install") and each rule's page there: docs/rules/<CODE>.md,
# generated from the rule's docstring by scripts/gen_rule_docs.py (a test keeps them in sync).
HOME = "https://github.com/kvguard/kvguard"
RULE_DOCS = "docs/rules"


def rule_url(code: str) -> str:
    return f"{HOME}/blob/main/{RULE_DOCS}/{code}.md"


# Rule classes registered directly (a rule defined outside lint_rules/rules/, e.g. by a test).
_CLASSES: dict[str, type] = {}


def register(meta: RuleMeta, rule_class: Optional[type] = None) -> None:
    """Add a rule to the index (``rule_class``: when it does not live in ``lint_rules.rules``).
    Forked workers inherit it; a new process does not."""
    RULES[meta.code] = meta
    if rule_class is not None:
        _CLASSES[meta.code] = rule_class


def unregister(code: str) -> None:
    RULES.pop(code, None)
    _CLASSES.pop(code, None)


# --------------------------------------------------------------------------------------------
# Selection (the one implementation: configuration, command line and codemod all use it)
# --------------------------------------------------------------------------------------------


class UnknownRuleError(ValueError):
    """A selector that names no rule (the CLI exits 2 with this message)."""


@dataclass(frozen=True, slots=True)
class Selection:
    """One layer of rule selection: the configuration file, or the command line on top of it."""

    select: Optional[tuple[str, ...]] = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    origin: str = "command line"


def default_codes() -> frozenset[str]:
    return frozenset(code for code, meta in RULES.items() if meta.default_enabled)


def expand(selector: str, origin: str = "") -> frozenset[str]:
    """A code (``KVG001``), a prefix (``KVG00``, ``KVG``) or ``ALL`` -> rule codes."""
    sel = selector.strip().upper()
    if sel == "ALL":
        return frozenset(RULES)
    codes = frozenset(code for code in RULES if sel and code.startswith(sel))
    if not codes:
        where = f" in {origin}" if origin else ""
        known = ", ".join(sorted(RULES))
        raise UnknownRuleError(f"unknown rule selector {selector!r}{where} (known codes: {known})")
    return codes


def _specificity(selector: str) -> int:
    sel = selector.strip().upper()
    return 0 if sel == "ALL" else len(sel)


def resolve_codes(
    select: Optional[Iterable[str]] = None,
    ignore: Iterable[str] = (),
    extend_select: Iterable[str] = (),
    *,
    layers: Optional[Iterable[Selection]] = None,
) -> frozenset[str]:
    """ruff's selection: starting from the default rules, each layer (``layers``, or the one
    layer the other arguments give) either replaces the set (``select``) or edits it
    (``extend_select`` adds, ``ignore`` removes); within one layer the most specific selector
    wins, an ignore winning a tie (``select = ["KVG"]`` + ``ignore = ["KVG002"]``: all but
    KVG002). Every selector is validated first, so typos never pass silently."""
    if layers is None:
        layers = [
            Selection(
                tuple(select) if select is not None else None, tuple(extend_select), tuple(ignore)
            )
        ]
    all_codes = sorted(RULES)
    enabled = set(default_codes())
    for layer in layers:
        for group in (layer.select or ()), layer.extend_select, layer.ignore:
            for selector in group:
                expand(selector, layer.origin)
        new_enabled = set()
        for code in all_codes:
            best: Optional[tuple[int, int]] = None  # (specificity, 1 select / 0 ignore)
            for kind, group in (
                (1, layer.select or ()),
                (1, layer.extend_select),
                (0, layer.ignore),
            ):
                for selector in group:
                    sel = selector.strip().upper()
                    if sel == "ALL" or code.startswith(sel):
                        cand = (_specificity(sel), kind)
                        if best is None or cand[0] > best[0] or (cand[0] == best[0] and kind == 0):
                            best = cand
            if best is not None:
                if best[1] == 1:
                    new_enabled.add(code)
            elif layer.select is None and code in enabled:
                new_enabled.add(code)
        enabled = new_enabled
    return frozenset(enabled)


# --------------------------------------------------------------------------------------------
# Rule classes (import libcst)
# --------------------------------------------------------------------------------------------


def load_rule(code: str):
    """The rule class (imports libcst)."""
    if code in _CLASSES:
        return _CLASSES[code]
    meta = RULES[code]
    module = importlib.import_module(f"lint_rules.rules.{meta.module}")
    for value in vars(module).values():
        if getattr(value, "code", None) == code and isinstance(value, type):
            return value
    raise LookupError(code)  # pragma: no cover - registry and modules disagree


def rule_doc(code: str) -> str:
    return load_rule(code).doc()
