"""TRT-LLM style MHA backend that keeps a per-batch SWA page table next to the full one."""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class TRTLLMDecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extras: dict = field(default_factory=dict)


class _Layer:
    def __init__(self, layer_id, sliding_window_size=-1):
        self.layer_id = layer_id
        self.sliding_window_size = sliding_window_size


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.device = getattr(model_runner, "device", "cpu")
        self.max_context_len = getattr(model_runner.model_config, "context_len", 4096)
        self.skip_prefill = skip_prefill
        allocator = model_runner.token_to_kv_pool_allocator
        # The allocator hands out slots for target and draft alike; log it for diagnostics only.
        logger.info(
            "allocator=%s page_size=%s available=%s",
            type(allocator).__name__,
            getattr(allocator, "page_size", self.page_size),
            allocator.available_size(),
        )
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # SWA handling follows the pool this backend actually reads from.
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self._swa_kv_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if self.use_sliding_window_kv_pool else None
        )
        self.forward_metadata: Optional[TRTLLMDecodeMetadata] = None
        self.decode_cuda_graph_metadata = {}

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
        md = TRTLLMDecodeMetadata(cache_seqlens_int32=torch.ones(loc.numel(), dtype=torch.int32))
        md.page_table = (loc // self.page_size).view(-1, 1).to(torch.int32)
        if self._swa_kv_pool is not None:
            swa = self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
            md.swa_page_table = (swa // self.page_size).view(-1, 1).to(torch.int32)
        self.forward_metadata = md

    def _get_layer_cache_loc(self, layer, loc):
        if self._swa_kv_pool is not None and layer.sliding_window_size > -1:
            _, is_swa = self._swa_kv_pool.layers_mapping[layer.layer_id]
            if is_swa:
                return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward(self, loc, layer, mode="decode"):
        assert mode in ("decode", "target_verify", "draft_extend"), mode
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self._get_layer_cache_loc(layer, loc)

    def forward_decode(self, loc):
        return self.forward(loc, _Layer(0, sliding_window_size=4096))
