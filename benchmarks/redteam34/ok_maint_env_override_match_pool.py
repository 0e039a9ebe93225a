"""Decode backend with an env override and a match statement on the runner's KV pool."""

import enum
import logging

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import get_bool_env_var

logger = logging.getLogger(__name__)


class DecodeMode(enum.Enum):
    FULL = enum.auto()
    SLIDING = enum.auto()


def _decode_mode(pool) -> DecodeMode:
    if get_bool_env_var("SGLANG_DECODE_FORCE_FULL_ATTN"):
        return DecodeMode.FULL
    match pool:
        case SWAKVPool():
            return DecodeMode.SLIDING
        case MHATokenToKVPool():
            return DecodeMode.FULL
        case _:
            logger.warning("unknown KV pool %s; using full attention", type(pool).__name__)
            return DecodeMode.FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.mode = _decode_mode(self.kv_pool)
        allocator = model_runner.token_to_kv_pool_allocator
        match allocator:
            case SWATokenToKVPoolAllocator() if self.mode is DecodeMode.FULL:
                logger.info("SWA allocator shared with a full-attention pool")
            case _:
                pass

    def forward_decode(self, loc):
        if self.mode is DecodeMode.SLIDING:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
