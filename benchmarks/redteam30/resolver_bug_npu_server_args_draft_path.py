"""NPU backend whose SWA pool resolver identifies draft workers from the server args."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_draft_runner(model_runner) -> bool:
    server_args = model_runner.server_args
    return getattr(server_args, "speculative_draft_model_path", None) is not None


def _is_frozen_kv(model_runner) -> bool:
    return model_runner.spec_algorithm.is_frozen_kv_mtp()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve(model_runner)
        logger.info(
            "NPU backend: draft=%s swa_pool=%s",
            _is_draft_runner(model_runner),
            self.swa_kv_pool is not None,
        )

    @staticmethod
    def _resolve(model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if _is_draft_runner(model_runner) and not _is_frozen_kv(model_runner):
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
