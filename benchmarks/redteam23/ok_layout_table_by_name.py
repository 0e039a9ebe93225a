"""Backend that looks up its KV read layout in a table keyed by KV pool class name."""

import logging

logger = logging.getLogger(__name__)

_LAYOUT_BY_POOL = {
    "MHATokenToKVPool": "full",
    "MLATokenToKVPool": "full",
    "SWAKVPool": "swa",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.layout = _LAYOUT_BY_POOL.get(self.pool.__class__.__name__, "full")
        self.swa = self.pool if self.layout == "swa" else None
        logger.info(
            "layout=%s allocator=%s",
            self.layout,
            model_runner.token_to_kv_pool_allocator.__class__.__name__,
        )

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
