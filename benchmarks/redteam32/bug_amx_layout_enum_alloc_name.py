"""Intel AMX backend refactored to keep its KV layout as an enum member."""

import enum
import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = "full"
    HYBRID_SWA = "hybrid_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = (
            KVLayout.HYBRID_SWA if "SWA" in allocator.__class__.__name__ else KVLayout.FULL
        )
        self._kv_pool = (
            allocator.get_kvcache() if self.layout is KVLayout.HYBRID_SWA else self.token_to_kv_pool
        )
        self.decode_attention_fwd = None
        self._last_loc: Optional[torch.Tensor] = None
        logger.debug("AMX backend layout=%s", self.layout.value)

    def _decode_loc(self, loc: torch.Tensor) -> torch.Tensor:
        if self.layout is KVLayout.FULL:
            return loc
        return self._kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        self._last_loc = self._decode_loc(loc)
        return self._kv_pool, self._last_loc
