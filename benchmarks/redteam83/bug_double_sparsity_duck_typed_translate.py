"""Double-sparsity decode backend.

Heavy-hitter selection runs on the full index space; when the allocator can
map full indices into a sliding-window buffer we use that mapping for the KV
gather.  The allocator is also consulted to skip the heavy-hitter pass when the
cache is nearly empty.
"""

from typing import Callable, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, heavy_token_num: int = 256):
        self.heavy_token_num = heavy_token_num
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.allocator, "translate_loc_from_full_to_swa", None
        )

    def _should_select_heavy(self) -> bool:
        used = int(self.allocator.size) - int(self.allocator.available_size())
        return used > self.heavy_token_num

    def forward_decode(self, loc: torch.Tensor):
        self._should_select_heavy()
        if self._to_swa is None:
            return self.kv_pool, loc
        return self.kv_pool, self._to_swa(loc)
