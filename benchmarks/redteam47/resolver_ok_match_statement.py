"""Sliding-window backend that resolves its pool with structural pattern matching."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_pool(model_runner)
        self._log_choice(model_runner)

    @staticmethod
    def _resolve_swa_pool(mr):
        frozen = bool(getattr(mr.spec_algorithm, "is_frozen_kv_mtp", lambda: False)())
        match (mr.token_to_kv_pool, bool(mr.is_draft_worker), frozen):
            case (SWAKVPool() as pool, _, _):
                return pool
            case (_, True, False):
                # Regular draft: full-only pool of its own.
                return None
            case _:
                kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
                return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _log_choice(self, mr) -> None:
        logger.debug(
            "allocator=%s swa_pool=%s",
            type(mr.token_to_kv_pool_allocator).__name__,
            type(self.swa_kv_pool).__name__,
        )

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        match self.swa_kv_pool:
            case None:
                return self.token_to_kv_pool, loc
            case pool:
                return pool, pool.translate_loc_from_full_to_swa(loc)
