"""Backend that scans candidate pools in order and stops at the first SWA pool, listing the allocator's cache only for non-drafts."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _candidates(mr):
    yield mr.token_to_kv_pool
    borrow = not mr.is_draft_worker or mr.spec_algorithm.is_frozen_kv_mtp()
    if borrow:
        yield mr.token_to_kv_pool_allocator.get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        for candidate in _candidates(model_runner):
            if isinstance(candidate, SWAKVPool):
                self.swa_pool = candidate
                break
        else:
            self.swa_pool = None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
