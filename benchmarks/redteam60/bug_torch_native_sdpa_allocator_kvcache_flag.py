"""Torch-native (SDPA) decode backend port for hybrid sliding-window models.

Per-request KV is gathered with `req_to_token`; the out-cache locations of sliding-window
layers are translated to the SWA pool in `init_forward_metadata`.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    """Reference SDPA backend (decode) used on CPU and for debugging."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool
        )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None

    def init_forward_metadata(self, out_cache_loc: Optional[torch.Tensor]):
        """Init the metadata for a forward pass."""
        if self.use_sliding_window_kv_pool and out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None

    def _gather_req_tokens(self, req_pool_idx: int, seq_len: int) -> torch.Tensor:
        return self.req_to_token[req_pool_idx, :seq_len].to(torch.int64)

    def _run_sdpa_forward_decode(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        # Decode writes one token per request; the kernel then reads back the written slots.
        per_req = []
        for i in range(out_cache_loc.numel()):
            slot = out_cache_loc[i : i + 1]
            if self.swa_out_cache_loc is not None:
                slot = self.swa_out_cache_loc[i : i + 1]
            per_req.append(slot)
        return torch.cat(per_req) if per_req else out_cache_loc.new_empty(0)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self._run_sdpa_forward_decode(loc)
