"""Decode backend: a module-level factory returns the SWA translator, wired by keyword."""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


def resolve_translator(*, kv_source, allocator=None) -> Optional[Translator]:
    """Return ``kv_source``'s full->SWA translator, or None on full-attention models."""
    translate = getattr(kv_source, "translate_loc_from_full_to_swa", None)
    if translate is None:
        return None
    if allocator is not None:
        logger.debug(
            "SWA translator from %s; allocator %s has %d swa slots",
            type(kv_source).__name__,
            type(allocator).__name__,
            getattr(allocator, "size_swa", 0),
        )
    return translate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.translate = resolve_translator(
            kv_source=model_runner.token_to_kv_pool_allocator,
            allocator=model_runner.token_to_kv_pool_allocator,
        )
        self.is_hybrid = isinstance(self.kv_pool, SWAKVPool) or self.translate is not None

    def init_cuda_graph_state(self, max_bs: int):
        self.cuda_graph_out_locs = torch.zeros((max_bs,), dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if self.translate is None:
            return loc
        return self.translate(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.init_forward_metadata(loc)
