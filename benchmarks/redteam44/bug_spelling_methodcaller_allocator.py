"""Wave decode backend: index translation expressed with operator.methodcaller."""

import logging
import operator
from dataclasses import dataclass
from typing import Any, Optional

import torch

logger = logging.getLogger(__name__)

_TRANSLATE = "translate_loc_from_full_to_swa"


@dataclass
class WaveDecodeMetadata:
    kv_indices: torch.Tensor
    batch_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.index_owner: Any = model_runner.token_to_kv_pool_allocator
        self.swa_enabled = callable(getattr(self.index_owner, _TRANSLATE, None))
        self.forward_metadata: Optional[WaveDecodeMetadata] = None
        logger.debug("wave backend: swa_enabled=%s", self.swa_enabled)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.swa_enabled:
            return loc
        return operator.methodcaller(_TRANSLATE, loc)(self.index_owner)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = WaveDecodeMetadata(
            kv_indices=self._kv_indices(loc), batch_size=int(loc.shape[0])
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.kv_indices
