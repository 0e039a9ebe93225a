"""FlashAttention-style decode backend that tags its debug output with the KV allocator class."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class FADecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    cu_seqlens_k: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


def _describe(obj) -> str:
    return type(obj).__name__


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        alloc_name = _describe(allocator)
        pool_name = _describe(self.pool)
        self.kv_label = f"{alloc_name}/{pool_name}"
        self._windowed = pool_name.startswith("SWA")
        if hasattr(allocator, "debug_print"):
            logger.debug("[%s] %s", self.kv_label, allocator.debug_print())
        self.forward_metadata = FADecodeMetadata()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(kv={self.kv_label}, page_size={self.page_size})"

    def init_forward_metadata(self, forward_batch):
        seqlens = forward_batch.seq_lens.to(torch.int32)
        max_len = int(forward_batch.seq_lens_cpu.max())
        page_table = self.req_to_token[forward_batch.req_pool_indices, :max_len]
        metadata = FADecodeMetadata(
            cache_seqlens_int32=seqlens,
            cu_seqlens_k=torch.nn.functional.pad(
                torch.cumsum(seqlens, 0, dtype=torch.int32), (1, 0)
            ),
            page_table=page_table,
        )
        if self._windowed:
            metadata.swa_page_table = self.pool.translate_loc_from_full_to_swa(page_table)
        self.forward_metadata = metadata

    def forward_decode(self, loc):
        if self._windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
