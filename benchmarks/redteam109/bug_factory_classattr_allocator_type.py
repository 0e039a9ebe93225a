"""Triton decode backend configured once per process through ``configure``.

Kernel launch parameters that depend only on the cache layout are stored as class
attributes by the ``configure`` factory so that every backend instance created for
the same worker (one per CUDA-graph batch size) shares them.
"""

from typing import ClassVar, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend(AttentionBackend):
    uses_sliding_window: ClassVar[bool] = False
    kv_page_size: ClassVar[int] = 1
    _configured_for: ClassVar[Optional[int]] = None

    @classmethod
    def configure(cls, model_runner) -> type:
        allocator = model_runner.token_to_kv_pool_allocator
        cls.uses_sliding_window = isinstance(allocator, SWATokenToKVPoolAllocator)
        cls.kv_page_size = model_runner.page_size
        cls._configured_for = id(model_runner)
        return cls

    def __init__(self, model_runner, max_bs: int = 160):
        super().__init__()
        if type(self)._configured_for != id(model_runner):
            type(self).configure(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.max_bs = max_bs

    def _window_locations(self, loc: torch.Tensor) -> torch.Tensor:
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.uses_sliding_window:
            return self.kv_pool, self._window_locations(loc)
        return self.kv_pool, loc
