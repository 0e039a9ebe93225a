"""Decode backend binding its pool's full-to-SWA translator EAFP-style; allocator gives page size."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner.token_to_kv_pool_allocator, "page_size", 1)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self._to_swa: Optional[Callable] = None
        try:
            translate = self.token_to_kv_pool.translate_loc_from_full_to_swa
        except AttributeError:
            logger.debug("%s has no SWA half", type(self.token_to_kv_pool).__name__)
        else:
            self._to_swa = translate
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        table = self.req_to_token[forward_batch.req_pool_indices[:bs]]
        self.forward_metadata = DecodeMetadata(
            page_table=table,
            swa_page_table=self._to_swa(table) if self._to_swa is not None else None,
        )

    def forward_decode(self, loc):
        if self._to_swa is not None:
            loc = self._to_swa(loc)
        return self.token_to_kv_pool, loc
