"""Decode backend whose SWA pool lookup is a table of (fetch, gate) stages run as a pipeline."""

from __future__ import annotations

import logging
import operator
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    max_seq_len: int = 0


def _always(model_runner) -> bool:
    return True


def _reads_shared_kv(model_runner):
    return (
        operator.not_(model_runner.is_draft_worker) or model_runner.spec_algorithm.is_frozen_kv_mtp
    )


def _own(model_runner):
    return model_runner.token_to_kv_pool


def _shared(model_runner):
    return model_runner.token_to_kv_pool_allocator.get_kvcache()


_STAGES = ((_own, _always), (_shared, _reads_shared_kv))


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    candidates = (fetch(model_runner) for fetch, gate in _STAGES if gate(model_runner))
    windowed = filter(lambda pool: isinstance(pool, SWAKVPool), candidates)
    return next(windowed, None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens[:bs],
            max_seq_len=int(forward_batch.seq_lens[:bs].max().item()),
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
