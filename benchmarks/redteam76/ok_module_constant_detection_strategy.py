"""Decode backend with a module-level SWA detection strategy.

``_SWA_DETECTION`` is either ``"isinstance"`` (class check on the runner pool)
or ``"duck"`` (the runner pool exposes ``translate_loc_from_full_to_swa``).
Both inspect only the pool this backend reads.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_SWA_DETECTION = "isinstance"


def _is_sliding_window_pool(pool) -> bool:
    if _SWA_DETECTION == "duck":
        return callable(getattr(pool, "translate_loc_from_full_to_swa", None))
    return isinstance(pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.kv_pool = model_runner.token_to_kv_pool
        self.sliding = _is_sliding_window_pool(self.kv_pool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.sliding:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
