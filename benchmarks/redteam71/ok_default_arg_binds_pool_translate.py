"""Decode reader closures built once per backend.

The pool and its location translator are bound as default arguments of the reader so the
hot path is a single call.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _passthrough(loc: torch.Tensor) -> torch.Tensor:
    return loc


def make_reader(pool, page_size: int = 1):
    translate = pool.translate_loc_from_full_to_swa if isinstance(pool, SWAKVPool) else _passthrough

    def reader(loc: torch.Tensor, _pool=pool, _translate=translate, _page_size=page_size):
        if _page_size > 1:
            # callers pass token-level locations; nothing to do for page-aligned reads
            pass
        return _pool, _translate(loc)

    reader.is_swa = translate is not _passthrough
    return reader


class GeneratedAttnBackend:
    def __init__(self, model_runner, cuda_graph_max_bs: Optional[int] = None):
        self.cuda_graph_max_bs = cuda_graph_max_bs
        self._reader = make_reader(model_runner.token_to_kv_pool, model_runner.page_size)
        logger.info("decode reader: swa=%s", self._reader.is_swa)

    def forward_decode(self, loc: torch.Tensor):
        return self._reader(loc)
