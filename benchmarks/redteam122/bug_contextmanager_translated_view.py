"""Decode backend that scopes the per-step KV view with a context manager.

``_decode_kv_view`` prepares the buffer handle and the location tensor for one decode step
and tears the temporary state down afterwards, keeping ``forward_decode`` short.
"""

import contextlib
import logging
from dataclasses import dataclass
from typing import Iterator, Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


@dataclass
class DecodeKVView:
    pool: KVCache
    locations: torch.Tensor
    translated: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 160):
        self.model_runner = model_runner
        self.max_bs = max_bs
        self.req_to_token_pool = model_runner.req_to_token_pool
        self._current_view: Optional[DecodeKVView] = None

    @contextlib.contextmanager
    def _decode_kv_view(self, loc: torch.Tensor) -> Iterator[DecodeKVView]:
        pool = self.model_runner.token_to_kv_pool
        allocator = self.model_runner.token_to_kv_pool_allocator
        translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        if translate is not None:
            view = DecodeKVView(pool, translate(loc), translated=True)
        else:
            view = DecodeKVView(pool, loc)
        self._current_view = view
        try:
            yield view
        finally:
            self._current_view = None

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        with self._decode_kv_view(loc) as view:
            if view.translated:
                logger.debug("decode step uses translated SWA locations")
            return view.pool, view.locations
