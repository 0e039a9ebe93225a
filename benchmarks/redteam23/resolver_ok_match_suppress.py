"""Backend that resolves its SWA pool with a match over the runner's draft/FROZEN_KV state."""

import contextlib
import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "allocator %s, pool %s", type(allocator).__qualname__, type(self.pool).__qualname__
        )
        frozen = False
        with contextlib.suppress(AttributeError):
            frozen = bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
        match (isinstance(self.pool, SWAKVPool), bool(model_runner.is_draft_worker), frozen):
            case (True, _, _):
                self.swa = self.pool
            case (False, True, False):
                self.swa = None
            case _:
                kv = allocator.get_kvcache()
                self.swa = kv if isinstance(kv, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
