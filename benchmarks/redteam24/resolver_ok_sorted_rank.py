"""Attention backend that ranks candidate KV pools and keeps the best SWA one."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_FORBIDDEN = 99


def _rank_candidates(runner):
    algo = runner.spec_algorithm
    frozen = hasattr(algo, "is_frozen_kv_mtp") and algo.is_frozen_kv_mtp()
    shared_rank = _FORBIDDEN if runner.is_draft_worker and not frozen else 1
    return [
        (shared_rank, runner.token_to_kv_pool_allocator.get_kvcache()),
        (0, runner.token_to_kv_pool),
    ]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        ranked = sorted(_rank_candidates(model_runner), key=lambda item: item[0])
        eligible = [p for rank, p in ranked if rank < _FORBIDDEN and isinstance(p, SWAKVPool)]
        self.swa_pool = eligible[0] if eligible else None

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
