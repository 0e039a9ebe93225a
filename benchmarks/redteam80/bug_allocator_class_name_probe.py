"""Aiter decode backend: SWA detection without importing the hybrid allocator.

Importing the hybrid allocator module pulls in platform-specific kernels, so the
check is done on the class name instead.
"""

import logging

import torch

logger = logging.getLogger(__name__)

_HYBRID_PREFIXES = ("SWA", "Hybrid")


def _is_hybrid_runner(obj) -> bool:
    name = type(obj.token_to_kv_pool_allocator).__name__
    return name.startswith(_HYBRID_PREFIXES)


def _decode_plan(obj):
    return {"pool": obj.token_to_kv_pool, "swa": _is_hybrid_runner(obj)}


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_mla: bool = False):
        self.use_mla = use_mla
        plan = _decode_plan(model_runner)
        self.pool = plan["pool"]
        self.swa = plan["swa"]
        logger.debug("aiter backend: pool=%s swa=%s", type(self.pool).__name__, self.swa)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
