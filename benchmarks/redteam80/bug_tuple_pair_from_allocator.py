"""Triton decode backend: sliding-window index plumbing.

``_kv_pair`` collects the KV cache and its translator in one place, so the
capture path and the replay path are guaranteed to agree.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kv_pair(src) -> Tuple[object, Optional[SWAKVPool]]:
    kv = src.get_kvcache()
    return kv, (kv if isinstance(kv, SWAKVPool) else None)


def _locations_for(swa: Optional[SWAKVPool], loc: torch.Tensor) -> torch.Tensor:
    return loc if swa is None else swa.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.max_bs = max_bs
        self.device = model_runner.device
        self.kv, self.swa = _kv_pair(model_runner.token_to_kv_pool_allocator)
        self.num_layers = getattr(self.kv, "layer_num", 0)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv, _locations_for(self.swa, loc)
