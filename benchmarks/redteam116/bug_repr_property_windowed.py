"""Attention backend with a ``windowed`` property shown in its repr.

``windowed`` reports whether SWA accounting is active (the allocator keeps a
separate SWA budget); the repr prints it, and decode uses it to translate
indices into the sliding-window buffers.
"""

import torch

from sglang.srt.mem_cache.memory_pool import KVCache


class GeneratedAttnBackend:
    def __init__(self, model_runner, tag: str = "decode"):
        self.tag = tag
        self._allocator = model_runner.token_to_kv_pool_allocator
        self._pool: KVCache = model_runner.token_to_kv_pool

    @property
    def windowed(self) -> bool:
        return hasattr(self._allocator, "size_swa")

    @property
    def free_tokens(self) -> int:
        return int(self._allocator.available_size())

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(tag={self.tag!r}, windowed={self.windowed}, "
            f"free_tokens={self.free_tokens}, pool={type(self._pool).__name__})"
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.windowed:
            return self._pool, self._pool.translate_loc_from_full_to_swa(loc)
        return self._pool, loc
