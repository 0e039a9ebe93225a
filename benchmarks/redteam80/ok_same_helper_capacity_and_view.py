"""FlashInfer-style decode wrapper bookkeeping for SWA hybrid models.

``_swa_view`` is a tiny helper that narrows a KV object to its SWA-capable
form.  The backend uses it on the pool it reads; ``_capacity_summary`` is only
used to print sizes at startup.
"""

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _swa_view(obj) -> Optional[SWAKVPool]:
    return obj if isinstance(obj, SWAKVPool) else None


def _capacity_summary(obj) -> Dict[str, int]:
    out = {}
    for key in ("size", "size_swa", "size_full"):
        val = getattr(obj, key, None)
        if isinstance(val, int):
            out[key] = val
    return out


class GeneratedAttnBackend:
    """Decode backend that reads the SWA sub-pool for windowed layers."""

    def __init__(self, model_runner, num_wrappers: int = 1):
        self.num_wrappers = num_wrappers
        self.req_to_token = model_runner.req_to_token_pool
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _swa_view(self.kv_pool)
        caps = _capacity_summary(model_runner.token_to_kv_pool_allocator)
        logger.info(
            "KV allocator capacity %s; swa pool attached=%s", caps, self.swa_pool is not None
        )

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        locations = self._decode_indices(loc)
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, locations
