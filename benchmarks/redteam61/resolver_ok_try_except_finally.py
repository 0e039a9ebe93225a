"""Triton-style decode backend with sliding-window support.

The SWA sub-pools are probed by attribute access; the backend keeps a handle on
the hybrid pool and remaps decode locations for sliding-window layers.
"""

import logging
import time

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.num_head = 8
        self.decode_kv_indptr = torch.zeros(33, dtype=torch.int64)
        self.swa_pool = self._probe_swa_pool(model_runner)
        self.use_swa = self.swa_pool is not None

    @staticmethod
    def _probe_swa_pool(model_runner):
        start = time.perf_counter()
        pool = model_runner.token_to_kv_pool
        try:
            _ = pool.swa_kv_pool
            result = pool
        except AttributeError:
            if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
                # EAGLE drafts write into their own full-attention pool.
                result = None
            else:
                hybrid = model_runner.token_to_kv_pool_allocator.get_kvcache()
                result = hybrid if hasattr(hybrid, "swa_kv_pool") else None
        finally:
            logger.debug("swa pool probe took %.3f ms", (time.perf_counter() - start) * 1e3)
        return result

    def _swa_indices(self, loc: torch.Tensor) -> torch.Tensor:
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        self.decode_kv_indptr[1 : bs + 1] = torch.arange(1, bs + 1)
        if self.use_swa:
            return self.swa_pool, self._swa_indices(loc)
        return self.token_to_kv_pool, loc
