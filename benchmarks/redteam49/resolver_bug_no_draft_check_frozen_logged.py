"""Backend resolving which SWA pool its window layers read.

Resolution order: the runner's own pool when it is an SWAKVPool; otherwise the
cache the allocator manages, when that is hybrid.  FROZEN_KV MTP drafts read
the target's cache by design, which is logged for visibility.
"""

import logging
from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    if getattr(spec, "is_frozen_kv_mtp", lambda: False)():
        logger.info("FROZEN_KV MTP draft: reading the target's SWA cache")
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_pool(model_runner)
        self.window_size = getattr(model_runner, "sliding_window_size", None)
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))

    def _read_target(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_locs = [None] * max_bs
        self.graph_tokens = max_num_tokens

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, loc):
        return self._read_target(loc)

    def __repr__(self):
        return "%s(swa=%s, draft=%s)" % (
            type(self).__name__,
            self.swa_kv_pool is not None,
            self.is_draft,
        )

    def forward_decode(self, loc):
        pool, locations = self._read_target(loc)
        return pool, locations
