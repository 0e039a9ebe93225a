"""Reports the SWA/full token ratio from pool and allocator sizes for dashboards; a pool with size_swa and a translator decides windowing."""

import logging

logger = logging.getLogger(__name__)


def _ratio(num, den):
    return float(num) / den if den else 0.0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.window_tokens = getattr(self.pool, "size_swa", None)
        full_tokens = getattr(allocator, "size_full", None) or allocator.size
        if self.window_tokens is not None:
            logger.info(
                "swa_full_tokens_ratio (effective) = %.3f", _ratio(self.window_tokens, full_tokens)
            )
        self.is_windowed = self.window_tokens is not None and callable(
            getattr(self.pool, "translate_loc_from_full_to_swa", None)
        )

    def forward_decode(self, loc):
        if self.is_windowed:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
