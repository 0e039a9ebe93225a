import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        logger.debug("resolving swa pool; allocator is %r", type(allocator).__mro__[0])
        self.default_pool = model_runner.token_to_kv_pool
        spec = model_runner.spec_algorithm
        frozen = hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()
        source = allocator.get_kvcache() if (not model_runner.is_draft_worker or frozen) else None
        if source is None:
            source = self.default_pool
        self.swa_pool = source if isinstance(source, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.default_pool, loc
