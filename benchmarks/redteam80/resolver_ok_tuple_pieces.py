"""SWA cache resolution for EAGLE / MTP draft backends.

The runner is split into a tuple of the pieces the resolver needs, so the same
resolver can be driven from the draft-extend backend, where only those pieces
are forwarded.
"""

import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

RunnerPieces = Tuple[object, object, bool, object]


def _pieces(runner) -> RunnerPieces:
    return (
        runner.token_to_kv_pool,
        runner.token_to_kv_pool_allocator,
        runner.is_draft_worker,
        runner.spec_algorithm,
    )


def _reads_shared_cache(is_draft: bool, algo) -> bool:
    return (not is_draft) or algo.is_frozen_kv_mtp()


def resolve_swa(src: RunnerPieces) -> Optional[SWAKVPool]:
    kv, alloc, is_draft, algo = src
    if isinstance(kv, SWAKVPool):
        return kv
    if not _reads_shared_cache(is_draft, algo):
        return None
    shared = alloc.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_draft_tokens: int = 4):
        self.num_draft_tokens = num_draft_tokens
        pieces = _pieces(model_runner)
        self.own_pool = pieces[0]
        self.swa_pool = resolve_swa(pieces)
        logger.debug("draft backend swa=%s", self.swa_pool is not None)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.own_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
