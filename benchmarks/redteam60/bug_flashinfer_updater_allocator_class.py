"""FlashInfer-style decode backend for hybrid sliding-window models.

Decode indices are rebuilt per step by an indices updater; sliding-window layers read from the
SWA sub-pool, so their kv_indices are translated from full-pool locations first.
"""

import logging
from dataclasses import dataclass, field
from typing import List, Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeWrapperState:
    kv_indptr: torch.Tensor
    kv_indices: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None
    use_swa: List[bool] = field(default_factory=list)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.is_swa_model = isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def call_begin_forward(
        self, state: DecodeWrapperState, kv_indices: torch.Tensor, use_swa: bool
    ):
        bs = kv_indices.numel()
        state.kv_indptr[1 : bs + 1] = torch.cumsum(torch.ones(bs, dtype=torch.int32), dim=0)
        if use_swa and self.is_swa_model:
            kv_indices = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices)
        state.kv_indices = kv_indices
        state.kv_last_page_len = torch.ones(bs, dtype=torch.int32)
        state.use_swa.append(use_swa)


class GeneratedAttnBackend:
    """Decode-only FlashInfer port with a per-window-type wrapper."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs = model_runner.req_to_token_pool.req_to_token.shape[0]
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        self.decode_state = DecodeWrapperState(
            kv_indptr=torch.zeros(self.max_bs + 1, dtype=torch.int32, device=self.device)
        )
        logger.debug("flashinfer decode: swa=%s", self.indices_updater_decode.is_swa_model)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        use_swa = self.indices_updater_decode.is_swa_model
        self.indices_updater_decode.call_begin_forward(self.decode_state, out_cache_loc, use_swa)

    def forward_decode(self, loc):
        self.decode_state.use_swa.clear()
        self.init_forward_metadata(loc.to(torch.int64))
        return self.token_to_kv_pool, self.decode_state.kv_indices
