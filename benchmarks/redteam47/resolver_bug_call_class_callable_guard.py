"""Backend with a reusable callable that resolves the SWA pool for a model runner."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolver:
    """Callable: ``SWAPoolResolver()(model_runner) -> SWAKVPool | None``."""

    def __init__(self, log_level: int = logging.DEBUG):
        self.log_level = log_level

    def _frozen_kv(self, model_runner) -> bool:
        # FROZEN_KV_MTP drafts read the target's cache; guard older releases.
        return callable(getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None))

    def __call__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not self._frozen_kv(model_runner):
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        if not isinstance(allocator, SWATokenToKVPoolAllocator):
            return None
        kvcache = allocator.get_kvcache()
        logger.log(self.log_level, "allocator %s -> %s", type(allocator).__name__, kvcache)
        return kvcache if isinstance(kvcache, SWAKVPool) else None


_resolve_swa_pool = SWAPoolResolver()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_pool(model_runner)
        self.num_decode_steps = 0

    def init_forward_metadata(self, forward_batch) -> None:
        self.num_decode_steps = 0

    def forward_decode(self, loc: torch.Tensor):
        self.num_decode_steps += 1
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
