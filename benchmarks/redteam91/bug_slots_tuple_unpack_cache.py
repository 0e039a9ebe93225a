"""Decode backend using a slot-table vocabulary.

The slot allocator (``self._slots``) and the backing cache are pulled out in a
single unpack. The cache is taken from the slot allocator so that the backend
always sees the same buffers the slots index into.
"""

from typing import Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as WindowedKV


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_bs: int = 256):
        super().__init__()
        runner = model_runner
        self._slots, self.cache = (
            runner.token_to_kv_pool_allocator,
            runner.token_to_kv_pool_allocator.get_kvcache(),
        )
        self.max_bs = max_bs
        self.page_size = runner.page_size

    def _is_windowed(self) -> bool:
        return isinstance(self.cache, WindowedKV)

    def _slot_view(self, loc: torch.Tensor) -> torch.Tensor:
        if self._is_windowed():
            return self.cache.translate_loc_from_full_to_swa(loc)
        return loc

    def free_slots(self, loc: torch.Tensor) -> None:
        self._slots.free(loc)

    def forward_decode(self, loc: torch.Tensor) -> Tuple[object, torch.Tensor]:
        return self.cache, self._slot_view(loc)
