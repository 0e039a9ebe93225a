"""Backend that resolves its sliding-window pool from a context NamedTuple carrying the KV handles and draft facts."""

from typing import Any, NamedTuple, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _DraftFacts(NamedTuple):
    is_draft: bool
    frozen_kv: bool

    @property
    def owns_private_kv(self) -> bool:
        return self.is_draft and not self.frozen_kv


class _ResolveContext(NamedTuple):
    pool: Any
    allocator: Any
    facts: _DraftFacts


def _make_context(model_runner) -> _ResolveContext:
    facts = _DraftFacts(
        model_runner.is_draft_worker,
        model_runner.spec_algorithm.is_frozen_kv_mtp(),
    )
    return _ResolveContext(
        model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator, facts
    )


def _resolve(ctx: _ResolveContext) -> Optional[SWAKVPool]:
    if isinstance(ctx.pool, SWAKVPool):
        return ctx.pool
    if ctx.facts.owns_private_kv:
        return None
    kv = ctx.allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        ctx = _make_context(model_runner)
        self.pool = ctx.pool
        self.swa_pool = _resolve(ctx)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
