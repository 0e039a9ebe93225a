"""Intel AMX (CPU) decode backend port for hybrid sliding-window models.

The AMX decode kernel consumes a flat index buffer per request; sliding-window layers need
their indices expressed in the SWA sub-pool.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    """CPU (Intel AMX) attention backend, decode path."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_head = model_runner.model_config.num_attention_heads
        self.v_head_dim = model_runner.model_config.v_head_dim
        self.max_context_len = model_runner.model_config.context_len
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.token_to_kv_pool, "translate_loc_from_full_to_swa", None
        )
        # Scratch buffer for the split-k decode reduction (num_kv_splits partial outputs).
        self.num_kv_splits = 8
        self.attn_logits = torch.empty(
            (1, self.num_head, self.num_kv_splits, self.v_head_dim + 1),
            dtype=torch.float32,
            device=self.device,
        )
        logger.debug("intel_amx: swa translate=%s", self._swa_translate is not None)

    def _decode_indices(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        indices = out_cache_loc.to(torch.int64).contiguous()
        if self._swa_translate is not None:
            indices = self._swa_translate(indices).to(torch.int64)
        return indices

    def _maybe_grow_logits(self, bs: int):
        if self.attn_logits.shape[0] < bs:
            self.attn_logits = self.attn_logits.new_empty(
                (bs, self.num_head, self.num_kv_splits, self.v_head_dim + 1)
            )

    def forward_decode(self, loc):
        self._maybe_grow_logits(loc.numel())
        return self.token_to_kv_pool, self._decode_indices(loc)
