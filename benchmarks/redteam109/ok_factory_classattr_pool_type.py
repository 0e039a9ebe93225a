"""Triton decode backend configured once per worker through ``configure``.

Layout-dependent launch parameters are stored as class attributes by the
``configure`` factory so every backend instance created for the same worker shares
them.  The allocator is kept alongside for the scratch-slot helpers.
"""

from typing import Any, ClassVar, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    uses_sliding_window: ClassVar[bool] = False
    kv_page_size: ClassVar[int] = 1
    token_allocator: ClassVar[Any] = None
    _configured_for: ClassVar[Optional[int]] = None

    @classmethod
    def configure(cls, model_runner) -> type:
        cls.uses_sliding_window = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        cls.token_allocator = model_runner.token_to_kv_pool_allocator
        cls.kv_page_size = model_runner.page_size
        cls._configured_for = id(model_runner)
        return cls

    def __init__(self, model_runner, max_bs: int = 160):
        super().__init__()
        if type(self)._configured_for != id(model_runner):
            type(self).configure(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool
        self.max_bs = max_bs

    def reserve_scratch(self, n: int) -> Optional[torch.Tensor]:
        return self.token_allocator.alloc(n)

    def release_scratch(self, idx: torch.Tensor) -> None:
        self.token_allocator.free(idx)

    def forward_decode(self, loc: torch.Tensor):
        if self.uses_sliding_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
