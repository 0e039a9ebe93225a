"""Decode backend sizing CUDA-graph SWA buffers with a match on the allocator's capacity."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.max_bs = model_runner.max_running_requests
        self.swa_loc_buf: Optional[torch.Tensor] = None
        self._swa_translate = None

        match model_runner.token_to_kv_pool_allocator:
            case SWATokenToKVPoolAllocator(size_swa=swa_tokens) as alloc if swa_tokens > 0:
                self.swa_loc_buf = torch.zeros(self.max_bs, dtype=torch.int64, device=self.device)
                self._swa_translate = alloc.translate_loc_from_full_to_swa
                logger.debug("SWA graph buffers for %d window tokens", swa_tokens)
            case _:
                pass

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        if self.swa_loc_buf is not None:
            self.swa_loc_buf[:bs].copy_(self._swa_translate(out_cache_loc))

    def init_forward_metadata_capture_cuda_graph(self, bs: int):
        assert bs <= self.max_bs, f"capture bs {bs} > max_bs {self.max_bs}"
        if self.swa_loc_buf is not None:
            self.swa_loc_buf[:bs].zero_()

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc):
        if self._swa_translate is None:
            return self.kv_pool, loc
        return self.kv_pool, self._swa_translate(loc)
