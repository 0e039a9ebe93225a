"""Triton-style decode backend for interleaved local/global attention.

Keeps the allocator under both a public attribute and a local alias during
setup; the KV view used by the kernels is fetched once in ``__init__``.
"""

import logging

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache import swa_memory_pool as swa_mp

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kv_splits: int = 4):
        super().__init__()
        alloc = self.alloc = model_runner.token_to_kv_pool_allocator
        kv = self.kv = alloc.get_kvcache()
        self.is_hybrid = isinstance(kv, swa_mp.SWAKVPool)
        self.kv_splits = kv_splits
        logger.info(
            "decode backend ready: hybrid=%s free=%d", self.is_hybrid, alloc.available_size()
        )

    def _indices(self, loc: torch.Tensor) -> torch.Tensor:
        kv = self.kv
        return kv.translate_loc_from_full_to_swa(loc) if self.is_hybrid else loc

    def forward_decode(self, loc):
        return self.kv, self._indices(loc)
