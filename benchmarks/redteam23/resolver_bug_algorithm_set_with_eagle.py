"""Backend resolving its SWA pool; only algorithms that read the target's KV may borrow it."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

# Draft algorithms that run against the target's KV cache (looked up by name for old releases).
_READS_TARGET_KV = frozenset(
    a for a in SpeculativeAlgorithm if a.name in ("FROZEN_KV_MTP", "EAGLE", "EAGLE3")
)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            self.swa = active
        elif model_runner.is_draft_worker and model_runner.spec_algorithm not in _READS_TARGET_KV:
            self.swa = None
        else:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
