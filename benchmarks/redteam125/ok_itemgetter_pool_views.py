"""View table for the split-KV decode backend.

The backend exposes a ``full`` and a ``swa`` view of the pool it reads; the
``swa`` view is ``None`` unless that pool is a hybrid sliding-window pool.
"""

from operator import itemgetter
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_full_and_swa = itemgetter("full", "swa")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 4):
        super().__init__()
        self.num_kv_splits = num_kv_splits
        pool = model_runner.token_to_kv_pool
        self.views: Dict[str, Optional[KVCache]] = {
            "full": pool,
            "swa": pool if isinstance(pool, SWAKVPool) else None,
        }

    def __repr__(self) -> str:
        full, swa = _full_and_swa(self.views)
        return f"{type(self).__name__}(full={type(full).__name__}, swa={swa is not None})"

    def forward_decode(self, loc: torch.Tensor):
        full, swa = _full_and_swa(self.views)
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return full, loc
