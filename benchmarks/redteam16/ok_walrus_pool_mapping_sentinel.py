"""Decode backend that walrus-binds its own pool's full_to_swa_index_mapping against a sentinel and cross-checks it with the allocator's map."""

import logging

logger = logging.getLogger(__name__)

_ABSENT = object()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if (mapping := getattr(self.kv_pool, "full_to_swa_index_mapping", _ABSENT)) is not _ABSENT:
            self.use_swa = True
            if mapping is not getattr(allocator, "full_to_swa_index_mapping", mapping):
                logger.warning(
                    "SWA pool mapping is not the allocator's; was register_mapping skipped?"
                )
        else:
            self.use_swa = False

    def forward_decode(self, loc):
        if not self.use_swa:
            return self.kv_pool, loc
        return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
