"""FlashAttention-3 style backend with separate SWA spec metadata for target-verify and draft decode."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class FlashAttentionMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_q: int = 1
    page_table: Optional[torch.Tensor] = None
    swa_spec_metadata: Optional["FlashAttentionMetadata"] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.device = getattr(model_runner, "device", "cpu")
        self.speculative_step_id = speculative_step_id
        server_args = getattr(model_runner, "server_args", None)
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or 0
        self.speculative_num_steps = getattr(server_args, "speculative_num_steps", None) or 0
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        allocator = model_runner.token_to_kv_pool_allocator
        # The full->SWA index map lives next to the slot bookkeeping.
        self._full_to_swa = getattr(allocator, "full_to_swa_index_mapping", None)
        self.use_sliding_window_kv_pool = self._full_to_swa is not None
        self.forward_metadata: Optional[FlashAttentionMetadata] = None
        self.decode_cuda_graph_metadata = {}
        logger.debug(
            "fa3: draft=%s step=%d swa=%s",
            self.is_draft,
            speculative_step_id,
            self.use_sliding_window_kv_pool,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = self.req_to_token.shape[1] // self.page_size
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32),
            "page_table": torch.zeros(max_bs, max_pages, dtype=torch.int32),
        }

    def _init_sliding_window_attn_spec_metadata(self, metadata, page_table):
        swa_md = FlashAttentionMetadata(
            cache_seqlens_int32=metadata.cache_seqlens_int32, max_seq_len_q=metadata.max_seq_len_q
        )
        if self.use_sliding_window_kv_pool:
            swa_md.page_table = self._full_to_swa[page_table.to(torch.int64)]
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
        if is_swa_layer and md.swa_spec_metadata is not None:
            return self.token_to_kv_pool, md.swa_spec_metadata.page_table.view(-1)
        return self.token_to_kv_pool, md.page_table.view(-1)

    def forward_decode(self, loc):
        return self.forward(loc, mode="decode")
