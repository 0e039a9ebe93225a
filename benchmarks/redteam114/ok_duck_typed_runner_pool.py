"""Generic decode backend for STANDALONE and EAGLE draft models.

Hybrid capability is detected on the pool the backend reads, so the same code
serves full-attention drafts and hybrid SWA targets.
"""

import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, head_dim: Optional[int] = None):
        self.head_dim = head_dim
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self._to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]] = getattr(
            self.kv_pool, "translate_loc_from_full_to_swa", None
        )
        logger.debug(
            "%s: pool=%s hybrid=%s",
            "draft" if model_runner.is_draft_worker else "target",
            type(self.kv_pool).__name__,
            self.hybrid,
        )

    @property
    def hybrid(self) -> bool:
        return self._to_swa is not None

    def forward_decode(self, loc: torch.Tensor):
        indices = self._to_swa(loc) if self.hybrid else loc
        return self.kv_pool, indices
