"""Decode-only attention backend assembled at import time with ``type``.

The method table is kept in a plain dict so that platform-specific variants can
swap individual entries before the class object is created.
"""

from __future__ import annotations

import logging
from typing import Any, Dict, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _backend_init(self, model_runner, skip_prefill: bool = False) -> None:
    self.device = model_runner.device
    self.page_size = model_runner.page_size
    self.skip_prefill = skip_prefill
    self.req_to_token_pool = model_runner.req_to_token_pool
    self.token_to_kv_pool = model_runner.token_to_kv_pool
    allocator = model_runner.token_to_kv_pool_allocator
    kvcache = allocator.get_kvcache()
    self.swa_kv_pool: Optional[SWAKVPool] = kvcache if isinstance(kvcache, SWAKVPool) else None
    logger.debug(
        "generated backend: page_size=%s hybrid_swa=%s",
        self.page_size,
        self.swa_kv_pool is not None,
    )


def _translate(self, loc: torch.Tensor) -> torch.Tensor:
    if self.swa_kv_pool is None:
        return loc
    return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)


def _forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
    pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
    return pool, self._translate(loc)


_METHODS: Dict[str, Any] = {
    "__init__": _backend_init,
    "_translate": _translate,
    "forward_decode": _forward_decode,
    "__module__": __name__,
    "__doc__": "Hybrid-aware decode backend built from ``_METHODS``.",
}

GeneratedAttnBackend = type("GeneratedAttnBackend", (AttentionBackend,), dict(_METHODS))
