"""Wave (iree-turbine) attention backend: kernel capabilities looked up per KV layout."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator import TokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class WaveCapabilities:
    paged_decode: bool
    sliding_window: bool
    max_kv_splits: int


# One row per KV layout this port knows how to drive.
_CAPABILITIES = {
    TokenToKVPoolAllocator: WaveCapabilities(True, False, 8),
    SWATokenToKVPoolAllocator: WaveCapabilities(True, True, 4),
}
_FALLBACK = WaveCapabilities(False, False, 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)
        self._allocator = model_runner.token_to_kv_pool_allocator
        self.caps = _CAPABILITIES.get(type(self._allocator), _FALLBACK)
        self.num_kv_splits = self.caps.max_kv_splits
        self.attn_logits = None
        logger.debug("wave caps for %s: %s", type(self._allocator).__name__, self.caps)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.attn_logits = torch.zeros(
            (max_bs, self.num_kv_splits), dtype=torch.float32, device=self.device
        )

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.caps.sliding_window:
            return self._allocator.translate_loc_from_full_to_swa(loc)
        return loc

    def init_forward_metadata(self, forward_batch):
        out_cache_loc = getattr(forward_batch, "out_cache_loc", None)
        if out_cache_loc is None:
            return None
        return self._decode_indices(out_cache_loc)

    def forward_decode(self, loc):
        return self.kv_pool, self._decode_indices(loc)
