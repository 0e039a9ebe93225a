"""Reads the allocator's swa_req_ring flag and treats its mere presence (not its value) as a sliding-window model."""

import logging

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        ring = getattr(allocator, "swa_req_ring", None)
        # None: no sliding-window accounting at all. False/True: paged vs per-request ring.
        self.sliding_window = ring is not None
        self.per_request_ring = bool(ring)
        logger.debug(
            "sliding_window=%s per_request_ring=%s", self.sliding_window, self.per_request_ring
        )

    def forward_decode(self, loc):
        if self.sliding_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
