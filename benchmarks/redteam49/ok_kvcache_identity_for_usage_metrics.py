"""Hybrid-aware backend exporting KV-usage gauges.

Draft workers share the allocator but not its cache, so the usage gauges are
only exported where ``pool is allocator.get_kvcache()``.  The window path is
chosen from a probe of the pool we read.
"""

import logging
from dataclasses import dataclass

logger = logging.getLogger(__name__)


@dataclass
class _Gauges:
    exported: bool
    full_total: int
    window_total: int
    decode_steps: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        shares = self.token_to_kv_pool is alloc.get_kvcache()
        self.gauges = _Gauges(
            exported=shares,
            full_total=int(getattr(alloc, "size_full", alloc.size)),
            window_total=int(getattr(alloc, "size_swa", 0) or 0),
        )
        self._swa_mapping = None
        if hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa"):
            self._swa_mapping = self.token_to_kv_pool.full_to_swa_index_mapping
        if not shares:
            logger.info("attention backend on a private pool; usage gauges off")

    def usage_snapshot(self) -> dict:
        if not self.gauges.exported:
            return {}
        return {
            "full_total": self.gauges.full_total,
            "window_total": self.gauges.window_total,
            "decode_steps": self.gauges.decode_steps,
        }

    def forward_extend(self, loc):
        pool, locations = self.forward_decode(loc)
        if self.gauges.exported:
            self.gauges.decode_steps -= 1  # extend is not a decode step
        return pool, locations

    def forward_decode(self, loc):
        if self.gauges.exported:
            self.gauges.decode_steps += 1
        if self._swa_mapping is None:
            return self.token_to_kv_pool, loc
        return self.token_to_kv_pool, self._swa_mapping[loc]
