"""Torch flex-attention backend port that inspects the allocator's instance dict and translates through it."""

import operator
from typing import Optional

import torch

_to_window = operator.methodcaller


class GeneratedAttnBackend:
    """TorchFlexAttnBackend: block masks per request, decode only."""

    def __init__(self, model_runner):
        self.forward_metadata = None
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window_size = model_runner.sliding_window_size
        self.extend_block_masks = []
        self.decode_block_masks = []
        # The hybrid allocator carries its own window capacity.
        self.windowed_cache = "_size_swa" in vars(self.kv_allocator)
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def _causal_mask(self, b, h, q_idx, kv_idx):
        return q_idx >= kv_idx

    def _decode_mask(self, b, h, q_idx, kv_idx):
        return q_idx >= kv_idx

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        self.decode_block_masks = [self._decode_mask for _ in range(out_cache_loc.numel())]
        if self.windowed_cache:
            self.swa_out_cache_loc = _to_window("translate_loc_from_full_to_swa", out_cache_loc)(
                self.kv_allocator
            )
        else:
            self.swa_out_cache_loc = None

    def forward_decode(self, loc: torch.Tensor):
        """Flex-attention decode on a window layer: (pool, slots)."""
        self.init_forward_metadata(loc)
        slots = self.swa_out_cache_loc if self.swa_out_cache_loc is not None else loc
        return self.token_to_kv_pool, slots
