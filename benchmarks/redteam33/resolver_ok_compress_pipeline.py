"""Decode backend resolving its SWA pool with an itertools.compress/map/filter pipeline."""

from __future__ import annotations

import itertools
import logging
import operator
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    page_table: Optional[torch.Tensor] = None
    window_left: int = -1


def _is_swa(pool) -> bool:
    return isinstance(pool, SWAKVPool)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    fetchers = (
        operator.attrgetter("token_to_kv_pool"),
        lambda mr: mr.token_to_kv_pool_allocator.get_kvcache(),
    )
    regular_draft = (
        model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    )
    selectors = (True, not regular_draft)
    pools = map(lambda fetch: fetch(model_runner), itertools.compress(fetchers, selectors))
    return next(filter(_is_swa, pools), None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        window = self.sliding_window_size if self.sliding_window_size is not None else -1
        self.forward_metadata = DecodeMetadata(
            page_table=self.req_to_token[forward_batch.req_pool_indices[:bs]],
            window_left=window,
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
