"""Backend whose SWA-pool resolver keys its draft exception on the speculative algorithm family."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = int(getattr(model_runner, "page_size", 1) or 1)
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        EAGLE-family drafts attend over the target's cache through the shared
        allocator; other draft kinds (e.g. standalone) keep a private pool.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_eagle():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        # Decode replays read their locations from the captured batch.
        self.cuda_graph_max_bs = max_bs
        self.cuda_graph_max_num_tokens = max_num_tokens
