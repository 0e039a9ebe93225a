"""Decode backend for hybrid SWA models with optional grad disabling.

When ``disable_grad`` is set (the default in serving) the step runs under
``torch.no_grad()``, otherwise under ``contextlib.nullcontext()``. Whether
to remap locations is decided from the mapping on the pool being read.
"""

import contextlib
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner, disable_grad: bool = True):
        self.disable_grad = disable_grad
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _grad_ctx(self):
        return torch.no_grad() if self.disable_grad else contextlib.nullcontext()

    def _has_swa_mapping(self) -> bool:
        mapping = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        return mapping is not None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with self._grad_ctx():
            kv = self.token_to_kv_pool
            if self._has_swa_mapping():
                return kv, kv.translate_loc_from_full_to_swa(loc)
            return kv, loc
