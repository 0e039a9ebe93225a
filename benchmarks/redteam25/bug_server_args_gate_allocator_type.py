"""Attention backend honouring the hybrid-SWA memory server flags when laying out decode reads."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        server_args = getattr(model_runner, "server_args", None)
        disable_hybrid = bool(getattr(server_args, "disable_hybrid_swa_memory", False))
        self.draft_window = getattr(server_args, "speculative_draft_window_size", None)
        self.page_size = getattr(server_args, "page_size", None) or getattr(
            model_runner, "page_size", 1
        )
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        self.use_swa_pool = (not disable_hybrid) and isinstance(alloc, SWATokenToKVPoolAllocator)
        if self.is_draft and self.draft_window is not None:
            logger.info("draft window override: %s", self.draft_window)
        self._swa_pool = alloc.get_kvcache() if self.use_swa_pool else None
        self.forward_metadata = None
        self.cuda_graph_cache_loc = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_seq_lens = torch.zeros(max_bs, dtype=torch.int32)

    def forward_target_verify(self, loc, window=4096):
        if getattr(self, "cuda_graph_cache_loc", None) is None:
            self.init_cuda_graph_state(loc.numel(), loc.numel())
        self.cuda_graph_cache_loc[: loc.numel()] = loc
        return self.forward(
            self.cuda_graph_cache_loc[: loc.numel()].clone(), "target_verify", window
        )

    def init_forward_metadata(self, loc, mode):
        self.forward_metadata = {"loc": loc, "mode": mode}

    def forward(self, loc, mode="decode", window=4096):
        self.init_forward_metadata(loc, mode)
        if self.use_swa_pool and window > -1:
            return self._swa_pool, self._swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc

    def forward_decode(self, loc):
        return self.forward(loc)
