"""Decode backend that validates pool capacity against the shared allocator at start-up."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class KVCapacityError(RuntimeError):
    pass


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._check_capacity(allocator, self.pool)
        self.use_sliding_window = isinstance(self.pool, SWAKVPool)
        self.page_size = allocator.page_size

    @staticmethod
    def _check_capacity(allocator, pool) -> None:
        # Every index the allocator hands out must be addressable in this runner's buffers.
        if allocator.size > pool.size:
            raise KVCapacityError(
                f"allocator hands out {allocator.size} slots, pool holds {pool.size}"
            )
        if isinstance(pool, SWAKVPool) and hasattr(allocator, "size_swa"):
            if allocator.size_swa > pool.size_swa:
                raise KVCapacityError(
                    f"window allocator {allocator.size_swa} > window pool {pool.size_swa}"
                )
        logger.debug(
            "capacity ok: allocator=%s pool=%s", type(allocator).__name__, type(pool).__name__
        )

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.max_seq_len = int(seq_lens.max().item()) if seq_lens.numel() else 0

    def forward_decode(self, loc):
        if not self.use_sliding_window:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
