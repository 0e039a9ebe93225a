"""SWA backend split into a generic base and a speculative-aware subclass."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _SlidingWindowBackendBase:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self.resolve_swa_pool(model_runner)

    def resolve_swa_pool(self, model_runner):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.full_to_swa_index_mapping[loc]


class GeneratedAttnBackend(_SlidingWindowBackendBase):
    """Prefer the active pool; a regular draft never borrows the target's SWA pool."""

    def resolve_swa_pool(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker:
            is_frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
            if is_frozen is None or not is_frozen():
                logger.info("regular draft: no SWA pool")
                return None
        return super().resolve_swa_pool(model_runner)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def init_forward_metadata(self, seq_lens: torch.Tensor) -> None:
        self._max_len = int(seq_lens.max()) if seq_lens.numel() else 0
