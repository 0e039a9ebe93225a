"""Decode backend that resolves its hybrid KV pool by matching on runner facts."""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    facts = (
        isinstance(own, SWAKVPool),
        bool(model_runner.is_draft_worker),
        model_runner.spec_algorithm.is_frozen_kv_mtp(),
    )
    match facts:
        case (True, _, _):
            return own
        case (False, True, False):
            logger.debug("draft worker with private KV; full attention only")
            return None
        case _:
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        match self.swa_pool:
            case SWAKVPool() as swa:
                return swa, swa.translate_loc_from_full_to_swa(loc)
            case _:
                return self.kv_pool, loc
