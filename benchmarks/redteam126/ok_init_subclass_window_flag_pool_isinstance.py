"""Decode backends that opt into sliding-window handling via class keywords.

``__init_subclass__`` validates the declared window mode; at construction the
backend enables windowed reads only if the KV cache it was given is a hybrid
SWA pool.
"""

from __future__ import annotations

from typing import ClassVar, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_VALID_WINDOW_MODES = ("none", "swa")


class _WindowAwareBackend:
    window_mode: ClassVar[str] = "none"

    def __init_subclass__(cls, window_mode: Optional[str] = None, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if window_mode is not None:
            if window_mode not in _VALID_WINDOW_MODES:
                raise ValueError(f"{cls.__name__}: unknown window_mode {window_mode!r}")
            cls.window_mode = window_mode

    def __init__(self, model_runner) -> None:
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_pool: Optional[SWAKVPool] = None
        if self.window_mode == "swa" and isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(window_mode={self.window_mode}, "
            f"pool={type(self.kv_pool).__name__}, "
            f"allocator={type(self.allocator).__name__})"
        )


class _SWADecodeBackend(_WindowAwareBackend, window_mode="swa"):
    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc


class GeneratedAttnBackend(_SWADecodeBackend):
    def __init__(self, model_runner, num_decode_steps: int = 1) -> None:
        super().__init__(model_runner)
        self.num_decode_steps = num_decode_steps
