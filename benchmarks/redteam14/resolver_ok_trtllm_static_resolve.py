"""TRT-LLM-style backend with a static SWA-pool resolver that lets only FROZEN_KV MTP drafts borrow the allocator's pool."""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # Hybrid SWA models split the KV cache into full and window pools with
        # separate index spaces; window layers need a translated page table.
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.swa_page_table = self._alloc_swa_page_table(model_runner.req_to_token_pool.size, 16)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        """The SWAKVPool to translate against, or None.

        Draft workers share the target allocator but write their own pool;
        only a FROZEN_KV MTP draft reads the target's KV and so needs the
        allocator's pool.
        """
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        backing = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return backing if isinstance(backing, SWAKVPool) else None

    def _alloc_swa_page_table(self, max_bs: int, max_num_pages: int):
        if self._swa_kv_pool is None:
            return None
        return torch.zeros((max_bs, max_num_pages), dtype=torch.int32, device=self.device)

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
