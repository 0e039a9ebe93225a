"""Startup labelling for the hybrid decode backend.

An ordered list of (predicate, label) pairs tags the allocator in the startup
log line. The pool used at decode time is the runner's own
``token_to_kv_pool``.
"""

import logging
from typing import Callable, List, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

ALLOCATOR_LABELS: List[Tuple[Callable[[object], bool], str]] = [
    (lambda a: hasattr(a, "translate_loc_from_full_to_swa"), "hybrid-swa"),
    (lambda a: getattr(a, "page_size", 1) > 1, "paged"),
    (lambda a: True, "token"),
]


def allocator_label(allocator) -> str:
    return next(label for pred, label in ALLOCATOR_LABELS if pred(allocator))


class GeneratedAttnBackend:
    def __init__(self, model_runner, name: str = "hybrid_decode"):
        self.name = name
        pool = model_runner.token_to_kv_pool
        self.kv_pool = pool
        self.swa_kv_pool = pool if isinstance(pool, SWAKVPool) else None
        logger.info(
            "%s: allocator=%s pool=%s draft=%s",
            name,
            allocator_label(model_runner.token_to_kv_pool_allocator),
            type(pool).__name__,
            model_runner.is_draft_worker,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
