"""The one place that spells the ``_resolve_swa_kv_pool`` method the init fix adds.

The draft-worker check it emits comes from the API model (:mod:`lint_rules.sglang_api`); the transform in
:mod:`lint_rules.fixes.resolve_init_pool` only indents it and names the pool class. No libcst.
"""

from __future__ import annotations

from typing import Optional

RESOLVER_NAME = "_resolve_swa_kv_pool"

_RESOLVER = '''\
@staticmethod
def {name}(model_runner){ret}:
    """The SWA KV pool this backend reads, or None (a kvguard fix)."""
    # The active pool decides. A speculative draft shares the target's allocator but
    # owns its own KV pool; only a FROZEN_KV MTP draft reads the target's KV.
{draft_guard}    active_pool = model_runner.token_to_kv_pool
    if isinstance(active_pool, {pool}):
        return active_pool
{draft_check}    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, {pool}) else None
'''


def resolver_source(pool: str, optional: bool, version: Optional[str]) -> str:
    """The resolver method at column 0, indented by 4 spaces per level.

    ``pool``: the local name of ``SWAKVPool``; ``optional``: ``Optional`` is bound (annotate
    the return); ``version``: the target sglang — the draft-worker test uses only what every
    object reaching it has there (:func:`lint_rules.sglang_api.resolver_plan`, derived from the
    releases), and a comment names the version it was written for."""
    from ..sglang_api import resolver_plan

    api = resolver_plan(version)
    return _RESOLVER.format(
        name=RESOLVER_NAME,
        pool=pool,
        ret=f" -> Optional[{pool}]" if optional else "",
        draft_guard=api.comment,
        draft_check=api.draft_check,
    )
