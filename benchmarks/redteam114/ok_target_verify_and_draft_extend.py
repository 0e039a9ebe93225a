"""Attention backend covering decode, target-verify and draft-extend.

All three paths index the runner's active pool; only hybrid pools require the
full->SWA slot remap.
"""

from enum import Enum, auto
from typing import Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _Path(Enum):
    DECODE = auto()
    TARGET_VERIFY = auto()
    DRAFT_EXTEND = auto()


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_draft_tokens: int = 4):
        self.num_draft_tokens = num_draft_tokens
        self.spec_algorithm = model_runner.spec_algorithm
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self._hybrid = isinstance(self.kv_pool, SWAKVPool)

    def _read(self, loc: torch.Tensor, path: _Path) -> Tuple[KVCache, torch.Tensor]:
        if path is _Path.TARGET_VERIFY:
            loc = loc.reshape(-1)
        if self._hybrid:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc

    def forward_target_verify(self, loc: torch.Tensor):
        return self._read(loc, _Path.TARGET_VERIFY)

    def forward_draft_extend(self, loc: torch.Tensor):
        return self._read(loc, _Path.DRAFT_EXTEND)

    def forward_decode(self, loc: torch.Tensor):
        return self._read(loc, _Path.DECODE)
