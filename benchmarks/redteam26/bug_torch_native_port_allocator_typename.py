"""Torch-native SDPA backend port that reads the allocator's class name to detect a windowed cache."""

import logging

import torch

logger = logging.getLogger(__name__)

_HYBRID_ALLOCATORS = ("SWATokenToKVPoolAllocator", "PureSWATokenToKVPoolAllocator")


class GeneratedAttnBackend:
    """Condensed TorchNativeAttnBackend (SDPA per request)."""

    def __init__(self, model_runner):
        self.forward_metadata = None
        self.device = model_runner.device
        # Pool refs, captured at construction so they survive deletion of the
        # corresponding ForwardBatch fields.
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator_name = type(model_runner.token_to_kv_pool_allocator).__name__
        self.use_sliding_window_kv_pool = allocator_name in _HYBRID_ALLOCATORS
        # full->SWA translated out_cache_loc, computed once per forward
        self.swa_out_cache_loc = None

    @staticmethod
    def _make_sliding_window_mask(
        *, q_len: int, kv_len: int, sliding_window_size: int, device, query_offset: int = 0
    ) -> torch.Tensor:
        q_pos = torch.arange(query_offset, query_offset + q_len, device=device).unsqueeze(1)
        k_pos = torch.arange(kv_len, device=device).unsqueeze(0)
        return (k_pos <= q_pos) & (k_pos >= q_pos - sliding_window_size)

    def init_forward_metadata(self, out_cache_loc):
        """Init the metadata for a forward pass."""
        if self.use_sliding_window_kv_pool and out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None

    def _write_loc(self, layer_is_swa: bool, out_cache_loc):
        if layer_is_swa and self.swa_out_cache_loc is not None:
            return self.swa_out_cache_loc
        return out_cache_loc

    def forward_decode(self, loc):
        """Decode for a window layer: the pool and the slots written/read."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self._write_loc(True, loc)
