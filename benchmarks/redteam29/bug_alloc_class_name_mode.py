"""Decode backend with a string layout mode chosen at construction time."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

LAYOUT_FULL = "full"
LAYOUT_HYBRID_SWA = "hybrid_swa"


@dataclass
class DecodeMetadata:
    layout: str
    loc: Optional[torch.Tensor] = None


def _layout_for(model_runner) -> str:
    allocator_name = model_runner.token_to_kv_pool_allocator.__class__.__name__
    if allocator_name.startswith("SWA"):
        return LAYOUT_HYBRID_SWA
    return LAYOUT_FULL


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.layout = _layout_for(model_runner)
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.info("attention layout: %s (page_size=%d)", self.layout, self.page_size)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = DecodeMetadata(layout=self.layout, loc=loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.layout == LAYOUT_HYBRID_SWA:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(md.loc)
            return self.token_to_kv_pool, swa_loc
        return self.token_to_kv_pool, md.loc
