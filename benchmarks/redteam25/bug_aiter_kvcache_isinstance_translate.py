"""AMD aiter-style paged attention backend with SWA translation of decode kv indices."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    kv_last_page_len: torch.Tensor
    max_q_len: int = 1
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, kv_indptr_buf=None):
        self.device = getattr(model_runner, "device", "cpu")
        mc = model_runner.model_config
        self.num_head = getattr(mc, "num_attention_heads", 1)
        self.head_dim = getattr(mc, "head_dim", 64)
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32)
        self.kv_last_page_len = torch.ones(self.max_bs, dtype=torch.int32)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        self.use_sliding_window_kv_pool = isinstance(kvcache, SWAKVPool)
        self._swa_translator = kvcache if self.use_sliding_window_kv_pool else None
        self.forward_metadata: Optional[ForwardMetadata] = None

    def init_forward_metadata(self, loc, mode="decode"):
        bs = loc.numel()
        self.kv_indptr[1 : bs + 1] = torch.arange(1, bs + 1, dtype=torch.int32)
        md = ForwardMetadata(
            kv_indptr=self.kv_indptr[: bs + 1],
            kv_indices=loc.to(torch.int64),
            kv_last_page_len=self.kv_last_page_len[:bs],
        )
        if self._swa_translator is not None:
            md.swa_kv_indices = self._swa_translator.translate_loc_from_full_to_swa(md.kv_indices)
        self.forward_metadata = md

    def forward_extend(self, loc):
        self.init_forward_metadata(loc, mode="extend")
        return self.token_to_kv_pool, self.forward_metadata.kv_indices

    def forward(self, loc, mode="decode", sliding_window_size=512):
        if mode == "extend":
            return self.forward_extend(loc)
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        if sliding_window_size > -1 and md.swa_kv_indices is not None:
            return self.token_to_kv_pool, md.swa_kv_indices
        return self.token_to_kv_pool, md.kv_indices

    def forward_decode(self, loc):
        return self.forward(loc)
