"""FlashInfer backend; SWA pool resolution prefers the allocator's cache."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class ResolvedKV:
    pool: object
    swa: Optional[SWAKVPool]


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(cache, SWAKVPool):
        return cache
    # nothing hybrid behind the allocator; drafts fall back to their own pool
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    if getattr(model_runner, "is_draft_worker", False) and not spec.is_frozen_kv_mtp():
        return None
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        swa = resolve_swa_pool(model_runner)
        self.kv = ResolvedKV(pool=swa or model_runner.token_to_kv_pool, swa=swa)
        logger.debug("flashinfer resolved kv: swa=%s", swa is not None)
        self.decode_kv_indices: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.kv.swa is not None:
            self.decode_kv_indices = self.kv.swa.translate_loc_from_full_to_swa(loc)
        else:
            self.decode_kv_indices = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv.pool, self.decode_kv_indices
