"""Minimal decode backend: read from the runner's pool, remap sliding-window
slots when the allocator exposes a full->SWA translation."""

from typing import Callable, Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

_Remap = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, skip_prefill: bool = False):
        super().__init__()
        self.device = model_runner.device
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.skip_prefill = skip_prefill
        self._remap: Optional[_Remap] = getattr(
            model_runner.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None
        )
        self._is_swa = callable(self._remap)

    def init_forward_metadata(self, forward_batch):  # noqa: D401 - decode-only stub
        pass

    def _slots(self, loc: torch.Tensor) -> torch.Tensor:
        return r(loc) if (r := self._remap) is not None else loc

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        return self.kv_pool, self._slots(loc.to(self.device))

    def forward_extend(self, *args, **kwargs):
        raise NotImplementedError("extend path lives in the prefill backend")
