"""Decode backend that sizes its SWA window from the allocator's swa_attn_allocator, probed in a context manager with try/except/else/finally."""

import contextlib
import logging
import time

logger = logging.getLogger(__name__)


@contextlib.contextmanager
def _probe_swa_allocator(allocator):
    started = time.perf_counter()
    try:
        swa_sub_allocator = allocator.swa_attn_allocator
    except AttributeError:
        yield None
    else:
        yield swa_sub_allocator
    finally:
        logger.debug("SWA allocator probe took %.3f ms", (time.perf_counter() - started) * 1e3)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        with _probe_swa_allocator(model_runner.token_to_kv_pool_allocator) as swa_sub:
            self.swa_window_tokens = swa_sub.size if swa_sub is not None else 0

    def forward_decode(self, loc):
        if self.swa_window_tokens:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
