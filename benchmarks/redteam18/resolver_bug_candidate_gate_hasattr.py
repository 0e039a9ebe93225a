"""Resolves the SWA pool from a registry of named (gate, fetch) callables; the allocator's gate tests hasattr(spec_algorithm, "is_frozen_kv_mtp"), which every SpeculativeAlgorithm member satisfies."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.sources = {
            "active": (lambda: True, lambda: model_runner.token_to_kv_pool),
            "allocator": (
                lambda: self._frozen_kv_capable(model_runner),
                lambda: model_runner.token_to_kv_pool_allocator.get_kvcache(),
            ),
        }
        self.swa_kv_pool = self._first_swa_pool()

    @staticmethod
    def _frozen_kv_capable(model_runner) -> bool:
        if not model_runner.is_draft_worker:
            return True
        # FROZEN_KV-capable algorithms read the target's pool.
        return hasattr(model_runner.spec_algorithm, "is_frozen_kv_mtp")

    def _first_swa_pool(self):
        for name, (gate, fetch) in self.sources.items():
            if gate():
                pool = fetch()
                if isinstance(pool, SWAKVPool):
                    logger.debug("SWA pool from %s", name)
                    return pool
        return None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
