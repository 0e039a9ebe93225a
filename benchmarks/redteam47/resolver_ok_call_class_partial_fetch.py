"""Backend with a reusable callable that resolves the SWA pool, fetching lazily."""

import functools
import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _fetch_kvcache(allocator):
    kvcache = allocator.get_kvcache()
    logger.debug("allocator %s -> kvcache %s", type(allocator).__name__, type(kvcache).__name__)
    return kvcache


class SWAPoolResolver:
    """Callable: ``SWAPoolResolver()(model_runner) -> SWAKVPool | None``."""

    def _regular_draft(self, model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return False
        is_frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return not (is_frozen is not None and is_frozen())

    def __call__(self, model_runner):
        fetch = functools.partial(_fetch_kvcache, model_runner.token_to_kv_pool_allocator)
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if self._regular_draft(model_runner):
            return None
        kvcache = fetch()
        return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    resolver = SWAPoolResolver()

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolver(model_runner)
        self.num_decode_steps = 0

    def init_forward_metadata(self, forward_batch) -> None:
        self.num_decode_steps = 0

    def forward_decode(self, loc: torch.Tensor):
        self.num_decode_steps += 1
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
