"""FlashAttention-style decode backend for hybrid sliding-window models.

Older sglang releases have no FROZEN_KV MTP; the probe for it is wrapped so the
backend still imports and runs there.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class ForwardMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


def _uses_frozen_kv(model_runner) -> bool:
    try:
        return bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
    except AttributeError:  # sglang < 0.5.12
        return False


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    drafting = getattr(model_runner, "is_draft_worker", False)
    if _uses_frozen_kv(model_runner) or not drafting:
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            return cache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.page_size = getattr(model_runner, "page_size", 1)
        self.forward_metadata = ForwardMetadata()

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata.page_table = loc
        if self.swa_kv_pool is not None:
            self.forward_metadata.swa_page_table = self.swa_kv_pool.translate_loc_from_full_to_swa(
                loc
            )
        else:
            self.forward_metadata.swa_page_table = loc

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {
            "page_table": torch.zeros(max_bs, max_num_tokens, dtype=torch.int32),
        }

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        pool = self.kv_pool if self.swa_kv_pool is None else self.swa_kv_pool
        return pool, self.forward_metadata.swa_page_table
