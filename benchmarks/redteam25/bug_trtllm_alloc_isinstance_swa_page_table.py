"""TRT-LLM style MHA backend with a translated SWA page table for hybrid sliding-window models."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

DEFAULT_WORKSPACE_MB = 128


@dataclass
class TRTLLMDecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    max_seq_len_k: int = 0
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class _Layer:
    def __init__(self, layer_id, sliding_window_size=-1):
        self.layer_id = layer_id
        self.sliding_window_size = sliding_window_size


class GeneratedAttnBackend:
    def __init__(self, model_runner, skip_prefill: bool = False, speculative_step_id: int = 0):
        config = model_runner.model_config
        self.max_context_len = getattr(config, "context_len", 4096)
        self.page_size = getattr(model_runner, "page_size", 1)
        self.device = getattr(model_runner, "device", "cpu")
        self.data_type = getattr(model_runner, "kv_cache_dtype", torch.bfloat16)
        self.skip_prefill = skip_prefill
        self.speculative_step_id = speculative_step_id
        server_args = getattr(model_runner, "server_args", None)
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or 0
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.workspace_size = DEFAULT_WORKSPACE_MB * 1024 * 1024
        self.decode_cuda_graph_metadata = {}

        # Hybrid SWA: the full and SWA pools have separate index spaces, so SWA layers
        # get their own translated page table.
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_kv_pool: Optional[SWAKVPool] = (
            allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
        )
        self.forward_metadata: Optional[TRTLLMDecodeMetadata] = None
        logger.debug("trtllm backend: swa=%s topk=%d", self.use_sliding_window_kv_pool, self.topk)

    def _maybe_translate_swa(self, token_indices):
        if not self.use_sliding_window_kv_pool:
            return None
        shape = token_indices.shape
        out = self._swa_kv_pool.translate_loc_from_full_to_swa(token_indices.reshape(-1))
        return out.reshape(shape)

    def _alloc_swa_page_table(self, max_bs, max_num_pages):
        if not self.use_sliding_window_kv_pool:
            return None
        return torch.zeros(max_bs, max_num_pages, dtype=torch.int32, device=self.device)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32),
            "page_table": torch.zeros(max_bs, max_pages, dtype=torch.int32),
            "swa_page_table": self._alloc_swa_page_table(max_bs, max_pages),
        }

    def init_forward_metadata(self, loc):
        md = TRTLLMDecodeMetadata()
        md.cache_seqlens_int32 = torch.ones(loc.numel(), dtype=torch.int32)
        md.max_seq_len_k = 1
        md.page_table = (loc // self.page_size).view(-1, 1).to(torch.int32)
        swa = self._maybe_translate_swa(loc)
        if swa is not None:
            md.swa_page_table = (swa // self.page_size).view(-1, 1).to(torch.int32)
        self.forward_metadata = md

    def _get_layer_cache_loc(self, layer, loc):
        if self.use_sliding_window_kv_pool:
            _, is_swa = self._swa_kv_pool.layers_mapping[layer.layer_id]
            if is_swa:
                return self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def _active_pool(self):
        return self._swa_kv_pool if self.use_sliding_window_kv_pool else self.token_to_kv_pool

    def forward(self, loc, layer, mode="decode"):
        if mode not in ("decode", "target_verify", "draft_extend"):
            raise NotImplementedError(mode)
        self.init_forward_metadata(loc)
        return self._active_pool(), self._get_layer_cache_loc(layer, loc)

    def forward_decode(self, loc):
        return self.forward(loc, _Layer(0, sliding_window_size=4096), mode="decode")
