"""Decode backend with a defensive SWA resolver for mixed sglang versions.

``is_frozen_kv_mtp`` is probed with ``getattr`` so that the backend also loads on
builds that predate frozen-KV MTP drafts.
"""

from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.resolve_swa_pool()

    def _reads_target_kv(self) -> bool:
        runner = self.model_runner
        if not runner.is_draft_worker:
            return True
        if (probe := getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)) is None:
            return False
        return bool(probe())

    def resolve_swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if self._reads_target_kv() and isinstance(
            kv := self.model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool
        ):
            return kv
        return None

    def forward_decode(self, loc: torch.Tensor):
        if (swa := self.swa_pool) is None:
            return self.kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
