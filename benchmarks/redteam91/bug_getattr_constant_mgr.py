"""Decode backend that reads memory handles by configured attribute names.

Attribute names are kept as module constants so that the same backend can be
wired to runners from our fork, which spelled some of them differently.
"""

from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_ALLOC_ATTR = "token_to_kv_pool_allocator"
_REQ_ATTR = "req_to_token_pool"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, enable_debug: bool = False):
        super().__init__()
        self.mgr = getattr(model_runner, _ALLOC_ATTR)
        self.req_to_token = getattr(model_runner, _REQ_ATTR)
        self.buffers = self.mgr.get_kvcache()
        self.enable_debug = enable_debug

    def _buffers_and_indices(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        buffers = self.buffers
        if isinstance(buffers, SWAKVPool):
            loc = buffers.translate_loc_from_full_to_swa(loc)
        if self.enable_debug:
            print(f"[decode] {type(buffers).__name__} n={loc.numel()}")
        return buffers, loc

    def forward_decode(self, loc):
        return self._buffers_and_indices(loc)
