"""Decode backend that picks an enum KV layout from the class name of the runner's own pool."""

import enum
import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class KVLayout(enum.Enum):
    FULL = enum.auto()
    HYBRID_SWA = enum.auto()


# Matched by name so this backend imports without the hybrid pool module.
_HYBRID_POOL_NAMES = frozenset({"SWAKVPool"})


def layout_of(pool) -> KVLayout:
    for cls in type(pool).__mro__:
        if cls.__name__ in _HYBRID_POOL_NAMES:
            return KVLayout.HYBRID_SWA
    return KVLayout.FULL


@dataclass
class DecodeMetadata:
    layout: KVLayout
    loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator_name = type(model_runner.token_to_kv_pool_allocator).__name__
        self.layout = layout_of(self.token_to_kv_pool)
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.info("allocator %s, layout %s", allocator_name, self.layout.name)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.layout is KVLayout.HYBRID_SWA:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DecodeMetadata(self.layout, loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.loc
