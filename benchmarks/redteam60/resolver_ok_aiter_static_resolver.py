"""aiter (ROCm) decode backend port; sliding-window layers translate into the SWA pool.

The SWA pool is resolved via a static helper that mirrors the TRT-LLM MHA backend.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    """aiter backend: decode with an SWA page table kept in a persistent buffer."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.swa_page_table_buf: Optional[torch.Tensor] = None
        if self.swa_kv_pool is not None:
            self.swa_page_table_buf = torch.zeros(
                self.max_bs, dtype=torch.int64, device=self.device
            )

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        """Return the SWAKVPool to translate against, or None for non-SWA models.

        Draft workers share the target allocator for token bookkeeping but own a separate
        draft KV pool; FROZEN_KV MTP drafts read target KV directly.
        """
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if getattr(model_runner, "is_draft_worker", False):
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    @staticmethod
    def _reject_paged_decode_sliding_window(sliding_window_size: Optional[int]):
        if sliding_window_size is not None and sliding_window_size > -1:
            raise ValueError("aiter paged decode cannot honor sliding-window layers")

    def forward_decode(self, loc):
        bs = loc.numel()
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        self.swa_page_table_buf[:bs].copy_(self.swa_kv_pool.translate_loc_from_full_to_swa(loc))
        return self.swa_kv_pool, self.swa_page_table_buf[:bs].clone()
