"""Duck-typed decode backend.

Rather than importing the hybrid pool class, the backend probes the pool it
reads for ``translate_loc_from_full_to_swa``.
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
        self.allocator = model_runner.token_to_kv_pool_allocator

        self.has_swa = hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")
        if not self.has_swa and hasattr(self.allocator, "translate_loc_from_full_to_swa"):
            logger.debug("allocator is hybrid but the pool read here is full-only")
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
