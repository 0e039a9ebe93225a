"""Decode backend resolving its SWA pool with a match over the runner's role."""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _role(model_runner) -> tuple:
    return (
        isinstance(model_runner.token_to_kv_pool, SWAKVPool),
        bool(model_runner.is_draft_worker),
        model_runner.spec_algorithm.is_frozen_kv_mtp(),
    )


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    match _role(model_runner):
        case (True, _, _):
            return model_runner.token_to_kv_pool
        case (False, True, False):
            # EAGLE-style draft: own full-only pool, shared allocator.
            return None
        case _:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size or 1
        self.num_kv_heads = model_runner.model_config.num_key_value_heads
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        logger.debug(
            "decode backend: kv_heads=%d page_size=%d swa=%s",
            self.num_kv_heads,
            self.page_size,
            self.swa_kv_pool is not None,
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
