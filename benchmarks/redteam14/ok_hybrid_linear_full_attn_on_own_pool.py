"""Hybrid linear-attention backend whose full-attention child reads the runner's own pool; the allocator only feeds a sanity log."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _FullAttnBackend:
    """Softmax-attention child used for the non-linear layers."""

    def __init__(self, kv_pool, page_size):
        self.token_to_kv_pool = kv_pool
        self.page_size = page_size
        self.use_sliding_window_kv_pool = isinstance(kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc


class _LinearAttnBackend:
    """Placeholder for the mamba/GDN state backend (holds no KV)."""

    def __init__(self, model_runner):
        self.req_to_token_pool = model_runner.req_to_token_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        own_pool = model_runner.token_to_kv_pool
        if model_runner.token_to_kv_pool_allocator.get_kvcache() is not own_pool:
            logger.debug("full-attn child reads a pool the shared allocator does not back")
        self.full_attn_backend = _FullAttnBackend(own_pool, model_runner.page_size)
        self.linear_attn_backend = _LinearAttnBackend(model_runner)
        self.attn_backend_list = [self.full_attn_backend, self.linear_attn_backend]

    def forward_decode(self, loc):
        return self.full_attn_backend.forward_decode(loc)
