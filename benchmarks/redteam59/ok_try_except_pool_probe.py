"""Decode backend that duck-types the KV pool for SWA translation.

Pools that implement ``translate_loc_from_full_to_swa`` are treated as hybrid
SWA pools; every other pool is indexed with full-pool locations.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

LocTranslator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self._translate: Optional[LocTranslator] = None
        try:
            self._translate = self.kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            logger.debug("%s has no SWA mapping", type(self.kv_pool).__name__)
        self.max_bs = model_runner.req_to_token_pool.size
        self.kv_indices_buf = torch.empty(self.max_bs, dtype=torch.int64, device=self.device)

    @contextlib.contextmanager
    def _capture_slice(self, n: int):
        view = self.kv_indices_buf[:n]
        yield view
        view.clamp_(min=-1)

    def forward_decode(self, loc: torch.Tensor):
        kv_loc = loc if self._translate is None else self._translate(loc)
        with self._capture_slice(kv_loc.numel()) as out:
            out.copy_(kv_loc)
        return self.kv_pool, out.clone()
