"""Violation reports: the exception, the text message and the JSON record.

Runs only when a violation is found (never on the consistent hot path). No sglang import.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from typing import Any, List, Optional

from .invariant import (
    FIXABLE_RULES,
    OPT_IN_FIXABLE_RULES,
    STATIC_RULES,
    SWA_POOL_WITHOUT_SWA_ACTIVE,
)


class PoolGuardViolation(AssertionError):
    """Raised in ``raise`` mode when a backend's SWA pool / flag disagree with its active pool."""

    def __init__(self, message: str, violations=(), context: Optional[dict] = None):
        super().__init__(message)
        self.violations = tuple(violations)
        self.context = dict(context or {})


def name_of(value: Any) -> str:
    if value is None:
        return "None"
    name = getattr(value, "name", None)
    return name if isinstance(name, str) else str(value)


def backend_sources(backend) -> List[str]:
    """The ``.py`` files of the backend's classes that live in its own top-level package (for
    sglang 0.5.12.post1's TRTLLM backend: ``trtllm_mha_backend.py`` and the
    ``flashinfer_backend.py`` it subclasses): the files to run ``kvguard fix`` on."""
    files: List[str] = []
    try:
        top = type(backend).__module__.split(".")[0]
        for cls in type(backend).__mro__:
            if cls.__module__.split(".")[0] != top:
                continue
            path = getattr(sys.modules.get(cls.__module__), "__file__", None)
            if isinstance(path, str) and path.endswith(".py") and path not in files:
                files.append(path)
    except Exception:  # a report must never fail for want of a path
        return files
    return files


def fix_command(ctx: dict, violations) -> Optional[str]:
    """``kvguard fix <files>`` when a static rule with a fix finds this shape, else None."""
    if not any(r in FIXABLE_RULES for v in violations for r in STATIC_RULES.get(v.kind, ())):
        return None
    files = ctx.get("sources") or ["<the backend's source file>"]
    rules = {r for v in violations for r in STATIC_RULES.get(v.kind, ())}
    opt_in = sorted(rules & OPT_IN_FIXABLE_RULES)
    select = f"--extend-select {','.join(opt_in)} " if opt_in else ""
    return "kvguard fix " + select + " ".join(shlex.quote(f) for f in files)


def format_violation(state, method: str, ctx: dict, violations) -> str:
    active = ctx.get("active_pool")
    swa = ctx.get("swa_pool")
    lines = [
        f"kvguard: KV pool / SWA invariant violated in {state.backend_class}.{method}",
        f"  role={state.role} spec_algorithm={state.spec_algorithm} "
        f"sglang={state.sglang_version} forward_mode={ctx.get('forward_mode', '?')}"
        + (f" layer_id={ctx['layer_id']}" if ctx.get("layer_id") is not None else ""),
        f"  active pool: {type(active).__name__ if active is not None else 'None'} "
        f"(from {ctx.get('pool_source', '?')})",
        f"  SWA pool (_swa_kv_pool): {type(swa).__name__ if swa is not None else 'None'}"
        + (f", is the active pool: {'yes' if swa is active else 'no'}" if swa is not None else ""),
        f"  use_sliding_window_kv_pool: {ctx.get('flag', '?')}",
    ]
    if ctx.get("translated_by"):
        lines.append(f"  translated by: {ctx['translated_by']}")
    for v in violations:
        lines.append(f"  [{v.severity}] {v.kind}: {v.problem}")
        lines.append(f"    fix: {v.fix}")
        rules = STATIC_RULES.get(v.kind, ())
        if rules:
            lines.append(
                f"    static rule: {'/'.join(rules)} (`kvguard check` on the backend sources "
                "points at the line)"
            )
        if v.kind == SWA_POOL_WITHOUT_SWA_ACTIVE and "FROZEN_KV" in str(state.spec_algorithm):
            lines.append(
                "    note: this backend belongs to a FROZEN_KV MTP draft, whose SWA pool is the "
                "target's by design; it must be called inside target_kv_pool_view / "
                "frozen_kv_target_view, which swap in the target pool. Outside the view this is a "
                "call-site problem, not the #25103 resolution bug."
            )
    command = fix_command(ctx, violations)
    if command:
        # the default rules with a fix, and the opt-in ones the command selects
        named = {r for v in violations for r in STATIC_RULES.get(v.kind, ())}
        rewritten = sorted(FIXABLE_RULES - OPT_IN_FIXABLE_RULES | named & OPT_IN_FIXABLE_RULES)
        lines.append(f"  to fix: {command}")
        lines.append(
            f"    (the backend's installed source: rewrites the {'/'.join(rewritten)} "
            "findings that have a fix, in place; --diff previews; restart the server after)"
        )
    return "\n".join(lines)


def json_record(state, method: str, ctx: dict, violations, mode=None) -> str:
    """One violation report as a JSON object (``SGLANG_KV_POOL_GUARD_LOG=json``): the kinds, the
    static rules that find the same shape in source, and the context of the text message."""
    active = ctx.get("active_pool")
    swa = ctx.get("swa_pool")
    flag = ctx.get("flag")
    record = {
        "event": "kvguard.violation",
        "mode": getattr(mode, "value", mode),
        "pid": os.getpid(),
        "backend": state.backend_class,
        "method": method,
        "role": state.role,
        "spec_algorithm": state.spec_algorithm,
        "sglang_version": state.sglang_version,
        "forward_mode": ctx.get("forward_mode", "?"),
        "layer_id": ctx.get("layer_id"),
        "active_pool": type(active).__name__ if active is not None else None,
        "active_pool_source": ctx.get("pool_source"),
        "swa_pool": type(swa).__name__ if swa is not None else None,
        "swa_pool_is_active": (swa is active) if swa is not None else None,
        "flag": flag if isinstance(flag, bool) else None,
        "translated_by": ctx.get("translated_by"),
        "fix_command": fix_command(ctx, violations),
        "violations": [
            {
                "kind": v.kind,
                "severity": v.severity,
                "static_rules": list(STATIC_RULES.get(v.kind, ())),
                "problem": v.problem,
                "fix": v.fix,
            }
            for v in violations
        ],
    }
    record["kinds"] = [v["kind"] for v in record["violations"]]
    record["static_rules"] = sorted({r for v in record["violations"] for r in v["static_rules"]})
    return json.dumps(record, sort_keys=True)
