"""Hybrid-SWA support for the FA3 decode path.

The runner's KV objects are gathered into a dict once; the first SWA-capable
cache among them is used for windowed layers.
"""

from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _collect(runner) -> Dict[str, object]:
    return {
        "pool": runner.token_to_kv_pool,
        "alloc": runner.token_to_kv_pool_allocator,
    }


def _first_swa(parts: Dict[str, object]) -> Optional[SWAKVPool]:
    candidates = [parts["pool"], parts["alloc"].get_kvcache()]
    for kv in candidates:
        if isinstance(kv, SWAKVPool):
            return kv
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner, fa_impl_ver: int = 3):
        self.fa_impl_ver = fa_impl_ver
        self.parts = _collect(model_runner)
        self.swa = _first_swa(self.parts)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa is None:
            return self.parts["pool"], loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
