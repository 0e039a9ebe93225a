"""Decode backend with a shared sliding-window support mixin used by several backends."""

import logging

import torch

logger = logging.getLogger(__name__)


class SlidingWindowSupportMixin:
    """Common SWA plumbing for the decode backends in this file."""

    _SWA_ALLOCATOR_MODULE_SUFFIX = ".allocator.swa"

    def _init_sliding_window(self, model_runner) -> None:
        allocator = model_runner.token_to_kv_pool_allocator
        module = type(allocator).__module__
        self.sliding_window_enabled = module.endswith(self._SWA_ALLOCATOR_MODULE_SUFFIX)
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)

    def _swa_locations(self, pool, loc: torch.Tensor) -> torch.Tensor:
        if not self.sliding_window_enabled:
            return loc
        return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SlidingWindowSupportMixin):
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self._init_sliding_window(model_runner)
        self.seq_lens_buf = torch.zeros(
            model_runner.max_running_requests, dtype=torch.int32, device=self.device
        )
        logger.debug(
            "sliding window enabled=%s size=%s",
            self.sliding_window_enabled,
            self.sliding_window_size,
        )

    def forward_decode(self, loc):
        return self.kv_pool, self._swa_locations(self.kv_pool, loc)
