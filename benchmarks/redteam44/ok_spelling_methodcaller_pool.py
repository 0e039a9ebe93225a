"""Wave decode backend: translation and free-space probes expressed with methodcaller."""

import logging
import operator
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_TRANSLATE = "translate_loc_from_full_to_swa"
_FREE = operator.methodcaller("available_size")


@dataclass
class WaveDecodeMetadata:
    kv_indices: torch.Tensor
    batch_size: int
    free_tokens: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_enabled = isinstance(self.kv_pool, SWAKVPool)
        self.forward_metadata: Optional[WaveDecodeMetadata] = None
        logger.debug(
            "wave backend: swa_enabled=%s free=%d", self.swa_enabled, _FREE(self.allocator)
        )

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if not self.swa_enabled:
            return loc
        return operator.methodcaller(_TRANSLATE, loc)(self.kv_pool)

    def init_forward_metadata(self, loc: torch.Tensor) -> None:
        self.forward_metadata = WaveDecodeMetadata(
            kv_indices=self._kv_indices(loc),
            batch_size=int(loc.shape[0]),
            free_tokens=_FREE(self.allocator),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.kv_indices
