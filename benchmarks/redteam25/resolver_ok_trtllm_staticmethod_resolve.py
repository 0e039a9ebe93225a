"""TRT-LLM style MHA backend that resolves its SWA KV pool once at construction."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMMHAMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_context_len = getattr(model_runner.model_config, "context_len", 4096)
        server_args = getattr(model_runner, "server_args", None)
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or 0
        self.speculative_step_id = speculative_step_id
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool: Optional[SWAKVPool] = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
        self.forward_metadata: Optional[TRTLLMMHAMetadata] = None
        self.decode_cuda_graph_metadata = {}

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            # regular draft: owns a full-only pool even when the shared allocator is hybrid
            return None
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_metadata["page_table"] = torch.zeros(
            max_bs, max_pages, dtype=torch.int32
        )
        if self.use_sliding_window_kv_pool:
            self.decode_cuda_graph_metadata["swa_page_table"] = torch.zeros(
                max_bs, max_pages, dtype=torch.int32
            )

    def init_forward_metadata(self, loc):
        md = TRTLLMMHAMetadata(cache_seqlens_int32=torch.ones(loc.numel(), dtype=torch.int32))
        md.page_table = loc.view(-1, 1)
        if self.use_sliding_window_kv_pool:
            md.swa_page_table = self._swa_kv_pool.translate_loc_from_full_to_swa(loc).view(-1, 1)
        self.forward_metadata = md

    def _get_layer_page_table(self, layer_id):
        md = self.forward_metadata
        if md.swa_page_table is not None:
            _, is_swa = self._swa_kv_pool.layers_mapping[layer_id]
            if is_swa:
                return self._swa_kv_pool, md.swa_page_table
        return self.token_to_kv_pool, md.page_table

    def forward(self, loc, layer_id=0, mode="decode"):
        assert mode in ("decode", "target_verify", "draft_extend")
        self.init_forward_metadata(loc)
        pool, table = self._get_layer_page_table(layer_id)
        return pool, table.view(-1)

    def forward_decode(self, loc):
        return self.forward(loc, layer_id=0)
