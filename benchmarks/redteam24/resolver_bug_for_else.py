"""Attention backend that scans its pool sources with for/else and falls back to the allocator."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _is_regular_draft(runner):
    if not runner.is_draft_worker:
        return False
    probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return not (probe is not None and probe())


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        for source in ("own", "draft"):
            if source == "own" and isinstance(self.pool, SWAKVPool):
                self.swa_pool = self.pool
                break
            if source == "draft" and _is_regular_draft(model_runner):
                continue
        else:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kv, SWAKVPool):
                self.swa_pool = kv

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
