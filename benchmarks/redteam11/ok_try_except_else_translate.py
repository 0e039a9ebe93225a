"""Backend that probes its pool for SWA support with try/except/else/finally."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        try:
            translate = self.kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            self._translate = None
        else:
            self._translate = translate
        finally:
            logger.debug(
                "allocator %s (SWA mapping: %s)",
                type(alloc).__name__,
                hasattr(alloc, "full_to_swa_index_mapping"),
            )

    def forward_decode(self, loc):
        return self.kv_pool, loc if self._translate is None else self._translate(loc)
