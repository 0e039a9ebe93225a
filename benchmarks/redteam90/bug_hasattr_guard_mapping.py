"""FlashInfer-like decode wrapper with a feature probe for SWA index mapping.

The probe uses ``hasattr`` so that the backend imports cleanly on sglang
builds that predate the hybrid allocator.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_locs: torch.Tensor
    translated: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 256):
        self.max_bs = max_bs
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        # Feature probe: hybrid allocators carry the full->SWA mapping.
        self.has_swa = hasattr(allocator, "full_to_swa_index_mapping")
        if not self.has_swa:
            logger.debug("allocator %s has no SWA mapping", type(allocator).__name__)
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        if self.has_swa:
            locs = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            meta = DecodeMetadata(kv_locs=locs, translated=True)
        else:
            meta = DecodeMetadata(kv_locs=loc)
        self.forward_metadata = meta
        return meta

    def forward_decode(self, loc: torch.Tensor):
        meta = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, meta.kv_locs
