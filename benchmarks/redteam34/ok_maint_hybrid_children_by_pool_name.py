"""Hybrid decode wrapper routing to a full or sliding-window child by the KV pool class."""

import logging
from typing import Callable, Dict

logger = logging.getLogger(__name__)


class _FullChild:
    name = "full"

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        return self.kv_pool, loc


class _SlidingChild:
    name = "sliding"

    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)


_CHILD_BY_POOL: Dict[str, Callable] = {
    "MHATokenToKVPool": _FullChild,
    "MLATokenToKVPool": _FullChild,
    "SWAKVPool": _SlidingChild,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool_name = type(model_runner.token_to_kv_pool).__name__
        alloc_name = type(model_runner.token_to_kv_pool_allocator).__name__
        factory = _CHILD_BY_POOL.get(pool_name, _FullChild)
        self.child = factory(model_runner)
        self.attn_backend_list = [self.child]
        if alloc_name.startswith("SWA") and self.child.name != "sliding":
            logger.info("pool %s under %s: running full attention", pool_name, alloc_name)
        logger.debug("hybrid wrapper: %s child", self.child.name)

    def init_forward_metadata(self, forward_batch):
        for backend in self.attn_backend_list:
            init = getattr(backend, "init_forward_metadata", None)
            if init is not None:
                init(forward_batch)

    def forward_decode(self, loc):
        return self.child.forward_decode(loc)
