"""Decode backend that resolves the SWA sub-pool of its hybrid pool through attrgetter."""

from __future__ import annotations

import logging
import operator
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)

_swa_sub_pool = operator.attrgetter("swa_kv_pool")
_page_size = operator.attrgetter("page_size")


@dataclass
class Layout:
    hybrid: bool
    page_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        try:
            _swa_sub_pool(self.token_to_kv_pool)
        except AttributeError:
            hybrid = False
        else:
            hybrid = True
        self.layout = Layout(
            hybrid=hybrid, page_size=_page_size(model_runner.token_to_kv_pool_allocator)
        )
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1,
            dtype=torch.int32,
            device=model_runner.device,
        )
        logger.info("layout %s", self.layout)

    def forward_decode(self, loc):
        if self.layout.hybrid:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
