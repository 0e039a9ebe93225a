"""Hybrid-window attention backend with per-forward-mode metadata.

Each forward mode keeps its own metadata record; whether a mode reads the
sliding-window locations is looked up in a small table so that the target
verify and draft-extend paths can opt out independently later.
"""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    cache_loc: torch.Tensor
    swa_cache_loc: Optional[torch.Tensor] = None


@dataclass
class ExtendMetadata:
    cache_loc: torch.Tensor
    extend_prefix_lens: Optional[torch.Tensor] = None
    swa_cache_loc: Optional[torch.Tensor] = None


@dataclass
class TargetVerifyMetadata:
    cache_loc: torch.Tensor
    num_draft_tokens: int = 1
    swa_cache_loc: Optional[torch.Tensor] = None


@dataclass
class DraftExtendMetadata:
    cache_loc: torch.Tensor
    accept_lens: list = field(default_factory=list)
    swa_cache_loc: Optional[torch.Tensor] = None


# mode name -> (metadata class, does this mode read the window locations)
_MODE_TABLE = {
    "decode": (DecodeMetadata, True),
    "extend": (ExtendMetadata, True),
    "target_verify": (TargetVerifyMetadata, True),
    "draft_extend": (DraftExtendMetadata, True),
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # The hybrid allocator carries the full->SWA index table; its presence
        # tells us the model interleaves sliding-window layers.
        self.has_swa_layers = hasattr(allocator, "full_to_swa_index_mapping")
        self.forward_metadata = None
        self._mode_reads_swa = {
            mode: reads and self.has_swa_layers for mode, (_, reads) in _MODE_TABLE.items()
        }
        logger.debug("window modes: %s", self._mode_reads_swa)

    def _build_metadata(self, mode: str, loc: torch.Tensor):
        meta_cls, _ = _MODE_TABLE[mode]
        meta = meta_cls(cache_loc=loc)
        if self._mode_reads_swa[mode]:
            meta.swa_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return meta

    def init_forward_metadata(self, mode: str, loc: torch.Tensor):
        self.forward_metadata = self._build_metadata(mode, loc)
        return self.forward_metadata

    def forward_decode(self, loc):
        meta = self.init_forward_metadata("decode", loc)
        if meta.swa_cache_loc is not None:
            return self.token_to_kv_pool, meta.swa_cache_loc
        return self.token_to_kv_pool, meta.cache_loc
