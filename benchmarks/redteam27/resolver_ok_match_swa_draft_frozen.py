"""Hybrid decode backend that resolves its SWA pool with structural pattern matching."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.max_context_len = model_runner.model_config.context_len

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active_is_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        is_draft = bool(model_runner.is_draft_worker)
        frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
        match (active_is_swa, is_draft, frozen):
            case (True, _, _):
                return model_runner.token_to_kv_pool
            case (False, True, False):
                # Draft with its own full-attention cache.
                return None
            case _:
                kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
                return kv if isinstance(kv, SWAKVPool) else None

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        self.max_seq_len = min(int(seq_lens.max().item()), self.max_context_len)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
