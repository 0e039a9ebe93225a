"""Decode backend that finds its index policy in a class-decorator registry by walking its own pool's MRO; an allocator isinstance only feeds a log line."""

import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_POLICIES = {}


def _policy_for(pool_cls):
    def register(cls):
        _POLICIES[pool_cls] = cls
        return cls

    return register


@_policy_for(object)
class _DensePolicy:
    windowed = False

    @staticmethod
    def locations(pool, loc):
        return loc


@_policy_for(SWAKVPool)
class _WindowPolicy:
    windowed = True

    @staticmethod
    def locations(pool, loc):
        return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.policy = next(_POLICIES[k] for k in type(self.kv_pool).__mro__ if k in _POLICIES)
        allocator = model_runner.token_to_kv_pool_allocator
        if isinstance(allocator, SWATokenToKVPoolAllocator) and not self.policy.windowed:
            logger.info("full-only KV pool on a shared hybrid allocator (speculative draft)")

    def forward_decode(self, loc):
        return self.kv_pool, self.policy.locations(self.kv_pool, loc)
