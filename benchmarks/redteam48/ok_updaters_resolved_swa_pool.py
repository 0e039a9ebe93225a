"""Decode backend that hands its updater a resolved SWA pool (or None)."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(token_to_kv_pool) -> Optional[SWAKVPool]:
    """Return the pool itself when it carries sliding-window layers."""
    if isinstance(token_to_kv_pool, SWAKVPool):
        return token_to_kv_pool
    return None


class IndicesUpdaterDecode:
    def __init__(self, swa_pool: Optional[SWAKVPool], max_tokens: int):
        self.swa_pool = swa_pool
        self.kv_indices = torch.zeros(max_tokens, dtype=torch.int64)

    def _fill(self, loc: torch.Tensor) -> int:
        n = loc.numel()
        if n > self.kv_indices.numel():
            self.kv_indices = torch.zeros(n, dtype=torch.int64)
        self.kv_indices[:n] = loc
        return n

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        n = self._fill(loc)
        if self.swa_pool is not None:
            self.kv_indices[:n] = self.swa_pool.translate_loc_from_full_to_swa(self.kv_indices[:n])
        return self.kv_indices[:n].clone()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        max_bs = getattr(model_runner, "max_running_requests", None) or 8
        self.indices_updater_decode = IndicesUpdaterDecode(
            resolve_swa_pool(self.token_to_kv_pool), max_tokens=max_bs * 4
        )
        if self.indices_updater_decode.swa_pool is not None:
            logger.info("decode indices translated into the SWA pool")

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater_decode.update(loc)
