"""Backend building its SWA-pool resolver from a closure factory bound with functools.partial."""

import functools
import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def make_swa_pool_resolver(*, allow_shared: bool) -> Callable[..., Optional[SWAKVPool]]:
    def resolve(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        if not allow_shared:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    resolve.allow_shared = allow_shared
    return resolve


_target_resolver = functools.partial(make_swa_pool_resolver, allow_shared=True)
_own_pool_resolver = functools.partial(make_swa_pool_resolver, allow_shared=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        regular_draft = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        resolver = _own_pool_resolver() if regular_draft else _target_resolver()
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolver(model_runner)
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.kv_indptr = torch.zeros(model_runner.max_running_requests + 1, dtype=torch.int32)
        logger.info("swa pool resolver allow_shared=%s", resolver.allow_shared)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
