"""Decode backend whose SWA index remap is gated by a decorator that probes the runner's allocator for a SWA sub-allocator."""

import functools
import logging

logger = logging.getLogger(__name__)


def _swa_only(method):
    """Run ``method`` on hybrid-SWA deployments only; elsewhere pass the KV indices through."""

    @functools.wraps(method)
    def wrapper(self, kv_indices):
        allocator = self.model_runner.token_to_kv_pool_allocator
        if getattr(allocator, "swa_attn_allocator", None) is None:
            return kv_indices
        return method(self, kv_indices)

    return wrapper


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.device = model_runner.device

    @_swa_only
    def _swa_page_table(self, kv_indices):
        # SWA layers live in their own (smaller) buffer: remap full-pool slots into it
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._swa_page_table(loc)
