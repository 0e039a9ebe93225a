"""Refactor: move SWA pool resolution into a mixin shared by the triton and flashinfer backends."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class SWAPoolResolverMixin:
    """Resolves ``self.swa_pool``; subclasses call ``_init_swa_pool`` from ``__init__``."""

    swa_pool = None

    @staticmethod
    def _frozen_kv_mtp(mr) -> bool:
        check = getattr(mr.spec_algorithm, "is_frozen_kv_mtp", None)
        return bool(check and check())

    def _init_swa_pool(self, mr):
        active = mr.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            self.swa_pool = active
        elif getattr(mr, "is_draft_worker", False) and not self._frozen_kv_mtp(mr):
            self.swa_pool = None
        else:
            shared = mr.token_to_kv_pool_allocator.get_kvcache()
            self.swa_pool = shared if isinstance(shared, SWAKVPool) else None

    def _window_loc(self, loc):
        return self.swa_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SWAPoolResolverMixin):
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.num_heads = getattr(model_runner.model_config, "num_attention_heads", 1)
        self._init_swa_pool(model_runner)
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "triton backend: heads=%d, kv slots full=%d swa=%d",
            self.num_heads,
            getattr(allocator, "size_full", allocator.size),
            getattr(allocator, "size_swa", 0),
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self._window_loc(loc)
