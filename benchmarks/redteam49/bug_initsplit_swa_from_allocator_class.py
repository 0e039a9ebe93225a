"""Attention backend whose constructor is split into focused helpers.

_init_cuda_graph_buffers -> _init_swa -> _init_metrics, in that order; each
helper owns a slice of state so the CUDA-graph path can re-run one of them.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1) or 1
        self.kv_cache = model_runner.token_to_kv_pool
        self._init_cuda_graph_buffers(model_runner)
        self._init_swa(model_runner)
        self._init_metrics(model_runner)

    def _init_cuda_graph_buffers(self, model_runner):
        max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        ctx = getattr(getattr(model_runner, "model_config", None), "context_len", 64)
        self.cuda_graph_page_table = torch.zeros(
            (max_bs, (ctx + self.page_size - 1) // self.page_size),
            dtype=torch.int32,
            device=self.device,
        )
        self.cuda_graph_seq_lens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)

    def _init_swa(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        if self.use_sliding_window_kv_pool:
            self.swa_page_table = torch.zeros_like(self.cuda_graph_page_table)
        else:
            self.swa_page_table = None

    def _init_metrics(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.metrics = {
            "kv_tokens": int(getattr(allocator, "size", 0) or 0),
            "swa_tokens": int(getattr(allocator, "size_swa", 0) or 0),
            "decode_calls": 0,
        }
        logger.debug("attention metrics initialised: %s", self.metrics)

    def forward_decode(self, loc):
        self.metrics["decode_calls"] += 1
        if self.use_sliding_window_kv_pool:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
