"""Attention backend that resolves its SWA pool with assignment expressions."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa_kv_pool(runner):
    if isinstance(own := runner.token_to_kv_pool, SWAKVPool):
        return own
    if runner.is_draft_worker and not (
        (probe := getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)) and probe()
    ):
        return None
    return (
        kv if isinstance(kv := runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool) else None
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if (swa := self.swa_pool) is None:
            return self.pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
