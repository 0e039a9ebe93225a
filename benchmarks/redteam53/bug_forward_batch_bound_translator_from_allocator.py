"""Decode backend driven by a ForwardBatch; window-layer loc translation is cached."""

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class ForwardBatch:
    batch_size: int
    out_cache_loc: torch.Tensor
    seq_lens: Optional[torch.Tensor] = None


@dataclass
class ForwardMetadata:
    out_cache_loc: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # resolve the full->SWA translator once instead of per step
        self._full_to_swa: Optional[Callable] = getattr(
            allocator, "translate_loc_from_full_to_swa", None
        )
        self.forward_metadata: Optional[ForwardMetadata] = None
        self.cuda_graph_swa_out_cache_loc = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if self._full_to_swa is not None:
            self.cuda_graph_swa_out_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata(self, forward_batch: ForwardBatch):
        swa_loc = None
        if self._full_to_swa is not None:
            swa_loc = self._full_to_swa(forward_batch.out_cache_loc)
        self.forward_metadata = ForwardMetadata(
            out_cache_loc=forward_batch.out_cache_loc, swa_out_cache_loc=swa_loc
        )

    def forward_decode(self, loc):
        fb = ForwardBatch(batch_size=int(loc.numel()), out_cache_loc=loc)
        self.init_forward_metadata(fb)
        md = self.forward_metadata
        if md.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, md.swa_out_cache_loc
        return self.token_to_kv_pool, md.out_cache_loc
