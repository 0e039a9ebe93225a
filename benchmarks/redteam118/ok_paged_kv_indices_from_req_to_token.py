"""Paged decode backend that assembles kv_indptr / kv_indices from req_to_token.

Window layers read the SWA sub-pool, so the gathered full-pool indices are
remapped once per step through the hybrid pool attached to this runner.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 4):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self.kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.kv_indices: Optional[torch.Tensor] = None
        logger.debug(
            "paged decode backend: page_size=%d, swa=%s",
            self.page_size,
            self.swa_kv_pool is not None,
        )

    def _gather_kv_indices(
        self, req_pool_indices: torch.Tensor, seq_lens: torch.Tensor
    ) -> torch.Tensor:
        bs = req_pool_indices.numel()
        self.kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens, dim=0)
        chunks = [
            self.req_to_token[int(r), : int(n)].to(torch.int64)
            for r, n in zip(req_pool_indices.tolist(), seq_lens.tolist())
        ]
        if not chunks:
            return torch.empty(0, dtype=torch.int64, device=self.device)
        return torch.cat(chunks)

    def init_forward_metadata(self, req_pool_indices, seq_lens):
        kv_indices = self._gather_kv_indices(req_pool_indices, seq_lens)
        if self.swa_kv_pool is not None:
            kv_indices = self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        self.kv_indices = kv_indices

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
