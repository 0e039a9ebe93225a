"""The one place that spells the ``_resolve_swa_kv_pool`` method the init fix adds.

Everything the emitted resolver says about sglang's API is here (the draft-worker check for a
target known to have FROZEN_KV MTP, and the version-tolerant one); the transform in
:mod:`lint_rules.fixes.resolve_init_pool` only indents it and names the pool class. No libcst.
"""

from __future__ import annotations

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

# The draft-worker check, for a target known to have FROZEN_KV MTP, and version-tolerant.
_DRAFT_CHECK_KNOWN = """\
    if model_runner.is_draft_worker:
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
"""
_DRAFT_CHECK_TOLERANT = """\
    if getattr(model_runner, "is_draft_worker", False):
        spec_algorithm = getattr(model_runner, "spec_algorithm", None)
        is_frozen_kv_mtp = getattr(spec_algorithm, "is_frozen_kv_mtp", None)
        if is_frozen_kv_mtp is None or not is_frozen_kv_mtp():
            return None
"""


def resolver_source(pool: str, optional: bool, frozen_kv_known: bool) -> str:
    """The resolver method at column 0, indented by 4 spaces per level.

    ``pool``: the local name of ``SWAKVPool``; ``optional``: ``Optional`` is bound (annotate
    the return); ``frozen_kv_known``: the target has ``is_frozen_kv_mtp`` (else the
    version-tolerant draft check)."""
    return _RESOLVER.format(
        name=RESOLVER_NAME,
        pool=pool,
        ret=f" -> Optional[{pool}]" if optional else "",
        draft_guard=(
            "" if frozen_kv_known else "    # (is_frozen_kv_mtp exists from sglang 0.5.12 on.)\n"
        ),
        draft_check=_DRAFT_CHECK_KNOWN if frozen_kv_known else _DRAFT_CHECK_TOLERANT,
    )
