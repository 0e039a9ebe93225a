"""Backend whose SWA-pool resolver matches on (is_draft_worker, spec_algorithm) value patterns."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    match (bool(model_runner.is_draft_worker), model_runner.spec_algorithm):
        case (True, SpeculativeAlgorithm.FROZEN_KV_MTP):
            pass  # frozen-kv drafts read the target's cache
        case (True, algo):
            logger.debug("%s draft keeps to its own pool", algo.name)
            return None
        case _:
            pass
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.page_size = model_runner.page_size
        self.max_bs = model_runner.max_running_requests
        self.page_table = torch.zeros(
            (self.max_bs, model_runner.model_config.context_len), dtype=torch.int32
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
