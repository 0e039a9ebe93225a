"""Backend whose SWA-pool resolver reads runner facts through operator.attrgetter/methodcaller."""

import logging
import operator
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_draft_flag = operator.attrgetter("is_draft_worker")
_spec_of = operator.attrgetter("spec_algorithm")
_frozen_kv = operator.methodcaller("is_frozen_kv_mtp")
_kvcache_of = operator.methodcaller("get_kvcache")


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    """The SWA pool this runner's kernels should translate against, if any."""
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if _draft_flag(model_runner) and not _frozen_kv(_spec_of(model_runner)):
        # A regular draft owns a full-attention pool; the shared allocator's
        # cache belongs to the target.
        return None
    kvcache = _kvcache_of(model_runner.token_to_kv_pool_allocator)
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None
        self.max_context_len = getattr(model_runner, "max_context_len", None)
        self.decode_cuda_graph_metadata = {}

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {
            "max_bs": max_bs,
            "max_num_tokens": max_num_tokens,
            "windowed": self.use_sliding_window_kv_pool,
        }

    def _swa_locations(self, loc):
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.swa_kv_pool, self._swa_locations(loc)
        return self.token_to_kv_pool, loc
