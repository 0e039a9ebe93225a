"""TRT-LLM MHA style decode backend.

Static ``decode_swa_out_cache_loc`` is allocated up front so the captured
kernel always sees the same address; replay refreshes it in place.
"""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_DEFAULT_MAX_TOKENS = 32


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_num_tokens: int = _DEFAULT_MAX_TOKENS):
        self.device = model_runner.device
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.kv_cache, SWAKVPool)
        self.decode_out_cache_loc = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        self.decode_swa_out_cache_loc = (
            torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
            if self.is_swa
            else None
        )
        # Allocator is only consulted for capacity reporting.
        alloc = model_runner.token_to_kv_pool_allocator
        logger.info("trtllm backend init: free kv slots=%d", alloc.available_size())
        self._captured = False

    def init_forward_metadata_capture_cuda_graph(self, bs: int, num_tokens: int):
        self.decode_out_cache_loc[:num_tokens].zero_()
        if self.decode_swa_out_cache_loc is not None:
            self.decode_swa_out_cache_loc[:num_tokens].zero_()
        self._captured = True

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        n = out_cache_loc.numel()
        self.decode_out_cache_loc[:n].copy_(out_cache_loc)
        if self.is_swa:
            self.decode_swa_out_cache_loc[:n].copy_(
                self.kv_cache.translate_loc_from_full_to_swa(out_cache_loc)
            )

    def forward_decode(self, loc: torch.Tensor):
        n = loc.numel()
        if not self._captured:
            self.init_forward_metadata_capture_cuda_graph(n, n)
        self.init_forward_metadata_replay_cuda_graph(n, loc)
        if self.is_swa:
            return self.kv_cache, self.decode_swa_out_cache_loc[:n].clone()
        return self.kv_cache, self.decode_out_cache_loc[:n].clone()
