"""Sliding-window decode backend: picks the SWA pool with a module-level resolver."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _is_regular_draft(model_runner) -> bool:
    if not getattr(model_runner, "is_draft_worker", False):
        return False
    spec = getattr(model_runner, "spec_algorithm", None)
    is_frozen = getattr(spec, "is_frozen_kv_mtp", None)
    return not (callable(is_frozen) and is_frozen())


def resolve_swa_pool(model_runner):
    """Return the SWAKVPool this runner's layers read, or None for a full-only pool."""
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if _is_regular_draft(model_runner):
        # A regular draft shares the target allocator but owns a full-only pool.
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = None
        logger.info(
            "backend init: pool=%s swa=%s",
            type(self.token_to_kv_pool).__name__,
            type(self.swa_kv_pool).__name__ if self.swa_kv_pool is not None else None,
        )

    def init_forward_metadata(self, seq_lens: torch.Tensor) -> None:
        self.forward_metadata = {
            "max_seq_len": int(seq_lens.max().item()) if seq_lens.numel() else 0
        }

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self._translate(loc)
