"""Decode backend caching the ``(pool, is_swa)`` pair of the active KV cache."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, prefill_wrapper=None):
        self.prefill_wrapper = prefill_wrapper
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.pool, self.is_swa = (
            kv := model_runner.token_to_kv_pool_allocator.get_kvcache()
        ), isinstance(kv, SWAKVPool)
        logger.debug("active kv cache %s (swa=%s)", type(kv).__name__, self.is_swa)

    def init_forward_metadata(self, forward_batch) -> None:
        self.batch_size = getattr(forward_batch, "batch_size", 0)

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def kv_bytes(self) -> int:
        return sum(getattr(self.pool, "get_kv_size_bytes", lambda: (0, 0))())

    def forward_decode(self, loc: torch.Tensor):
        pool, is_swa = self.pool, self.is_swa
        return pool, pool.translate_loc_from_full_to_swa(loc) if is_swa else loc
