"""Backend that consults a module-level predicate deciding whether the runner reads the target's KV cache before borrowing it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def reads_target_kv(model_runner) -> bool:
    """A target runner, or a FROZEN_KV MTP draft, reads the KV cache the allocator serves."""
    if not getattr(model_runner, "is_draft_worker", False):
        return True
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


def resolve_swa_pool(model_runner):
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    if reads_target_kv(model_runner):
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
