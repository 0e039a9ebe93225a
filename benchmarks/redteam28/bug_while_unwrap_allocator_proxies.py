"""Backend that unwraps allocator proxies in a while loop before inspecting them."""

import logging

import torch

logger = logging.getLogger(__name__)

_WRAPPER_ATTRS = ("inner", "_allocator", "base_allocator")


def _unwrap(obj, max_depth: int = 8):
    depth = 0
    while depth < max_depth:
        nxt = next((getattr(obj, a) for a in _WRAPPER_ATTRS if hasattr(obj, a)), None)
        if nxt is None or nxt is obj:
            break
        obj = nxt
        depth += 1
    return obj


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = _unwrap(model_runner.token_to_kv_pool_allocator)
        self.page_size = getattr(allocator, "page_size", model_runner.page_size)
        # hybrid allocators keep one sub-allocator per attention type
        self.is_hybrid = hasattr(allocator, "full_attn_allocator") and hasattr(
            allocator, "swa_attn_allocator"
        )
        self.device = model_runner.device
        self.kv_last_page_len = torch.ones(
            model_runner.max_running_requests, dtype=torch.int32, device=self.device
        )
        logger.info("hybrid=%s page_size=%d", self.is_hybrid, self.page_size)

    def forward_decode(self, loc):
        if self.is_hybrid:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
