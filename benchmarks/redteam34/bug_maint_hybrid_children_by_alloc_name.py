"""Hybrid decode wrapper that routes to a full-attention or sliding-window child backend."""

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
        self._translate = model_runner.token_to_kv_pool_allocator.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        return self.kv_pool, self._translate(loc)


# Keyed by the allocator class the scheduler built for this model.
_CHILD_BY_ALLOCATOR: Dict[str, Callable] = {
    "TokenToKVPoolAllocator": _FullChild,
    "PagedTokenToKVPoolAllocator": _FullChild,
    "SWATokenToKVPoolAllocator": _SlidingChild,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        alloc_name = type(model_runner.token_to_kv_pool_allocator).__name__
        factory = _CHILD_BY_ALLOCATOR.get(alloc_name, _FullChild)
        self.child = factory(model_runner)
        self.attn_backend_list = [self.child]
        if model_runner.server_args.enable_deterministic_inference:
            logger.warning("deterministic inference: %s child has no split-kv", self.child.name)
        logger.info("hybrid wrapper picked %s child for %s", self.child.name, alloc_name)

    def init_forward_metadata(self, forward_batch):
        for backend in self.attn_backend_list:
            init = getattr(backend, "init_forward_metadata", None)
            if init is not None:
                init(forward_batch)

    def forward_decode(self, loc):
        return self.child.forward_decode(loc)
