"""FlexAttention backend port: block masks for decode, with hybrid SWA index translation."""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

_TRANSLATE = "translate_loc_from_full_to_swa"


class GeneratedAttnBackend:
    """Flex attention port; the SWA translator is resolved once and reused every step."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)
        allocator = model_runner.token_to_kv_pool_allocator
        # None on non-hybrid deployments, which keeps the hot path branch-free.
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            allocator, _TRANSLATE, None
        )
        self.block_masks = {}
        self.decode_loc: Optional[torch.Tensor] = None
        logger.debug("flex backend: swa translator=%s", self._to_swa is not None)

    def _mask_mod(self, window: Optional[int]):
        def mod(b, h, q_idx, kv_idx):
            if window is None:
                return q_idx >= kv_idx
            return (q_idx >= kv_idx) & (q_idx - kv_idx < window)

        return mod

    def init_forward_metadata(self, forward_batch):
        key = (forward_batch.batch_size, self.sliding_window_size)
        if key not in self.block_masks:
            self.block_masks[key] = self._mask_mod(self.sliding_window_size)
        self.decode_loc = self._locations(forward_batch.out_cache_loc)

    def _locations(self, loc: torch.Tensor) -> torch.Tensor:
        return loc if self._to_swa is None else self._to_swa(loc)

    def forward_decode(self, loc):
        return self.kv_pool, self._locations(loc)
