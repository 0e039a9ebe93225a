"""FlashAttention-3 style backend that translates spec page tables for sliding-window layers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_spec_metadata: Optional["FlashAttentionMetadata"] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.speculative_step_id = speculative_step_id
        server_args = getattr(model_runner, "server_args", None)
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or 0
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        logger.debug("fa3 init: allocator=%s", alloc.__class__.__name__)
        # The map is a property of the pool we read: a full-only pool has none.
        self._full_to_swa = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        self.use_sliding_window_kv_pool = self._full_to_swa is not None
        self.forward_metadata: Optional[FlashAttentionMetadata] = None

    def _init_sliding_window_attn_spec_metadata(self, metadata, page_table):
        swa_md = FlashAttentionMetadata(cache_seqlens_int32=metadata.cache_seqlens_int32)
        if self.use_sliding_window_kv_pool:
            flat = page_table.reshape(-1)
            swa_md.page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(flat).view_as(
                page_table
            )
        else:
            swa_md.page_table = page_table
        metadata.swa_spec_metadata = swa_md

    def init_forward_metadata(self, loc, mode="decode"):
        md = FlashAttentionMetadata(cache_seqlens_int32=torch.ones(loc.numel(), dtype=torch.int32))
        md.page_table = loc.view(-1, 1)
        if mode in ("decode", "target_verify", "draft_extend"):
            self._init_sliding_window_attn_spec_metadata(md, md.page_table)
        self.forward_metadata = md

    def forward(self, loc, mode="decode", is_swa_layer=True):
        self.init_forward_metadata(loc, mode)
        md = self.forward_metadata
        table = md.swa_spec_metadata.page_table if is_swa_layer else md.page_table
        return self.token_to_kv_pool, table.view(-1)

    def forward_decode(self, loc):
        return self.forward(loc, mode="decode")
