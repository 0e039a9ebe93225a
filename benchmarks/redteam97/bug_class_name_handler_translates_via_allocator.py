"""Index remappers keyed by allocator class name.

The pool read during decode is always the runner's own pool; the remapper
only decides how the step's out-cache locations are rewritten first.
"""

import logging
from typing import Callable, Dict

import torch

logger = logging.getLogger(__name__)


def _identity(allocator, loc: torch.Tensor) -> torch.Tensor:
    return loc


def _window_remap(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.translate_loc_from_full_to_swa(loc)


INDEX_REMAPPERS: Dict[str, Callable] = {
    "TokenToKVPoolAllocator": _identity,
    "PagedTokenToKVPoolAllocator": _identity,
    "SWATokenToKVPoolAllocator": _window_remap,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner, strict: bool = False):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        alloc_name = type(self.allocator).__name__
        if alloc_name not in INDEX_REMAPPERS and strict:
            raise KeyError(f"no remapper for {alloc_name}")
        self.remap = INDEX_REMAPPERS.get(alloc_name, _identity)
        self.remaps_indices = self.remap is not _identity
        logger.debug("remapper for %s: %s", alloc_name, self.remap.__name__)

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.remap(self.allocator, loc)
