"""Attention backend that resolves its location translator through ``operator.attrgetter``.

The translator is looked up lazily so that full-attention models never touch the SWA
mapping table.
"""

from __future__ import annotations

import logging
import operator
from typing import Any, Callable, Optional, Tuple

import torch

logger = logging.getLogger(__name__)

_TRANSLATOR = operator.attrgetter("translate_loc_from_full_to_swa")


class DecodeMetadata:
    __slots__ = ("cache_loc", "seq_lens")

    def __init__(self, cache_loc: torch.Tensor, seq_lens: Optional[torch.Tensor] = None):
        self.cache_loc = cache_loc
        self.seq_lens = seq_lens


class GeneratedAttnBackend:
    """Triton-style decode backend with optional sliding-window translation."""

    def __init__(self, model_runner, num_kv_splits: int = 8):
        self.num_kv_splits = num_kv_splits
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        try:
            self._translate: Optional[Callable[[torch.Tensor], torch.Tensor]] = _TRANSLATOR(
                allocator
            )
        except AttributeError:
            self._translate = None
        self.forward_metadata: Optional[DecodeMetadata] = None
        logger.info("decode backend ready (swa translation: %s)", self._translate is not None)

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        cache_loc = self._translate(loc) if self._translate is not None else loc
        self.forward_metadata = DecodeMetadata(cache_loc)
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor) -> Tuple[Any, torch.Tensor]:
        md = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, md.cache_loc
