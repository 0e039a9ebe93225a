"""Torch-native backend port whose SWA-pool resolver matches on (draft, frozen-kv) roles."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        return model_runner.token_to_kv_pool
    role = (bool(model_runner.is_draft_worker), model_runner.spec_algorithm.is_frozen_kv_mtp())
    match role:
        case (True, False):
            # A regular draft: its own pool, nothing of the target's.
            return None
        case _:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    """TorchNativeAttnBackend, decode only."""

    def __init__(self, model_runner):
        self.forward_metadata = None
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _resolve_swa_kv_pool(model_runner)
        # full->SWA translated out_cache_loc, computed once per forward
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    @staticmethod
    def _make_sliding_window_mask(*, q_len: int, kv_len: int, window: int) -> torch.Tensor:
        q_pos = torch.arange(q_len).unsqueeze(1)
        k_pos = torch.arange(kv_len).unsqueeze(0)
        return (k_pos <= q_pos) & (k_pos >= q_pos - window)

    def init_forward_metadata(self, out_cache_loc):
        """Init the metadata for a forward pass."""
        if self.swa_kv_pool is not None and out_cache_loc is not None:
            self.swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        else:
            self.swa_out_cache_loc = None

    def forward_decode(self, loc):
        """SDPA decode on a window layer: (pool, slots)."""
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is not None:
            return self.swa_kv_pool, self.swa_out_cache_loc
        return self.token_to_kv_pool, loc
