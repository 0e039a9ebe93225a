"""Compact hybrid-SWA decode backend.

The pool resolution is a single conditional expression; each runner flag is
read with ``getattr`` so mocked runners in unit tests need not define it.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _reads_shared_cache(model_runner) -> bool:
    spec = getattr(model_runner, "spec_algorithm", None)
    frozen = bool(spec is not None and spec.is_frozen_kv_mtp())
    return frozen or not getattr(model_runner, "is_draft_worker", False)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return (
        own
        if isinstance(own := model_runner.token_to_kv_pool, SWAKVPool)
        else (
            shared
            if _reads_shared_cache(model_runner)
            and isinstance(
                shared := model_runner.token_to_kv_pool_allocator.get_kvcache(),
                SWAKVPool,
            )
            else None
        )
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.swa_pool = resolve_swa_pool(model_runner)
        self.full_pool = model_runner.token_to_kv_pool
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        if (swa := self.swa_pool) is None:
            return loc
        return swa.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        locations = self.init_forward_metadata(loc)
        return (self.swa_pool if self.swa_pool is not None else self.full_pool), locations
