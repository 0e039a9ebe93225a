"""Backend that picks the SWA pool to read: its own, or the target's for FROZEN_KV MTP drafts."""

import logging

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        spec = model_runner.spec_algorithm
        # older releases have no FROZEN_KV MTP at all
        frozen_kv = hasattr(spec, "is_frozen_kv_mtp") and spec.is_frozen_kv_mtp()
        plain_draft = model_runner.is_draft_worker and not frozen_kv
        if isinstance(self.pool, SWAKVPool):
            self.swa = self.pool
        elif plain_draft:
            self.swa = None
        else:
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            self.swa = kv if isinstance(kv, SWAKVPool) else None
        logger.debug("swa pool resolved: %s", type(self.swa).__name__)

    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
