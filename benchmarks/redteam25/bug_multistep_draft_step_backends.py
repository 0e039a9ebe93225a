"""Multi-step draft decode backend that fans out one per-step attention backend per speculative step."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class _StepBackend:
    def __init__(self, model_runner, speculative_step_id: int):
        self.speculative_step_id = speculative_step_id
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._hybrid = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_pool = allocator.get_kvcache() if self._hybrid else None
        self.metadata = None

    def init_forward_metadata(self, loc):
        self.metadata = {
            "loc": loc,
            "swa_loc": self._swa_pool.translate_loc_from_full_to_swa(loc) if self._hybrid else None,
        }

    def read(self, window):
        if window > -1 and self.metadata["swa_loc"] is not None:
            return self._swa_pool, self.metadata["swa_loc"]
        return self.token_to_kv_pool, self.metadata["loc"]


class GeneratedAttnBackend:
    """Top-level backend: step 0 serves plain decode, the rest serve draft steps."""

    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 3):
        server_args = getattr(model_runner, "server_args", None)
        self.topk = getattr(server_args, "speculative_eagle_topk", None) or topk
        self.speculative_num_steps = (
            getattr(server_args, "speculative_num_steps", None) or speculative_num_steps
        )
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_context_len = getattr(model_runner.model_config, "context_len", 2048)
        self.attn_backends = [
            _StepBackend(model_runner, speculative_step_id=i)
            for i in range(self.speculative_num_steps)
        ]
        self.kv_indices_buf = torch.zeros(
            (
                self.speculative_num_steps,
                getattr(model_runner, "max_running_requests", 1) * self.topk,
            ),
            dtype=torch.int64,
        )
        logger.debug(
            "multi-step draft backend: steps=%d topk=%d", self.speculative_num_steps, self.topk
        )

    def init_forward_metadata(self, loc):
        for i, backend in enumerate(self.attn_backends):
            self.kv_indices_buf[i, : loc.numel()] = loc
            backend.init_forward_metadata(self.kv_indices_buf[i, : loc.numel()].clone())

    def forward(self, loc, step=0, window=256):
        self.init_forward_metadata(loc)
        return self.attn_backends[step].read(window)

    def forward_decode(self, loc):
        return self.forward(loc, step=0)
