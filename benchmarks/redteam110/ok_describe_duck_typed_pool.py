"""Decode backend with a ``describe()`` helper for the server info endpoint.

Sliding-window support is detected by duck typing on the pool the kernels
read (any pool exposing ``translate_loc_from_full_to_swa``), so custom hybrid
pools work without registering a new class. ``describe()`` additionally
reports the allocator's capacity split.
"""

from typing import Any, Dict

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._translate = getattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa", None)

    @property
    def uses_sliding_window_pool(self) -> bool:
        return self._translate is not None

    def describe(self) -> Dict[str, Any]:
        alloc = self.token_to_kv_pool_allocator
        size_full = getattr(alloc, "size_full", None)
        size_swa = getattr(alloc, "size_swa", None)
        ratio = None
        if size_full and size_swa is not None:
            ratio = round(size_swa / size_full, 4)
        return {
            "backend": type(self).__name__,
            "pool": type(self.token_to_kv_pool).__name__,
            "sliding_window_pool": self.uses_sliding_window_pool,
            "allocator": type(alloc).__name__,
            "allocator_size_full": size_full,
            "allocator_size_swa": size_swa,
            "allocator_swa_ratio": ratio,
            "page_size": self.model_runner.page_size,
        }

    def forward_decode(self, loc: torch.Tensor):
        if self.uses_sliding_window_pool:
            return self.token_to_kv_pool, self._translate(loc)
        return self.token_to_kv_pool, loc
