"""Backend that tries SWA pool sources in order and stops at the first that applies."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _is_plain_draft(mr):
    if not mr.is_draft_worker:
        return False
    try:
        return not mr.spec_algorithm.is_frozen_kv_mtp()
    except AttributeError:
        return True


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        sources = (
            lambda: model_runner.token_to_kv_pool,
            lambda: (
                None
                if _is_plain_draft(model_runner)
                else model_runner.token_to_kv_pool_allocator.get_kvcache()
            ),
        )
        for source in sources:
            candidate = source()
            if candidate is None:
                break
            if isinstance(candidate, SWAKVPool):
                self.swa_pool = candidate
                break
        else:
            self.swa_pool = None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
