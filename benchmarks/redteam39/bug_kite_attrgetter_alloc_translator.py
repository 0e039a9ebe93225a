"""Decode backend caching the allocator's full-to-SWA translator when one exists."""

from __future__ import annotations

import logging
import operator
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)

_get_translator = operator.attrgetter("translate_loc_from_full_to_swa")


@dataclass
class DecodeMetadata:
    max_seq_len: int = 0
    swa_out_cache_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._to_swa: Optional[Callable] = None
        try:
            self._to_swa = _get_translator(model_runner.token_to_kv_pool_allocator)
        except AttributeError:
            logger.debug("allocator has no SWA index space")
        self.metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        self.metadata.max_seq_len = int(forward_batch.seq_lens.max())
        if self._to_swa is not None:
            self.metadata.swa_out_cache_loc = self._to_swa(forward_batch.out_cache_loc)

    def forward_decode(self, loc):
        if self._to_swa is not None:
            loc = self._to_swa(loc)
        return self.token_to_kv_pool, loc
